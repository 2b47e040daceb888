// Execution forms: which operators of a scheduled graph write their output over their first
// input (kernels/exec_form.h). Chosen where the target ISA's variant has the form and it applies
// to the op's params, and the input dies at that op: no later operator reads it or anything
// sharing its bytes, and it is no graph output. With an :io pool (`io_pool`), which holds the
// graph's inputs and outputs sized for them alone, neither the input nor the output may be one.
// Called by the compile pipeline before buffer lifetimes (planner/buffer_lifetimes.h), which then
// tie the output's buffer to its input's, each keeping its own lifetime (planner/buffer_ties.h);
// the choice is written to the artifact (Operator.form) and proven, not trusted, by the
// runtime's plan verification. Host-only, pure.
#pragma once

#include <span>
#include <vector>

#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/row_stages.h"
#include "planner/scratch_sizer.h"

namespace arenastore::planner {

// Per op of `graph` (lowered as `lowered`, in the same order), its form on `isa`; an op whose
// form is not whole has its `scratch_bytes` entry replaced by `sizer`'s size of that form.
// Every candidate whose buffers can be tied is taken, then each is dropped again where the plan
// gets smaller without it (a form's scratch can outweigh the bytes it saves, and a chain of ties
// can drift wider than any step needs), trying the ops latest first and earliest first: in two
// steps, so that row stages (planner/row_stage_search.h) are chosen between them. TakeForms: every form that applies and whose ties hold, each taken op's entry of
// `scratch_bytes` (the whole forms' sizes on entry) set to its form's size; a form slower than
// its variant's whole kernel (KernelForm::speed) only with the FormKernels tier that admits it.
enum class FormKernels {
  kAsFast,         // the forms that run as fast as the target's whole kernels
  kOwn,            // and the target's own slower ones: to fit pools that are too small
  kWithReference,  // and those it borrows from ref, slower still: to fit them at all
};
std::vector<kernels::ExecForm> TakeForms(const Graph& graph, const std::vector<LoweredOp>& lowered,
                                         kernels::Isa isa, FormKernels form_kernels,
                                         const ScratchSizer& sizer, bool io_pool,
                                         std::vector<size_t>* scratch_bytes);

// How many ops of `graph` run their `forms` at `speed` on `isa` (FormSpeed::kReference: on a
// kernel its variant borrows from ref).
int32_t FormsAtSpeed(const std::vector<LoweredOp>& lowered,
                     const std::vector<kernels::ExecForm>& forms, kernels::Isa isa,
                     kernels::FormSpeed speed);
// Whether any op of `lowered` has a form on `isa` that runs at `speed` (ties aside): a tier with
// none cannot change the plan before it.
bool AnyFormAtSpeed(const std::vector<LoweredOp>& lowered, kernels::Isa isa,
                    kernels::FormSpeed speed);

// KeepPayingForms: of the `forms` taken (with `form_scratch`, TakeForms' sizes), those that make
// the plan with `stages` smaller, dropped as above; stage ops run whole. `scratch_bytes`
// holds the whole forms' sizes on entry and the kept forms' (and stages') on return.
std::vector<kernels::ExecForm> KeepPayingForms(const Graph& graph,
                                               std::vector<kernels::ExecForm> forms,
                                               const std::vector<size_t>& form_scratch,
                                               std::span<const PlannedStage> stages, bool io_pool,
                                               std::vector<size_t>* scratch_bytes);

}  // namespace arenastore::planner
