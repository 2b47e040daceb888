// `arenastore audit [ls | show RUN | diff RUN_A RUN_B]`: would this build's runtime run what the
// fleet has deployed? Judges every (device class, deployed model version) pair with this build's
// gate (store/audit_evaluate.h), records the run and prints it as a table, JSON, CSV or an HTML
// page. Exit 3 when any pair would be rejected, so a rollout script can stop.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "store/audit_diff.h"
#include "store/audit_evaluate.h"
#include "store/audit_html.h"
#include "store/audit_record.h"
#include "tools/audit_fix_command.h"
#include "tools/audit_format.h"
#include "tools/fleet_verbs.h"
#include "tools/gate_report.h"
#include "tools/isa_option.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/output_file.h"
#include "tools/passphrase.h"
#include "tools/progress.h"
#include "tools/store_access.h"
#include "tools/store_actions.h"

namespace arenastore::cli {
namespace {

struct AuditCliOptions {
  std::vector<std::string> isas;
  std::string policy = "default";
  std::string note;
  bool no_record = false;
  bool fix = false;
  bool csv = false;
  std::string html;
  std::string sign_with;
  PassphraseSource sign_with_passphrase;  // decrypts an encrypted --sign-with key
  int64_t run_id = 0;
  int64_t run_b = 0;
  int64_t limit = 20;
  std::optional<double> max_recompute_percent;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// `--html -` puts the page on stdout (and the table on stderr); --json and --csv own stdout.
OutputRules HtmlOutputRules(const AuditCliOptions& options) {
  OutputRules rules = StreamableOutput(*options.json);
  rules.stdout_allowed = !options.csv;
  return rules;
}

Status Render(const store::AuditReport& report, const AuditCliOptions& options) {
  if (!options.html.empty()) {
    const std::string page = store::RenderAuditHtml(report);
    ARENASTORE_RETURN_IF_ERROR(WriteOutput(options.html, page, HtmlOutputRules(options)));
  }
  if (*options.json) {
    EmitJson(AuditJson(report));
  } else if (options.csv) {
    fmt::print("{}", AuditCsv(report));
  } else {
    std::FILE* out = IsStdout(options.html) ? stderr : stdout;
    fmt::print(out, "{}", AuditText(report));
    if (!options.html.empty() && !IsStdout(options.html)) fmt::print("wrote {}\n", options.html);
  }
  return Status::Ok();
}

// --runtime-isa, --policy, --note and --max-recompute as the audit takes them.
Result<store::AuditOptions> AuditOptionsFor(const AuditRequest& request) {
  store::AuditOptions audit;
  audit.max_recompute_percent = request.max_recompute_percent;
  for (const std::string& isa : request.isas) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::string name, IsaOptionName("--runtime-isa", isa));
    audit.isas.push_back(name);
  }
  audit.note = request.note;
  ARENASTORE_ASSIGN_OR_RETURN(audit.policy, ParsePolicyOption(request.policy));
  return audit;
}

// The audit the options ask for, as AuditFleet and FixFleetAudit take it.
AuditRequest RequestOf(const AuditCliOptions& options) {
  return {options.isas,       options.policy, options.note,
          !options.no_record, options.db,     options.max_recompute_percent};
}

Status RunAuditVerb(const AuditCliOptions& options) {
  if (options.fix) {
    ARENASTORE_ASSIGN_OR_RETURN(const store::AuditOptions audit,
                                AuditOptionsFor(RequestOf(options)));
    ARENASTORE_CHECK_OR_RETURN(!options.no_record && !options.csv, ErrorCode::kInvalidArgument,
                               "--fix records both of its audits and prints text or --json; "
                               "drop --no-record / --csv");
    return RunAuditFix(audit, options.db, *options.json, options.html, options.sign_with,
                       options.sign_with_passphrase);
  }
  ARENASTORE_CHECK_OR_RETURN(options.sign_with.empty() && !options.sign_with_passphrase.given(),
                             ErrorCode::kInvalidArgument,
                             "--sign-with (and its passphrase) signs the versions audit --fix "
                             "re-plans; add --fix");
  // The page's path is checked before the audit is run and recorded.
  if (!options.html.empty()) {
    ARENASTORE_RETURN_IF_ERROR(ResolveOutput(options.html, HtmlOutputRules(options)).status());
  }
  store::AuditReport report;
  {
    Progress progress("auditing artifacts");
    ARENASTORE_ASSIGN_OR_RETURN(
        report, AuditFleet(RequestOf(options), [&progress](int64_t done, int64_t total) {
          progress.Update(done, total);
        }));
  }
  ARENASTORE_RETURN_IF_ERROR(Render(report, options));
  if (!store::AuditFails(report)) return Status::Ok();
  const store::VerdictCounts totals = store::Totals(report);
  if (totals.results[2] > 0) {
    fmt::print(stderr,
               "arenastore audit: {} pairs on {} devices would be rejected by this runtime ({} "
               "curable by re-plan: `arenastore audit --fix`, or `arenastore replan REF`)\n",
               totals.results[2], totals.devices[2], totals.curable_rejects);
  }
  if (report.run.require_signature && totals.unsigned_results > 0) {
    fmt::print(stderr,
               "arenastore audit: {} pairs on {} devices run a version without a trusted "
               "signature, which this store's require-signature policy refuses (`arenastore sign "
               "REF --key KEY`; `arenastore audit --fix --sign-with KEY` signs its re-plans)\n",
               totals.unsigned_results, totals.unsigned_devices);
  }
  return AuditFailure();
}

Status RunAuditLs(const AuditCliOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const auto runs, store::ListAuditRuns(registry, options.limit));
  if (*options.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const store::AuditRun& run : runs) rows.push_back(AuditRunJson(run));
    EmitJson(nlohmann::json{{"runs", rows}});
    return Status::Ok();
  }
  fmt::print("{:>5}  {:<20}  {:<8}  {:<8}  {:>8}  {:>8}  {:>10}  {}\n", "RUN", "STARTED", "KERNELS",
             "POLICY", "DEVICES", "CLASSES", "ARTIFACTS", "NOTE");
  for (const store::AuditRun& run : runs) {
    fmt::print("{:>5}  {:<20}  {:<8}  {:<8}  {:>8}  {:>8}  {:>10}  {}\n", run.id, run.started_at,
               run.runtime_kernel_version, run.policy, run.device_count, run.class_count,
               run.artifact_count, run.note);
  }
  if (runs.empty()) fmt::print("(no audits recorded; run `arenastore audit`)\n");
  return Status::Ok();
}

Status RunAuditShow(const AuditCliOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::AuditReport report,
                              store::ReadAudit(registry, options.run_id));
  return Render(report, options);
}

Status RunAuditDiff(const AuditCliOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::AuditReport a,
                              store::ReadAudit(registry, options.run_id));
  ARENASTORE_ASSIGN_OR_RETURN(const store::AuditReport b,
                              store::ReadAudit(registry, options.run_b));
  const store::AuditDiff diff = store::DiffAudits(a, b);
  if (*options.json) {
    EmitJson(AuditDiffJson(diff));
  } else {
    fmt::print("{}", AuditDiffText(diff));
  }
  return Status::Ok();
}

void AddOutputOptions(CLI::App* command, AuditCliOptions* options) {
  auto* json = command->add_flag("--json", *options->json, "Print the report as JSON");
  auto* csv = command->add_flag("--csv", options->csv, "Print one CSV row per class x version");
  json->excludes(csv);
  command->add_option("--html", options->html, "Also write a self-contained HTML page");
}

}  // namespace

Result<store::AuditReport> AuditFleet(const AuditRequest& request,
                                      std::function<void(int64_t, int64_t)> progress) {
  ARENASTORE_ASSIGN_OR_RETURN(store::AuditOptions audit, AuditOptionsFor(request));
  audit.progress = std::move(progress);
  ARENASTORE_ASSIGN_OR_RETURN(
      store::Registry registry,
      OpenRegistry(request.db, request.record ? StoreAccess::kWrite : StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(store::AuditReport report, store::RunAudit(registry, audit));
  if (request.record) ARENASTORE_RETURN_IF_ERROR(store::RecordAudit(registry, &report));
  return report;
}

Result<store::FixReport> FixFleetAudit(const AuditRequest& request, const std::string& sign_with,
                                       const PassphraseSource& sign_with_passphrase,
                                       const store::FixObserver& observer) {
  ARENASTORE_CHECK_OR_RETURN(request.record, ErrorCode::kInvalidArgument,
                             "--fix records both of its audits; drop --no-record");
  ARENASTORE_ASSIGN_OR_RETURN(const store::AuditOptions audit, AuditOptionsFor(request));
  return FixFleet(audit, request.db, sign_with, sign_with_passphrase, observer);
}

Status AuditFailure() {
  return Status::Error(ErrorCode::kGateRejected,
                       "the audit found rejections or unsigned deployments");
}

Verb SetupAudit(CLI::App& app) {
  auto options = std::make_shared<AuditCliOptions>();
  CLI::App* command = app.add_subcommand(
      "audit", "Would this build's runtime run what the fleet has deployed? (exit 3 if not)");
  command->require_subcommand(0, 1);
  command->add_option("--runtime-isa", options->isas,
                      "Audit only device classes of these ISAs (default: every one)");
  command->add_option("--policy", options->policy, "Gate policy: default, strict, fallback")
      ->default_val("default");
  command->add_option("--note", options->note, "Recorded with the run");
  command->add_flag("--no-record", options->no_record, "Do not record the run in the store");
  command->add_flag("--fix", options->fix,
                    "Re-plan every curable reject for its class, move the devices, re-audit");
  command->add_option("--sign-with", options->sign_with,
                      "With --fix: sign each re-plan with this private key file (as `sign --key` "
                      "takes) before devices move onto it; needed under require-signature");
  AddPassphraseOptions(command, &options->sign_with_passphrase, "of an encrypted --sign-with key");
  AddMaxRecomputeOption(command, &options->max_recompute_percent,
                        "Re-plans (the one that decides whether a reject is curable, and --fix's) "
                        "may run row stages recomputing at most PERCENT of a model's MACs; "
                        "default: each version's own share (none without stages)");
  AddOutputOptions(command, options.get());
  AddDbOption(command, &options->db);
  command->footer(
      "Judges every (device class, deployed model version) with this build's gate: its kernel\n"
      "library and the scratch size functions of each class's ISA, against the class's pools.\n"
      "A device's current runtime version does not matter: the question is the upgrade.\n"
      "Example: arenastore audit --runtime-isa arm_mve --html audit.html");

  CLI::App* ls = command->add_subcommand("ls", "List recorded audit runs, newest first");
  ls->add_option("--limit", options->limit, "At most this many runs (0 = all)")
      ->default_val(20)
      ->check(NonNegative());
  ls->add_flag("--json", *options->json, "Print JSON");
  AddDbOption(ls, &options->db);
  ls->footer("Example: arenastore audit ls");

  CLI::App* show = command->add_subcommand("show", "Print a recorded audit run");
  show->add_option("run", options->run_id, "Run id (see `audit ls`)")
      ->required()
      ->check(Positive());
  AddOutputOptions(show, options.get());
  AddDbOption(show, &options->db);
  show->footer("Example: arenastore audit show 3 --csv");

  CLI::App* diff = command->add_subcommand("diff", "What changed between two recorded runs");
  diff->add_option("run_a", options->run_id, "Earlier run")->required()->check(Positive());
  diff->add_option("run_b", options->run_b, "Later run")->required()->check(Positive());
  diff->add_flag("--json", *options->json, "Print JSON");
  AddDbOption(diff, &options->db);
  diff->footer("Example: arenastore audit diff 3 4");

  auto run = [options, ls, show, diff]() -> Status {
    if (ls->parsed()) return RunAuditLs(*options);
    if (show->parsed()) return RunAuditShow(*options);
    if (diff->parsed()) return RunAuditDiff(*options);
    return RunAuditVerb(*options);
  };
  return {command, run, options->json};
}

}  // namespace arenastore::cli
