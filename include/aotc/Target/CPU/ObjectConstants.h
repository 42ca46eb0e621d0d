//===- ObjectConstants.h - weights written straight to the object -*- C++ -*-===//
//
// A graph's weights need no code generation: they are bytes in a read-only
// section. Taking them out of the module before translation to LLVM IR
// keeps LLVM from copying them (into a ConstantDataArray, then into the
// object's buffer): the object writer (RelocatableLink.h) copies them once,
// from the MLIR resource blob to the file.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_OBJECTCONSTANTS_H
#define AOTC_TARGET_CPU_OBJECTCONSTANTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace aotc::cpu {

/// A constant of the object that LLVM never sees: a symbol, its bytes (in
/// an MLIR resource blob, alive while the module is), its alignment, and
/// whether it goes to the large-data section `.lrodata` (what LLVM decides
/// for the medium and large code models from the size) or to `.rodata`.
struct ObjectConstant {
  std::string symbol;
  llvm::ArrayRef<uint8_t> bytes;
  uint64_t alignment = 1;
  bool large = false;
};

/// Turns every constant `llvm.mlir.global` of `module` whose initializer is
/// a resource blob into a hidden, dso_local external declaration of the same
/// type, and returns what it held. `largeData` says which ones LLVM would put
/// in `.lrodata`: those over `largeDataThreshold` bytes (medium or large code
/// model), or none (small).
std::vector<ObjectConstant> takeResourceConstants(mlir::ModuleOp module,
                                                  bool largeData,
                                                  uint64_t largeDataThreshold);

} // namespace aotc::cpu

#endif // AOTC_TARGET_CPU_OBJECTCONSTANTS_H
