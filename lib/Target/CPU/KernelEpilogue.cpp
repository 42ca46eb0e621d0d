//===- KernelEpilogue.cpp - elementwise epilogues of emitted kernels ------===//
//
// Matches the elementwise op after a contraction (VNNI, a Winograd output
// transform) that the kernel emitting it can apply to its vectors of
// results, and emits it on one vector.
//
//===----------------------------------------------------------------------===//

#include "KernelEpilogue.h"

#include "VectorKernelSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using aotc::cpu::EpilogueRead;
using aotc::cpu::KernelEpilogue;

namespace {

/// Where a buffer lies: the value it is a view of, and its byte range in
/// it when it is a `memref.view` at a constant offset (else all of it).
struct Place {
  Value root;
  std::optional<std::pair<int64_t, int64_t>> bytes;
};

Place placeOf(Value value) {
  for (;;) {
    if (auto subview = value.getDefiningOp<memref::SubViewOp>())
      value = subview.getSource();
    else if (auto collapse = value.getDefiningOp<memref::CollapseShapeOp>())
      value = collapse.getSrc();
    else if (auto expand = value.getDefiningOp<memref::ExpandShapeOp>())
      value = expand.getSrc();
    else if (auto cast = value.getDefiningOp<memref::CastOp>())
      value = cast.getSource();
    else
      break;
  }
  auto view = value.getDefiningOp<memref::ViewOp>();
  if (!view)
    return {value, std::nullopt};
  std::optional<int64_t> shift = getConstantIntValue(view.getByteShift());
  MemRefType type = view.getType();
  if (!shift || !type.hasStaticShape() ||
      !type.getElementType().isIntOrFloat())
    return {view.getSource(), std::nullopt};
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  return {view.getSource(), std::make_pair(*shift, *shift + bytes)};
}

/// Whether buffers `a` and `b` may share bytes. Globals (the weights) and
/// allocations share none with anything else; views of one buffer at constant offsets share
/// none when their ranges are disjoint.
bool mayOverlap(Value a, Value b) {
  Place pa = placeOf(a), pb = placeOf(b);
  if (pa.root != pb.root) {
    auto isOwn = [](Value root) {
      return root.getDefiningOp<memref::GetGlobalOp>() ||
             root.getDefiningOp<memref::AllocOp>() ||
             root.getDefiningOp<memref::AllocaOp>();
    };
    return !isOwn(pa.root) && !isOwn(pb.root);
  }
  if (!pa.bytes || !pb.bytes)
    return true;
  return pa.bytes->first < pb.bytes->second &&
         pb.bytes->first < pa.bytes->second;
}

/// The box a unit-stride subview with static offsets and sizes selects of
/// its source.
std::optional<SmallVector<std::pair<int64_t, int64_t>>>
boxOf(memref::SubViewOp subview) {
  std::optional<SmallVector<int64_t>> offsets =
      getConstantIntValues(subview.getMixedOffsets());
  std::optional<SmallVector<int64_t>> sizes =
      getConstantIntValues(subview.getMixedSizes());
  if (!offsets || !sizes ||
      !llvm::all_of(subview.getMixedStrides(), isOneInteger) ||
      subview.getSourceType().getRank() !=
          static_cast<int64_t>(offsets->size()))
    return std::nullopt;
  SmallVector<std::pair<int64_t, int64_t>> box;
  for (auto [offset, size] : llvm::zip(*offsets, *sizes))
    box.push_back({offset, offset + size});
  return box;
}

/// mayOverlap, except that two unit-stride subviews of one buffer whose
/// boxes are disjoint (a padded image's border and its interior) share no
/// element.
bool mayOverlapElements(Value a, Value b) {
  auto sa = a.getDefiningOp<memref::SubViewOp>(),
       sb = b.getDefiningOp<memref::SubViewOp>();
  if (sa && sb && sa.getSource() == sb.getSource()) {
    auto ba = boxOf(sa), bb = boxOf(sb);
    if (ba && bb)
      for (auto [x, y] : llvm::zip(*ba, *bb))
        if (x.second <= y.first || y.second <= x.first)
          return false;
  }
  return mayOverlap(a, b);
}

bool hasUnitInnermostStride(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.hasStaticShape() &&
         (type.getRank() == 0 || type.isLastDimUnitStride());
}

/// A slice of `acc`'s leading columns: zero offsets, unit strides, every
/// size but the last whole.
bool isLeadingColumns(memref::SubViewOp subview, MemRefType accType) {
  if (!llvm::all_of(subview.getMixedOffsets(), isZeroInteger) ||
      !llvm::all_of(subview.getMixedStrides(), isOneInteger))
    return false;
  auto sizes = getConstantIntValues(subview.getMixedSizes());
  if (!sizes || sizes->size() != static_cast<size_t>(accType.getRank()))
    return false;
  for (int64_t d = 0; d + 1 < accType.getRank(); ++d)
    if ((*sizes)[d] != accType.getDimSize(d))
      return false;
  return sizes->back() <= accType.getShape().back();
}

} // namespace

linalg::GenericOp
aotc::cpu::findKernelEpilogue(linalg::GenericOp contraction) {
  Value acc = contraction.getDpsInits()[0];
  auto accType = dyn_cast<MemRefType>(acc.getType());
  if (!accType)
    return nullptr;
  // The readers of C after the contraction: one generic, possibly through
  // one slice.
  Value read = acc;
  linalg::GenericOp generic;
  for (Operation *user : acc.getUsers()) {
    // The contraction and what initializes C before it.
    if (user == contraction.getOperation() ||
        (user->getBlock() == contraction->getBlock() &&
         user->isBeforeInBlock(contraction)))
      continue;
    auto subview = dyn_cast<memref::SubViewOp>(user);
    if (subview && read == acc && isLeadingColumns(subview, accType)) {
      read = subview.getResult();
      continue;
    }
    auto userGeneric = dyn_cast<linalg::GenericOp>(user);
    if (!userGeneric || generic)
      return nullptr;
    generic = userGeneric;
  }
  if (read != acc) {
    for (Operation *user : read.getUsers()) {
      auto userGeneric = dyn_cast<linalg::GenericOp>(user);
      if (!userGeneric || (generic && generic != userGeneric))
        return nullptr;
      generic = userGeneric;
    }
  }
  if (!generic || generic->getBlock() != contraction->getBlock() ||
      !contraction->isBeforeInBlock(generic))
    return nullptr;
  return generic;
}

std::optional<KernelEpilogue>
aotc::cpu::matchKernelEpilogue(linalg::GenericOp contraction) {
  Value acc = contraction.getDpsInits()[0];
  auto accType = cast<MemRefType>(acc.getType());
  unsigned rank = accType.getRank();
  linalg::GenericOp generic = findKernelEpilogue(contraction);
  if (!generic)
    return std::nullopt;
  // C itself, or the slice of it that the epilogue reads.
  Value read = acc;
  for (Value input : generic.getDpsInputs())
    if (auto subview = input.getDefiningOp<memref::SubViewOp>();
        subview && subview.getSource() == acc)
      read = input;
  if (!generic.hasPureBufferSemantics() || generic.getNumLoops() != rank ||
      generic.getNumParallelLoops() != rank)
    return std::nullopt;
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (ranges[d] != accType.getDimSize(d))
      return std::nullopt;
  KernelEpilogue epilogue;
  epilogue.generic = generic;
  epilogue.columns = ranges.back();
  if (epilogue.columns > accType.getShape().back() ||
      (read == acc && epilogue.columns != accType.getShape().back()))
    return std::nullopt;

  MLIRContext *context = generic.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
  AffineMap column =
      AffineMap::get(rank, 0, getAffineDimExpr(rank - 1, context));
  bool readsAccumulator = false;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    Value value = input->get();
    if (value == read) {
      if (map != identity || readsAccumulator)
        return std::nullopt;
      readsAccumulator = true;
      epilogue.reads.push_back(EpilogueRead::accumulator);
      continue;
    }
    if (!hasUnitInnermostStride(value) || mayOverlap(value, acc))
      return std::nullopt;
    if (map == identity)
      epilogue.reads.push_back(EpilogueRead::element);
    else if (map == column)
      epilogue.reads.push_back(EpilogueRead::column);
    else if (map.getNumResults() == 0)
      epilogue.reads.push_back(EpilogueRead::scalar);
    else
      return std::nullopt;
  }
  if (!readsAccumulator)
    return std::nullopt;
  Block *body = generic.getBody();
  for (OpOperand &output : generic.getDpsInitsMutable()) {
    if (generic.getMatchingIndexingMap(&output) != identity ||
        !hasUnitInnermostStride(output.get()) ||
        !body->getArgument(output.getOperandNumber()).use_empty())
      return std::nullopt;
    // Written while the contraction still reads its operands, or its own
    // output (another tile's initial value).
    for (Value operand : contraction.getDpsInputs())
      if (mayOverlap(output.get(), operand))
        return std::nullopt;
    if (mayOverlap(output.get(), acc))
      return std::nullopt;
  }
  for (Operation &op : body->without_terminator())
    if (!isVectorizableBodyOp(op))
      return std::nullopt;

  // The ops between stay after the contraction; the epilogue moves before
  // them. They may be free of memory effects (views: moved before the
  // contraction, for the epilogue to use) or fills of buffers the epilogue
  // does not touch (another padded image's border, or its own output's).
  SmallVector<Operation *> pure;
  for (Operation *op = contraction->getNextNode(); op != generic.getOperation();
       op = op->getNextNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      if (!fill.hasPureBufferSemantics() ||
          llvm::any_of(generic->getOperands(), [&](Value operand) {
            return mayOverlapElements(fill.getOutputs()[0], operand);
          }))
        return std::nullopt;
      continue;
    }
    if (!isMemoryEffectFree(op) || op->getNumRegions() != 0)
      return std::nullopt;
    pure.push_back(op);
  }
  for (Operation *op : pure)
    op->moveBefore(contraction);
  return epilogue;
}

void aotc::cpu::emitKernelEpilogue(OpBuilder &b, Location loc,
                                   const KernelEpilogue &epilogue, Value acc,
                                   ArrayRef<Value> row, Value column,
                                   int64_t lanes) {
  linalg::GenericOp generic = epilogue.generic;
  VectorBuilder vectors(loc, lanes);
  // Lanes past the epilogue's columns (padding filters) are not stored.
  Value mask;
  if (epilogue.columns % lanes != 0) {
    Value left = arith::SubIOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, epilogue.columns),
        column);
    mask = vector::CreateMaskOp::create(
        b, loc, VectorType::get({lanes}, b.getI1Type()),
        ValueRange{left});
  }
  SmallVector<Value> at(row);
  at.push_back(column);
  auto load = [&](Value memref, ArrayRef<Value> indices) -> Value {
    auto type = VectorType::get(
        {lanes}, cast<MemRefType>(memref.getType()).getElementType());
    if (!mask)
      return vector::LoadOp::create(b, loc, type, memref, indices);
    Value zeros = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
    return vector::MaskedLoadOp::create(b, loc, type, memref, indices, mask,
                                        zeros);
  };
  IRMapping mapping;
  Block *body = generic.getBody();
  for (auto [index, input] : llvm::enumerate(generic.getDpsInputs())) {
    Value value;
    switch (epilogue.reads[index]) {
    case EpilogueRead::accumulator:
      value = acc;
      break;
    case EpilogueRead::element:
      value = load(input, at);
      break;
    case EpilogueRead::column:
      value = load(input, column);
      break;
    case EpilogueRead::scalar:
      value = vectors.splat(b, memref::LoadOp::create(b, loc, input));
      break;
    }
    mapping.map(body->getArgument(index), value);
  }
  for (Operation &op : body->without_terminator())
    vectors.cloneOnVectors(b, op, mapping);
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  for (auto [yielded, output] :
       llvm::zip(yield.getOperands(), generic.getDpsInits())) {
    Value value = vectors.vectorOf(b, yielded, mapping);
    if (mask)
      vector::MaskedStoreOp::create(b, loc, output, at, mask, value);
    else
      vector::StoreOp::create(b, loc, value, output, at);
  }
}
