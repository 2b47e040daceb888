// The smallest device image: proves startup, .data/.bss set-up, semihosting output, the
// command line and the exit status on a board before the runner is involved
// (scripts/device_test.sh runs `hello` and expects 0, and `hello 3` and expects 3).
#include "tools/device/console.h"
#include "tools/device/semihosting.h"

namespace {

int initialised_counter = 41;  // .data: checks the copy from its load address
int zeroed_counter;            // .bss: checks zeroing

// The number after the program name, or 0.
int RequestedStatus(const char* line) {
  while (*line != '\0' && *line != ' ') ++line;
  while (*line == ' ') ++line;
  int status = 0;
  for (; *line >= '0' && *line <= '9'; ++line) status = status * 10 + (*line - '0');
  return status;
}

}  // namespace

int main() {
  char command_line[256];
  if (!arenastore::device::SemihostingCommandLine(command_line, sizeof(command_line))) {
    command_line[0] = '\0';
  }
  ++zeroed_counter;
  arenastore::device::ConsolePrint("hello from %s (%s): data %d, bss %d, command line '%s'\n",
                                   ARENASTORE_DEVICE_BOARD, ARENASTORE_DEVICE_CPU,
                                   initialised_counter + 1, zeroed_counter, command_line);
  return RequestedStatus(command_line);
}
