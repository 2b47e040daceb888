# CMake toolchain for bare-metal Cortex-M with Debian's arm-none-eabi-gcc (gcc-arm-none-eabi,
# libnewlib-arm-none-eabi). Used by tools/device/CMakeLists.txt through scripts/device_test.sh:
#   cmake -S tools/device -B build-dv-m55 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
#         -DARENASTORE_BOARD=mps3-an547
# Picks the CPU flags from ARENASTORE_BOARD (or ARENASTORE_CPU). Links no start files and no
# system-call stubs, so anything that needs the heap or an OS fails to link.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# Compiler checks cannot link a bare-metal executable before the startup code exists.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES ARENASTORE_BOARD ARENASTORE_CPU)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

if(NOT ARENASTORE_CPU)
  if(ARENASTORE_BOARD STREQUAL "mps2-an385")
    set(ARENASTORE_CPU cortex-m3)
  elseif(ARENASTORE_BOARD STREQUAL "mps2-an386")
    set(ARENASTORE_CPU cortex-m4)
  elseif(ARENASTORE_BOARD STREQUAL "mps3-an547")
    set(ARENASTORE_CPU cortex-m55)
  else()
    message(FATAL_ERROR "set ARENASTORE_BOARD to mps2-an385, mps2-an386 or mps3-an547 "
                        "(or ARENASTORE_CPU to cortex-m3, cortex-m4 or cortex-m55)")
  endif()
endif()

if(ARENASTORE_CPU STREQUAL "cortex-m3")
  set(ARENASTORE_CPU_FLAGS "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
elseif(ARENASTORE_CPU STREQUAL "cortex-m4")
  set(ARENASTORE_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
elseif(ARENASTORE_CPU STREQUAL "cortex-m55")
  set(ARENASTORE_CPU_FLAGS "-mcpu=cortex-m55 -mthumb -mfloat-abi=hard")
else()
  message(FATAL_ERROR "unsupported ARENASTORE_CPU '${ARENASTORE_CPU}'")
endif()

# Sections per function and object so --gc-sections keeps only what the image calls.
set(ARENASTORE_COMMON_FLAGS "${ARENASTORE_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_C_FLAGS_INIT "${ARENASTORE_COMMON_FLAGS}")
set(CMAKE_CXX_FLAGS_INIT
    "${ARENASTORE_COMMON_FLAGS} -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit")
set(CMAKE_ASM_FLAGS_INIT "${ARENASTORE_CPU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${ARENASTORE_CPU_FLAGS} -nostartfiles -Wl,--gc-sections")
