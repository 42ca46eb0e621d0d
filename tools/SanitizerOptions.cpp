//===- SanitizerOptions.cpp - sanitizer defaults of aotc's tools ----------===//
//
// Linked into every executable of an AOTC_USE_SANITIZER build (aotc,
// aotc-opt, the fuzz targets; cmake/AotcSanitizers.cmake), so that a plain
// run, a lit test or a fuzzer gets the right defaults without any
// environment. ASAN_OPTIONS and UBSAN_OPTIONS still add to them.
//
//   allow_user_poisoning=0  LLVM's BumpPtrAllocator poisons its free slab
//       memory when compiled with ASan, and unpoisons what it hands out.
//       aotc's code has the instrumented inline copy and Debian's
//       libMLIR.so the plain one, so memory one copy poisoned is handed out
//       by the other without unpoisoning, and ASan reports a
//       use-after-poison on every write into it (first seen in attribute
//       uniquing). Ignoring manual poisoning keeps every other check.
//   print_stacktrace=1      UBSan reports name the frames that led there.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1";
}
