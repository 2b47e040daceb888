// The example's one line of board glue: C code prints through the board support's semihosting
// console (installed with the runtime's Cortex-M package), which is C++.
#include "tools/device/console.h"

extern "C" void board_print(const char* text) { arenastore::device::ConsoleWrite(text); }
