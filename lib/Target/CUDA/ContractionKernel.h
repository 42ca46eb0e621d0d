//===- ContractionKernel.h - pieces of tiled contraction kernels -*- C++ -*-===//
//
// What aotc-cuda-tile-contractions' two kernel builders (SIMT and tensor
// core) share: recognizing a contraction linalg.generic on buffers as a
// batched GEMM over flattened loop groups, reading its operands and output
// through the original indexing maps, and copying tiles of an operand into
// workgroup memory cooperatively. Private to lib/Target/CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CUDA_CONTRACTIONKERNEL_H
#define AOTC_LIB_TARGET_CUDA_CONTRACTIONKERNEL_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace aotc {

/// An input of a contraction that is a padded temporary: an allocation
/// written only by a fill with a constant and by a copy of `source` into a
/// subview of it at static `offsets` (unit strides, `source`'s shape), and
/// otherwise only read. The kernel reads `source` instead: an element inside
/// the window at `index - offsets`, any other element `padValue`.
struct PaddedOperand {
  mlir::Value padded, source;
  mlir::SmallVector<int64_t> offsets, sizes;
  mlir::TypedAttr padValue;
  mlir::Operation *fill = nullptr, *copy = nullptr;
};

/// A linalg.generic seen as a batch of GEMMs C[b][m][n] (+)= A[b][m][k] *
/// B[b][k][n]: the parallel loops split into batch loops (read by both
/// inputs), M loops (read only by input `aOperand`) and N loops (read only
/// by input `bOperand`, which reads the output's innermost loop), the
/// reduction loops are K; each group is flattened in loop order, so the
/// flattened K index visits the reduction loops in the order the generic
/// does.
struct Contraction {
  mlir::linalg::GenericOp op;
  unsigned aOperand = 0, bOperand = 1;
  mlir::SmallVector<unsigned> batchDims, mDims, nDims, kDims;
  mlir::SmallVector<int64_t> loopSizes;
  int64_t batch = 1, m = 1, n = 1, k = 1;

  /// The map (b, m, n, k) -> indices of operand `operand` (an input, or the
  /// output as operand 2) through its indexing map.
  mlir::AffineMap operandMap(unsigned operand) const;
  /// The body's block argument and indexing-map position of the output.
  static constexpr unsigned kOutput = 2;

  /// An elementwise generic right before the contraction that writes its
  /// whole output without reading it (a zero fill, a bias broadcast): the
  /// kernel computes each output's initial value with its body instead of
  /// reading it. Null when there is none.
  mlir::linalg::GenericOp init;
  /// An elementwise generic right after the contraction that reads its
  /// output, a temporary nothing else uses, element for element (bias,
  /// relu, residual add, a cast): the kernel applies its body to each
  /// result and stores into its output instead. Null when there is none.
  mlir::linalg::GenericOp epilogue;
  /// Input `i`'s padded temporary, read through its source (when it is one).
  std::optional<PaddedOperand> padded[2];
};

/// `op` as a Contraction, or nullopt with the reason in `why`: two inputs
/// and one output on buffers, static loop ranges, at least one reduction
/// loop, the output read through a permutation of the parallel loops, every
/// parallel loop read by an input, the innermost output loop by exactly
/// one, a body without side effects or linalg.index.
std::optional<Contraction> matchContraction(mlir::linalg::GenericOp op,
                                            std::string &why);

/// Finds the generics `c` can absorb as its `init` and `epilogue`.
void findInitAndEpilogue(Contraction &c);

/// Finds the inputs of `c` that are padded temporaries its kernel can read
/// through their sources (PaddedOperand); call after findInitAndEpilogue.
void findPaddedOperands(Contraction &c);

/// The initial value of output element (b, m, n): the init generic's body
/// there, or the output's current value. `clampM` / `clampN` keep m and n
/// inside the output (a partial tile reads valid addresses).
mlir::Value loadInitial(mlir::OpBuilder &b, mlir::Location loc,
                        const Contraction &c, mlir::ValueRange bmn,
                        bool clampM, bool clampN);

/// Stores the final value of output element (b, m, n): through the
/// epilogue's body into its output, or into the contraction's output.
void storeResult(mlir::OpBuilder &b, mlir::Location loc, const Contraction &c,
                 mlir::Value value, mlir::ValueRange bmn);

/// Erases the contraction and the generics its kernel absorbed, the
/// contraction's output buffer when the epilogue was its last user, and a
/// padded temporary read through its source (with its fill and copy) when
/// nothing else reads it.
void eraseContraction(const Contraction &c);

/// Clones the body of `op` with its first block arguments bound to `args`
/// (the inputs' elements, then the output's, which may be left out when the
/// body does not read it) and returns the yielded value.
mlir::Value applyBody(mlir::OpBuilder &b, mlir::linalg::GenericOp op,
                      mlir::ValueRange args);

/// `min(v, bound - 1)` when `clamp`, else `v`: an index kept inside a
/// dimension of `bound` elements for the threads of a partial tile.
mlir::Value clampIndex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                       int64_t bound, bool clamp);

/// Loads element (b, m, n, k) of `operand` (an input, or Contraction::kOutput
/// for the output's current value).
mlir::Value loadOperand(mlir::OpBuilder &b, mlir::Location loc,
                        const Contraction &c, unsigned operand,
                        mlir::ValueRange bmnk);

/// A 1-D gpu.launch for `c` with `blocks` blocks of `threads` threads and
/// the given workgroup buffers, whose body holds only its terminator:
/// where the epilogue is, when there is one (what it reads may be defined
/// after the contraction; only ops that leave buffers alone are between
/// them), else where the contraction is.
mlir::gpu::LaunchOp createTiledLaunch(const Contraction &c, int64_t blocks,
                                      int64_t threads,
                                      mlir::TypeRange workgroupBuffers);

/// A memref type in workgroup (shared) memory.
mlir::MemRefType workgroupMemRef(mlir::ArrayRef<int64_t> shape,
                                 mlir::Type elementType);

/// How a block's threads copy one operand's tile into workgroup memory.
struct TileCopy {
  unsigned operand;     ///< the input, c.aOperand or c.bOperand
  int64_t rows;         ///< tile extent along M (for A) or N (for B)
  int64_t depth;        ///< tile extent along K
  int64_t extent;       ///< the problem's M or N
  bool kInnerInShared;  ///< the buffer is [rows][depth + pad], else [depth][rows + pad]
  bool zeroPastK = false; ///< K indices past the problem's K store zero
};

/// Copies the tile starting at (`row0`, `k0`) of `copy.operand` into
/// `shared`, each of the block's `threads` threads taking elements
/// `tid + i * threads`, consecutive threads on consecutive elements of the
/// operand's contiguous loop where the map shows one. Rows past `extent` and
/// K indices past the problem's K (only in a tile of `kValid` < depth) are
/// clamped to the last valid one: loaded, never used; or, for K with
/// `copy.zeroPastK`, replaced by zero.
void copyTileToShared(mlir::OpBuilder &b, mlir::Location loc,
                      const Contraction &c, const TileCopy &copy,
                      mlir::Value shared, mlir::Value tid, int64_t threads,
                      mlir::Value batch, mlir::Value row0, mlir::Value k0,
                      int64_t kValid);

/// Builds the tensor-core kernel of `c` in place of its generic when its
/// element types and body allow one (TensorCoreKernel.cpp): f16 operands,
/// or f32 ones when `tf32`; returns false and changes nothing otherwise.
bool tryTensorCoreKernel(const Contraction &c, bool tf32);

/// An index constant.
mlir::Value indexConstant(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CUDA_CONTRACTIONKERNEL_H
