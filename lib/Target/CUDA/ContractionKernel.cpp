//===- ContractionKernel.cpp - pieces of tiled contraction kernels --------===//
//
// Implements ContractionKernel.h: the contraction matcher, operand access
// through the generic's indexing maps (composed with the delinearization of
// the flattened batch, M, N and K indices, so any layout, transposition or
// convolution window reads what the generic reads) and the cooperative copy
// of a tile into workgroup memory.
//
//===----------------------------------------------------------------------===//

#include "ContractionKernel.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace aotc {

AffineMap Contraction::operandMap(unsigned operand) const {
  linalg::GenericOp generic = op;
  MLIRContext *context = generic.getContext();
  SmallVector<AffineExpr> dims(loopSizes.size(),
                               getAffineConstantExpr(0, context));
  // Row-major delinearization of each flattened group, its last loop
  // fastest.
  auto delinearize = [&](ArrayRef<unsigned> group, unsigned flat) {
    AffineExpr rest = getAffineDimExpr(flat, context);
    for (unsigned d : llvm::reverse(group)) {
      dims[d] = d == group.front() ? rest : rest % loopSizes[d];
      rest = rest.floorDiv(loopSizes[d]);
    }
  };
  delinearize(batchDims, 0);
  delinearize(mDims, 1);
  delinearize(nDims, 2);
  delinearize(kDims, 3);
  AffineMap map = generic.getIndexingMapsArray()[operand];
  return simplifyAffineMap(map.replaceDimsAndSymbols(dims, {}, 4, 0));
}

std::optional<Contraction> matchContraction(linalg::GenericOp op,
                                            std::string &why) {
  auto fail = [&](const char *reason) -> std::optional<Contraction> {
    why = reason;
    return std::nullopt;
  };
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return fail("not two inputs and one output on buffers");
  Contraction c;
  c.op = op;
  c.loopSizes = op.getStaticLoopRanges();
  if (llvm::any_of(c.loopSizes, ShapedType::isDynamic))
    return fail("dynamic loop ranges");
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap out = maps[Contraction::kOutput];
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned numParallel = op.getNumParallelLoops();
  if (!out.isProjectedPermutation() || out.getNumResults() == 0 ||
      out.getNumResults() != numParallel)
    return fail("the output is not a permutation of the parallel loops");
  for (unsigned r = 0; r < out.getNumResults(); ++r)
    if (iterators[out.getDimPosition(r)] != utils::IteratorType::parallel)
      return fail("the output is not a permutation of the parallel loops");
  if (op.getNumReductionLoops() == 0)
    return fail("no reduction loop");
  for (Operation &inner : op.getBody()->without_terminator())
    if (isa<linalg::IndexOp>(inner) || !isMemoryEffectFree(&inner))
      return fail("the body reads indices or has side effects");
  unsigned innermost = out.getDimPosition(out.getNumResults() - 1);
  bool in0 = maps[0].isFunctionOfDim(innermost);
  bool in1 = maps[1].isFunctionOfDim(innermost);
  if (in0 == in1)
    return fail("the innermost output loop is read by both inputs or none");
  c.bOperand = in0 ? 0 : 1;
  c.aOperand = 1 - c.bOperand;
  for (auto [d, iterator] : llvm::enumerate(iterators)) {
    if (iterator != utils::IteratorType::parallel) {
      c.kDims.push_back(d);
      c.k *= c.loopSizes[d];
      continue;
    }
    bool a = maps[c.aOperand].isFunctionOfDim(d);
    bool b = maps[c.bOperand].isFunctionOfDim(d);
    if (!a && !b)
      return fail("a parallel loop is read by no input");
    if (a && b) {
      c.batchDims.push_back(d);
      c.batch *= c.loopSizes[d];
    } else if (a) {
      c.mDims.push_back(d);
      c.m *= c.loopSizes[d];
    } else {
      c.nDims.push_back(d);
      c.n *= c.loopSizes[d];
    }
  }
  if (c.mDims.empty())
    return fail("no parallel loop is read by the first input alone");
  return c;
}

Value applyBody(OpBuilder &b, linalg::GenericOp op, ValueRange args) {
  Block *body = op.getBody();
  IRMapping mapping;
  mapping.map(body->getArguments().take_front(args.size()), args);
  for (Operation &inner : body->without_terminator())
    b.clone(inner, mapping);
  return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
}

Value indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value clampIndex(OpBuilder &b, Location loc, Value v, int64_t bound,
                 bool clamp) {
  if (!clamp)
    return v;
  return arith::MinUIOp::create(b, loc, v, indexConstant(b, loc, bound - 1));
}

/// The indices of `operand` at (b, m, n, k), one affine.apply per dimension.
static SmallVector<Value> operandIndices(OpBuilder &b, Location loc,
                                         const Contraction &c,
                                         unsigned operand, ValueRange bmnk) {
  AffineMap map = c.operandMap(operand);
  SmallVector<Value> indices;
  for (unsigned r = 0; r < map.getNumResults(); ++r)
    indices.push_back(
        affine::AffineApplyOp::create(b, loc, map.getSubMap({r}), bmnk));
  return indices;
}

Value loadOperand(OpBuilder &b, Location loc, const Contraction &c,
                  unsigned operand, ValueRange bmnk) {
  return memref::LoadOp::create(b, loc, c.op->getOperand(operand),
                                operandIndices(b, loc, c, operand, bmnk));
}

/// Whether `op` is an elementwise generic on buffers (parallel loops, one
/// output through the identity map) with a body `applyBody` can clone.
static bool isElementwise(linalg::GenericOp op) {
  if (!op || !op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  return llvm::all_of(op.getBody()->without_terminator(), [](Operation &o) {
    return !isa<linalg::IndexOp>(o) && isMemoryEffectFree(&o);
  });
}

/// Whether `op` leaves the contents of every buffer alone (constants,
/// views, allocations): a kernel may move across it.
static bool touchesNoBuffer(Operation *op) {
  return isMemoryEffectFree(op) ||
         isa<memref::AllocOp, ViewLikeOpInterface>(op);
}

void findInitAndEpilogue(Contraction &c) {
  Value output = c.op->getOperand(Contraction::kOutput);
  auto outputType = cast<MemRefType>(output.getType());
  auto sameShape = [&](linalg::GenericOp op) {
    return llvm::equal(op.getStaticLoopRanges(), outputType.getShape());
  };
  Operation *before = c.op->getPrevNode();
  while (before && touchesNoBuffer(before))
    before = before->getPrevNode();
  auto init = dyn_cast_or_null<linalg::GenericOp>(before);
  if (isElementwise(init) && init.getDpsInitOperand(0)->get() == output &&
      sameShape(init) &&
      init.getMatchingBlockArgument(init.getDpsInitOperand(0)).use_empty() &&
      !llvm::is_contained(init.getDpsInputs(), output))
    c.init = init;

  // The epilogue reads the output, a temporary of the kernel's own, once at
  // each element; nothing else may see it.
  Operation *after = c.op->getNextNode();
  while (after && touchesNoBuffer(after))
    after = after->getNextNode();
  auto epilogue = dyn_cast_or_null<linalg::GenericOp>(after);
  // Other blocks store results while a block still reads its tiles: the
  // epilogue must not write an operand of the contraction.
  if (!isElementwise(epilogue) || !sameShape(epilogue) ||
      !output.getDefiningOp<memref::AllocOp>() ||
      llvm::is_contained(c.op->getOperands(),
                         epilogue.getDpsInitOperand(0)->get()))
    return;
  unsigned reads = 0;
  for (OpOperand *input : epilogue.getDpsInputOperands())
    if (input->get() == output)
      reads += epilogue.getMatchingIndexingMap(input).isIdentity() ? 1 : 2;
  bool private_ = llvm::all_of(output.getUsers(), [&](Operation *user) {
    return user == c.op || user == c.init || user == epilogue ||
           isa<memref::DeallocOp>(user);
  });
  if (reads == 1 && private_)
    c.epilogue = epilogue;
}

/// The buffer `v` is a view of: its allocation, argument or other root.
static Value rootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `op` (or an op nested in it, a kernel's stores) may write a
/// buffer whose root is `root`. An op's own memory effects, where it
/// declares them (a linalg op's writes of its outputs), take precedence
/// over its body's.
static bool mayWrite(Operation *op, Value root) {
  if (isa<gpu::BarrierOp>(op))
    return false;
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (MemoryEffects::EffectInstance &e : instances)
      if (isa<MemoryEffects::Write>(e.getEffect()) &&
          (!e.getValue() || rootBuffer(e.getValue()) == root))
        return true;
    if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    return true;
  }
  for (Region &region : op->getRegions())
    for (Operation &inner : region.getOps())
      if (mayWrite(&inner, root))
        return true;
  return false;
}

/// The constant `op` writes to every element of `buffer` (linalg.fill, or a
/// linalg.map/generic without inputs yielding a constant), or null.
static TypedAttr fillValue(Operation *op, Value buffer) {
  Attribute value;
  if (auto fill = dyn_cast<linalg::FillOp>(op)) {
    if (fill.getOutputs()[0] != buffer ||
        !matchPattern(fill.getInputs()[0], m_Constant(&value)))
      return {};
    return dyn_cast<TypedAttr>(value);
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
      linalgOp.getNumDpsInputs() != 0 || linalgOp.getNumDpsInits() != 1 ||
      linalgOp.getDpsInits()[0] != buffer ||
      linalgOp.getNumReductionLoops() != 0 ||
      !linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0))
           .isPermutation() ||
      op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock())
    return {};
  Operation *yield = op->getRegion(0).front().getTerminator();
  if (yield->getNumOperands() != 1 ||
      !matchPattern(yield->getOperand(0), m_Constant(&value)))
    return {};
  return dyn_cast<TypedAttr>(value);
}

/// The buffer `op` copies unchanged into all of `dest` (linalg.copy,
/// memref.copy, or an identity linalg.generic yielding its input), or null.
static Value copySource(Operation *op, Value dest) {
  if (auto copy = dyn_cast<linalg::CopyOp>(op))
    return copy.getOutputs()[0] == dest ? copy.getInputs()[0] : Value();
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return copy.getTarget() == dest ? copy.getSource() : Value();
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getDpsInits()[0] != dest ||
      generic.getNumReductionLoops() != 0 ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return {};
  Block *body = generic.getBody();
  if (body->getTerminator()->getOperand(0) != body->getArgument(0))
    return {};
  return generic.getDpsInputs()[0];
}

void findPaddedOperands(Contraction &c) {
  Block *block = c.op->getBlock();
  Value output = c.op->getOperand(Contraction::kOutput);
  for (unsigned i = 0; i < 2; ++i) {
    Value padded = c.op->getOperand(i);
    auto paddedType = dyn_cast<MemRefType>(padded.getType());
    if (!padded.getDefiningOp<memref::AllocOp>() || padded == output ||
        !paddedType || !paddedType.hasStaticShape())
      continue;
    PaddedOperand p;
    p.padded = padded;
    bool ok = true;
    for (Operation *user : padded.getUsers()) {
      if (user == c.op || isa<memref::DeallocOp>(user))
        continue;
      if (auto sub = dyn_cast<memref::SubViewOp>(user)) {
        if (p.copy || !sub->hasOneUse() ||
            sub.getType().getRank() != paddedType.getRank() ||
            llvm::any_of(sub.getStaticOffsets(), ShapedType::isDynamic) ||
            llvm::any_of(sub.getStaticSizes(), ShapedType::isDynamic) ||
            !llvm::all_of(sub.getStaticStrides(),
                          [](int64_t s) { return s == 1; })) {
          ok = false;
          break;
        }
        Operation *copy = *sub->getUsers().begin();
        Value source = copySource(copy, sub);
        auto sourceType =
            source ? dyn_cast<MemRefType>(source.getType()) : MemRefType();
        if (!sourceType ||
            sourceType.getElementType() != paddedType.getElementType() ||
            sourceType.getShape() != sub.getStaticSizes()) {
          ok = false;
          break;
        }
        p.copy = copy;
        p.source = source;
        p.offsets.assign(sub.getStaticOffsets().begin(),
                         sub.getStaticOffsets().end());
        p.sizes.assign(sub.getStaticSizes().begin(),
                       sub.getStaticSizes().end());
        continue;
      }
      if (TypedAttr value = fillValue(user, padded)) {
        if (p.fill || value.getType() != paddedType.getElementType()) {
          ok = false;
          break;
        }
        p.fill = user;
        p.padValue = value;
        continue;
      }
      // Any other user may only read it.
      if (mayWrite(user, padded)) {
        ok = false;
        break;
      }
    }
    if (!ok || !p.fill || !p.copy || p.fill->getBlock() != block ||
        p.copy->getBlock() != block || !p.fill->isBeforeInBlock(p.copy) ||
        !p.copy->isBeforeInBlock(c.op))
      continue;
    // The kernel reads the source where the contraction ran, while it
    // writes its output: the source must hold what was copied then, and
    // not be written by the kernel.
    Value root = rootBuffer(p.source);
    if (rootBuffer(output) == root ||
        (c.epilogue &&
         rootBuffer(c.epilogue.getDpsInitOperand(0)->get()) == root))
      continue;
    bool written = false;
    for (Operation *op = p.copy->getNextNode(); op != c.op.getOperation();
         op = op->getNextNode())
      written = written || mayWrite(op, root);
    if (!written)
      c.padded[i] = std::move(p);
  }
}

/// Loads element `indices` of `op`'s operands other than the output
/// `skip` for an elementwise generic whose loops are the indices.
static SmallVector<Value> loadElementwiseInputs(OpBuilder &b, Location loc,
                                                linalg::GenericOp op,
                                                ValueRange indices, Value skip,
                                                Value skipValue) {
  SmallVector<Value> values;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (input->get() == skip) {
      values.push_back(skipValue);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(input);
    SmallVector<Value> at;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      at.push_back(
          affine::AffineApplyOp::create(b, loc, map.getSubMap({r}), indices));
    values.push_back(memref::LoadOp::create(b, loc, input->get(), at));
  }
  return values;
}

Value loadInitial(OpBuilder &b, Location loc, const Contraction &c,
                  ValueRange bmn, bool clampM, bool clampN) {
  SmallVector<Value> bmnk{bmn[0], clampIndex(b, loc, bmn[1], c.m, clampM),
                          clampIndex(b, loc, bmn[2], c.n, clampN),
                          indexConstant(b, loc, 0)};
  if (!c.init)
    return loadOperand(b, loc, c, Contraction::kOutput, bmnk);
  SmallVector<Value> indices =
      operandIndices(b, loc, c, Contraction::kOutput, bmnk);
  return applyBody(b, c.init,
                   loadElementwiseInputs(b, loc, c.init, indices, Value(),
                                         Value()));
}

void storeResult(OpBuilder &b, Location loc, const Contraction &c,
                 Value value, ValueRange bmn) {
  SmallVector<Value> bmnk(bmn);
  bmnk.push_back(indexConstant(b, loc, 0));
  SmallVector<Value> indices =
      operandIndices(b, loc, c, Contraction::kOutput, bmnk);
  Value output = c.op->getOperand(Contraction::kOutput);
  if (!c.epilogue) {
    memref::StoreOp::create(b, loc, value, output, indices);
    return;
  }
  linalg::GenericOp epilogue = c.epilogue;
  OpOperand *init = epilogue.getDpsInitOperand(0);
  SmallVector<Value> args =
      loadElementwiseInputs(b, loc, epilogue, indices, output, value);
  if (!epilogue.getMatchingBlockArgument(init).use_empty())
    args.push_back(memref::LoadOp::create(b, loc, init->get(), indices));
  memref::StoreOp::create(b, loc, applyBody(b, epilogue, args), init->get(),
                          indices);
}

/// Erases the padded temporary `p`, its fill and its copy when nothing else
/// uses it.
static void erasePaddedIfUnused(const PaddedOperand &p) {
  Operation *subview = p.copy->getOperand(p.copy->getNumOperands() - 1)
                           .getDefiningOp();
  if (!llvm::all_of(p.padded.getUsers(), [&](Operation *user) {
        return user == p.fill || user == subview ||
               isa<memref::DeallocOp>(user);
      }))
    return;
  p.copy->erase();
  subview->erase();
  p.fill->erase();
  for (Operation *user : llvm::make_early_inc_range(p.padded.getUsers()))
    user->erase(); // deallocations
  p.padded.getDefiningOp()->erase();
}

void eraseContraction(const Contraction &c) {
  Value output = c.op->getOperand(Contraction::kOutput);
  c.op->erase();
  if (c.init)
    c.init->erase();
  if (c.padded[0])
    erasePaddedIfUnused(*c.padded[0]);
  if (c.padded[1] &&
      !(c.padded[0] && c.padded[0]->padded == c.padded[1]->padded))
    erasePaddedIfUnused(*c.padded[1]);
  if (!c.epilogue)
    return;
  c.epilogue->erase();
  for (Operation *user : llvm::make_early_inc_range(output.getUsers()))
    user->erase(); // deallocations
  output.getDefiningOp()->erase();
}

gpu::LaunchOp createTiledLaunch(const Contraction &c, int64_t blocks,
                                int64_t threads, TypeRange workgroupBuffers) {
  linalg::GenericOp at = c.epilogue ? c.epilogue : c.op;
  OpBuilder b(at);
  Location loc = c.op->getLoc();
  Value one = indexConstant(b, loc, 1);
  auto launch = gpu::LaunchOp::create(
      b, loc, indexConstant(b, loc, blocks), one, one,
      indexConstant(b, loc, threads), one, one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, workgroupBuffers);
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  return launch;
}

MemRefType workgroupMemRef(ArrayRef<int64_t> shape, Type elementType) {
  MLIRContext *context = elementType.getContext();
  return MemRefType::get(
      shape, elementType, MemRefLayoutAttrInterface{},
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup));
}

/// How many consecutive elements (up to 16 bytes) one thread can copy of
/// `copy.operand` as one vector along its fast loop `fastDim` (of
/// `fastExtent` elements in the tile): the operand's last index must be that
/// loop alone, contiguous in memory, with every row starting at a multiple
/// of the width. 1 when no vector fits.
static int64_t vectorWidth(const Contraction &c, const TileCopy &copy,
                           unsigned fastDim, int64_t fastExtent) {
  linalg::GenericOp generic = c.op;
  auto type = cast<MemRefType>(generic->getOperand(copy.operand).getType());
  int64_t bits = type.getElementTypeBitWidth();
  if (bits % 8 != 0 || bits > 64)
    return 1;
  AffineMap map = generic.getIndexingMapsArray()[copy.operand];
  unsigned rank = map.getNumResults();
  auto last = dyn_cast<AffineDimExpr>(map.getResult(rank - 1));
  if (!last || last.getPosition() != fastDim)
    return 1;
  for (unsigned r = 0; r + 1 < rank; ++r)
    if (map.getResult(r).isFunctionOfDim(fastDim))
      return 1;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return 1;
  int64_t width = 128 / bits;
  auto divides = [&](int64_t v) {
    return !ShapedType::isDynamic(v) && v % width == 0;
  };
  while (width > 1 &&
         (!divides(offset) || !divides(c.loopSizes[fastDim]) ||
          !divides(fastExtent) ||
          !llvm::all_of(ArrayRef(strides).drop_back(), divides)))
    width /= 2;
  return width;
}

/// Element `indices` of the padded temporary `p`, read from its source: at
/// `indices - offsets` inside the copied window, else the fill's constant.
static Value loadPadded(OpBuilder &b, Location loc, const PaddedOperand &p,
                        ValueRange indices) {
  auto type = cast<MemRefType>(p.padded.getType());
  SmallVector<Value> at;
  Value inside;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value relative = index;
    if (p.offsets[d] != 0)
      relative = arith::SubIOp::create(b, loc, index,
                                       indexConstant(b, loc, p.offsets[d]));
    at.push_back(relative);
    if (p.offsets[d] == 0 && p.sizes[d] == type.getDimSize(d))
      continue;
    // Below the window, the difference wraps to a large unsigned value.
    Value in =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, relative,
                              indexConstant(b, loc, p.sizes[d]));
    inside = inside ? arith::AndIOp::create(b, loc, inside, in).getResult()
                    : in;
  }
  if (!inside)
    return memref::LoadOp::create(b, loc, p.source, at);
  auto ifOp = scf::IfOp::create(
      b, loc, inside,
      [&](OpBuilder &tb, Location l) {
        scf::YieldOp::create(
            tb, l, ValueRange{memref::LoadOp::create(tb, l, p.source, at)});
      },
      [&](OpBuilder &eb, Location l) {
        scf::YieldOp::create(
            eb, l, ValueRange{arith::ConstantOp::create(eb, l, p.padValue)});
      });
  return ifOp.getResult(0);
}

void copyTileToShared(OpBuilder &b, Location loc, const Contraction &c,
                      const TileCopy &copy, Value shared, Value tid,
                      int64_t threads, Value batch, Value row0, Value k0,
                      int64_t kValid) {
  bool isA = copy.operand == c.aOperand;
  ArrayRef<unsigned> rowDims = isA ? c.mDims : c.nDims;
  // Consecutive threads take consecutive rows when the operand's last
  // index moves with the innermost row loop (or not with the innermost
  // reduction loop), else consecutive K indices: coalesced either way for
  // plain and transposed layouts.
  linalg::GenericOp generic = c.op;
  Value operand = generic->getOperand(copy.operand);
  AffineMap map = generic.getIndexingMapsArray()[copy.operand];
  AffineExpr last = map.getResult(map.getNumResults() - 1);
  bool rowsFast = last.isFunctionOfDim(rowDims.back()) ||
                  !last.isFunctionOfDim(c.kDims.back());
  int64_t fastExtent = rowsFast ? copy.rows : copy.depth;
  // A padded temporary is read through its source, element by element: a
  // vector could straddle the window's edge.
  const std::optional<PaddedOperand> &padded = c.padded[copy.operand];
  int64_t width =
      padded ? 1
             : vectorWidth(c, copy,
                           rowsFast ? rowDims.back() : c.kDims.back(),
                           fastExtent);
  Type element = getElementTypeOrSelf(operand.getType());
  int64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  // The shared buffer is contiguous along the fast index when it is the
  // buffer's inner one, and its rows are 16-byte aligned when the padded
  // row length is.
  auto sharedType = cast<MemRefType>(shared.getType());
  bool sharedVector =
      copy.kInnerInShared == !rowsFast &&
      (sharedType.getShape().back() * elementBytes) % 16 == 0;
  int64_t elements = copy.rows * copy.depth;
  Value zero = indexConstant(b, loc, 0);
  bool clampRows = copy.extent % copy.rows != 0;
  bool clampK = kValid < copy.depth;

  // Each thread copies `vector` consecutive elements along the fast index
  // at a time, the groups of the tile spread over the threads.
  auto emitCopy = [&](OpBuilder &b, int64_t vector) {
    int64_t groups = elements / vector;
    for (int64_t first = 0; first < groups; first += threads) {
      OpBuilder::InsertionGuard guard(b);
      Value linear =
          arith::AddIOp::create(b, loc, tid, indexConstant(b, loc, first));
      if (first + threads > groups) {
        Value inside =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, linear,
                                  indexConstant(b, loc, groups));
        auto ifOp =
            scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
        b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      }
      Value extent = indexConstant(b, loc, fastExtent / vector);
      Value fast = arith::MulIOp::create(
          b, loc, arith::RemUIOp::create(b, loc, linear, extent),
          indexConstant(b, loc, vector));
      Value slow = arith::DivUIOp::create(b, loc, linear, extent);
      Value r = rowsFast ? fast : slow;
      Value kk = rowsFast ? slow : fast;
      // A clamped vector stays inside: the extents are multiples of it.
      Value row = clampIndex(b, loc, arith::AddIOp::create(b, loc, row0, r),
                             copy.extent - (rowsFast ? vector - 1 : 0),
                             clampRows);
      Value k = clampIndex(b, loc, arith::AddIOp::create(b, loc, k0, kk),
                           c.k - (rowsFast ? 0 : vector - 1), clampK);
      SmallVector<Value> bmnk = isA ? SmallVector<Value>{batch, row, zero, k}
                                    : SmallVector<Value>{batch, zero, row, k};
      SmallVector<Value> indices = operandIndices(b, loc, c, copy.operand,
                                                  bmnk);
      Value v;
      auto vectorType = VectorType::get({vector}, element);
      if (padded)
        v = loadPadded(b, loc, *padded, indices);
      else if (vector == 1)
        v = memref::LoadOp::create(b, loc, operand, indices);
      else
        v = vector::LoadOp::create(b, loc, vectorType, operand, indices,
                                   /*nontemporal=*/false,
                                   llvm::MaybeAlign(vector * elementBytes));
      if (clampK && copy.zeroPastK) {
        Value inside = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ult,
            arith::AddIOp::create(b, loc, k0, kk), indexConstant(b, loc, c.k));
        Value zeroValue = arith::ConstantOp::create(
            b, loc, v.getType(), b.getZeroAttr(v.getType()));
        v = arith::SelectOp::create(b, loc, inside, v, zeroValue);
      }
      auto at = [&](int64_t e) {
        Value rr = rowsFast ? arith::AddIOp::create(
                                  b, loc, r, indexConstant(b, loc, e))
                            : r;
        Value kp = rowsFast ? kk
                            : arith::AddIOp::create(
                                  b, loc, kk, indexConstant(b, loc, e));
        return copy.kInnerInShared ? SmallVector<Value>{rr, kp}
                                   : SmallVector<Value>{kp, rr};
      };
      if (vector == 1) {
        memref::StoreOp::create(b, loc, v, shared, at(0));
      } else if (sharedVector) {
        vector::StoreOp::create(b, loc, v, shared, at(0),
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(vector * elementBytes));
      } else {
        for (int64_t e = 0; e < vector; ++e)
          memref::StoreOp::create(
              b, loc, vector::ExtractOp::create(b, loc, v, e), shared, at(e));
      }
    }
  };
  if (width == 1)
    return emitCopy(b, 1);
  // Vector loads need the caller's buffer aligned to the vector (the
  // offsets and strides already are): one test, the same for all threads.
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(
      b, loc, b.getIndexType(), operand);
  Value aligned = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, pointer,
                             indexConstant(b, loc, width * elementBytes)),
      zero);
  auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  emitCopy(thenBuilder, width);
  OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
  emitCopy(elseBuilder, 1);
}

} // namespace aotc
