// Compile: the planner's pipeline from a validated graph to an `.arena` artifact:
// lower every op -> size its scratch (ScratchSizer, target ISA) -> lifetimes -> placement in
// named pools -> independent plan validation -> serialize -> re-read with the runtime's
// verified view. Called by `arenastore compile`, by re-planning and by tests.
// Errors: kPlanInvalidGraph (bad graph), kPlanDoesNotFit (pools too small: says by how many
// bytes and the peak step), kPlanInvalid (a planner bug caught by the validator).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "kernels/op_kind.h"
#include "planner/artifact_writer.h"
#include "planner/buffer_lifetimes.h"
#include "planner/graph.h"
#include "planner/memory_plan.h"
#include "planner/row_stages.h"
#include "planner/scratch_sizer.h"

namespace arenastore::planner {

struct PoolConfig {
  std::string name;
  size_t capacity_bytes = 0;  // 0 = unbounded
  PoolKind kind = PoolKind::kWorkspace;
};

struct CompileOptions {
  kernels::Isa target_isa = kernels::Isa::kRef;
  std::string target_cpu = "generic";
  // Pools in preference order; empty means one unbounded workspace pool named "sram". A pool
  // of kind kIo, if any, holds the graph inputs and outputs; one of kind kState holds the
  // variable tensors (an unbounded "state" pool is added when the graph has some and none is).
  std::vector<PoolConfig> pools;
  PlanOptions placement;
  const ScratchSizer* sizer = nullptr;  // null: the kernel library's size functions
  // Run ops in a memory-aware topological order when it lowers the peak (planner/schedule.h).
  bool reorder = false;
  // Let an op write its output over its dying input where the target's variant has that form
  // (planner/exec_forms.h); false plans every tensor whole (the tensor-level bound).
  bool over_input = true;
  // Run one chain of ops strip by strip (planner/row_stage_search.h) when it makes the plan
  // smaller, recomputing at most this percentage of the model's MACs; unset: no row stages.
  std::optional<double> max_recompute_percent;
  std::string source_model_sha256;
  std::string source_model_name;
};

struct CompiledModel {
  std::vector<uint8_t> artifact;
  std::vector<size_t> scratch_bytes;     // per op
  std::vector<kernels::ExecForm> forms;  // per op (planner/exec_forms.h)
  std::vector<PlannedStage> stages;      // planner/row_stages.h; empty without max_recompute
  uint64_t model_macs = 0;               // planner/op_macs.h
  // The largest live set with every tensor in bytes of its own (the tensor-level bound, what
  // TensorFlow Lite Micro's arena reaches); the plan's own bound is below it when ops write over
  // their inputs.
  size_t tensor_bound_bytes = 0;
  BufferAssignment assignment;
  std::vector<PoolSpec> pools;
  MemoryPlan plan;
  size_t weights_bytes = 0;  // all constant tensors
  // With `reorder`: the op order used (indices into the input graph) and the peak of live
  // bytes before and after; without it, the identity and equal peaks.
  std::vector<int32_t> order;
  size_t peak_before_reorder_bytes = 0;
  size_t peak_after_reorder_bytes = 0;
  // Ops whose form runs slower than the target's whole kernel, taken only when a faster plan did
  // not fit the pools (kernels::FormSpeed): on the variant's own slower kernel, then on a kernel
  // it borrows from ref.
  int32_t own_slower_kernel_forms = 0;
  int32_t reference_kernel_forms = 0;

  // The plan's bytes over every pool: what the compile summary reports as "planned_bytes" and
  // the audit calls "in all".
  size_t PlannedBytes() const;
  // The MACs its row stages compute again, over every stage (planner/op_macs.h's units).
  uint64_t ExtraMacs() const;
};

Result<CompiledModel> Compile(const Graph& graph, const CompileOptions& options);

// Parses "sram:256K" / "dtcm:64K" / "io:4K:io" / "state:1K:state" (suffixes K, M; kind
// workspace|io|state).
Result<PoolConfig> ParsePoolConfig(const std::string& text);

}  // namespace arenastore::planner
