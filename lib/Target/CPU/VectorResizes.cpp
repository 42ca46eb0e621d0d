//===- VectorResizes.cpp - resizes by constant index tables, on vectors ---===//
//
// Part of `aotc-cpu-vector-kernels`: a nearest or linear `tg.resize` lowers
// to an elementwise linalg.generic that reads, per output position, source
// indices and weights from constant tables (one per resized axis) and loads
// the input at those indices (`memref.load` of computed indices). Along the
// output's contiguous loop those loads are gathers, which the other kernels
// leave to scalar loops: FCN's final 28x28 -> 224x224 resize of 21 classes
// ran at 4 GFLOP/s, 19% of LR-ASPP's time.
//
// The tables are compile-time constants, so each vector of outputs along
// that loop reads a known set of source columns, within two vectors of the
// source row for an upsampling: the kernel loads those two vectors once per
// source row it reads and picks each lane's element with a `vector.shuffle`
// of constant mask (a `vpermt2ps`). The vectors of an output row are
// unrolled, each with its own masks and weights; the loops outside are
// scf.for, the outermost parallel. docs/cpu-kernels.md.
//
//===----------------------------------------------------------------------===//

#include "VectorKernelSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace aotc::cpu {
namespace {

/// Output vectors per row at most: each is unrolled.
constexpr int64_t kMaxRowVectors = 64;

/// A constant 1-D table input, read at one loop's value.
struct Table {
  unsigned loop;
  SmallVector<int64_t> ints;
  SmallVector<float> floats;
};

struct ResizePlan {
  unsigned lanes;
  /// The output's contiguous loop.
  unsigned w;
  SmallVector<int64_t> extents;
  /// Per input operand.
  SmallVector<Table> tables;
};

/// The values of `value` when it is a constant memref.global's.
std::optional<DenseElementsAttr> getGlobalValues(Value value) {
  auto get = value.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant())
    return std::nullopt;
  auto dense = dyn_cast_or_null<DenseElementsAttr>(global.getConstantInitValue());
  if (!dense)
    return std::nullopt;
  return dense;
}

/// The input of the body argument `value`, or -1.
int64_t inputOf(linalg::GenericOp generic, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != generic.getBody() ||
      arg.getArgNumber() >= generic.getNumDpsInputs())
    return -1;
  return arg.getArgNumber();
}

std::optional<ResizePlan> planResize(linalg::GenericOp generic,
                                     unsigned vectorBits) {
  if (!generic.hasPureBufferSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumReductionLoops() != 0 || generic.getNumDpsInputs() == 0)
    return std::nullopt;
  OpOperand *init = generic.getDpsInitOperand(0);
  auto outType = dyn_cast<MemRefType>(init->get().getType());
  if (!outType || !outType.hasStaticShape() ||
      !outType.getElementType().isF32() || outType.getRank() == 0 ||
      !generic.getMatchingIndexingMap(init).isIdentity())
    return std::nullopt;
  // Rows contiguous (the output may be a slice of a concatenation).
  SmallVector<int64_t> outStrides;
  int64_t outOffset;
  if (failed(outType.getStridesAndOffset(outStrides, outOffset)) ||
      outStrides.back() != 1)
    return std::nullopt;
  ResizePlan plan;
  plan.lanes = vectorBits / 32;
  plan.w = outType.getRank() - 1;
  plan.extents = SmallVector<int64_t>(outType.getShape());
  if (plan.extents[plan.w] < plan.lanes ||
      llvm::divideCeil(plan.extents[plan.w], plan.lanes) > kMaxRowVectors)
    return std::nullopt;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(input);
    std::optional<DenseElementsAttr> values = getGlobalValues(input->get());
    if (!values || map.getNumResults() != 1 ||
        !isa<AffineDimExpr>(map.getResult(0)))
      return std::nullopt;
    Table table;
    table.loop = cast<AffineDimExpr>(map.getResult(0)).getPosition();
    Type element = values->getElementType();
    if (element.isF32())
      table.floats = SmallVector<float>(values->getValues<float>());
    else if (element.isSignlessInteger(64))
      table.ints = SmallVector<int64_t>(values->getValues<int64_t>());
    else
      return std::nullopt;
    plan.tables.push_back(std::move(table));
  }

  // The body: indices from the loops (not the contiguous one) and from
  // integer tables, loads of one source by them, float arithmetic.
  Block *body = generic.getBody();
  Value source;
  for (Operation &op : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      if (index.getDim() == plan.w)
        return std::nullopt;
      continue;
    }
    if (auto cast = dyn_cast<arith::IndexCastOp>(op)) {
      int64_t n = inputOf(generic, cast.getIn());
      if (n < 0 || plan.tables[n].ints.empty())
        return std::nullopt;
      // A column index may only index a load's last dimension.
      if (plan.tables[n].loop == plan.w)
        for (OpOperand &use : cast->getUses()) {
          auto load = dyn_cast<memref::LoadOp>(use.getOwner());
          if (!load || use.getOperandNumber() != load->getNumOperands() - 1)
            return std::nullopt;
        }
      continue;
    }
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      auto type = cast<MemRefType>(load.getMemRef().getType());
      if ((source && load.getMemRef() != source) ||
          load.getMemRef().getParentBlock() == body || !type.hasStaticShape() ||
          !type.getElementType().isF32())
        return std::nullopt;
      SmallVector<int64_t> strides;
      int64_t offset;
      if (failed(type.getStridesAndOffset(strides, offset)) ||
          strides.back() != 1)
        return std::nullopt;
      source = load.getMemRef();
      continue;
    }
    if (!isVectorizableBodyOp(op))
      return std::nullopt;
    for (Value operand : op.getOperands()) {
      if (!isa<FloatType>(operand.getType()))
        return std::nullopt;
      int64_t n = inputOf(generic, operand);
      if (n >= 0 && plan.tables[n].floats.empty())
        return std::nullopt;
    }
  }
  if (!source || !generic.getMatchingBlockArgument(init).use_empty())
    return std::nullopt;
  // Integer tables read only by index casts; the yield a float.
  for (auto [n, table] : llvm::enumerate(plan.tables)) {
    BlockArgument arg = body->getArgument(n);
    if (!table.ints.empty() &&
        !llvm::all_of(arg.getUsers(),
                      [](Operation *user) { return isa<arith::IndexCastOp>(user); }))
      return std::nullopt;
  }
  int64_t sourceRow = cast<MemRefType>(source.getType()).getShape().back();
  // Every vector's columns (of every column table) within two vectors.
  int64_t width = plan.extents[plan.w];
  for (int64_t w0 = 0; w0 < width; w0 += plan.lanes) {
    int64_t active = std::min<int64_t>(plan.lanes, width - w0);
    for (const Table &table : plan.tables) {
      if (table.loop != plan.w || table.ints.empty())
        continue;
      auto range = ArrayRef<int64_t>(table.ints).slice(w0, active);
      int64_t low = *llvm::min_element(range), high = *llvm::max_element(range);
      if (low < 0 || high >= sourceRow || high - low >= 2 * int64_t(plan.lanes))
        return std::nullopt;
    }
  }
  return plan;
}

class ResizeEmitter {
public:
  ResizeEmitter(linalg::GenericOp generic, const ResizePlan &plan)
      : generic(generic), plan(plan), vb(generic.getLoc(), plan.lanes) {}

  void emit(OpBuilder &b) {
    SmallVector<Value> ivs(plan.w);
    emitLoops(b, 0, ivs);
  }

private:
  void emitLoops(OpBuilder &b, unsigned loop, SmallVector<Value> &ivs) {
    if (loop == plan.w)
      return emitRow(b, ivs);
    vb.forLoop(
        b, 0, plan.extents[loop], 1, {},
        [&](OpBuilder &nb, Value iv, ValueRange) {
          ivs[loop] = iv;
          emitLoops(nb, loop + 1, ivs);
          return SmallVector<Value>{};
        },
        /*parallel=*/true);
  }

  /// One output row: the per-row scalars (loop indices, the other tables'
  /// entries), then each vector of the row.
  void emitRow(OpBuilder &b, ArrayRef<Value> ivs) {
    Location loc = vb.loc;
    Block *body = generic.getBody();
    IRMapping scalars;
    for (auto [n, table] : llvm::enumerate(plan.tables)) {
      if (table.loop == plan.w)
        continue;
      OpOperand *input = generic.getDpsInputOperand(n);
      scalars.map(body->getArgument(n),
                  memref::LoadOp::create(b, loc, input->get(),
                                         ValueRange{ivs[table.loop]}));
    }
    for (Operation &op : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        scalars.map(index.getResult(), ivs[index.getDim()]);
      } else if (auto cast = dyn_cast<arith::IndexCastOp>(op)) {
        if (Value in = scalars.lookupOrNull(cast.getIn()))
          scalars.map(cast.getResult(), arith::IndexCastOp::create(
                                            b, loc, b.getIndexType(), in));
      }
    }
    int64_t width = plan.extents[plan.w];
    for (int64_t w0 = 0; w0 < width; w0 += plan.lanes)
      emitVector(b, ivs, scalars, w0, std::min<int64_t>(plan.lanes, width - w0));
  }

  /// The table entries of the columns [w0, w0 + active), the last repeated
  /// in the inactive lanes.
  template <typename T>
  SmallVector<T> columns(ArrayRef<T> values, int64_t w0, int64_t active) {
    SmallVector<T> result(values.slice(w0, active));
    result.resize(plan.lanes, result.back());
    return result;
  }

  void emitVector(OpBuilder &b, ArrayRef<Value> ivs, const IRMapping &scalars,
                  int64_t w0, int64_t active) {
    Location loc = vb.loc;
    Block *body = generic.getBody();
    IRMapping vectors;
    // Column tables: their entries for this vector.
    DenseMap<Value, SmallVector<int64_t>> columnIndices;
    for (auto [n, table] : llvm::enumerate(plan.tables)) {
      if (table.loop != plan.w)
        continue;
      BlockArgument arg = body->getArgument(n);
      if (!table.floats.empty()) {
        auto type = VectorType::get({plan.lanes}, b.getF32Type());
        vectors.map(arg, arith::ConstantOp::create(
                             b, loc, type,
                             DenseElementsAttr::get(
                                 type, ArrayRef<float>(columns(
                                           ArrayRef<float>(table.floats), w0,
                                           active)))));
        continue;
      }
      for (Operation *user : arg.getUsers())
        columnIndices[user->getResult(0)] =
            columns(ArrayRef<int64_t>(table.ints), w0, active);
    }
    for (Operation &op : body->without_terminator()) {
      if (isa<linalg::IndexOp, arith::IndexCastOp>(op))
        continue;
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        vectors.map(load.getResult(), loadColumns(b, load, scalars,
                                                  columnIndices));
        continue;
      }
      // Per-row scalars (the row tables' weights) are splat.
      for (Value operand : op.getOperands())
        if (!vectors.contains(operand))
          if (Value scalar = scalars.lookupOrNull(operand))
            vectors.map(operand, vb.splat(b, scalar));
      vb.cloneOnVectors(b, op, vectors);
    }
    Value result = vb.vectorOf(b, body->getTerminator()->getOperand(0), vectors);
    SmallVector<Value> at(ivs);
    at.push_back(arith::ConstantIndexOp::create(b, loc, w0));
    Value out = generic.getDpsInitOperand(0)->get();
    if (active == plan.lanes)
      vector::StoreOp::create(b, loc, result, out, at);
    else
      vector::MaskedStoreOp::create(b, loc, out, at, vb.mask(b, active),
                                    result);
  }

  /// A load's elements for the vector's columns: the two vectors of the
  /// source row from the lowest column, and a shuffle picking each lane's
  /// column; or, for a column that does not depend on the vector, one
  /// element, splat.
  Value loadColumns(OpBuilder &b, memref::LoadOp load, const IRMapping &scalars,
                    const DenseMap<Value, SmallVector<int64_t>> &columnIndices) {
    Location loc = vb.loc;
    SmallVector<Value> at;
    for (Value index : load.getIndices().drop_back())
      at.push_back(lookupScalar(b, index, scalars));
    Value last = load.getIndices().back();
    auto found = columnIndices.find(last);
    if (found == columnIndices.end()) {
      at.push_back(lookupScalar(b, last, scalars));
      return vb.splat(b, memref::LoadOp::create(b, loc, load.getMemRef(), at));
    }
    ArrayRef<int64_t> cols = found->second;
    int64_t low = *llvm::min_element(cols), high = *llvm::max_element(cols);
    int64_t rowSize = cast<MemRefType>(load.getMemRef().getType()).getShape().back();
    auto type = VectorType::get({plan.lanes}, b.getF32Type());
    auto part = [&](int64_t from) -> Value {
      SmallVector<Value> index(at);
      index.push_back(arith::ConstantIndexOp::create(b, loc, from));
      int64_t available = std::min<int64_t>(plan.lanes, rowSize - from);
      if (available == int64_t(plan.lanes))
        return vector::LoadOp::create(b, loc, type, load.getMemRef(), index);
      Value zero = arith::ConstantOp::create(
          b, loc, type, DenseElementsAttr::get(type, b.getF32FloatAttr(0)));
      return vector::MaskedLoadOp::create(b, loc, type, load.getMemRef(),
                                          index, vb.mask(b, available), zero);
    };
    Value first = part(low);
    Value second = high - low >= int64_t(plan.lanes) ? part(low + plan.lanes)
                                                     : first;
    SmallVector<int64_t> mask;
    for (int64_t c : cols)
      mask.push_back(c - low);
    return vector::ShuffleOp::create(b, loc, first, second, mask);
  }

  /// The scalar index `index` of the body stands for: a mapped value, or a
  /// constant of the body (cloned).
  Value lookupScalar(OpBuilder &b, Value index, const IRMapping &scalars) {
    if (Value mapped = scalars.lookupOrNull(index))
      return mapped;
    if (index.getParentBlock() != generic.getBody())
      return index;
    return b.clone(*index.getDefiningOp())->getResult(0);
  }

  linalg::GenericOp generic;
  const ResizePlan &plan;
  VectorBuilder vb;
};

} // namespace

bool emitVectorResize(linalg::GenericOp generic, unsigned vectorBits) {
  std::optional<ResizePlan> plan = planResize(generic, vectorBits);
  if (!plan)
    return false;
  OpBuilder b(generic);
  ResizeEmitter(generic, *plan).emit(b);
  return true;
}

} // namespace aotc::cpu
