// `arenastore check`: would this runtime (or a what-if ISA) accept the artifact? Exit 0 on
// accept or warn, 3 on reject, with one line per finding naming the op and both byte counts.
#include <fmt/core.h>

#include "tools/artifact_source.h"
#include "tools/gate_judgement.h"
#include "tools/json_document.h"
#include "tools/store_access.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct CheckOptions {
  std::string source;
  std::string db;  // for store references
  std::string policy = "default";
  std::string isa;
  std::vector<std::string> pools;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunCheck(const CheckOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const CheckSettings settings,
                              ParseCheckSettings(options.isa, options.policy, options.pools));
  ARENASTORE_ASSIGN_OR_RETURN(LoadedArtifact loaded, LoadArtifact(options.source, options.db));
  ARENASTORE_ASSIGN_OR_RETURN(runtime::ArtifactView view, OpenView(loaded));
  ARENASTORE_ASSIGN_OR_RETURN(const Judgement judgement, JudgeArtifact(loaded, view, settings));
  if (*options.json) {
    nlohmann::json json =
        VerdictJson(judgement.run, judgement.host, judgement.policy, judgement.advice);
    json["source"] = options.source;
    json["sha256"] = loaded.sha256;
    EmitJson(json);
  } else {
    PrintVerdict(stdout, loaded.source, judgement.run, judgement.host, judgement.policy,
                 judgement.advice);
  }
  if (judgement.run.report.verdict != runtime::Verdict::kReject) return Status::Ok();
  return Status::Error(ErrorCode::kGateRejected, "%s rejected by the gate", options.source.c_str());
}

}  // namespace

Verb SetupCheck(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* command = app.add_subcommand(
      "check", "Ask the gate whether this runtime would accept an artifact (exit 3 if not)");
  command->add_option("artifact", options->source, kSourceHelp)->required();
  AddDbOption(command, &options->db);
  command->add_option("--policy", options->policy, "default, strict or fallback");
  command->add_option("--isa", options->isa,
                      "Judge as a runtime of this ISA (a name `arenastore kernels` lists, or "
                      "native) instead of the one `run` uses here: the artifact's target when this "
                      "machine runs it, else ref");
  command->add_option("--pool", options->pools,
                      "Pool capacity the device provides, NAME:SIZE or NAME=SIZE (K, KiB, M, "
                      "MiB), repeatable");
  command->add_flag("--json", *options->json, "Print the verdict and findings as JSON");
  command->footer(
      "Example: arenastore check kws.arena --policy strict --isa arm_mve --pool sram:64K");
  return {command, [options] { return RunCheck(*options); }, options->json};
}

}  // namespace arenastore::cli
