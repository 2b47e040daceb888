// The kernel registry: every operator's variants, keyed by (op, dtype, ISA), each with its
// scratch size function and (when compiled for this target) its eval function. The rows live in
// each op's unit (ops/<op>/<op>.cc, k<Name>Kernels); this table gathers the ops this build was
// compiled with (ops/op_list.h and ARENASTORE_OPS), generated from the list.
// Called by the planner (sizing), the gate (re-sizing) and the executor (running).
// Invariant: every built op has a `ref` row with an eval function for each dtype it supports;
// size functions of every ISA are present on every build (so a host can plan and judge for a
// device), eval only where built; Cortex-M builds leave the x86 rows out (their gate never sizes
// x86 variants). Freestanding: no allocation, no global constructors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/exec_form.h"
#include "kernels/kernel_state.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"

namespace arenastore::kernels {

using ScratchBytesFn = size_t (*)(const OpParams& params);
using EvalFn = Status (*)(const OpParams& params, const OpOperands& operands,
                          std::span<uint8_t> scratch);
// How a form's kernel runs params (KernelForm::speed).
using FormSpeedFn = FormSpeed (*)(const OpParams& params);

// A variant's kernel of a form other than whole (kernels/exec_form.h): its size function, which
// also says whether the form applies to params (kFormMissingBytes when not: the gate pays for
// one function per form), and (where built) its eval.
struct KernelForm {
  ScratchBytesFn scratch_bytes;
  EvalFn eval;  // null when this variant is not compiled into this build
  // How fast the form runs params against the variant's whole kernel (kernels/exec_form.h): the
  // planner takes a slower form only where a plan must shrink to fit its pools, ref's borrowed
  // code last. Null: kAsWhole everywhere. Read by the host planner only.
  FormSpeedFn speed = nullptr;
};

// For a form that runs ref's kernel wherever it applies: kReference.
FormSpeed AlwaysReference(const OpParams& params);

struct KernelEntry {
  OpKind op;
  KernelDtype dtype;
  Isa isa;                       // with `op`, names the variant: "conv2d/ref"
  ScratchBytesFn scratch_bytes;  // never null
  EvalFn eval;                   // null when this variant is not compiled into this build
  const SplitKernel* split;      // the split form (kernels/kernel_state.h); null: none built
  const KernelForm* over_input = nullptr;  // ExecForm::kOverInput; null: the variant lacks it

  constexpr KernelEntry WithOverInput(const KernelForm* form) const {
    KernelEntry entry = *this;
    entry.over_input = form;
    return entry;
  }
};

// One op's rows, ref first, as its unit defines them (ops/<op>/<op>.cc, with OpKernelsOf in
// kernels/kernel_rows.h), and where each (dtype, ISA) row sits, computed at compile time so
// resolving costs two array reads.
struct OpKernels {
  const KernelEntry* entries;
  int32_t count;
  int8_t position[kKernelDtypeCount][kIsaCount];  // index into entries, -1 where none
};

// Whether this build carries `op` (its kernels and its runtime lowering): every op of the list
// on a host, the selected ones (ARENASTORE_OPS) in a selective build.
bool OpBuilt(OpKind op);

// The rows of `op`; empty when `op` is unknown or not built.
std::span<const KernelEntry> KernelsOf(OpKind op);

// The entry that runs `op` with `dtype` on `isa`: the ISA's own variant if it has one, else the
// `ref` one (ops without a specialised variant run the portable code). Null when the op is not
// built or has no kernel for that dtype.
const KernelEntry* ResolveKernel(OpKind op, KernelDtype dtype, Isa isa);

// Whether `isa` has a variant of its own for (`op`, `dtype`) (not the `ref` fallback).
bool HasOwnVariant(OpKind op, KernelDtype dtype, Isa isa);

// The split form of `entry`'s variant, or null: most variants have none, and none is compiled
// for a variant whose eval is not.
const SplitKernel* SplitKernelOf(const KernelEntry* entry);

// `entry`'s kernel of a form other than whole when the variant has it and it applies to
// `params`; null otherwise (and for kWhole, which every entry's own functions are).
const KernelForm* FormOf(const KernelEntry* entry, ExecForm form, const OpParams& params);

// How `isa`'s variant runs params in params.form (KernelForm::speed); kAsWhole for the whole
// form and where no kernel runs it.
FormSpeed SpeedOfForm(const OpParams& params, Isa isa);

// The eval function that runs params in params.form on `entry`'s variant: its whole kernel, or
// its kernel of that form; null when the variant lacks it (or it is not built here).
EvalFn EvalOf(const KernelEntry& entry, const OpParams& params);

// Scratch bytes `entry` needs to run params in params.form; kFormMissingBytes when it has no
// such form for them.
size_t ScratchBytesOf(const KernelEntry& entry, const OpParams& params);

// Scratch bytes the kernel that runs params (kind, dtype, form) on `isa` needs; 0 when none does.
size_t ScratchBytes(const OpParams& params, Isa isa);

// Runs the kernel for params (kind, dtype, form) on `isa`. kKernelUnsupported when the op, its
// dtype, that variant or its form is not compiled into this build (or the form does not apply).
Status Eval(const OpParams& params, Isa isa, const OpOperands& operands,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels
