// Loops of known length for scripts/device_bench.sh to validate its instruction counter
// (tools/device/qemu_insn_count.c) on each board before it measures anything. Between one pair
// of invoke marks it runs, each between the op markers: a scalar loop of kShortLoop iterations,
// one of kLongLoop, a floating-point loop (never counted as vector) and, on the M55, an MVE loop.
// Every loop is hand-written assembly, so the expected counts are exact:
//   scalar:  2 per iteration (subs, bne) + 2 (the op_begin marker's bx lr and the bl to op_end)
//   float:   3 per iteration, none of them vector
//   vector:  3 per iteration, one of them vector (vadd.i8)
// The script checks them to the instruction. Prints what it ran; exit status 0.
#include <cstdint>

#include "tools/device/console.h"

// The markers, as the runner has them (there: arenastore_op_begin/end from the runtime and the
// runner's invoke mark). Naked so each is exactly one `bx lr`.
extern "C" __attribute__((naked, noinline)) void arenastore_device_invoke_mark() {
  asm volatile("bx lr");
}
extern "C" __attribute__((naked, noinline)) void arenastore_op_begin(int32_t) {
  asm volatile("bx lr");
}
extern "C" __attribute__((naked, noinline)) void arenastore_op_end(int32_t) {
  asm volatile("bx lr");
}

namespace {

constexpr uint32_t kShortLoop = 1000;
constexpr uint32_t kLongLoop = 250000;

__attribute__((naked, noinline)) void ScalarLoop(uint32_t) {
  asm volatile(
      "push {r4, lr}\n"
      "movs r4, r0\n"
      "bl arenastore_op_begin\n"
      "1: subs r4, r4, #1\n"
      "bne 1b\n"
      "bl arenastore_op_end\n"
      "pop {r4, pc}\n");
}

#if defined(__ARM_FP)
__attribute__((naked, noinline)) void FloatLoop(uint32_t) {
  asm volatile(
      "push {r4, lr}\n"
      "movs r4, r0\n"
      "bl arenastore_op_begin\n"
      "1: vadd.f32 s0, s0, s1\n"
      "subs r4, r4, #1\n"
      "bne 1b\n"
      "bl arenastore_op_end\n"
      "pop {r4, pc}\n");
}
#endif

#if defined(__ARM_FEATURE_MVE)
__attribute__((naked, noinline)) void VectorLoop(uint32_t) {
  asm volatile(
      "push {r4, lr}\n"
      "movs r4, r0\n"
      "bl arenastore_op_begin\n"
      "1: vadd.i8 q0, q0, q1\n"
      "subs r4, r4, #1\n"
      "bne 1b\n"
      "bl arenastore_op_end\n"
      "pop {r4, pc}\n");
}
#endif

}  // namespace

int main() {
  arenastore_device_invoke_mark();
  ScalarLoop(kShortLoop);
  ScalarLoop(kLongLoop);
#if defined(__ARM_FP)
  FloatLoop(kShortLoop);
#endif
#if defined(__ARM_FEATURE_MVE)
  VectorLoop(kShortLoop);
#endif
  arenastore_device_invoke_mark();
  arenastore::device::ConsolePrint("count_check on %s: scalar loops of %u and %u%s%s\n",
                                   ARENASTORE_DEVICE_CPU, static_cast<unsigned>(kShortLoop),
                                   static_cast<unsigned>(kLongLoop),
#if defined(__ARM_FP)
                                   ", a float loop",
#else
                                   "",
#endif
#if defined(__ARM_FEATURE_MVE)
                                   ", a vector loop"
#else
                                   ""
#endif
  );
  return 0;
}
