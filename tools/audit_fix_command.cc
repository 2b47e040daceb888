#include "tools/audit_fix_command.h"

#include <fmt/core.h>

#include "store/audit_html.h"
#include "store/interrupt.h"
#include "tools/audit_format.h"
#include "tools/json_document.h"
#include "tools/key_file.h"
#include "tools/output_file.h"
#include "tools/progress.h"
#include "tools/registry_format.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

constexpr int kReject = static_cast<int>(store::AuditVerdict::kReject);

nlohmann::json TotalsJson(const store::AuditReport& report) {
  const store::VerdictCounts totals = store::Totals(report);
  return {{"run", report.run.id},
          {"rejected_pairs", totals.results[kReject]},
          {"rejected_devices", totals.devices[kReject]},
          {"curable_rejects", totals.curable_rejects},
          {"unsigned_devices", totals.unsigned_devices}};
}

// The re-audit's totals and its results, as `audit --json` lists them: the per-class devices
// and free memory the page of `audit --fix --html` shows.
nlohmann::json AfterJson(const store::AuditReport& after) {
  nlohmann::json json = TotalsJson(after);
  nlohmann::json results = nlohmann::json::array();
  for (const store::AuditResult& r : after.results) results.push_back(AuditResultJson(r));
  json["results"] = std::move(results);
  return json;
}

// Under require-signature a fleet whose versions check and run refuse is not fixed, whatever
// the gate says: name them.
std::string UnsignedText(const store::AuditReport& after) {
  if (!after.run.require_signature) return "";
  std::string references;
  int64_t devices = 0;
  for (const store::AuditResult& r : after.results) {
    if (!store::LacksTrustedSignature(r.signature)) continue;
    devices += r.device_count;
    if (references.find(r.Reference() + " ") == std::string::npos) {
      references += r.Reference() + " (" + store::SignatureStateName(r.signature) + ") ";
    }
  }
  if (devices == 0) return "";
  return fmt::format(
      "re-audit run {}: {} device(s) run versions without a trusted signature, which "
      "require-signature refuses: {}-- sign each (`arenastore sign REF --key KEY`)\n",
      after.run.id, devices, references);
}

}  // namespace

nlohmann::json FixReportJson(const store::FixReport& report) {
  nlohmann::json actions = nlohmann::json::array();
  for (const store::FixAction& action : report.actions) actions.push_back(FixActionJson(action));
  nlohmann::json remaining = nlohmann::json::array();
  for (const store::AuditResult* pair : store::RemainingRejects(report)) {
    remaining.push_back(RejectedPairJson(*pair));
  }
  return {{"before", TotalsJson(report.before)},
          {"actions", actions},
          {"after", report.stopped ? nlohmann::json(nullptr) : AfterJson(report.after)},
          {"remaining_rejects", remaining},
          {"interrupted", report.stopped}};
}

std::string FixHeaderText(const store::AuditReport& before) {
  const store::VerdictCounts totals = store::Totals(before);
  return fmt::format("audit run {}: {} rejected pair(s) on {} device(s), {} curable by re-plan\n",
                     before.run.id, totals.results[kReject], totals.devices[kReject],
                     totals.curable_rejects);
}

std::string FixOutcomeText(const store::FixReport& report) {
  if (report.stopped) {
    int64_t moved = 0;
    for (const store::FixAction& action : report.actions) moved += action.devices_moved;
    return fmt::format(
        "interrupted: {} pair(s) handled and {} device(s) moved (above), each step complete; "
        "nothing else changed. Run `arenastore audit --fix` again to resume: moved devices "
        "already run their re-planned versions\n",
        report.actions.size(), moved);
  }
  const store::VerdictCounts after = store::Totals(report.after);
  const auto remaining = store::RemainingRejects(report);
  const std::string unsigned_text = UnsignedText(report.after);
  if (remaining.empty()) {
    return fmt::format("re-audit run {}: nothing would be rejected any more\n{}",
                       report.after.run.id, unsigned_text);
  }
  std::string text = unsigned_text;
  text += fmt::format("re-audit run {}: {} rejected pair(s) on {} device(s) remain:\n",
                      report.after.run.id, after.results[kReject], after.devices[kReject]);
  for (const store::AuditResult* pair : remaining) {
    text += fmt::format("  {}\n    {}\n    {}\n", RejectedPairText(*pair), pair->reasons,
                        pair->curable ? "a re-plan should cure this but failed (see above)"
                                      : "no re-plan cures this (e.g. pools too small for any "
                                        "plan, an unknown op): change the device or the model");
  }
  return text;
}

std::string FixReportText(const store::FixReport& report) {
  std::string text = FixHeaderText(report.before);
  for (const store::FixAction& action : report.actions) text += FixActionText(action);
  return text + FixOutcomeText(report);
}

namespace {

// Text mode shows each step as it happens (a fleet's fix can take minutes); JSON waits for the
// whole report.
store::FixObserver Observer(bool json, Progress* progress) {
  store::FixObserver observer;
  observer.stop_requested = store::InterruptRequested;
  if (json) return observer;
  observer.audited = [progress](const store::AuditReport& before) {
    progress->Clear();
    fmt::print("{}", FixHeaderText(before));
    std::fflush(stdout);
  };
  observer.acted = [](const store::FixAction& action) {
    fmt::print("{}", FixActionText(action));
    std::fflush(stdout);
  };
  return observer;
}

}  // namespace

Result<store::FixReport> FixFleet(const store::AuditOptions& audit, const std::string& db_flag,
                                  const std::string& sign_with_path,
                                  const PassphraseSource& sign_with_passphrase,
                                  const store::FixObserver& observer) {
  store::SecretText sign_with_pem;
  if (!sign_with_path.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(
        sign_with_pem, ReadPrivateKeyFile(sign_with_path, "--sign-with", sign_with_passphrase));
  }
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db_flag, StoreAccess::kWrite));
  return store::FixAudit(registry, audit, observer, sign_with_pem.view());
}

Status RunAuditFix(const store::AuditOptions& audit, const std::string& db_flag, bool json,
                   const std::string& html_path, const std::string& sign_with_path,
                   const PassphraseSource& sign_with_passphrase) {
  // Outputs and the key are checked before anything is recorded or changed.
  if (!html_path.empty()) {
    ARENASTORE_RETURN_IF_ERROR(ResolveOutput(html_path, StreamableOutput(json)).status());
  }
  // Ctrl-C lets the step in hand (one re-plan and its device move) finish, then stops.
  const store::DeferInterrupts defer;
  store::AuditOptions options = audit;
  store::FixReport report;
  {
    Progress progress("audit --fix");  // both audits report; the line clears when done
    options.progress = [&progress](int64_t done, int64_t total) { progress.Update(done, total); };
    ARENASTORE_ASSIGN_OR_RETURN(report, FixFleet(options, db_flag, sign_with_path,
                                                 sign_with_passphrase, Observer(json, &progress)));
  }
  if (!html_path.empty() && !report.stopped) {
    ARENASTORE_RETURN_IF_ERROR(
        WriteOutput(html_path, store::RenderAuditHtml(report.after), StreamableOutput(json)));
  }
  if (json) {
    EmitJson(FixReportJson(report));
  } else {
    fmt::print("{}", FixOutcomeText(report));
  }
  if (report.stopped || !store::AuditFails(report.after)) return Status::Ok();
  return AuditFixFailure();
}

Status AuditFixFailure() {
  return Status::Error(ErrorCode::kGateRejected,
                       "rejections or unsigned deployments remain after audit --fix");
}

}  // namespace arenastore::cli
