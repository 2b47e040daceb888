// `arenastore alias set | rm`: move the names (prod, canary) that deployments follow.
// Every move is journaled in the store (see `arenastore show`).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "store/aliases.h"
#include "tools/json_document.h"
#include "tools/registry_verbs.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

struct AliasOptions {
  std::string model;
  std::string alias;
  int64_t version = 0;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

void PrintChange(const store::AliasChange& change, bool json) {
  if (json) {
    EmitJson(nlohmann::json{{"model", change.model},
                            {"alias", change.alias},
                            {"old_version", change.old_version},
                            {"new_version", change.new_version}});
    return;
  }
  const std::string name = change.model + "@" + change.alias;
  if (change.new_version == 0) {
    fmt::print("removed alias {} (was version {})\n", name, change.old_version);
  } else if (change.old_version == 0) {
    fmt::print("{} -> version {} (new alias)\n", name, change.new_version);
  } else {
    fmt::print("{} -> version {} (was {})\n", name, change.new_version, change.old_version);
  }
}

}  // namespace

Verb SetupAlias(CLI::App& app) {
  auto options = std::make_shared<AliasOptions>();
  CLI::App* command = app.add_subcommand("alias", "Point a name (prod, canary) at a version");
  command->require_subcommand(1);
  command->footer("Example: arenastore alias set kws prod 3");
  CLI::App* set = command->add_subcommand("set", "Create or move an alias");
  set->add_option("model", options->model, "Model name")->required();
  set->add_option("alias", options->alias, "Alias, e.g. prod")->required();
  set->add_option("version", options->version, "Version number")->required();
  AddDbOption(set, &options->db);
  set->add_flag("--json", *options->json, "Print the change as JSON");
  set->footer("Example: arenastore alias set kws prod 3");
  CLI::App* rm = command->add_subcommand("rm", "Remove an alias");
  rm->add_option("model", options->model, "Model name")->required();
  rm->add_option("alias", options->alias, "Alias to remove")->required();
  AddDbOption(rm, &options->db);
  rm->add_flag("--json", *options->json, "Print the change as JSON");
  rm->footer("Example: arenastore alias rm kws canary");
  auto run = [options, set]() -> Status {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                OpenRegistry(options->db, StoreAccess::kWrite));
    auto change = set->parsed()
                      ? store::SetAlias(registry, options->model, options->alias, options->version)
                      : store::RemoveAlias(registry, options->model, options->alias);
    ARENASTORE_RETURN_IF_ERROR(change.status());
    PrintChange(*change, *options->json);
    return Status::Ok();
  };
  return {command, run, options->json};
}

}  // namespace arenastore::cli
