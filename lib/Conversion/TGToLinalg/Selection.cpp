//===- Selection.cpp - tg ops with data-dependent extents to loops --------===//
//
// Lowers the ops of TGSelectionOps.td. What they select, and so where each
// selection lands, depends on everything selected before it, so they are
// sequential: `scf.for` loops that carry the result tensor and a count and
// update the result with `tensor.insert`, as the scatters do (Indexing.cpp).
// One-shot bufferization turns the carried tensors into in-place stores.
//
// tg.nonzero is one pass over the input in row-major order.
//
// tg.non_max_suppression visits, for every (batch, class), the candidate
// boxes best first: each step picks the best unvisited candidate with a scan
// over the class's scores (so O(N^2) per class, without a sort or any
// scratch beyond a visited flag per box) and compares it with the boxes
// already selected for the class.
//
//===----------------------------------------------------------------------===//

#include "aotc/Conversion/TGToLinalg/TGToLinalg.h"
#include "aotc/Dialect/TG/IR/TGOps.h"

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::tgtolinalg;

namespace {

Value index(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value toI64(OpBuilder &b, Location loc, Value indexValue) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), indexValue);
}

/// The count `n` (index) as a rank-0 i64 tensor.
Value countTensor(OpBuilder &b, Location loc, Value n) {
  return tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({}, b.getI64Type()),
      ValueRange{toI64(b, loc, n)});
}

//===----------------------------------------------------------------------===//
// NonZero
//===----------------------------------------------------------------------===//

/// True (i1) when the scalar `x` is not zero; NaN is not zero.
Value isNonZero(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  if (isa<FloatType>(type))
    return arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::UNE, x,
        arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x,
                               createScalarConstant(b, loc, type, 0));
}

/// Lowers tg.nonzero to one loop over the elements in row-major order that
/// carries the coordinates and the count, writing column `count` when an
/// element is nonzero.
struct NonZeroOpLowering final : OpConversionPattern<tg::NonZeroOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::NonZeroOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto coordsType = cast<RankedTensorType>(op.getCoordinates().getType());
    ArrayRef<int64_t> shape = inputType.getShape();
    Value init = createFilledTensor(
        rewriter, loc, coordsType,
        createScalarConstant(rewriter, loc, rewriter.getI64Type(), 0));
    auto loop = scf::ForOp::create(
        rewriter, loc, index(rewriter, loc, 0),
        index(rewriter, loc, inputType.getNumElements()),
        index(rewriter, loc, 1), ValueRange{init, index(rewriter, loc, 0)},
        [&](OpBuilder &b, Location l, Value linear, ValueRange carried) {
          SmallVector<Value> coords(shape.size());
          Value rest = linear;
          for (int64_t d = shape.size() - 1; d >= 0; --d) {
            Value size = index(b, l, shape[d]);
            coords[d] = arith::RemUIOp::create(b, l, rest, size);
            rest = arith::DivUIOp::create(b, l, rest, size);
          }
          Value x = tensor::ExtractOp::create(b, l, input, coords);
          auto write = scf::IfOp::create(
              b, l, isNonZero(b, l, x),
              [&](OpBuilder &tb, Location tl) {
                Value result = carried[0], count = carried[1];
                for (auto [d, coord] : llvm::enumerate(coords))
                  result = tensor::InsertOp::create(
                      tb, tl, toI64(tb, tl, coord), result,
                      ValueRange{index(tb, tl, d), count});
                Value next =
                    arith::AddIOp::create(tb, tl, count, index(tb, tl, 1));
                scf::YieldOp::create(tb, tl, ValueRange{result, next});
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, carried);
              });
          scf::YieldOp::create(b, l, write.getResults());
        });
    rewriter.replaceOp(op, {loop.getResult(0),
                            countTensor(rewriter, loc, loop.getResult(1))});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// NonMaxSuppression
//===----------------------------------------------------------------------===//

/// One box as the extents [xMin, xMax] and [yMin, yMax].
struct Box {
  Value xMin, xMax, yMin, yMax;
};

/// Box `box` of batch `batch` in `boxes` (B x N x 4): corners in either
/// order, or center and size.
Box loadBox(OpBuilder &b, Location loc, Value boxes, Value batch, Value box,
            bool centerPointBox) {
  Value v[4];
  for (int k = 0; k < 4; ++k)
    v[k] = tensor::ExtractOp::create(b, loc, boxes,
                                     ValueRange{batch, box, index(b, loc, k)});
  if (centerPointBox) {
    // [x_center, y_center, width, height]
    Value two = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(2.0f));
    Value halfW = arith::DivFOp::create(b, loc, v[2], two);
    Value halfH = arith::DivFOp::create(b, loc, v[3], two);
    return {arith::SubFOp::create(b, loc, v[0], halfW),
            arith::AddFOp::create(b, loc, v[0], halfW),
            arith::SubFOp::create(b, loc, v[1], halfH),
            arith::AddFOp::create(b, loc, v[1], halfH)};
  }
  // [y1, x1, y2, x2], either diagonal.
  return {arith::MinimumFOp::create(b, loc, v[1], v[3]),
          arith::MaximumFOp::create(b, loc, v[1], v[3]),
          arith::MinimumFOp::create(b, loc, v[0], v[2]),
          arith::MaximumFOp::create(b, loc, v[0], v[2])};
}

/// True (i1) when `a` and `b` overlap with an intersection over union
/// greater than `threshold`. Boxes with no intersection, an empty area or
/// an empty union overlap nothing.
Value suppresses(OpBuilder &b, Location loc, const Box &p, const Box &q,
                 Value threshold) {
  using FP = arith::CmpFPredicate;
  auto sub = [&](Value x, Value y) {
    return arith::SubFOp::create(b, loc, x, y).getResult();
  };
  auto mul = [&](Value x, Value y) {
    return arith::MulFOp::create(b, loc, x, y).getResult();
  };
  auto gt = [&](Value x, Value y) {
    return arith::CmpFOp::create(b, loc, FP::OGT, x, y).getResult();
  };
  auto both = [&](Value x, Value y) {
    return arith::AndIOp::create(b, loc, x, y).getResult();
  };
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  Value ixMin = arith::MaximumFOp::create(b, loc, p.xMin, q.xMin);
  Value ixMax = arith::MinimumFOp::create(b, loc, p.xMax, q.xMax);
  Value iyMin = arith::MaximumFOp::create(b, loc, p.yMin, q.yMin);
  Value iyMax = arith::MinimumFOp::create(b, loc, p.yMax, q.yMax);
  Value intersection = mul(sub(ixMax, ixMin), sub(iyMax, iyMin));
  Value areaP = mul(sub(p.xMax, p.xMin), sub(p.yMax, p.yMin));
  Value areaQ = mul(sub(q.xMax, q.xMin), sub(q.yMax, q.yMin));
  Value unionArea =
      sub(arith::AddFOp::create(b, loc, areaP, areaQ), intersection);
  Value iou = arith::DivFOp::create(b, loc, intersection, unionArea);
  Value valid = both(both(gt(ixMax, ixMin), gt(iyMax, iyMin)),
                     both(both(gt(intersection, zero), gt(areaP, zero)),
                          both(gt(areaQ, zero), gt(unionArea, zero))));
  return both(valid, gt(iou, threshold));
}

/// Lowers tg.non_max_suppression to loops: over (batch, class); over the
/// selection steps of a class, each picking the best unvisited candidate;
/// inside a step, a scan for that candidate and one over the boxes selected
/// for the class so far.
struct NonMaxSuppressionOpLowering final
    : OpConversionPattern<tg::NonMaxSuppressionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tg::NonMaxSuppressionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value boxes = adaptor.getBoxes(), scores = adaptor.getScores();
    auto scoresType = cast<RankedTensorType>(scores.getType());
    auto selectedType = cast<RankedTensorType>(op.getSelected().getType());
    int64_t numClasses = scoresType.getDimSize(1);
    int64_t numBoxes = scoresType.getDimSize(2);
    int64_t batches = scoresType.getDimSize(0);
    bool centerPointBox = op.getCenterPointBox();
    Type i64 = b.getI64Type(), i1 = b.getI1Type();

    // The run-time limit per class, clamped to [0, per_class].
    Value limit = tensor::ExtractOp::create(
        b, loc, adaptor.getMaxOutputBoxesPerClass(), ValueRange{});
    limit = arith::MaxSIOp::create(b, loc, limit,
                                   createScalarConstant(b, loc, i64, 0));
    limit = arith::MinSIOp::create(
        b, loc, limit, createScalarConstant(b, loc, i64, op.getPerClass()));
    limit = arith::IndexCastOp::create(b, loc, b.getIndexType(), limit);
    Value iouThreshold =
        tensor::ExtractOp::create(b, loc, adaptor.getIouThreshold(),
                                  ValueRange{});
    Value scoreThreshold =
        tensor::ExtractOp::create(b, loc, adaptor.getScoreThreshold(),
                                  ValueRange{});
    // A NaN threshold (ONNX's omitted input) keeps every box.
    Value anyScore = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                           scoreThreshold, scoreThreshold);

    Value selected = createFilledTensor(b, loc, selectedType,
                                        createScalarConstant(b, loc, i64, 0));
    auto visitedType = RankedTensorType::get({numBoxes}, i1);
    Value visited = createEmptyTensor(b, loc, visitedType);
    Value falseValue = arith::ConstantIntOp::create(b, loc, 0, 1);
    Value trueValue = arith::ConstantIntOp::create(b, loc, 1, 1);
    Value zero = index(b, loc, 0), one = index(b, loc, 1);
    Value none = index(b, loc, numBoxes);

    auto classes = scf::ForOp::create(
        b, loc, zero, index(b, loc, batches * numClasses), one,
        ValueRange{selected, zero, visited},
        [&](OpBuilder &b, Location l, Value bc, ValueRange outer) {
          Value numC = index(b, l, numClasses);
          Value batch = arith::DivUIOp::create(b, l, bc, numC);
          Value cls = arith::RemUIOp::create(b, l, bc, numC);
          Value classStart = outer[1];
          Value cleared =
              linalg::FillOp::create(b, l, falseValue, outer[2]).getResult(0);
          Value noneWanted = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::eq, limit, zero);
          auto steps = scf::ForOp::create(
              b, l, zero, index(b, l, numBoxes), one,
              ValueRange{outer[0], outer[1], cleared, noneWanted},
              [&](OpBuilder &b, Location l, Value, ValueRange state) {
                auto step = scf::IfOp::create(
                    b, l, state[3],
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, state);
                    },
                    [&](OpBuilder &b, Location l) {
                      Value picked = pickBest(b, l, scores, state[2], batch,
                                              cls, scoreThreshold, anyScore,
                                              numBoxes);
                      Value found = arith::CmpIOp::create(
                          b, l, arith::CmpIPredicate::ne, picked, none);
                      auto take = scf::IfOp::create(
                          b, l, found,
                          [&](OpBuilder &b, Location l) {
                            scf::YieldOp::create(
                                b, l,
                                selectOne(b, l, boxes, state, picked, batch,
                                          cls, classStart, limit,
                                          iouThreshold, centerPointBox,
                                          trueValue));
                          },
                          [&](OpBuilder &b, Location l) {
                            scf::YieldOp::create(
                                b, l,
                                ValueRange{state[0], state[1], state[2],
                                           trueValue});
                          });
                      scf::YieldOp::create(b, l, take.getResults());
                    });
                scf::YieldOp::create(b, l, step.getResults());
              });
          scf::YieldOp::create(
              b, l,
              ValueRange{steps.getResult(0), steps.getResult(1),
                         steps.getResult(2)});
        });
    rewriter.replaceOp(op, {classes.getResult(0),
                            countTensor(b, loc, classes.getResult(1))});
    return success();
  }

private:
  /// The index of the best unvisited candidate of (batch, cls): the highest
  /// score above the threshold, the lowest index among equal scores; or
  /// `numBoxes` when none is left.
  static Value pickBest(OpBuilder &b, Location loc, Value scores,
                        Value visited, Value batch, Value cls,
                        Value scoreThreshold, Value anyScore,
                        int64_t numBoxes) {
    Value none = index(b, loc, numBoxes);
    Value lowest = arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(-std::numeric_limits<float>::infinity()));
    auto scan = scf::ForOp::create(
        b, loc, index(b, loc, 0), none, index(b, loc, 1),
        ValueRange{none, lowest},
        [&](OpBuilder &b, Location l, Value j, ValueRange best) {
          Value score = tensor::ExtractOp::create(
              b, l, scores, ValueRange{batch, cls, j});
          Value seen = tensor::ExtractOp::create(b, l, visited, ValueRange{j});
          Value above = arith::OrIOp::create(
              b, l, anyScore,
              arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, score,
                                    scoreThreshold));
          Value first = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                              best[0], none);
          Value better = arith::OrIOp::create(
              b, l, first,
              arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, score,
                                    best[1]));
          Value unseen = arith::XOrIOp::create(
              b, l, seen, arith::ConstantIntOp::create(b, l, 1, 1));
          Value take = arith::AndIOp::create(
              b, l, arith::AndIOp::create(b, l, unseen, above), better);
          scf::YieldOp::create(
              b, l,
              ValueRange{arith::SelectOp::create(b, l, take, j, best[0]),
                         arith::SelectOp::create(b, l, take, score, best[1])});
        });
    return scan.getResult(0);
  }

  /// Marks candidate `picked` visited and selects it (row `count` of the
  /// result) unless a box selected for the class since `classStart`
  /// suppresses it. Yields the new (selected, count, visited, done).
  static SmallVector<Value>
  selectOne(OpBuilder &b, Location loc, Value boxes, ValueRange state,
            Value picked, Value batch, Value cls, Value classStart,
            Value limit, Value iouThreshold, bool centerPointBox,
            Value trueValue) {
    Value visited = tensor::InsertOp::create(b, loc, trueValue, state[2],
                                             ValueRange{picked});
    Value selected = state[0], count = state[1];
    Box candidate = loadBox(b, loc, boxes, batch, picked, centerPointBox);
    auto check = scf::ForOp::create(
        b, loc, classStart, count, index(b, loc, 1),
        ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
        [&](OpBuilder &b, Location l, Value row, ValueRange suppressed) {
          Value other = tensor::ExtractOp::create(
              b, l, selected, ValueRange{row, index(b, l, 2)});
          other = arith::IndexCastOp::create(b, l, b.getIndexType(), other);
          Box kept = loadBox(b, l, boxes, batch, other, centerPointBox);
          Value hit = suppresses(b, l, candidate, kept, iouThreshold);
          scf::YieldOp::create(
              b, l, ValueRange{arith::OrIOp::create(b, l, suppressed[0], hit)});
        });
    auto append = scf::IfOp::create(
        b, loc, check.getResult(0),
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, ValueRange{selected, count});
        },
        [&](OpBuilder &b, Location l) {
          Value result = selected;
          Value entries[3] = {batch, cls, picked};
          for (int k = 0; k < 3; ++k)
            result = tensor::InsertOp::create(b, l, toI64(b, l, entries[k]),
                                              result,
                                              ValueRange{count, index(b, l, k)});
          scf::YieldOp::create(
              b, l,
              ValueRange{result,
                         arith::AddIOp::create(b, l, count, index(b, l, 1))});
        });
    Value newCount = append.getResult(1);
    Value taken = arith::SubIOp::create(b, loc, newCount, classStart);
    Value full = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                       taken, limit);
    return {append.getResult(0), newCount, visited, full};
  }
};

} // namespace

void aotc::populateTGSelectionToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<NonZeroOpLowering, NonMaxSuppressionOpLowering>(
      patterns.getContext());
}
