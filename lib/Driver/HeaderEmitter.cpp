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

static void emitTensorTable(llvm::raw_ostream &os, StringRef title,
                            ArrayRef<TensorSignature> tensors) {
  os << " * " << title << ":\n";
  if (tensors.empty())
    os << " *   (none)\n";
  for (auto [i, t] : llvm::enumerate(tensors))
    os << " *   " << i << ": " << commentSafe(t.name) << "  "
       << getDTypeName(t.type.getElementType()) << "["
       << shapeString(t.type) << "]  " << getTensorBytes(t.type) << " bytes"
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

void emitCHeader(const GraphSignature &sig, llvm::raw_ostream &os) {
  const std::string &n = sig.name;
  // The name as given: C is case-sensitive, so `net` and `NET` are two
  // graphs whose headers must coexist.
  std::string guard = "AOTC_GENERATED_" + n + "_H";

  os << "/* " << n << ".h: C interface of the graph compiled from '"
     << commentSafe(sig.source) << "'.\n"
     << " * Generated by aotc; do not edit.\n *\n";
  emitTensorTable(os, "Inputs (in call order)", sig.inputs);
  emitTensorTable(os, "Outputs (in call order)", sig.outputs);
  emitBoundedContract(os, n, sig.outputs);
  if (sig.cuda) {
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

  // The typed wrapper: one pointer per tensor, in call order.
  llvm::StringSet<> used;
  used.insert("temp");
  SmallVector<std::string> inNames, outNames;
  for (const TensorSignature &t : sig.inputs)
    inNames.push_back(parameterName("in_", t.name, n, used));
  for (const TensorSignature &t : sig.outputs)
    outNames.push_back(parameterName("out_", t.name, n, used));
  os << "\n/* Typed convenience wrapper around " << n << "_run. */\n";
  os << "static inline int " << n << "_run_typed(";
  SmallVector<std::string> params;
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
  os << ";\n  return " << n << "_run(inputs, outputs, temp);\n}\n\n";

  os << "#ifdef __cplusplus\n} /* extern \"C\" */\n#endif\n\n";
  os << "#endif /* " << guard << " */\n";
}

} // namespace aotc
