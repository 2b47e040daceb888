#include "tools/device/console.h"

#include <cstdarg>
#include <cstdint>

#include "base/format.h"
#include "tools/device/semihosting.h"

namespace arenastore::device {
namespace {

// ":tt" opened for writing is the host's stdout; opened for appending ("a", mode 8) stderr.
constexpr uint32_t kModeAppend = 8;

int32_t StandardHandle(bool error) {
  static int32_t handles[2] = {-2, -2};
  int32_t& handle = handles[error ? 1 : 0];
  if (handle == -2) {
    handle =
        SemihostingOpen(":tt", error ? static_cast<OpenMode>(kModeAppend) : OpenMode::kWriteBinary);
  }
  return handle;
}

void WriteTo(bool error, const char* text, size_t bytes) {
  const int32_t handle = StandardHandle(error);
  if (handle >= 0) SemihostingWrite(handle, text, bytes);
}

// The line is static, not on the stack: the runner prints from one thread and never from an
// interrupt, and a 1 KiB local would be half the stack peak the runner reports. External RAM,
// like the runner's other buffers: printing is not hot, DTCM stays for data and stack.
void PrintTo(bool error, const char* format, va_list args) {
  static char line[kConsoleLineBytes] __attribute__((section(".ext")));
  const size_t length = FormatV(line, sizeof(line), format, args);
  WriteTo(error, line, length);
}

}  // namespace

void ConsolePrint(const char* format, ...) {
  va_list args;
  va_start(args, format);
  PrintTo(false, format, args);
  va_end(args);
}

void ConsoleError(const char* format, ...) {
  va_list args;
  va_start(args, format);
  PrintTo(true, format, args);
  va_end(args);
}

void ConsoleWrite(const char* text) {
  size_t length = 0;
  while (text[length] != '\0') ++length;
  WriteTo(false, text, length);
}

}  // namespace arenastore::device
