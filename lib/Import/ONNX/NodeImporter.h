//===- NodeImporter.h - what an ONNX op converter sees ------------*- C++ -*-===//
//
// Private interface between the ONNX graph importer (GraphImporter.cpp) and
// the per-op converters (Ops/*.cpp). A converter receives one NodeContext:
// the node, the model's opset, a builder positioned in the function being
// built, the node's inputs as tg values, and its attributes. It builds tg ops
// and binds one value to each of the node's outputs with setOutput.
//
// Constants. Initializers and Constant nodes arrive as tg.constant. Ops are
// best built with `createOrFold` (see NodeContext::create), so a computation
// on constants (the `Shape -> Gather -> Concat -> Reshape` chains exporters
// emit) folds into a tg.constant as it is imported, and getConstantInts then
// reads the folded value.
//
// Errors. A converter that meets a node it cannot import returns
// `ctx.unsupported("why")`, which records the node and returns success: the
// importer keeps going (skipping the nodes that read its outputs) and reports
// every unsupported node at the end, in one error. A node that is malformed (an
// attribute out of range, a wrong input count) is an error right away:
// `return ctx.emitError() << "..."`.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_NODEIMPORTER_H
#define AOTC_LIB_IMPORT_ONNX_NODEIMPORTER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLForwardCompat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

namespace onnx {
class NodeProto;
class AttributeProto;
class GraphProto;
} // namespace onnx

namespace aotc::onnximport {

class GraphImporter;

/// One node being converted.
class NodeContext {
public:
  NodeContext(GraphImporter &graph, const onnx::NodeProto &node,
              int64_t opset, mlir::OpBuilder &builder, mlir::Location loc);

  const onnx::NodeProto &getNode() const { return node; }
  llvm::StringRef getOpType() const;
  /// The opset version of the default ONNX domain the model imports.
  int64_t getOpset() const { return opset; }
  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::Location getLoc() const { return loc; }
  mlir::MLIRContext *getContext() const { return builder.getContext(); }

  //===--------------------------------------------------------------------===//
  // Inputs and outputs
  //===--------------------------------------------------------------------===//

  /// The number of inputs, not counting trailing omitted ones (ONNX writes an
  /// omitted optional input as an empty name).
  unsigned getNumInputs() const;
  /// Whether input `i` is given (in range and not an empty name).
  bool hasInput(unsigned i) const;
  /// Input `i` as a statically shaped tensor value. hasInput(i) must hold:
  /// it does for the required inputs of the op's InputSpec (the importer
  /// checks them before the converter runs); check it for optional ones.
  mlir::Value getInput(unsigned i);
  /// The type of input `i`; hasInput(i) must hold (see getInput).
  mlir::RankedTensorType getInputType(unsigned i);
  /// The value of input `i` when it is a compile-time constant (an
  /// initializer, a Constant node, or a folded computation on those) held
  /// as a DenseElementsAttr; std::nullopt otherwise. Large weights are
  /// stored as resource blobs and are not returned here.
  std::optional<mlir::DenseElementsAttr> getConstantInput(unsigned i);
  /// Input `i` as integers, which must be known at compile time (Reshape's
  /// shape, Slice's starts, ...). Reports an error naming the input and
  /// returns failure otherwise. Accepts any integer element type.
  mlir::FailureOr<llvm::SmallVector<int64_t>> getConstantInts(unsigned i);
  /// Input `i` as floats, which must be known at compile time.
  mlir::FailureOr<llvm::SmallVector<double>> getConstantFloats(unsigned i);

  /// Whether `value` holds ONNX unsigned integers in its signless type
  /// (GraphImporter::isUnsigned), and marking one that does.
  bool isUnsigned(mlir::Value value) const;
  void markUnsigned(mlir::Value value);
  /// The ONNX data type of the low-precision codes `value` holds
  /// (LowPrecision.h: float8, float4, int4, int2, ...), or 0 for a value of
  /// any other type; and marking a value that holds them.
  int getLowPrecisionType(mlir::Value value) const;
  void markLowPrecision(mlir::Value value, int dataType);
  /// The low-precision ONNX data type the tensor attribute `name` holds, or
  /// 0.
  int getTensorAttrLowPrecisionType(llvm::StringRef name) const;
  /// Whether the tensor attribute `name` holds ONNX unsigned integers.
  bool isUnsignedTensorAttr(llvm::StringRef name) const;

  /// The number of outputs the node declares (including omitted ones).
  unsigned getNumOutputs() const;
  /// Whether output `i` is wanted (declared with a non-empty name).
  bool hasOutput(unsigned i) const;
  /// Binds output `i`; its type must be a statically shaped tensor. Outputs
  /// the node does not declare are ignored.
  void setOutput(unsigned i, mlir::Value value);
  /// Binds output `i` to `value`, a result computed at its largest shape
  /// whose extent along `dim` is known only at run time, and `shape` (1-D
  /// i64, one entry per dimension of `value`) its actual shape. Such a value
  /// can only be a graph output: the caller gets `shape` as one more output.
  void setBoundedOutput(unsigned i, mlir::Value value, mlir::Value shape,
                        int64_t dim);
  /// The value bound to output `i` so far, or null.
  mlir::Value getOutput(unsigned i) const;

  /// Input `i` as a sequence (a static list of tensors), or failure after
  /// an error when it is not one.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>> getSequenceInput(unsigned i);
  /// Binds output `i` to a sequence of `elements`.
  void setSequenceOutput(unsigned i, llvm::ArrayRef<mlir::Value> elements);

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  // The getters check the attribute's declared type. One of another type
  // (an `ints` where an `int` belongs, as a corrupt or hand-edited model may
  // have) reads as absent, and the importer reports it once the converter
  // returns (getAttributeError), so a converter never sees a value the model
  // did not give.

  bool hasAttr(llvm::StringRef name) const;
  int64_t getInt(llvm::StringRef name, int64_t defaultValue) const;
  double getFloat(llvm::StringRef name, double defaultValue) const;
  std::string getString(llvm::StringRef name,
                        llvm::StringRef defaultValue) const;
  /// The `ints` attribute `name`, or std::nullopt when absent.
  std::optional<llvm::SmallVector<int64_t>>
  getInts(llvm::StringRef name) const;
  std::optional<llvm::SmallVector<double>>
  getFloats(llvm::StringRef name) const;
  /// The `strings` attribute `name`, or std::nullopt when absent.
  std::optional<llvm::SmallVector<std::string>>
  getStrings(llvm::StringRef name) const;
  /// The `t` (tensor) attribute `name` as an ElementsAttr, or failure (with
  /// an error reported) when absent or of an unsupported data type.
  mlir::FailureOr<mlir::ElementsAttr> getTensorAttr(llvm::StringRef name);
  /// The raw attribute, or nullptr.
  const onnx::AttributeProto *getAttr(llvm::StringRef name) const;
  /// The graph attribute `name` (If's branches, a Loop or Scan body), or
  /// nullptr when absent.
  const onnx::GraphProto *getGraphAttr(llvm::StringRef name) const;
  /// The first attribute a getter found of the wrong type, as an error
  /// message; empty if none.
  const std::string &getAttributeError() const { return attributeError; }

  //===--------------------------------------------------------------------===//
  // Building
  //===--------------------------------------------------------------------===//

  /// Builds `OpTy` at the node's location, folding it when its operands are
  /// constants, and returns its (single) result.
  ///
  /// Result types are checked here, centrally: an op whose builder infers
  /// its result type (`create<tg::PadOp>(x, pads)`) has its inference run
  /// first, and when that fails (pads past the input, a bias of the wrong
  /// shape: whatever the converter did not check) the node gets one error
  /// at its location instead of the builder's fatal "Failed to infer result
  /// type(s)". The converter then goes on with a placeholder value (an op
  /// that is never verified or lowered), every later create returns another
  /// one, and the importer fails the node once the converter returns
  /// (hasBuildError), so no converter needs to check what it creates.
  template <typename OpTy, typename... Args>
  mlir::Value create(Args &&...args) {
    if constexpr (kInfersResultType<OpTy, Args...>) {
      mlir::OperationState state(loc, OpTy::getOperationName());
      // The builder that takes the result type, given a placeholder: it
      // fills the state as the inferring one does, without inferring.
      OpTy::build(builder, state, getPlaceholderType(),
                  std::forward<Args>(args)...);
      return createChecked(state, &OpTy::inferReturnTypes);
    } else {
      if (buildError)
        return createPlaceholder(getPlaceholderType());
      return builder.createOrFold<OpTy>(loc, std::forward<Args>(args)...);
    }
  }
  /// Whether a create on this node failed its result-type check (the error
  /// is reported; later diagnostics about the node are dropped).
  bool hasBuildError() const { return buildError; }
  /// A tg.constant of `attr`.
  mlir::Value createConstant(mlir::ElementsAttr attr);
  /// Imports the subgraph `graph` here, its inputs bound to `inputs`
  /// (GraphImporter::importSubgraph): its outputs, null where an
  /// unsupported node left one missing.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  importSubgraph(const onnx::GraphProto &graph, mlir::ValueRange inputs);
  /// importSubgraph as a trial that reports and records nothing, failing
  /// when anything inside would have (GraphImporter::tryImportSubgraph).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  tryImportSubgraph(const onnx::GraphProto &graph, mlir::ValueRange inputs);
  /// A rank-0 or `shape`-shaped splat tg.constant of element type `type`.
  mlir::Value createSplat(mlir::Type elementType, double value,
                          llvm::ArrayRef<int64_t> shape = {});

  //===--------------------------------------------------------------------===//
  // Errors
  //===--------------------------------------------------------------------===//

  /// An error about this node; the message is prefixed with the node's name,
  /// op type and opset. Return it (converts to failure).
  mlir::InFlightDiagnostic emitError();
  /// Records that this node (or this use of it: an attribute value, a
  /// dtype) is not supported, with a short reason such as
  /// "mode 'cubic'". The importer lists every such node at the end. Returns
  /// success: the import goes on so that all such nodes are found.
  mlir::LogicalResult unsupported(const llvm::Twine &reason);

  /// The product of `factors`, sizes read from the model (attributes, dims,
  /// constant inputs), checked: an error at the node naming `what` when a
  /// factor is negative or the product exceeds `limit` (overflow included).
  /// Every size a converter computes from untrusted numbers goes through
  /// here before anything is allocated, looped over or divided by.
  mlir::FailureOr<int64_t> checkedSize(llvm::ArrayRef<int64_t> factors,
                                       const llvm::Twine &what,
                                       int64_t limit = kMaxCheckedSize);
  /// checkedSize's default limit: 2^31 elements.
  static constexpr int64_t kMaxCheckedSize = int64_t(1) << 31;

  /// Whether the converter reported an input that must be known at compile
  /// time and is not: the importer goes on past such a node (its results
  /// missing) so that one run names every such node and every unsupported
  /// op, and fails at the end.
  bool reportedNotConstant() const { return notConstant; }

private:
  /// OpTy::build(builder, state, Type, Args...), which ODS declares beside
  /// every builder that infers the result type.
  template <typename OpTy, typename... Args>
  using TypedBuild = decltype(OpTy::build(
      std::declval<mlir::OpBuilder &>(), std::declval<mlir::OperationState &>(),
      std::declval<mlir::Type>(), std::declval<Args>()...));
  template <typename OpTy, typename... Args>
  static constexpr bool kInfersResultType =
      OpTy::template hasTrait<mlir::InferTypeOpInterface::Trait>() &&
      llvm::is_detected<TypedBuild, OpTy, Args...>::value;
  /// The signature of the static inferReturnTypes every op with
  /// InferTypeOpInterface has.
  using InferFn = llvm::LogicalResult (*)(
      mlir::MLIRContext *, std::optional<mlir::Location>, mlir::ValueRange,
      mlir::DictionaryAttr, mlir::OpaqueProperties, mlir::RegionRange,
      llvm::SmallVectorImpl<mlir::Type> &);
  /// Infers the result type of the op `state` describes with `infer`; builds
  /// and folds it when that succeeds, reports the error and returns a
  /// placeholder when it does not.
  mlir::Value createChecked(mlir::OperationState &state, InferFn infer);
  /// The type a placeholder takes: the last placeholder's, or a rank-0 f32
  /// tensor.
  mlir::Type getPlaceholderType();
  /// A value of `type` defined by an op nothing lowers.
  mlir::Value createPlaceholder(mlir::Type type);

  /// "input i must be known at compile time", with a hint when it is a
  /// graph input.
  mlir::InFlightDiagnostic emitNotConstantError(unsigned i);
  /// The attribute `name` if it has type `expected` (or declares none, as
  /// models older than IR version 3 may); nullptr when absent, or when of
  /// another type, which is recorded in attributeError.
  const onnx::AttributeProto *getTypedAttr(llvm::StringRef name,
                                           int expected) const;

  GraphImporter &graph;
  const onnx::NodeProto &node;
  int64_t opset;
  mlir::OpBuilder &builder;
  mlir::Location loc;
  mutable std::string attributeError;
  bool notConstant = false;
  bool buildError = false;
  mlir::Type placeholderType;
};

/// Converts one node; see NodeContext.
using ConvertFn = std::function<mlir::LogicalResult(NodeContext &)>;

/// `InputCounts::max` of a variadic op (Concat, Sum, ...): any number of
/// inputs, every one of them given.
inline constexpr unsigned kVariadic = ~0u;
/// `InputCounts::max` of a variadic op whose inputs past the required ones
/// may be omitted (Loop's trip count and condition).
inline constexpr unsigned kVariadicOptional = ~0u - 1;

/// How many inputs an op takes in one opset, as its ONNX schema says: the
/// first `required` must be given (non-empty names), at most `max` may be
/// declared.
struct InputCounts {
  unsigned required;
  unsigned max;
};

/// An op's input counts over the opsets, as ONNX changed them: each entry
/// holds from its opset on. `{1, 1}` is one entry for every opset;
/// `{{1, {1, 1}}, {11, {2, 3}}}` changes at opset 11.
class InputSpec {
public:
  struct Change {
    int64_t since;
    InputCounts counts;
  };
  InputSpec(unsigned required, unsigned max)
      : changes({Change{1, {required, max}}}) {}
  InputSpec(std::initializer_list<Change> changes) : changes(changes) {}

  /// The changes, oldest first.
  llvm::ArrayRef<Change> getChanges() const { return changes; }

  /// The counts in effect in `opset`.
  InputCounts at(int64_t opset) const {
    InputCounts counts = changes.front().counts;
    for (const Change &change : changes)
      if (change.since <= opset)
        counts = change.counts;
    return counts;
  }

private:
  llvm::SmallVector<Change, 1> changes;
};

/// The op types the importer knows, each with the inputs it takes and its
/// converter. A converter handles every opset version of its op from 6 on
/// (it reads getOpset() where semantics changed between versions). The
/// importer checks a node's inputs against its InputSpec before the
/// converter runs, so a converter may call getInput(i) for every `i` below
/// the required count without checking hasInput(i).
class ConverterRegistry {
public:
  struct Entry {
    InputSpec inputs;
    ConvertFn convert;
  };
  void add(llvm::StringRef opType, InputSpec inputs, ConvertFn fn) {
    converters.insert_or_assign(opType,
                                Entry{std::move(inputs), std::move(fn)});
  }
  const Entry *lookup(llvm::StringRef opType) const {
    auto it = converters.find(opType);
    return it == converters.end() ? nullptr : &it->second;
  }
  /// Every op type, sorted.
  llvm::SmallVector<llvm::StringRef> getOpTypes() const {
    return sortedKeys(converters);
  }

  /// onnxruntime's contrib ops (domain com.microsoft), apart: some share a
  /// name with a default-domain op of other semantics (Attention,
  /// RotaryEmbedding, Gelu).
  void addContrib(llvm::StringRef opType, InputSpec inputs, ConvertFn fn) {
    contribConverters.insert_or_assign(
        opType, Entry{std::move(inputs), std::move(fn)});
  }
  const Entry *lookupContrib(llvm::StringRef opType) const {
    auto it = contribConverters.find(opType);
    return it == contribConverters.end() ? nullptr : &it->second;
  }
  llvm::SmallVector<llvm::StringRef> getContribOpTypes() const {
    return sortedKeys(contribConverters);
  }

private:
  static llvm::SmallVector<llvm::StringRef>
  sortedKeys(const llvm::StringMap<Entry> &map) {
    llvm::SmallVector<llvm::StringRef> names;
    for (const auto &entry : map)
      names.push_back(entry.getKey());
    llvm::sort(names);
    return names;
  }

  llvm::StringMap<Entry> converters;
  llvm::StringMap<Entry> contribConverters;
};

/// onnxruntime's domain of contrib ops.
inline constexpr llvm::StringLiteral kContribDomain = "com.microsoft";

/// A registry with every family's converters.
ConverterRegistry buildConverterRegistry();

/// Each Ops/*.cpp file registers its family.
void registerElementwiseConverters(ConverterRegistry &registry);
void registerTensorConverters(ConverterRegistry &registry);
void registerReductionConverters(ConverterRegistry &registry);
void registerNNConverters(ConverterRegistry &registry);
void registerIndexingConverters(ConverterRegistry &registry);
void registerTransformerConverters(ConverterRegistry &registry);
void registerLossConverters(ConverterRegistry &registry);
void registerSignalConverters(ConverterRegistry &registry);
void registerSamplingConverters(ConverterRegistry &registry);
void registerQuantizationConverters(ConverterRegistry &registry);
void registerControlFlowConverters(ConverterRegistry &registry);
void registerRecurrentConverters(ConverterRegistry &registry);
void registerTrainingConverters(ConverterRegistry &registry);
void registerSelectionConverters(ConverterRegistry &registry);
void registerLinearAlgebraConverters(ConverterRegistry &registry);
void registerContribConverters(ConverterRegistry &registry);
void registerSequenceConverters(ConverterRegistry &registry);

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_NODEIMPORTER_H
