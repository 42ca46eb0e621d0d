//===- MapToGrid.cpp - every loop nest on device buffers as a gpu.launch --===//
//
// Implements `aotc-cuda-map-to-grid`. After convert-linalg-to-parallel-loops
// each kernel of the entry point is one top-level scf.parallel (or, for a
// full reduction, an scf.for nest). Each becomes a gpu.launch: parallel
// loops with constant bounds on a one-dimensional grid, one thread per
// iteration; anything else on one thread. Assumes a single-block function
// whose only device-memory accesses are top-level ops or ops of the graph's
// loops' bodies (true after bufferization: the host code is straight-line
// but for those loops, aotc/Analysis/GraphLoops.h).
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CUDA/Passes.h"
#include "aotc/Analysis/GraphLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace aotc {
#define GEN_PASS_DEF_CUDAMAPTOGRIDPASS
#include "aotc/Target/CUDA/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// True for ops that must stay on the host: the graph's loops (their bodies
/// are host blocks of their own), buffer descriptors (views),
/// allocations (aotc-cuda-lower-host places those in device memory), the
/// reads of the caller's host pointer arrays, and the return.
bool isHostOnly(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>() || aotc::isGraphControlFlow(op) ||
         isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
             memref::GetGlobalOp, UnrealizedConversionCastOp,
             ViewLikeOpInterface>(op) ||
         isa<LLVM::LLVMDialect>(op->getDialect());
}

/// True for top-level ops that may stay on the host: the host-only ones and
/// those that compute scalars without touching memory.
bool staysOnHost(Operation *op) {
  return isHostOnly(op) || isMemoryEffectFree(op);
}

/// The constant trip counts of `loop`'s dimensions, or nullopt when a bound
/// or step is not a constant (or a step is not positive).
std::optional<SmallVector<int64_t>> getTripCounts(scf::ParallelOp loop) {
  SmallVector<int64_t> counts;
  for (auto [lb, ub, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb);
    std::optional<int64_t> u = getConstantIntValue(ub);
    std::optional<int64_t> s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    counts.push_back(*u > *l ? llvm::divideCeil(*u - *l, *s) : 0);
  }
  return counts;
}

struct CUDAMapToGridPass final
    : aotc::impl::CUDAMapToGridPassBase<CUDAMapToGridPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitError("--target cuda expects straight-line host code (one "
                     "block) after bufferization");
      return signalPassFailure();
    }
    prefix = kernelPrefix.empty() ? func.getSymName().str()
                                  : kernelPrefix.getValue();
    kernelIndex = 0;
    // The function body, and the bodies of the graph's loops (host loops
    // over time steps whose body's kernels launch each step).
    for (Block *block : aotc::getHostBlocks(func))
      if (failed(mapBlock(*block)))
        return signalPassFailure();
  }

private:
  /// Turns the device ops of the host block `body` into kernels.
  LogicalResult mapBlock(Block &body) {
    // Device ops in order; an op whose results other ops use starts a group
    // that runs as one kernel together with every op up to the last user of
    // the group's values (a rank-0 linalg op lowers to loads, arithmetic
    // and a store without a loop).
    SmallVector<SmallVector<Operation *>> kernels;
    SmallVector<Operation *> group;
    auto usesGroup = [&](Operation *op) {
      return llvm::any_of(op->getOperands(), [&](Value v) {
        return v.getDefiningOp() &&
               llvm::is_contained(group, v.getDefiningOp());
      });
    };
    // Whether a value of the group is used outside it (by a top-level op
    // that is not a member, or inside one).
    auto escapes = [&]() {
      for (Operation *member : group)
        for (Operation *user : member->getUsers())
          if (!llvm::is_contained(group, body.findAncestorOpInBlock(*user)))
            return true;
      return false;
    };
    for (Operation &op : body) {
      // A kernel an earlier pass built (a reduction over a block, a tiled
      // contraction) is kept as it is, in the order of the others.
      if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
        if (!group.empty())
          break; // a kernel's values are used across it: reported below
        kernels.push_back({launch});
        continue;
      }
      bool device = !staysOnHost(&op);
      if (!group.empty()) {
        if (device || (!isHostOnly(&op) && usesGroup(&op)))
          group.push_back(&op);
        else if (usesGroup(&op))
          break; // a host op needs a kernel's value: reported below
        if (!escapes()) {
          kernels.push_back(std::move(group));
          group.clear();
        }
        continue;
      }
      if (!device)
        continue;
      group.push_back(&op);
      if (!escapes()) {
        kernels.push_back(std::move(group));
        group.clear();
      }
    }
    if (!group.empty()) {
      // The host cannot wait for a kernel's values.
      return group.front()->emitError()
             << "--target cuda does not support '"
             << group.front()->getName() << "' yet";
    }
    for (ArrayRef<Operation *> kernel : kernels) {
      if (auto launch = dyn_cast<gpu::LaunchOp>(kernel.front())) {
        nameKernel(launch);
        continue;
      }
      auto loop = dyn_cast<scf::ParallelOp>(kernel.front());
      std::optional<SmallVector<int64_t>> counts;
      if (kernel.size() == 1 && loop && loop.getNumResults() == 0)
        counts = getTripCounts(loop);
      if (counts)
        mapToGrid(loop, *counts);
      else
        runOnOneThread(kernel);
    }
    return success();
  }

  /// A gpu.launch before `op` with the given 1-D grid and block sizes, named
  /// for the next kernel, whose body holds just its terminator.
  gpu::LaunchOp createLaunch(Operation *op, int64_t blocks, int64_t threads) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value gridSize = constant(blocks);
    Value blockSize = constant(threads);
    Value one = constant(1);
    auto launch = gpu::LaunchOp::create(
        b, loc, gridSize, one, one, blockSize, one, one,
        /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
        /*asyncDependencies=*/{}, /*workgroupAttributions=*/{},
        /*privateAttributions=*/{}, /*clusterSizeX=*/nullptr,
        /*clusterSizeY=*/nullptr, /*clusterSizeZ=*/nullptr);
    nameKernel(launch);
    b.setInsertionPointToEnd(&launch.getBody().front());
    gpu::TerminatorOp::create(b, loc);
    return launch;
  }

  /// Names `launch` for the next kernel: `@<prefix>_kernels::@<prefix>_k<i>`.
  void nameKernel(gpu::LaunchOp launch) {
    MLIRContext *context = launch.getContext();
    launch.setModuleAttr(
        FlatSymbolRefAttr::get(context, prefix + "_kernels"));
    launch.setFunctionAttr(FlatSymbolRefAttr::get(
        context, prefix + "_k" + std::to_string(kernelIndex++)));
  }

  /// One thread per iteration of `loop`, in row-major order of its
  /// dimensions, on a 1-D grid of `blockSize`-thread blocks.
  void mapToGrid(scf::ParallelOp loop, ArrayRef<int64_t> counts) {
    int64_t total = 1;
    for (int64_t count : counts)
      total *= count;
    if (total == 0) {
      loop.erase();
      return;
    }
    int64_t threads = std::min<int64_t>(blockSize, total);
    int64_t blocks = llvm::divideCeil(total, threads);
    gpu::LaunchOp launch = createLaunch(loop, blocks, threads);
    Location loc = loop.getLoc();
    Block &body = launch.getBody().front();
    OpBuilder b(body.getTerminator());
    // Each constant once, at the top of the kernel.
    llvm::DenseMap<int64_t, Value> constants;
    auto constant = [&](int64_t v) -> Value {
      Value &c = constants[v];
      if (!c) {
        OpBuilder top = OpBuilder::atBlockBegin(&body);
        c = arith::ConstantIndexOp::create(top, loc, v);
      }
      return c;
    };
    Value id = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                              constant(threads)),
        launch.getThreadIds().x);
    // The last block may run past the loop's end.
    if (blocks * threads != total) {
      Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           id, constant(total));
      auto guard = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
      b.setInsertionPoint(guard.thenBlock()->getTerminator());
    }
    // Row-major delinearization: the innermost dimension varies fastest.
    IRMapping mapping;
    Value rest = id;
    for (int64_t d = counts.size() - 1; d >= 0; --d) {
      Value index = rest;
      if (d > 0) {
        index = arith::RemUIOp::create(b, loc, rest, constant(counts[d]));
        rest = arith::DivUIOp::create(b, loc, rest, constant(counts[d]));
      }
      int64_t lowerBound = *getConstantIntValue(loop.getLowerBound()[d]);
      int64_t step = *getConstantIntValue(loop.getStep()[d]);
      Value iv = index;
      if (step != 1)
        iv = arith::MulIOp::create(b, loc, iv, constant(step));
      if (lowerBound != 0)
        iv = arith::AddIOp::create(b, loc, iv, constant(lowerBound));
      mapping.map(loop.getInductionVars()[d], iv);
    }
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, mapping);
    loop.erase();
    sinkConstants(launch);
    ++numGridKernels;
  }

  /// `ops`, in order, on one thread of one block, where the last one was.
  void runOnOneThread(ArrayRef<Operation *> ops) {
    gpu::LaunchOp launch = createLaunch(ops.back(), 1, 1);
    for (Operation *op : ops)
      op->moveBefore(launch.getBody().front().getTerminator());
    sinkConstants(launch);
    ++numSingleThreadKernels;
  }

  /// Takes inside the kernel the views whose offset or strides are known
  /// only at run time (a graph loop's time step): kernel arguments are bare
  /// pointers, so the kernel receives the view's source (a static layout)
  /// and the offsets as scalars. Then clones the constants the kernel uses
  /// into it, so that they are not passed as kernel arguments.
  void sinkConstants(gpu::LaunchOp launch) {
    Region &body = launch.getBody();
    for (bool changed = true; changed;) {
      changed = false;
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(body, captured);
      for (Value value : captured) {
        auto type = dyn_cast<MemRefType>(value.getType());
        Operation *view = value.getDefiningOp();
        if (!type || !hasDynamicLayout(type) ||
            !isa_and_nonnull<ViewLikeOpInterface>(view))
          continue;
        OpBuilder b = OpBuilder::atBlockBegin(&body.front());
        replaceAllUsesInRegionWith(value, b.clone(*view)->getResult(0), body);
        changed = true;
      }
    }
    (void)sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
      return op->hasTrait<OpTrait::ConstantLike>();
    });
  }

  /// Whether `type`'s strided layout has an offset or a stride known only
  /// at run time.
  static bool hasDynamicLayout(MemRefType type) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return true;
    return ShapedType::isDynamic(offset) ||
           llvm::any_of(strides, ShapedType::isDynamic);
  }

  std::string prefix;
  unsigned kernelIndex = 0;
};

} // namespace
