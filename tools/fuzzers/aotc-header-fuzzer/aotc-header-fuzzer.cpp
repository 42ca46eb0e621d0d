//===- aotc-header-fuzzer.cpp - fuzz the C header emitter -------*- C++ -*-===//
//
// A libFuzzer target: arbitrary tensor names (ONNX names and `tg.name`
// attributes are any bytes), shapes, element types, scratch sizes and a
// --name prefix -> aotc::emitCHeader -> checks that the text is C that
// compiles. The prefix is drawn until it passes isCIdentifier, since the
// driver refuses any other --name before emitting; every other field is
// taken as the driver could pass it: static shapes whose byte size fits in
// int64, names of at most kMaxHeaderTensorName bytes, any uint64 scratch
// size.
//
// Running a C compiler on every input would cost milliseconds each, so the
// target checks in process what makes a generated header fail to compile
// (as C99 and C++ with -Wall -Wextra -pedantic -Werror, the contract in
// HeaderEmitter.cpp): a lexer over the whole header finds stray or
// non-ASCII characters, unterminated comments and literals, bad escapes,
// string literals over C99's 4095 characters, decimal constants too large
// for a signed type, macro names that are not identifiers, macros defined
// twice and parameters of the typed wrapper that share a name. Every header
// also states each tensor's byte size, checked against the shape.
//
// With AOTC_HEADER_FUZZER_OUT=DIR the target also writes each header it
// emits to DIR: `scripts/fuzz header` replays the corpus that way after
// fuzzing and compiles every header with cc and c++, which catches
// whatever the lexical checks miss.
//
//===----------------------------------------------------------------------===//

#include "../FuzzerSupport.h"

#include "aotc/Driver/HeaderEmitter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;

namespace {

/// The element types a signature may hold (those getCElementType names).
Type pickElementType(FuzzedDataProvider &input, MLIRContext &context) {
  Builder b(&context);
  switch (input.ConsumeIntegralInRange<int>(0, 8)) {
  case 0:
    return b.getF32Type();
  case 1:
    return b.getF64Type();
  case 2:
    return b.getF16Type();
  case 3:
    return b.getBF16Type();
  case 4:
    return b.getI1Type();
  case 5:
    return b.getI8Type();
  case 6:
    return b.getI16Type();
  case 7:
    return b.getI32Type();
  default:
    return b.getI64Type();
  }
}

/// A dimension: small mostly, sometimes large.
int64_t pickDim(FuzzedDataProvider &input) {
  switch (input.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return input.ConsumeIntegralInRange<int64_t>(0, 8);
  case 1:
    return input.ConsumeIntegralInRange<int64_t>(0, 1 << 20);
  case 2:
    return input.ConsumeIntegralInRange<int64_t>(0, INT64_MAX);
  default:
    return 1;
  }
}

/// The byte size of a `shape` of `bits`-wide elements, or -1 when it does
/// not fit in int64 (the driver cannot have such a tensor).
int64_t checkedBytes(ArrayRef<int64_t> shape, unsigned bits) {
  int64_t bytes = std::max<int64_t>(1, bits / 8);
  for (int64_t dim : shape)
    if (__builtin_mul_overflow(bytes, dim, &bytes))
      return -1;
  return bytes;
}

/// A tensor name: any bytes; now and then a long one.
std::string pickTensorName(FuzzedDataProvider &input) {
  if (input.ConsumeIntegralInRange<int>(0, 15) == 0)
    return std::string(input.ConsumeIntegralInRange<size_t>(0, 5000),
                       static_cast<char>(input.ConsumeIntegral<uint8_t>()));
  return input.ConsumeRandomLengthString(64);
}

/// Draws the tensors of one side of the signature; false when a shape is
/// one the driver cannot have.
bool pickTensors(FuzzedDataProvider &input, MLIRContext &context,
                 std::vector<aotc::TensorSignature> &into) {
  size_t count = input.ConsumeIntegralInRange<size_t>(0, 5);
  for (size_t i = 0; i < count; ++i) {
    std::string name = pickTensorName(input);
    // The driver refuses longer names (Driver.cpp, describe).
    if (name.size() > aotc::kMaxHeaderTensorName)
      return false;
    Type elementType = pickElementType(input, context);
    SmallVector<int64_t> shape(input.ConsumeIntegralInRange<size_t>(0, 6));
    for (int64_t &dim : shape)
      dim = pickDim(input);
    if (checkedBytes(shape, elementType.getIntOrFloatBitWidth()) < 0)
      return false;
    into.push_back({name, RankedTensorType::get(shape, elementType)});
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The lexical checks
//===----------------------------------------------------------------------===//

/// C99's minimum limit on a string literal's length, which gcc's
/// -Woverlength-strings (in -pedantic) enforces.
constexpr size_t kMaxStringLiteral = 4095;

class HeaderChecker {
public:
  explicit HeaderChecker(StringRef text) : text(text) {}

  /// Returns the first problem found, or "" when the header passes.
  std::string check();

  /// The `#define`d names, in order.
  std::vector<std::string> macros;

private:
  std::string problem(const llvm::Twine &what) {
    return ("line " + llvm::Twine(line) + ": " + what).str();
  }
  std::string lexString(char quote);
  std::string lexNumber();

  StringRef text;
  size_t pos = 0;
  unsigned line = 1;
};

std::string HeaderChecker::lexString(char quote) {
  size_t length = 0;
  ++pos;
  while (true) {
    if (pos >= text.size() || text[pos] == '\n')
      return problem("unterminated literal");
    char c = text[pos++];
    if (c == quote)
      break;
    ++length;
    if (c != '\\')
      continue;
    if (pos >= text.size())
      return problem("unterminated literal");
    char e = text[pos++];
    if (StringRef("\\\"'?abfnrtv").contains(e))
      continue;
    if (e >= '0' && e <= '7') {
      for (int i = 0; i < 2 && pos < text.size() && text[pos] >= '0' &&
                      text[pos] <= '7';
           ++i)
        ++pos;
      continue;
    }
    return problem(std::string("unknown escape sequence '\\") + e + "'");
  }
  if (length > kMaxStringLiteral)
    return problem("a string literal of " + llvm::Twine(length) +
                   " characters, more than C99's " +
                   llvm::Twine(kMaxStringLiteral));
  return "";
}

std::string HeaderChecker::lexNumber() {
  size_t begin = pos;
  while (pos < text.size() &&
         (llvm::isAlnum(text[pos]) || text[pos] == '_' || text[pos] == '.'))
    ++pos;
  StringRef number = text.slice(begin, pos);
  StringRef digits = number.rtrim("uUlL");
  bool hasSuffix = digits.size() != number.size();
  if (!llvm::all_of(digits, llvm::isDigit))
    return ""; // hex, octal-looking or floating: not emitted, not checked
  uint64_t value;
  if (digits.getAsInteger(10, value))
    return problem("integer constant " + number + " does not fit in 64 bits");
  if (!hasSuffix && value > static_cast<uint64_t>(INT64_MAX))
    return problem("integer constant " + number +
                   " is too large for a signed type (no U suffix)");
  return "";
}

std::string HeaderChecker::check() {
  llvm::StringSet<> defined;
  bool atLineStart = true;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '\n') {
      ++line;
      ++pos;
      atLineStart = true;
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x7f || (c < 0x20 && c != '\t'))
      return problem("byte " + llvm::utohexstr(static_cast<unsigned char>(c)) +
                     " outside printable ASCII");
    if (c == ' ' || c == '\t') {
      ++pos;
      continue;
    }
    if (text.substr(pos).starts_with("/*")) {
      size_t end = text.find("*/", pos + 2);
      if (end == StringRef::npos)
        return problem("unterminated comment");
      StringRef body = text.slice(pos, end);
      for (char b : body) {
        if (static_cast<unsigned char>(b) >= 0x7f || (b < 0x20 && b != '\n' &&
                                                      b != '\t'))
          return problem("byte " +
                         llvm::utohexstr(static_cast<unsigned char>(b)) +
                         " in a comment");
        line += b == '\n';
      }
      pos = end + 2;
      atLineStart = false;
      continue;
    }
    if (text.substr(pos).starts_with("//")) {
      pos = text.find('\n', pos);
      if (pos == StringRef::npos)
        pos = text.size();
      continue;
    }
    if (c == '#') {
      if (!atLineStart)
        return problem("'#' inside a line");
      ++pos;
      while (pos < text.size() && text[pos] == ' ')
        ++pos;
      size_t begin = pos;
      while (pos < text.size() && llvm::isAlpha(text[pos]))
        ++pos;
      StringRef directive = text.slice(begin, pos);
      if (!llvm::is_contained({"define", "ifndef", "ifdef", "endif",
                               "include"},
                              directive))
        return problem("unexpected directive #" + directive);
      if (directive == "define") {
        while (pos < text.size() && text[pos] == ' ')
          ++pos;
        size_t nameBegin = pos;
        while (pos < text.size() &&
               (llvm::isAlnum(text[pos]) || text[pos] == '_'))
          ++pos;
        StringRef name = text.slice(nameBegin, pos);
        if (!aotc::isCIdentifier(name))
          return problem("#define of '" + name + "', not an identifier");
        if (!defined.insert(name).second)
          return problem("macro " + name + " defined twice");
        macros.push_back(name.str());
      }
      atLineStart = false;
      continue;
    }
    atLineStart = false;
    if (c == '"' || c == '\'') {
      std::string error = lexString(c);
      if (!error.empty())
        return error;
      continue;
    }
    if (llvm::isDigit(c)) {
      std::string error = lexNumber();
      if (!error.empty())
        return error;
      continue;
    }
    if (llvm::isAlpha(c) || c == '_') {
      while (pos < text.size() &&
             (llvm::isAlnum(text[pos]) || text[pos] == '_'))
        ++pos;
      continue;
    }
    if (c == '\\') { // only as a line continuation
      if (pos + 1 >= text.size() || text[pos + 1] != '\n')
        return problem("stray '\\'");
      ++pos;
      continue;
    }
    if (!StringRef("{}[]()<>;,*=+-?:&|!~%^./").contains(c))
      return problem(std::string("stray character '") + c + "'");
    ++pos;
  }
  return "";
}

/// The typed wrapper's parameter names must differ from each other.
std::string checkParameters(StringRef header) {
  size_t begin = header.find("_run_typed(");
  if (begin == StringRef::npos)
    return "no typed wrapper";
  size_t end = header.find(')', begin);
  StringRef params = header.slice(begin + 11, end);
  llvm::StringSet<> names;
  SmallVector<StringRef> parts;
  params.split(parts, ',');
  for (StringRef part : parts) {
    StringRef name = part.trim().rsplit('*').second.trim();
    if (!aotc::isCIdentifier(name))
      return ("parameter '" + name + "' is not an identifier").str();
    if (!names.insert(name).second)
      return ("parameter '" + name + "' appears twice").str();
  }
  return "";
}

/// Each `*_BYTES[] = { ... }` entry must be the tensor's element count
/// times its element size.
std::string checkByteSizes(StringRef header, StringRef prefix,
                           StringRef kind,
                           ArrayRef<aotc::TensorSignature> tensors) {
  // The declaration itself, at the start of a line: a tensor name may
  // spell the same text inside a comment.
  std::string marker =
      ("\nstatic const size_t " + prefix + "_" + kind + "_BYTES[] = { ")
          .str();
  size_t begin = header.find(marker);
  if (begin == StringRef::npos)
    return "no " + marker;
  begin += marker.size();
  StringRef list = header.slice(begin, header.find(" }", begin));
  if (tensors.empty())
    return "";
  SmallVector<StringRef> entries;
  list.split(entries, ", ");
  if (entries.size() != tensors.size())
    return (kind + "_BYTES has " + llvm::Twine(entries.size()) +
            " entries for " + llvm::Twine(tensors.size()) + " tensors")
        .str();
  for (auto [entry, tensor] : llvm::zip(entries, tensors)) {
    int64_t expected = checkedBytes(
        tensor.type.getShape(), tensor.type.getElementTypeBitWidth());
    uint64_t value;
    if (entry.getAsInteger(10, value) ||
        value != static_cast<uint64_t>(expected))
      return (kind + "_BYTES entry " + entry + ", expected " +
              llvm::Twine(expected))
          .str();
  }
  return "";
}

void writeHeaderForReplay(StringRef header, const uint8_t *data, size_t size) {
  const char *dir = std::getenv("AOTC_HEADER_FUZZER_OUT");
  if (!dir)
    return;
  std::string hash = llvm::toHex(
      llvm::SHA1::hash(ArrayRef<uint8_t>(data, size)), /*LowerCase=*/true);
  std::error_code error;
  llvm::raw_fd_ostream os(std::string(dir) + "/" + hash + ".h", error);
  if (!error)
    os << header;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider input(data, size);
  aotc::GraphSignature signature;
  signature.name = input.ConsumeRandomLengthString(40);
  if (!aotc::isCIdentifier(signature.name))
    return -1;
  signature.source = input.ConsumeRandomLengthString(80);
  signature.cuda = input.ConsumeBool();
  signature.tempBytes = input.ConsumeIntegral<uint64_t>();
  signature.workerTempBytes = input.ConsumeIntegral<uint64_t>();
  MLIRContext context(MLIRContext::Threading::DISABLED);
  if (!pickTensors(input, context, signature.inputs) ||
      !pickTensors(input, context, signature.outputs))
    return -1;

  std::string header;
  llvm::raw_string_ostream os(header);
  aotc::emitCHeader(signature, os);
  writeHeaderForReplay(header, data, size);

  HeaderChecker checker(header);
  std::string problem = checker.check();
  if (problem.empty())
    problem = checkParameters(header);
  if (problem.empty())
    problem = checkByteSizes(header, signature.name, "INPUT",
                             signature.inputs);
  if (problem.empty())
    problem = checkByteSizes(header, signature.name, "OUTPUT",
                             signature.outputs);
  if (!problem.empty()) {
    if (aotc::fuzz::isVerbose())
      llvm::errs() << header;
    aotc::fuzz::reportFinding("the header does not compile: " + problem);
  }
  return 0;
}
