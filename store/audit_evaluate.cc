#include "store/audit_evaluate.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <memory>
#include <span>
#include <tuple>
#include <unordered_map>

#include "kernels/op_kind.h"
#include "planner/in_place_summary.h"
#include "runtime/artifact_view.h"
#include "runtime/device_ram.h"
#include "store/artifact_bytes.h"
#include "store/fleet_class.h"
#include "store/grouped_number.h"
#include "store/replan.h"
#include "store/speed_cost_text.h"
#include "store/signature_policy.h"
#include "store/signatures.h"

namespace arenastore::store {
namespace {

struct ClassRow {
  int64_t id = 0;
  std::string key;
  DeviceClassAttributes attributes;
  kernels::Isa isa = kernels::Isa::kRef;
  int64_t device_count = 0;
  kernels::OpSet ops = kernels::OpSet::All();     // what the class's runtime was built with
  std::vector<runtime::PoolCapacity> capacities;  // names point into attributes.pools
};

struct DeployedPair {
  size_t class_index = 0;
  std::string model;
  int64_t version = 0;
  int64_t artifact_id = 0;
  int64_t device_count = 0;
  int64_t model_id = 0;
  std::vector<std::string> device_ids;  // the first kAuditDeviceIdsRecorded, ascending
};

struct StoredArtifact {
  std::string sha256;
  uint64_t size_bytes = 0;
};

// The artifact view needs a 16-byte aligned start; a vector of aligned blocks guarantees it.
struct alignas(16) Block {
  uint8_t bytes[16];
};

std::string UtcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

Result<std::vector<ClassRow>> ReadClasses(Database& db, const std::vector<kernels::Isa>& isas) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows, db.Prepare("SELECT c.id, c.class_key, c.hardware, c.isa, c.kernel_version, "
                                 "(SELECT count(*) FROM devices d WHERE d.class_id = c.id), c.ops "
                                 "FROM device_classes c ORDER BY c.id"));
  std::vector<ClassRow> classes;
  std::unordered_map<int64_t, size_t> index_of;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) break;
    ClassRow c;
    c.id = rows.ColumnInt(0);
    c.key = rows.ColumnText(1);
    c.attributes = {
        rows.ColumnText(2), rows.ColumnText(3), rows.ColumnText(4), {}, rows.ColumnText(6)};
    c.ops = OpSetOf(c.attributes.ops);
    c.device_count = rows.ColumnInt(5);
    // The migration does not constrain the ISA column; an unknown one is a damaged inventory.
    ARENASTORE_CHECK_OR_RETURN(kernels::ParseIsa(c.attributes.isa.c_str(), &c.isa),
                               ErrorCode::kIntegrity,
                               "device class %s has an unknown ISA '%s'; re-import its devices",
                               c.key.c_str(), c.attributes.isa.c_str());
    if (!isas.empty() && std::find(isas.begin(), isas.end(), c.isa) == isas.end()) continue;
    index_of[c.id] = classes.size();
    classes.push_back(std::move(c));
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement pools,
                              db.Prepare("SELECT class_id, name, capacity_bytes FROM "
                                         "device_class_pools ORDER BY class_id, name"));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, pools.Step());
    if (!row) break;
    auto found = index_of.find(pools.ColumnInt(0));
    if (found == index_of.end()) continue;
    classes[found->second].attributes.pools.push_back(
        {pools.ColumnText(1), static_cast<uint64_t>(pools.ColumnInt(2))});
  }
  for (ClassRow& c : classes) {  // after every push_back, so the names stay put
    for (const PoolCapacityRecord& pool : c.attributes.pools) {
      c.capacities.push_back({pool.name.c_str(), static_cast<size_t>(pool.capacity_bytes)});
    }
  }
  return classes;
}

// The first ids of each pair's devices. SQLite numbers the devices within each pair and keeps
// the first few, so a pair of 50,000 devices hands over kAuditDeviceIdsRecorded ids, not all.
Status ReadDeviceIds(Database& db, const std::vector<ClassRow>& classes,
                     std::vector<DeployedPair>* pairs) {
  std::map<std::tuple<int64_t, int64_t, int64_t>, DeployedPair*> pair_of;
  for (DeployedPair& pair : *pairs) {
    pair_of[{classes[pair.class_index].id, pair.model_id, pair.version}] = &pair;
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT class_id, model_id, version, device_id FROM (SELECT d.class_id, "
                 "dep.model_id, dep.version, d.id AS device_id, row_number() OVER (PARTITION BY "
                 "d.class_id, dep.model_id, dep.version ORDER BY d.id) AS n FROM deployments dep "
                 "JOIN devices d ON d.id = dep.device_id) WHERE n <= ? ORDER BY class_id, "
                 "model_id, version, device_id"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, static_cast<int64_t>(kAuditDeviceIdsRecorded)));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    auto found = pair_of.find({rows.ColumnInt(0), rows.ColumnInt(1), rows.ColumnInt(2)});
    if (found == pair_of.end()) continue;  // a class filtered out by ISA
    found->second->device_ids.push_back(rows.ColumnText(3));
  }
}

// Device counts per (class, deployed model version), grouped by SQLite: 100,000 devices become
// a few thousand pairs before any C++ touches them.
Result<std::vector<DeployedPair>> ReadDeployedPairs(Database& db,
                                                    const std::vector<ClassRow>& classes) {
  std::unordered_map<int64_t, size_t> index_of;
  for (size_t i = 0; i < classes.size(); ++i) index_of[classes[i].id] = i;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT d.class_id, m.name, dep.version, v.artifact_id, count(*), dep.model_id "
                 "FROM deployments dep JOIN devices d ON d.id = dep.device_id JOIN versions v ON "
                 "v.model_id = dep.model_id AND v.version = dep.version JOIN models m ON m.id = "
                 "dep.model_id GROUP BY d.class_id, dep.model_id, dep.version"));
  std::vector<DeployedPair> pairs;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) break;
    auto found = index_of.find(rows.ColumnInt(0));
    if (found == index_of.end()) continue;  // filtered out by ISA
    pairs.push_back({found->second,
                     rows.ColumnText(1),
                     rows.ColumnInt(2),
                     rows.ColumnInt(3),
                     rows.ColumnInt(4),
                     rows.ColumnInt(5),
                     {}});
  }
  ARENASTORE_RETURN_IF_ERROR(ReadDeviceIds(db, classes, &pairs));
  return pairs;
}

Result<StoredArtifact> ReadStoredArtifact(Database& db, int64_t artifact_id) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement row,
                              db.Prepare("SELECT sha256, size_bytes FROM artifacts WHERE id = ?"));
  ARENASTORE_RETURN_IF_ERROR(row.Bind(1, artifact_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, row.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kIntegrity,
                             "artifact %lld is deployed but missing; run `arenastore verify`",
                             static_cast<long long>(artifact_id));
  return StoredArtifact{row.ColumnText(0), static_cast<uint64_t>(row.ColumnInt(1))};
}

std::string OpText(const runtime::Finding& f) {
  return "op " + std::to_string(f.op_index) + " (" + kernels::OpKindName(f.op_kind) + ")";
}

std::string PoolText(const runtime::Finding& f) {
  return f.pool_name != nullptr ? f.pool_name : "?";
}

// "op 9 (average_pool2d) short of scratch by 16 B", or "15 ops short of scratch, largest
// 4,464 B": one phrase for every finding of a kind.
std::string OpsPhrase(const std::vector<const runtime::Finding*>& ops, const char* one,
                      const char* many, bool short_of_scratch) {
  uint64_t largest = 0;
  for (const runtime::Finding* f : ops) {
    largest = std::max<uint64_t>(largest, short_of_scratch ? f->required_bytes - f->planned_bytes
                                                           : f->planned_bytes - f->required_bytes);
  }
  if (ops.size() == 1) return OpText(*ops[0]) + " " + one + " " + GroupedBytes(largest);
  return std::to_string(ops.size()) + " ops " + many + ", largest " + GroupedBytes(largest);
}

// Why a pair got its verdict, for people, cause first: "planned for ref, runs arm_mve: 15 ops
// short of scratch, largest 4,464 B". The ISA difference leads even where it only warns, since
// it is why the scratch differs. A reject lists what rejects; a warning what warns. Per-op
// detail stays in the findings (JSON, the page's collapsed rows).
std::string ReasonsOf(const std::vector<runtime::Finding>& findings, int32_t count, bool rejected) {
  std::string cause;
  std::vector<std::string> parts;
  std::vector<const runtime::Finding*> short_ops, spare_ops, fallback_ops;
  for (int32_t i = 0; i < count; ++i) {
    const runtime::Finding& f = findings[static_cast<size_t>(i)];
    if (f.kind == runtime::FindingKind::kIsaMismatch) {
      cause = std::string("planned for ") + kernels::IsaName(f.isa) + ", runs " +
              kernels::IsaName(f.runtime_isa);
      continue;
    }
    if (rejected && !f.rejects) continue;
    switch (f.kind) {
      case runtime::FindingKind::kUnknownOpKind:
        parts.push_back("op " + std::to_string(f.op_index) +
                        " is an operator this runtime does not know (kind " +
                        std::to_string(static_cast<int>(f.op_kind)) + ")");
        break;
      case runtime::FindingKind::kKernelMajorMismatch:
        parts.push_back("planned with kernel library " + VersionText(f.artifact_kernel_version) +
                        ", runtime has " + VersionText(f.runtime_kernel_version));
        break;
      case runtime::FindingKind::kScratchShort:
        short_ops.push_back(&f);
        break;
      case runtime::FindingKind::kScratchSurplus:
        spare_ops.push_back(&f);
        break;
      case runtime::FindingKind::kFallbackVariant:
        fallback_ops.push_back(&f);
        break;
      case runtime::FindingKind::kPoolTooSmall:
        parts.push_back("pool " + PoolText(f) + " short by " +
                        GroupedBytes(f.planned_bytes - f.required_bytes) +
                        (f.memory_name != nullptr && PoolText(f) != f.memory_name
                             ? std::string(" in memory ") + f.memory_name
                             : std::string()));
        break;
      case runtime::FindingKind::kPoolMissing:
        parts.push_back("no pool '" + PoolText(f) + "' on the device; the plan needs " +
                        GroupedBytes(f.planned_bytes) + " there");
        break;
      case runtime::FindingKind::kOpNotBuilt:
        parts.push_back(OpText(f) + " is an operator this runtime was built without");
        break;
      case runtime::FindingKind::kKernelMissing: {
        const char* dtype = kernels::KernelDtypeName(f.dtype);
        parts.push_back(OpText(f) + " has no " + (dtype != nullptr ? dtype : "such") +
                        " kernel in this runtime");
        break;
      }
      case runtime::FindingKind::kFormMissing: {
        const char* form = kernels::ExecFormName(f.form);
        parts.push_back(OpText(f) + " is planned in form " + (form != nullptr ? form : "unknown") +
                        ", which this runtime's variant lacks");
        break;
      }
      case runtime::FindingKind::kIsaMismatch:
        break;
    }
  }
  // Scratch first: it is what a re-plan changes.
  if (!spare_ops.empty()) {
    parts.insert(parts.begin(),
                 OpsPhrase(spare_ops, "has scratch to spare:", "have scratch to spare", false));
  }
  if (!short_ops.empty()) {
    parts.insert(parts.begin(),
                 OpsPhrase(short_ops, "short of scratch by", "short of scratch", true));
  }
  if (!fallback_ops.empty()) {
    parts.push_back(std::to_string(fallback_ops.size()) +
                    " op(s) run a slower variant whose scratch fits");
  }
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : "; ") + part;
  if (cause.empty()) return text;
  return text.empty() ? cause : cause + ": " + text;
}

// Whether a finding of this kind is one a re-plan rewrites: scratch, versions, forms and pool
// sizes; an op this runtime does not know, or a pool the device lacks, is not.
bool ReplanMayCureKind(runtime::FindingKind kind) {
  using runtime::FindingKind;
  switch (kind) {
    case FindingKind::kScratchShort:
    case FindingKind::kScratchSurplus:
    case FindingKind::kKernelMajorMismatch:
    case FindingKind::kIsaMismatch:
    case FindingKind::kFormMissing:
    case FindingKind::kPoolTooSmall:
      return true;
    case FindingKind::kUnknownOpKind:
    case FindingKind::kOpNotBuilt:
    case FindingKind::kKernelMissing:
    case FindingKind::kPoolMissing:
    case FindingKind::kFallbackVariant:
      return false;
  }
  return false;
}

// Whether re-planning for this runtime (its kernel library, the class's ISA and pools) may cure
// a rejecting finding: a pool too small at once when the plan's own lower bound fits the
// capacity of a single-pool plan (else a trial re-plan decides: AcceptReplan).
bool ReplanMayCure(const runtime::Finding& f, const runtime::ArtifactView& view) {
  if (f.kind != runtime::FindingKind::kPoolTooSmall) return ReplanMayCureKind(f.kind);
  const auto* plan = view.artifact().plan();
  return view.pool_count() == 1 && plan != nullptr && plan->lower_bound_bytes() <= f.required_bytes;
}

// Whether every rejecting finding is one a re-plan rewrites, a pool too small among them: the
// rejects a re-plan that plans below the version's own plan may cure whatever the version's
// lower bound says.
bool RejectedOnlyBySizes(std::span<const runtime::Finding> findings) {
  bool pool_too_small = false;
  for (const runtime::Finding& f : findings) {
    if (!f.rejects) continue;
    if (f.kind == runtime::FindingKind::kPoolTooSmall) {
      pool_too_small = true;
    } else if (!ReplanMayCureKind(f.kind)) {
      return false;
    }
  }
  return pool_too_small;
}

// A re-plan of the version for the class that the class's runtime accepts: its planned bytes in
// all (0: none is accepted) and what it pays in speed.
struct AcceptedReplan {
  uint64_t bytes = 0;
  SpeedCost speed_cost;
};

// A re-plan of the version for the class (its ISA; its memories bounding the artifact's pools
// of the same names; the audit's row-stage budget), gated as the class's runtime would gate it.
// This build plans operators over their dying inputs and, within a budget, runs early operators
// strip by strip, so a version planned whole, or by an older library, may fit devices it no
// longer fits as planned.
AcceptedReplan AcceptReplan(const runtime::ArtifactView& view, const ClassRow& c,
                            const AuditOptions& options) {
  const auto made = planner::ReplanArtifact(
      view, ClassReplanOptions(c.isa, c.attributes.pools, options.max_recompute_percent));
  if (!made.ok()) return {};
  const auto replanned = runtime::ArtifactView::Create(made->model.artifact);
  if (!replanned.ok()) return {};
  std::vector<runtime::Finding> findings(
      static_cast<size_t>(replanned->operator_count() + replanned->pool_count() + 4));
  const runtime::RuntimeIdentity identity{options.runtime_kernel_version, c.isa, c.ops};
  const runtime::GateReport report =
      runtime::EvaluateGate(*replanned, identity, options.policy, c.capacities, findings, {});
  if (report.verdict == runtime::Verdict::kReject) return {};
  return {made->model.PlannedBytes(), SpeedCostOf(made->model)};
}

// "; a re-plan for ref needs 36,864 B in all and fits", or with row stages "; a re-plan for ref
// with row stages (recomputing 0.41% of its MACs) needs 28,032 B in all and fits", or "; a
// re-plan for arm_mve with 3 ops on ref's slower kernels needs 8,688 B in all and fits".
std::string AcceptedReplanText(const AcceptedReplan& replan, kernels::Isa isa) {
  return "; a re-plan for " + std::string(kernels::IsaName(isa)) +
         WithSpeedCostText(replan.speed_cost) + " needs " + GroupedBytes(replan.bytes) +
         " in all and fits";
}

// result->placement: "ram: sram 55,296 B + state 1,032 B, 992,248 B free; dtcm: 65,536 B
// free", memories in the class's order; and result->memory_free, the same free bytes as
// numbers. Both empty when there are no memories or the pools do not fit (the findings say why).
void Place(const runtime::ArtifactView& view, const ClassRow& c, runtime::GatePolicy policy,
           AuditResult* result) {
  if (c.capacities.empty()) return;
  std::vector<runtime::PoolPlace> places(static_cast<size_t>(view.pool_count()));
  if (!runtime::PlacePools(view, c.capacities, runtime::PlacementRuleOf(policy), places).placed)
    return;
  std::string text;
  for (size_t m = 0; m < c.capacities.size(); ++m) {
    std::string pools;
    uint64_t end = 0;
    for (int32_t p = 0; p < view.pool_count(); ++p) {
      const runtime::PoolPlace& place = places[static_cast<size_t>(p)];
      if (place.memory_index != static_cast<int32_t>(m)) continue;
      const uint64_t bytes = view.pool(p).planned_bytes();
      pools +=
          (pools.empty() ? "" : " + ") + view.pool(p).name()->str() + " " + GroupedBytes(bytes);
      end = std::max<uint64_t>(end, place.offset_bytes + bytes);
    }
    const uint64_t free_bytes = c.capacities[m].bytes - end;
    text += (text.empty() ? "" : "; ") + std::string(c.capacities[m].name) + ": " + pools +
            (pools.empty() ? "" : ", ") + GroupedBytes(free_bytes) + " free";
    result->memory_free.push_back({c.capacities[m].name, free_bytes});
  }
  result->placement = std::move(text);
}

AuditFinding Record(const runtime::Finding& f) {
  AuditFinding out;
  out.kind = runtime::FindingKindName(f.kind);
  out.rejects = f.rejects;
  out.op_index = f.op_index;
  if (f.op_index >= 0 && f.kind != runtime::FindingKind::kUnknownOpKind) {
    out.op_kind = kernels::OpKindName(f.op_kind);
  }
  if (f.pool_name != nullptr) out.pool = f.pool_name;
  out.planned_bytes = f.planned_bytes;
  out.required_bytes = f.required_bytes;
  char message[320];
  runtime::FormatFinding(f, message, sizeof(message));
  out.message = message;
  return out;
}

// One gate evaluation: the class's ISA, ops and pools, this runtime's kernel library (a
// selective build keeps its op selection across the upgrade an audit judges).
AuditResult Judge(const runtime::ArtifactView& view, const ClassRow& c, const AuditOptions& options,
                  std::vector<runtime::Finding>* findings) {
  const runtime::RuntimeIdentity identity{options.runtime_kernel_version, c.isa, c.ops};
  const runtime::GateReport report =
      runtime::EvaluateGate(view, identity, options.policy, c.capacities, *findings, {});
  AuditResult result;
  result.verdict = report.verdict == runtime::Verdict::kReject               ? AuditVerdict::kReject
                   : report.verdict == runtime::Verdict::kAcceptWithWarnings ? AuditVerdict::kWarn
                                                                             : AuditVerdict::kOk;
  const bool rejected = result.verdict == AuditVerdict::kReject;
  // Surplus is only worth reclaiming on a model that runs; a rejected one must be re-planned.
  result.reclaimable_bytes = rejected ? 0 : report.reclaimable_bytes;
  result.curable = rejected;
  for (int32_t i = 0; i < report.findings_stored; ++i) {
    const runtime::Finding& f = (*findings)[static_cast<size_t>(i)];
    result.findings.push_back(Record(f));
    if (f.rejects) result.curable = result.curable && ReplanMayCure(f, view);
  }
  result.reasons = ReasonsOf(*findings, report.findings_stored, rejected);
  if (rejected && !result.curable &&
      RejectedOnlyBySizes({findings->data(), static_cast<size_t>(report.findings_stored)})) {
    const AcceptedReplan replan = AcceptReplan(view, c, options);
    result.replan_bytes = replan.bytes;
    if (result.replan_bytes > 0) {
      result.curable = true;
      result.reasons += AcceptedReplanText(replan, c.isa);
    }
  }
  Place(view, c, options.policy, &result);
  // The class's ISA, not the artifact's: the runtime objects are the device's, the pools the
  // artifact's, so a ref artifact on an arm_mve class costs what it costs on that Cortex-M.
  result.device_ram_bytes = runtime::DeviceRamOf(view, c.isa).total_bytes();
  return result;
}

Status ParseIsaFilter(const std::vector<std::string>& names, std::vector<kernels::Isa>* isas) {
  for (const std::string& name : names) {
    kernels::Isa isa;
    ARENASTORE_CHECK_OR_RETURN(kernels::ParseIsa(name.c_str(), &isa), ErrorCode::kInvalidArgument,
                               "--runtime-isa '%s' is not one of ref, arm_dsp, arm_mve, "
                               "x86_avx2, x86_avx512vnni",
                               name.c_str());
    isas->push_back(isa);
  }
  return Status::Ok();
}

AuditRun NewRun(const AuditOptions& options, const std::vector<ClassRow>& classes,
                const std::vector<DeployedPair>& pairs) {
  AuditRun run;
  run.started_at = UtcNow();
  run.runtime_kernel_version = VersionText(options.runtime_kernel_version);
  run.policy = runtime::GatePolicyName(options.policy);
  run.isas = options.isas;
  run.note = options.note;
  run.class_count = static_cast<int64_t>(classes.size());
  int64_t deployed = 0;
  for (const ClassRow& c : classes) run.device_count += c.device_count;
  for (const DeployedPair& pair : pairs) deployed += pair.device_count;
  run.undeployed_devices = run.device_count - deployed;
  return run;
}

// What the signature policy would say of a deployed version, and which revoked key signed it.
struct SignatureJudgement {
  SignatureState state = SignatureState::kUnknown;
  std::string revoked_key;
  std::string revocation_reason;
};

// From the version's signature rows; the caller has just read (and so re-hashed) its bytes.
Result<SignatureJudgement> JudgeSignatures(Registry& registry, const std::string& model,
                                           int64_t version) {
  Reference reference;
  reference.kind = Reference::Kind::kVersion;
  reference.model = model;
  reference.version = version;
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion resolved, Resolve(registry, reference));
  ARENASTORE_ASSIGN_OR_RETURN(const SignatureCheck check,
                              CheckSignaturesOfVerifiedBytes(registry, resolved));
  SignatureJudgement judgement;
  judgement.state = check.State();
  if (judgement.state == SignatureState::kRevoked) {
    judgement.revoked_key = check.RevokedSigner()->revoked_as;
    judgement.revocation_reason = check.RevokedSigner()->revocation_reason;
  }
  return judgement;
}

}  // namespace

std::string VersionText(const kernels::LibraryVersion& v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

Result<AuditReport> RunAudit(Registry& registry, const AuditOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<kernels::Isa> isas;
  ARENASTORE_RETURN_IF_ERROR(ParseIsaFilter(options.isas, &isas));
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<ClassRow> classes, ReadClasses(db, isas));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<DeployedPair> pairs,
                              ReadDeployedPairs(db, classes));
  AuditReport report;
  report.run = NewRun(options, classes, pairs);
  ARENASTORE_ASSIGN_OR_RETURN(report.run.require_signature, RequireSignature(registry));

  // Artifact by artifact, so each is read, hashed and verified once however many classes run it.
  std::map<int64_t, std::vector<const DeployedPair*>> by_artifact;
  for (const DeployedPair& pair : pairs) by_artifact[pair.artifact_id].push_back(&pair);
  report.run.artifact_count = static_cast<int64_t>(by_artifact.size());
  int64_t done = 0;
  for (const auto& [artifact_id, deployed] : by_artifact) {
    ARENASTORE_ASSIGN_OR_RETURN(const StoredArtifact stored, ReadStoredArtifact(db, artifact_id));
    ResolvedVersion version;
    version.artifact_id = artifact_id;
    version.sha256 = stored.sha256;
    version.size_bytes = stored.size_bytes;
    version.model = deployed.front()->model;
    version.version = deployed.front()->version;
    ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                                ReadArtifactBytes(registry, version));
    std::vector<Block> aligned((bytes.size() + 15) / 16);
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<uint8_t*>(aligned.data()));
    auto view = runtime::ArtifactView::Create(
        {reinterpret_cast<const uint8_t*>(aligned.data()), bytes.size()});
    if (!view.ok()) {
      return Status::Error(ErrorCode::kIntegrity, "%s (sha256:%s) no longer verifies: %s",
                           version.Name().c_str(), stored.sha256.c_str(), view.status().message());
    }
    std::vector<runtime::Finding> findings(
        static_cast<size_t>(view->operator_count() + view->pool_count() + 4));
    const auto in_place = planner::SummarizeInPlace(*view);
    std::unordered_map<size_t, AuditResult> judged;  // class -> result, shared by versions
    // (model, version) -> its signature state, shared by the classes that run it.
    std::map<std::pair<std::string, int64_t>, SignatureJudgement> signatures;
    for (const DeployedPair* pair : deployed) {
      auto cached = judged.find(pair->class_index);
      if (cached == judged.end()) {
        cached = judged
                     .emplace(pair->class_index,
                              Judge(*view, classes[pair->class_index], options, &findings))
                     .first;
        ++report.run.evaluation_count;
      }
      AuditResult result = cached->second;
      if (in_place.ok()) {
        result.planned_bytes = in_place->planned_bytes;
        result.tensor_bound_bytes = in_place->tensor_bound_bytes;
        result.row_stages = static_cast<int64_t>(in_place->row_stages.size());
        result.extra_macs = in_place->extra_macs;
        result.model_macs = in_place->model_macs;
        result.reference_kernel_ops = static_cast<int64_t>(in_place->reference_kernel_ops);
        result.own_slower_kernel_ops = static_cast<int64_t>(in_place->own_slower_kernel_ops);
      }
      const ClassRow& c = classes[pair->class_index];
      result.class_key = c.key;
      result.hardware = c.attributes.hardware;
      result.isa = c.attributes.isa;
      result.device_kernel_version = c.attributes.kernel_version;
      result.pools = PoolsText(c.attributes.pools);
      result.ops = c.attributes.ops;
      result.model = pair->model;
      result.version = pair->version;
      result.sha256 = stored.sha256;
      result.device_count = pair->device_count;
      result.device_ids = pair->device_ids;
      auto signature = signatures.find({pair->model, pair->version});
      if (signature == signatures.end()) {
        ARENASTORE_ASSIGN_OR_RETURN(SignatureJudgement judgement,
                                    JudgeSignatures(registry, pair->model, pair->version));
        signature =
            signatures.emplace(std::make_pair(pair->model, pair->version), std::move(judgement))
                .first;
      }
      result.signature = signature->second.state;
      result.revoked_key = signature->second.revoked_key;
      result.revocation_reason = signature->second.revocation_reason;
      report.results.push_back(std::move(result));
    }
    if (options.progress) options.progress(++done, report.run.artifact_count);
  }
  SortResults(&report.results);
  report.run.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::steady_clock::now() - start)
                              .count();
  return report;
}

}  // namespace arenastore::store
