//===- BufferPlacement.cpp - live ranges and offsets of temporaries -------===//
//
// Implements BufferPlacement.h: live ranges over the top-level ops of a
// block, followed through views, and greedy offset assignment (the method of
// TFLite's arena planner and of Pisarchyk & Lee, "Efficient Memory
// Management for Deep Neural Net Inference", 2020). Finding the smallest
// arena is NP-hard; a few greedy orders get the peak-live lower bound on
// every model aotc has been measured on (docs/memory-planning.md).
//
//===----------------------------------------------------------------------===//

#include "aotc/Transforms/BufferPlacement.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <map>
#include <optional>

using namespace mlir;

namespace aotc {

bool isBufferView(Operation *user, Value value) {
  auto view = dyn_cast<ViewLikeOpInterface>(user);
  return view && view.getViewSource() == value && user->getNumResults() > 0 &&
         llvm::all_of(user->getResultTypes(),
                      [](Type type) { return isa<MemRefType>(type); });
}

bool isPlainBufferAccess(Operation *user, Value value) {
  if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user) ||
      isa<LLVM::LLVMDialect>(user->getDialect()) ||
      isa<memref::ExtractAlignedPointerAsIndexOp,
          memref::ExtractStridedMetadataOp, UnrealizedConversionCastOp>(user))
    return false;
  for (Type type : user->getResultTypes())
    if (!type.isIntOrIndexOrFloat() && !isa<VectorType, ComplexType>(type))
      return false;
  // Storing the buffer itself somewhere would let it escape.
  if (auto store = dyn_cast<memref::StoreOp>(user))
    return store.getValueToStore() != value;
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::none_of(instances, [&](MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate, MemoryEffects::Free>(e.getEffect()) &&
           (!e.getValue() || e.getValue() == value);
  });
}

BlockLiveness::BlockLiveness(Block &body) : body(body) {
  for (Operation &op : body)
    index[&op] = numOps++;
}

unsigned BlockLiveness::getIndex(Operation *op) const {
  return index.lookup(body.findAncestorOpInBlock(*op));
}

std::string BlockLiveness::computeLiveRange(
    Value buffer, function_ref<bool(Operation *, Value)> isAccess,
    BufferLifetime &lifetime, SmallVectorImpl<Operation *> &deallocs) const {
  std::optional<unsigned> first, last;
  // It is live from the first top-level op that uses it or a view of it to
  // the last one: nothing can touch it before its first use, wherever the
  // buffer was allocated. A use inside a loop counts at the whole loop.
  SmallVector<Value> worklist = {buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<memref::DeallocOp>(user)) {
        if (value != buffer)
          return "a view of it is deallocated";
        deallocs.push_back(user);
        continue;
      }
      if (isBufferView(user, value)) {
        llvm::append_range(worklist, user->getResults());
      } else if (!isAccess(user, value)) {
        return ("escapes through '" + user->getName().getStringRef() + "'")
            .str();
      }
      unsigned at = getIndex(user);
      unsigned from =
          earliest.lookup_or(body.findAncestorOpInBlock(*user), at);
      first = std::min(first.value_or(from), from);
      last = std::max(last.value_or(at), at);
    }
  }
  unsigned defined = getIndex(buffer.getDefiningOp());
  lifetime.start = first.value_or(defined);
  lifetime.end = last.value_or(defined);
  return "";
}

namespace {

/// The buffers placed in `order`, each at the lowest (first fit) or the
/// tightest (best fit) aligned gap left by the buffers placed before it that
/// are live at the same time.
BufferPlacement placeGreedily(ArrayRef<BufferLifetime> buffers,
                              ArrayRef<unsigned> order, bool bestFit,
                              uint64_t alignment) {
  BufferPlacement placement;
  placement.offsets.assign(buffers.size(), 0);
  SmallVector<unsigned> placed;
  for (unsigned i : order) {
    const BufferLifetime &buffer = buffers[i];
    if (buffer.bytes == 0)
      continue; // takes no space: offset 0
    SmallVector<std::pair<uint64_t, uint64_t>> busy;
    for (unsigned j : placed)
      if (buffer.overlapsInTime(buffers[j]))
        busy.push_back(
            {placement.offsets[j], placement.offsets[j] + buffers[j].bytes});
    llvm::sort(busy);
    uint64_t candidate = 0;
    std::optional<uint64_t> chosen;
    uint64_t chosenGap = std::numeric_limits<uint64_t>::max();
    for (auto [begin, end] : busy) {
      if (begin >= candidate + buffer.bytes) {
        uint64_t gap = begin - candidate;
        if (!bestFit) {
          chosen = candidate;
          break;
        }
        if (gap < chosenGap) {
          chosenGap = gap;
          chosen = candidate;
        }
      }
      candidate = std::max(candidate, llvm::alignTo(end, alignment));
    }
    placement.offsets[i] = chosen ? *chosen : candidate;
    placed.push_back(i);
    placement.size =
        std::max(placement.size,
                 llvm::alignTo(placement.offsets[i] + buffer.bytes, alignment));
  }
  return placement;
}

} // namespace

BufferPlacement placeBuffers(ArrayRef<BufferLifetime> buffers,
                             uint64_t alignment) {
  auto bySize = llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
  llvm::stable_sort(bySize, [&](unsigned a, unsigned b) {
    if (buffers[a].bytes != buffers[b].bytes)
      return buffers[a].bytes > buffers[b].bytes;
    return buffers[a].start < buffers[b].start;
  });
  auto byStart = llvm::to_vector(llvm::seq<unsigned>(0, buffers.size()));
  llvm::stable_sort(byStart, [&](unsigned a, unsigned b) {
    if (buffers[a].start != buffers[b].start)
      return buffers[a].start < buffers[b].start;
    return buffers[a].bytes > buffers[b].bytes;
  });
  struct Strategy {
    ArrayRef<unsigned> order;
    bool bestFit;
  };
  // Largest first is the one that usually wins (large buffers are the hard
  // part; small ones fill the gaps they leave); earliest first wins on
  // chains where sizes grow along the graph.
  Strategy strategies[] = {{bySize, false}, {bySize, true}, {byStart, false}};
  std::optional<BufferPlacement> best;
  for (const Strategy &strategy : strategies) {
    BufferPlacement placement =
        placeGreedily(buffers, strategy.order, strategy.bestFit, alignment);
    if (!best || placement.size < best->size)
      best = std::move(placement);
  }
  return std::move(*best);
}

uint64_t computePeakLiveBytes(ArrayRef<BufferLifetime> buffers,
                              uint64_t alignment) {
  std::map<unsigned, int64_t> delta;
  for (const BufferLifetime &buffer : buffers) {
    delta[buffer.start] += llvm::alignTo(buffer.bytes, alignment);
    delta[buffer.end + 1] -= llvm::alignTo(buffer.bytes, alignment);
  }
  int64_t live = 0, peak = 0;
  for (auto [at, change] : delta) {
    live += change;
    peak = std::max(peak, live);
  }
  return peak;
}

} // namespace aotc
