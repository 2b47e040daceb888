// `arenastore ls | show`: what the store holds. ls lists model versions (newest first, with
// aliases), show one version in full: metadata, per-operator scratch, pools, aliases and their
// journal, signatures and lineage. Both read only the index tables, never the blobs.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "store/listing.h"
#include "store/show.h"
#include "tools/isa_option.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/registry_format.h"
#include "tools/registry_verbs.h"
#include "tools/remote_verbs.h"
#include "tools/store_access.h"
#include "tools/version_details_format.h"

namespace arenastore::cli {
namespace {

// A model can hold 100,000 versions; a listing nobody reads costs time. JSON reports the total.
constexpr int64_t kDefaultLsLimit = 100;

struct LsOptions {
  store::ListFilter filter;
  std::string remote;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunLs(const LsOptions& options) {
  if (!options.remote.empty()) {
    return RunLsRemote(options.remote, options.filter.model, options.db, *options.json);
  }
  store::ListFilter filter = options.filter;
  if (!filter.isa.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(filter.isa, IsaOptionName("--isa", filter.isa));
  }
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::VersionList list, store::ListVersions(registry, filter));
  const std::vector<store::VersionRow>& rows = list.rows;
  if (*options.json) {
    EmitJson(VersionListJson(registry.path(), list));
    return Status::Ok();
  }
  if (rows.empty()) {
    fmt::print("no versions{} in {}; push one with `arenastore push FILE --model NAME`\n",
               options.filter.kernel_version.empty() && options.filter.isa.empty()
                   ? ""
                   : " match these filters",
               registry.path());
    return Status::Ok();
  }
  PrintVersionRowHeader();
  for (const store::VersionRow& row : rows) PrintVersionRow(row);
  if (list.total > static_cast<int64_t>(rows.size())) {
    fmt::print("... showing the newest {} of {} versions; --limit 0 lists them all\n", rows.size(),
               list.total);
  }
  return Status::Ok();
}

struct ShowOptions {
  std::string reference;
  std::string remote;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunShow(const ShowOptions& options) {
  if (!options.remote.empty()) {
    return RunShowRemote(options.remote, options.reference, options.db, *options.json);
  }
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::VersionDetails details,
                              store::Show(registry, options.reference));
  if (*options.json) {
    EmitJson(DetailsJson(details));
    return Status::Ok();
  }
  PrintDetails(details);
  return Status::Ok();
}

}  // namespace

Verb SetupLs(CLI::App& app) {
  auto options = std::make_shared<LsOptions>();
  CLI::App* command =
      app.add_subcommand("ls", "List stored model versions, newest first, with their aliases");
  command->add_option("model", options->filter.model, "Only this model");
  command->add_option("--kernel-version", options->filter.kernel_version,
                      "Only artifacts planned for this kernel library version (1, 1.0 or 1.0.0)");
  command->add_option("--isa", options->filter.isa,
                      "Only artifacts targeting this ISA (a name `arenastore kernels` lists, or "
                      "native)");
  options->filter.limit = kDefaultLsLimit;
  command
      ->add_option("--limit", options->filter.limit,
                   "At most this many versions, newest first (default 100; 0: all)")
      ->check(NonNegative());
  command->add_option("--remote", options->remote,
                      "List what this remote holds (its models, or MODEL's versions) from "
                      "manifests and tags only");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the versions as JSON");
  command->footer("Example: arenastore ls kws --isa arm_mve");
  return {command, [options] { return RunLs(*options); }, options->json};
}

Verb SetupShow(CLI::App& app) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* command = app.add_subcommand(
      "show", "Everything stored about one version: metadata, per-op scratch, pools, aliases");
  command->add_option("reference", options->reference, "kws, kws@3, kws@prod or sha256:<hex>")
      ->required();
  command->add_option("--remote", options->remote,
                      "Show the version as this remote holds it (manifest and config only)");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the details as JSON");
  command->footer("Example: arenastore show kws@prod");
  return {command, [options] { return RunShow(*options); }, options->json};
}

}  // namespace arenastore::cli
