// Artifact writer: serializes a planned graph into the `.arena` FlatBuffers format
// (runtime/schema/artifact.fbs): tensors with quantization and placement, operators with
// typed options and their scratch buffers, pools, plan summary, and every constant, so the
// artifact alone is enough to run the model and to re-plan it later.
// Called by the compile pipeline only, after the plan validator has accepted the plan.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "planner/buffer_lifetimes.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/memory_plan.h"
#include "planner/row_stages.h"

namespace arenastore::planner {

enum class PoolKind : uint8_t { kWorkspace = 0, kConstant = 1, kIo = 2, kState = 3 };

struct ArtifactMetadata {
  std::string model_name;
  std::string source_model_sha256;  // hex; empty for built-in examples
  std::string source_model_name;
  kernels::Isa target_isa = kernels::Isa::kRef;
  std::string target_cpu;
};

struct ArtifactContents {
  const Graph* graph;
  const std::vector<LoweredOp>* lowered_ops;
  const std::vector<size_t>* scratch_bytes;  // per op, as recorded (what the sizer said)
  const BufferAssignment* assignment;
  const std::vector<PoolSpec>* pools;
  const std::vector<PoolKind>* pool_kinds;
  const MemoryPlan* plan;
  ArtifactMetadata metadata;
  const std::vector<kernels::ExecForm>* forms = nullptr;  // per op; null: every op whole
  const std::vector<PlannedStage>* stages = nullptr;      // null: none
};

std::vector<uint8_t> WriteArtifact(const ArtifactContents& contents);

// "arenastore-planner 0.1.0"
const char* ProducerName();

}  // namespace arenastore::planner
