//===- LayoutSupport.cpp - what the CPU layout passes share ---------------===//

#include "LayoutSupport.h"

#include "aotc/Dialect/TG/IR/TGConstants.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

bool aotc::isPermutedF32Operand(linalg::GenericOp generic, OpOperand *input) {
  auto type = dyn_cast<RankedTensorType>(input->get().getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 2 ||
      !type.getElementType().isF32())
    return false;
  AffineMap outMap =
      generic.getMatchingIndexingMap(generic.getDpsInitOperand(0));
  return generic.getMatchingIndexingMap(input).isProjectedPermutation() &&
         outMap.isProjectedPermutation() && outMap.getNumResults() != 0;
}

linalg::GenericOp aotc::contractionReading(OpOperand &use) {
  auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumReductionLoops() == 0 || generic.getNumDpsInits() != 1 ||
      !generic.isDpsInput(&use))
    return nullptr;
  return generic;
}

double aotc::laneUse(int64_t extent, int64_t lanes) {
  return double(extent) / double(llvm::divideCeil(extent, lanes) * lanes);
}

int64_t aotc::channelBlock(int64_t channels, int64_t lanes) {
  for (int64_t vectors : {4, 2, 1})
    if (channels % (vectors * lanes) == 0)
      return vectors * lanes;
  return 0;
}

bool aotc::hasContractionShape(linalg::GenericOp generic, unsigned loops,
                         unsigned parallel) {
  if (generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != loops || !generic.hasPureTensorSemantics())
    return false;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  for (unsigned d = 0; d < loops; ++d)
    if ((iterators[d] == utils::IteratorType::reduction) != (d >= parallel))
      return false;
  return llvm::all_of(generic->getOperands(), [](Value operand) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    return type && type.hasStaticShape() && type.getElementType().isF32();
  });
}

bool aotc::feedsConcat(Value value, unsigned depth) {
  if (depth > 8)
    return true;
  for (Operation *user : value.getUsers()) {
    if (isa<tensor::InsertSliceOp>(user))
      return true;
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (generic && generic.getNumReductionLoops() == 0)
      for (Value result : generic->getResults())
        if (feedsConcat(result, depth + 1))
          return true;
  }
  return false;
}

namespace {

/// A 2-D convolution with loops (n, f, oh, ow, c, kh, kw): the result
/// written at (n, f, oh, ow), the filter read at (f, c, kh, kw), the image
/// at (n, `channel`, oh * s + kh * d, ow * s + kw * d).
bool isNCHWConvReading(linalg::GenericOp generic, AffineExpr channel) {
  if (!aotc::hasContractionShape(generic, 7, 4))
    return false;
  MLIRContext *ctx = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, ctx); };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[2] != AffineMap::get(7, 0, {dim(0), dim(1), dim(2), dim(3)}, ctx) ||
      maps[1] != AffineMap::get(7, 0, {dim(1), dim(4), dim(5), dim(6)}, ctx))
    return false;
  AffineMap image = maps[0];
  if (image.getNumResults() != 4 || image.getResult(0) != dim(0) ||
      image.getResult(1) != channel)
    return false;
  for (unsigned i = 2; i < 4; ++i) {
    AffineExpr e = image.getResult(i);
    if (!e.isFunctionOfDim(i) || !e.isFunctionOfDim(i + 3) ||
        e.isFunctionOfDim(4))
      return false;
  }
  return true;
}

} // namespace

bool aotc::isNCHWConv(linalg::GenericOp generic) {
  return isNCHWConvReading(generic,
                           getAffineDimExpr(4, generic.getContext()));
}

bool aotc::isFlatPointwiseConv(linalg::GenericOp generic) {
  if (!hasContractionShape(generic, 4, 3))
    return false;
  MLIRContext *ctx = generic.getContext();
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, ctx); };
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[0] != AffineMap::get(4, 0, {dim(0), dim(3), dim(2)}, ctx) ||
      maps[1] != AffineMap::get(4, 0, {dim(1), dim(3)}, ctx) ||
      maps[2] != AffineMap::get(4, 0, {dim(0), dim(1), dim(2)}, ctx))
    return false;
  return generic.getDpsInputOperand(1)->get().getDefiningOp<arith::ConstantOp>() !=
         nullptr;
}

bool aotc::isNCHWDepthwiseConv(linalg::GenericOp generic) {
  MLIRContext *ctx = generic.getContext();
  if (!isNCHWConvReading(generic,
                         getAffineDimExpr(1, ctx) + getAffineDimExpr(4, ctx)) ||
      generic.getStaticLoopRanges()[4] != 1)
    return false;
  auto filter =
      generic.getDpsInputOperand(1)->get().getDefiningOp<arith::ConstantOp>();
  return filter && (isa<DenseElementsAttr>(filter.getValue()) ||
                    aotc::tg::getRawElementBytes(filter.getValue()));
}

namespace {

/// Whether `generic` is a 1x1 convolution with a constant filter that
/// aotc-cpu-block-channels blocks next to a blocked neighbour: flattened
/// (isFlatPointwiseConv) or not yet (an NCHW convolution with a 1x1 filter
/// and stride 1), both channel counts filling vectors, at least
/// kMinPointwisePixels pixels.
bool joinsBlockedChain(linalg::GenericOp generic, int64_t lanes) {
  SmallVector<int64_t> ranges;
  int64_t pixels = 0;
  if (aotc::isFlatPointwiseConv(generic)) {
    ranges = generic.getStaticLoopRanges();
    pixels = ranges[2];
    ranges = {ranges[1], ranges[3]};
  } else if (aotc::isNCHWConv(generic)) {
    SmallVector<int64_t> all = generic.getStaticLoopRanges();
    auto image = cast<RankedTensorType>(
        generic.getDpsInputOperand(0)->get().getType());
    if (all[5] * all[6] != 1 || image.getDimSize(2) != all[2] ||
        image.getDimSize(3) != all[3] ||
        !generic.getDpsInputOperand(1)->get().getDefiningOp<arith::ConstantOp>())
      return false;
    pixels = all[2] * all[3];
    ranges = {all[1], all[4]};
  } else {
    return false;
  }
  return pixels >= aotc::kMinPointwisePixels &&
         aotc::channelBlock(ranges[0], lanes) &&
         aotc::channelBlock(ranges[1], lanes);
}


} // namespace

bool aotc::blocksDepthwiseConv(linalg::GenericOp generic, int64_t lanes) {
  if (!isNCHWDepthwiseConv(generic) ||
      !channelBlock(generic.getStaticLoopRanges()[1], lanes) ||
      feedsConcat(generic->getResult(0)))
    return false;
  // The producer of the image, through its epilogue and pad.
  Value image = generic.getDpsInputOperand(0)->get();
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = image.getDefiningOp();
    if (!aotc::isLayoutTransparent(def))
      break;
    image = def->getOperand(0);
  }
  auto producer = image.getDefiningOp<linalg::GenericOp>();
  if (!producer || !joinsBlockedChain(producer, lanes))
    return false;
  // Every contraction reading the result, through its epilogue.
  SmallVector<Value> worklist = {generic->getResult(0)};
  bool joined = false;
  for (unsigned steps = 0; !worklist.empty() && steps < 16; ++steps) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (aotc::isLayoutTransparent(user)) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      auto consumer = dyn_cast<linalg::GenericOp>(user);
      if (!consumer || !joinsBlockedChain(consumer, lanes))
        return false;
      joined = true;
    }
  }
  return joined && worklist.empty();
}

bool aotc::isLayoutTransparent(Operation *op) {
  if (isa_and_nonnull<tensor::PadOp, tensor::CollapseShapeOp,
                      tensor::ExpandShapeOp>(op))
    return true;
  // Any elementwise generic, a strided one too (the copy of the pixels a
  // strided 1x1 convolution reads): upstream's patterns check that the
  // channel dimension is read and written as a plain loop.
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && generic.getNumReductionLoops() == 0;
}
