// Bare-metal start of every device image: the vector table, a reset handler that enables the
// FPU/MVE coprocessors, copies .data, zeroes .bss, runs C++ static initialisers (there should
// be none that do work) and calls main(), and fault handlers that report through semihosting.
// There is deliberately no heap and no _sbrk: an image that needs malloc fails to link.
#include <cstdint>
#include <cstring>

#include "tools/device/console.h"
#include "tools/device/semihosting.h"
#include "tools/device/stack_usage.h"

extern "C" {
// Defined by the board's linker script (tools/device/boards/*.ld).
extern uint32_t __stack_top;
extern uint32_t __data_load;
extern uint32_t __data_start;
extern uint32_t __data_end;
extern uint32_t __bss_start;
extern uint32_t __bss_end;
extern uint32_t __stack_bytes;  // an absolute symbol: its address is the reserved size
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();

int main();
[[noreturn]] void ResetHandler();
[[noreturn]] void FaultHandler();
[[noreturn]] void UnexpectedInterruptHandler();
}

namespace {

using Handler = void (*)();

// Coprocessor access control: CP10 and CP11 (the FPU, and MVE on v8.1-M) full access.
constexpr uintptr_t kCpacrAddress = 0xe000ed88;
constexpr uint32_t kCp10Cp11FullAccess = 0xfu << 20;

void EnableFloatingPointAndVectorUnits() {
#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)
  volatile uint32_t* cpacr = reinterpret_cast<volatile uint32_t*>(kCpacrAddress);
  *cpacr = *cpacr | kCp10Cp11FullAccess;
  asm volatile("dsb\n\tisb" ::: "memory");
#endif
}

constexpr uint32_t kStackPaint = 0x5a5aa5a5u;

uint32_t* StackBottom() {
  return reinterpret_cast<uint32_t*>(reinterpret_cast<uintptr_t>(&__stack_top) -
                                     reinterpret_cast<uintptr_t>(&__stack_bytes));
}

// Paints from the bottom of the reserved stack up to just below this frame.
__attribute__((noinline)) void PaintStack() {
  uint32_t marker;
  uint32_t* const limit = &marker - 16;
  for (uint32_t* word = StackBottom(); word < limit; ++word) *word = kStackPaint;
}

}  // namespace

namespace arenastore::device {

size_t StackReservedBytes() { return reinterpret_cast<uintptr_t>(&__stack_bytes); }

size_t StackUsedBytes() {
  const uint32_t* word = StackBottom();
  const uint32_t* const top = &__stack_top;
  while (word < top && *word == kStackPaint) ++word;
  return static_cast<size_t>(reinterpret_cast<uintptr_t>(top) - reinterpret_cast<uintptr_t>(word));
}

}  // namespace arenastore::device

// Cortex-M: initial stack pointer, then the 15 system exception handlers.
__attribute__((section(".vectors"), used)) const Handler kVectorTable[16] = {
    reinterpret_cast<Handler>(&__stack_top),
    ResetHandler,
    UnexpectedInterruptHandler,  // NMI
    FaultHandler,                // HardFault
    FaultHandler,                // MemManage
    FaultHandler,                // BusFault
    FaultHandler,                // UsageFault
    FaultHandler,                // SecureFault (v8-M)
    nullptr,
    nullptr,
    nullptr,
    UnexpectedInterruptHandler,  // SVCall
    UnexpectedInterruptHandler,  // DebugMonitor
    nullptr,
    UnexpectedInterruptHandler,  // PendSV
    UnexpectedInterruptHandler,  // SysTick
};

void ResetHandler() {
  EnableFloatingPointAndVectorUnits();
  const size_t data_bytes =
      reinterpret_cast<uintptr_t>(&__data_end) - reinterpret_cast<uintptr_t>(&__data_start);
  if (&__data_load != &__data_start) std::memcpy(&__data_start, &__data_load, data_bytes);
  const size_t bss_bytes =
      reinterpret_cast<uintptr_t>(&__bss_end) - reinterpret_cast<uintptr_t>(&__bss_start);
  std::memset(&__bss_start, 0, bss_bytes);
  PaintStack();
  for (Handler* init = __init_array_start; init != __init_array_end; ++init) (*init)();
  arenastore::device::SemihostingExit(main());
}

void FaultHandler() {
  uint32_t cfsr = *reinterpret_cast<volatile uint32_t*>(0xe000ed28);
  arenastore::device::ConsoleError("device: fault (CFSR 0x%x)\n", static_cast<unsigned>(cfsr));
  arenastore::device::SemihostingExit(70);
}

void UnexpectedInterruptHandler() {
  arenastore::device::ConsoleError("device: unexpected interrupt\n");
  arenastore::device::SemihostingExit(71);
}
