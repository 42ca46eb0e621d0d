//===- OutlineKernels.cpp - each kernel in a function of its own ----------===//
//
// Implements `aotc-cpu-outline-kernels`: the kernels of the entry point
// become non-inlined private functions NAME_kernel_N, so that a profiler
// attributes time to them. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "aotc/Analysis/KernelReport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace aotc {
#define GEN_PASS_DEF_OUTLINEKERNELSPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// A result-less `scf.if` holds kernels (the body that runs when the arena
/// could be allocated); it is not one.
bool isContainer(Operation *op) {
  return isa<scf::IfOp>(op) && op->getNumResults() == 0;
}

/// Loop nests, linalg ops and copies: the ops that touch tensor data.
bool isKernel(Operation *op) {
  if (isa<scf::IfOp>(op))
    return false;
  return op->getNumRegions() > 0 || isa<linalg::LinalgOp>(op) ||
         isa<memref::CopyOp>(op);
}

/// Values the outlined function recomputes instead of taking as arguments,
/// so that LLVM still sees them as constants.
bool isRematerializable(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         (def->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp, LLVM::AddressOfOp>(def));
}

/// Moves `kernel` into a new private function `name` placed before `parent`
/// and calls it in its place.
void outline(Operation *kernel, StringRef name, func::FuncOp parent,
             SymbolTable &symbols) {
  llvm::SetVector<Value> captured;
  for (Value operand : kernel->getOperands())
    captured.insert(operand);
  getUsedValuesDefinedAbove(kernel->getRegions(), captured);
  SmallVector<Value> arguments, constants;
  for (Value value : captured)
    (isRematerializable(value) ? constants : arguments).push_back(value);

  OpBuilder b(parent);
  auto type = b.getFunctionType(ValueRange(arguments).getTypes(),
                                kernel->getResultTypes());
  auto func = func::FuncOp::create(b, kernel->getLoc(), name, type);
  func.setPrivate();
  func->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("noinline")}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  IRMapping mapping;
  mapping.map(arguments, body->getArguments());
  for (Value value : constants)
    mapping.map(value, b.clone(*value.getDefiningOp())->getResult(0));
  Operation *clone = b.clone(*kernel, mapping);
  func::ReturnOp::create(b, kernel->getLoc(), clone->getResults());
  symbols.insert(func);

  b.setInsertionPoint(kernel);
  auto call = func::CallOp::create(b, kernel->getLoc(), func, arguments);
  kernel->replaceAllUsesWith(call.getResults());
  kernel->erase();
}

void collectKernels(Block &block, SmallVectorImpl<Operation *> &kernels) {
  for (Operation &op : block) {
    if (isContainer(&op)) {
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          collectKernels(nested, kernels);
    } else if (isKernel(&op)) {
      kernels.push_back(&op);
    }
  }
}

/// The kernels' numbers: their `aotc.kernel` rows, those after a row's
/// first kernel (untagged, or the same row again) suffixed _2, _3, ...;
/// without any row, their positions.
SmallVector<std::string> nameKernels(ArrayRef<Operation *> kernels) {
  SmallVector<std::string> names;
  bool tagged = llvm::any_of(kernels, [](Operation *kernel) {
    return kernel->hasAttr(aotc::kKernelNumberAttr);
  });
  int64_t row = 0;
  llvm::DenseMap<int64_t, int64_t> parts;
  for (auto [index, kernel] : llvm::enumerate(kernels)) {
    if (!tagged) {
      names.push_back(std::to_string(index + 1));
      continue;
    }
    if (auto number =
            kernel->getAttrOfType<IntegerAttr>(aotc::kKernelNumberAttr))
      row = number.getInt();
    int64_t part = ++parts[row];
    names.push_back(std::to_string(row) +
                    (part > 1 ? "_" + std::to_string(part) : ""));
  }
  return names;
}

struct OutlineKernelsPass final
    : aotc::impl::OutlineKernelsPassBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> entries;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        entries.push_back(func);
    for (func::FuncOp entry : entries) {
      StringRef prefix = entry.getName();
      prefix.consume_back("_run");
      SmallVector<Operation *> kernels;
      for (Block &block : entry.getBody())
        collectKernels(block, kernels);
      for (auto [kernel, name] : llvm::zip(kernels, nameKernels(kernels)))
        outline(kernel, (prefix + "_kernel_" + name).str(), entry, symbols);
    }
  }
};

} // namespace
