#include "planner/exec_forms.h"

#include <algorithm>
#include <cstdint>
#include <span>

#include "kernels/registry.h"
#include "planner/aliasing.h"
#include "planner/buffer_lifetimes.h"
#include "planner/buffer_ties.h"
#include "planner/lower_bound.h"
#include "planner/row_stages.h"

namespace arenastore::planner {
namespace {

// Rounds of re-adding and dropping forms: each round lowers the plan or ends the search.
constexpr int kMaxFormRounds = 4;

bool Contains(const std::vector<int32_t>& tensors, int32_t tensor) {
  return std::find(tensors.begin(), tensors.end(), tensor) != tensors.end();
}

// The last step reading each tensor; -1 for none.
std::vector<int32_t> LastReads(const Graph& graph) {
  std::vector<int32_t> last(graph.tensors.size(), -1);
  for (size_t step = 0; step < graph.ops.size(); ++step) {
    for (int32_t input : graph.ops[step].inputs) {
      if (input >= 0) last[input] = static_cast<int32_t>(step);
    }
  }
  return last;
}

// Whether the bytes [begin, end) of `root`'s group (offsets in the root) are free after
// `step`: no tensor with bytes there is read later, or is a graph output (the caller reads those
// after Invoke), or is state, or is a graph input kept in an :io pool. (A graph input elsewhere
// dies at its last reader, as in TensorFlow Lite Micro: the caller writes it before each Invoke.)
bool BytesDieAt(const Graph& graph, const AliasRoots& roots, const std::vector<int32_t>& last_reads,
                int32_t root, size_t begin, size_t end, int32_t step, bool io_pool) {
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    if (roots.root[t] != root) continue;
    const size_t t_begin = roots.offset_bytes[t];
    if (t_begin >= end || t_begin + graph.tensors[t].bytes() <= begin) continue;
    const auto member = static_cast<int32_t>(t);
    if (last_reads[t] > step || (io_pool && Contains(graph.inputs, member)) ||
        Contains(graph.outputs, member) || graph.tensors[t].is_variable) {
      return false;
    }
  }
  return true;
}

// Whether op `step` may write its output over its first input, as far as the graph goes, with
// the bytes shared as the alias `roots` say: every byte of them the output will cover dies
// here (other buffers tied to these are judged by TiesHold). No larger than its input, the output
// covers the input's first bytes; larger, it holds the input's whole group.
bool MayOverwriteInput(const Graph& graph, const AliasRoots& roots,
                       const std::vector<int32_t>& last_reads, int32_t step, bool io_pool) {
  const Op& op = graph.ops[step];
  if (op.inputs.empty() || op.outputs.size() != 1 || op.inputs[0] < 0) return false;
  const int32_t input = op.inputs[0];
  const Tensor& in = graph.tensors[input];
  if (in.is_constant || in.is_variable) return false;
  // An :io pool holds the graph's inputs and outputs, sized for them alone: there an output
  // never takes an activation's bytes.
  if (io_pool && Contains(graph.outputs, op.outputs[0])) return false;
  // No other input may share its bytes: the kernel reads those as they are, overwritten or not.
  for (size_t k = 1; k < op.inputs.size(); ++k) {
    const int32_t other = op.inputs[k];
    if (other >= 0 && !graph.tensors[other].is_constant && roots.root[other] == roots.root[input]) {
      return false;
    }
  }
  const size_t out_bytes = graph.tensors[op.outputs[0]].bytes();
  const size_t begin = roots.offset_bytes[input];
  const bool wider = out_bytes > in.bytes();
  return BytesDieAt(graph, roots, last_reads, roots.root[input], wider ? 0 : begin,
                    wider ? SIZE_MAX : begin + out_bytes, step, io_pool);
}

// Whether the buffers of every over-input op of `forms` can be tied where the form puts them
// (planner/buffer_ties.h: one holds the other, aligned, and no other buffers of a unit meet).
bool TiesHold(const Graph& graph, std::span<const kernels::ExecForm> forms,
              std::span<const PlannedStage> stages) {
  return StagedAssignment(graph, std::vector<size_t>(graph.ops.size(), 0),
                          {forms.begin(), forms.end()}, stages, PinnedPools{})
      .has_value();
}

// The bytes a plan of the buffers `forms` gives takes in unbounded pools (a workspace, and an
// :io pool for the graph's inputs and outputs when `io_pool`): ties fix their buffers' offsets,
// so a long chain of them can span more than the largest live set.
size_t PlannedBytes(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                    std::span<const kernels::ExecForm> forms, bool io_pool,
                    std::span<const PlannedStage> stages) {
  const PinnedPools pinned{io_pool ? 1 : -1, -1};
  const PoolSpec pools[] = {{"sram", 0, 16}, {"io", 0, 16}};
  return PlacedBytes(
      StagedAssignment(graph, scratch_bytes, {forms.begin(), forms.end()}, stages, pinned),
      std::span(pools, io_pool ? 2 : 1), PlanOptions{});
}

}  // namespace

namespace {

// Whether a tier takes forms of `speed`.
bool Admits(FormKernels form_kernels, kernels::FormSpeed speed) {
  switch (form_kernels) {
    case FormKernels::kAsFast:
      return speed == kernels::FormSpeed::kAsWhole;
    case FormKernels::kOwn:
      return speed != kernels::FormSpeed::kReference;
    case FormKernels::kWithReference:
      return true;
  }
  return false;
}

}  // namespace

std::vector<kernels::ExecForm> TakeForms(const Graph& graph, const std::vector<LoweredOp>& lowered,
                                         kernels::Isa isa, FormKernels form_kernels,
                                         const ScratchSizer& sizer, bool io_pool,
                                         std::vector<size_t>* scratch_bytes) {
  using kernels::ExecForm;
  std::vector<ExecForm> forms(graph.ops.size(), ExecForm::kWhole);
  const std::vector<int32_t> last_reads = LastReads(graph);
  const AliasRoots roots = FindAliasRoots(graph);
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    kernels::OpParams params = lowered[i].Params();
    params.form = ExecForm::kOverInput;
    const kernels::KernelEntry* entry = kernels::ResolveKernel(params.kind, params.dtype, isa);
    const kernels::KernelForm* form = kernels::FormOf(entry, ExecForm::kOverInput, params);
    if (form == nullptr || !Admits(form_kernels, kernels::SpeedOfForm(params, isa)) ||
        !MayOverwriteInput(graph, roots, last_reads, static_cast<int32_t>(i), io_pool)) {
      continue;
    }
    forms[i] = ExecForm::kOverInput;
    if (!TiesHold(graph, forms, {})) {
      forms[i] = ExecForm::kWhole;
      continue;
    }
    (*scratch_bytes)[i] = sizer.ScratchBytes(params, isa);
  }
  return forms;
}

std::vector<kernels::ExecForm> KeepPayingForms(const Graph& graph,
                                               std::vector<kernels::ExecForm> forms,
                                               const std::vector<size_t>& form_scratch,
                                               std::span<const PlannedStage> stages, bool io_pool,
                                               std::vector<size_t>* scratch_bytes) {
  using kernels::ExecForm;
  ApplyStageForms(stages, &forms, scratch_bytes);
  // Keep only the forms that pay. Drop each form whose plan is smaller without it; which of two
  // forms to drop can depend on the order they are tried in (a chain of ties that drifts is cut
  // at whichever link is tried first), so both orders are tried and the smaller plan wins. Then
  // drop each form the plan keeps its size without: a form that saves nothing would make a runtime
  // without it reject the plan, and may cost its kernel extra work (a copied plane). (Dropping
  // those first could cut a chain the smaller plan needs.)
  auto scratch_of = [&](const std::vector<ExecForm>& chosen) {
    std::vector<size_t> bytes = *scratch_bytes;
    for (size_t i = 0; i < chosen.size(); ++i) {
      if (chosen[i] != ExecForm::kWhole) bytes[i] = form_scratch[i];
    }
    return bytes;
  };
  auto drop_pass = [&](std::vector<ExecForm> kept, bool latest_first, bool drop_neutral,
                       size_t* planned_bytes) {
    for (size_t k = 0; k < kept.size(); ++k) {
      const size_t i = latest_first ? kept.size() - 1 - k : k;
      if (kept[i] == ExecForm::kWhole) continue;
      std::vector<ExecForm> trial = kept;
      trial[i] = ExecForm::kWhole;
      if (!TiesHold(graph, trial, stages)) continue;
      const size_t trial_bytes = PlannedBytes(graph, scratch_of(trial), trial, io_pool, stages);
      if (trial_bytes < *planned_bytes || (drop_neutral && trial_bytes == *planned_bytes)) {
        kept = std::move(trial);
        *planned_bytes = trial_bytes;
      }
    }
    return kept;
  };
  // A form can pay only once a form that does not pay is gone: a MobileNetV2's expansion over its
  // input pays beside the pad that writes over the expansion, but not while the neutral forms
  // before it tie its input to larger dead tensors. So each taken form is tried again, one at a
  // time, and the drops rerun, both from the drops' result and from it without its neutral forms,
  // until neither lowers the plan.
  auto add_pass = [&](std::vector<ExecForm> kept, size_t* planned_bytes) {
    for (size_t i = 0; i < kept.size(); ++i) {
      if (kept[i] != ExecForm::kWhole || forms[i] == ExecForm::kWhole) continue;
      std::vector<ExecForm> trial = kept;
      trial[i] = forms[i];
      if (!TiesHold(graph, trial, stages)) continue;
      const size_t trial_bytes = PlannedBytes(graph, scratch_of(trial), trial, io_pool, stages);
      if (trial_bytes < *planned_bytes) {
        kept = std::move(trial);
        *planned_bytes = trial_bytes;
      }
    }
    return kept;
  };
  auto add_and_drop = [&](std::vector<ExecForm> kept, size_t* planned_bytes) {
    for (int round = 0; round < kMaxFormRounds; ++round) {
      const size_t before_bytes = *planned_bytes;
      kept = drop_pass(add_pass(std::move(kept), planned_bytes), true, false, planned_bytes);
      if (*planned_bytes == before_bytes) break;
    }
    return drop_pass(std::move(kept), true, true, planned_bytes);
  };
  const size_t all_bytes = PlannedBytes(graph, scratch_of(forms), forms, io_pool, stages);
  size_t latest_bytes = all_bytes, earliest_bytes = all_bytes;
  std::vector<ExecForm> latest = drop_pass(forms, true, false, &latest_bytes);
  std::vector<ExecForm> earliest = drop_pass(forms, false, false, &earliest_bytes);
  size_t dropped_bytes = std::min(latest_bytes, earliest_bytes);
  std::vector<ExecForm> dropped =
      earliest_bytes < latest_bytes ? std::move(earliest) : std::move(latest);
  size_t lean_bytes = dropped_bytes;
  std::vector<ExecForm> lean = add_and_drop(drop_pass(dropped, true, true, &lean_bytes), &lean_bytes);
  std::vector<ExecForm> full = add_and_drop(std::move(dropped), &dropped_bytes);
  forms = lean_bytes <= dropped_bytes ? std::move(lean) : std::move(full);
  *scratch_bytes = scratch_of(forms);
  return forms;
}

bool AnyFormAtSpeed(const std::vector<LoweredOp>& lowered, kernels::Isa isa,
                    kernels::FormSpeed speed) {
  for (const LoweredOp& op : lowered) {
    kernels::OpParams params = op.Params();
    params.form = kernels::ExecForm::kOverInput;
    const kernels::KernelEntry* entry = kernels::ResolveKernel(params.kind, params.dtype, isa);
    if (kernels::FormOf(entry, params.form, params) != nullptr &&
        kernels::SpeedOfForm(params, isa) == speed) {
      return true;
    }
  }
  return false;
}

int32_t FormsAtSpeed(const std::vector<LoweredOp>& lowered,
                     const std::vector<kernels::ExecForm>& forms, kernels::Isa isa,
                     kernels::FormSpeed speed) {
  int32_t count = 0;
  for (size_t i = 0; i < forms.size() && i < lowered.size(); ++i) {
    if (forms[i] == kernels::ExecForm::kWhole) continue;
    kernels::OpParams params = lowered[i].Params();
    params.form = forms[i];
    count += kernels::SpeedOfForm(params, isa) == speed ? 1 : 0;
  }
  return count;
}

}  // namespace arenastore::planner
