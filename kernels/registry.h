// The kernel registry: a fixed table of plain structs, one per (op, ISA variant), each with
// its scratch size function and (when compiled for this target) its eval function.
// Called by the planner (sizing), the gate (re-sizing) and the executor (running).
// Invariant: every op has a `ref` entry with an eval function; size functions of every ISA are
// present on every build (so a host can plan and judge for a device), eval only where built;
// except that Cortex-M builds leave the x86 entries out (their gate never sizes x86 variants).
// Freestanding: no allocation, no global constructors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"

namespace arenastore::kernels {

using ScratchBytesFn = size_t (*)(const OpParams& params);
using EvalFn = Status (*)(const OpParams& params, const OpOperands& operands,
                          std::span<uint8_t> scratch);

struct KernelEntry {
  OpKind op;
  Isa isa;
  const char* name;              // e.g. "conv2d/ref"
  ScratchBytesFn scratch_bytes;  // never null
  EvalFn eval;                   // null when this variant is not compiled into this build
};

// Every entry, ordered by op then ISA.
std::span<const KernelEntry> AllKernels();

// The entry that runs `op` on `isa`: the ISA's own variant if it has one, else `ref`
// (ops without a specialised variant run the portable code). Null only for an invalid op.
const KernelEntry* ResolveKernel(OpKind op, Isa isa);

// Whether `isa` has a variant of its own for `op` (not the `ref` fallback).
bool HasOwnVariant(OpKind op, Isa isa);

// The split form of `entry`'s variant (kernels/kernel_state.h), or null: most variants have
// none, and none is compiled for a variant whose eval is not.
const SplitKernel* SplitKernelOf(const KernelEntry* entry);

// Scratch bytes the kernel that runs params.kind on `isa` needs.
size_t ScratchBytes(const OpParams& params, Isa isa);

// Runs the kernel for params.kind on `isa`. kKernelUnsupported when that variant is not
// compiled into this build.
Status Eval(const OpParams& params, Isa isa, const OpOperands& operands,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels
