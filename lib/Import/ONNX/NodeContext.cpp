//===- NodeContext.cpp - what an ONNX op converter sees -------------------===//

#include "GraphImporter.h"
#include "NodeImporter.h"
#include "LowPrecision.h"
#include "TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include "onnx/onnx_pb.h"

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

NodeContext::NodeContext(GraphImporter &graph, const onnx::NodeProto &node,
                         int64_t opset, OpBuilder &builder, Location loc)
    : graph(graph), node(node), opset(opset), builder(builder), loc(loc) {}

StringRef NodeContext::getOpType() const { return node.op_type(); }

unsigned NodeContext::getNumInputs() const {
  unsigned count = node.input_size();
  while (count > 0 && node.input(count - 1).empty())
    --count;
  return count;
}

bool NodeContext::hasInput(unsigned i) const {
  return i < static_cast<unsigned>(node.input_size()) &&
         !node.input(i).empty();
}

Value NodeContext::getInput(unsigned i) {
  // The importer checked the op's required inputs (InputSpec); reading an
  // optional one without hasInput(i) is a converter bug.
  assert(hasInput(i) && "reading an absent input");
  if (!hasInput(i))
    return {};
  return graph.lookup(node.input(i));
}

RankedTensorType NodeContext::getInputType(unsigned i) {
  return cast<RankedTensorType>(getInput(i).getType());
}

std::optional<DenseElementsAttr> NodeContext::getConstantInput(unsigned i) {
  if (!hasInput(i))
    return std::nullopt;
  DenseElementsAttr value;
  if (matchPattern(getInput(i), m_Constant(&value)))
    return value;
  return std::nullopt;
}

FailureOr<int64_t> NodeContext::checkedSize(ArrayRef<int64_t> factors,
                                            const Twine &what, int64_t limit) {
  int64_t product = 1;
  bool overflow = false;
  for (int64_t factor : factors) {
    if (factor < 0)
      return emitError() << "expected a non-negative " << what
                         << " factor, got " << factor;
    overflow |= llvm::MulOverflow(product, factor, product);
  }
  // A zero factor makes the product 0, however the others overflowed.
  if (llvm::is_contained(factors, 0))
    return int64_t(0);
  if (overflow || product > limit)
    return emitError() << "expected " << what << " of at most " << limit
                       << " elements, got "
                       << (overflow ? std::string("more than int64 counts")
                                    : std::to_string(product));
  return product;
}

InFlightDiagnostic NodeContext::emitNotConstantError(unsigned i) {
  notConstant = true;
  InFlightDiagnostic diag = emitError();
  diag << "input " << i << " ('" << (hasInput(i) ? node.input(i) : "")
       << "') must be known at compile time";
  if (!hasInput(i))
    return diag;
  auto function = cast<func::FuncOp>(
      builder.getBlock()->getParent()->getParentOfType<func::FuncOp>());
  auto isGraphInput = [&](Value value) {
    auto argument = dyn_cast<BlockArgument>(value);
    return argument && argument.getOwner()->getParentOp() == function;
  };
  if (isGraphInput(getInput(i))) {
    diag << "; it is a graph input: freeze it with --input-value "
         << node.input(i) << "=FILE";
    return diag;
  }
  // Name the graph inputs it is computed from: freezing them makes it fold.
  SmallVector<Value> worklist{getInput(i)};
  llvm::SmallPtrSet<Value, 16> seen;
  llvm::SetVector<unsigned> arguments;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (isGraphInput(value))
      arguments.insert(cast<BlockArgument>(value).getArgNumber());
    else if (Operation *def = value.getDefiningOp())
      llvm::append_range(worklist, def->getOperands());
  }
  for (unsigned argument : arguments) {
    auto name = function.getArgAttrOfType<StringAttr>(argument, "tg.name");
    diag << "; it depends on graph input '" << name.getValue()
         << "': freeze it with --input-value " << name.getValue() << "=FILE";
  }
  return diag;
}

FailureOr<SmallVector<int64_t>> NodeContext::getConstantInts(unsigned i) {
  std::optional<DenseElementsAttr> value = getConstantInput(i);
  if (!value)
    return emitNotConstantError(i);
  if (!value->getElementType().isInteger())
    return emitError() << "input " << i << " ('" << node.input(i)
                       << "') must be an integer tensor";
  SmallVector<int64_t> ints;
  for (const APInt &v : value->getValues<APInt>())
    ints.push_back(value->getElementType().isInteger(1) ? v.getZExtValue()
                                                        : v.getSExtValue());
  return ints;
}

FailureOr<SmallVector<double>> NodeContext::getConstantFloats(unsigned i) {
  std::optional<DenseElementsAttr> value = getConstantInput(i);
  if (!value)
    return emitNotConstantError(i);
  SmallVector<double> floats;
  if (isa<FloatType>(value->getElementType())) {
    for (const APFloat &v : value->getValues<APFloat>()) {
      bool lost;
      APFloat d = v;
      d.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      floats.push_back(d.convertToDouble());
    }
  } else {
    for (const APInt &v : value->getValues<APInt>())
      floats.push_back(static_cast<double>(v.getSExtValue()));
  }
  return floats;
}

unsigned NodeContext::getNumOutputs() const { return node.output_size(); }

bool NodeContext::hasOutput(unsigned i) const {
  return i < static_cast<unsigned>(node.output_size()) &&
         !node.output(i).empty();
}

void NodeContext::setOutput(unsigned i, Value value) {
  if (hasOutput(i))
    graph.bind(node.output(i), value);
}

void NodeContext::setBoundedOutput(unsigned i, Value value, Value shape,
                                   int64_t dim) {
  if (!hasOutput(i) || buildError)
    return;
  graph.bind(node.output(i), value);
  graph.markBounded(value, shape, dim,
                    (getOpType() + " '" + node.name() + "'").str());
}

FailureOr<SmallVector<Value>> NodeContext::getSequenceInput(unsigned i) {
  const SmallVector<Value> *elements =
      hasInput(i) ? graph.lookupSequence(node.input(i)) : nullptr;
  if (!elements)
    return emitError() << "expected input " << i << " to be a sequence";
  return *elements;
}

void NodeContext::setSequenceOutput(unsigned i, ArrayRef<Value> elements) {
  if (hasOutput(i))
    graph.bindSequence(node.output(i), elements);
}

Value NodeContext::getOutput(unsigned i) const {
  return hasOutput(i) ? graph.lookup(node.output(i)) : Value();
}

bool NodeContext::isUnsigned(Value value) const {
  return graph.isUnsigned(value);
}

void NodeContext::markUnsigned(Value value) { graph.markUnsigned(value); }

int NodeContext::getLowPrecisionType(Value value) const {
  return graph.getLowPrecisionType(value);
}

void NodeContext::markLowPrecision(Value value, int dataType) {
  graph.markLowPrecision(value, dataType);
}

const onnx::GraphProto *NodeContext::getGraphAttr(StringRef name) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::GRAPH);
  return attr && attr->has_g() ? &attr->g() : nullptr;
}

int NodeContext::getTensorAttrLowPrecisionType(StringRef name) const {
  const onnx::AttributeProto *attr = getAttr(name);
  return attr && attr->has_t() && lookupLowPrecisionType(attr->t().data_type())
             ? attr->t().data_type()
             : 0;
}

bool NodeContext::isUnsignedTensorAttr(StringRef name) const {
  const onnx::AttributeProto *attr = getAttr(name);
  return attr && attr->has_t() &&
         getUnsignedStorageType(getContext(), attr->t().data_type());
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

const onnx::AttributeProto *NodeContext::getAttr(StringRef name) const {
  for (const onnx::AttributeProto &attr : node.attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

bool NodeContext::hasAttr(StringRef name) const {
  return getAttr(name) != nullptr;
}

/// The ONNX name of an attribute type, for errors.
static StringRef getAttributeTypeName(int type) {
  switch (type) {
  case onnx::AttributeProto::FLOAT:
    return "a float";
  case onnx::AttributeProto::INT:
    return "an int";
  case onnx::AttributeProto::STRING:
    return "a string";
  case onnx::AttributeProto::TENSOR:
    return "a tensor";
  case onnx::AttributeProto::GRAPH:
    return "a graph";
  case onnx::AttributeProto::FLOATS:
    return "floats";
  case onnx::AttributeProto::INTS:
    return "ints";
  case onnx::AttributeProto::STRINGS:
    return "strings";
  case onnx::AttributeProto::TENSORS:
    return "tensors";
  case onnx::AttributeProto::GRAPHS:
    return "graphs";
  case onnx::AttributeProto::SPARSE_TENSOR:
    return "a sparse tensor";
  case onnx::AttributeProto::SPARSE_TENSORS:
    return "sparse tensors";
  case onnx::AttributeProto::TYPE_PROTO:
    return "a type";
  case onnx::AttributeProto::TYPE_PROTOS:
    return "types";
  default:
    return "an unknown type";
  }
}

const onnx::AttributeProto *NodeContext::getTypedAttr(StringRef name,
                                                      int expected) const {
  const onnx::AttributeProto *attr = getAttr(name);
  if (!attr || attr->type() == expected ||
      attr->type() == onnx::AttributeProto::UNDEFINED)
    return attr;
  if (attributeError.empty())
    attributeError = ("expected attribute '" + name + "' to be " +
                      getAttributeTypeName(expected) + ", got " +
                      getAttributeTypeName(attr->type()))
                         .str();
  return nullptr;
}

int64_t NodeContext::getInt(StringRef name, int64_t defaultValue) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::INT);
  return attr ? attr->i() : defaultValue;
}

double NodeContext::getFloat(StringRef name, double defaultValue) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::FLOAT);
  return attr ? attr->f() : defaultValue;
}

std::string NodeContext::getString(StringRef name,
                                   StringRef defaultValue) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::STRING);
  return attr ? attr->s() : defaultValue.str();
}

std::optional<SmallVector<std::string>>
NodeContext::getStrings(StringRef name) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::STRINGS);
  if (!attr)
    return std::nullopt;
  return SmallVector<std::string>(attr->strings().begin(),
                                  attr->strings().end());
}

std::optional<SmallVector<int64_t>>
NodeContext::getInts(StringRef name) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::INTS);
  if (!attr)
    return std::nullopt;
  return SmallVector<int64_t>(attr->ints().begin(), attr->ints().end());
}

std::optional<SmallVector<double>>
NodeContext::getFloats(StringRef name) const {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::FLOATS);
  if (!attr)
    return std::nullopt;
  return SmallVector<double>(attr->floats().begin(), attr->floats().end());
}

FailureOr<ElementsAttr> NodeContext::getTensorAttr(StringRef name) {
  const onnx::AttributeProto *attr =
      getTypedAttr(name, onnx::AttributeProto::TENSOR);
  if (!attr || !attr->has_t())
    return emitError() << "expects a tensor attribute '" << name << "'";
  std::string error;
  ElementsAttr value =
      importTensor(getContext(), attr->t(), graph.getModelDir(), error);
  if (!value) {
    if (!getElementType(getContext(), attr->t().data_type()) &&
        !lookupLowPrecisionType(attr->t().data_type())) {
      (void)unsupported("a " + getDataTypeName(attr->t().data_type()) +
                        " tensor");
      return failure();
    }
    return emitError() << "attribute '" << name << "': " << error;
  }
  return value;
}

//===----------------------------------------------------------------------===//
// Building and errors
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<Value>>
NodeContext::importSubgraph(const onnx::GraphProto &subgraph,
                            ValueRange inputs) {
  return graph.importSubgraph(subgraph, inputs);
}

FailureOr<SmallVector<Value>>
NodeContext::tryImportSubgraph(const onnx::GraphProto &subgraph,
                               ValueRange inputs) {
  return graph.tryImportSubgraph(subgraph, inputs);
}

Value NodeContext::createConstant(ElementsAttr attr) {
  return tg::ConstantOp::create(builder, loc, attr);
}

Value NodeContext::createSplat(Type elementType, double value,
                               ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, elementType);
  Attribute element;
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    APFloat v(value);
    bool lost;
    v.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &lost);
    element = FloatAttr::get(elementType, v);
  } else if (elementType.isInteger(1)) {
    element = IntegerAttr::get(elementType, APInt(1, value != 0));
  } else {
    element = IntegerAttr::get(elementType, static_cast<int64_t>(value));
  }
  return createConstant(DenseElementsAttr::get(type, element));
}

Value NodeContext::createChecked(OperationState &state, InferFn infer) {
  // A placeholder takes the type of the op's first tensor operand: the
  // converter's later code reads shapes from it, and a ranked type keeps it
  // from meeting a null or unranked one.
  Type type = getPlaceholderType();
  for (Value operand : state.operands)
    if (isa<RankedTensorType>(operand.getType())) {
      type = operand.getType();
      break;
    }
  if (buildError)
    return createPlaceholder(type);

  SmallVector<Type, 2> inferred;
  bool reported = false;
  LogicalResult inferredOk = failure();
  {
    // The inference's own error (emitted at the node) goes on to the
    // importer's handler; it is only counted here.
    ScopedDiagnosticHandler count(getContext(), [&](Diagnostic &diag) {
      reported |= diag.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    inferredOk =
        infer(getContext(), loc, state.operands,
              state.attributes.getDictionary(getContext()),
              state.getRawProperties(), state.regions, inferred);
  }
  if (failed(inferredOk)) {
    if (!reported) {
      InFlightDiagnostic diag = emitError();
      diag << "the operands of " << state.name << " (";
      llvm::interleaveComma(state.operands, diag,
                            [&](Value v) { diag << v.getType(); });
      diag << ") give it no valid result type";
    }
    buildError = true;
    return createPlaceholder(type);
  }
  state.types.assign(inferred.begin(), inferred.end());
  Operation *op = builder.create(state);
  SmallVector<Value, 1> folded;
  if (succeeded(builder.tryFold(op, folded)) && !folded.empty()) {
    op->erase();
    return folded.front();
  }
  return op->getResult(0);
}

Type NodeContext::getPlaceholderType() {
  if (!placeholderType)
    placeholderType =
        RankedTensorType::get({}, Float32Type::get(getContext()));
  return placeholderType;
}

Value NodeContext::createPlaceholder(Type type) {
  placeholderType = type;
  return UnrealizedConversionCastOp::create(builder, loc, TypeRange{type},
                                            ValueRange{})
      .getResult(0);
}

InFlightDiagnostic NodeContext::emitError() { return mlir::emitError(loc); }

LogicalResult NodeContext::unsupported(const Twine &reason) {
  // After a failed build the node has its error; what the converter makes
  // of a placeholder is not news.
  if (buildError)
    return failure();
  graph.recordUnsupported(node, reason);
  return success();
}
