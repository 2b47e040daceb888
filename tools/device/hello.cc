// The smallest device image: proves startup, .data/.bss set-up, semihosting output, command
// line and exit status on a board before the runner is involved (scripts/device_test.sh).
#include "tools/device/console.h"
#include "tools/device/semihosting.h"

namespace {
int initialised_counter = 41;  // .data: checks the copy from its load address
int zeroed_counter;            // .bss: checks zeroing
}  // namespace

int main() {
  char command_line[256];
  if (!arenastore::device::SemihostingCommandLine(command_line, sizeof(command_line))) {
    command_line[0] = '\0';
  }
  arenastore::device::ConsolePrint("hello from %s: data %d, bss %d, command line '%s'\n",
                                   ARENASTORE_DEVICE_BOARD, initialised_counter + 1, zeroed_counter,
                                   command_line);
  return 0;
}
