// Must never build: proves the device images cannot reach a heap. scripts/device_test.sh
// builds it twice and expects both to fail: as is (malloc and operator new), the link fails,
// since there is no _sbrk for newlib's malloc and no exception runtime for operator new; with
// ARENASTORE_PROBE_SBRK, which supplies an _sbrk and calls malloc only, the link succeeds and
// check_image.cmake must reject the image because malloc is in it.
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(ARENASTORE_PROBE_SBRK)
extern "C" void* _sbrk(intptr_t) { return reinterpret_cast<void*>(-1); }

int main() {
  void* block = std::malloc(16);
  std::free(block);
  return block != nullptr ? 0 : 1;
}
#else
int main() {
  void* block = std::malloc(16);
  int* value = new (std::nothrow) int(7);
  const int status = block != nullptr && value != nullptr ? 0 : 1;
  delete value;
  std::free(block);
  return status;
}
#endif
