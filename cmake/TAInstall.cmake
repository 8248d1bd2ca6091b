#===- TAInstall.cmake - cmake --install, the TA package --------*- cmake -*-===#
#
# Installs headers (sources, ODS .td files and the generated .inc files),
# the libraries as the exported targets TA::<name>, the runtimes, ta-opt,
# ta-lsp-server, the C API library and the plugin, and
# <prefix>/lib/cmake/ta/TAConfig.cmake.
#
#===----------------------------------------------------------------------===#
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ta
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ta-c
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/ta
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.inc"
        PATTERN "CMakeFiles" EXCLUDE)

get_property(ta_libs GLOBAL PROPERTY TA_ALL_LIBS)
foreach(lib ${ta_libs})
  target_include_directories(${lib} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
set(ta_shared ta_runtime ta_cuda_runtime)
if(TARGET TACAPI)
  list(APPEND ta_shared TACAPI)
endif()
foreach(shared ${ta_shared})
  target_include_directories(${shared} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
install(TARGETS ${ta_libs} ${ta_shared}
        EXPORT TATargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT TATargets NAMESPACE TA::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ta)

# The tools find libMLIR.so where ta was built against it.
set_target_properties(ta-opt ta-lsp-server PROPERTIES
  INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS ta-opt ta-lsp-server RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/TAConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TAConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ta
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/TAConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/TAConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/TAConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/ta)
