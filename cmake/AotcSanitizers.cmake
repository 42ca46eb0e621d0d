#===- AotcSanitizers.cmake - sanitizer and fuzzer builds of aotc -----------===#
#
# Two cache options instrument aotc's own code (the libraries aotc_add_library
# makes, the aotc and aotc-opt tools and the fuzz targets):
#
#   AOTC_USE_SANITIZER   "Address;Undefined" (either or both), like
#                        LLVM_USE_SANITIZER: -fsanitize=address,undefined
#                        -fno-omit-frame-pointer, and UBSan findings abort
#                        (-fno-sanitize-recover=all) so a test fails on them.
#   AOTC_ENABLE_FUZZERS  clang only: the same code gets libFuzzer's coverage
#                        instrumentation (-fsanitize=fuzzer-no-link) and
#                        tools/fuzzers/ builds the aotc-*-fuzzer targets
#                        (-fsanitize=fuzzer). An ordinary tool linked from
#                        these libraries runs as usual, so one build serves
#                        both `scripts/fuzz` and `scripts/test --sanitize`.
#
# What stays uninstrumented: Debian's libMLIR.so, libLLVM.so and libprotobuf
# (ASan still sees every malloc and free they make, and their reads and
# writes of memory aotc allocated are not checked), and the runtime
# libraries apps link next to compiled objects (libaotc_pool,
# libaotc_cuda_runtime), which the tests link with a plain `cc`.
#
# As in LLVM's own sanitizer builds, UBSan's `vptr` and `function` checks are
# off: LLVM and aotc are built without RTTI, and `function` would flag
# every call through a pointer into the uninstrumented libraries.
#
#===------------------------------------------------------------------------===#
set(AOTC_USE_SANITIZER "" CACHE STRING
    "Sanitizers for aotc's own code: Address, Undefined or Address;Undefined")
option(AOTC_ENABLE_FUZZERS
       "Build the libFuzzer targets in tools/fuzzers (needs clang)" OFF)

set(AOTC_SANITIZER_COMPILE_FLAGS)
set(AOTC_SANITIZER_LINK_FLAGS)
set(_aotc_sanitizers)
foreach(sanitizer IN LISTS AOTC_USE_SANITIZER)
  if(sanitizer STREQUAL "Address")
    list(APPEND _aotc_sanitizers address)
  elseif(sanitizer STREQUAL "Undefined")
    list(APPEND _aotc_sanitizers undefined)
  else()
    message(FATAL_ERROR "AOTC_USE_SANITIZER: unknown sanitizer '${sanitizer}'"
                        " (expected Address, Undefined or Address;Undefined)")
  endif()
endforeach()
if(_aotc_sanitizers)
  list(JOIN _aotc_sanitizers "," _aotc_sanitizer_list)
  # Line tables make the reports name file:line at little cost in size.
  list(APPEND AOTC_SANITIZER_COMPILE_FLAGS
       -fsanitize=${_aotc_sanitizer_list} -fno-omit-frame-pointer
       -gline-tables-only)
  list(APPEND AOTC_SANITIZER_LINK_FLAGS -fsanitize=${_aotc_sanitizer_list})
  if("undefined" IN_LIST _aotc_sanitizers)
    list(APPEND AOTC_SANITIZER_COMPILE_FLAGS
         -fno-sanitize=vptr,function -fno-sanitize-recover=all)
  endif()
  message(STATUS "aotc: sanitizers ${_aotc_sanitizer_list}")
endif()

if(AOTC_ENABLE_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "AOTC_ENABLE_FUZZERS needs clang (libFuzzer); "
                        "configure with -DCMAKE_CXX_COMPILER=clang++-22")
  endif()
  list(APPEND AOTC_SANITIZER_COMPILE_FLAGS -fsanitize=fuzzer-no-link)
  list(APPEND AOTC_SANITIZER_LINK_FLAGS -fsanitize=fuzzer-no-link)
  message(STATUS "aotc: libFuzzer coverage instrumentation and fuzz targets")
endif()

# Instruments `target` (one of aotc's own libraries or executables) with the
# flags above; a no-op in an ordinary build.
function(aotc_instrument_target target)
  if(NOT AOTC_SANITIZER_COMPILE_FLAGS)
    return()
  endif()
  target_compile_options(${target} PRIVATE ${AOTC_SANITIZER_COMPILE_FLAGS})
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    target_link_options(${target} PRIVATE ${AOTC_SANITIZER_LINK_FLAGS})
    # The runtime defaults every instrumented tool needs (see the file).
    if(_aotc_sanitizers)
      target_sources(${target} PRIVATE
        ${PROJECT_SOURCE_DIR}/tools/SanitizerOptions.cpp)
    endif()
  endif()
endfunction()

# Instruments every library aotc_add_library made and the given executables.
function(aotc_instrument_project)
  get_property(libs GLOBAL PROPERTY AOTC_LIBS)
  foreach(target IN LISTS libs ARGN)
    aotc_instrument_target(${target})
  endforeach()
endfunction()
