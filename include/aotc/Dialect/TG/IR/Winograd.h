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

/// The float operations of `sum over i of row[i] * v[i]` as
/// aotc-cpu-winograd-kernels computes it: zeros skipped, a coefficient of
/// +-1 an add or subtract (or a negation first), the others a multiply-add
/// (a multiply first).
inline constexpr int64_t combineFlops(const std::array<double, kTile> &row) {
  int64_t flops = 0;
  bool first = true;
  for (double coefficient : row) {
    if (coefficient == 0)
      continue;
    bool unit = coefficient == 1 || coefficient == -1;
    flops += first ? (coefficient == 1 ? 0 : 1) : (unit ? 1 : 2);
    first = false;
  }
  return flops;
}

/// Per tile and channel, the float operations of the input transform: B^T d
/// (6 columns of each of 6 rows), then each row times B (6 elements).
inline constexpr int64_t inputTransformFlops() {
  int64_t perRow = 0;
  for (const auto &row : kBT)
    perRow += combineFlops(row);
  return 2 * kTile * perRow;
}

/// Per tile and channel, the float operations of the output transform:
/// A^T m (6 columns of each of 4 rows), then each row times A (4
/// elements).
inline constexpr int64_t outputTransformFlops() {
  int64_t perRow = 0;
  for (const auto &row : kAT)
    perRow += combineFlops(row);
  return (kTile + kBlock) * perRow;
}

} // namespace aotc::tg::winograd

#endif // AOTC_DIALECT_TG_IR_WINOGRAD_H
