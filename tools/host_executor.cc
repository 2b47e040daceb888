#include "tools/host_executor.h"

#include "runtime/schema/artifact_schema.h"
#include "store/pool_text.h"

namespace arenastore::cli {

Status CheckMemoryLimit(const std::string& source, const std::string& max_memory,
                        const schema::Artifact& artifact) {
  ARENASTORE_ASSIGN_OR_RETURN(const uint64_t limit_bytes,
                              store::ParseByteSize("--max-memory", max_memory));
  uint64_t total_bytes = 0;
  for (const schema::Pool* pool : *artifact.pools()) {
    const uint64_t bytes = pool->planned_bytes();
    if (bytes > limit_bytes - total_bytes) {
      return Status::Error(ErrorCode::kInvalidInput,
                           "%s plans pools of more than --max-memory %s (%llu B) in all (pool "
                           "'%s' adds %llu B). Nothing was allocated; pass a larger "
                           "--max-memory to run a model you trust",
                           source.c_str(), max_memory.c_str(),
                           static_cast<unsigned long long>(limit_bytes),
                           pool->name() == nullptr ? "?" : pool->name()->c_str(),
                           static_cast<unsigned long long>(bytes));
    }
    total_bytes += bytes;
  }
  return Status::Ok();
}

Result<std::unique_ptr<HostExecutor>> HostExecutor::Create(
    const runtime::ArtifactView& view, kernels::Isa isa,
    const std::vector<kernels::Isa>& variant_per_op) {
  std::unique_ptr<HostExecutor> host(new HostExecutor());
  for (const schema::Pool* pool : *view.artifact().pools()) {
    host->pool_storage_.emplace_back(static_cast<size_t>(pool->planned_bytes()));
    host->pool_names_.push_back(pool->name()->str());
  }
  for (size_t i = 0; i < host->pool_storage_.size(); ++i) {
    host->pool_buffers_.push_back({host->pool_names_[i].c_str(), host->pool_storage_[i].span()});
  }
  // As a host runtime would: ops lowered once, split kernels prepared once, at load.
  host->prepared_ops_.resize(static_cast<size_t>(view.operator_count()));
  ARENASTORE_ASSIGN_OR_RETURN(const size_t split_bytes,
                              runtime::Executor::SplitScratchBytes(view, isa, variant_per_op));
  host->split_scratch_.resize(split_bytes);
  ARENASTORE_ASSIGN_OR_RETURN(
      host->executor_, runtime::Executor::Create(view, host->pool_buffers_, isa, variant_per_op,
                                                 host->prepared_ops_, host->split_scratch_));
  return host;
}

Status SetFrame(runtime::Executor& executor, const std::vector<AlignedBytes>& inputs,
                size_t frame) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto index = static_cast<int32_t>(i);
    const size_t size = executor.InputTensor(index).size();
    ARENASTORE_RETURN_IF_ERROR(
        executor.SetInput(index, inputs[i].span().subspan(frame * size, size)));
  }
  return Status::Ok();
}

Status CollectOutputs(runtime::Executor& executor, std::vector<std::vector<uint8_t>>* outputs) {
  for (size_t i = 0; i < outputs->size(); ++i) {
    const auto index = static_cast<int32_t>(i);
    std::vector<uint8_t> bytes(executor.OutputTensor(index).size());
    ARENASTORE_RETURN_IF_ERROR(executor.GetOutput(index, bytes));
    (*outputs)[i].insert((*outputs)[i].end(), bytes.begin(), bytes.end());
  }
  return Status::Ok();
}

}  // namespace arenastore::cli
