// An audit's report: for every (device class, deployed model version) pair, the verdict the
// gate of this build gives, why, how many devices it concerns and what a re-plan would reclaim;
// plus the summaries every renderer shows (totals, by hardware, by model, the re-plan list).
// Produced by RunAudit (store/audit_evaluate.h), stored and read back by store/audit_record.h;
// a re-audit of `audit --fix` also carries what the fix moved where (read back with it).
// Plain data, heap OK; the summaries are pure functions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "store/speed_cost_text.h"
#include "store/signature_state.h"

namespace arenastore::store {

enum class AuditVerdict : uint8_t { kOk = 0, kWarn = 1, kReject = 2 };
inline constexpr int kAuditVerdictCount = 3;
const char* AuditVerdictName(AuditVerdict verdict);  // "ok", "warn", "reject"
bool ParseAuditVerdict(std::string_view name, AuditVerdict* verdict);

struct AuditFinding {
  std::string kind;  // runtime::FindingKindName
  bool rejects = false;
  int32_t op_index = -1;
  std::string op_kind;  // empty when not about an operator
  std::string pool;     // empty when not about a pool
  uint64_t planned_bytes = 0;
  uint64_t required_bytes = 0;
  std::string message;  // runtime::FormatFinding
};

// An audit result keeps the ids of at most this many of its devices (the first, ascending):
// enough to find them, without copying a 100,000-device fleet into every recorded run.
inline constexpr size_t kAuditDeviceIdsRecorded = 20;

// What one of a class's physical memories has left once the version's pools are placed in it.
struct MemoryFree {
  std::string memory;
  uint64_t free_bytes = 0;
  bool operator==(const MemoryFree&) const = default;
};

struct AuditResult {
  std::string class_key;
  std::string hardware;
  std::string isa;
  std::string device_kernel_version;
  std::string pools;  // PoolsText of the class
  std::string ops;    // the class's CanonicalOps: "" = every op
  // Where the class's memories take the version's pools and what each has left: "ram: sram
  // 55,296 B + state 1,032 B, 992,248 B free"; "" when no memories are listed or they do not fit.
  std::string placement;
  // The same placement as numbers: each memory's free bytes, in the class's order; empty when
  // placement is.
  std::vector<MemoryFree> memory_free;
  // The RAM the version needs on the class's devices, in all: its planned pools (state
  // included) plus the runtime's prepared operators and executor, sized for the class's ISA
  // (runtime::DeviceRamOf(view, isa).total_bytes(), the stack aside). A Cortex-M class gets the
  // figure `inspect` gives for a Cortex-M artifact. 0 in runs recorded before the audit kept it.
  uint64_t device_ram_bytes = 0;
  // The deployed version's memory against its tensor-level bound (planner/in_place_summary.h):
  // its plan's total, and the same schedule's bound with every tensor whole. 0 in runs recorded
  // before migration 0016.
  uint64_t planned_bytes = 0;
  uint64_t tensor_bound_bytes = 0;
  // What the version's row stages (planner/in_place_summary.h) pay for that memory: how many
  // it has, the MACs their strips compute again and the model's MACs computed once. 0 for a
  // version without stages and in runs recorded before migration 0017.
  int64_t row_stages = 0;
  uint64_t extra_macs = 0;
  uint64_t model_macs = 0;
  // Its ops on slower kernels, taken to fit its pools (planner/in_place_summary.h): the ones
  // its variant borrows from ref (0 in runs recorded before migration 0019) and its variant's
  // own slower ones (0 before migration 0020).
  int64_t reference_kernel_ops = 0;
  int64_t own_slower_kernel_ops = 0;
  // For a reject whose pools are too small: the bytes a re-plan for the class needs when the
  // class's runtime would accept that re-plan (so the class's devices would fit the model
  // again: operators written over their dying inputs plan below what an older or whole-tensor
  // plan holds); 0 when no such re-plan exists or none was tried.
  uint64_t replan_bytes = 0;
  std::string model;
  int64_t version = 0;
  std::string sha256;
  int64_t device_count = 0;
  // The first min(device_count, kAuditDeviceIdsRecorded) of those devices, ascending; empty in
  // runs recorded before the audit kept them.
  std::vector<std::string> device_ids;
  AuditVerdict verdict = AuditVerdict::kOk;
  std::string reasons;  // "scratch_short op 4 (average_pool2d) by 16 B; ..."; empty when ok
  uint64_t reclaimable_bytes = 0;  // per device
  bool curable = false;            // a reject that a re-plan may cure
  // The deployed version's signatures, judged as the signature policy judges them. Under
  // require-signature a deployment without a trusted signature is a finding whatever the gate
  // says: check, run and pull refuse that version.
  SignatureState signature = SignatureState::kUnknown;
  // With kRevoked: the revoked key whose valid signature the version carries (the first, when
  // several do) and the reason recorded when it was revoked; empty otherwise.
  std::string revoked_key;
  std::string revocation_reason;
  std::vector<AuditFinding> findings;

  std::string Reference() const { return model + "@" + std::to_string(version); }
  // Devices of the pair whose ids the result does not list.
  int64_t UnlistedDevices() const { return device_count - static_cast<int64_t>(device_ids.size()); }
};

struct AuditRun {
  int64_t id = 0;  // 0 until recorded
  std::string started_at;
  int64_t elapsed_ms = 0;
  std::string runtime_kernel_version;
  std::string policy;             // runtime::GatePolicyName
  std::vector<std::string> isas;  // the ISA filter; empty = every ISA in the fleet
  std::string note;
  bool require_signature = false;  // the store's signature policy when the audit ran
  int64_t device_count = 0;        // devices in the audited classes
  int64_t undeployed_devices = 0;
  int64_t class_count = 0;
  int64_t artifact_count = 0;
  int64_t evaluation_count = 0;  // distinct (class, artifact) pairs gated
  // On the re-audit audit --fix records: the run whose rejects the fix acted on; 0 otherwise
  // (and on runs recorded before migration 0015).
  int64_t fix_of_run = 0;
};

// What audit --fix did about one curable reject: the version its devices moved to, or why not.
struct FixAction {
  AuditResult rejected;  // the pair as the first audit saw it
  bool fixed = false;    // re-planned (or reused a re-plan of this run) and devices moved
  std::string replanned_reference;  // model@version the devices now run
  std::string replanned_sha256;
  bool replan_signed = false;  // signed with the caller's key by this fix
  // Planned bytes of the original and of the re-plan (planner::MemoryDiff's totals).
  uint64_t before_bytes = 0;
  uint64_t after_bytes = 0;
  SpeedCost replan_speed_cost;  // the re-plan's (none when not fixed)
  int64_t devices_moved = 0;
  std::string error;  // why not fixed (the re-plan's error, e.g. the pools' shortfall)
};

struct AuditReport {
  AuditRun run;
  // Rejects first, then warnings, then ok; within each, most devices first.
  std::vector<AuditResult> results;
  // With run.fix_of_run: what that fix moved where, in the order it acted (each `rejected` is a
  // result of run fix_of_run, without its findings). Empty on other runs.
  std::vector<FixAction> fix_moves;
};

struct VerdictCounts {
  int64_t results[kAuditVerdictCount] = {};
  int64_t devices[kAuditVerdictCount] = {};
  uint64_t reclaimable_device_bytes = 0;  // sum over devices of their per-device reclaimable
  int64_t curable_rejects = 0;            // results
  // Results (and their devices) whose version has no trusted signature: unsigned, signed only
  // by untrusted keys, or with a signature that does not verify.
  int64_t unsigned_results = 0;
  int64_t unsigned_devices = 0;
};

struct AuditGroup {
  std::string name;
  VerdictCounts counts;
};

void SortResults(std::vector<AuditResult>* results);
VerdictCounts Totals(const AuditReport& report);
std::vector<AuditGroup> ByHardware(const AuditReport& report);  // by name
std::vector<AuditGroup> ByModel(const AuditReport& report);     // by name
// Whether the audit fails (exit 3): a pair would be rejected, or the store requires signatures
// and a deployed version has no trusted signature.
bool AuditFails(const AuditReport& report);
// Rejected results, most devices first: what to re-plan (audit --fix cures the curable ones).
std::vector<const AuditResult*> ReplanList(const AuditReport& report);

// "0.41%": extra_macs as a share of model_macs, to two decimals ("under 0.01%" when smaller).
std::string RecomputedShareText(uint64_t extra_macs, uint64_t model_macs);
// What the deployed version pays in speed for its memory: "recomputes 0.41% of its MACs (1
// stage)", "runs 8 ops on ref's slower kernels", or both joined by "and"; "" for a version that
// pays nothing (or a run recorded before the audit kept it).
std::string SpeedCostText(const AuditResult& result);

}  // namespace arenastore::store
