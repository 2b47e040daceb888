#include "tools/audit_fix_command.h"

#include <fmt/core.h>

#include "store/audit_html.h"
#include "tools/json_document.h"
#include "tools/output_file.h"
#include "tools/progress.h"
#include "tools/registry_format.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

constexpr int kReject = static_cast<int>(store::AuditVerdict::kReject);

std::string PairText(const store::AuditResult& pair) {
  return fmt::format("{} on {} ({}, {}; class {}), {} device{}", pair.Reference(), pair.hardware,
                     pair.isa, pair.pools, pair.class_key, pair.device_count,
                     pair.device_count == 1 ? "" : "s");
}

nlohmann::json TotalsJson(const store::AuditReport& report) {
  const store::VerdictCounts totals = store::Totals(report);
  return {{"run", report.run.id},
          {"rejected_pairs", totals.results[kReject]},
          {"rejected_devices", totals.devices[kReject]},
          {"curable_rejects", totals.curable_rejects}};
}

nlohmann::json PairJson(const store::AuditResult& pair) {
  return {{"reference", pair.Reference()}, {"sha256", pair.sha256},   {"hardware", pair.hardware},
          {"class_key", pair.class_key},   {"isa", pair.isa},         {"pools", pair.pools},
          {"devices", pair.device_count},  {"reasons", pair.reasons}, {"curable", pair.curable}};
}

}  // namespace

nlohmann::json FixReportJson(const store::FixReport& report) {
  nlohmann::json actions = nlohmann::json::array();
  for (const store::FixAction& action : report.actions) {
    nlohmann::json entry = {{"rejected", PairJson(action.rejected)}, {"fixed", action.fixed}};
    if (action.fixed) {
      entry["replanned"] = {{"reference", action.replanned_reference},
                            {"sha256", action.replanned_sha256},
                            {"devices_moved", action.devices_moved},
                            {"before_bytes", action.diff.before_bytes},
                            {"after_bytes", action.diff.after_bytes}};
    } else {
      entry["error"] = action.error;
    }
    actions.push_back(entry);
  }
  nlohmann::json remaining = nlohmann::json::array();
  for (const store::AuditResult* pair : store::RemainingRejects(report)) {
    remaining.push_back(PairJson(*pair));
  }
  return {{"before", TotalsJson(report.before)},
          {"actions", actions},
          {"after", TotalsJson(report.after)},
          {"remaining_rejects", remaining}};
}

std::string FixReportText(const store::FixReport& report) {
  const store::VerdictCounts before = store::Totals(report.before);
  std::string text =
      fmt::format("audit run {}: {} rejected pair(s) on {} device(s), {} curable by re-plan\n",
                  report.before.run.id, before.results[kReject], before.devices[kReject],
                  before.curable_rejects);
  for (const store::FixAction& action : report.actions) {
    if (action.fixed) {
      text += fmt::format("  re-planned {}\n    -> {} ({}), {} device(s) moved; planned {} -> {}\n",
                          PairText(action.rejected), action.replanned_reference,
                          ShortDigest(action.replanned_sha256), action.devices_moved,
                          GroupedBytes(action.diff.before_bytes),
                          GroupedBytes(action.diff.after_bytes));
    } else {
      text += fmt::format("  NOT fixed {}\n    {}\n", PairText(action.rejected), action.error);
    }
  }
  const store::VerdictCounts after = store::Totals(report.after);
  const auto remaining = store::RemainingRejects(report);
  if (remaining.empty()) {
    return text + fmt::format("re-audit run {}: nothing would be rejected any more\n",
                              report.after.run.id);
  }
  text += fmt::format("re-audit run {}: {} rejected pair(s) on {} device(s) remain:\n",
                      report.after.run.id, after.results[kReject], after.devices[kReject]);
  for (const store::AuditResult* pair : remaining) {
    text += fmt::format("  {}\n    {}\n    {}\n", PairText(*pair), pair->reasons,
                        pair->curable ? "a re-plan should cure this but failed (see above)"
                                      : "no re-plan cures this (e.g. pools too small for any "
                                        "plan, an unknown op): change the device or the model");
  }
  return text;
}

Status RunAuditFix(const store::AuditOptions& audit, const std::string& db_flag, bool json,
                   const std::string& html_path) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db_flag, StoreAccess::kWrite));
  store::AuditOptions options = audit;
  store::FixReport report;
  {
    Progress progress("audit --fix");  // both audits report; the line clears when done
    options.progress = [&progress](int64_t done, int64_t total) { progress.Update(done, total); };
    ARENASTORE_ASSIGN_OR_RETURN(report, store::FixAudit(registry, options));
  }
  const store::FixReport* fixed = &report;
  if (!html_path.empty()) {
    const std::string page = store::RenderAuditHtml(fixed->after);
    ARENASTORE_RETURN_IF_ERROR(WriteOutput(html_path, page, StreamableOutput(json)));
  }
  if (json) {
    EmitJson(FixReportJson(*fixed));
  } else {
    fmt::print("{}", FixReportText(*fixed));
  }
  if (store::Totals(fixed->after).results[kReject] == 0) return Status::Ok();
  return Status::Error(ErrorCode::kGateRejected, "rejections remain after audit --fix");
}

}  // namespace arenastore::cli
