# HipifyPackage.cmake: installs the CMake package of hipify-c (find_package(hipify-c)): the config and
# version files and hipify_sources(), next to the installed binary. It builds nothing and ports nothing.
include(CMakePackageConfigHelpers)
set(HIPIFY_C_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hipify-c)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/hipify-c-config.cmake.in
  ${CMAKE_BINARY_DIR}/package/hipify-c-config.cmake
  INSTALL_DESTINATION ${HIPIFY_C_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/hipify-c-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/hipify-c-config.cmake ${CMAKE_BINARY_DIR}/package/hipify-c-config-version.cmake
        ${CMAKE_SOURCE_DIR}/cmake/HipifySources.cmake
  DESTINATION ${HIPIFY_C_CMAKE_DIR})
