//===- HeaderEmitter.cpp - the C header of a compiled graph ---------------===//
//
// Implements HeaderEmitter.h. The output must compile as C99 and C++ with
// -Wall -Wextra -pedantic -Werror, so: no zero-length arrays (a graph with no
// inputs still gets a one-element array, documented), no unused functions
// that are not `static inline`, and only <stddef.h>, <stdint.h>, <stdbool.h>.
//
//===----------------------------------------------------------------------===//

#include "aotc/Driver/HeaderEmitter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <cstdio>

using namespace mlir;

namespace aotc {

StringRef getCElementType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    // Unsigned integers come from `tg.unsigned` signatures (see Driver.cpp);
    // signed ones (si8, ...) are not tg types.
    if (integer.isSigned())
      return "";
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return isUnsigned ? "" : "bool";
    case 2:
    case 4:
      // ONNX's int4/uint4 and int2/uint2, packed into bytes.
      return "uint8_t";
    case 8:
      return isUnsigned ? "uint8_t" : "int8_t";
    case 16:
      return isUnsigned ? "uint16_t" : "int16_t";
    case 32:
      return isUnsigned ? "uint32_t" : "int32_t";
    case 64:
      return isUnsigned ? "uint64_t" : "int64_t";
    default:
      return "";
    }
  }
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  if (type.isF16() || type.isBF16())
    return "uint16_t";
  // float8 and float4 as their bit patterns (float4 packed two to a byte).
  if (isa<Float8E4M3FNType, Float8E4M3FNUZType, Float8E5M2Type,
          Float8E5M2FNUZType, Float8E8M0FNUType, Float4E2M1FNType>(type))
    return "uint8_t";
  return "";
}

std::string getDTypeName(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

uint64_t getTensorBytes(RankedTensorType type) {
  unsigned bits = type.getElementTypeBitWidth();
  // bool takes a byte per element; 4- and 2-bit elements are packed, the
  // first in the least significant bits.
  if (bits < 8 && bits > 1)
    return (type.getNumElements() * bits + 7) / 8;
  return type.getNumElements() * std::max<uint64_t>(1, bits / 8);
}

bool isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(
      name, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// `4x8` for a shape; `scalar` for rank 0.
static std::string shapeString(RankedTensorType type) {
  if (type.getRank() == 0)
    return "scalar";
  return llvm::join(llvm::map_range(type.getShape(),
                                    [](int64_t d) { return std::to_string(d); }),
                    "x");
}

/// Escapes `s` for a C string literal. `?` is escaped too: `??=` and the
/// other trigraphs are replaced before strings are read by compilers in
/// strict ISO modes (-std=c99, -trigraphs).
static std::string cString(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\' || c == '?')
      out += '\\';
    if (llvm::isPrint(c)) {
      out += c;
    } else {
      char octal[8];
      std::snprintf(octal, sizeof(octal), "\\%03o",
                    static_cast<unsigned char>(c));
      out += octal;
    }
  }
  return out + "\"";
}

/// `value` as a C integer constant: plain decimal while it fits a signed
/// 64-bit type, with a ULL suffix beyond (C gives an unsuffixed decimal
/// constant a signed type, so 2^63 and above would not compile cleanly).
static std::string cSize(uint64_t value) {
  return std::to_string(value) +
         (value > static_cast<uint64_t>(INT64_MAX) ? "ULL" : "");
}

/// Makes `name` a C identifier usable as a parameter (prefixed so it never
/// collides with a keyword), unique among `used`, and never one the header
/// defines itself: those all start with `graph`_ (`--name in` and a tensor
/// named `run` would otherwise give a parameter `in_run` shadowing the
/// function in_run) or AOTC_.
static std::string parameterName(StringRef prefix, StringRef name,
                                 StringRef graph, llvm::StringSet<> &used) {
  std::string id = prefix.str();
  for (char c : name)
    id += llvm::isAlnum(c) ? c : '_';
  while (StringRef(id).starts_with((graph + "_").str()) ||
         StringRef(id).starts_with("AOTC_"))
    id = "p" + id;
  std::string unique = id;
  for (int i = 1; !used.insert(unique).second; ++i)
    unique = id + "_" + std::to_string(i);
  return unique;
}

/// Writes `{ a, b, c }` of `values`, or `{ 0 }` for an empty list (C forbids
/// empty initializers).
template <typename Range, typename Fn>
static void initializer(llvm::raw_ostream &os, const Range &values, Fn fn) {
  os << "{ ";
  if (values.empty())
    os << "0 /* none */";
  llvm::interleaveComma(values, os, fn);
  os << " }";
}

/// `s` made safe inside a C comment: no `*/` or `/*` (-Wcomment), no line
/// breaks or other unprintable characters (the string arrays carry the
/// exact names).
static std::string commentSafe(StringRef s) {
  std::string out;
  for (char c : s) {
    if (!out.empty() && ((c == '/' && out.back() == '*') ||
                         (c == '*' && out.back() == '/')))
      out += ' ';
    out += llvm::isPrint(c) ? c : '?';
  }
  return out;
}

/// `batch x3x224x224` for a tensor whose extents scale with the dimensions
/// chosen at run time (`4*batch` where a dimension was merged with others);
/// shapeString otherwise.
static std::string dynamicShapeString(const TensorSignature &t,
                                      ArrayRef<DynamicDim> dims) {
  if (t.dimAxes.empty())
    return shapeString(t.type);
  SmallVector<std::string> parts;
  for (auto [extent, dim] : llvm::zip(t.type.getShape(), t.dimAxes)) {
    if (dim < 0)
      parts.push_back(std::to_string(extent));
    else
      parts.push_back((extent == 1 ? "" : std::to_string(extent) + "*") +
                      dims[dim].name);
  }
  return llvm::join(parts, " x ");
}

static void emitTensorTable(llvm::raw_ostream &os, StringRef title,
                            ArrayRef<TensorSignature> tensors,
                            ArrayRef<DynamicDim> dims) {
  os << " * " << title << ":\n";
  if (tensors.empty())
    os << " *   (none)\n";
  for (auto [i, t] : llvm::enumerate(tensors))
    os << " *   " << i << ": " << commentSafe(t.name) << "  "
       << getDTypeName(t.type.getElementType()) << "["
       << commentSafe(dynamicShapeString(t, dims)) << "]  "
       << getTensorBytes(t.type)
       << (t.dimAxes.empty() ? " bytes" : " bytes at size 1")
       << (t.shapeOutput >= 0
               ? ("  (bounded: actual shape in output " +
                  llvm::Twine(t.shapeOutput) + ")")
                     .str()
               : "")
       << "\n";
}

static void emitTensorMetadata(llvm::raw_ostream &os, StringRef name,
                               StringRef kind,
                               ArrayRef<TensorSignature> tensors) {
  std::string upper = kind.upper();
  os << "static const size_t " << name << "_" << upper << "_BYTES[] = ";
  initializer(os, tensors, [&](const TensorSignature &t) {
    os << getTensorBytes(t.type);
  });
  os << ";\n";
  os << "static const char *const " << name << "_" << upper << "_NAMES[] = ";
  initializer(os, tensors,
              [&](const TensorSignature &t) { os << cString(t.name); });
  os << ";\n";
  os << "static const char *const " << name << "_" << upper << "_DTYPES[] = ";
  initializer(os, tensors, [&](const TensorSignature &t) {
    os << cString(getDTypeName(t.type.getElementType()));
  });
  os << ";\n";
  for (auto [i, t] : llvm::enumerate(tensors)) {
    std::string prefix = (name + "_" + upper + "_" + llvm::Twine(i)).str();
    os << "#define " << prefix << "_RANK " << t.type.getRank() << "\n";
    os << "#define " << prefix << "_ELEMENTS " << t.type.getNumElements()
       << "\n";
    if (t.type.getRank() > 0) {
      os << "static const int64_t " << prefix << "_SHAPE[] = { ";
      llvm::interleaveComma(t.type.getShape(), os);
      os << " };\n";
    }
    if (t.shapeOutput >= 0) {
      os << "/* Bounded: _SHAPE is the largest shape; after a call, output "
         << t.shapeOutput << " holds the\n * actual one. */\n";
      os << "#define " << prefix << "_SHAPE_OUTPUT " << t.shapeOutput << "\n";
    }
  }
}

/// The contract of bounded outputs, when the graph has any.
static void emitBoundedContract(llvm::raw_ostream &os, StringRef n,
                                ArrayRef<TensorSignature> outputs) {
  if (llvm::none_of(outputs,
                    [](const TensorSignature &t) { return t.shapeOutput >= 0; }))
    return;
  os << " *\n"
     << " * Bounded outputs (NonZero, NonMaxSuppression) have an extent known "
        "only at\n"
     << " * run time. Output i's buffer has its largest shape, " << n
     << "_OUTPUT_<i>_SHAPE;\n"
     << " * the call writes its actual shape (one int64_t per dimension) to "
        "output\n"
     << " * " << n << "_OUTPUT_<i>_SHAPE_OUTPUT, and its elements within that "
        "box of the\n"
     << " * largest shape: element (j0, j1, ...) sits at the offset it has in "
        "the\n"
     << " * largest shape, and every element outside the box is zero.\n";
}

/// The calling contract of a graph compiled with --target cuda.
static void emitCUDAContract(llvm::raw_ostream &os, StringRef n) {
  os << " *\n"
     << " * Compiled for NVIDIA GPUs (--target cuda). Every pointer is device "
        "memory:\n"
     << " * inputs, outputs and temp. " << n
     << "_run runs the graph on the default stream\n"
     << " * and waits for it; " << n
     << "_run_on_stream enqueues it on a stream and returns.\n"
     << " * Both return 0 on success, non-zero on failure; "
        "aotc_cuda_last_error() in\n"
     << " * aotc_cuda_runtime.h says why. Intermediate tensors live in one "
        "device arena\n"
     << " * of " << n
     << "_TEMP_BYTES bytes: pass `temp` pointing at that much device "
        "memory,\n"
     << " * 256-byte aligned (cuMemAlloc's alignment), or NULL and the call "
        "allocates\n"
     << " * it in stream order. Calls that run at the same time need distinct "
        "`temp`\n"
     << " * (and output) buffers. Link with -laotc_cuda_runtime -lcuda "
        "-lpthread.\n"
     << " * f16 and bf16 elements are their 16-bit patterns.\n"
     << " */\n";
}

/// Bits per element in a tensor's buffer (getTensorBytes's rule).
static uint64_t bufferBitsPerElement(Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits < 8 && bits > 1 ? bits : std::max<uint64_t>(1, bits / 8) * 8;
}

/// NAME_input_shape or NAME_output_shape, and the matching _bytes function,
/// over the tensors' tables.
static void emitDynamicShapeFunctions(llvm::raw_ostream &os, StringRef n,
                                      StringRef kind,
                                      ArrayRef<TensorSignature> tensors) {
  std::string upper = kind.upper();
  os << "\n/* Writes " << kind << " i's shape for the sizes in `dims` to "
     << "shape[0.." << n << "_" << upper << "_<i>_RANK).\n"
     << " * Returns 0, 2 when a size is outside its range, 3 when i is "
        "not an " << kind << ". */\n";
  os << "static inline int " << n << "_" << kind
     << "_shape(const int64_t *dims, int i, int64_t *shape) {\n"
     << "  if (" << n << "_check_dims(dims) != 0)\n    return 2;\n"
     << "  switch (i) {\n";
  for (auto [i, t] : llvm::enumerate(tensors)) {
    std::string prefix = (n + "_" + upper + "_" + llvm::Twine(i)).str();
    os << "  case " << i << ":\n";
    if (t.type.getRank() > 0)
      os << "    return " << n << "_shape_at_(dims, " << prefix << "_RANK, "
         << prefix << "_SHAPE, " << prefix << "_SHAPE_DIMS, shape);\n";
    else
      os << "    (void)shape;\n    return 0;\n";
  }
  os << "  default:\n    return 3;\n  }\n}\n";
  os << "\n/* The bytes of " << kind << " i for the sizes in `dims`; 0 when a "
     << "size is outside its\n * range or i is not an " << kind << ". */\n";
  os << "static inline size_t " << n << "_" << kind
     << "_bytes(const int64_t *dims, int i) {\n"
     << "  int64_t shape[" << n << "_MAX_RANK_];\n"
     << "  uint64_t elements = 1;\n"
     << "  int rank;\n"
     << "  uint64_t bits;\n"
     << "  if (" << n << "_" << kind << "_shape(dims, i, shape) != 0)\n"
     << "    return 0;\n"
     << "  switch (i) {\n";
  for (auto [i, t] : llvm::enumerate(tensors))
    os << "  case " << i << ":\n    rank = " << t.type.getRank()
       << ";\n    bits = " << bufferBitsPerElement(t.type.getElementType())
       << ";\n    break;\n";
  os << "  default:\n    return 0;\n  }\n"
     << "  for (int a = 0; a < rank; ++a)\n"
     << "    elements *= (uint64_t)shape[a];\n"
     << "  return (size_t)((elements * bits + 7) / 8);\n}\n";
}

/// The header of a graph with dimensions chosen at run time (after the
/// banner): NAME_run_dims and the functions that size its buffers.
static void emitDynamicInterface(const GraphSignature &sig,
                                 llvm::raw_ostream &os) {
  const std::string &n = sig.name;
  os << "#define " << n << "_NUM_INPUTS  " << sig.inputs.size() << "\n";
  os << "#define " << n << "_NUM_OUTPUTS " << sig.outputs.size() << "\n";
  os << "#define " << n << "_NUM_DIMS    " << sig.dims.size() << "\n";
  os << "#define " << n << "_TEMP_BYTES  " << cSize(sig.tempBytes)
     << " /* scratch arena for `temp` at any sizes, 64-byte aligned; 0 if "
        "none */\n";
  os << "#define " << n << "_TEMP_BYTES_PER_EXTRA_WORKER "
     << cSize(sig.workerTempBytes) << "\n";
  os << "/* " << n << "_run_dims_parallel's `temp`: the larger of the "
        "arena plus each extra\n * worker's scratch (kernels split across "
        "the workers) and an arena per worker\n * (whole indices on each "
        "worker). */\n";
  os << "#define " << n << "_TEMP_BYTES_FOR_WORKERS(workers) \\\n"
     << "  ((workers) > 1 && (size_t)(workers) * " << n
     << "_TEMP_BYTES > \\\n"
     << "   (size_t)" << n << "_TEMP_BYTES + (size_t)((workers) - 1) * " << n
     << "_TEMP_BYTES_PER_EXTRA_WORKER \\\n"
     << "   ? (size_t)(workers) * " << n << "_TEMP_BYTES \\\n"
     << "   : (size_t)" << n << "_TEMP_BYTES + \\\n"
     << "   ((workers) > 1 ? (size_t)((workers) - 1) * " << n
     << "_TEMP_BYTES_PER_EXTRA_WORKER : 0))\n\n";
  os << "/* The dimensions chosen at run time, in the order of `dims`. */\n";
  os << "static const char *const " << n << "_DIM_NAMES[] = ";
  initializer(os, sig.dims, [&](const DynamicDim &d) { os << cString(d.name); });
  os << ";\nstatic const int64_t " << n << "_DIM_MIN[] = ";
  initializer(os, sig.dims, [&](const DynamicDim &d) { os << d.min; });
  os << ";\nstatic const int64_t " << n << "_DIM_MAX[] = ";
  initializer(os, sig.dims, [&](const DynamicDim &d) { os << d.max; });
  os << ";\n";
  for (auto [k, d] : llvm::enumerate(sig.dims))
    if (isCIdentifier(d.name))
      os << "#define " << n << "_DIM_" << d.name << " " << k
         << " /* index in `dims` */\n";

  int64_t maxRank = 1;
  auto tables = [&](StringRef kind, ArrayRef<TensorSignature> tensors) {
    std::string upper = kind.upper();
    os << "static const char *const " << n << "_" << upper << "_NAMES[] = ";
    initializer(os, tensors,
                [&](const TensorSignature &t) { os << cString(t.name); });
    os << ";\nstatic const char *const " << n << "_" << upper
       << "_DTYPES[] = ";
    initializer(os, tensors, [&](const TensorSignature &t) {
      os << cString(getDTypeName(t.type.getElementType()));
    });
    os << ";\n";
    for (auto [i, t] : llvm::enumerate(tensors)) {
      std::string prefix = (n + "_" + upper + "_" + llvm::Twine(i)).str();
      maxRank = std::max(maxRank, t.type.getRank());
      os << "#define " << prefix << "_RANK " << t.type.getRank() << "\n";
      if (t.type.getRank() == 0)
        continue;
      os << "static const int64_t " << prefix << "_SHAPE[] = { ";
      llvm::interleaveComma(t.type.getShape(), os);
      os << " };\nstatic const int " << prefix << "_SHAPE_DIMS[] = { ";
      if (t.dimAxes.empty())
        llvm::interleaveComma(
            SmallVector<int64_t>(t.type.getRank(), -1), os);
      else
        llvm::interleaveComma(t.dimAxes, os);
      os << " };\n";
    }
  };
  os << "\n/* Per tensor, in call order: name, dtype, rank, and its shape as "
        "_SHAPE[a] times\n * dims[_SHAPE_DIMS[a]] where that is >= 0 "
        "(use " << n << "_input_shape). */\n";
  tables("input", sig.inputs);
  tables("output", sig.outputs);
  os << "#define " << n << "_MAX_RANK_ " << maxRank << "\n";

  os << "\n/* 0 when every size in `dims` is within its range, else 2. */\n"
     << "static inline int " << n << "_check_dims(const int64_t *dims) {\n"
     << "  for (int k = 0; k < " << n << "_NUM_DIMS; ++k)\n"
     << "    if (dims[k] < " << n << "_DIM_MIN[k] || dims[k] > " << n
     << "_DIM_MAX[k])\n      return 2;\n  return 0;\n}\n";
  os << "\nstatic inline int " << n
     << "_shape_at_(const int64_t *dims, int rank, const int64_t *unit,\n"
     << "    const int *scaled, int64_t *shape) {\n"
     << "  for (int a = 0; a < rank; ++a)\n"
     << "    shape[a] = scaled[a] >= 0 ? unit[a] * dims[scaled[a]] : "
        "unit[a];\n  return 0;\n}\n";
  emitDynamicShapeFunctions(os, n, "input", sig.inputs);
  emitDynamicShapeFunctions(os, n, "output", sig.outputs);
  os << "\n/* Scratch bytes a call needs for the sizes in `dims` ("
     << n << "_TEMP_BYTES at any\n * sizes: the graph runs one index at a "
        "time); 0 when a size is out of range. */\n"
     << "static inline size_t " << n << "_temp_bytes(const int64_t *dims) {\n"
     << "  return " << n << "_check_dims(dims) != 0 ? 0 : (size_t)" << n
     << "_TEMP_BYTES;\n}\n";

  os << "\n/* Runs the graph for the sizes in `dims`: inputs[i] points at "
        "input i, outputs[i]\n * at a buffer of " << n
     << "_output_bytes(dims, i) bytes. */\n";
  os << "int " << n
     << "_run_dims(const int64_t *dims, const void *const *inputs,\n"
     << "    void *const *outputs, void *temp);\n";
  os << "\n/* " << n << "_run_dims with the kernels split across the "
        "workers of `parallel`\n * (NULL: as " << n << "_run_dims). */\n"
     << "int " << n
     << "_run_dims_parallel(const int64_t *dims, const void *const *inputs,\n"
     << "    void *const *outputs, void *temp, const aotc_parallel "
        "*parallel);\n";
}

/// NAME_run_typed (NAME_run_dims_typed): one typed pointer per tensor.
static void emitTypedWrapper(const GraphSignature &sig, llvm::raw_ostream &os) {
  const std::string &n = sig.name;
  // The typed wrapper: one pointer per tensor, in call order.
  llvm::StringSet<> used;
  used.insert("temp");
  used.insert("dims");
  SmallVector<std::string> inNames, outNames;
  for (const TensorSignature &t : sig.inputs)
    inNames.push_back(parameterName("in_", t.name, n, used));
  for (const TensorSignature &t : sig.outputs)
    outNames.push_back(parameterName("out_", t.name, n, used));
  bool dynamic = !sig.dims.empty();
  std::string run = n + (dynamic ? "_run_dims" : "_run");
  os << "\n/* Typed convenience wrapper around " << run << ". */\n";
  os << "static inline int " << run << "_typed(";
  SmallVector<std::string> params;
  if (dynamic)
    params.push_back("const int64_t *dims");
  for (auto [t, p] : llvm::zip(sig.inputs, inNames))
    params.push_back(("const " + getCElementType(t.type.getElementType()) +
                      " *" + p)
                         .str());
  for (auto [t, p] : llvm::zip(sig.outputs, outNames))
    params.push_back(
        (getCElementType(t.type.getElementType()) + " *" + p).str());
  params.push_back("void *temp");
  os << llvm::join(params, ", ") << ") {\n";
  os << "  const void *const inputs[] = ";
  initializer(os, inNames, [&](const std::string &p) { os << p; });
  os << ";\n  void *const outputs[] = ";
  initializer(os, outNames, [&](const std::string &p) { os << p; });
  os << ";\n  return " << run << "(" << (dynamic ? "dims, " : "")
     << "inputs, outputs, temp);\n}\n\n";

}

void emitCHeader(const GraphSignature &sig, llvm::raw_ostream &os) {
  const std::string &n = sig.name;
  // The name as given: C is case-sensitive, so `net` and `NET` are two
  // graphs whose headers must coexist.
  std::string guard = "AOTC_GENERATED_" + n + "_H";

  os << "/* " << n << ".h: C interface of the graph compiled from '"
     << commentSafe(sig.source) << "'.\n"
     << " * Generated by aotc; do not edit.\n *\n";
  emitTensorTable(os, "Inputs (in call order)", sig.inputs, sig.dims);
  emitTensorTable(os, "Outputs (in call order)", sig.outputs, sig.dims);
  emitBoundedContract(os, n, sig.outputs);
  if (!sig.dims.empty()) {
    os << " *\n * Dimensions chosen at run time:";
    for (const DynamicDim &d : sig.dims)
      os << " " << commentSafe(d.name) << " in " << d.min << ".." << d.max
         << ";";
    os << " one call serves\n"
       << " * every size in range. " << n
       << "_run_dims takes the sizes in `dims`, one int64_t per\n"
       << " * dimension in " << n
       << "_DIM_NAMES order. Every tensor is a dense row-major\n"
       << " * array of its shape at those sizes: " << n << "_input_shape(), "
       << n << "_input_bytes()\n"
       << " * and the output_ functions give them. It returns 0 on success, "
          "1 when temp\n"
       << " * was NULL and the scratch arena could not be allocated, 2 when "
          "a size is\n"
       << " * outside its range (nothing is written). The arena is " << n
       << "_TEMP_BYTES at\n"
       << " * any sizes, 64-byte aligned, or NULL and the call mallocs it. "
          "Calls with\n"
       << " * distinct `temp` (and output) buffers may run concurrently. "
          "Compile with\n"
       << " * -I<aotc>/include.\n */\n";
  } else if (sig.cuda) {
    emitCUDAContract(os, n);
  } else {
    os << " *\n"
       << " * " << n << "_run returns 0 on success, non-zero on failure (1: "
       << "temp was NULL\n"
       << " * and the scratch arena could not be allocated). Intermediate "
       << "tensors live\n"
       << " * in one scratch arena of " << n << "_TEMP_BYTES bytes. Pass "
       << "`temp` pointing at\n"
       << " * that many bytes, 64-byte aligned, and the call does not "
       << "allocate them; the\n"
       << " * contents need no initialization and are garbage afterwards. "
       << "With `temp`\n"
       << " * NULL the call mallocs the arena and frees it before returning. "
       << "When\n"
       << " * " << n << "_TEMP_BYTES is 0, `temp` is ignored. Inputs and "
       << "outputs need only\n"
       << " * their element type's natural alignment. Calls with distinct "
       << "`temp` (and\n"
       << " * output) buffers may run concurrently. f16 and bf16 elements are "
       << "passed as\n"
       << " * their 16-bit patterns.\n"
       << " *\n"
       << " * " << n << "_run_parallel is " << n << "_run on the caller's "
       << "threads: each large\n"
       << " * kernel runs as tasks through `parallel` "
       << "(aotc/Runtime/aotc_parallel.h: adapt\n"
       << " * any pool, or use libaotc_pool). Its results are bitwise "
       << "those of " << n << "_run\n"
       << " * for any number of workers. Its `temp` holds "
       << n << "_TEMP_BYTES_FOR_WORKERS(\n"
       << " * parallel->num_workers) bytes, 64-byte aligned, or is NULL. "
       << "With `parallel`\n"
       << " * NULL it is " << n << "_run. Compile with -I<aotc>/include.\n"
       << " */\n";
  }
  os << "#ifndef " << guard << "\n#define " << guard << "\n\n";
  os << "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n\n";
  if (!sig.cuda)
    os << "#include \"aotc/Runtime/aotc_parallel.h\"\n\n";
  os << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  if (!sig.dims.empty()) {
    emitDynamicInterface(sig, os);
    emitTypedWrapper(sig, os);
    os << "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n";
    os << "#endif /* " << guard << " */\n";
    return;
  }

  os << "#define " << n << "_NUM_INPUTS  " << sig.inputs.size() << "\n";
  os << "#define " << n << "_NUM_OUTPUTS " << sig.outputs.size() << "\n";
  os << "#define " << n << "_TEMP_BYTES  " << cSize(sig.tempBytes)
     << (sig.cuda ? " /* device arena for `temp`, 256-byte aligned; 0 if "
                    "none */\n\n"
                  : " /* scratch arena for `temp`, 64-byte aligned; 0 if "
                    "none */\n");
  if (!sig.cuda) {
    os << "/* NAME_run_parallel's `temp`: NAME_TEMP_BYTES plus this much per "
          "worker past the\n * first (each worker's own scratch). */\n";
    os << "#define " << n << "_TEMP_BYTES_PER_EXTRA_WORKER "
       << cSize(sig.workerTempBytes) << "\n";
    os << "#define " << n << "_TEMP_BYTES_FOR_WORKERS(workers) \\\n"
       << "  ((size_t)" << n << "_TEMP_BYTES + \\\n"
       << "   ((workers) > 1 ? (size_t)((workers) - 1) * " << n
       << "_TEMP_BYTES_PER_EXTRA_WORKER : 0))\n";
  }
  os << "\n";
  os << "/* Per tensor, in call order: size in bytes, name, dtype, shape. */\n";
  emitTensorMetadata(os, n, "input", sig.inputs);
  emitTensorMetadata(os, n, "output", sig.outputs);

  os << "\n/* Runs the graph: inputs[i] points at input i, outputs[i] at a "
     << "buffer of\n * " << n << "_OUTPUT_BYTES[i] bytes. */\n";
  os << "int " << n
     << "_run(const void *const *inputs, void *const *outputs, void *temp);\n";
  if (!sig.cuda)
    os << "\n/* Runs the graph with its kernels split across the workers of "
          "`parallel`\n * (NULL: as " << n << "_run). */\n"
       << "int " << n
       << "_run_parallel(const void *const *inputs, void *const *outputs,\n"
       << "    void *temp, const aotc_parallel *parallel);\n";
  if (sig.cuda)
    os << "\n/* Enqueues the graph on `stream` (a CUstream; NULL is the "
          "default stream) and\n * returns without waiting for it. */\n"
       << "int " << n
       << "_run_on_stream(const void *const *inputs, void *const *outputs,\n"
       << "    void *temp, void *stream);\n";

  emitTypedWrapper(sig, os);

  os << "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n";
  os << "#endif /* " << guard << " */\n";
}

} // namespace aotc
