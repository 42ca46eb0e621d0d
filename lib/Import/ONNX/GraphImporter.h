//===- GraphImporter.h - one ONNX graph to one func.func ----------*- C++ -*-===//
//
// Walks an ONNX GraphProto in node order, keeping the tg value of every
// named ONNX value, and dispatches each node to its converter. Nodes the
// importer cannot convert are collected, not fatal, so one error can list
// all of them; values they would have produced are marked missing and the
// nodes that read them are skipped.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_LIB_IMPORT_ONNX_GRAPHIMPORTER_H
#define AOTC_LIB_IMPORT_ONNX_GRAPHIMPORTER_H

#include "NodeImporter.h"

#include "aotc/Import/ONNX/ONNXImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace onnx {
class GraphProto;
class ValueInfoProto;
} // namespace onnx

namespace aotc::onnximport {

/// A node the importer could not convert.
struct UnsupportedNode {
  std::string opType;
  std::string nodeName;
  std::string reason;
};

class GraphImporter {
public:
  GraphImporter(mlir::ModuleOp module, llvm::StringRef modelPath,
                int64_t opset, const ONNXImportOptions &options);

  /// Builds the function for `graph`; failure after reporting errors. The
  /// initializers' bytes move into the module (importInitializers), which
  /// leaves them empty in `graph`.
  mlir::LogicalResult importGraph(onnx::GraphProto &graph);

  // Used by NodeContext.
  mlir::Value lookup(llvm::StringRef name) const;
  void bind(llvm::StringRef name, mlir::Value value);
  /// ONNX sequences: static lists of tensors, which only the sequence ops
  /// (Ops/Sequence.cpp) read and write; null when `name` is no sequence.
  const llvm::SmallVector<mlir::Value> *lookupSequence(
      llvm::StringRef name) const {
    auto it = sequences.find(name);
    return it == sequences.end() ? nullptr : &it->second;
  }
  void bindSequence(llvm::StringRef name, llvm::ArrayRef<mlir::Value> elements);
  void recordUnsupported(const onnx::NodeProto &node,
                         const llvm::Twine &reason);
  llvm::StringRef getModelDir() const { return modelDir; }
  /// Whether `value` holds ONNX unsigned integers (uint8 ... uint64) in its
  /// signless tg type. Only the ops of kUnsignedUses read such values (see
  /// importNode); any other is reported unsupported rather than reading
  /// them as signed.
  bool isUnsigned(mlir::Value value) const {
    return unsignedValues.contains(value);
  }
  void markUnsigned(mlir::Value value) { unsignedValues.insert(value); }
  /// The ONNX data type of the low-precision codes `value` holds
  /// (LowPrecision.h), or 0. Only the ops of kLowPrecisionUses read such
  /// values (see importNode).
  int getLowPrecisionType(mlir::Value value) const {
    return lowPrecisionValues.lookup(value);
  }
  void markLowPrecision(mlir::Value value, int dataType) {
    lowPrecisionValues[value] = dataType;
  }

  /// Bounded values (BoundedValue): a result whose extent is known only at
  /// run time, computed at its largest shape, and its actual shape.
  void markBounded(mlir::Value value, mlir::Value shape, int64_t dim,
                   llvm::StringRef producer) {
    boundedValues[value] = {shape, dim, producer.str()};
  }

private:
  /// A bounded value's actual shape (a 1-D i64 tensor, one entry per
  /// dimension) and the node that made it, for errors.
  struct BoundedValue {
    mlir::Value shape;
    /// The dimension whose extent is known only at run time.
    int64_t dim;
    std::string producer;
  };
  /// With `takeRawData`, the weights' bytes move from `graph` (which must
  /// then be the caller's own, never imported again) into their blobs.
  mlir::LogicalResult importInitializers(const onnx::GraphProto &graph,
                                         bool takeRawData = false);
  mlir::FailureOr<mlir::RankedTensorType>
  getInputType(const onnx::ValueInfoProto &input);
  mlir::LogicalResult importInputValue(const onnx::ValueInfoProto &input);
public:
  /// Imports `graph`, a subgraph of the node being converted (If's branches,
  /// a Loop or Scan body), at the builder's insertion point: its inputs
  /// bound to `inputs`, the enclosing graphs' names visible, its own names
  /// visible only inside (sibling subgraphs and repeated imports may reuse
  /// them). Returns its outputs, with a null value for each output that an
  /// unsupported node left missing (the node is recorded for the final
  /// report); failure after an error.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  importSubgraph(const onnx::GraphProto &graph, mlir::ValueRange inputs);
  /// importSubgraph as a trial: when anything inside is an error, is
  /// unsupported or needs a value at compile time, nothing is reported and
  /// nothing recorded, and it fails (the ops it built stay, unused, for the
  /// caller to drop). A Loop tries its body as an scf.for this way, where
  /// its iteration number is not a constant, before unrolling it.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  tryImportSubgraph(const onnx::GraphProto &graph, mlir::ValueRange inputs);

private:
  /// The codes of the low-precision graph input `argument` (packed bytes),
  /// bound to the input's name.
  void bindLowPrecisionInput(const onnx::ValueInfoProto &input,
                             mlir::BlockArgument argument);
  const onnx::NodeProto &applyLegacyBroadcast(const onnx::NodeProto &node,
                                              onnx::NodeProto &rewritten);
  /// Checks the node's inputs against its op's InputSpec in this opset: the
  /// count, and that the required ones are given.
  mlir::LogicalResult checkInputCounts(const onnx::NodeProto &node,
                                       const InputSpec &spec);
  mlir::LogicalResult importNode(const onnx::NodeProto &node,
                                 const ConverterRegistry &registry);
  mlir::LogicalResult checkOutput(const onnx::ValueInfoProto &output,
                                  mlir::Value value);
  /// A bounded output cut to `size` entries along `dim` (--max-output), and
  /// its shape clamped to match.
  std::pair<mlir::Value, mlir::Value> boundOutput(mlir::Value value,
                                                  mlir::Value shape,
                                                  int64_t dim, int64_t size);
  mlir::LogicalResult reportUnsupported();
  mlir::Location getNodeLoc(const onnx::NodeProto &node);

  mlir::ModuleOp module;
  mlir::MLIRContext *context;
  std::string modelPath;
  std::string modelDir;
  int64_t opset;
  const ONNXImportOptions &options;
  mlir::OpBuilder builder;
  mlir::func::FuncOp function;
  llvm::StringMap<mlir::Value> values;
  llvm::StringMap<llvm::SmallVector<mlir::Value>> sequences;
  /// Values that unsupported nodes (and nodes reported for an input not
  /// known at compile time) would have produced.
  llvm::StringSet<> missing;
  /// Nodes reported for an input not known at compile time: the import
  /// goes on past them and fails at the end.
  unsigned deferredErrors = 0;
  /// The converters, while a graph is imported.
  const ConverterRegistry *registry = nullptr;
  /// The names the subgraph being imported defines (null in the main
  /// graph, where every name is the graph's own).
  llvm::StringSet<> *subgraphNames = nullptr;
  /// Values holding unsigned integers, and the graph inputs that do.
  llvm::DenseSet<mlir::Value> unsignedValues;
  llvm::StringSet<> unsignedInputs;
  /// Values holding low-precision codes, by ONNX data type.
  llvm::DenseMap<mlir::Value, int> lowPrecisionValues;
  /// Values whose extent is known only at run time; see markBounded.
  llvm::DenseMap<mlir::Value, BoundedValue> boundedValues;
  std::vector<UnsupportedNode> unsupported;
};

} // namespace aotc::onnximport

#endif // AOTC_LIB_IMPORT_ONNX_GRAPHIMPORTER_H
