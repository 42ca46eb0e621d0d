//===- NHWCElementwise.cpp - elementwise ops on channels-innermost images -===//
//
// Implements `aotc-cpu-nhwc-elementwise` (Passes.td has the contract): an
// elementwise op on NCHW images whose every image operand is stored with
// channels innermost (read through a transposition) computes in that
// layout, and the transposition moves to its result, so that a QDQ graph's
// activations, quantizations and residual adds between VNNI contractions
// stay with channels innermost from one contraction to the next.
//
//===----------------------------------------------------------------------===//

#include "aotc/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace aotc {
#define GEN_PASS_DEF_NHWCELEMENTWISEPASS
#include "aotc/Target/CPU/Passes.h.inc"
} // namespace aotc

using namespace mlir;

namespace {

/// NHWC to NCHW as a linalg.transpose permutation: result dimension i is
/// the source's dimension kToNCHW[i].
constexpr int64_t kToNCHW[] = {0, 3, 1, 2};

bool isToNCHW(linalg::TransposeOp transpose) {
  return transpose.getPermutation() == ArrayRef<int64_t>(kToNCHW);
}

/// An input of `generic` (loops n, c, h, w) and the NHWC tensor it reads:
/// the source of a transposition to NCHW read with the identity map, or a
/// tensor read at (n, h, w, c) directly.
Value nhwcSource(linalg::GenericOp generic, OpOperand *input) {
  MLIRContext *context = generic.getContext();
  AffineMap map = generic.getMatchingIndexingMap(input);
  auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
  if (map == AffineMap::get(4, 0, {dim(0), dim(2), dim(3), dim(1)}, context))
    return input->get();
  auto transpose = input->get().getDefiningOp<linalg::TransposeOp>();
  if (transpose && isToNCHW(transpose) && map.isIdentity())
    return transpose.getInput();
  return nullptr;
}

struct NHWCElementwisePass final
    : aotc::impl::NHWCElementwisePassBase<NHWCElementwisePass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk(
        [&](linalg::GenericOp generic) { generics.push_back(generic); });
    // In program order: each rewrite gives its users NHWC operands.
    for (linalg::GenericOp generic : generics)
      if (succeeded(rewrite(generic)))
        ++numRewritten;
    // A transposition to NCHW read back with channels innermost (the
    // uint8 operand aotc-cpu-vnni-convs makes of an NCHW image) is read at
    // its source: the two cancel, whichever other readers it has.
    getOperation().walk([&](linalg::GenericOp generic) {
      for (OpOperand *input : generic.getDpsInputOperands())
        if (readsThroughUndoneTranspose(generic, input))
          ++numRewritten;
    });
  }

  /// Rewrites `input` of `generic` to read the source of the
  /// linalg.transpose it is, when its map undoes that transposition (the
  /// source is then read through the identity map).
  static bool readsThroughUndoneTranspose(linalg::GenericOp generic,
                                          OpOperand *input) {
    auto transpose = input->get().getDefiningOp<linalg::TransposeOp>();
    if (!transpose || !generic.hasPureTensorSemantics())
      return false;
    AffineMap map = generic.getMatchingIndexingMap(input);
    ArrayRef<int64_t> permutation = transpose.getPermutation();
    if (map.getNumResults() != permutation.size() ||
        map.getNumDims() != permutation.size())
      return false;
    // The transposition's element `r` is its source's element `s` with
    // s[permutation[d]] = r[d].
    SmallVector<AffineExpr> source(permutation.size());
    for (auto [d, p] : llvm::enumerate(permutation))
      source[p] = map.getResult(d);
    AffineMap composed =
        AffineMap::get(map.getNumDims(), 0, source, generic.getContext());
    if (!composed.isIdentity())
      return false;
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    maps[input->getOperandNumber()] = composed;
    generic.setIndexingMapsAttr(
        OpBuilder(generic).getAffineMapArrayAttr(maps));
    input->set(transpose.getInput());
    if (transpose->use_empty())
      transpose->erase();
    return true;
  }

  static LogicalResult rewrite(linalg::GenericOp generic) {
    if (!generic.hasPureTensorSemantics() || generic.getNumLoops() != 4 ||
        generic.getNumReductionLoops() != 0 ||
        !generic.getBody()->getOps<linalg::IndexOp>().empty())
      return failure();
    for (OpOperand &init : generic.getDpsInitsMutable())
      if (!generic.getMatchingIndexingMap(&init).isIdentity() ||
          generic.payloadUsesValueFromOperand(&init))
        return failure();
    // Every input that varies along all four loops (an image, not a
    // per-channel constant, a scalar or a fill: the zero initial value of a
    // convolution without a bias) must be stored NHWC.
    SmallVector<Value> sources;
    bool any = false;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      Value source = nhwcSource(generic, input);
      sources.push_back(source);
      any |= source != nullptr;
      AffineMap map = generic.getMatchingIndexingMap(input);
      if (!source && !input->get().getDefiningOp<linalg::FillOp>() &&
          llvm::all_of(llvm::seq<unsigned>(0, 4), [&](unsigned d) {
            return map.isFunctionOfDim(d);
          }))
        return failure();
    }
    if (!any)
      return failure();

    // Loops (n, h, w, c): the old loop values are (n, c, h, w) of them.
    MLIRContext *context = generic.getContext();
    auto dim = [&](unsigned d) { return getAffineDimExpr(d, context); };
    AffineMap old = AffineMap::get(4, 0, {dim(0), dim(3), dim(1), dim(2)},
                                   context);
    OpBuilder b(generic);
    Location loc = generic.getLoc();
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (auto [input, source] :
         llvm::zip(generic.getDpsInputOperands(), sources)) {
      if (source) {
        inputs.push_back(source);
        maps.push_back(AffineMap::getMultiDimIdentityMap(4, context));
        continue;
      }
      inputs.push_back(input->get());
      maps.push_back(generic.getMatchingIndexingMap(input).compose(old));
    }
    SmallVector<Value> inits;
    SmallVector<Type> types;
    for (Value init : generic.getDpsInits()) {
      auto type = cast<RankedTensorType>(init.getType());
      SmallVector<int64_t> shape = {type.getDimSize(0), type.getDimSize(2),
                                    type.getDimSize(3), type.getDimSize(1)};
      inits.push_back(
          tensor::EmptyOp::create(b, loc, shape, type.getElementType()));
      types.push_back(inits.back().getType());
      maps.push_back(AffineMap::getMultiDimIdentityMap(4, context));
    }
    auto nhwc = linalg::GenericOp::create(
        b, loc, types, inputs, inits, maps, generic.getIteratorTypesArray());
    nhwc.getRegion().takeBody(generic.getRegion());
    SmallVector<Value> results;
    for (auto [result, init] : llvm::zip(nhwc.getResults(), generic.getDpsInits()))
      results.push_back(
          linalg::TransposeOp::create(b, loc, result, init, kToNCHW)
              ->getResult(0));
    generic->replaceAllUsesWith(results);
    generic.erase();
    return success();
  }
};

} // namespace
