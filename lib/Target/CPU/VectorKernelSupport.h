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

#include <optional>

namespace aotc::cpu {

/// The coefficient of dimension `dim` in `expr` when `expr` is linear in it
/// (other dimensions may appear in any way that does not involve `dim`).
std::optional<int64_t> linearCoefficient(mlir::AffineExpr expr, unsigned dim);

/// The step between the elements an operand reads along loop `dim`: 0 when
/// it does not depend on it, s when its innermost index is `s * dim + ...`
/// (no other index depends on `dim`) and its innermost stride is 1, and
/// nothing otherwise.
std::optional<int64_t> stepAlong(mlir::AffineMap map, mlir::MemRefType type,
                                 unsigned dim);

/// Whether a body op may be evaluated on vectors, garbage lanes included.
bool isVectorizableBodyOp(mlir::Operation &op);

/// Replaces nothing and returns false unless `generic` is a reduction whose
/// every result combines (add with reassociation, max, min) a value
/// computed from inputs that are contiguous along one of its reduction
/// loops; then emits it with vectors across that loop (partial results in
/// lanes, reduced horizontally once per output) and returns true. The
/// caller erases `generic`.
bool emitVectorReduction(mlir::linalg::GenericOp generic, unsigned vectorBits,
                         unsigned registers);

} // namespace aotc::cpu

#endif // AOTC_LIB_TARGET_CPU_VECTORKERNELSUPPORT_H
