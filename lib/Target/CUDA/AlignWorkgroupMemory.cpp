//===- AlignWorkgroupMemory.cpp - workgroup buffers aligned for vectors ---===//
//
// Implements `aotc-cuda-align-workgroup-memory`: a workgroup attribution of
// a gpu.func that vector.load or vector.store accesses gets `llvm.align`,
// the largest alignment those accesses declare, which convert-gpu-to-nvvm
// gives the buffer's `.shared` variable. Without it a buffer is only as
// aligned as its element type, and the 16-byte vector accesses of the tiled
// contraction kernels (aotc-cuda-tile-contractions) would need luck.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAALIGNWORKGROUPMEMORYPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// The alignment a vector access of `base` declares, or 0 for other ops.
int64_t vectorAlignment(Operation *user, Value base) {
  if (auto load = dyn_cast<vector::LoadOp>(user))
    return load.getBase() == base ? load.getAlignment().value_or(0) : 0;
  if (auto store = dyn_cast<vector::StoreOp>(user))
    return store.getBase() == base ? store.getAlignment().value_or(0) : 0;
  return 0;
}

struct CUDAAlignWorkgroupMemoryPass final
    : aotc::impl::CUDAAlignWorkgroupMemoryPassBase<
          CUDAAlignWorkgroupMemoryPass> {
  void runOnOperation() override {
    StringAttr name = StringAttr::get(&getContext(),
                                      LLVM::LLVMDialect::getAlignAttrName());
    getOperation().walk([&](gpu::GPUFuncOp func) {
      for (auto [i, buffer] :
           llvm::enumerate(func.getWorkgroupAttributions())) {
        int64_t needed = 0;
        for (Operation *user : buffer.getUsers())
          needed = std::max(needed, vectorAlignment(user, buffer));
        auto current = dyn_cast_or_null<IntegerAttr>(
            func.getWorkgroupAttributionAttr(i, name));
        if (needed == 0 || (current && current.getInt() >= needed))
          continue;
        func.setWorkgroupAttributionAttr(
            i, name, IntegerAttr::get(IntegerType::get(&getContext(), 64),
                                      needed));
        ++numAligned;
      }
    });
  }
};

} // namespace
