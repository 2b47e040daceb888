// The runtime's executor on this host, as `arenastore run` sets it up: one aligned host buffer per
// planned pool (a device's memories), ops lowered and split kernels prepared once at load, then
// frames in and outputs out. Called by the run verb and the Python module (python/), so both run
// an artifact alike. The executor refers to the view and to this object's buffers: neither moves
// (Create returns it on the heap) and the view's bytes must outlive it. Host-only.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/prepared_op.h"
#include "tools/aligned_bytes.h"

namespace arenastore::cli {

// An artifact declares its pools' sizes, and a hostile one declares terabytes: refused
// (kInvalidInput) before anything is allocated when they add up to more than `max_memory`
// (a --max-memory text, e.g. "1024M"), which the user can raise for a model they trust.
Status CheckMemoryLimit(const std::string& source, const std::string& max_memory,
                        const schema::Artifact& artifact);

class HostExecutor {
 public:
  // `variant_per_op`: the gate's choice per op (GateRun::variant_per_op); kept by reference.
  static Result<std::unique_ptr<HostExecutor>> Create(
      const runtime::ArtifactView& view, kernels::Isa isa,
      const std::vector<kernels::Isa>& variant_per_op);

  HostExecutor(const HostExecutor&) = delete;
  HostExecutor& operator=(const HostExecutor&) = delete;

  runtime::Executor& executor() { return *executor_; }

 private:
  HostExecutor() = default;

  std::vector<AlignedBytes> pool_storage_;
  std::vector<std::string> pool_names_;
  std::vector<runtime::PoolBuffer> pool_buffers_;
  std::vector<runtime::PreparedOp> prepared_ops_;
  std::vector<uint8_t> split_scratch_;
  std::optional<runtime::Executor> executor_;
};

// Sets every input from frame `frame` of `inputs` (one buffer per input, frames back to back).
Status SetFrame(runtime::Executor& executor, const std::vector<AlignedBytes>& inputs, size_t frame);

// Appends every output's bytes after the current invoke to `outputs` (one vector per output).
Status CollectOutputs(runtime::Executor& executor, std::vector<std::vector<uint8_t>>* outputs);

}  // namespace arenastore::cli
