#===- AddTA.cmake - helpers for ta libraries -------------------*- cmake -*-===#
#
# Thin wrappers over MLIR's add_mlir_*_library that also record every ta
# library in global properties, so that tools and the installed CMake package
# can list them without repeating names.
#
#===----------------------------------------------------------------------===#

function(add_ta_dialect_library name)
  set_property(GLOBAL APPEND PROPERTY TA_DIALECT_LIBS ${name})
  set_property(GLOBAL APPEND PROPERTY TA_ALL_LIBS ${name})
  add_mlir_dialect_library(${name} ${ARGN})
endfunction()

function(add_ta_conversion_library name)
  set_property(GLOBAL APPEND PROPERTY TA_CONVERSION_LIBS ${name})
  set_property(GLOBAL APPEND PROPERTY TA_ALL_LIBS ${name})
  add_mlir_conversion_library(${name} ${ARGN})
endfunction()

function(add_ta_library name)
  set_property(GLOBAL APPEND PROPERTY TA_ALL_LIBS ${name})
  add_mlir_library(${name} ${ARGN})
endfunction()
