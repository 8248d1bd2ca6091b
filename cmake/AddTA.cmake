#===- AddTA.cmake - helpers for ta libraries -------------------*- cmake -*-===#
#
# Thin wrappers over MLIR's add_mlir_*_library that also record every ta
# library in global properties, so that tools and the installed CMake package
# can list them without repeating names.
#
# Upstream MLIR libraries go after MLIR_LIBS, never in LINK_LIBS (which is
# for ta's own libraries): they are linked with mlir_target_link_libraries,
# which links libMLIR.so instead of the static archives when
# MLIR_LINK_MLIR_DYLIB is on (the default here, since a plugin loaded into
# Debian's mlir-opt, the Python module and ta-opt must share one MLIR).
#
#===----------------------------------------------------------------------===#

function(_ta_add_library kind property name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS" ${ARGN})
  set_property(GLOBAL APPEND PROPERTY TA_ALL_LIBS ${name})
  if(property)
    set_property(GLOBAL APPEND PROPERTY ${property} ${name})
  endif()
  cmake_language(CALL ${kind} ${name} ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
endfunction()

function(add_ta_dialect_library name)
  _ta_add_library(add_mlir_dialect_library TA_DIALECT_LIBS ${name} ${ARGN})
endfunction()

function(add_ta_conversion_library name)
  _ta_add_library(add_mlir_conversion_library TA_CONVERSION_LIBS ${name}
                  ${ARGN})
endfunction()

function(add_ta_library name)
  _ta_add_library(add_mlir_library "" ${name} ${ARGN})
endfunction()
