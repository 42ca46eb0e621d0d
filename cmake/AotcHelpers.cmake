#===- AotcHelpers.cmake - helpers shared by aotc's CMake files -------------===#
#
# add_aotc_library(NAME SRCS... LINK_LIBS ...): a static library of the
# project, linked against libMLIR.so and libLLVM.so (named like MLIR's
# add_mlir_library; aotc_add_library, which users get from the installed
# package, compiles a model into a library).
#
#===------------------------------------------------------------------------===#
function(add_aotc_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  set_property(GLOBAL APPEND PROPERTY AOTC_LIBS ${name})
endfunction()
