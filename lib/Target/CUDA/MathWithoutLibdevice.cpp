//===- MathWithoutLibdevice.cpp - kernel math without libdevice -----------===//
//
// Implements `aotc-cuda-math-without-libdevice`: after convert-gpu-to-nvvm,
// the libdevice calls of functions PTX has an instruction for become LLVM
// intrinsics, so a kernel that needs no other math loads without libdevice.
// Assumes the gpu.module is in the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAMATHWITHOUTLIBDEVICEPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Creates the LLVM intrinsic op `Op` on `operands`.
template <typename Op>
Value create(OpBuilder &b, Location loc, ValueRange operands) {
  return Op::create(b, loc, operands.front().getType(), operands);
}

/// 1 / sqrt(x), as libdevice's rsqrt rounds it (sqrt and division both
/// correctly rounded).
Value createRsqrt(OpBuilder &b, Location loc, ValueRange operands) {
  Value x = operands.front();
  Value one = LLVM::ConstantOp::create(b, loc, x.getType(),
                                       b.getFloatAttr(x.getType(), 1.0));
  return LLVM::FDivOp::create(b, loc, one, LLVM::SqrtOp::create(b, loc, x));
}

/// |x| of an integer; abs(INT_MIN) is INT_MIN, as in libdevice.
Value createIntAbs(OpBuilder &b, Location loc, ValueRange operands) {
  return LLVM::AbsOp::create(b, loc, operands.front().getType(),
                             operands.front(), /*is_int_min_poison=*/false);
}

using Builder = Value (*)(OpBuilder &, Location, ValueRange);

/// The libdevice functions (f32, then f64) with one PTX instruction.
const llvm::StringMap<Builder> &getIntrinsics() {
  static const llvm::StringMap<Builder> intrinsics = [] {
    llvm::StringMap<Builder> map;
    auto both = [&](StringRef name, Builder build) {
      map[("__nv_" + name + "f").str()] = build;
      map[("__nv_" + name).str()] = build;
    };
    both("fma", create<LLVM::FMAOp>);
    both("sqrt", create<LLVM::SqrtOp>);
    both("fabs", create<LLVM::FAbsOp>);
    both("floor", create<LLVM::FFloorOp>);
    both("ceil", create<LLVM::FCeilOp>);
    both("trunc", create<LLVM::FTruncOp>);
    both("rint", create<LLVM::RoundEvenOp>);
    both("round", create<LLVM::RoundOp>);
    both("copysign", create<LLVM::CopySignOp>);
    both("fmin", create<LLVM::MinNumOp>);
    both("fmax", create<LLVM::MaxNumOp>);
    both("fmod", create<LLVM::FRemOp>);
    both("rsqrt", createRsqrt);
    map["__nv_abs"] = createIntAbs;
    map["__nv_llabs"] = createIntAbs;
    return map;
  }();
  return intrinsics;
}

struct CUDAMathWithoutLibdevicePass final
    : aotc::impl::CUDAMathWithoutLibdevicePassBase<
          CUDAMathWithoutLibdevicePass> {
  void runOnOperation() override {
    const llvm::StringMap<Builder> &intrinsics = getIntrinsics();
    SmallVector<LLVM::CallOp> calls;
    getOperation().walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && intrinsics.contains(*callee) && call.getNumResults() == 1)
        calls.push_back(call);
    });
    for (LLVM::CallOp call : calls) {
      OpBuilder b(call);
      Value result = intrinsics.lookup(*call.getCallee())(
          b, call.getLoc(), call.getArgOperands());
      call.getResult().replaceAllUsesWith(result);
      call.erase();
      ++numReplaced;
    }
    for (auto function :
         llvm::make_early_inc_range(getOperation().getOps<LLVM::LLVMFuncOp>()))
      if (function.isExternal() && intrinsics.contains(function.getName()) &&
          SymbolTable::symbolKnownUseEmpty(function, getOperation()))
        function.erase();
  }
};

} // namespace
