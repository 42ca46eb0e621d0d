//===- GraphImporter.cpp - ONNX models to the tg dialect ------------------===//
//
// Reading the ModelProto, checking its opset, binding input shapes, and
// walking the graph; the per-op work is in Ops/*.cpp.
//
//===----------------------------------------------------------------------===//

#include "GraphImporter.h"
#include "LowPrecision.h"
#include "TensorImport.h"

#include "aotc/Dialect/TG/IR/TGOps.h"
#include "aotc/Dialect/TG/IR/TGTypeInference.h"
#include "aotc/Import/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "onnx/onnx_pb.h"

#include <map>

using namespace mlir;
using namespace aotc;
using namespace aotc::onnximport;

GraphImporter::GraphImporter(ModuleOp module, StringRef modelPath,
                             int64_t opset, const ONNXImportOptions &options)
    : module(module), context(module.getContext()), modelPath(modelPath),
      opset(opset), options(options), builder(module.getContext()) {
  StringRef dir = llvm::sys::path::parent_path(modelPath);
  modelDir = dir.empty() ? "." : dir.str();
}

Value GraphImporter::lookup(StringRef name) const {
  return values.lookup(name);
}

void GraphImporter::bindSequence(StringRef name, ArrayRef<Value> elements) {
  if (name.empty())
    return;
  sequences[name] = SmallVector<Value>(elements);
  if (subgraphNames)
    subgraphNames->insert(name);
}

void GraphImporter::bind(StringRef name, Value value) {
  if (name.empty())
    return;
  values[name] = value;
  if (subgraphNames)
    subgraphNames->insert(name);
}

FailureOr<SmallVector<Value>>
GraphImporter::importSubgraph(const onnx::GraphProto &graph,
                              ValueRange inputs) {
  Location loc =
      NameLoc::get(StringAttr::get(context, graph.name().empty()
                                                ? "subgraph"
                                                : graph.name()));
  if (graph.input_size() != static_cast<int>(inputs.size()))
    return emitError(loc) << "subgraph '" << graph.name() << "' declares "
                          << graph.input_size() << " inputs; the node passes "
                          << inputs.size();
  // The enclosing scope comes back whole when the subgraph is done.
  llvm::StringMap<Value> outerValues = values;
  llvm::StringMap<SmallVector<Value>> outerSequences = sequences;
  llvm::StringSet<> outerMissing = missing;
  llvm::StringSet<> names;
  llvm::StringSet<> *outerNames = subgraphNames;
  subgraphNames = &names;
  llvm::scope_exit restore([&] {
    values = std::move(outerValues);
    sequences = std::move(outerSequences);
    missing = std::move(outerMissing);
    subgraphNames = outerNames;
  });
  for (auto [input, value] : llvm::zip(graph.input(), inputs)) {
    missing.erase(input.name());
    bind(input.name(), value);
  }
  if (failed(importInitializers(graph)))
    return failure();
  for (const onnx::NodeProto &node : graph.node())
    if (failed(importNode(node, *registry)))
      return failure();
  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    if (missing.contains(output.name())) {
      results.push_back(Value());
      continue;
    }
    Value value = lookup(output.name());
    if (!value)
      return emitError(loc) << "subgraph output '" << output.name()
                            << "' is not produced by any node, input or "
                               "initializer in scope";
    if (auto it = boundedValues.find(value); it != boundedValues.end())
      return emitError(loc) << "subgraph output '" << output.name()
                            << "' comes from " << it->second.producer
                            << ", whose extent is known only at run time; "
                               "aotc returns such values only as outputs of "
                               "the main graph";
    results.push_back(value);
  }
  return results;
}

FailureOr<SmallVector<Value>>
GraphImporter::tryImportSubgraph(const onnx::GraphProto &graph,
                                 ValueRange inputs) {
  unsigned outerDeferred = deferredErrors;
  size_t outerUnsupported = unsupported.size();
  llvm::StringSet<> outerMissing = missing;
  bool diagnosed = false;
  FailureOr<SmallVector<Value>> results = failure();
  {
    ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diag) {
      diagnosed |= diag.getSeverity() == DiagnosticSeverity::Error;
      return success();
    });
    results = importSubgraph(graph, inputs);
  }
  bool clean = succeeded(results) && !diagnosed &&
               deferredErrors == outerDeferred &&
               unsupported.size() == outerUnsupported &&
               !llvm::is_contained(*results, Value());
  if (clean)
    return results;
  deferredErrors = outerDeferred;
  unsupported.resize(outerUnsupported);
  missing = std::move(outerMissing);
  return failure();
}

void GraphImporter::recordUnsupported(const onnx::NodeProto &node,
                                      const Twine &reason) {
  unsupported.push_back({node.op_type(), node.name(), reason.str()});
}

Location GraphImporter::getNodeLoc(const onnx::NodeProto &node) {
  std::string label =
      node.name().empty()
          ? "node (" + node.op_type() + ")"
          : "node '" + node.name() + "' (" + node.op_type() + ")";
  return NameLoc::get(StringAttr::get(context, label));
}

/// Formats a shape as `1x3x224x224`.
static std::string formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "a scalar";
  std::string text;
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(dim);
  return text;
}

FailureOr<RankedTensorType>
GraphImporter::getInputType(const onnx::ValueInfoProto &input) {
  Location loc = UnknownLoc::get(context);
  const std::string &name = input.name();
  if (!input.type().has_tensor_type())
    return emitError(loc) << "graph input '" << name
                          << "' is not a tensor (sequences, maps and "
                             "optionals are not supported)";
  const onnx::TypeProto::Tensor &tensor = input.type().tensor_type();
  Type elementType = getElementType(context, tensor.elem_type());
  if (!elementType) {
    elementType = getUnsignedStorageType(context, tensor.elem_type());
    if (elementType)
      unsignedInputs.insert(name);
  }
  // Low-precision inputs: i8 codes here; the argument holds them packed
  // (bindLowPrecisionInput).
  if (!elementType && lookupLowPrecisionType(tensor.elem_type()))
    elementType = IntegerType::get(context, 8);
  if (!elementType)
    return emitError(loc) << "graph input '" << name << "' has data type "
                          << getDataTypeName(tensor.elem_type())
                          << ", which aotc does not support";
  auto bound = options.inputShapes.find(name);
  if (!tensor.has_shape()) {
    if (bound == options.inputShapes.end())
      return emitError(loc) << "graph input '" << name
                            << "' has no declared shape; bind it with "
                               "--input-shape "
                            << name << "=DIMSxDIMS";
    return RankedTensorType::get(bound->second, elementType);
  }
  SmallVector<int64_t> shape;
  const auto &dims = tensor.shape().dim();
  if (bound != options.inputShapes.end() &&
      bound->second.size() != static_cast<size_t>(dims.size()))
    return emitError(loc) << "--input-shape " << name << "="
                          << formatShape(bound->second) << " has rank "
                          << bound->second.size() << ", but the model's input '"
                          << name << "' has rank " << dims.size();
  for (auto [i, dim] : llvm::enumerate(dims)) {
    // Exporters write -1 or 0 for a dimension they do not know (paddle2onnx
    // does): -1 is dynamic, as a symbolic or absent one is; 0 takes any size
    // --input-shape gives, and is an empty dimension otherwise.
    bool known = dim.has_dim_value() && dim.dim_value() > 0;
    bool zero = dim.has_dim_value() && dim.dim_value() == 0;
    if (bound != options.inputShapes.end()) {
      int64_t given = bound->second[i];
      if (known && dim.dim_value() != given)
        return emitError(loc)
               << "--input-shape " << name << "=" << formatShape(bound->second)
               << " gives dimension " << i << " as " << given
               << ", but the model fixes it to " << dim.dim_value();
      shape.push_back(given);
      continue;
    }
    if (zero) {
      shape.push_back(0);
      continue;
    }
    if (!known) {
      const std::string &symbol = dim.dim_param();
      auto value = options.dimValues.find(symbol);
      if (!symbol.empty() && value != options.dimValues.end()) {
        shape.push_back(value->second);
        continue;
      }
      if (!symbol.empty())
        return emitError(loc)
               << "graph input '" << name << "' has a dynamic dimension " << i
               << " ('" << symbol << "'); bind it with --dim " << symbol
               << "=SIZE, or the whole shape with --input-shape " << name
               << "=D0x...xD" << dims.size() - 1;
      return emitError(loc)
             << "graph input '" << name << "' has a dynamic dimension " << i
             << "; bind every dimension with --input-shape " << name
             << "=D0x...xD" << dims.size() - 1;
    }
    shape.push_back(dim.dim_value());
  }
  return RankedTensorType::get(shape, elementType);
}

LogicalResult GraphImporter::importInitializers(const onnx::GraphProto &graph,
                                                bool takeRawData) {
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    std::string error;
    // The graph is importGraph's, which is not const: each initializer is
    // read once, here.
    std::string *movable =
        takeRawData && tensor.has_raw_data()
            ? const_cast<onnx::TensorProto &>(tensor).mutable_raw_data()
            : nullptr;
    ElementsAttr value =
        importTensor(context, tensor, modelDir, error, movable);
    if (!value)
      return emitError(UnknownLoc::get(context))
             << "initializer '" << tensor.name() << "': " << error;
    Location loc = NameLoc::get(StringAttr::get(context, tensor.name()));
    Value constant = tg::ConstantOp::create(builder, loc, value);
    bind(tensor.name(), constant);
    if (getUnsignedStorageType(context, tensor.data_type()))
      markUnsigned(constant);
    if (lookupLowPrecisionType(tensor.data_type()))
      markLowPrecision(constant, tensor.data_type());
  }
  if (graph.sparse_initializer_size() > 0)
    return emitError(UnknownLoc::get(context))
           << "sparse initializers are not supported ('"
           << graph.sparse_initializer(0).values().name() << "')";
  return success();
}

LogicalResult
GraphImporter::importInputValue(const onnx::ValueInfoProto &input) {
  const std::string &file = options.inputValues.at(input.name());
  Location loc = UnknownLoc::get(context);
  // A FIFO or a device would hang or never end.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(file, status) &&
      !llvm::sys::fs::is_regular_file(status))
    return emitError(loc) << "--input-value " << input.name() << "=" << file
                          << ": not a regular file";
  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return emitError(loc) << "--input-value " << input.name() << "=" << file
                          << ": " << buffer.getError().message();
  onnx::TensorProto tensor;
  if (!tensor.ParseFromArray((*buffer)->getBufferStart(),
                             static_cast<int>((*buffer)->getBufferSize())))
    return emitError(loc) << "--input-value " << input.name() << "=" << file
                          << ": not a serialized ONNX TensorProto";
  std::string error;
  // Read relative to the tensor file, not the model.
  StringRef dir = llvm::sys::path::parent_path(file);
  ElementsAttr value =
      importTensor(context, tensor, dir.empty() ? "." : dir, error);
  if (!value)
    return emitError(loc) << "--input-value " << input.name() << "=" << file
                          << ": " << error;
  const onnx::TypeProto::Tensor &declared = input.type().tensor_type();
  auto type = cast<RankedTensorType>(value.getType());
  if (declared.elem_type() != tensor.data_type())
    return emitError(loc) << "--input-value " << input.name() << "=" << file
                          << " holds " << getDataTypeName(tensor.data_type())
                          << ", but the input is "
                          << getDataTypeName(declared.elem_type());
  if (declared.has_shape()) {
    const auto &dims = declared.shape().dim();
    bool matches = dims.size() == type.getRank();
    for (auto [i, dim] : llvm::enumerate(dims))
      if (matches && dim.has_dim_value() &&
          dim.dim_value() != type.getDimSize(i))
        matches = false;
    if (!matches)
      return emitError(loc) << "--input-value " << input.name() << "=" << file
                            << " has shape " << formatShape(type.getShape())
                            << ", which the input's declared shape excludes";
  }
  Location valueLoc = NameLoc::get(StringAttr::get(context, input.name()));
  Value constant = tg::ConstantOp::create(builder, valueLoc, value);
  bind(input.name(), constant);
  if (getUnsignedStorageType(context, tensor.data_type()))
    markUnsigned(constant);
  if (lookupLowPrecisionType(tensor.data_type()))
    markLowPrecision(constant, tensor.data_type());
  return success();
}

void GraphImporter::bindLowPrecisionInput(const onnx::ValueInfoProto &input,
                                          BlockArgument argument) {
  int dataType = input.type().tensor_type().elem_type();
  auto logical = cast<RankedTensorType>(
      cast<TypeAttr>(function.getArgAttr(argument.getArgNumber(),
                                         kLogicalTypeAttr))
          .getValue());
  Value codes =
      unpackValue(builder, NameLoc::get(StringAttr::get(context, input.name())),
                  argument, *lookupLowPrecisionType(dataType),
                  logical.getShape());
  bind(input.name(), codes);
  markLowPrecision(codes, dataType);
}

/// Before opset 7, binary ops broadcast only with `broadcast = 1`, aligning
/// the second operand's dimensions at `axis` of the first (default: the
/// trailing ones). NumPy-style broadcasting aligns trailing dimensions, so
/// the second operand gets trailing 1s: returns `node` reading a reshaped
/// second input, or `node` itself when nothing changes.
const onnx::NodeProto &
GraphImporter::applyLegacyBroadcast(const onnx::NodeProto &node,
                                    onnx::NodeProto &rewritten) {
  const onnx::AttributeProto *broadcast = nullptr, *axis = nullptr;
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name() == "broadcast")
      broadcast = &attr;
    else if (attr.name() == "axis")
      axis = &attr;
  }
  if (!broadcast || broadcast->i() != 1 || !axis || node.input_size() != 2)
    return node;
  auto lhs = cast<RankedTensorType>(lookup(node.input(0)).getType());
  Value rhs = lookup(node.input(1));
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t start = axis->i() < 0 ? axis->i() + lhs.getRank() : axis->i();
  int64_t trailing = lhs.getRank() - start - rhsType.getRank();
  if (trailing <= 0)
    return node;
  SmallVector<int64_t> shape(rhsType.getShape());
  shape.append(trailing, 1);
  Value reshaped = builder.createOrFold<tg::ReshapeOp>(
      getNodeLoc(node),
      RankedTensorType::get(shape, rhsType.getElementType()), rhs);
  rewritten = node;
  std::string name = node.input(1) + ".aligned_at_axis." +
                     std::to_string(start) + "." + node.output(0);
  rewritten.set_input(1, name);
  bind(name, reshaped);
  return rewritten;
}

LogicalResult GraphImporter::checkInputCounts(const onnx::NodeProto &node,
                                              const InputSpec &spec) {
  InputCounts counts = spec.at(opset);
  unsigned declared = node.input_size();
  bool variadic = counts.max == kVariadic;
  bool unbounded = variadic || counts.max == kVariadicOptional;
  if (declared < counts.required || (!unbounded && declared > counts.max)) {
    InFlightDiagnostic diag = emitError(getNodeLoc(node)) << "expected ";
    if (unbounded)
      diag << "at least " << counts.required;
    else if (counts.required == counts.max)
      diag << counts.required;
    else
      diag << counts.required << " to " << counts.max;
    return diag << " input" << (counts.max == 1 ? "" : "s") << " (opset "
                << opset << "), got " << declared;
  }
  // An empty name omits an optional input; a required one must be there.
  unsigned required = variadic ? declared : counts.required;
  for (unsigned i = 0; i < required; ++i)
    if (node.input(i).empty())
      return emitError(getNodeLoc(node))
             << "expected input " << i
             << " to be given (it is required), got an empty name";
  return success();
}

namespace {
/// An op that may read values of a type the importer tracks beside tg's
/// (unsigned integers, low-precision codes): the inputs it may read them at
/// (a bit per input; all bits for variadic ops), and whether its outputs
/// then hold that type too (it moves, selects or copies elements without
/// reading them as numbers).
struct TrackedUse {
  uint32_t inputs;
  bool keepsType;
};
} // namespace

/// `uses` and the ops that move, select or copy elements without reading
/// them as numbers, which keep the type they read.
static llvm::StringMap<TrackedUse>
withDataMovement(std::initializer_list<std::pair<StringRef, TrackedUse>> uses) {
  constexpr uint32_t kAll = ~0u;
  llvm::StringMap<TrackedUse> all = {
      {"Identity", {1, true}},     {"Reshape", {1, true}},
      {"Flatten", {1, true}},      {"Squeeze", {1, true}},
      {"Unsqueeze", {1, true}},    {"Transpose", {1, true}},
      {"Concat", {kAll, true}},    {"Slice", {1, true}},
      {"Gather", {1, true}},       {"Expand", {1, true}},
      {"Tile", {1, true}},         {"Split", {1, true}},
      {"DepthToSpace", {1, true}}, {"SpaceToDepth", {1, true}},
      {"Where", {6, true}},
  };
  for (const auto &[name, use] : uses)
    all[name] = use;
  return all;
}

/// The ops that handle unsigned integers: data movement, comparisons, Div
/// and Mod (as unsigned), Max and Min, Where's branches, Cast (which converts them as
/// unsigned), BitCast (which keeps their bits), the wrapping arithmetic
/// and bitwise ops whose bits do not depend on signedness, and BitShift (tg's
/// right shift is logical). tg is signless, so any other op would read them
/// as signed; it is reported unsupported.
static const llvm::StringMap<TrackedUse> &getUnsignedUses() {
  constexpr uint32_t kAll = ~0u;
  static const llvm::StringMap<TrackedUse> uses = withDataMovement({
      {"Equal", {3, false}},
      {"Shape", {1, false}},       {"Size", {1, false}},
      {"Cast", {1, false}},        {"CastLike", {3, false}},
      {"BitCast", {1, false}},
      {"Add", {3, true}},          {"Sub", {3, true}},
      {"Mul", {3, true}},          {"Sum", {kAll, true}},
      {"BitwiseAnd", {3, true}},   {"BitwiseOr", {3, true}},
      {"BitwiseXor", {3, true}},   {"BitwiseNot", {1, true}},
      {"BitShift", {3, true}},
      {"Max", {kAll, true}},       {"Min", {kAll, true}},
      {"Div", {3, true}},          {"Mod", {3, true}},
      // The quantization ops read unsigned values, zero points included,
      // and mark their unsigned results themselves.
      {"DequantizeLinear", {5, false}}, {"QuantizeLinear", {4, false}},
      {"MatMulInteger", {kAll, false}}, {"ConvInteger", {kAll, false}},
      {"QLinearMatMul", {kAll, false}}, {"QLinearConv", {kAll, false}},
      // onnxruntime's quantized contrib ops (Ops/Contrib.cpp) likewise.
      {"QLinearAdd", {kAll, false}},   {"QLinearMul", {kAll, false}},
      {"QLinearSigmoid", {kAll, false}},
      {"QLinearGlobalAveragePool", {kAll, false}},
      {"QLinearConcat", {kAll, false}}, {"QGemm", {kAll, false}},
      {"MatMulNBits", {kAll, false}}, {"DynamicQuantizeLSTM", {kAll, false}},
      // Sums and products wrap to the same bits either way.
      {"ReduceSum", {1, true}},    {"ReduceProd", {1, true}},
      {"ReduceSumSquare", {1, true}},
      // Order-based ops and Pow's exponent, adapted (getUnsignedAdaptation).
      {"ReduceMax", {1, true}},    {"ReduceMin", {1, true}},
      {"MaxPool", {1, false}},     {"TopK", {1, false}},
      {"ArgMax", {1, false}},      {"ArgMin", {1, false}},
      {"Pow", {2, false}},
      {"Less", {3, false}},        {"LessOrEqual", {3, false}},
      {"Greater", {3, false}},     {"GreaterOrEqual", {3, false}},
  });
  return uses;
}

/// The ops that read low-precision codes (LowPrecision.h): data movement,
/// which keeps them, and the conversions, which decode or encode them
/// (Shape and Size read only the shape).
static const llvm::StringMap<TrackedUse> &getLowPrecisionUses() {
  static const llvm::StringMap<TrackedUse> uses = withDataMovement({
      {"Shape", {1, false}},       {"Size", {1, false}},
      {"Cast", {1, false}},        {"CastLike", {3, false}},
      {"DequantizeLinear", {5, false}}, {"QuantizeLinear", {4, false}},
  });
  return uses;
}

namespace {
/// How an op that reads its unsigned input 0 by its order (max, min, top-k,
/// arg max, max pooling) runs on tg's signed ops: that input with its sign
/// bit flipped orders as signed exactly as it did as unsigned, and the
/// outputs in `valueOutputs` (a bit per output) flip back. Pow reads an
/// unsigned exponent through a float conversion instead.
struct UnsignedAdaptation {
  bool flipOrder = false;
  uint32_t valueOutputs = 0;
  bool exponentToFloat = false;
};
} // namespace

static UnsignedAdaptation getUnsignedAdaptation(StringRef opType) {
  if (opType == "ReduceMax" || opType == "ReduceMin" || opType == "MaxPool" ||
      opType == "TopK")
    return UnsignedAdaptation{true, 1, false};
  if (opType == "ArgMax" || opType == "ArgMin")
    return UnsignedAdaptation{true, 0, false};
  if (opType == "Pow")
    return UnsignedAdaptation{false, 0, true};
  return UnsignedAdaptation{};
}

/// `value` with the sign bit of each element flipped.
static Value flipSignBits(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  unsigned width = type.getElementTypeBitWidth();
  auto splat = RankedTensorType::get({}, type.getElementType());
  Value bit = tg::ConstantOp::create(
      b, loc, DenseElementsAttr::get(splat, APInt::getSignMask(width)));
  return tg::XorOp::create(b, loc, value, bit);
}

/// An i1 mask, broadcastable to `type`, that holds inside the box
/// [0, shape[d]) of every dimension d: a bounded value's actual extent, its
/// shape a 1-D i64 tensor.
static Value insideBox(OpBuilder &b, Location loc, RankedTensorType type,
                       Value shape) {
  Type i64 = b.getI64Type();
  Value inside;
  for (int64_t d = 0, rank = type.getRank(); d < rank; ++d) {
    SmallVector<int64_t> iotaShape(rank, 1);
    iotaShape[d] = type.getDimSize(d);
    auto iotaType = RankedTensorType::get(iotaShape, i64);
    Value iota = tg::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            iotaType, ArrayRef(llvm::to_vector(
                          llvm::seq<int64_t>(0, type.getDimSize(d))))));
    Value extent = tg::SliceOp::create(b, loc, shape, ArrayRef<int64_t>{d},
                                       ArrayRef<int64_t>{d + 1},
                                       ArrayRef<int64_t>{1});
    extent = tg::ReshapeOp::create(b, loc, RankedTensorType::get({}, i64),
                                   extent);
    Value below =
        tg::CompareOp::create(b, loc, tg::ComparePredicate::lt, iota, extent);
    inside = inside ? tg::AndOp::create(b, loc, inside, below).getResult()
                    : below;
  }
  return inside;
}

/// `value`, a bounded output, and its actual `shape` with at most `size`
/// entries along its bounded dimension `dim` (--max-output): the entries
/// past `size` dropped, the shape's entry clamped.
std::pair<Value, Value> GraphImporter::boundOutput(Value value, Value shape,
                                                   int64_t dim, int64_t size) {
  auto type = cast<RankedTensorType>(value.getType());
  Location loc = value.getLoc();
  size = std::min(size, type.getDimSize(dim));
  int64_t rank = type.getRank();
  SmallVector<int64_t> starts(rank, 0), limits(type.getShape()),
      strides(rank, 1);
  limits[dim] = size;
  Value kept =
      tg::SliceOp::create(builder, loc, value, starts, limits, strides);
  SmallVector<int64_t> caps(rank, std::numeric_limits<int64_t>::max());
  caps[dim] = size;
  Value capped = tg::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(
          RankedTensorType::get({rank}, builder.getI64Type()),
          ArrayRef<int64_t>(caps)));
  return {kept, tg::MinOp::create(builder, loc, shape, capped)};
}

/// Whether `opType` reads a sequence as its input 0 (Ops/Sequence.cpp).
static bool isSequenceReader(StringRef opType) {
  return opType == "SequenceInsert" || opType == "SequenceErase" ||
         opType == "SequenceAt" || opType == "SequenceLength" ||
         opType == "ConcatFromSequence";
}

/// The domain of an op of ONNX's preview domains: the training optimizers
/// (Ops/Training.cpp) and FlexAttention; empty for the default domain's.
static StringRef getPreviewDomain(StringRef opType) {
  if (opType == "Adagrad" || opType == "Momentum" || opType == "Adam")
    return "ai.onnx.preview.training";
  if (opType == "FlexAttention")
    return "ai.onnx.preview";
  return "";
}

LogicalResult GraphImporter::importNode(const onnx::NodeProto &node,
                                        const ConverterRegistry &registry) {
  const ConvertFn *convert = nullptr;
  // The ops of ONNX's preview domains are registered by op type alone: they
  // exist only in their domain, and only they may come from it.
  StringRef previewDomain = getPreviewDomain(node.op_type());
  bool contrib = node.domain() == kContribDomain;
  bool inDomain = contrib || (previewDomain.empty()
                                  ? node.domain().empty() ||
                                        node.domain() == "ai.onnx"
                                  : node.domain() == previewDomain);
  const ConverterRegistry::Entry *entry =
      !inDomain ? nullptr
      : contrib ? registry.lookupContrib(node.op_type())
                : registry.lookup(node.op_type());
  // onnxruntime registers this contrib op in the default domain too.
  if (!entry && inDomain && !contrib &&
      node.op_type() == "SimplifiedLayerNormalization")
    entry = registry.lookupContrib(node.op_type());
  if (entry) {
    if (failed(checkInputCounts(node, entry->inputs)))
      return failure();
    convert = &entry->convert;
  } else if (!inDomain || contrib) {
    recordUnsupported(node, "domain '" + node.domain() + "'");
  } else {
    recordUnsupported(node, "");
  }
  for (const std::string &input : node.input()) {
    if (input.empty())
      continue;
    if (missing.contains(input)) {
      // Downstream of an unsupported node: only its op type was checked.
      convert = nullptr;
      break;
    }
    if (!values.count(input) && !sequences.count(input))
      return emitError(getNodeLoc(node))
             << "reads '" << input
             << "', which no earlier node, input or initializer defines";
    // A bounded value is computed at its largest shape: only the caller,
    // told its actual shape, can read it.
    if (auto it = boundedValues.find(values.lookup(input));
        it != boundedValues.end())
      return emitError(getNodeLoc(node))
             << "reads '" << input << "', which " << it->second.producer
             << " computes with an extent known only at run time; aotc "
                "returns such a value as a graph output (with its actual "
                "shape beside it) but does not compute on it";
  }
  // ONNX assigns each name once: a node that redefines an input, an
  // initializer or an earlier result would change what its own inputs
  // read while it is converted.
  llvm::StringSet<> outputs;
  // In a subgraph only its own names count: it may shadow outer ones.
  for (const std::string &output : node.output())
    if (!output.empty() &&
        ((subgraphNames ? subgraphNames->contains(output)
                        : values.count(output) || sequences.count(output) ||
                              missing.contains(output)) ||
         !outputs.insert(output).second))
      return emitError(getNodeLoc(node))
             << "defines '" << output
             << "' again (ONNX graphs assign each name once)";
  if (!convert) {
    for (const std::string &output : node.output())
      missing.insert(output);
    return success();
  }

  // Sequences only where a sequence op reads one (input 0); any other
  // reader, a Loop carrying one included, is reported unsupported, and a
  // sequence op given a tensor there is an error at the node.
  for (auto [i, name] : llvm::enumerate(node.input())) {
    if (name.empty())
      continue;
    bool isSequence = sequences.count(name) != 0;
    bool readsSequence = i == 0 && isSequenceReader(node.op_type());
    if (isSequence && !readsSequence) {
      recordUnsupported(node, "sequence input '" + name + "'");
      for (const std::string &output : node.output())
        missing.insert(output);
      return success();
    }
    if (!isSequence && readsSequence)
      return emitError(getNodeLoc(node))
             << "expected input 0 ('" << name << "') to be a sequence";
  }

  // Unsigned inputs only where the op handles them.
  bool readsUnsigned = false;
  for (auto [i, name] : llvm::enumerate(node.input())) {
    if (name.empty() || !isUnsigned(lookup(name)))
      continue;
    auto use = getUnsignedUses().find(node.op_type());
    if (use == getUnsignedUses().end() ||
        !(use->second.inputs & (1u << std::min<size_t>(i, 31)))) {
      recordUnsupported(node, "unsigned input '" + name + "'");
      for (const std::string &output : node.output())
        missing.insert(output);
      return success();
    }
    readsUnsigned = true;
  }

  // Low-precision codes likewise; data movement keeps their type.
  int keptLowPrecision = 0;
  for (auto [i, name] : llvm::enumerate(node.input())) {
    if (name.empty())
      continue;
    int dataType = getLowPrecisionType(lookup(name));
    if (!dataType)
      continue;
    auto use = getLowPrecisionUses().find(node.op_type());
    if (use == getLowPrecisionUses().end() ||
        !(use->second.inputs & (1u << std::min<size_t>(i, 31)))) {
      recordUnsupported(node, getDataTypeName(dataType) + " input '" + name +
                                  "'");
      for (const std::string &output : node.output())
        missing.insert(output);
      return success();
    }
    if (use->second.keepsType)
      keptLowPrecision = dataType;
  }

  // Unsigned inputs the op reads by their order, or as Pow's exponent, are
  // adapted for the signed converter; the originals are bound again after.
  UnsignedAdaptation adaptation =
      readsUnsigned ? getUnsignedAdaptation(node.op_type())
                    : UnsignedAdaptation{};
  SmallVector<std::pair<std::string, Value>> adapted;
  {
    Location loc = getNodeLoc(node);
    auto adapt = [&](unsigned i, auto fn) {
      if (int(i) >= node.input_size() || node.input(i).empty())
        return;
      Value original = lookup(node.input(i));
      if (!isUnsigned(original))
        return;
      adapted.push_back({node.input(i), original});
      values[node.input(i)] = fn(original);
    };
    if (adaptation.flipOrder)
      adapt(0, [&](Value x) {
        return isa<IntegerType>(cast<RankedTensorType>(x.getType())
                                    .getElementType())
                   ? flipSignBits(builder, loc, x)
                   : x;
      });
    if (adaptation.exponentToFloat && node.input_size() > 1 &&
        !node.input(0).empty())
      if (Value base = lookup(node.input(0));
          base && isa<FloatType>(
                      cast<RankedTensorType>(base.getType()).getElementType()))
        adapt(1, [&](Value y) -> Value {
          auto type = cast<RankedTensorType>(y.getType())
                          .clone(cast<RankedTensorType>(base.getType())
                                     .getElementType());
          return tg::CastOp::create(builder, loc, type, y,
                                    /*unsigned_input=*/true,
                                    /*unsigned_result=*/false);
        });
  }
  llvm::scope_exit restoreAdapted([&] {
    for (auto &[name, original] : adapted)
      values[name] = original;
  });

  size_t unsupportedBefore = unsupported.size();
  onnx::NodeProto legacy;
  const onnx::NodeProto &nodeToConvert =
      opset < 7 ? applyLegacyBroadcast(node, legacy) : node;
  NodeContext ctx(*this, nodeToConvert, opset, builder, getNodeLoc(node));
  LogicalResult converted = failure();
  Block *block = builder.getInsertionBlock();
  Block::iterator end = builder.getInsertionPoint();
  Operation *last = end == block->begin() ? nullptr : &*std::prev(end);
  {
    // An attribute of the wrong type reads as absent: the node is malformed,
    // whatever the converter then made of it, and that is the one error to
    // report, not what the converter said of the defaults it saw instead.
    // Likewise, once a create failed its result-type check (reported), what
    // the converter then says of the placeholder values it got is dropped.
    ScopedDiagnosticHandler quiet(context, [&](Diagnostic &) {
      return success(!ctx.getAttributeError().empty() ||
                     ctx.hasBuildError());
    });
    converted = (*convert)(ctx);
  }
  if (!ctx.getAttributeError().empty())
    return emitError(getNodeLoc(node)) << ctx.getAttributeError();
  if (ctx.hasBuildError())
    return failure();
  bool skipped = unsupported.size() != unsupportedBefore;
  if (failed(converted) && !skipped) {
    if (!ctx.reportedNotConstant())
      return failure();
    // Reported already; go on without its results to find the others.
    ++deferredErrors;
    skipped = true;
  }
  // What the converter built must verify here, at the node, whatever it
  // checked itself (an op fed an element type it does not take).
  if (succeeded(converted))
    for (Operation &op : llvm::make_range(
             last ? std::next(last->getIterator()) : block->begin(),
             builder.getInsertionPoint()))
      if (failed(mlir::verify(&op, /*verifyRecursively=*/false)))
        return failure();
  for (const std::string &output : node.output()) {
    if (output.empty())
      continue;
    if (skipped) {
      missing.insert(output);
      continue;
    }
    // Shapes that attributes blow up (a huge Expand, a Tile) end here, before
    // a later node folds them or a pass allocates them.
    if (Value value = values.lookup(output);
        value && failed(tg::checkTensorByteSize(
                     getNodeLoc(node), cast<ShapedType>(value.getType()),
                     tg::kMaxTensorBytes, "results")))
      return failure();
    if (!values.count(output) && !sequences.count(output))
      return emitError(getNodeLoc(node))
             << "internal error: the converter did not produce output '"
             << output << "'";
    if (readsUnsigned && !skipped &&
        getUnsignedUses().lookup(node.op_type()).keepsType)
      markUnsigned(values.lookup(output));
    if (keptLowPrecision && !skipped)
      markLowPrecision(values.lookup(output), keptLowPrecision);
  }
  // The value outputs of an order-adapted op flip back to unsigned.
  if (adaptation.flipOrder && !adapted.empty() && !skipped) {
    for (auto [i, output] : llvm::enumerate(node.output())) {
      if (output.empty() || !(adaptation.valueOutputs & (1u << i)))
        continue;
      Value value = lookup(output);
      Value flipped = flipSignBits(builder, getNodeLoc(node), value);
      // A bounded value's padding stays zero.
      if (auto it = boundedValues.find(value); it != boundedValues.end()) {
        BoundedValue bounded = it->second;
        flipped = tg::SelectOp::create(
            builder, getNodeLoc(node),
            insideBox(builder, getNodeLoc(node),
                      cast<RankedTensorType>(value.getType()), bounded.shape),
            flipped, value);
        boundedValues[flipped] = bounded;
      }
      values[output] = flipped;
      markUnsigned(flipped);
    }
  }
  return success();
}

LogicalResult GraphImporter::checkOutput(const onnx::ValueInfoProto &output,
                                         Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!output.type().has_tensor_type())
    return success();
  const onnx::TypeProto::Tensor &declared = output.type().tensor_type();
  Location loc = UnknownLoc::get(context);
  if (lookupLowPrecisionType(declared.elem_type()) ||
      getLowPrecisionType(value)) {
    if (getLowPrecisionType(value) != declared.elem_type() &&
        declared.elem_type() != 0)
      return emitError(loc) << "graph output '" << output.name()
                            << "' is declared as "
                            << getDataTypeName(declared.elem_type())
                            << " but computes "
                            << getDataTypeName(getLowPrecisionType(value));
  } else if (declared.elem_type() != 0) {
    Type elementType = getElementType(context, declared.elem_type());
    Type unsignedType = getUnsignedStorageType(context, declared.elem_type());
    if (unsignedType && !isUnsigned(value))
      return emitError(loc) << "graph output '" << output.name()
                            << "' is declared as "
                            << getDataTypeName(declared.elem_type())
                            << " but computes signed " << type.getElementType();
    if (unsignedType)
      elementType = unsignedType;
    if (!elementType)
      return emitError(loc) << "graph output '" << output.name()
                            << "' has data type "
                            << getDataTypeName(declared.elem_type())
                            << ", which aotc does not support";
    if (elementType != type.getElementType())
      return emitError(loc) << "graph output '" << output.name()
                            << "' is declared as "
                            << getDataTypeName(declared.elem_type())
                            << " but computes " << type.getElementType();
  }
  if (!declared.has_shape())
    return success();
  const auto &dims = declared.shape().dim();
  bool mismatch = dims.size() != type.getRank();
  for (auto [i, dim] : llvm::enumerate(dims))
    if (!mismatch && dim.has_dim_value() && dim.dim_value() > 0 &&
        dim.dim_value() != type.getDimSize(i))
      mismatch = true;
  if (mismatch) {
    std::string shape;
    for (auto [i, dim] : llvm::enumerate(dims))
      shape += (i ? "x" : "") + (dim.has_dim_value() && dim.dim_value() > 0
                                     ? std::to_string(dim.dim_value())
                                     : std::string("?"));
    return emitError(loc) << "graph output '" << output.name()
                          << "' is declared with shape "
                          << (dims.empty() ? "a scalar" : shape)
                          << " but computes " << formatShape(type.getShape());
  }
  return success();
}

LogicalResult GraphImporter::reportUnsupported() {
  if (unsupported.empty())
    return success();
  // One line per op type, naming its first node.
  std::map<std::string, std::vector<const UnsupportedNode *>> byOp;
  for (const UnsupportedNode &node : unsupported)
    byOp[node.opType].push_back(&node);
  InFlightDiagnostic diag = emitError(UnknownLoc::get(context));
  diag << "unsupported ONNX op" << (byOp.size() > 1 ? "s" : "") << " (opset "
       << opset << "): ";
  bool first = true;
  for (const auto &[opType, nodes] : byOp) {
    const UnsupportedNode &node = *nodes.front();
    diag << (first ? "" : "; ") << opType;
    first = false;
    std::string detail;
    if (!node.nodeName.empty())
      detail = "node '" + node.nodeName + "'";
    if (nodes.size() > 1)
      detail += (detail.empty() ? "" : " and ") +
                std::to_string(nodes.size() - 1) + " more";
    if (!node.reason.empty())
      detail += (detail.empty() ? "" : ": ") + node.reason;
    if (!detail.empty())
      diag << " (" << detail << ")";
  }
  return failure();
}

LogicalResult GraphImporter::importGraph(onnx::GraphProto &graph) {
  llvm::StringSet<> initializers;
  for (const onnx::TensorProto &tensor : graph.initializer())
    initializers.insert(tensor.name());
  auto isGraphInput = [&](StringRef name) {
    return !initializers.contains(name) &&
           llvm::any_of(graph.input(), [&](const auto &input) {
             return input.name() == name;
           });
  };
  for (const auto &[name, shape] : options.inputShapes)
    if (!isGraphInput(name))
      return emitError(UnknownLoc::get(context))
             << "--input-shape names '" << name
             << "', which is not an input of the graph";
  for (const auto &[symbol, size] : options.dimValues) {
    bool used = llvm::any_of(graph.input(), [&](const auto &input) {
      return isGraphInput(input.name()) &&
             input.type().tensor_type().has_shape() &&
             llvm::any_of(input.type().tensor_type().shape().dim(),
                          [&](const auto &dim) {
                            return dim.dim_param() == symbol;
                          });
    });
    if (!used)
      return emitError(UnknownLoc::get(context))
             << "--dim names '" << symbol
             << "', which is not a symbolic dimension of any graph input";
  }
  for (const auto &[name, file] : options.inputValues)
    if (!isGraphInput(name))
      return emitError(UnknownLoc::get(context))
             << "--input-value names '" << name
             << "', which is not an input of the graph";

  SmallVector<Type> argumentTypes;
  SmallVector<const onnx::ValueInfoProto *> arguments;
  // Low-precision inputs: their logical types, by argument.
  SmallVector<std::pair<unsigned, RankedTensorType>> lowPrecisionArguments;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (initializers.contains(input.name()) ||
        options.inputValues.count(input.name()))
      continue;
    FailureOr<RankedTensorType> type = getInputType(input);
    if (failed(type) ||
        failed(tg::checkTensorByteSize(
            NameLoc::get(StringAttr::get(context, input.name())), *type,
            tg::kMaxTensorBytes, "graph inputs")))
      return failure();
    if (const LowPrecisionType *lowPrecision =
            lookupLowPrecisionType(input.type().tensor_type().elem_type())) {
      lowPrecisionArguments.push_back(
          {argumentTypes.size(),
           type->clone(getLogicalElementType(context, *lowPrecision))});
      if (lowPrecision->bits < 8)
        type = RankedTensorType::get(
            {lowPrecision->packedBytes(type->getNumElements())},
            type->getElementType());
    }
    argumentTypes.push_back(*type);
    arguments.push_back(&input);
  }
  if (graph.output_size() == 0)
    return emitError(UnknownLoc::get(context)) << "the graph has no outputs";

  builder.setInsertionPointToEnd(module.getBody());
  Location funcLoc = NameLoc::get(StringAttr::get(
      context, graph.name().empty() ? "graph" : graph.name()));
  function = func::FuncOp::create(builder, funcLoc, options.functionName,
                                  builder.getFunctionType(argumentTypes, {}));
  Block *body = function.addEntryBlock();
  for (auto [i, input] : llvm::enumerate(arguments)) {
    function.setArgAttr(i, "tg.name", builder.getStringAttr(input->name()));
    bind(input->name(), body->getArgument(i));
    if (unsignedInputs.contains(input->name())) {
      function.setArgAttr(i, "tg.unsigned", builder.getUnitAttr());
      markUnsigned(body->getArgument(i));
    }
  }
  builder.setInsertionPointToStart(body);
  for (auto [i, logicalType] : lowPrecisionArguments) {
    function.setArgAttr(i, kLogicalTypeAttr, TypeAttr::get(logicalType));
    bindLowPrecisionInput(*arguments[i], body->getArgument(i));
  }
  if (failed(importInitializers(graph, /*takeRawData=*/true)))
    return failure();
  for (const onnx::ValueInfoProto &input : graph.input())
    if (options.inputValues.count(input.name()) &&
        failed(importInputValue(input)))
      return failure();

  ConverterRegistry converters = buildConverterRegistry();
  registry = &converters;
  llvm::scope_exit forget([&] { registry = nullptr; });
  for (const onnx::NodeProto &node : graph.node())
    if (failed(importNode(node, converters)))
      return failure();
  if (failed(reportUnsupported()) || deferredErrors)
    return failure();

  SmallVector<Value> results;
  // A bounded output's actual shape goes to the caller as one more output,
  // after the graph's own (docs/architecture.md, "Bounded outputs").
  SmallVector<std::pair<unsigned, Value>> shapeResults;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Value value = lookup(output.name());
    if (!value && sequences.count(output.name()))
      return emitError(UnknownLoc::get(context))
             << "graph output '" << output.name()
             << "' is a sequence; aotc's graph outputs are tensors";
    if (!value)
      return emitError(UnknownLoc::get(context))
             << "graph output '" << output.name()
             << "' is not produced by any node, input or initializer";
    auto bounded = boundedValues.find(value);
    auto cap = options.maxOutputs.find(output.name());
    if (cap != options.maxOutputs.end() && bounded == boundedValues.end())
      return emitError(UnknownLoc::get(context))
             << "--max-output bounds graph output '" << output.name()
             << "', whose shape is static; only bounded outputs (NonZero, "
                "NonMaxSuppression, ...: docs/architecture.md) take a bound";
    if (bounded != boundedValues.end()) {
      Value shape = bounded->second.shape;
      if (cap != options.maxOutputs.end())
        std::tie(value, shape) = boundOutput(value, shape,
                                             bounded->second.dim, cap->second);
      shapeResults.push_back({results.size(), shape});
    } else if (failed(checkOutput(output, value))) {
      return failure();
    }
    if (const LowPrecisionType *lowPrecision =
            lookupLowPrecisionType(getLowPrecisionType(value)))
      value = packValue(builder, funcLoc, value, *lowPrecision);
    results.push_back(value);
  }
  for (const auto &[name, size] : options.maxOutputs)
    if (llvm::none_of(graph.output(), [&](const onnx::ValueInfoProto &output) {
          return output.name() == name;
        }))
      return emitError(UnknownLoc::get(context))
             << "--max-output bounds '" << name
             << "', which is not an output of the graph";
  unsigned numGraphOutputs = results.size();
  for (auto [of, shape] : shapeResults)
    results.push_back(shape);
  func::ReturnOp::create(builder, funcLoc, results);
  // Folded shape computations leave constants nothing reads.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  function.setFunctionType(
      builder.getFunctionType(argumentTypes, ValueRange(results).getTypes()));
  for (auto [i, output] : llvm::enumerate(graph.output())) {
    function.setResultAttr(i, "tg.name", builder.getStringAttr(output.name()));
    if (isUnsigned(results[i]))
      function.setResultAttr(i, "tg.unsigned", builder.getUnitAttr());
    Value value = lookup(output.name());
    if (const LowPrecisionType *lowPrecision =
            lookupLowPrecisionType(getLowPrecisionType(value)))
      function.setResultAttr(
          i, kLogicalTypeAttr,
          TypeAttr::get(cast<RankedTensorType>(value.getType())
                            .clone(getLogicalElementType(context,
                                                         *lowPrecision))));
  }
  llvm::StringSet<> names;
  for (const onnx::ValueInfoProto &output : graph.output())
    names.insert(output.name());
  for (auto [k, entry] : llvm::enumerate(shapeResults)) {
    unsigned of = entry.first, index = numGraphOutputs + k;
    // `<output>_shape`, made unique among the graph's output names.
    std::string name = graph.output(of).name() + "_shape";
    while (!names.insert(name).second)
      name += "_";
    function.setResultAttr(of, "tg.shape_output",
                           builder.getI64IntegerAttr(index));
    function.setResultAttr(index, "tg.name", builder.getStringAttr(name));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

/// The opset of the default domain, or 0 when the model imports none.
static int64_t getDefaultOpset(const onnx::ModelProto &model) {
  for (const onnx::OperatorSetIdProto &entry : model.opset_import())
    if (entry.domain().empty() || entry.domain() == "ai.onnx")
      return entry.version();
  return 0;
}

OwningOpRef<ModuleOp>
aotc::importONNXModel(StringRef path, MLIRContext &context,
                      const ONNXImportOptions &options) {
  context.loadDialect<tg::TGDialect, func::FuncDialect, scf::SCFDialect,
                      arith::ArithDialect>();
  Location loc = UnknownLoc::get(&context);
  // Parsed from the file descriptor, a block at a time: the file's bytes
  // are never all in memory next to the parsed model.
  int fd;
  if (std::error_code error = llvm::sys::fs::openFileForRead(path, fd)) {
    emitError(loc) << "cannot read the file: " << error.message();
    return {};
  }
  auto closeFile = llvm::make_scope_exit([&] { llvm::sys::Process::SafelyCloseFileDescriptor(fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code error = llvm::sys::fs::status(fd, status)) {
    emitError(loc) << "cannot read the file: " << error.message();
    return {};
  }
  if (status.type() == llvm::sys::fs::file_type::directory_file) {
    emitError(loc) << "cannot read the file: "
                   << std::make_error_code(std::errc::is_a_directory).message();
    return {};
  }
  if (status.getSize() == 0) {
    emitError(loc) << "the file is empty; expected an ONNX model";
    return {};
  }
  onnx::ModelProto model;
  if (status.getSize() > static_cast<uint64_t>(INT32_MAX) ||
      !model.ParseFromFileDescriptor(fd)) {
    emitError(loc) << "not a valid ONNX model: the protobuf does not parse "
                      "(the file is truncated, corrupt, or not ONNX)";
    return {};
  }
  if (!model.has_graph() || model.ir_version() <= 0) {
    emitError(loc) << "not a valid ONNX model: it has no "
                   << (model.has_graph() ? "IR version" : "graph");
    return {};
  }
  int64_t opset = getDefaultOpset(model);
  bool usesDefaultDomain =
      llvm::any_of(model.graph().node(), [](const onnx::NodeProto &node) {
        return node.domain().empty() || node.domain() == "ai.onnx";
      });
  // A model of other domains only (ai.onnx.ml, training): its nodes are
  // reported as unsupported, one by one.
  if (opset == 0 && !usesDefaultDomain)
    opset = kMaxONNXOpset;
  if (opset == 0) {
    emitError(loc) << "the model imports no version of the default ONNX "
                      "opset";
    return {};
  }
  if (opset < kMinONNXOpset) {
    // An older model imports as opset kMinONNXOpset when none of its ops
    // was redefined in between (most were, at opset 6, when
    // `consumed_inputs` went away; Not, And or Reshape's opset-5 form were
    // not).
    std::string changed;
    for (const onnx::NodeProto &node : model.graph().node()) {
      if (!node.domain().empty() && node.domain() != "ai.onnx")
        continue;
      int64_t redefined =
          getONNXOpRedefinition(node.op_type(), opset, kMinONNXOpset);
      if (redefined == 0)
        continue;
      changed = redefined < 0 ? node.op_type() + " is not an op aotc imports"
                              : node.op_type() + " was redefined in opset " +
                                    std::to_string(redefined);
      break;
    }
    if (!changed.empty()) {
      emitError(loc) << "the model uses ONNX opset " << opset
                     << "; aotc imports opsets " << kMinONNXOpset << " to "
                     << kMaxONNXOpset << ", and older models whose ops are "
                     << "unchanged since (" << changed
                     << "; upgrade it with onnx.version_converter)";
      return {};
    }
    opset = kMinONNXOpset;
  }
  if (opset > kMaxONNXOpset) {
    emitError(loc) << "the model uses ONNX opset " << opset
                   << "; the newest opset aotc supports is " << kMaxONNXOpset
                   << " (convert it with onnx.version_converter)";
    return {};
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  GraphImporter importer(*module, path, opset, options);
  if (failed(importer.importGraph(*model.mutable_graph())))
    return {};
  return module;
}

std::string aotc::parseInputValueBinding(StringRef binding,
                                         ONNXImportOptions &options) {
  auto [name, file] = binding.split('=');
  if (name.empty() || file.empty() || !binding.contains('='))
    return "--input-value '" + binding.str() +
           "' is not NAME=FILE (FILE: a serialized ONNX TensorProto)";
  if (!options.inputValues.emplace(name.str(), file.str()).second)
    return "--input-value binds '" + name.str() + "' twice";
  return "";
}

/// Parses the `NAME=N` (N a non-negative integer) of option `option` into
/// `into`; an error message naming `value` and `example`, or "".
static std::string parseCountBinding(StringRef binding, StringRef option,
                                     StringRef value, StringRef example,
                                     StringRef verb,
                                     std::map<std::string, int64_t> &into) {
  auto [name, size] = binding.rsplit('=');
  int64_t count;
  if (name.empty() || !binding.contains('=') || size.getAsInteger(10, count) ||
      count < 0)
    return (option + " '" + binding + "' is not NAME=" + value + " with " +
            value + " a non-negative integer (e.g. " + example + ")")
        .str();
  if (!into.emplace(name.str(), count).second)
    return (option + " " + verb + " '" + name + "' twice").str();
  return "";
}

std::string aotc::parseDimBinding(StringRef binding,
                                  ONNXImportOptions &options) {
  auto [name, size] = binding.rsplit('=');
  auto [low, high] = size.split("..");
  if (!size.contains("..")) {
    if (options.dimRanges.count(name.str()))
      return ("--dim binds '" + name + "' twice").str();
    return parseCountBinding(binding, "--dim", "SIZE", "batch=1", "binds",
                             options.dimValues);
  }
  int64_t min, max;
  if (name.empty() || low.getAsInteger(10, min) ||
      high.getAsInteger(10, max) || min < 1 || max < min)
    return ("--dim '" + binding +
            "' is not NAME=MIN..MAX with 1 <= MIN <= MAX (e.g. batch=1..64)")
        .str();
  if (options.dimValues.count(name.str()) ||
      !options.dimRanges.emplace(name.str(), std::make_pair(min, max)).second)
    return ("--dim binds '" + name + "' twice").str();
  return "";
}

std::string aotc::parseMaxOutputBinding(StringRef binding,
                                        ONNXImportOptions &options) {
  return parseCountBinding(binding, "--max-output", "N", "boxes=100",
                           "bounds", options.maxOutputs);
}

std::string aotc::parseInputShapeBinding(StringRef binding,
                                         ONNXImportOptions &options) {
  auto [name, dims] = binding.rsplit('=');
  if (name.empty() || dims.empty() || !binding.contains('='))
    return "--input-shape '" + binding.str() +
           "' is not NAME=DIMS (e.g. input=1x3x224x224)";
  std::vector<int64_t> shape;
  SmallVector<StringRef> parts;
  dims.split(parts, 'x');
  if (dims == "scalar")
    parts.clear();
  for (StringRef part : parts) {
    int64_t dim;
    if (part.getAsInteger(10, dim) || dim < 0)
      return "--input-shape '" + binding.str() + "': '" + part.str() +
             "' is not a dimension (expected non-negative integers joined "
             "by 'x')";
    shape.push_back(dim);
  }
  if (!options.inputShapes.emplace(name.str(), shape).second)
    return "--input-shape binds '" + name.str() + "' twice";
  return "";
}
