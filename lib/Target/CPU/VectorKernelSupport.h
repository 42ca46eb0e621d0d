//===- VectorKernelSupport.h - shared by the vector kernel emitters -------===//
//
// Private to lib/Target/CPU: what VectorKernels.cpp (vectors across a
// parallel loop) and VectorReductions.cpp (vectors across a reduction loop)
// share.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_VECTORKERNELSUPPORT_H
#define AOTC_LIB_TARGET_CPU_VECTORKERNELSUPPORT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"

#include <optional>

namespace aotc::cpu {

/// The coefficient of dimension `dim` in `expr` when `expr` is linear in it
/// (other dimensions may appear in any way that does not involve `dim`).
std::optional<int64_t> linearCoefficient(mlir::AffineExpr expr, unsigned dim);

/// The step between the elements an operand reads along loop `dim`: 0 when
/// it does not depend on it, s when its innermost index is `s * dim + ...`
/// (no other index depends on `dim`) and its innermost stride is 1, and
/// nothing otherwise. With `lanes`, for a vector of that many lanes whose
/// first element is at a multiple of `lanes` along `dim`: a blocked layout's
/// `dim floordiv B` is the same for every lane and `dim mod B` is the
/// innermost index with step 1, when B is a multiple of `lanes`
/// (aotc-cpu-channel-blocked-weights).
std::optional<int64_t> stepAlong(mlir::AffineMap map, mlir::MemRefType type,
                                 unsigned dim, int64_t lanes = 0);

/// Whether a body op may be evaluated on vectors, garbage lanes included.
bool isVectorizableBodyOp(mlir::Operation &op);

/// Whether every op of `generic`'s body may be evaluated on vectors and the
/// values it uses from outside the body are scalars (splat once).
bool hasVectorizableBody(mlir::linalg::GenericOp generic);

/// Whether `op` fills `out` with zeros: a linalg.fill, or the generic
/// that linalg-generalize-named-ops makes of one (on buffers).
bool isZeroFill(mlir::Operation *op, mlir::Value out);

/// The zero fill of `out` before `generic` with nothing between that uses
/// `out`, if any.
mlir::Operation *getZeroFillBefore(mlir::linalg::GenericOp generic,
                                   mlir::Value out);

/// Builds the vector code of one kernel: `lanes`-wide vectors at `loc`.
class VectorBuilder {
public:
  VectorBuilder(mlir::Location loc, unsigned lanes) : loc(loc), lanes(lanes) {}

  /// A vector of `lanes` copies of `scalar`.
  mlir::Value splat(mlir::OpBuilder &b, mlir::Value scalar) const;
  /// The vector standing for `value`: its clone in `mapping`, or a splat of
  /// a scalar defined outside the body being cloned.
  mlir::Value vectorOf(mlir::OpBuilder &b, mlir::Value value,
                       mlir::IRMapping &mapping) const;
  /// Clones the elementwise body op `op` on vectors (constants splat).
  void cloneOnVectors(mlir::OpBuilder &b, mlir::Operation &op,
                      mlir::IRMapping &mapping) const;
  /// A constant mask of the first `active` lanes.
  mlir::Value mask(mlir::OpBuilder &b, int64_t active) const;
  /// `base + by`, folded.
  mlir::OpFoldResult offset(mlir::OpBuilder &b, mlir::OpFoldResult base,
                            int64_t by) const;
  /// The results of `map` at loop values `dims`, as index values.
  llvm::SmallVector<mlir::Value>
  apply(mlir::OpBuilder &b, mlir::AffineMap map,
        llvm::ArrayRef<mlir::OpFoldResult> dims) const;
  /// An scf.for from `lb` to `ub` by `step` carrying `init`; `build` makes
  /// one iteration and returns what it yields. Returns the loop's results.
  /// `parallel`: the iterations are independent (ParallelLoops.h).
  llvm::SmallVector<mlir::Value>
  forLoop(mlir::OpBuilder &b, int64_t lb, int64_t ub, int64_t step,
          mlir::ValueRange init,
          llvm::function_ref<llvm::SmallVector<mlir::Value>(
              mlir::OpBuilder &, mlir::Value, mlir::ValueRange)>
              build,
          bool parallel = false) const;

  mlir::Location loc;
  unsigned lanes;
};

/// Replaces nothing and returns false unless `generic` is a reduction whose
/// every result combines (add with reassociation, max, min) a value
/// computed from inputs that are contiguous along one of its reduction
/// loops; then emits it with vectors across that loop (partial results in
/// lanes, reduced horizontally once per output) and returns true. The
/// caller erases `generic`.
bool emitVectorReduction(mlir::linalg::GenericOp generic, unsigned vectorBits,
                         unsigned registers);

/// Replaces nothing and returns false unless `generic` is elementwise and
/// reads an input transposed (contiguous along another loop than the
/// output's); then emits it in `lanes` x `lanes` blocks transposed in
/// registers and returns true. The caller erases `generic`.
bool emitVectorTransposition(mlir::linalg::GenericOp generic,
                             unsigned vectorBits);

/// Replaces nothing and returns false unless `generic` is a resize by
/// constant index tables (nearest or linear: loads of one source at table
/// entries, no reduction) whose columns for each output vector lie within
/// two vectors of the source row; then emits it with each vector's columns
/// picked by constant shuffles and returns true. The caller erases
/// `generic`.
bool emitVectorResize(mlir::linalg::GenericOp generic, unsigned vectorBits);

} // namespace aotc::cpu

#endif // AOTC_LIB_TARGET_CPU_VECTORKERNELSUPPORT_H
