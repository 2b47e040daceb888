// printf-style output of the device runner to the host's stdout and stderr through
// semihosting (":tt" handles), formatted by base/format.h so no newlib stdio (and with it no
// malloc) is linked. Called by tools/device only. Never allocates; long lines are truncated
// to kConsoleLineBytes. Output failures are ignored: there is nowhere left to report them.
#pragma once

#include <cstddef>

namespace arenastore::device {

inline constexpr size_t kConsoleLineBytes = 1024;

void ConsolePrint(const char* format, ...) __attribute__((format(printf, 1, 2)));
void ConsoleError(const char* format, ...) __attribute__((format(printf, 1, 2)));
// Writes `text` as is (no formatting, no length limit).
void ConsoleWrite(const char* text);

}  // namespace arenastore::device
