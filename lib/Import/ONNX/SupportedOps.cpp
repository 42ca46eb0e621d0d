//===- SupportedOps.cpp - List the ONNX ops aotc imports ---------*- C++ -*-===//
//
// Joins the converter registry (which ops, how many inputs per opset) with
// ONNXOpHistory.def (when ONNX defined and deprecated each op, and aotc's
// notes) into the table `aotc --list-onnx-ops` prints.
//
//===----------------------------------------------------------------------===//

#include "aotc/Import/ONNX/ONNXOps.h"

#include "NodeImporter.h"
#include "aotc/Import/ONNX/ONNXImporter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace llvm;
using namespace aotc;
using namespace aotc::onnximport;

namespace {
/// One row of ONNXOpHistory.def.
struct OpHistory {
  int64_t deprecatedIn;
  StringRef versions;
  StringRef notes;
};
} // namespace

static const StringMap<OpHistory> &getOpHistory() {
  static const StringMap<OpHistory> history = {
#define ONNX_OP(NAME, DEPRECATED_IN, VERSIONS, NOTES)                          \
  {#NAME, OpHistory{DEPRECATED_IN, VERSIONS, NOTES}},
#include "ONNXOpHistory.def"
  };
  return history;
}

static std::string formatCounts(InputCounts counts) {
  if (counts.max == kVariadic || counts.max == kVariadicOptional)
    return counts.required == 0 ? "any number"
                                : std::to_string(counts.required) + " or more";
  if (counts.required == counts.max)
    return std::to_string(counts.required);
  return std::to_string(counts.required) + "-" + std::to_string(counts.max);
}

/// The input counts from `first` on: "1", or "1; 2-3 from opset 11".
static std::string formatInputs(const InputSpec &spec, int64_t first) {
  std::string text = formatCounts(spec.at(first));
  for (const InputSpec::Change &change : spec.getChanges())
    if (change.since > first)
      text += "; " + formatCounts(change.counts) + " from opset " +
              std::to_string(change.since);
  return text;
}

std::vector<ONNXOpSupport> aotc::getSupportedONNXOps() {
  ConverterRegistry registry = buildConverterRegistry();
  std::vector<ONNXOpSupport> ops;
  for (StringRef name : registry.getOpTypes()) {
    ONNXOpSupport op;
    op.opType = name.str();
    auto history = getOpHistory().find(name);
    if (history != getOpHistory().end()) {
      SmallVector<StringRef> parts;
      history->second.versions.split(parts, ',');
      SmallVector<int64_t> versions;
      for (StringRef part : parts) {
        int64_t version;
        if (!part.getAsInteger(10, version))
          versions.push_back(version);
      }
      int64_t deprecatedIn = history->second.deprecatedIn;
      op.firstOpset = std::max(kMinONNXOpset, versions.front());
      op.lastOpset = deprecatedIn ? deprecatedIn - 1 : kMaxONNXOpset;
      // The definition in force at firstOpset, then the later ones.
      for (int64_t version : versions) {
        if (version <= op.firstOpset)
          op.versions.assign(1, version);
        else if (version <= op.lastOpset)
          op.versions.push_back(version);
      }
      op.notes = history->second.notes.str();
    }
    op.inputs = formatInputs(registry.lookup(name)->inputs,
                             std::max(op.firstOpset, kMinONNXOpset));
    ops.push_back(std::move(op));
  }
  return ops;
}

int64_t aotc::getONNXOpRedefinition(StringRef opType, int64_t opset,
                                    int64_t upTo) {
  auto history = getOpHistory().find(opType);
  if (history == getOpHistory().end())
    return -1;
  SmallVector<StringRef> parts;
  history->second.versions.split(parts, ',');
  for (StringRef part : parts) {
    int64_t version;
    if (!part.getAsInteger(10, version) && version > opset && version <= upTo)
      return version;
  }
  return 0;
}

void aotc::printSupportedONNXOps(raw_ostream &os) {
  std::vector<ONNXOpSupport> ops = getSupportedONNXOps();
  os << "| Op | Opsets | ONNX versions | Inputs | Notes |\n"
     << "|---|---|---|---|---|\n";
  for (const ONNXOpSupport &op : ops) {
    os << "| " << op.opType << " | ";
    if (op.firstOpset == 0)
      os << "unknown (no ONNXOpHistory.def entry) | | ";
    else
      os << op.firstOpset << "-" << op.lastOpset << " | "
         << join(map_range(op.versions,
                           [](int64_t v) { return std::to_string(v); }),
                 ", ")
         << " | ";
    os << op.inputs << " |" << (op.notes.empty() ? "" : " " + op.notes)
       << " |\n";
  }
  os << "\n" << ops.size() << " ops, default domain (ai.onnx), opsets "
     << kMinONNXOpset << " to " << kMaxONNXOpset << ".\n";

  // onnxruntime's contrib ops.
  static const StringMap<StringRef> contribNotes = {
#define CONTRIB_OP(NAME, NOTES) {#NAME, NOTES},
#include "ContribOpNotes.def"
  };
  ConverterRegistry registry = buildConverterRegistry();
  SmallVector<StringRef> contrib = registry.getContribOpTypes();
  os << "\n| Op (com.microsoft) | Inputs | Notes |\n|---|---|---|\n";
  for (StringRef name : contrib) {
    auto notes = contribNotes.find(name);
    os << "| " << name << " | "
       << formatInputs(registry.lookupContrib(name)->inputs, 1) << " |"
       << (notes == contribNotes.end()
               ? StringRef(" undocumented (no ContribOpNotes.def entry)")
               : notes->second.empty() ? StringRef("")
                                       : " " + notes->second.str())
       << " |\n";
  }
  os << "\n" << contrib.size()
     << " ops, domain com.microsoft (onnxruntime's contrib ops).\n";
}
