//===- ResourceRelease.h - free weights nothing refers to ---------*- C++ -*-===//
//
// A model's weights live in builtin dialect resource blobs, owned by the
// MLIRContext. Compile-time weight transforms (folded transposes, packed
// and blocked layouts, Winograd's transformed weights) make new blobs; the
// old ones would stay allocated until the context dies, so a pipeline that
// relayouts every weight once held every weight twice or three times.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TRANSFORMS_RESOURCERELEASE_H
#define AOTC_TRANSFORMS_RESOURCERELEASE_H

#include "mlir/IR/BuiltinOps.h"

namespace aotc {

/// Frees the bytes of every builtin dialect resource blob that no attribute
/// of `module` (of any op, at any depth) refers to; returns how many bytes.
/// The blobs stay registered, empty.
uint64_t releaseUnreferencedResources(mlir::ModuleOp module);

} // namespace aotc

#endif // AOTC_TRANSFORMS_RESOURCERELEASE_H
