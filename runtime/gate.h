// The gate: may this runtime (or a what-if runtime) run a verified artifact? Re-sizes every op's
// scratch with the runtime's own kernel size functions and compares with the plan (rules
// below and in DESIGN.md). Called by the CLI (check, run, audit) and firmware before binding
// pools. Never allocates and cannot fail: what it finds are Findings. Reads the view only, so
// thread-safe. Cost: about 50 ns per operator on the reference host (tools/bench/gate_bench).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "kernels/op_set.h"
#include "kernels/version.h"
#include "runtime/artifact_view.h"
#include "runtime/pool_placement.h"

namespace arenastore::runtime {

// Rules, per policy (default / strict):
//   unknown op kind, op the runtime was built without, no kernel for the op's dtype, kernel
//   library major differs, required scratch > planned,
//   the artifact's pools do not fit the caller's memories -> reject / reject
//     (default and fallback place pools into memories of other names, runtime/pool_placement.h;
//     strict matches each pool to the memory of its name)
//   required scratch < planned                           -> warn (bytes reclaimable) / reject
//   target ISA differs from the runtime's                -> warn / reject
// fallback: where the runtime's variant needs more scratch than planned, run the fastest
// variant built into this runtime that its CPU also runs and whose need fits (warn); reject
// only if none fits. Otherwise as default.

struct RuntimeIdentity {
  kernels::LibraryVersion kernel_version;
  kernels::Isa isa;
  // The operators the runtime was built with; an op outside them is rejected, named.
  kernels::OpSet ops = kernels::OpSet::Built();
};

// The identity of this build: its kernel library, the ISA it runs (ref for now) and its ops.
RuntimeIdentity ThisRuntime();

enum class GatePolicy : uint8_t { kDefault, kStrict, kFallback };
// "default", "strict", "fallback"; Parse returns false for anything else.
const char* GatePolicyName(GatePolicy policy);
bool ParseGatePolicy(const char* name, GatePolicy* policy);

// How a policy places pools into the device's memories: strict matches each to the memory of
// its name, default and fallback place them (runtime/pool_placement.h). Everything that binds
// or reports pools asks this, so it binds what the gate judged.
PlacementRule PlacementRuleOf(GatePolicy policy);

// Unknown format majors never reach the gate: ArtifactView::Create refuses them.
enum class FindingKind : uint8_t {
  kUnknownOpKind,        // op_index, op_kind (raw value)
  kKernelMajorMismatch,  // artifact_kernel_version, runtime_kernel_version
  kScratchShort,         // op: planned_bytes < required_bytes (variant `isa`)
  kScratchSurplus,       // op: planned_bytes > required_bytes
  kPoolTooSmall,         // pool: needs planned_bytes in memory_name, which has required_bytes
  kPoolMissing,          // pool: strict policy, the caller listed memories but none of its name
  kIsaMismatch,          // isa (artifact target) != runtime_isa
  kFallbackVariant,      // op runs `isa` instead of runtime_isa; required_bytes of runtime_isa
  kOpNotBuilt,           // op_index, op_kind: in the operator list, not in the runtime's ops
  kKernelMissing,        // op_index, op_kind, dtype: the runtime has no kernel for that dtype
  kFormMissing,          // op_index, op_kind, form, isa: the plan runs the op in an execution
                         // form (kernels/exec_form.h) that variant lacks or that does not apply
};
// "unknown_op_kind", "kernel_major_mismatch", "scratch_short", ...
const char* FindingKindName(FindingKind kind);

struct Finding {
  FindingKind kind;
  bool rejects;
  int32_t op_index;  // -1 when not about one operator
  kernels::OpKind op_kind;
  size_t planned_bytes;
  size_t required_bytes;
  int32_t pool_index;       // -1 when not about a pool
  const char* pool_name;    // points into the artifact bytes; nullptr when not about a pool
  const char* memory_name;  // kPoolTooSmall: the caller's memory it was meant for, else nullptr
  kernels::Isa isa;
  kernels::Isa runtime_isa;
  kernels::KernelDtype dtype;  // kKernelMissing: the op's activation type
  kernels::ExecForm form;      // kFormMissing: the form the plan asks for
  kernels::LibraryVersion artifact_kernel_version;
  kernels::LibraryVersion runtime_kernel_version;
};

enum class Verdict : uint8_t { kAccept, kAcceptWithWarnings, kReject };

struct GateReport {
  Verdict verdict;
  int32_t finding_count;    // every finding, may exceed the caller's capacity
  int32_t findings_stored;  // how many were written to findings_out
  size_t reclaimable_bytes;
};

// `capacities` are the device's memories (empty: pools not checked). `variant_per_op`, when at
// least as long as the artifact has operators, receives the kernel variant each op must run (the
// runtime's ISA unless the fallback policy chose another); pass it to Executor::Create.
GateReport EvaluateGate(const ArtifactView& view, const RuntimeIdentity& identity,
                        GatePolicy policy, std::span<const PoolCapacity> capacities,
                        std::span<Finding> findings_out, std::span<kernels::Isa> variant_per_op);

// Without the device's memories: pools are not checked, and an image that binds none (a gate-only
// firmware) links no placement code.
GateReport EvaluateGate(const ArtifactView& view, const RuntimeIdentity& identity,
                        GatePolicy policy, std::span<Finding> findings_out,
                        std::span<kernels::Isa> variant_per_op);

// One line for a person, e.g. "op 7 (conv2d): planned 1152 B, runtime needs 2304 B; re-plan
// with `arenastore replan`". Returns the characters written (always NUL-terminated).
size_t FormatFinding(const Finding& finding, char* out, size_t capacity);

}  // namespace arenastore::runtime
