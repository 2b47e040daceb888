// `arenastore ops`: the operators a set of artifacts uses, in the spelling ARENASTORE_OPS takes,
// so firmware can be built with exactly the ops (and so the kernels and lowering) its models
// need: `cmake -S tools/device ... -DARENASTORE_OPS=$(arenastore ops kws.arena vww.arena)`.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "tools/artifact_source.h"
#include "tools/json_document.h"
#include "tools/operator_set.h"
#include "tools/store_access.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct OpsOptions {
  std::vector<std::string> sources;
  std::string db;  // for store references
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunOps(const OpsOptions& options) {
  std::set<int> all;
  std::string dtypes = "int8";  // "all" once any artifact runs an int16 kernel
  nlohmann::json artifacts = nlohmann::json::array();
  for (const std::string& source : options.sources) {
    ARENASTORE_ASSIGN_OR_RETURN(LoadedArtifact loaded, LoadArtifact(source, options.db));
    ARENASTORE_ASSIGN_OR_RETURN(runtime::ArtifactView view, OpenView(loaded));
    ARENASTORE_ASSIGN_OR_RETURN(const std::set<int> kinds, KindsOf(source, view));
    all.insert(kinds.begin(), kinds.end());
    const std::string artifact_dtypes = DtypesOf(view);
    if (artifact_dtypes == "all") dtypes = artifact_dtypes;
    artifacts.push_back({{"source", source},
                         {"sha256", loaded.sha256},
                         {"ops", NamesOf(kinds)},
                         {"dtypes", artifact_dtypes}});
  }
  if (*options.json) {
    EmitJson({{"ops", NamesOf(all)}, {"dtypes", dtypes}, {"artifacts", artifacts}});
  } else {
    fmt::print("{}\n", NamesOf(all));
  }
  return Status::Ok();
}

}  // namespace

Verb SetupOps(CLI::App& app) {
  auto options = std::make_shared<OpsOptions>();
  CLI::App* command = app.add_subcommand(
      "ops", "Print the operators artifacts use, as ARENASTORE_OPS takes them (selective builds)");
  // Each argument is read by the one FILE|REF rule (a store reference opens the store read-only).
  command->add_option("artifacts", options->sources, kSourceHelp)->required();
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json,
                    "Print the op set and each artifact's as JSON, with the activation types to "
                    "build (dtypes, as ARENASTORE_DTYPES takes them)");
  command->footer(
      "Example: cmake -S tools/device -B build-dv -DARENASTORE_OPS=$(arenastore ops kws.arena)");
  return {command, [options] { return RunOps(*options); }, options->json};
}

}  // namespace arenastore::cli
