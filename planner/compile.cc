#include "planner/compile.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include "planner/exec_forms.h"
#include "planner/lower_bound.h"
#include "planner/op_macs.h"
#include "planner/plan_validator.h"
#include "planner/row_stage_search.h"
#include "planner/schedule.h"
#include "runtime/artifact_view.h"

namespace arenastore::planner {
namespace {

// The pools asked for (one unbounded "sram" workspace when none), plus an unbounded "state"
// pool when the graph keeps state and no pool of that kind was asked for.
std::vector<PoolConfig> PoolsOrDefault(const Graph& graph, const CompileOptions& options) {
  std::vector<PoolConfig> pools = options.pools;
  if (pools.empty()) pools.push_back(PoolConfig{"sram", 0, PoolKind::kWorkspace});
  const bool keeps_state = std::any_of(graph.tensors.begin(), graph.tensors.end(),
                                       [](const Tensor& t) { return t.is_variable; });
  const bool has_state_pool = std::any_of(
      pools.begin(), pools.end(), [](const PoolConfig& p) { return p.kind == PoolKind::kState; });
  if (keeps_state && !has_state_pool) pools.push_back(PoolConfig{"state", 0, PoolKind::kState});
  return pools;
}

// State buffers align to their element size, so the state pool's base needs the widest one
// and its planned bytes are the variables' bytes, unpadded; other pools keep 16 bytes.
uint32_t PoolAlignment(const Graph& graph, PoolKind kind) {
  if (kind != PoolKind::kState) return 16;
  uint32_t alignment = 1;
  for (const Tensor& t : graph.tensors) {
    if (t.is_variable) alignment = std::max(alignment, static_cast<uint32_t>(ElementBytes(t.type)));
  }
  return alignment;
}

// Applies the memory-aware order when asked (and when it helps), permuting the lowered ops
// and scratch sizes with the graph's ops; records the order and both peaks in `model`.
Graph Schedule(const Graph& graph, bool reorder, std::vector<LoweredOp>* lowered,
               CompiledModel* model) {
  std::vector<int32_t> identity(graph.ops.size());
  for (size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<int32_t>(i);
  model->peak_before_reorder_bytes = PeakLiveBytes(graph, model->scratch_bytes, identity);
  model->order = reorder ? MemoryAwareOrder(graph, model->scratch_bytes) : identity;
  model->peak_after_reorder_bytes = PeakLiveBytes(graph, model->scratch_bytes, model->order);
  if (model->order == identity) return graph;
  std::vector<LoweredOp> permuted_ops;
  std::vector<size_t> permuted_scratch;
  for (int32_t op_index : model->order) {
    permuted_ops.push_back(std::move((*lowered)[op_index]));
    permuted_scratch.push_back(model->scratch_bytes[op_index]);
  }
  *lowered = std::move(permuted_ops);
  model->scratch_bytes = std::move(permuted_scratch);
  return Reordered(graph, model->order);
}

int32_t PoolIndexOfKind(const std::vector<PoolConfig>& pools, PoolKind kind) {
  for (size_t i = 0; i < pools.size(); ++i) {
    if (pools[i].kind == kind) return static_cast<int32_t>(i);
  }
  return -1;
}

// The artifact just written fails the runtime's verifier: the graph breaks a rule that its
// importer or builder did not check, or the planner erred. Either way no file was damaged, so
// the verifier's format code (an integrity failure to the CLI) becomes kPlanInvalid.
Status SelfCheckFailure(const Status& verifier) {
  Status status = Status::Error(ErrorCode::kPlanInvalid,
                                "the written artifact fails the runtime's verification: %s",
                                verifier.message());
  if (verifier.field() != nullptr) status.WithField(verifier.field());
  return status.WithOp(verifier.op_index())
      .WithTensor(verifier.tensor_index())
      .WithPool(verifier.pool_index());
}

// The ops' execution forms and the row stages, each taken where it makes the plan smaller: the
// forms that pay without stages make the plan the stages must beat. The stage search weighs its
// candidates with every form that applies taken (a form that does not pay alone may pay beside a
// stage), and the forms that do not pay beside the stages it chose are dropped after it.
void ChooseFormsAndStages(const Graph& graph, const std::vector<LoweredOp>& lowered,
                          const CompileOptions& options, FormKernels form_kernels,
                          const ScratchSizer& sizer, PinnedPools pinned, CompiledModel* model) {
  const bool io_pool = pinned.io >= 0;
  if (!options.over_input && !options.max_recompute_percent.has_value()) return;
  std::vector<size_t> form_scratch = model->scratch_bytes;
  std::vector<kernels::ExecForm> taken(graph.ops.size(), kernels::ExecForm::kWhole);
  if (options.over_input) {
    taken = TakeForms(graph, lowered, options.target_isa, form_kernels, sizer, io_pool,
                      &form_scratch);
  }
  const std::vector<size_t> whole_scratch = model->scratch_bytes;
  model->forms = KeepPayingForms(graph, taken, form_scratch, {}, io_pool, &model->scratch_bytes);
  if (!options.max_recompute_percent.has_value()) return;
  StageSearchInput search{&graph,
                          &lowered,
                          options.target_isa,
                          &taken,
                          &form_scratch,
                          &whole_scratch,
                          io_pool,
                          pinned,
                          model->pools,
                          options.placement,
                          *options.max_recompute_percent};
  const std::optional<BufferAssignment> stage_free =
      StagedAssignment(graph, model->scratch_bytes, model->forms, {}, pinned);
  search.baseline_bytes = PlacedBytes(stage_free, model->pools, options.placement);
  // Pools too small for the stage-free plan: stages may be what makes the model fit (a re-plan
  // for a small device class), yet one stage alone may not, so the search runs as if the pools
  // were unbounded; the staged plan is placed in the real pools afterwards and fails there, with
  // its shortfall, if it does not fit.
  std::vector<PoolSpec> unbounded(model->pools.begin(), model->pools.end());
  if (search.baseline_bytes == SIZE_MAX) {
    for (PoolSpec& pool : unbounded) pool.capacity_bytes = 0;
    search.pools = unbounded;
    search.baseline_bytes = PlacedBytes(stage_free, search.pools, options.placement);
  }
  StageChoice choice = ChooseRowStages(search);
  if (choice.stages.empty()) return;
  // The search placed its winner with the forms that pay beside the stages: keep those.
  model->stages = std::move(choice.stages);
  model->forms = std::move(choice.forms);
  model->scratch_bytes = std::move(choice.scratch_bytes);
}

// The forms and stages ChooseFormsAndStages picks with `form_kernels`, their buffers, and the plan
// that places them in the model's pools (kPlanDoesNotFit when they are too small).
Result<MemoryPlan> PlanFormsAndStages(const Graph& graph, const std::vector<LoweredOp>& lowered,
                                      const CompileOptions& options, FormKernels form_kernels,
                                      const ScratchSizer& sizer, PinnedPools pinned,
                                      CompiledModel* model) {
  ChooseFormsAndStages(graph, lowered, options, form_kernels, sizer, pinned, model);
  model->assignment = AssignBuffers(graph, model->scratch_bytes, pinned, nullptr, model->forms);
  if (!ApplyStages(graph, model->stages, &model->assignment)) model->assignment.ties_hold = false;
  return PlanMemory(model->assignment.buffers, model->pools, options.placement);
}

// The forms as fast as the target's whole kernels first; where that plan does not fit its pools,
// its own slower forms too, then the forms its variants borrow from ref (slower ops, but a model
// that fits). When none fits, the shortfall reported is the smallest plan's: the last tier's, if
// it took any form of its own speed.
Result<MemoryPlan> PlanToFit(const Graph& graph, const std::vector<LoweredOp>& lowered,
                             const CompileOptions& options, const ScratchSizer& sizer,
                             PinnedPools pinned, CompiledModel* model) {
  const std::vector<size_t> whole_scratch = model->scratch_bytes;
  Result<MemoryPlan> plan =
      PlanFormsAndStages(graph, lowered, options, FormKernels::kAsFast, sizer, pinned, model);
  constexpr std::pair<FormKernels, kernels::FormSpeed> kSlowerTiers[] = {
      {FormKernels::kOwn, kernels::FormSpeed::kOwnSlower},
      {FormKernels::kWithReference, kernels::FormSpeed::kReference}};
  for (const auto& [tier, speed] : kSlowerTiers) {
    if (plan.ok() || plan.status().code() != ErrorCode::kPlanDoesNotFit || !options.over_input) {
      return plan;
    }
    if (!AnyFormAtSpeed(lowered, options.target_isa, speed)) continue;  // the same plan again
    CompiledModel slower = *model;
    slower.scratch_bytes = whole_scratch;
    Result<MemoryPlan> fitted =
        PlanFormsAndStages(graph, lowered, options, tier, sizer, pinned, &slower);
    if (!fitted.ok() && FormsAtSpeed(lowered, slower.forms, options.target_isa, speed) == 0) {
      continue;
    }
    *model = std::move(slower);
    plan = std::move(fitted);
  }
  return plan;
}

}  // namespace

size_t CompiledModel::PlannedBytes() const { return plan.PlannedBytes(); }

uint64_t CompiledModel::ExtraMacs() const {
  uint64_t macs = 0;
  for (const PlannedStage& stage : stages) macs += stage.extra_macs;
  return macs;
}

Result<CompiledModel> Compile(const Graph& graph, const CompileOptions& options) {
  ARENASTORE_RETURN_IF_ERROR(graph.Validate());
  if (graph.ops.empty()) {
    return Status::Error(ErrorCode::kPlanInvalidGraph, "graph '%s' has no operators",
                         graph.name.c_str());
  }
  const KernelScratchSizer kernel_sizer;
  const ScratchSizer& sizer = options.sizer != nullptr ? *options.sizer : kernel_sizer;

  std::vector<LoweredOp> lowered;
  lowered.reserve(graph.ops.size());
  CompiledModel model;
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    ARENASTORE_ASSIGN_OR_RETURN(LoweredOp op, LowerOp(graph, i));
    model.scratch_bytes.push_back(sizer.ScratchBytes(op.Params(), options.target_isa));
    lowered.push_back(std::move(op));
  }
  for (const Tensor& tensor : graph.tensors) {
    if (tensor.is_constant) model.weights_bytes += tensor.bytes();
  }
  const Graph scheduled = Schedule(graph, options.reorder, &lowered, &model);
  model.forms.assign(scheduled.ops.size(), kernels::ExecForm::kWhole);
  model.tensor_bound_bytes =
      LargestLiveSet(AssignBuffers(scheduled, model.scratch_bytes, PinnedPools{}).buffers).bytes;
  const std::vector<PoolConfig> pool_configs = PoolsOrDefault(scheduled, options);
  std::vector<PoolKind> pool_kinds;
  for (const PoolConfig& config : pool_configs) {
    model.pools.push_back(PoolSpec{config.name, config.capacity_bytes,
                                   PoolAlignment(scheduled, config.kind),
                                   config.kind == PoolKind::kState});
    pool_kinds.push_back(config.kind);
  }
  const PinnedPools pinned{PoolIndexOfKind(pool_configs, PoolKind::kIo),
                           PoolIndexOfKind(pool_configs, PoolKind::kState)};
  model.model_macs = GraphMacs(scheduled);
  ARENASTORE_ASSIGN_OR_RETURN(model.plan,
                              PlanToFit(scheduled, lowered, options, sizer, pinned, &model));
  model.own_slower_kernel_forms =
      FormsAtSpeed(lowered, model.forms, options.target_isa, kernels::FormSpeed::kOwnSlower);
  model.reference_kernel_forms =
      FormsAtSpeed(lowered, model.forms, options.target_isa, kernels::FormSpeed::kReference);
  Status valid = ValidatePlan(model.assignment.buffers, model.pools, model.plan);
  if (!valid.ok()) return valid.WithContext("plan validator rejected the planner's own plan");

  ArtifactContents contents{&scheduled,   &lowered,    &model.scratch_bytes, &model.assignment,
                            &model.pools, &pool_kinds, &model.plan,          ArtifactMetadata{}};
  contents.forms = &model.forms;
  contents.stages = &model.stages;
  contents.metadata.model_name = scheduled.name;
  contents.metadata.source_model_sha256 = options.source_model_sha256;
  contents.metadata.source_model_name = options.source_model_name;
  contents.metadata.target_isa = options.target_isa;
  contents.metadata.target_cpu = options.target_cpu;
  model.artifact = WriteArtifact(contents);

  // The runtime never trusts the planner: prove the bytes we emit pass its checks.
  auto view = runtime::ArtifactView::Create(model.artifact);
  if (!view.ok()) return SelfCheckFailure(view.status());
  return model;
}

Result<PoolConfig> ParsePoolConfig(const std::string& text) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "pool '%s': expected NAME:SIZE[:KIND], e.g. sram:256K", text.c_str());
  }
  PoolConfig config;
  config.name = text.substr(0, colon);
  std::string rest = text.substr(colon + 1);
  const size_t kind_colon = rest.find(':');
  if (kind_colon != std::string::npos) {
    const std::string kind = rest.substr(kind_colon + 1);
    rest = rest.substr(0, kind_colon);
    if (kind == "io") {
      config.kind = PoolKind::kIo;
    } else if (kind == "state") {
      config.kind = PoolKind::kState;
    } else if (kind != "workspace") {
      return Status::Error(ErrorCode::kInvalidArgument,
                           "pool '%s': kind '%s' is not workspace, io or state", text.c_str(),
                           kind.c_str());
    }
  }
  size_t digits = 0;
  uint64_t value = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) {
    value = value * 10 + static_cast<uint64_t>(rest[digits] - '0');
    if (value > (1ull << 40)) break;
    ++digits;
  }
  const std::string suffix = rest.substr(digits);
  uint64_t unit = 1;
  if (suffix == "K" || suffix == "k" || suffix == "KiB") {
    unit = 1024;
  } else if (suffix == "M" || suffix == "m" || suffix == "MiB") {
    unit = 1024 * 1024;
  } else if (!suffix.empty() || digits == 0 || value > (1ull << 40)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "pool '%s': size '%s' is not a number of bytes with optional K or M",
                         text.c_str(), rest.c_str());
  }
  config.capacity_bytes = value * unit;
  if (config.capacity_bytes == 0) {
    return Status::Error(ErrorCode::kInvalidArgument, "pool '%s': size must be > 0", text.c_str());
  }
  return config;
}

}  // namespace arenastore::planner
