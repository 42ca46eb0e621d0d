//===- RelocatableLink.h - several ELF objects into one ---------*- C++ -*-===//
//
// What `ld -r` does, for the objects aotc's back end writes: the code of a
// graph generated in parts (on several threads) becomes the one object the
// user links. Every input section becomes a section of the output (linkers
// merge sections by name), undefined references to a symbol another input
// defines are bound to it, and every defined symbol except the entry points
// becomes local, so two compiled graphs still link into one app.
//
//===----------------------------------------------------------------------===//

#ifndef AOTC_TARGET_CPU_RELOCATABLELINK_H
#define AOTC_TARGET_CPU_RELOCATABLELINK_H

#include "aotc/Target/CPU/ObjectConstants.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace aotc::cpu {

/// Writes to `os` one ELF64 x86-64 relocatable object holding the sections
/// and symbols of `objects` (ELF64 x86-64 relocatable objects, as LLVM
/// writes them), and each of `constants` that an object refers to, in a
/// section of its own (`.lrodata` or `.rodata`) under a local symbol.
/// Symbols named in `exported` stay global; every other defined symbol
/// becomes local. Fails, writing nothing, on what LLVM's x86-64 back end
/// does not emit for aotc: section groups (COMDAT), REL relocations,
/// extended section indices, or one symbol defined twice.
llvm::Error linkRelocatableObjects(llvm::ArrayRef<llvm::StringRef> objects,
                                   llvm::ArrayRef<ObjectConstant> constants,
                                   llvm::ArrayRef<std::string> exported,
                                   llvm::raw_ostream &os);

} // namespace aotc::cpu

#endif // AOTC_TARGET_CPU_RELOCATABLELINK_H
