// The RAM a device needs to run one artifact, in all: its planned pools (activations, scratch,
// state) and the runtime's own memory for that model (one PreparedOp per operator and the
// Executor), next to the stack budget the runtime is held to. Called by `inspect`, `compile`,
// `export` and the audit; the Cortex-M runner prints the same sum from the objects it binds and
// the device job holds the two equal. Freestanding; never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_kind.h"
#include "runtime/artifact_view.h"

namespace arenastore::runtime {

// The runtime's objects on a 32-bit Cortex-M build (ref, arm_dsp and arm_mve run there).
// device_ram.cc holds them true in every Arm build, so a change to PreparedOp or Executor that
// forgets them fails to compile for the device.
inline constexpr size_t kCortexMPreparedOpBytes = 280;
inline constexpr size_t kCortexMExecutorBytes = 64;
// The deepest stack the runtime may use on a Cortex-M board; the device job holds every run's
// measured peak to it.
inline constexpr size_t kCortexMStackBudgetBytes = 2048;

struct DeviceRam {
  uint64_t pools_bytes;          // every pool as planned, state included
  uint64_t state_bytes;          // the STATE pools among them: variable tensors kept across Invokes
  uint64_t prepared_ops_bytes;   // one PreparedOp per operator, lowered once by Executor::Create
  uint64_t executor_bytes;       // the Executor itself
  uint64_t split_scratch_bytes;  // x86 hosts only: packed filters the host executor keeps
  uint64_t stack_budget_bytes;   // 0 where no budget is held (the x86 host)

  // What the device must reserve for this model, the stack aside.
  uint64_t total_bytes() const {
    return pools_bytes + prepared_ops_bytes + executor_bytes + split_scratch_bytes;
  }
};

// For `isa`'s device: a Cortex-M for ref, arm_dsp and arm_mve (the sizes above), this 64-bit host
// for the x86 ISAs (this build's sizes, plus the split scratch its executor keeps).
DeviceRam DeviceRamOf(const ArtifactView& view, kernels::Isa isa);

}  // namespace arenastore::runtime
