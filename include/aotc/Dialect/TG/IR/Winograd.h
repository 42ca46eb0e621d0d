//===- Winograd.h - the matrices of Winograd's F(4x4, 3x3) --------*- C++ -*-===//
//
// One definition of the transform matrices that tg.winograd_input and
// tg.winograd_output compute with and that aotc-tg-winograd-convs
// transforms the weights by: the ops' lowering, the CPU kernels that emit
// them and the weight transform must agree to the last coefficient.
//
// F(4, 3)'s matrices by Toom-Cook over the points 0, 1, -1, 1/2, -2 and
// infinity: B^T (input), G (weights), A^T (output). Lavin and Gray's
// points 0, +-1, +-2 make smaller integer coefficients, but their float32
// rounding error was twice as large in a numpy model of 256-channel layers
// (over ReLU outputs; Barabasz et al. find the same ranking), which deep
// networks of stacked 3x3 layers accumulate.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_DIALECT_TG_IR_WINOGRAD_H
#define AOTC_DIALECT_TG_IR_WINOGRAD_H

#include <array>
#include <cstdint>

namespace aotc::tg::winograd {

/// Output block, input tile and kernel sizes of F(4x4, 3x3).
inline constexpr int64_t kBlock = 4, kTile = 6, kTaps = 3;

inline constexpr std::array<std::array<double, kTile>, kTile> kBT = {{
    {1, -1.5, -2, 1.5, 1, 0},
    {0, -1, 0.5, 2.5, 1, 0},
    {0, 1, -2.5, 0.5, 1, 0},
    {0, -2, -1, 2, 1, 0},
    {0, 0.5, -1, -0.5, 1, 0},
    {0, 1, -1.5, -2, 1.5, 1},
}};

inline constexpr std::array<std::array<double, kTaps>, kTile> kG = {{
    {1, 0, 0},
    {1.0 / 3, 1.0 / 3, 1.0 / 3},
    {-1.0 / 3, 1.0 / 3, -1.0 / 3},
    {-16.0 / 15, -8.0 / 15, -4.0 / 15},
    {1.0 / 15, -2.0 / 15, 4.0 / 15},
    {0, 0, 1},
}};

inline constexpr std::array<std::array<double, kTile>, kBlock> kAT = {{
    {1, 1, 1, 1, 1, 0},
    {0, 1, -1, 0.5, -2, 0},
    {0, 1, 1, 0.25, 4, 0},
    {0, 1, -1, 0.125, -8, 1},
}};

} // namespace aotc::tg::winograd

#endif // AOTC_DIALECT_TG_IR_WINOGRAD_H
