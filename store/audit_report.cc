#include "store/audit_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

namespace arenastore::store {
namespace {

void Add(const AuditResult& result, VerdictCounts* counts) {
  const int v = static_cast<int>(result.verdict);
  counts->results[v] += 1;
  counts->devices[v] += result.device_count;
  counts->reclaimable_device_bytes +=
      result.reclaimable_bytes * static_cast<uint64_t>(result.device_count);
  counts->curable_rejects += result.verdict == AuditVerdict::kReject && result.curable;
  if (LacksTrustedSignature(result.signature)) {
    counts->unsigned_results += 1;
    counts->unsigned_devices += result.device_count;
  }
}

template <typename Key>
std::vector<AuditGroup> GroupBy(const AuditReport& report, Key key) {
  std::map<std::string, VerdictCounts> groups;
  for (const AuditResult& result : report.results) Add(result, &groups[key(result)]);
  std::vector<AuditGroup> out;
  for (auto& [name, counts] : groups) out.push_back({name, counts});
  return out;
}

}  // namespace

const char* AuditVerdictName(AuditVerdict verdict) {
  switch (verdict) {
    case AuditVerdict::kOk:
      return "ok";
    case AuditVerdict::kWarn:
      return "warn";
    case AuditVerdict::kReject:
      return "reject";
  }
  return "unknown";
}

bool ParseAuditVerdict(std::string_view name, AuditVerdict* verdict) {
  for (AuditVerdict candidate : {AuditVerdict::kOk, AuditVerdict::kWarn, AuditVerdict::kReject}) {
    if (name == AuditVerdictName(candidate)) {
      *verdict = candidate;
      return true;
    }
  }
  return false;
}

void SortResults(std::vector<AuditResult>* results) {
  std::sort(results->begin(), results->end(), [](const AuditResult& a, const AuditResult& b) {
    return std::make_tuple(-static_cast<int>(a.verdict), -a.device_count, a.model, a.version,
                           a.hardware, a.class_key) <
           std::make_tuple(-static_cast<int>(b.verdict), -b.device_count, b.model, b.version,
                           b.hardware, b.class_key);
  });
}

VerdictCounts Totals(const AuditReport& report) {
  VerdictCounts counts;
  for (const AuditResult& result : report.results) Add(result, &counts);
  return counts;
}

bool AuditFails(const AuditReport& report) {
  const VerdictCounts totals = Totals(report);
  if (totals.results[static_cast<int>(AuditVerdict::kReject)] > 0) return true;
  return report.run.require_signature && totals.unsigned_results > 0;
}

std::vector<AuditGroup> ByHardware(const AuditReport& report) {
  return GroupBy(report, [](const AuditResult& r) { return r.hardware; });
}

std::vector<AuditGroup> ByModel(const AuditReport& report) {
  return GroupBy(report, [](const AuditResult& r) { return r.model; });
}

std::vector<const AuditResult*> ReplanList(const AuditReport& report) {
  std::vector<const AuditResult*> list;
  for (const AuditResult& result : report.results) {
    if (result.verdict == AuditVerdict::kReject) list.push_back(&result);
  }
  std::stable_sort(list.begin(), list.end(), [](const AuditResult* a, const AuditResult* b) {
    return a->device_count > b->device_count;
  });
  return list;
}

std::string RecomputedShareText(uint64_t extra_macs, uint64_t model_macs) {
  if (model_macs == 0) return "?%";
  const double percent = static_cast<double>(extra_macs) * 100.0 / static_cast<double>(model_macs);
  // A share that rounds to 0.00% still recomputes something: never print it as nothing.
  if (extra_macs > 0 && percent < 0.005) return "under 0.01%";
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f%%", percent);
  return text;
}

namespace {

std::string RowStagesText(const AuditResult& result) {
  if (result.row_stages == 0 && result.extra_macs == 0) return "";
  const std::string share = result.extra_macs == 0
                                ? std::string("none")
                                : RecomputedShareText(result.extra_macs, result.model_macs);
  return "recomputes " + share + " of its MACs (" + std::to_string(result.row_stages) +
         (result.row_stages == 1 ? " stage)" : " stages)");
}

}  // namespace

std::string SpeedCostText(const AuditResult& result) {
  const std::string stages = RowStagesText(result);
  const std::string borrowed =
      SlowerKernelsText(result.own_slower_kernel_ops, result.reference_kernel_ops);
  if (borrowed.empty()) return stages;
  return stages + (stages.empty() ? "runs " : " and runs ") + borrowed;
}

}  // namespace arenastore::store
