// `arenastore alias set | rm`: move the names (prod, canary) that deployments follow.
// Every move is journaled in the store (see `arenastore show`); under `policy set
// allow-rollback off` a move back needs --allow-rollback, itself journaled.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "store/aliases.h"
#include "store/reference.h"
#include "tools/alias_change_json.h"
#include "tools/json_document.h"
#include "tools/registry_verbs.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

struct AliasOptions {
  std::vector<std::string> set_words;  // MODEL ALIAS VERSION, or MODEL@VERSION ALIAS
  std::string model;                   // rm
  std::string alias;                   // rm
  std::string db;
  bool allow_rollback = false;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

void PrintChange(const store::AliasChange& change, bool json) {
  if (json) {
    EmitJson(AliasChangeJson(change));
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
  if (change.rolled_back_past > 0) {
    fmt::print(
        "rolled back below version {}, the newest {} has pointed at, by --allow-rollback "
        "(journaled)\n",
        change.rolled_back_past, name);
  }
}

struct AliasTarget {
  std::string model;
  std::string alias;
  int64_t version = 0;
};

// `kws prod 3`, `kws prod kws@3` and `kws@3 prod` (or `kws@canary prod`: where canary points)
// all name the same move.
Result<AliasTarget> ParseSetWords(store::Registry& registry,
                                  const std::vector<std::string>& words) {
  const bool reference_first = words.size() == 2;
  const std::string& reference = reference_first ? words[0] : words[2];
  AliasTarget target;
  target.alias = words[1];
  ARENASTORE_CHECK_OR_RETURN(reference.empty() || reference[0] != '-', ErrorCode::kInvalidArgument,
                             "alias set: '%s' is not a version; versions are numbered from 1",
                             reference.c_str());
  if (!reference_first && !reference.empty() &&
      reference.find_first_not_of("0123456789") == std::string::npos) {
    target.model = words[0];
    target.version = std::stoll(reference.substr(0, 18));
    return target;
  }
  ARENASTORE_ASSIGN_OR_RETURN(const store::Reference parsed, store::ParseReference(reference));
  ARENASTORE_CHECK_OR_RETURN(parsed.kind == store::Reference::Kind::kVersion ||
                                 parsed.kind == store::Reference::Kind::kAlias,
                             ErrorCode::kInvalidArgument,
                             "alias set: '%s' names no version; give one, e.g. %s@3",
                             reference.c_str(), parsed.model.c_str());
  ARENASTORE_CHECK_OR_RETURN(reference_first || parsed.model == words[0],
                             ErrorCode::kInvalidArgument,
                             "alias set: %s is a version of %s, not of %s; an alias points at a "
                             "version of its own model",
                             reference.c_str(), parsed.model.c_str(), words[0].c_str());
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::Resolve(registry, parsed));
  target.model = version.model;
  target.version = version.version;
  return target;
}

}  // namespace

Verb SetupAlias(CLI::App& app) {
  auto options = std::make_shared<AliasOptions>();
  CLI::App* command = app.add_subcommand("alias", "Point a name (prod, canary) at a version");
  command->require_subcommand(1);
  command->footer("Example: arenastore alias set kws prod 3");
  CLI::App* set = command->add_subcommand("set", "Create or move an alias");
  set->add_option("args", options->set_words,
                  "MODEL ALIAS VERSION (3, or kws@3), or MODEL@VERSION ALIAS")
      ->expected(2, 3)
      ->required();
  AddDbOption(set, &options->db);
  set->add_flag("--allow-rollback", options->allow_rollback,
                "Move it below the newest version it has pointed at, even under policy "
                "allow-rollback off (journaled)");
  set->add_flag("--json", *options->json, "Print the change as JSON");
  set->footer("Example: arenastore alias set kws prod 3   (or: arenastore alias set kws@3 prod)");
  CLI::App* rm = command->add_subcommand("rm", "Remove an alias");
  rm->add_option("model", options->model, "Model name")->required();
  rm->add_option("alias", options->alias, "Alias to remove")->required();
  AddDbOption(rm, &options->db);
  rm->add_flag("--json", *options->json, "Print the change as JSON");
  rm->footer("Example: arenastore alias rm kws canary");
  auto run = [options, set]() -> Status {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                OpenRegistry(options->db, StoreAccess::kWrite));
    Result<store::AliasChange> change = Status::Error(ErrorCode::kInvalidArgument, "no change");
    if (set->parsed()) {
      ARENASTORE_ASSIGN_OR_RETURN(const AliasTarget target,
                                  ParseSetWords(registry, options->set_words));
      change = store::SetAlias(registry, target.model, target.alias, target.version,
                               options->allow_rollback);
    } else {
      change = store::RemoveAlias(registry, options->model, options->alias);
    }
    ARENASTORE_RETURN_IF_ERROR(change.status());
    PrintChange(*change, *options->json);
    return Status::Ok();
  };
  return {command, run, options->json};
}

}  // namespace arenastore::cli
