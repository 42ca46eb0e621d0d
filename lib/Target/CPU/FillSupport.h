//===- FillSupport.h - fills of buffers, as the CPU passes see them -*- C++ -*-===//
//
// Shared by aotc-cpu-vectorize-fills and aotc-cpu-fill-pad-borders.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_TARGET_CPU_FILLSUPPORT_H
#define AOTC_LIB_TARGET_CPU_FILLSUPPORT_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace aotc {

/// The value every element of `op`'s only output is set to, when `op` is a
/// fill: linalg.fill, or what bufferizing a tensor.pad leaves (a linalg.map
/// or generic without inputs whose body yields a value from outside); null
/// otherwise.
mlir::Value filledValue(mlir::linalg::LinalgOp op);

} // namespace aotc

#endif // AOTC_LIB_TARGET_CPU_FILLSUPPORT_H
