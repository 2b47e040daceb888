#include "tools/device/semihosting.h"

namespace arenastore::device {
namespace {

// Operation numbers and the exit reason from Arm's semihosting specification.
constexpr uint32_t kSysOpen = 0x01;
constexpr uint32_t kSysClose = 0x02;
constexpr uint32_t kSysWrite = 0x05;
constexpr uint32_t kSysRead = 0x06;
constexpr uint32_t kSysFlen = 0x0c;
constexpr uint32_t kSysGetCmdline = 0x15;
constexpr uint32_t kSysExitExtended = 0x20;
constexpr uint32_t kApplicationExit = 0x20026;

int32_t Call(uint32_t operation, const void* argument) {
  register uint32_t r0 asm("r0") = operation;
  register const void* r1 asm("r1") = argument;
  asm volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return static_cast<int32_t>(r0);
}

size_t Length(const char* text) {
  size_t length = 0;
  while (text[length] != '\0') ++length;
  return length;
}

}  // namespace

int32_t SemihostingOpen(const char* path, OpenMode mode) {
  const uint32_t block[3] = {reinterpret_cast<uint32_t>(path), static_cast<uint32_t>(mode),
                             static_cast<uint32_t>(Length(path))};
  return Call(kSysOpen, block);
}

void SemihostingClose(int32_t handle) {
  const uint32_t block[1] = {static_cast<uint32_t>(handle)};
  Call(kSysClose, block);
}

int32_t SemihostingFileLength(int32_t handle) {
  const uint32_t block[1] = {static_cast<uint32_t>(handle)};
  return Call(kSysFlen, block);
}

int32_t SemihostingRead(int32_t handle, void* destination, size_t bytes) {
  const uint32_t block[3] = {static_cast<uint32_t>(handle), reinterpret_cast<uint32_t>(destination),
                             static_cast<uint32_t>(bytes)};
  // SYS_READ returns the number of bytes NOT read.
  const int32_t not_read = Call(kSysRead, block);
  if (not_read < 0 || static_cast<size_t>(not_read) > bytes) return -1;
  return static_cast<int32_t>(bytes - static_cast<size_t>(not_read));
}

bool SemihostingWrite(int32_t handle, const void* source, size_t bytes) {
  const uint32_t block[3] = {static_cast<uint32_t>(handle), reinterpret_cast<uint32_t>(source),
                             static_cast<uint32_t>(bytes)};
  // SYS_WRITE returns the number of bytes NOT written.
  return Call(kSysWrite, block) == 0;
}

bool SemihostingCommandLine(char* out, size_t capacity) {
  uint32_t block[2] = {reinterpret_cast<uint32_t>(out), static_cast<uint32_t>(capacity)};
  return capacity > 0 && Call(kSysGetCmdline, block) == 0;
}

void SemihostingExit(int32_t status) {
  const uint32_t block[2] = {kApplicationExit, static_cast<uint32_t>(status)};
  Call(kSysExitExtended, block);
  for (;;) {
  }
}

}  // namespace arenastore::device
