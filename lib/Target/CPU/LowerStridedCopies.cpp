//===- LowerStridedCopies.cpp - strided memref.copy to linalg.copy --------===//
//
// Implements `aotc-cpu-lower-strided-copies`, so that no compiled graph calls
// the `memrefCopy` helper of MLIR's runner library.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace aotc {
#define GEN_PASS_DEF_LOWERSTRIDEDCOPIESPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// True when the LLVM lowering turns a copy of `type` into a memcpy.
bool isContiguous(Type type) {
  auto memref = cast<MemRefType>(type);
  return memref.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(memref);
}

struct LowerStridedCopiesPass final
    : aotc::impl::LowerStridedCopiesPassBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource().getType()) ||
          !isContiguous(copy.getTarget().getType()))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
      ++numCopiesLowered;
    }
  }
};

} // namespace
