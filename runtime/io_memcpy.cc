#include "runtime/io_memcpy.h"

#include <cstring>

extern "C" __attribute__((weak)) void arenastore_io_memcpy(void* destination, const void* source,
                                                           size_t bytes) {
  std::memcpy(destination, source, bytes);
}
