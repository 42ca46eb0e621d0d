//===- ONNXMutator.cpp - structure-aware mutations of ONNX models ---------===//
//
// Implements ONNXMutator.h with the generated protobuf accessors (no
// reflection, no libprotobuf-mutator, which Debian does not package). Each
// call applies one to three of these mutations to a parsed ModelProto:
//
//   - a declared shape: a dimension set to 0, -1, 1, a large or a huge
//     value, made symbolic or unknown; dimensions added or removed;
//   - a declared or initializer element type (any DataType number);
//   - an initializer's dims, data (truncated, grown, moved between fields)
//     or location (external, with offsets and lengths);
//   - an attribute's value (interesting ints and floats, list entries), its
//     type tag (so the tag and the field set disagree), added, removed or
//     duplicated attributes with names the importer reads;
//   - a node's inputs and outputs: added, removed, duplicated, rewired to
//     any value, including the node's own output or a later node's (cycles
//     and forward edges), outputs that redefine a value;
//   - a node's op type (from the ops the importer knows) or domain;
//   - the opset and IR versions;
//   - node order, duplicated and deleted nodes, graph inputs and outputs.
//
// When the input does not parse, or now and then anyway, libFuzzer's own
// byte mutation runs instead (LLVMFuzzerMutate).
//
//===----------------------------------------------------------------------===//

#include "ONNXMutator.h"

#include "onnx/onnx_pb.h"

#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace aotc::fuzz {
namespace {

using Rng = std::minstd_rand;

const char *const kOpTypes[] = {
    "Abs", "Acos", "Add", "AffineGrid", "And", "ArgMax", "ArgMin",
    "Attention", "AveragePool", "BatchNormalization", "BitShift",
    "BitwiseAnd", "BitwiseNot", "BlackmanWindow", "Cast", "CastLike", "Ceil",
    "Celu", "CenterCropPad", "Clip", "Col2Im", "Concat", "Constant",
    "ConstantOfShape", "Conv", "ConvTranspose", "Cos", "CumProd", "CumSum",
    "DFT", "DepthToSpace", "Div", "Dropout", "Einsum", "Elu", "Equal", "Erf",
    "Exp", "Expand", "EyeLike", "Flatten", "Floor", "Gather",
    "GatherElements", "GatherND", "Gelu", "Gemm", "GlobalAveragePool",
    "GlobalMaxPool", "Greater", "GridSample", "GroupNormalization",
    "HammingWindow", "HardSigmoid", "HardSwish", "Hardmax", "Identity",
    "InstanceNormalization", "IsInf", "IsNaN", "LRN", "LayerNormalization",
    "LeakyRelu", "Less", "Log", "LogSoftmax", "LpNormalization", "LpPool",
    "MatMul", "Max", "MaxPool", "MaxUnpool", "Mean",
    "MeanVarianceNormalization", "MelWeightMatrix", "Min", "Mish", "Mod",
    "Mul", "Neg", "NegativeLogLikelihoodLoss", "Not", "OneHot", "Or",
    "PRelu", "Pad", "Pow", "RMSNormalization", "Range", "Reciprocal",
    "ReduceL1", "ReduceL2", "ReduceLogSum", "ReduceLogSumExp", "ReduceMax",
    "ReduceMean", "ReduceMin", "ReduceProd", "ReduceSum", "ReduceSumSquare",
    "Relu", "Reshape", "Resize", "RotaryEmbedding", "Round", "STFT",
    "Scatter", "ScatterElements", "ScatterND", "Selu", "Shape", "Shrink",
    "Sigmoid", "Sign", "Sin", "Size", "Slice", "Softmax",
    "SoftmaxCrossEntropyLoss", "Softplus", "Softsign", "SpaceToDepth",
    "Split", "Sqrt", "Squeeze", "Sub", "Sum", "Swish", "Tan", "Tanh",
    "ThresholdedRelu", "Tile", "TopK", "Transpose", "Trilu", "Unsqueeze",
    "Upsample", "Where", "Xor", "If", "Loop", "Scan", "NonZero", "Unique"};

const char *const kAttributeNames[] = {
    "alpha", "auto_pad", "axes", "axis", "batch_dims", "beta", "blocksize",
    "ceil_mode", "coordinate_transformation_mode", "count_include_pad",
    "cubic_coeff_a", "dilations", "direction", "dtype", "epsilon",
    "equation", "exclusive", "group", "kernel_shape", "keepdims", "largest",
    "mode", "num_groups", "num_heads", "num_outputs", "output_padding",
    "output_shape", "pads", "perm", "reduction", "reverse", "scale",
    "scales", "select_last_index", "shape", "size", "split", "stash_type",
    "starts", "ends", "steps", "storage_order", "strides", "to", "transA",
    "transB", "upper", "value", "value_float", "value_floats", "value_int",
    "value_ints", "value_string", "allowzero", "noop_with_empty_axes",
    "antialias", "nearest_mode", "exclude_outside", "align_corners",
    "padding_mode", "onesided", "inverse", "sorted", "k"};

const char *const kStrings[] = {
    "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID", "constant", "reflect",
    "edge", "wrap", "nearest", "linear", "cubic", "bilinear", "bicubic",
    "half_pixel", "align_corners", "asymmetric", "DCR", "CRD", "LEFT",
    "RIGHT", "none", "sum", "mean", "tanh", "ij,jk->ik", "...ii->...i",
    "", "x", "\xff\xfe"};

const char *const kDomains[] = {"", "ai.onnx", "ai.onnx.ml", "com.microsoft",
                                "ai.onnx.preview.training", "x"};

const int64_t kInterestingInts[] = {
    0, 1, -1, 2, -2, 3, 4, 7, 8, 16, 63, 64, 255, 256, 1023, 1 << 16,
    1000000, INT32_MAX, INT32_MIN, int64_t(1) << 31, int64_t(1) << 32,
    int64_t(1) << 40, int64_t(1) << 62, INT64_MAX, INT64_MIN, INT64_MIN + 1};

const float kInterestingFloats[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 1e-12f, 1e30f, -1e30f,
    std::numeric_limits<float>::infinity(),
    -std::numeric_limits<float>::infinity(),
    std::numeric_limits<float>::quiet_NaN(),
    std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(),
    65504.0f, 1e10f};

template <typename T, size_t N>
const T &pick(Rng &rng, const T (&values)[N]) {
  return values[rng() % N];
}

size_t below(Rng &rng, size_t n) { return n == 0 ? 0 : rng() % n; }

bool oneIn(Rng &rng, unsigned n) { return rng() % n == 0; }

/// A dimension: mostly small and valid, sometimes anything.
int64_t pickDim(Rng &rng) {
  if (oneIn(rng, 2))
    return static_cast<int64_t>(below(rng, 5));
  return pick(rng, kInterestingInts);
}

/// Every value name the graph mentions, and "" (an omitted input).
std::vector<std::string> collectValueNames(const onnx::GraphProto &graph) {
  std::vector<std::string> names{""};
  for (const onnx::ValueInfoProto &input : graph.input())
    names.push_back(input.name());
  for (const onnx::TensorProto &init : graph.initializer())
    names.push_back(init.name());
  for (const onnx::NodeProto &node : graph.node())
    for (const std::string &output : node.output())
      names.push_back(output);
  names.push_back("no_such_value");
  return names;
}

/// The graph's inputs, outputs and value_infos, in one list.
std::vector<onnx::ValueInfoProto *> collectValueInfos(onnx::GraphProto &graph) {
  std::vector<onnx::ValueInfoProto *> infos;
  for (auto &info : *graph.mutable_input())
    infos.push_back(&info);
  for (auto &info : *graph.mutable_output())
    infos.push_back(&info);
  for (auto &info : *graph.mutable_value_info())
    infos.push_back(&info);
  return infos;
}

void mutateShape(onnx::GraphProto &graph, Rng &rng) {
  std::vector<onnx::ValueInfoProto *> infos = collectValueInfos(graph);
  if (infos.empty())
    return;
  onnx::TypeProto_Tensor *tensor =
      infos[below(rng, infos.size())]->mutable_type()->mutable_tensor_type();
  onnx::TensorShapeProto *shape = tensor->mutable_shape();
  switch (rng() % 6) {
  case 0: // a dimension's value
  case 1:
    if (shape->dim_size() == 0)
      shape->add_dim()->set_dim_value(pickDim(rng));
    else
      shape->mutable_dim(below(rng, shape->dim_size()))
          ->set_dim_value(pickDim(rng));
    break;
  case 2: // symbolic or unknown
    if (shape->dim_size() != 0) {
      auto *dim = shape->mutable_dim(below(rng, shape->dim_size()));
      if (oneIn(rng, 2))
        dim->set_dim_param(oneIn(rng, 2) ? "N" : "");
      else
        dim->Clear();
    }
    break;
  case 3: // one more dimension
    shape->add_dim()->set_dim_value(pickDim(rng));
    break;
  case 4: // one fewer
    if (shape->dim_size() != 0)
      shape->mutable_dim()->RemoveLast();
    break;
  case 5: // no shape, or no type at all
    if (oneIn(rng, 2))
      tensor->clear_shape();
    else
      tensor->clear_elem_type();
    break;
  }
}

void mutateElementType(onnx::GraphProto &graph, Rng &rng) {
  int32_t type = static_cast<int32_t>(below(rng, 26));
  if (graph.initializer_size() != 0 && oneIn(rng, 3)) {
    graph.mutable_initializer(below(rng, graph.initializer_size()))
        ->set_data_type(type);
    return;
  }
  std::vector<onnx::ValueInfoProto *> infos = collectValueInfos(graph);
  if (!infos.empty())
    infos[below(rng, infos.size())]
        ->mutable_type()
        ->mutable_tensor_type()
        ->set_elem_type(type);
}

void mutateTensor(onnx::TensorProto &tensor, Rng &rng) {
  switch (rng() % 7) {
  case 0:
    if (tensor.dims_size() != 0)
      tensor.set_dims(below(rng, tensor.dims_size()), pickDim(rng));
    else
      tensor.add_dims(pickDim(rng));
    break;
  case 1:
    if (oneIn(rng, 2))
      tensor.add_dims(pickDim(rng));
    else if (tensor.dims_size() != 0)
      tensor.mutable_dims()->RemoveLast();
    break;
  case 2: { // truncate or grow the raw data
    std::string *raw = tensor.mutable_raw_data();
    if (!raw->empty() && oneIn(rng, 2))
      raw->resize(below(rng, raw->size()));
    else
      raw->append(below(rng, 17), '\x01');
    break;
  }
  case 3: // the data in another field
    tensor.clear_raw_data();
    for (size_t i = 0, e = below(rng, 5); i < e; ++i)
      switch (rng() % 4) {
      case 0:
        tensor.add_float_data(pick(rng, kInterestingFloats));
        break;
      case 1:
        tensor.add_int64_data(pick(rng, kInterestingInts));
        break;
      case 2:
        tensor.add_int32_data(static_cast<int32_t>(pick(rng, kInterestingInts)));
        break;
      default:
        tensor.add_string_data(pick(rng, kStrings));
        break;
      }
    break;
  case 4: { // external data
    tensor.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
    tensor.clear_external_data();
    auto *location = tensor.add_external_data();
    location->set_key("location");
    location->set_value(oneIn(rng, 2) ? "model.onnx" : "missing.bin");
    if (oneIn(rng, 2)) {
      auto *entry = tensor.add_external_data();
      entry->set_key(oneIn(rng, 2) ? "offset" : "length");
      entry->set_value(std::to_string(pick(rng, kInterestingInts)));
    }
    break;
  }
  case 5:
    tensor.set_data_type(static_cast<int32_t>(below(rng, 26)));
    break;
  case 6:
    tensor.clear_dims();
    break;
  }
}

void mutateInitializer(onnx::GraphProto &graph, Rng &rng) {
  if (graph.initializer_size() == 0)
    return;
  mutateTensor(*graph.mutable_initializer(below(rng, graph.initializer_size())),
               rng);
}

/// Fills `attribute` with a value of a random type (the tag set to match,
/// or not).
void setRandomAttributeValue(onnx::AttributeProto &attribute, Rng &rng) {
  std::string name = attribute.name();
  attribute.Clear();
  attribute.set_name(name);
  switch (rng() % 6) {
  case 0:
    attribute.set_type(onnx::AttributeProto_AttributeType_INT);
    attribute.set_i(pick(rng, kInterestingInts));
    break;
  case 1:
    attribute.set_type(onnx::AttributeProto_AttributeType_FLOAT);
    attribute.set_f(pick(rng, kInterestingFloats));
    break;
  case 2:
    attribute.set_type(onnx::AttributeProto_AttributeType_INTS);
    for (size_t i = 0, e = below(rng, 6); i < e; ++i)
      attribute.add_ints(pickDim(rng));
    break;
  case 3:
    attribute.set_type(onnx::AttributeProto_AttributeType_FLOATS);
    for (size_t i = 0, e = below(rng, 6); i < e; ++i)
      attribute.add_floats(pick(rng, kInterestingFloats));
    break;
  case 4:
    attribute.set_type(onnx::AttributeProto_AttributeType_STRING);
    attribute.set_s(pick(rng, kStrings));
    break;
  case 5: {
    attribute.set_type(onnx::AttributeProto_AttributeType_TENSOR);
    onnx::TensorProto *tensor = attribute.mutable_t();
    tensor->set_data_type(oneIn(rng, 2) ? onnx::TensorProto_DataType_FLOAT
                                        : onnx::TensorProto_DataType_INT64);
    for (size_t i = 0, e = below(rng, 3); i < e; ++i)
      tensor->add_dims(static_cast<int64_t>(below(rng, 4)));
    mutateTensor(*tensor, rng);
    break;
  }
  }
  if (oneIn(rng, 8)) { // the tag disagrees with the field set
    int type = static_cast<int>(below(rng, 15));
    if (onnx::AttributeProto_AttributeType_IsValid(type))
      attribute.set_type(static_cast<onnx::AttributeProto_AttributeType>(type));
  }
}

void mutateAttribute(onnx::NodeProto &node, Rng &rng) {
  if (node.attribute_size() == 0 || oneIn(rng, 4)) {
    onnx::AttributeProto *attribute = node.add_attribute();
    attribute->set_name(pick(rng, kAttributeNames));
    setRandomAttributeValue(*attribute, rng);
    return;
  }
  int index = static_cast<int>(below(rng, node.attribute_size()));
  onnx::AttributeProto &attribute = *node.mutable_attribute(index);
  switch (rng() % 8) {
  case 0:
    attribute.set_i(pick(rng, kInterestingInts));
    break;
  case 1:
    attribute.set_f(pick(rng, kInterestingFloats));
    break;
  case 2:
    if (attribute.ints_size() != 0)
      attribute.set_ints(below(rng, attribute.ints_size()), pickDim(rng));
    else
      attribute.add_ints(pickDim(rng));
    break;
  case 3:
    if (oneIn(rng, 2))
      attribute.add_ints(pickDim(rng));
    else if (attribute.ints_size() != 0)
      attribute.mutable_ints()->RemoveLast();
    else
      attribute.clear_floats();
    break;
  case 4:
    setRandomAttributeValue(attribute, rng);
    break;
  case 5:
    node.mutable_attribute()->DeleteSubrange(index, 1);
    break;
  case 6:
    *node.add_attribute() = attribute;
    break;
  case 7:
    if (attribute.has_t())
      mutateTensor(*attribute.mutable_t(), rng);
    else
      attribute.set_s(pick(rng, kStrings));
    break;
  }
}

void mutateEdges(onnx::GraphProto &graph, int index, Rng &rng) {
  onnx::NodeProto &node = *graph.mutable_node(index);
  std::vector<std::string> names = collectValueNames(graph);
  auto anyName = [&]() -> const std::string & {
    return names[below(rng, names.size())];
  };
  switch (rng() % 9) {
  case 0:
    node.add_input(anyName());
    break;
  case 1:
    if (node.input_size() != 0)
      node.mutable_input()->DeleteSubrange(below(rng, node.input_size()), 1);
    break;
  case 2:
    if (node.input_size() != 0)
      node.set_input(below(rng, node.input_size()), anyName());
    break;
  case 3: // a cycle through the node itself
    if (node.output_size() != 0)
      node.add_input(node.output(0));
    break;
  case 4: // a forward edge: a later node's output
    if (index + 1 < graph.node_size()) {
      const onnx::NodeProto &later = graph.node(
          index + 1 + below(rng, graph.node_size() - index - 1));
      if (later.output_size() != 0) {
        if (node.input_size() != 0)
          node.set_input(below(rng, node.input_size()), later.output(0));
        else
          node.add_input(later.output(0));
      }
    }
    break;
  case 5:
    if (node.input_size() != 0)
      node.add_input(node.input(below(rng, node.input_size())));
    break;
  case 6:
    node.add_output(oneIn(rng, 2) ? anyName()
                                  : "extra" + std::to_string(rng() % 4));
    break;
  case 7:
    if (node.output_size() != 0)
      node.mutable_output()->RemoveLast();
    break;
  case 8: // an output that redefines a value
    if (node.output_size() != 0)
      node.set_output(below(rng, node.output_size()), anyName());
    break;
  }
}

void mutateNodes(onnx::GraphProto &graph, Rng &rng) {
  int n = graph.node_size();
  if (n == 0) {
    onnx::NodeProto *node = graph.add_node();
    node->set_op_type(pick(rng, kOpTypes));
    if (graph.input_size() != 0)
      node->add_input(graph.input(0).name());
    node->add_output(graph.output_size() != 0 ? graph.output(0).name() : "y");
    return;
  }
  int index = static_cast<int>(below(rng, n));
  switch (rng() % 5) {
  case 0: // swap two nodes: the order is no longer topological
    graph.mutable_node()->SwapElements(index, below(rng, n));
    break;
  case 1:
    *graph.add_node() = graph.node(index);
    break;
  case 2:
    graph.mutable_node()->DeleteSubrange(index, 1);
    break;
  case 3:
    graph.mutable_node(index)->set_domain(pick(rng, kDomains));
    break;
  case 4: { // a subgraph attribute (If, Loop, Scan)
    onnx::GraphProto copy = graph;
    copy.clear_initializer();
    onnx::AttributeProto *attribute =
        graph.mutable_node(index)->add_attribute();
    attribute->set_name(oneIn(rng, 2) ? "then_branch" : "body");
    attribute->set_type(onnx::AttributeProto_AttributeType_GRAPH);
    *attribute->mutable_g() = std::move(copy);
    break;
  }
  }
}

void mutateGraphInterface(onnx::GraphProto &graph, Rng &rng) {
  std::vector<std::string> names = collectValueNames(graph);
  switch (rng() % 5) {
  case 0: {
    onnx::ValueInfoProto *output = graph.add_output();
    *output = graph.output_size() > 1 ? graph.output(0) : onnx::ValueInfoProto();
    output->set_name(names[below(rng, names.size())]);
    break;
  }
  case 1:
    if (graph.input_size() != 0)
      graph.mutable_input()->DeleteSubrange(below(rng, graph.input_size()), 1);
    break;
  case 2:
    if (graph.output_size() != 0)
      graph.mutable_output()->DeleteSubrange(below(rng, graph.output_size()),
                                             1);
    break;
  case 3: // an initializer that shadows an input, or duplicates another
    if (graph.input_size() != 0) {
      onnx::TensorProto *init = graph.add_initializer();
      init->set_name(graph.input(below(rng, graph.input_size())).name());
      init->set_data_type(onnx::TensorProto_DataType_FLOAT);
      init->add_dims(1);
      init->add_float_data(1.0f);
    } else if (graph.initializer_size() != 0) {
      *graph.add_initializer() = graph.initializer(0);
    }
    break;
  case 4:
    if (graph.input_size() != 0)
      graph.mutable_input(below(rng, graph.input_size()))
          ->set_name(names[below(rng, names.size())]);
    break;
  }
}

void mutateVersions(onnx::ModelProto &model, Rng &rng) {
  static const int64_t kOpsets[] = {0,  1,  5,  6,  7,  9,  10, 11, 12, 13, 14,
                                    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 99,
                                    -1, INT64_MAX};
  switch (rng() % 4) {
  case 0:
  case 1:
    if (model.opset_import_size() == 0)
      model.add_opset_import()->set_version(pick(rng, kOpsets));
    else
      model.mutable_opset_import(below(rng, model.opset_import_size()))
          ->set_version(pick(rng, kOpsets));
    break;
  case 2: {
    onnx::OperatorSetIdProto *opset = model.add_opset_import();
    opset->set_domain(pick(rng, kDomains));
    opset->set_version(pick(rng, kOpsets));
    break;
  }
  case 3:
    model.set_ir_version(oneIn(rng, 2) ? pick(rng, kOpsets) : 0);
    break;
  }
}

void mutateModel(onnx::ModelProto &model, Rng &rng) {
  onnx::GraphProto &graph = *model.mutable_graph();
  switch (rng() % 11) {
  case 0:
  case 1:
    mutateShape(graph, rng);
    break;
  case 2:
    mutateElementType(graph, rng);
    break;
  case 3:
    mutateInitializer(graph, rng);
    break;
  case 4:
  case 5:
    if (graph.node_size() != 0)
      mutateAttribute(*graph.mutable_node(below(rng, graph.node_size())), rng);
    break;
  case 6:
    if (graph.node_size() != 0)
      mutateEdges(graph, static_cast<int>(below(rng, graph.node_size())), rng);
    break;
  case 7:
    if (graph.node_size() != 0)
      graph.mutable_node(below(rng, graph.node_size()))
          ->set_op_type(pick(rng, kOpTypes));
    break;
  case 8:
    mutateNodes(graph, rng);
    break;
  case 9:
    mutateGraphInterface(graph, rng);
    break;
  case 10:
    mutateVersions(model, rng);
    break;
  }
}

/// Serializes `model` into `out` if it fits; returns its size or 0.
size_t serializeInto(const onnx::ModelProto &model, uint8_t *out,
                     size_t maxSize) {
  size_t size = model.ByteSizeLong();
  if (size == 0 || size > maxSize || size > static_cast<size_t>(INT_MAX))
    return 0;
  if (!model.SerializeToArray(out, static_cast<int>(size)))
    return 0;
  return size;
}

bool parseModel(const uint8_t *data, size_t size, onnx::ModelProto &model) {
  return size != 0 && size <= static_cast<size_t>(INT_MAX) &&
         model.ParseFromArray(data, static_cast<int>(size)) &&
         model.has_graph();
}

} // namespace

size_t mutateONNXModel(uint8_t *data, size_t size, size_t maxSize,
                       unsigned seed) {
  Rng rng(seed);
  onnx::ModelProto model;
  // Byte mutations now and then: they find what no structural change does
  // (truncated fields, bad wire types) and carry the corpus across formats.
  if (oneIn(rng, 10) || !parseModel(data, size, model))
    return LLVMFuzzerMutate(data, size, maxSize);
  for (size_t i = 0, e = 1 + below(rng, 3); i < e; ++i)
    mutateModel(model, rng);
  if (size_t newSize = serializeInto(model, data, maxSize))
    return newSize;
  return LLVMFuzzerMutate(data, size, maxSize);
}

size_t crossOverONNXModels(const uint8_t *data1, size_t size1,
                           const uint8_t *data2, size_t size2, uint8_t *out,
                           size_t maxOutSize, unsigned seed) {
  Rng rng(seed);
  onnx::ModelProto first, second;
  if (!parseModel(data1, size1, first) || !parseModel(data2, size2, second)) {
    size_t size = std::min(size1, maxOutSize);
    std::memcpy(out, data1, size);
    return size;
  }
  onnx::GraphProto &graph = *first.mutable_graph();
  const onnx::GraphProto &other = second.graph();
  // Splice a run of the second graph's nodes in after a random node, with
  // the initializers and inputs they may read.
  if (other.node_size() != 0) {
    int begin = static_cast<int>(below(rng, other.node_size()));
    int count = 1 + static_cast<int>(below(rng, other.node_size() - begin));
    for (int i = begin; i < begin + count; ++i)
      *graph.add_node() = other.node(i);
  }
  for (const onnx::TensorProto &init : other.initializer())
    if (oneIn(rng, 2))
      *graph.add_initializer() = init;
  for (const onnx::ValueInfoProto &input : other.input())
    if (oneIn(rng, 2))
      *graph.add_input() = input;
  if (other.output_size() != 0 && oneIn(rng, 2))
    *graph.add_output() = other.output(below(rng, other.output_size()));
  if (size_t size = serializeInto(first, out, maxOutSize))
    return size;
  size_t size = std::min(size1, maxOutSize);
  std::memcpy(out, data1, size);
  return size;
}

} // namespace aotc::fuzz
