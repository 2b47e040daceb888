# `cmake --install`: the runtime as a package a firmware (or host) project links without this
# source tree (#20). Installs the freestanding libraries of this build (its ISA, op selection and
# dtypes, fixed when it was configured), their headers, a CMake package config
# (find_package(arenastore_runtime CONFIG) -> arenastore::runtime, arenastore::c), a pkg-config
# file for host builds, and for Cortex-M builds the toolchain file and the board support the
# example firmware uses (examples/firmware). Included by the top-level CMakeLists.txt.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ARENASTORE_INSTALL_INCLUDE ${CMAKE_INSTALL_INCLUDEDIR}/arenastore)
set(ARENASTORE_INSTALL_CMAKE ${CMAKE_INSTALL_LIBDIR}/cmake/arenastore_runtime)
set(ARENASTORE_INSTALL_SHARE ${CMAKE_INSTALL_DATADIR}/arenastore)

install(TARGETS arenastore_base arenastore_kernels arenastore_runtime arenastore_c
        EXPORT arenastore_runtime_targets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${ARENASTORE_INSTALL_INCLUDE} ${ARENASTORE_INSTALL_INCLUDE}/capi)
# Headers keep the repository's layout ("runtime/gate.h"), the C API also at the top.
foreach(folder base kernels runtime ops capi)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/ DESTINATION ${ARENASTORE_INSTALL_INCLUDE}/${folder}
          FILES_MATCHING PATTERN "*.h")
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/capi/arenastore.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_BINARY_DIR}/generated/runtime ${PROJECT_BINARY_DIR}/generated/ops
        DESTINATION ${ARENASTORE_INSTALL_INCLUDE} FILES_MATCHING PATTERN "*.h")

# The kernel library version (kernels/version.h) is the package's version.
file(STRINGS ${PROJECT_SOURCE_DIR}/kernels/version.h version_line REGEX "kLibraryVersion = ")
string(REGEX MATCH "([0-9]+), ([0-9]+), ([0-9]+)" _ "${version_line}")
set(ARENASTORE_KERNEL_LIBRARY_VERSION "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}.${CMAKE_MATCH_3}")

# What the installed libraries were built as, for the config file and pkg-config.
set(ARENASTORE_PACKAGE_ISA "${ARENASTORE_RUNTIME_ISA}")
if(NOT ARENASTORE_PACKAGE_ISA)
  set(ARENASTORE_PACKAGE_ISA ref)
endif()
set(ARENASTORE_PACKAGE_CPU "${ARENASTORE_CPU}")
set(ARENASTORE_PACKAGE_CPU_FLAGS "${ARENASTORE_CPU_FLAGS}")
set(ARENASTORE_PACKAGE_OPS "${ARENASTORE_BUILT_OPS}")
# sizeof(Status) depends on it: C++ code using the installed headers must agree (512 by default).
set(ARENASTORE_PACKAGE_STATUS_MESSAGE_BYTES "${ARENASTORE_STATUS_MESSAGE_BYTES}")
if(NOT ARENASTORE_PACKAGE_STATUS_MESSAGE_BYTES)
  set(ARENASTORE_PACKAGE_STATUS_MESSAGE_BYTES 512)
endif()
install(EXPORT arenastore_runtime_targets NAMESPACE arenastore_internal::
        DESTINATION ${ARENASTORE_INSTALL_CMAKE})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/package/arenastore_runtime-config.cmake.in
                              ${PROJECT_BINARY_DIR}/package/arenastore_runtime-config.cmake
                              INSTALL_DESTINATION ${ARENASTORE_INSTALL_CMAKE})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/arenastore_runtime-config-version.cmake
                                 VERSION ${ARENASTORE_KERNEL_LIBRARY_VERSION}
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/package/arenastore_runtime-config.cmake
              ${PROJECT_BINARY_DIR}/package/arenastore_runtime-config-version.cmake
        DESTINATION ${ARENASTORE_INSTALL_CMAKE})

if(CMAKE_CROSSCOMPILING)
  # The toolchain file and board support for firmware projects (examples/firmware).
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/arm-none-eabi.cmake DESTINATION ${ARENASTORE_INSTALL_SHARE})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/tools/device/boards DESTINATION ${ARENASTORE_INSTALL_SHARE})
  install(FILES ${PROJECT_SOURCE_DIR}/tools/device/startup.cc ${PROJECT_SOURCE_DIR}/tools/device/semihosting.cc
                ${PROJECT_SOURCE_DIR}/tools/device/semihosting.h ${PROJECT_SOURCE_DIR}/tools/device/console.cc
                ${PROJECT_SOURCE_DIR}/tools/device/console.h ${PROJECT_SOURCE_DIR}/tools/device/stack_usage.h
          DESTINATION ${ARENASTORE_INSTALL_SHARE}/board_support/tools/device)
else()
  configure_file(${PROJECT_SOURCE_DIR}/cmake/package/arenastore_runtime.pc.in
                 ${PROJECT_BINARY_DIR}/package/arenastore_runtime.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/package/arenastore_runtime.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()
