// Which kernel ISA variants this process may run: built into this binary, supported by this CPU
// (cpuid and the OS-enabled register state on x86; the compile target on Arm) and allowed
// (ARENASTORE_ISA_ALLOW=ref,x86_avx2 narrows the set, for tests; ref is always allowed).
// Called by the gate, the executor, the registry adapters and the CLI. Never allocates; the
// CPU and environment are read once and cached (thread-safe). Off x86 it compiles to constants.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/registry.h"

namespace arenastore::kernels {

// Whether this CPU can execute `isa`'s instructions at all (ref: always).
bool CpuSupportsIsa(Isa isa);

// Whether the ARENASTORE_ISA_ALLOW list (or the override below) permits `isa`.
bool IsaAllowed(Isa isa);

// Replaces the environment's list, e.g. "ref,x86_avx2"; nullptr goes back to the environment.
// Unknown names are ignored. For tests and tools; not for concurrent use with running kernels.
void SetIsaAllowList(const char* comma_separated_isas);

// Built (at least one variant of `isa` has an eval function here) and supported and allowed.
bool IsaRunnable(Isa isa);

// The entry can run here: it has an eval function and its ISA is runnable.
bool KernelRunnable(const KernelEntry& entry);

// The fastest runnable ISA: x86_avx512vnni, x86_avx2, arm_mve, arm_dsp, then ref.
Isa BestRunnableIsa();

}  // namespace arenastore::kernels
