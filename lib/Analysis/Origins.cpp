//===- Origins.cpp - which graph ops an IR op came from -------------------===//
//
// Writes and reads the location format described in Origins.h. The format
// is plain MLIR locations, so it survives every upstream pass that keeps an
// op's location (generalization, canonicalization, bufferization) and is
// visible with --mlir-print-debuginfo.
//
//===----------------------------------------------------------------------===//

#include "aotc/Analysis/Origins.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace aotc {

/// The prefix of the metadata stampOrigin writes; also the tg dialect's.
static constexpr llvm::StringLiteral kOpPrefix = "tg.";

Location stampOrigin(Location loc, StringRef opName) {
  return FusedLoc::get({loc}, StringAttr::get(loc.getContext(), opName),
                       loc.getContext());
}

Location fuseOrigins(ArrayRef<Location> locs) {
  assert(!locs.empty() && "fuseOrigins needs at least one location");
  return FusedLoc::get(locs, Attribute(), locs.front().getContext());
}

/// The ONNX node name in a NameLoc's text, per collectOrigins' contract.
static std::string nodeName(StringRef text) {
  if (text.consume_front("node '")) {
    size_t end = text.rfind("' (");
    if (end != StringRef::npos && text.ends_with(")"))
      return text.take_front(end).str();
    return text.str();
  }
  if (text.starts_with("node (") && text.ends_with(")"))
    return "";
  return text.str();
}

/// The first node name found in `loc`, or "".
static std::string findNode(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    std::string node = nodeName(name.getName().getValue());
    return node.empty() ? findNode(name.getChildLoc()) : node;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      if (std::string node = findNode(part); !node.empty())
        return node;
    return "";
  }
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return findNode(callSite.getCallee());
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return findNode(opaque.getFallbackLocation());
  return "";
}

static void add(Origin origin, SmallVectorImpl<Origin> &origins) {
  if (!llvm::is_contained(origins, origin))
    origins.push_back(std::move(origin));
}

void collectOrigins(Location loc, SmallVectorImpl<Origin> &origins) {
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    auto tag = dyn_cast_or_null<StringAttr>(fused.getMetadata());
    if (tag && tag.getValue().starts_with(kOpPrefix)) {
      add({tag.getValue().drop_front(kOpPrefix.size()).str(), findNode(loc)},
          origins);
      return;
    }
    for (Location part : fused.getLocations())
      collectOrigins(part, origins);
    return;
  }
  if (auto name = dyn_cast<NameLoc>(loc)) {
    if (std::string node = nodeName(name.getName().getValue()); !node.empty())
      add({"", node}, origins);
    else
      collectOrigins(name.getChildLoc(), origins);
    return;
  }
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return collectOrigins(callSite.getCallee(), origins);
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return collectOrigins(opaque.getFallbackLocation(), origins);
}

} // namespace aotc
