// Arm semihosting (the `bkpt 0xab` debug-monitor calls QEMU implements with
// -semihosting-config enable=on,target=native): host files, the console and the exit status
// for the device runner. Called only by tools/device; device builds only (inline assembly).
// Never allocates. Calls report failure as a negative handle/length or false, never abort.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::device {

enum class OpenMode : uint32_t { kReadBinary = 1, kWriteBinary = 5 };

// A host file handle, or -1 when the host refused to open `path`.
int32_t SemihostingOpen(const char* path, OpenMode mode);
void SemihostingClose(int32_t handle);
// Length of an open file in bytes, or -1.
int32_t SemihostingFileLength(int32_t handle);
// Reads exactly `bytes` bytes unless the file ends first; returns the count read, or -1.
int32_t SemihostingRead(int32_t handle, void* destination, size_t bytes);
// True when all `bytes` bytes were written.
bool SemihostingWrite(int32_t handle, const void* source, size_t bytes);
// The command line QEMU passes (its -semihosting-config arg=... values joined by spaces);
// NUL-terminated; false when it does not fit in `capacity`.
bool SemihostingCommandLine(char* out, size_t capacity);
// Ends the emulation with `status` as QEMU's exit status.
[[noreturn]] void SemihostingExit(int32_t status);

}  // namespace arenastore::device
