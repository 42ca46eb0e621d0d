//===- KernelReport.cpp - what the compiler made of a graph ---------------===//
//
// Implements KernelReport.h: finds the kernels of a function in linalg on
// tensors, counts their FLOPs and compulsory bytes, and prints the table.
// Counting works on the structure alone (indexing maps, static shapes, loop
// bounds), so it needs no cost model and gives the same numbers on every
// machine. docs/report.md is the user's description of these rules; keep
// the two in step.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/KernelReport.h"

#include "aotc/Analysis/ConcatBuffers.h"
#include "aotc/Analysis/GraphLoops.h"
#include "aotc/Analysis/OpCounts.h"
#include "aotc/Analysis/PaddedBuffers.h"
#include "aotc/Dialect/TG/IR/Winograd.h"
#include "aotc/Transforms/LinalgQueries.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace aotc {

/// Whether `op` is a contraction whose body multiplies 8-bit integers
/// widened to a wider type.
static bool multipliesInt8(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0 || op->getNumRegions() != 1)
    return false;
  auto isWidenedInt8 = [](Value value) {
    Operation *def = value.getDefiningOp();
    return isa_and_nonnull<arith::ExtUIOp, arith::ExtSIOp>(def) &&
           def->getOperand(0).getType().isInteger(8);
  };
  bool found = false;
  op->walk([&](arith::MulIOp mul) {
    found |= isWidenedInt8(mul.getLhs()) && isWidenedInt8(mul.getRhs());
  });
  return found;
}

StringRef stringifyKernelKind(KernelKind kind) {
  switch (kind) {
  case KernelKind::Compute:
    return "compute";
  case KernelKind::Int8:
    return "int8";
  case KernelKind::Fill:
    return "fill";
  case KernelKind::Copy:
    return "copy";
  case KernelKind::Pad:
    return "pad";
  case KernelKind::Loops:
    return "loops";
  }
  llvm_unreachable("unknown kernel kind");
}

uint64_t getTensorBytes(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return 0;
  Type element = shaped.getElementType();
  uint64_t lanes = 1;
  if (auto complex = dyn_cast<ComplexType>(element)) {
    element = complex.getElementType();
    lanes = 2;
  }
  uint64_t elementBytes = 0;
  if (isa<IndexType>(element))
    elementBytes = 8;
  else if (element.isIntOrFloat())
    elementBytes = (element.getIntOrFloatBitWidth() + 7) / 8;
  return static_cast<uint64_t>(shaped.getNumElements()) * lanes * elementBytes;
}

std::optional<uint64_t> getPlannedTempBytes(ModuleOp module) {
  if (auto bytes = module->getAttrOfType<IntegerAttr>("aotc.temp_bytes"))
    return bytes.getValue().getZExtValue();
  return std::nullopt;
}

std::optional<std::vector<ParallelKernel>>
getParallelKernels(ModuleOp module) {
  auto records = module->getAttrOfType<ArrayAttr>("aotc.parallel_kernels");
  if (!records)
    return std::nullopt;
  std::vector<ParallelKernel> kernels;
  for (auto record : records.getAsRange<DictionaryAttr>()) {
    ParallelKernel kernel;
    if (auto task = record.getAs<StringAttr>("task"))
      kernel.task = task.str();
    if (auto tasks = record.getAs<IntegerAttr>("tasks"))
      kernel.tasks = tasks.getInt();
    if (auto calls = record.getAs<IntegerAttr>("calls"))
      kernel.calls = calls.getInt();
    if (auto loc = record.getAs<LocationAttr>("loc"))
      collectOrigins(loc, kernel.origins);
    llvm::erase_if(kernel.origins, [](const Origin &origin) {
      return origin.op == "constant";
    });
    kernels.push_back(std::move(kernel));
  }
  return kernels;
}

namespace {

/// The size of each loop of `op`'s iteration space. A dynamic size (a
/// partial tile) is bounded from above through ValueBoundsOpInterface and
/// flagged approximate; unbounded ones count 1.
SmallVector<int64_t> getLoopSizes(linalg::LinalgOp op, bool &approximate) {
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    if (!ShapedType::isDynamic(size))
      continue;
    approximate = true;
    size = 1;
    Value operand;
    unsigned operandDim;
    if (failed(op.mapIterationSpaceDimToOperandDim(dim, operand, operandDim)))
      continue;
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB,
        ValueBoundsConstraintSet::Variable(operand, operandDim),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (succeeded(bound) && *bound >= 0)
      size = *bound;
  }
  return sizes;
}

/// The counts of all iterations of one linalg op.
OpCounts countLinalgOp(linalg::LinalgOp op) {
  bool approximate = false;
  uint64_t iterations = 1;
  for (int64_t size : getLoopSizes(op, approximate))
    iterations *= size;
  OpCounts counts = countBlock(*op.getBlock()).times(iterations);
  counts.approximate |= approximate;
  return counts;
}

//===----------------------------------------------------------------------===//
// Counting bytes
//===----------------------------------------------------------------------===//

/// Whether `value` is a tensor.empty, possibly seen through views: its
/// contents are undefined, so nobody reads them.
bool isEmptyTensor(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<tensor::EmptyOp>(def))
      return true;
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
            tensor::ExtractSliceOp, tensor::CastOp, tensor::ReshapeOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    return false;
  }
  return false;
}

/// Whether the kernel does not read `use` although it is an operand: a
/// linalg destination its payload ignores, or the destination of a
/// tensor.insert_slice (written in place).
bool isWriteOnly(OpOperand &use) {
  Operation *owner = use.getOwner();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(owner))
    return linalgOp.isDpsInit(&use) &&
           !linalgOp.payloadUsesValueFromOperand(&use);
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(owner))
    return &use == &insert.getDestMutable();
  return false;
}

/// The bytes of the tensors `kernel` takes from outside: every tensor value
/// defined outside it that an op in it uses, each once, except tensor.empty,
/// destinations that are only written and the `absorbed` values (computed
/// as part of the kernel).
uint64_t countBytesRead(Operation *kernel,
                        const llvm::DenseSet<Value> &absorbed) {
  llvm::DenseSet<Value> seen;
  uint64_t bytes = 0;
  kernel->walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      Value value = use.get();
      if (!isa<RankedTensorType>(value.getType()))
        continue;
      if (kernel->isAncestor(value.getParentRegion()->getParentOp()))
        continue;
      if (isEmptyTensor(value) || isWriteOnly(use) || absorbed.contains(value))
        continue;
      if (seen.insert(value).second)
        bytes += getTensorBytes(value.getType());
    }
  });
  return bytes;
}

uint64_t countResultBytes(Operation *op) {
  uint64_t bytes = 0;
  for (Type type : op->getResultTypes())
    bytes += getTensorBytes(type);
  return bytes;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

std::string joinShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "1";
  return llvm::join(llvm::map_range(shape,
                                    [](int64_t size) {
                                      return ShapedType::isDynamic(size)
                                                 ? std::string("?")
                                                 : std::to_string(size);
                                    }),
                    "x");
}

/// `1x64x56x56 / 64x3x3`: the parallel loops, then the reduction loops.
std::string describeIterations(linalg::LinalgOp op) {
  SmallVector<int64_t> parallel, reduction;
  for (auto [size, type] :
       llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray()))
    (type == utils::IteratorType::reduction ? reduction : parallel)
        .push_back(size);
  std::string text = joinShape(parallel);
  if (!reduction.empty())
    text += " / " + joinShape(reduction);
  return text;
}

/// `8x4 tiles`: the trip counts of `loop` and of the loops perfectly nested
/// in it; `2000 steps` for a loop of the graph.
std::string describeLoopNest(LoopLikeOpInterface loop) {
  // A loop of the graph (a recurrence) runs its kernels once per step.
  if (aotc::isGraphLoop(loop)) {
    SmallVector<std::optional<uint64_t>> counts = getTripCounts(loop);
    std::optional<uint64_t> count =
        counts.empty() ? std::nullopt : counts.front();
    return (count ? std::to_string(*count) : std::string("?")) + " steps";
  }
  SmallVector<std::string> counts;
  while (loop) {
    for (std::optional<uint64_t> count : getTripCounts(loop))
      counts.push_back(count ? std::to_string(*count) : "?");
    LoopLikeOpInterface inner;
    Region &body = *loop.getLoopRegions().front();
    if (body.hasOneBlock()) {
      // Perfectly nested: the body holds one loop and the terminator.
      Block &block = body.front();
      if (std::next(block.begin()) != block.end() &&
          std::next(block.begin(), 2) == block.end())
        inner = dyn_cast<LoopLikeOpInterface>(&block.front());
    }
    loop = inner;
  }
  return llvm::join(counts, "x") + " tiles";
}

/// Whether a top-level tensor.insert_slice costs nothing: its source is the
/// only use of a result that a destination-style kernel computes into a
/// tensor.empty, which empty-tensor elimination (bufferize stage) replaces
/// by the slice, so the kernel writes straight into the destination.
bool isInsertedInPlace(tensor::InsertSliceOp insert) {
  auto result = dyn_cast<OpResult>(insert.getSource());
  if (!result || !result.hasOneUse())
    return false;
  auto producer = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
  return producer && !isa<tensor::InsertSliceOp>(producer) &&
         isEmptyTensor(producer.getTiedOpOperand(result)->get());
}

/// Whether top-level `op` does no work at run time.
bool isFree(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() ||
      isa<arith::ConstantOp, tensor::EmptyOp, tensor::ExpandShapeOp,
          tensor::CollapseShapeOp, tensor::ExtractSliceOp, tensor::CastOp,
          tensor::ReshapeOp>(op))
    return true;
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
    return isInsertedInPlace(insert) ||
           (isConcatPieceInPlace(insert) && !isConcatPieceFilled(insert));
  // Scalar code between kernels (index math, tensor.extract of one element).
  return op->getNumRegions() == 0 &&
         llvm::none_of(op->getResultTypes(), llvm::IsaPred<TensorType>);
}

/// Whether `op` only moves tiles, computes indices or initializes an
/// accumulator in a loop nest: the tiling pass gives such ops the location
/// of the group's root or of the contraction, so reading them first would
/// list those before the producers.
bool isPlumbing(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return isa<linalg::FillOp>(op) ||
           llvm::none_of(linalgOp.getDpsInputs(), [](Value input) {
             return isa<TensorType>(input.getType());
           });
  return isa<tensor::ExtractSliceOp, tensor::InsertSliceOp,
             tensor::ParallelInsertSliceOp, tensor::EmptyOp, arith::ConstantOp,
             LoopLikeOpInterface>(op) ||
         op->hasTrait<OpTrait::IsTerminator>() ||
         isa<affine::AffineDialect>(op->getDialect()) ||
         llvm::all_of(op->getResultTypes(), llvm::IsaPred<IndexType>);
}

/// The origins and op names of everything in `kernel`. The ops doing the
/// work come first, each op's own location (which fusion orders producers
/// first, see fuseOrigins) before the ops of its body; then everything
/// else. Constants and empty tensors are skipped, and so are the origins
/// naming tg.constant, which computes nothing: the kernel only reads it.
void collectKernelOrigins(Kernel &kernel) {
  kernel.op->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isPlumbing(op))
      collectOrigins(op->getLoc(), kernel.origins);
  });
  kernel.op->walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (isa<arith::ConstantOp, tensor::EmptyOp>(op))
      return;
    collectOrigins(op->getLoc(), kernel.origins);
    bool work = isa<linalg::LinalgOp, tensor::PadOp, tensor::ConcatOp>(op) ||
                (op == kernel.op && !isa<LoopLikeOpInterface>(op));
    std::string name = op->getName().getStringRef().str();
    if (work && !llvm::is_contained(kernel.opNames, name))
      kernel.opNames.push_back(name);
  });
  llvm::erase_if(kernel.origins,
                 [](const Origin &origin) { return origin.op == "constant"; });
}

/// Counts the work of the loop nest `kernel.op`: every linalg op inside, its
/// iteration space times the trip counts of the loops around it, plus the
/// scalar arithmetic in the loop bodies themselves.
OpCounts countLoopNest(Block &block) {
  OpCounts counts;
  for (Operation &op : block) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      counts += countLinalgOp(linalgOp);
      continue;
    }
    if (op.getNumRegions() == 0) {
      counts += countScalarOp(&op);
      continue;
    }
    // A pad's region only yields the padding value.
    if (isa<tensor::PadOp>(op))
      continue;
    OpCounts body;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      // Both branches of a data-dependent choice: an upper bound.
      body.approximate = true;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        body += countLoopNest(nested);
    if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
      bool approximate = false;
      body = body.times(getTotalTrips(loop, approximate));
      body.approximate |= approximate;
    } else if (!isa<scf::IfOp>(op) && !op.hasTrait<OpTrait::IsTerminator>()) {
      // scf.while and the like run their body an unknown number of times;
      // scf.forall's terminator only inserts the tiles.
      body.approximate = true;
    }
    counts += body;
  }
  return counts;
}

/// Whether returning `value` costs a copy into the caller's buffer: it is
/// an argument, a constant or a view (bufferization cannot compute those in
/// the output buffer), or it is returned a second time.
bool isCopiedOnReturn(Value value, bool returnedBefore) {
  if (returnedBefore)
    return true;
  Operation *def = value.getDefiningOp();
  return !def ||
         isa<arith::ConstantOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::ExtractSliceOp, tensor::CastOp, tensor::ReshapeOp>(def);
}

/// The copy of returned `value`, result `index`, into the caller's output
/// buffer.
Kernel analyzeReturnCopy(Operation *returnOp, Value value, unsigned index) {
  Kernel kernel;
  kernel.op = returnOp;
  kernel.kind = KernelKind::Copy;
  if (Operation *def = value.getDefiningOp()) {
    collectOrigins(def->getLoc(), kernel.origins);
    kernel.opNames.push_back(def->getName().getStringRef().str());
  } else {
    kernel.opNames.push_back(
        ("argument " + Twine(cast<BlockArgument>(value).getArgNumber())).str());
  }
  kernel.destination = ("output " + Twine(index)).str();
  if (auto type = dyn_cast<ShapedType>(value.getType()))
    kernel.iterations = joinShape(type.getShape());
  kernel.bytesRead = kernel.bytesWritten = getTensorBytes(value.getType());
  return kernel;
}

/// The float operations of a Winograd transform's kernel, which computes
/// the table sum of its definition separably (aotc-cpu-winograd-kernels),
/// or nothing for another op.
static std::optional<int64_t> countWinogradTransform(linalg::LinalgOp op) {
  auto which = op->getAttrOfType<StringAttr>(kWinogradTransformAttrName);
  if (!which || op.getNumLoops() != 8)
    return std::nullopt;
  SmallVector<int64_t> loops = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(loops))
    return std::nullopt;
  // Input loops (p, q, n, y, x, c, i, j), output (n, y, a, x, b, k, p, q).
  namespace wg = tg::winograd;
  if (which.getValue() == "input")
    return wg::inputTransformFlops() * loops[2] * loops[3] * loops[4] *
           loops[5];
  return wg::outputTransformFlops() * loops[0] * loops[1] * loops[3] *
         loops[5];
}

Kernel analyzeKernel(Operation *op, const llvm::DenseSet<Value> &absorbed) {
  Kernel kernel;
  kernel.op = op;
  collectKernelOrigins(kernel);
  kernel.bytesRead = countBytesRead(op, absorbed);
  kernel.bytesWritten = countResultBytes(op);
  OpCounts counts;

  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    counts = countLinalgOp(linalgOp);
    if (std::optional<int64_t> flops = countWinogradTransform(linalgOp))
      counts.flops = *flops;
    kernel.iterations = describeIterations(linalgOp);
    if (multipliesInt8(linalgOp))
      kernel.kind = KernelKind::Int8;
    else if (counts.flops + counts.intOps > 0)
      kernel.kind = KernelKind::Compute;
    else
      kernel.kind = kernel.bytesRead == 0 ? KernelKind::Fill : KernelKind::Copy;
  } else if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    kernel.kind = KernelKind::Pad;
    kernel.iterations = joinShape(pad.getResultType().getShape());
    // Its source's producer writes the interior (aotc-cpu-materialize-pads):
    // the pad only fills the border.
    if (isMaterializablePad(pad)) {
      kernel.bytesRead = 0;
      kernel.bytesWritten = getTensorBytes(pad.getResultType()) -
                            getTensorBytes(pad.getSourceType());
    }
  } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
    // Only the slice is written; the rest of the destination stays.
    kernel.kind = KernelKind::Copy;
    kernel.iterations = joinShape(insert.getSourceType().getShape());
    kernel.bytesWritten = getTensorBytes(insert.getSourceType());
    // A padding's zeros, filled in place (aotc-cpu-concat-in-place).
    if (isConcatPieceFilled(insert)) {
      kernel.kind = KernelKind::Fill;
      kernel.bytesRead = 0;
    }
  } else if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
    kernel.kind = KernelKind::Copy;
    kernel.iterations = joinShape(concat.getResultType().getShape());
  } else if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    kernel.kind = KernelKind::Loops;
    kernel.iterations = describeLoopNest(loop);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        counts += countLoopNest(block);
    bool approximate = false;
    counts = counts.times(getTotalTrips(loop, approximate));
    counts.approximate |= approximate;
  } else if (op->getNumRegions() > 0) {
    // scf.if, tensor.generate, ...: the work inside, once.
    kernel.kind = KernelKind::Loops;
    // A branch of the graph: both branches' work, of which one runs.
    if (aotc::isGraphIf(op))
      kernel.iterations = "one branch";
    for (Region &region : op->getRegions())
      for (Block &block : region)
        counts += countLoopNest(block);
    counts.approximate = true;
  } else {
    // An op on whole tensors (arith on tensors, ...): counted per element.
    counts = countScalarOp(op);
    kernel.kind = counts.flops + counts.intOps > 0 ? KernelKind::Compute
                                                   : KernelKind::Copy;
    if (!op->getResults().empty())
      if (auto type = dyn_cast<ShapedType>(op->getResult(0).getType()))
        kernel.iterations = joinShape(type.getShape());
  }
  kernel.flops = counts.flops;
  kernel.intOps = counts.intOps;
  kernel.approximate = counts.approximate;
  return kernel;
}

} // namespace

//===----------------------------------------------------------------------===//
// FunctionReport
//===----------------------------------------------------------------------===//

uint64_t FunctionReport::totalFlops() const {
  uint64_t total = 0;
  for (const Kernel &kernel : kernels)
    total += kernel.flops;
  return total;
}

uint64_t FunctionReport::totalIntOps() const {
  uint64_t total = 0;
  for (const Kernel &kernel : kernels)
    total += kernel.intOps;
  return total;
}

uint64_t FunctionReport::totalBytesRead() const {
  uint64_t total = 0;
  for (const Kernel &kernel : kernels)
    total += kernel.bytesRead;
  return total;
}

uint64_t FunctionReport::totalBytesWritten() const {
  uint64_t total = 0;
  for (const Kernel &kernel : kernels)
    total += kernel.bytesWritten;
  return total;
}

bool FunctionReport::anyApproximate() const {
  return llvm::any_of(kernels,
                      [](const Kernel &kernel) { return kernel.approximate; });
}

LogicalResult verifyKernelReportInput(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (op->getName().getDialectNamespace() == "tg") {
      op->emitError("expected linalg on tensors (the IR after the fusion "
                    "stage), found '")
          << op->getName() << "'; lower it with --aotc-cpu-tg-to-linalg first";
      return WalkResult::interrupt();
    }
    auto isBuffer = llvm::IsaPred<BaseMemRefType>;
    if (llvm::any_of(op->getOperandTypes(), isBuffer) ||
        llvm::any_of(op->getResultTypes(), isBuffer)) {
      op->emitError("expected linalg on tensors (the IR after the fusion "
                    "stage), found '")
          << op->getName()
          << "' on buffers; the report reads the IR before bufferization";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Marks the uint8 x int8 contractions of the CPU target's VNNI passes
/// (lib/Target/CPU/VNNISupport.h), whose kernels start from zeros in
/// registers: the zero fill of their accumulator is never run.
static constexpr llvm::StringLiteral kVNNIContractionAttr = "aotc.vnni";

/// The kernel that `fill` initializes the accumulator of, when that costs
/// nothing of its own, or null: a one-element accumulator (a full
/// reduction to a scalar has no parallel loop to tile its fill into: one
/// store), a VNNI contraction's or a Winograd transform's. The fill is
/// counted with the kernel.
static Operation *getAccumulatorOwner(const Kernel &fill) {
  Operation *op = fill.op;
  if (fill.kind != KernelKind::Fill || op->getNumResults() != 1)
    return nullptr;
  Value result = op->getResult(0);
  auto type = dyn_cast<ShapedType>(result.getType());
  if (!type || !type.hasStaticShape() || result.use_empty())
    return nullptr;
  // Every use initializes a kernel of the block (VNNI contractions may
  // share one fill, which bufferization copies per contraction); the first
  // of them takes it.
  Operation *first = nullptr;
  for (OpOperand &use : result.getUses()) {
    auto owner = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
    if (!owner || !owner.isDpsInit(&use) ||
        owner->getBlock() != op->getBlock() || isFree(owner))
      return nullptr;
    if (!first || owner->isBeforeInBlock(first))
      first = owner;
  }
  // (A Winograd transform's kernel writes every element: no fill at all.)
  bool vnni = llvm::all_of(result.getUsers(), [](Operation *user) {
    return user->hasAttr(kVNNIContractionAttr) ||
           user->hasAttr(kWinogradTransformAttrName);
  });
  if (!vnni && (type.getNumElements() != 1 || !result.hasOneUse()))
    return nullptr;
  return first;
}

/// The choices aotc-tg-winograd-convs recorded on `func`.
static std::vector<WinogradChoice> readWinogradChoices(func::FuncOp func) {
  std::vector<WinogradChoice> choices;
  auto records = func->getAttrOfType<ArrayAttr>("aotc.winograd");
  if (!records)
    return choices;
  for (auto record : records.getAsRange<DictionaryAttr>()) {
    auto loc = record.getAs<LocationAttr>("loc");
    auto channels = record.getAs<DenseI64ArrayAttr>("channels");
    auto outputs = record.getAs<DenseI64ArrayAttr>("outputs");
    auto direct = record.getAs<FloatAttr>("direct");
    auto winograd = record.getAs<FloatAttr>("winograd");
    auto chosen = record.getAs<BoolAttr>("chosen");
    if (!loc || !channels || channels.size() != 2 || !outputs || !direct ||
        !winograd || !chosen)
      continue;
    WinogradChoice choice;
    SmallVector<Origin> origins;
    collectOrigins(Location(loc), origins);
    for (const Origin &origin : origins)
      if (!origin.node.empty()) {
        choice.node = origin.node;
        break;
      }
    choice.inChannels = channels[0];
    choice.outChannels = channels[1];
    choice.outputs = llvm::join(
        llvm::map_range(outputs.asArrayRef(),
                        [](int64_t size) { return std::to_string(size); }),
        "x");
    if (auto dilations = record.getAs<DenseI64ArrayAttr>("dilations");
        dilations && dilations.size() == 2)
      choice.dilation = dilations[0] == dilations[1]
                            ? std::to_string(dilations[0])
                            : llvm::formatv("{0}x{1}", dilations[0],
                                            dilations[1])
                                  .str();
    choice.directCost = direct.getValueAsDouble();
    choice.winogradCost = winograd.getValueAsDouble();
    choice.chosen = chosen.getValue();
    choices.push_back(std::move(choice));
  }
  return choices;
}

FunctionReport analyzeKernels(func::FuncOp func) {
  FunctionReport report;
  report.function = func.getSymName().str();
  report.winograd = readWinogradChoices(func);
  if (func.isExternal())
    return report;
  // Accumulator fills waiting for the kernel they belong to.
  llvm::DenseMap<Operation *, Kernel> fills;
  llvm::DenseSet<Value> absorbed;
  for (Operation &op : func.getBody().front()) {
    if (!isFree(&op)) {
      Kernel kernel = analyzeKernel(&op, absorbed);
      if (Operation *owner = getAccumulatorOwner(kernel)) {
        absorbed.insert(op.getResult(0));
        fills[owner] = std::move(kernel);
        continue;
      }
      if (auto fill = fills.find(&op); fill != fills.end()) {
        for (const Origin &origin : fill->second.origins)
          if (!llvm::is_contained(kernel.origins, origin))
            kernel.origins.push_back(origin);
        for (const std::string &name : fill->second.opNames)
          if (!llvm::is_contained(kernel.opNames, name))
            kernel.opNames.insert(kernel.opNames.begin(), name);
      }
      report.kernels.push_back(std::move(kernel));
      continue;
    }
    if (!isa<func::ReturnOp>(op))
      continue;
    llvm::SmallPtrSet<Value, 4> returned;
    for (auto [index, value] : llvm::enumerate(op.getOperands()))
      if (isa<TensorType>(value.getType()) &&
          isCopiedOnReturn(value, !returned.insert(value).second))
        report.kernels.push_back(analyzeReturnCopy(&op, value, index));
  }
  func.walk([&](arith::ConstantOp constant) {
    if (!isa<TensorType>(constant.getType()))
      return;
    report.constantBytes += getTensorBytes(constant.getType());
    ++report.numConstants;
  });
  return report;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {

/// `1234567` -> `1.2 M`; numbers below 1000 print as they are.
std::string humanReadable(uint64_t value, StringRef unit) {
  static const char *const prefixes[] = {"", "K", "M", "G", "T", "P"};
  double scaled = static_cast<double>(value);
  unsigned prefix = 0;
  while (scaled >= 1000 && prefix + 1 < std::size(prefixes)) {
    scaled /= 1000;
    ++prefix;
  }
  if (prefix == 0)
    return llvm::formatv("{0} {1}", value, unit).str();
  return llvm::formatv("{0:f1} {1}{2}", scaled, prefixes[prefix], unit).str();
}

/// The ops column: the graph ops of `origins`, or `fallback` (IR ops) when
/// there are none, then `destination` and the ONNX nodes.
std::string describeOrigins(ArrayRef<Origin> origins,
                            ArrayRef<std::string> fallback,
                            StringRef destination = "") {
  SmallVector<std::string> ops, nodes;
  for (const Origin &origin : origins) {
    if (!origin.op.empty())
      ops.push_back(origin.op);
    if (!origin.node.empty() && !llvm::is_contained(nodes, origin.node))
      nodes.push_back(origin.node);
  }
  std::string text =
      llvm::join(ops.empty() ? fallback : ArrayRef<std::string>(ops), " + ");
  if (!destination.empty())
    text += " -> " + destination.str();
  if (!nodes.empty())
    text += "  [nodes: " + llvm::join(nodes, ", ") + "]";
  return text;
}

std::string describeOps(const Kernel &kernel) {
  return describeOrigins(kernel.origins, kernel.opNames, kernel.destination);
}

/// Prints `rows` as a table: every column but the last padded to its
/// widest cell, right-aligned where `rightAligned` says, each line after
/// `indent`.
void printTable(ArrayRef<SmallVector<std::string>> rows,
                ArrayRef<bool> rightAligned, llvm::raw_ostream &os,
                StringRef indent = "") {
  SmallVector<size_t> widths(rows.front().size(), 0);
  for (const auto &row : rows)
    for (auto [width, cell] : llvm::zip(widths, row))
      width = std::max(width, cell.size());
  for (const auto &row : rows) {
    std::string line = indent.str();
    for (auto [column, cell] : llvm::enumerate(row)) {
      if (column)
        line += "  ";
      bool last = column + 1 == row.size();
      size_t padding = last ? 0 : widths[column] - cell.size();
      if (rightAligned[column])
        line += std::string(padding, ' ') + cell;
      else
        line += cell + std::string(padding, ' ');
    }
    os << StringRef(line).rtrim() << "\n";
  }
}

} // namespace

/// The convolutions Winograd's cost model weighed: each one's estimates
/// and choice.
static void printWinogradChoices(ArrayRef<WinogradChoice> choices,
                                 llvm::raw_ostream &os) {
  if (choices.empty())
    return;
  size_t chosen = llvm::count_if(
      choices, [](const WinogradChoice &choice) { return choice.chosen; });
  os << "\nwinograd: " << chosen << " of " << choices.size()
     << " 3x3 stride-1 convolutions computed by F(4x4, 3x3); costs are "
        "estimated multiply-adds (--winograd=always|never overrides)\n";
  SmallVector<SmallVector<std::string>> rows;
  rows.push_back(
      {"node", "channels", "dilation", "outputs", "direct", "winograd", "gain",
       "by"});
  for (const WinogradChoice &choice : choices)
    rows.push_back(
        {choice.node.empty() ? "-" : choice.node,
         llvm::formatv("{0}->{1}", choice.inChannels, choice.outChannels),
         choice.dilation, choice.outputs, llvm::formatv("{0:e2}", choice.directCost),
         llvm::formatv("{0:e2}", choice.winogradCost),
         llvm::formatv("{0:f2}", choice.directCost / choice.winogradCost),
         choice.chosen ? "winograd" : "direct"});
  const bool aligned[] = {false, false, false, false, true, true, true, false};
  printTable(rows, aligned, os, "  ");
}

void printKernelReport(const FunctionReport &report,
                       const ReportContext &context, llvm::raw_ostream &os) {
  os << "aotc report for @" << report.function;
  if (!context.description.empty())
    os << " (" << context.description << ")";
  os << "\n\n";

  // The table: every column but the last padded to its widest cell, numbers
  // right-aligned.
  SmallVector<SmallVector<std::string>> rows;
  rows.push_back({"kernel", "kind", "FLOPs", "int ops", "bytes read",
                  "bytes written", "iterations", "ops"});
  for (auto [index, kernel] : llvm::enumerate(report.kernels))
    rows.push_back(
        {std::to_string(index + 1), stringifyKernelKind(kernel.kind).str(),
         (kernel.approximate ? "~" : "") + std::to_string(kernel.flops),
         std::to_string(kernel.intOps), std::to_string(kernel.bytesRead),
         std::to_string(kernel.bytesWritten), kernel.iterations,
         describeOps(kernel)});
  const bool rightAligned[] = {true, false, true,  true,
                               true, true,  false, false};
  printTable(rows, rightAligned, os);

  // Totals: exact, and readable where large.
  auto total = [&](StringRef label, uint64_t value, StringRef unit,
                   StringRef note = "") {
    std::string text = std::to_string(value);
    std::string readable;
    if (value >= 1000)
      readable = humanReadable(value, unit);
    if (!note.empty())
      readable += (readable.empty() ? "" : ", ") + note.str();
    os << llvm::formatv("  {0,-15}{1}", label, text);
    if (!readable.empty())
      os << "  (" << readable << ")";
    os << "\n";
  };
  os << "\ntotals:\n";
  total("kernels", report.kernels.size(), "");
  total("FLOPs", report.totalFlops(), "FLOP",
        report.anyApproximate() ? "approximate" : "");
  total("int ops", report.totalIntOps(), "op");
  total("bytes read", report.totalBytesRead(), "B");
  total("bytes written", report.totalBytesWritten(), "B");
  total("constant bytes", report.constantBytes, "B",
        (llvm::Twine(report.numConstants) +
         (report.numConstants == 1 ? " tensor" : " tensors"))
            .str());
  if (context.tempBytes)
    total("temp bytes", *context.tempBytes, "B");
  else
    total("temp bytes", 0, "B", "not planned");
  if (context.parallel)
    total("worker bytes", context.workerTempBytes, "B",
          "temp bytes per extra worker of NAME_run_parallel");
  printWinogradChoices(report.winograd, os);
  if (!context.parallel)
    return;

  os << "\nparallel: NAME_run_parallel runs " << context.parallel->size()
     << (context.parallel->size() == 1 ? " kernel" : " kernels")
     << " as tasks on its workers; the others run on the calling thread\n";
  if (context.parallel->empty())
    return;
  SmallVector<SmallVector<std::string>> tasks;
  tasks.push_back({"task", "tasks", "calls", "ops"});
  for (const ParallelKernel &kernel : *context.parallel)
    tasks.push_back({kernel.task, std::to_string(kernel.tasks),
                     std::to_string(kernel.calls),
                     describeOrigins(kernel.origins, {})});
  const bool taskAligned[] = {false, true, true, false};
  printTable(tasks, taskAligned, os, "  ");
}

void printSlowKernelReport(const FunctionReport &report,
                           const ReportContext &context,
                           ArrayRef<int64_t> scalarKernels,
                           llvm::raw_ostream &os) {
  os << "aotc report for @" << report.function;
  if (!context.description.empty())
    os << " (" << context.description << ")";
  os << ", kernels left to scalar loops\n\n";
  SmallVector<int64_t> rowsLeft;
  for (int64_t number : scalarKernels)
    if (number >= 1 && number <= (int64_t)report.kernels.size())
      rowsLeft.push_back(number);
  uint64_t work = report.totalFlops() + report.totalIntOps();
  auto workOf = [&](int64_t number) {
    const Kernel &kernel = report.kernels[number - 1];
    return kernel.flops + kernel.intOps;
  };
  if (rowsLeft.empty()) {
    os << "none: every contraction and reduction of the " << report.kernels.size()
       << (report.kernels.size() == 1 ? " kernel" : " kernels")
       << " runs as register-tiled vector code\n";
    return;
  }
  uint64_t slowWork = 0;
  for (int64_t number : rowsLeft)
    slowWork += workOf(number);
  auto share = [&](uint64_t part) {
    return llvm::formatv("{0:f1}%", work ? 100.0 * part / work : 0.0).str();
  };
  os << rowsLeft.size() << " of " << report.kernels.size()
     << " kernels run as scalar loops (a contraction or reduction no vector "
        "kernel took, or reads through computed indices): "
     << share(slowWork) << " of the FLOPs and integer ops\n\n";
  llvm::stable_sort(rowsLeft, [&](int64_t a, int64_t b) {
    return workOf(a) > workOf(b);
  });
  SmallVector<SmallVector<std::string>> rows;
  rows.push_back({"kernel", "kind", "FLOPs", "int ops", "share",
                  "iterations", "ops"});
  for (int64_t number : rowsLeft) {
    const Kernel &kernel = report.kernels[number - 1];
    rows.push_back({std::to_string(number),
                    stringifyKernelKind(kernel.kind).str(),
                    (kernel.approximate ? "~" : "") +
                        std::to_string(kernel.flops),
                    std::to_string(kernel.intOps), share(workOf(number)),
                    kernel.iterations, describeOps(kernel)});
  }
  const bool rightAligned[] = {true, false, true, true, true, false, false};
  printTable(rows, rightAligned, os);
}

} // namespace aotc
