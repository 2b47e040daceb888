#include "store/replan.h"

#include <algorithm>
#include <vector>

#include "kernels/op_kind.h"
#include "kernels/version.h"
#include "store/artifact_bytes.h"
#include "store/signature_policy.h"

namespace arenastore::store {

planner::ReplanOptions ClassReplanOptions(kernels::Isa isa,
                                          const std::vector<PoolCapacityRecord>& memories,
                                          std::optional<double> max_recompute_percent) {
  planner::ReplanOptions options;
  options.target_isa = isa;
  options.max_recompute_percent = max_recompute_percent;
  for (const PoolCapacityRecord& memory : memories) {
    options.pools.push_back({memory.name, static_cast<size_t>(memory.capacity_bytes)});
  }
  options.add_missing_pools = false;
  return options;
}

namespace {

// The artifact view needs 16-byte aligned bytes; a vector's storage does not promise that.
class AlignedCopy {
 public:
  explicit AlignedCopy(const std::vector<uint8_t>& bytes)
      : blocks_((bytes.size() + 15) / 16), size_(bytes.size()) {
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<uint8_t*>(blocks_.data()));
  }
  std::span<const uint8_t> span() const {
    return {reinterpret_cast<const uint8_t*>(blocks_.data()), size_};
  }

 private:
  struct alignas(16) Block {
    uint8_t bytes[16];
  };
  std::vector<Block> blocks_;
  size_t size_;
};

std::string IsaText(kernels::Isa isa) {
  const char* name = kernels::IsaName(isa);
  return name == nullptr ? "unknown" : name;
}

std::string KernelVersionText(const runtime::ArtifactView& view) {
  const auto* version = view.artifact().kernel_version();
  if (version == nullptr) return "?";
  return std::to_string(version->major()) + "." + std::to_string(version->minor()) + "." +
         std::to_string(version->patch());
}

std::string DefaultReason(const ReplanOutcome& outcome) {
  std::string reason = "re-planned for kernel library " + outcome.replanned_kernel_version;
  if (outcome.replanned_isa != outcome.original_isa) {
    reason += " on " + outcome.replanned_isa + " (was " + outcome.original_isa + ")";
  }
  return reason;
}

}  // namespace

Result<ReplanOutcome> Replan(Registry& registry, const ReplanRequest& request) {
  ReplanOutcome outcome;
  ARENASTORE_ASSIGN_OR_RETURN(outcome.original, Resolve(registry, request.reference));
  ARENASTORE_CHECK_OR_RETURN(outcome.original.model_id != 0, ErrorCode::kInvalidArgument,
                             "%s is not a version of any model; push it first, then re-plan "
                             "the version",
                             request.reference.c_str());
  // A re-plan computes exactly what its original does, so it must not turn a version the
  // policy refuses to run into one that could be signed and run: refused like `run` is.
  ARENASTORE_RETURN_IF_ERROR(EnforceSignaturePolicy(registry, outcome.original));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> stored,
                              ReadArtifactBytes(registry, outcome.original));
  const AlignedCopy original_bytes(stored);
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::ArtifactView original,
                              runtime::ArtifactView::Create(original_bytes.span()));
  auto replanned = planner::ReplanArtifact(original, request.options);
  if (!replanned.ok()) {
    Status status = replanned.status();
    return status.WithContext("re-plan %s", outcome.original.Name().c_str());
  }
  outcome.original_isa = IsaText(static_cast<kernels::Isa>(original.artifact().target_isa()));
  outcome.replanned_isa = IsaText(replanned->options.target_isa);
  outcome.original_kernel_version = KernelVersionText(original);
  const kernels::LibraryVersion& library = kernels::kLibraryVersion;
  outcome.replanned_kernel_version = std::to_string(library.major) + "." +
                                     std::to_string(library.minor) + "." +
                                     std::to_string(library.patch);
  outcome.diff = std::move(replanned->diff);
  outcome.speed_cost = SpeedCostOf(replanned->model);
  const std::vector<uint8_t>& bytes = replanned->model.artifact;
  if (bytes == stored) {
    outcome.unchanged = true;
    return outcome;
  }
  outcome.note = request.reason.empty() ? DefaultReason(outcome) : request.reason;
  PushRequest push{outcome.original.model, request.alias, outcome.note, outcome.original.sha256};
  auto pushed = Push(registry, bytes, push);
  if (!pushed.ok()) {
    Status status = pushed.status();
    return status.WithContext("push the re-plan of %s", outcome.original.Name().c_str());
  }
  outcome.pushed = std::move(pushed.value());
  return outcome;
}

}  // namespace arenastore::store
