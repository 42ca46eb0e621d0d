//===- PlanMemory.cpp - static memory planning of temporaries -------------===//
//
// Implements `aotc-cpu-plan-memory`: every temporary buffer of the entry
// point gets a fixed, 64-byte-aligned offset in one scratch arena, chosen
// from the buffers' live ranges, and the arena is the caller's `temp`
// buffer (or one malloc per call when `temp` is NULL). Passes.td and
// docs/memory-planning.md say how and why.
//
// The steps, per function with an `aotc.arena` argument:
//   1. find the buffers that can be planned (analyzeAlloc) and their live
//      ranges over the top-level ops of the body (BlockLiveness);
//   2. place them (placeBuffers): greedy packing in a few orders, smallest
//      arena wins. Both steps are shared with the CUDA target's device
//      arena (aotc/Transforms/BufferPlacement.h);
//   3. rewrite (rewriteFunction): the arena at the top of the body, each
//      planned alloc a memref.view of it, malloc/free for temp == NULL.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "KernelEpilogue.h"
#include "VNNISupport.h"

#include "aotc/Transforms/BufferPlacement.h"
#include "aotc/Transforms/LinalgQueries.h"
#include "aotc/Transforms/ParallelLoops.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace aotc {
#define GEN_PASS_DEF_PLANMEMORYPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// Every offset, and the arena's base, is a multiple of this.
constexpr uint64_t kAlignment = 64;
/// The unit attribute on the `!llvm.ptr` argument that is the arena.
constexpr llvm::StringLiteral kArenaAttr = "aotc.arena";
/// The attribute numbering each planned buffer's view.
constexpr llvm::StringLiteral kBufferAttr = "aotc.buffer";
/// The module attribute that carries the arena's size to the driver.
constexpr llvm::StringLiteral kTempBytesAttr = "aotc.temp_bytes";

uint64_t alignUp(uint64_t bytes) { return llvm::alignTo(bytes, kAlignment); }

/// One buffer to place.
struct Buffer {
  Operation *alloc;
  MemRefType type;
  /// Its bytes and inclusive live range, in indices of the body's top-level
  /// ops.
  aotc::BufferLifetime live;
  /// The memref.dealloc ops of the buffer; erased once it is planned.
  SmallVector<Operation *> deallocs;
  uint64_t offset = 0;
};

/// The lifetimes of `buffers`, in order.
SmallVector<aotc::BufferLifetime> getLifetimes(ArrayRef<Buffer> buffers) {
  return llvm::map_to_vector(buffers,
                             [](const Buffer &buffer) { return buffer.live; });
}

/// Bytes of one element as the LLVM lowering stores it, for the element
/// types whose size is unambiguous.
std::optional<uint64_t> getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (!isa<IntegerType, FloatType>(type))
    return std::nullopt;
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits != 1 && bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return std::nullopt;
  return std::max(1u, bits / 8);
}

/// Ops whose regions run one after the other, never two instances at once:
/// a buffer allocated in them can take a fixed slot.
bool isSequentialRegionOp(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::ExecuteRegionOp,
             scf::IndexSwitchOp>(op);
}

/// Why `alloc` cannot be planned, or "" when it can; fills `buffer` then.
std::string analyzeAlloc(Operation *alloc, const aotc::BlockLiveness &liveness,
                         Buffer &buffer) {
  auto type = cast<MemRefType>(alloc->getResult(0).getType());
  if (!type.hasStaticShape() || alloc->getNumOperands() != 0)
    return "dynamic shape";
  if (!type.getLayout().isIdentity())
    return "non-identity layout";
  if (type.getMemorySpace())
    return "non-default memory space";
  std::optional<uint64_t> elementBytes = getElementBytes(type.getElementType());
  if (!elementBytes)
    return "element type of unsupported size";
  if (auto alignment = alloc->getAttrOfType<IntegerAttr>("alignment"))
    if (alignment.getValue().getZExtValue() > kAlignment)
      return "alignment above 64";
  Operation *function = alloc->getParentOfType<func::FuncOp>();
  for (Operation *parent = alloc->getParentOp(); parent != function;
       parent = parent->getParentOp())
    if (!isSequentialRegionOp(parent))
      return ("allocated inside '" + parent->getName().getStringRef() +
              "', whose iterations may overlap")
          .str();

  buffer.alloc = alloc;
  buffer.type = type;
  buffer.live.bytes =
      static_cast<uint64_t>(type.getNumElements()) * *elementBytes;
  buffer.deallocs.clear();
  // An alloc nested in a loop starts and ends at the loop.
  return liveness.computeLiveRange(alloc->getResult(0),
                                   aotc::isPlainBufferAccess, buffer.live,
                                   buffer.deallocs);
}

/// Views the caller's pointer `ptr` as a memref of `type`.
Value viewAsMemRef(OpBuilder &b, Location loc, Value ptr, MemRefType type) {
  LLVMTypeConverter converter(b.getContext());
  Value descriptor =
      MemRefDescriptor::fromStaticShape(b, loc, converter, type, ptr);
  return UnrealizedConversionCastOp::create(b, loc, type, descriptor)
      .getResult(0);
}

struct PlanMemoryPass final : aotc::impl::PlanMemoryPassBase<PlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<uint64_t> tempBytes;
    SmallVector<std::pair<func::FuncOp, unsigned>> functions;
    for (auto func : module.getOps<func::FuncOp>())
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        if (func.getArgAttr(i, kArenaAttr)) {
          functions.push_back({func, i});
          break;
        }
    for (auto [func, arenaArg] : functions) {
      FailureOr<uint64_t> bytes = planFunction(func, arenaArg);
      if (failed(bytes))
        return signalPassFailure();
      tempBytes = std::max(tempBytes.value_or(0), *bytes);
      // Consumed: the function is planned once.
      func.removeArgAttr(arenaArg, kArenaAttr);
    }
    if (!tempBytes)
      return;
    if (auto old = module->getAttrOfType<IntegerAttr>(kTempBytesAttr))
      tempBytes = std::max(*tempBytes, old.getValue().getZExtValue());
    module->setAttr(
        kTempBytesAttr,
        IntegerAttr::get(IntegerType::get(&getContext(), 64), *tempBytes));
  }

  /// Plans `func`'s buffers into the arena given as argument `arenaArg`;
  /// returns the arena's size.
  FailureOr<uint64_t> planFunction(func::FuncOp func, unsigned arenaArg) {
    if (!isa<LLVM::LLVMPointerType>(func.getArgument(arenaArg).getType()))
      return func.emitError() << "expected the '" << kArenaAttr
                              << "' argument to be an !llvm.ptr";
    if (func.isExternal())
      return 0;
    if (!func.getBody().hasOneBlock()) {
      func.emitRemark() << "not planned: the body has several blocks";
      return 0;
    }
    aotc::BlockLiveness liveness(func.getBody().front());
    // aotc-cpu-vnni-kernels and aotc-cpu-winograd-kernels may apply the
    // elementwise op after a VNNI contraction or a Winograd output
    // transform to its vectors of results: what that op reads and writes
    // is then accessed while the contraction runs, and must not share
    // bytes with the contraction's operands.
    auto takesEpilogue = [](linalg::GenericOp op) {
      auto which = op->getAttrOfType<StringAttr>(
          aotc::kWinogradTransformAttrName);
      return op->hasAttr(aotc::kVNNIAttrName) ||
             (which && which.getValue() == "output");
    };
    for (Operation &op : func.getBody().front())
      if (auto contraction = dyn_cast<linalg::GenericOp>(op);
          contraction && takesEpilogue(contraction))
        if (linalg::GenericOp epilogue =
                aotc::cpu::findKernelEpilogue(contraction))
          liveness.accessFrom(epilogue, contraction);

    SmallVector<Buffer> buffers;
    SmallVector<std::pair<Operation *, std::string>> left;
    func.walk([&](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op))
        return;
      Buffer buffer;
      std::string why = analyzeAlloc(op, liveness, buffer);
      if (why.empty())
        buffers.push_back(std::move(buffer));
      else
        left.push_back({op, why});
    });
    numLeft += left.size();
    if (buffers.empty()) {
      if (printPlan)
        printSummary(func, buffers, left, 0);
      return 0;
    }

    SmallVector<aotc::BufferLifetime> lifetimes = getLifetimes(buffers);
    aotc::BufferPlacement placement =
        aotc::placeBuffers(lifetimes, kAlignment);
    for (auto [buffer, offset] : llvm::zip(buffers, placement.offsets))
      buffer.offset = offset;
    uint64_t arena = placement.size;
    numPlanned += buffers.size();
    arenaBytes = std::max<uint64_t>(arenaBytes, arena);
    for (const Buffer &buffer : buffers)
      unsharedBytes += alignUp(buffer.live.bytes);
    peakLiveBytes = std::max<uint64_t>(
        peakLiveBytes, aotc::computePeakLiveBytes(lifetimes, kAlignment));
    if (printPlan)
      printSummary(func, buffers, left, arena);
    if (failed(rewriteFunction(func, arenaArg, buffers, arena)))
      return failure();
    return arena;
  }

  /// Builds the arena at the top of `func`, turns every planned alloc into a
  /// view of it and frees a malloc'd arena on the way out.
  LogicalResult rewriteFunction(func::FuncOp func, unsigned arenaArg,
                                MutableArrayRef<Buffer> buffers,
                                uint64_t arena) {
    MLIRContext *context = &getContext();
    Location loc = func.getLoc();
    Block &body = func.getBody().front();
    Operation *terminator = body.getTerminator();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i32 = IntegerType::get(context, 32);
    auto i64 = IntegerType::get(context, 64);
    Value temp = func.getArgument(arenaArg);
    OpBuilder b = OpBuilder::atBlockBegin(&body);

    // temp, or when it is NULL a malloc'd block aligned up to 64 bytes. An
    // arena of 0 bytes (only empty buffers) is never dereferenced: temp as
    // it is will do.
    Value base = temp, isNull, block, ok;
    LLVM::LLVMFuncOp freeFn;
    if (arena > 0) {
      auto module = func->getParentOfType<ModuleOp>();
      FailureOr<LLVM::LLVMFuncOp> mallocFn =
          LLVM::lookupOrCreateMallocFn(b, module, i64);
      FailureOr<LLVM::LLVMFuncOp> freeFnOr =
          LLVM::lookupOrCreateFreeFn(b, module);
      if (failed(mallocFn) || failed(freeFnOr))
        return failure();
      freeFn = *freeFnOr;
      Value null = LLVM::ZeroOp::create(b, loc, ptrType);
      isNull =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, temp, null);
      auto ifNull = scf::IfOp::create(b, loc, TypeRange{ptrType, ptrType},
                                      isNull, /*withElseRegion=*/true);
      OpBuilder tb = ifNull.getThenBodyBuilder();
      Value size =
          LLVM::ConstantOp::create(tb, loc, i64, arena + kAlignment - 1);
      Value raw = LLVM::CallOp::create(tb, loc, *mallocFn, ValueRange{size})
                      .getResult();
      // Aligned up with a GEP, not inttoptr, so LLVM keeps provenance.
      Value address = LLVM::PtrToIntOp::create(tb, loc, i64, raw);
      Value bump = LLVM::AddOp::create(
          tb, loc, address,
          LLVM::ConstantOp::create(tb, loc, i64, kAlignment - 1));
      Value rounded = LLVM::AndOp::create(
          tb, loc, bump,
          LLVM::ConstantOp::create(tb, loc, i64,
                                   -static_cast<int64_t>(kAlignment)));
      Value shift = LLVM::SubOp::create(tb, loc, rounded, address);
      Value aligned =
          LLVM::GEPOp::create(tb, loc, ptrType, IntegerType::get(context, 8),
                              raw, ArrayRef<LLVM::GEPArg>{shift});
      scf::YieldOp::create(tb, loc, ValueRange{raw, aligned});
      OpBuilder eb = ifNull.getElseBodyBuilder();
      scf::YieldOp::create(eb, loc, ValueRange{null, temp});
      block = ifNull.getResult(0);
      base = ifNull.getResult(1);
      // NAME_run returns an i32 status: a failed malloc skips the graph and
      // returns 1 (guarded below).
      if (isa<func::ReturnOp>(terminator) &&
          terminator->getNumOperands() == 1 &&
          terminator->getOperand(0).getType() == i32)
        ok = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, base, null);
    }
    auto arenaType =
        MemRefType::get({static_cast<int64_t>(arena)}, b.getI8Type());
    Value arenaMemRef = viewAsMemRef(b, loc, base, arenaType);
    Operation *lastSetup = arenaMemRef.getDefiningOp();

    for (auto [number, buffer] : llvm::enumerate(buffers)) {
      OpBuilder ab(buffer.alloc);
      Location allocLoc = buffer.alloc->getLoc();
      Value offset = arith::ConstantIndexOp::create(
          ab, allocLoc, static_cast<int64_t>(buffer.offset));
      Value view = memref::ViewOp::create(ab, allocLoc, buffer.type,
                                          arenaMemRef, offset, ValueRange{});
      if (buffer.alloc->getParentOfType<LoopLikeOpInterface>())
        view.getDefiningOp()->setAttr(aotc::kLoopScratchAttr,
                                      UnitAttr::get(context));
      // Numbered, so that CSE keeps the views of buffers that take turns
      // in the same place apart: each value is one buffer, and its users
      // are that buffer's (aotc-cpu-vnni-kernels relies on it).
      view.getDefiningOp()->setAttr(kBufferAttr,
                                    b.getI64IntegerAttr(number));
      buffer.alloc->getResult(0).replaceAllUsesWith(view);
      for (Operation *dealloc : buffer.deallocs)
        dealloc->erase();
      buffer.alloc->erase();
    }
    if (arena == 0)
      return success();

    if (ok) {
      // if (ok) { the original body; yield its status } else { yield 1 }
      OpBuilder rb(terminator);
      auto guarded = scf::IfOp::create(rb, loc, TypeRange{i32}, ok,
                                       /*withElseRegion=*/true);
      Block *then = &guarded.getThenRegion().front();
      then->getOperations().splice(then->end(), body.getOperations(),
                                   std::next(Block::iterator(lastSetup)),
                                   Block::iterator(guarded));
      OpBuilder tb = OpBuilder::atBlockEnd(then);
      scf::YieldOp::create(tb, loc, terminator->getOperand(0));
      OpBuilder eb = guarded.getElseBodyBuilder();
      scf::YieldOp::create(
          eb, loc, ValueRange{arith::ConstantIntOp::create(eb, loc, i32, 1)});
      terminator->setOperand(0, guarded.getResult(0));
    }

    // Free a malloc'd arena before returning.
    OpBuilder fb(terminator);
    auto ifNull = scf::IfOp::create(fb, loc, isNull, /*withElseRegion=*/false);
    OpBuilder tb = ifNull.getThenBodyBuilder();
    LLVM::CallOp::create(tb, loc, freeFn, ValueRange{block});
    return success();
  }

  void printSummary(func::FuncOp func, ArrayRef<Buffer> buffers,
                    ArrayRef<std::pair<Operation *, std::string>> left,
                    uint64_t arena) {
    llvm::raw_ostream &os = llvm::errs();
    uint64_t unshared = 0;
    for (const Buffer &buffer : buffers)
      unshared += alignUp(buffer.live.bytes);
    os << "plan-memory: @" << func.getSymName() << ": " << buffers.size()
       << " buffers planned, " << left.size() << " left to malloc; arena "
       << arena << " bytes, peak live "
       << aotc::computePeakLiveBytes(getLifetimes(buffers), kAlignment)
       << ", unshared " << unshared << "\n";
    SmallVector<const Buffer *> sorted;
    for (const Buffer &buffer : buffers)
      sorted.push_back(&buffer);
    llvm::stable_sort(sorted, [](const Buffer *a, const Buffer *b) {
      return a->live.start < b->live.start;
    });
    for (const Buffer *buffer : sorted) {
      os << "plan-memory:   offset " << buffer->offset << " bytes "
         << buffer->live.bytes << " live [" << buffer->live.start << ", "
         << buffer->live.end
         << "] " << buffer->type << " at " << buffer->alloc->getLoc() << "\n";
    }
    for (auto [op, why] : left)
      os << "plan-memory:   left " << op->getResult(0).getType() << " at "
         << op->getLoc() << ": " << why << "\n";
  }
};

} // namespace
