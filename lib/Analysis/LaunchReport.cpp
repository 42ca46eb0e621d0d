//===- LaunchReport.cpp - the kernel report of the CUDA target ------------===//
//
// Implements analyzeLaunches (KernelReport.h): one kernel per
// gpu.launch_func of the CUDA entry point after the pipeline's `kernels`
// stage, in launch order, so that the report lists exactly what the object
// launches, whichever pass built each kernel. Per launch, the counts come
// from the outlined gpu.func: its arithmetic per thread times the threads
// that run it, the buffers it reads and writes, and the graph ops its
// locations name. docs/report.md#the-cuda-target states the rules.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/KernelReport.h"

#include "aotc/Analysis/OpCounts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace aotc {
namespace {

/// The product of the three sizes, or nullopt when one is not a constant.
std::optional<uint64_t> getVolume(gpu::KernelDim3 dims) {
  std::optional<int64_t> x = getConstantIntValue(dims.x);
  std::optional<int64_t> y = getConstantIntValue(dims.y);
  std::optional<int64_t> z = getConstantIntValue(dims.z);
  if (!x || !y || !z)
    return std::nullopt;
  return static_cast<uint64_t>(*x * *y * *z);
}

/// Whether `value` is `block_id x * blockSize + thread_id x`: the linear
/// index of a thread on a one-dimensional grid.
bool isLinearThreadId(Value value, int64_t blockSize) {
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  auto isScaledBlockId = [&](Value v) {
    auto mul = v.getDefiningOp<arith::MulIOp>();
    if (!mul)
      return false;
    for (auto [id, size] : {std::pair(mul.getLhs(), mul.getRhs()),
                            std::pair(mul.getRhs(), mul.getLhs())}) {
      auto block = id.getDefiningOp<gpu::BlockIdOp>();
      if (block && block.getDimension() == gpu::Dimension::x &&
          getConstantIntValue(size) == blockSize)
        return true;
    }
    return false;
  };
  auto isThreadId = [](Value v) {
    auto thread = v.getDefiningOp<gpu::ThreadIdOp>();
    return thread && thread.getDimension() == gpu::Dimension::x;
  };
  return (isScaledBlockId(add.getLhs()) && isThreadId(add.getRhs())) ||
         (isScaledBlockId(add.getRhs()) && isThreadId(add.getLhs()));
}

/// For `scf.if (linear thread index < n) { ... }` (the guard of a grid
/// whose last block runs past the work), n; otherwise nullopt.
std::optional<uint64_t> getGuardBound(Operation &op, int64_t blockSize) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  if (!ifOp || !ifOp.getElseRegion().empty())
    return std::nullopt;
  auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::ult &&
               cmp.getPredicate() != arith::CmpIPredicate::slt))
    return std::nullopt;
  std::optional<int64_t> bound = getConstantIntValue(cmp.getRhs());
  if (!bound || *bound < 0 || !isLinearThreadId(cmp.getLhs(), blockSize))
    return std::nullopt;
  return static_cast<uint64_t>(*bound);
}

/// The counts of every thread of `launch` running `kernel`: the body once
/// per thread, except that the body of a guard on the linear thread index
/// runs on as many threads as the guard lets through.
OpCounts countLaunch(gpu::LaunchFuncOp launch, gpu::GPUFuncOp kernel,
                     bool &threadsKnown) {
  std::optional<uint64_t> blocks = getVolume(launch.getGridSizeOperandValues());
  std::optional<uint64_t> blockSize =
      getVolume(launch.getBlockSizeOperandValues());
  threadsKnown = blocks && blockSize;
  uint64_t threads = blocks.value_or(1) * blockSize.value_or(1);
  // The guard is recognized on one-dimensional grids and blocks.
  std::optional<int64_t> gridX =
      getConstantIntValue(launch.getGridSizeOperandValues().x);
  std::optional<int64_t> blockX =
      getConstantIntValue(launch.getBlockSizeOperandValues().x);
  bool oneDimensional = threadsKnown && gridX && blockX &&
                        static_cast<uint64_t>(*gridX) == *blocks &&
                        static_cast<uint64_t>(*blockX) == *blockSize;
  OpCounts counts;
  for (Block &block : kernel.getBody()) {
    for (Operation &op : block) {
      std::optional<uint64_t> bound;
      if (oneDimensional)
        bound = getGuardBound(op, *blockX);
      if (bound)
        counts += countBlock(cast<scf::IfOp>(op).getThenRegion().front())
                      .times(std::min(*bound, threads));
      else
        counts += countOp(op).times(threads);
    }
  }
  counts.approximate |= !threadsKnown;
  return counts;
}

/// The kernel argument `value` is, seen through views made inside the
/// kernel, or null.
BlockArgument getArgument(Value value, gpu::GPUFuncOp kernel) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return {};
    value = view.getViewSource();
  }
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || argument.getOwner() != &kernel.getBody().front())
    return {};
  return argument;
}

/// Sets the bytes `kernel` reads and writes: each buffer argument once,
/// whole, in the column of each kind of access the kernel makes to it.
void countLaunchBytes(gpu::LaunchFuncOp launch, gpu::GPUFuncOp kernel,
                      Kernel &row) {
  llvm::DenseSet<unsigned> read, written;
  kernel.walk([&](MemoryEffectOpInterface op) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    op.getEffects(effects);
    for (MemoryEffects::EffectInstance &effect : effects) {
      if (!effect.getValue())
        continue;
      BlockArgument argument = getArgument(effect.getValue(), kernel);
      if (!argument)
        continue;
      if (isa<MemoryEffects::Read>(effect.getEffect()))
        read.insert(argument.getArgNumber());
      else if (isa<MemoryEffects::Write>(effect.getEffect()))
        written.insert(argument.getArgNumber());
    }
  });
  for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
    uint64_t bytes = getTensorBytes(operand.getType());
    if (read.contains(index))
      row.bytesRead += bytes;
    if (written.contains(index))
      row.bytesWritten += bytes;
  }
}

/// The graph ops the launch computes: the launch's own location (the
/// kernel's root op, whose fused location lists producers first), then the
/// locations of the kernel's ops that compute or access memory, in order.
void collectLaunchOrigins(gpu::LaunchFuncOp launch, gpu::GPUFuncOp kernel,
                          Kernel &row) {
  collectOrigins(launch.getLoc(), row.origins);
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == kernel.getOperation() || op->hasTrait<OpTrait::ConstantLike>() ||
        op->hasTrait<OpTrait::IsTerminator>() ||
        isa<gpu::GPUDialect>(op->getDialect()))
      return;
    bool indexOnly =
        op->getNumResults() > 0 &&
        llvm::all_of(op->getResultTypes(), llvm::IsaPred<IndexType>);
    if (!indexOnly)
      collectOrigins(op->getLoc(), row.origins);
  });
  llvm::erase_if(row.origins,
                 [](const Origin &origin) { return origin.op == "constant"; });
}

Kernel analyzeLaunch(gpu::LaunchFuncOp launch) {
  Kernel row;
  row.op = launch;
  row.opNames.push_back(launch.getKernelName().str());
  std::optional<uint64_t> blocks = getVolume(launch.getGridSizeOperandValues());
  std::optional<uint64_t> blockSize =
      getVolume(launch.getBlockSizeOperandValues());
  row.iterations =
      (blocks ? std::to_string(*blocks) : std::string("?")) + "x" +
      (blockSize ? std::to_string(*blockSize) : std::string("?")) +
      " threads";
  auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      launch, launch.getKernel());
  if (!kernel || kernel.isExternal()) {
    // Not outlined here (a prebuilt binary): its work cannot be read.
    collectOrigins(launch.getLoc(), row.origins);
    row.approximate = true;
    return row;
  }
  bool threadsKnown = false;
  OpCounts counts = countLaunch(launch, kernel, threadsKnown);
  row.flops = counts.flops;
  row.intOps = counts.intOps;
  row.approximate = counts.approximate;
  countLaunchBytes(launch, kernel, row);
  collectLaunchOrigins(launch, kernel, row);
  if (row.flops + row.intOps > 0)
    row.kind = KernelKind::Compute;
  else
    row.kind = row.bytesRead == 0 ? KernelKind::Fill : KernelKind::Copy;
  return row;
}

} // namespace

FunctionReport analyzeLaunches(func::FuncOp entry) {
  FunctionReport report;
  report.function = entry.getSymName().str();
  llvm::DenseSet<Operation *> globals;
  entry.walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
      report.kernels.push_back(analyzeLaunch(launch));
      return;
    }
    auto get = dyn_cast<memref::GetGlobalOp>(op);
    if (!get)
      return;
    auto global =
        SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(op,
                                                               get.getNameAttr());
    if (!global || !global.getConstant() || !globals.insert(global).second)
      return;
    report.constantBytes += getTensorBytes(global.getType());
    ++report.numConstants;
  });
  return report;
}

} // namespace aotc
