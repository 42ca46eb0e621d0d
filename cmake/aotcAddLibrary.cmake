#===- aotcAddLibrary.cmake - aotc_add_library() for aotc's users ------------===#
#
# Installed next to aotcConfig.cmake, which includes it: find_package(aotc)
# defines
#
#   aotc_add_library(<target> MODEL <file>
#                    [NAME <c-name>] [CPU <cpu>] [TARGET_ARCH x86_64|cuda]
#                    [INPUT_SHAPES <input>=<dims>...]
#                    [DIMS <name>=<size>|<name>=<min>..<max>...]
#                    [FLAGS <aotc flag>...]
#                    [TEST <reference-dir>] [BENCHMARK])
#
# It compiles MODEL (an ONNX model or a .mlir tg module) with aotc at build
# time, into <binary dir>/<target>.aotc/<name>.o and <name>.h, again whenever
# the model or the aotc executable changes, and makes <target>, a static
# library of that object. Linking <target> gives the header's folder as an
# include directory (so `#include "<name>.h"`), aotc's installed include
# directory (aotc/Runtime/aotc_parallel.h), aotc::pool for
# <name>_run_parallel, libm, and for TARGET_ARCH cuda aotc::cuda_runtime.
#
#   NAME          C prefix of the header's symbols: <name>_run, ... (default:
#                 <target> made a C identifier).
#   CPU           aotc's --cpu (default aotc's, x86-64-v3; `native` is the
#                 build machine).
#   TARGET_ARCH   aotc's --target: x86_64 (default) or cuda.
#   INPUT_SHAPES  one aotc --input-shape per item, e.g. input=1x3x224x224.
#   DIMS          one aotc --dim per item: a symbolic dimension's size
#                 (batch=1), or its range (batch=1..64): the header then
#                 declares <name>_run_dims, which takes the size per call
#                 (docs/architecture.md, "Dimensions chosen at run time").
#                 TEST and BENCHMARK need fixed sizes yet.
#   FLAGS         further aotc options, passed as given (e.g. -O3).
#   TEST          adds the executable <target>_test and a CTest test of that
#                 name (call enable_testing() or include(CTest)) that runs the
#                 model on the reference inputs of <reference-dir> and
#                 compares its outputs with the reference outputs there:
#                   input_<i>.pb / output_<i>.pb   ONNX TensorProto files, as
#                                                  in ONNX's test_data_set_N
#                   input_<i>.bin / output_<i>.bin the raw tensor, dense,
#                                                  row-major, little-endian
#                 (i from 0, in the header's call order; .pb is tried first).
#                 Floating-point outputs must match within
#                 |got - want| <= atol + rtol * |want|, where rtol is
#                 ${AOTC_TEST_RTOL} (default 1e-3) and atol ${AOTC_TEST_ATOL}
#                 (default 1e-5) at the call; integer and bool outputs
#                 exactly. On the CPU it checks <name>_run and
#                 <name>_run_parallel on a 4-worker aotc::pool.
#   BENCHMARK     adds the executable <target>_benchmark: the benchmark of
#                 the aotc-benchmark tool (same defaults, --threads,
#                 statistics, --json and warnings) on <name>_run;
#                 `<target>_benchmark --help` lists its options.
#
# The drivers of TEST and BENCHMARK are C99 sources in ${AOTC_SHARE_DIR}.
# The project needs the C language enabled (project(... LANGUAGES C ...)).
#
#===------------------------------------------------------------------------===#
include_guard(GLOBAL)

# Where the drivers and the runtime headers are, for calls from any folder of
# the project (the config's variables are only seen below find_package).
set_property(GLOBAL PROPERTY AOTC_SHARE_DIR "${AOTC_SHARE_DIR}")
set_property(GLOBAL PROPERTY AOTC_INCLUDE_DIR "${AOTC_INCLUDE_DIR}")

function(aotc_add_library target)
  set(fn "aotc_add_library(${target})")
  cmake_parse_arguments(PARSE_ARGV 1 ARG "BENCHMARK"
    "MODEL;NAME;CPU;TARGET_ARCH;TEST" "INPUT_SHAPES;DIMS;FLAGS")

  # Arguments.
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown argument(s): ${ARG_UNPARSED_ARGUMENTS}. "
      "Usage: aotc_add_library(<target> MODEL <file> [NAME <c-name>] "
      "[CPU <cpu>] [TARGET_ARCH x86_64|cuda] [INPUT_SHAPES <input>=<dims>...] "
      "[DIMS <name>=<size>|<name>=<min>..<max>...] "
      "[FLAGS <aotc flag>...] [TEST <reference-dir>] [BENCHMARK])")
  endif()
  if(ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR
      "${fn}: ${ARG_KEYWORDS_MISSING_VALUES} given without a value")
  endif()
  if(target MATCHES "::" OR NOT target MATCHES "^[A-Za-z0-9_.+-]+$")
    message(FATAL_ERROR "${fn}: '${target}' is not a valid target name")
  endif()
  if(TARGET ${target})
    message(FATAL_ERROR "${fn}: a target named '${target}' already exists")
  endif()
  if(NOT TARGET aotc::aotc)
    message(FATAL_ERROR "${fn}: the target aotc::aotc is not defined here; "
      "call find_package(aotc) in this folder or one above it")
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST languages)
    message(FATAL_ERROR "${fn}: needs the C language: "
      "project(<name> LANGUAGES C ...) or enable_language(C)")
  endif()

  if(NOT DEFINED ARG_MODEL)
    message(FATAL_ERROR "${fn}: MODEL <file> is required")
  endif()
  get_filename_component(model "${ARG_MODEL}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_source_file_property(model_generated "${model}" GENERATED)
  if(NOT EXISTS "${model}" AND NOT model_generated)
    message(FATAL_ERROR "${fn}: MODEL '${model}' does not exist (nor is it "
      "the output of a custom command of this folder)")
  endif()
  if(IS_DIRECTORY "${model}")
    message(FATAL_ERROR "${fn}: MODEL '${model}' is a directory, not a model")
  endif()

  if(DEFINED ARG_NAME)
    set(name "${ARG_NAME}")
  else()
    string(MAKE_C_IDENTIFIER "${target}" name)
  endif()
  if(NOT name MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${fn}: NAME '${name}' is not a C identifier")
  endif()

  set(arch x86_64)
  if(DEFINED ARG_TARGET_ARCH)
    set(arch "${ARG_TARGET_ARCH}")
  endif()
  if(NOT arch STREQUAL "x86_64" AND NOT arch STREQUAL "cuda")
    message(FATAL_ERROR
      "${fn}: TARGET_ARCH must be x86_64 or cuda, not '${arch}'")
  endif()
  if(arch STREQUAL "cuda" AND NOT TARGET aotc::cuda_runtime)
    message(FATAL_ERROR "${fn}: TARGET_ARCH cuda needs aotc::cuda_runtime, "
      "which this aotc was installed without (aotc builds it where cuda.h is "
      "found; set CUDA_HOME when configuring aotc)")
  endif()

  set(aotc_args --name ${name} --target ${arch})
  if(DEFINED ARG_CPU)
    list(APPEND aotc_args --cpu "${ARG_CPU}")
  endif()
  foreach(shape IN LISTS ARG_INPUT_SHAPES)
    if(NOT shape MATCHES "^[^=]+=([0-9]+(x[0-9]+)*|scalar)$")
      message(FATAL_ERROR "${fn}: INPUT_SHAPES item '${shape}' is not "
        "<input>=<dims>, e.g. input=1x3x224x224 (or <input>=scalar)")
    endif()
    list(APPEND aotc_args --input-shape "${shape}")
  endforeach()
  set(ranged)
  foreach(dim IN LISTS ARG_DIMS)
    if(NOT dim MATCHES "^[^=]+=[0-9]+(\\.\\.[0-9]+)?$")
      message(FATAL_ERROR "${fn}: DIMS item '${dim}' is not <name>=<size> "
        "or <name>=<min>..<max>, e.g. batch=1 or batch=1..64")
    endif()
    if(dim MATCHES "\\.\\.")
      set(ranged "${dim}")
    endif()
    list(APPEND aotc_args --dim "${dim}")
  endforeach()
  if(ranged AND (DEFINED ARG_TEST OR ARG_BENCHMARK))
    message(FATAL_ERROR "${fn}: TEST and BENCHMARK need fixed sizes yet; "
      "DIMS ${ranged} leaves a size to run time (add a second "
      "aotc_add_library with DIMS of one size for them)")
  endif()
  foreach(flag IN LISTS ARG_FLAGS)
    if(flag MATCHES "^(-o|--output|--header|--metadata|--name|--target|--emit)(=.*)?$")
      message(FATAL_ERROR "${fn}: FLAGS may not set ${flag}: "
        "aotc_add_library sets it (NAME and TARGET_ARCH choose the name and "
        "target)")
    endif()
  endforeach()
  list(APPEND aotc_args ${ARG_FLAGS})

  if(DEFINED ARG_TEST)
    get_filename_component(test_dir "${ARG_TEST}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT IS_DIRECTORY "${test_dir}")
      message(FATAL_ERROR "${fn}: TEST '${test_dir}' is not a directory (it "
        "holds input_<i>.pb and output_<i>.pb, or input_<i>.bin and "
        "output_<i>.bin)")
    endif()
  endif()
  set(driver_libs)
  if((DEFINED ARG_TEST OR ARG_BENCHMARK) AND arch STREQUAL "cuda")
    if(NOT TARGET CUDA::cuda_driver)
      message(FATAL_ERROR "${fn}: TEST and BENCHMARK with TARGET_ARCH cuda "
        "need the CUDA driver API: find_package(CUDAToolkit) (before "
        "find_package(aotc)) found no CUDA::cuda_driver")
    endif()
    set(driver_libs CUDA::cuda_driver)
  endif()
  if(NOT DEFINED AOTC_TEST_RTOL)
    set(AOTC_TEST_RTOL 1e-3)
  endif()
  if(NOT DEFINED AOTC_TEST_ATOL)
    set(AOTC_TEST_ATOL 1e-5)
  endif()
  foreach(tol IN ITEMS AOTC_TEST_RTOL AOTC_TEST_ATOL)
    if(NOT "${${tol}}" MATCHES "^[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?$")
      message(FATAL_ERROR "${fn}: ${tol} '${${tol}}' is not a number")
    endif()
  endforeach()

  # Compile the model at build time.
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}.aotc")
  set(object "${out_dir}/${name}${CMAKE_C_OUTPUT_EXTENSION}")
  set(header "${out_dir}/include/${name}.h")
  set(metadata "${out_dir}/${name}.json")
  file(MAKE_DIRECTORY "${out_dir}/include")
  add_custom_command(
    OUTPUT "${object}" "${header}" "${metadata}"
    COMMAND aotc::aotc "${model}" -o "${object}" --header "${header}"
            --metadata "${metadata}"
            ${aotc_args}
    DEPENDS "${model}" "$<TARGET_FILE:aotc::aotc>"
    COMMENT "aotc: compiling ${ARG_MODEL} (${arch}) for ${target}"
    VERBATIM)
  set_source_files_properties("${object}" PROPERTIES
    EXTERNAL_OBJECT TRUE GENERATED TRUE)

  get_property(include_dir GLOBAL PROPERTY AOTC_INCLUDE_DIR)
  add_library(${target} STATIC "${object}" "${header}")
  set_target_properties(${target} PROPERTIES
    LINKER_LANGUAGE C
    AOTC_NAME "${name}"
    AOTC_HEADER "${header}"
    AOTC_METADATA "${metadata}"
    AOTC_OBJECT "${object}"
    AOTC_TARGET_ARCH "${arch}")
  target_include_directories(${target} PUBLIC
    "${out_dir}/include" "${include_dir}")
  target_link_libraries(${target} PUBLIC aotc::pool)
  if(arch STREQUAL "cuda")
    target_link_libraries(${target} PUBLIC aotc::cuda_runtime)
  endif()
  find_library(AOTC_LIBM m)
  mark_as_advanced(AOTC_LIBM)
  if(AOTC_LIBM)
    target_link_libraries(${target} PUBLIC "${AOTC_LIBM}")
  endif()

  if(NOT DEFINED ARG_TEST AND NOT ARG_BENCHMARK)
    return()
  endif()

  # The drivers include "aotc_driver_model.h": the model's header and a macro
  # naming its symbols.
  set(model_h "/* Generated by aotc_add_library(${target}); do not edit. */\n")
  string(APPEND model_h "#include \"${name}.h\"\n")
  string(APPEND model_h "#define AOTC_MODEL(suffix) ${name}##suffix\n")
  string(APPEND model_h "#define AOTC_MODEL_NAME \"${name}\"\n")
  # The model file as a C string (the benchmark's JSON names it).
  string(REPLACE "\\" "\\\\" model_c "${model}")
  string(REPLACE "\"" "\\\"" model_c "${model_c}")
  string(APPEND model_h "#define AOTC_MODEL_FILE \"${model_c}\"\n")
  string(APPEND model_h "#define AOTC_TEST_RTOL ${AOTC_TEST_RTOL}\n")
  string(APPEND model_h "#define AOTC_TEST_ATOL ${AOTC_TEST_ATOL}\n")
  if(arch STREQUAL "cuda")
    string(APPEND model_h "#define AOTC_DRIVER_CUDA 1\n")
  endif()
  file(CONFIGURE OUTPUT "${out_dir}/driver/aotc_driver_model.h"
       CONTENT "${model_h}")

  get_property(share_dir GLOBAL PROPERTY AOTC_SHARE_DIR)
  set(drivers)
  if(DEFINED ARG_TEST)
    add_executable(${target}_test "${share_dir}/aotc_test_main.c")
    list(APPEND drivers ${target}_test)
    add_test(NAME ${target}_test COMMAND ${target}_test "${test_dir}")
  endif()
  if(ARG_BENCHMARK)
    add_executable(${target}_benchmark "${share_dir}/aotc_benchmark_main.c")
    list(APPEND drivers ${target}_benchmark)
  endif()
  foreach(driver IN LISTS drivers)
    set_target_properties(${driver} PROPERTIES
      C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
    target_include_directories(${driver} PRIVATE
      "${out_dir}/driver" "${share_dir}")
    target_link_libraries(${driver} PRIVATE ${target} ${driver_libs})
  endforeach()
endfunction()
