// `arenastore fleet import | ls | deploy | rm`: the device inventory the audit judges. Import
// reads the CSV documented in docs/fleet.md and writes every row or none; deploy and rm select
// devices by id, by hardware or by device class.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "store/fleet_class.h"
#include "store/fleet_csv.h"
#include "store/fleet_deploy.h"
#include "store/fleet_inventory.h"
#include "tools/fleet_verbs.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/progress.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

constexpr int64_t kDefaultFleetLsLimit = 100;

struct FleetOptions {
  std::string file;
  std::vector<std::string> arguments;  // deploy: DEVICE... REF; rm: DEVICE...
  std::string hardware;
  std::string class_key;
  bool classes = false;
  int64_t limit = kDefaultFleetLsLimit;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Result<std::string> ReadText(const std::string& path) {
  std::error_code error;
  ARENASTORE_CHECK_OR_RETURN(!std::filesystem::is_directory(path, error),
                             ErrorCode::kInvalidArgument,
                             "%s is a directory; give the CSV file (columns: see `arenastore "
                             "fleet import --help`)",
                             path.c_str());
  std::ifstream file(path, std::ios::binary);
  ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kNotFound,
                             "cannot read '%s'; check the path (columns: see `arenastore fleet "
                             "import --help`)",
                             path.c_str());
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// Every problem of the file: its lines' own and the model references no version answers.
Result<std::vector<store::CsvLineError>> ImportProblems(store::Registry& registry,
                                                        const store::FleetCsv& csv) {
  std::vector<store::CsvLineError> problems = csv.errors;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<store::CsvLineError> unresolved,
                              store::UnresolvedReferences(registry, csv.references));
  problems.insert(problems.end(), unresolved.begin(), unresolved.end());
  std::stable_sort(problems.begin(), problems.end(),
                   [](const auto& a, const auto& b) { return a.line < b.line; });
  return problems;
}

Status ReportProblems(const FleetOptions& options,
                      const std::vector<store::CsvLineError>& problems) {
  std::set<int64_t> lines;
  nlohmann::json listed = nlohmann::json::array();
  for (const store::CsvLineError& problem : problems) {
    lines.insert(problem.line);
    listed.push_back({{"line", problem.line}, {"message", problem.message}});
    if (!*options.json) {
      fmt::print(stderr, "{}:{}: {}\n", options.file, problem.line, problem.message);
    }
  }
  if (*options.json) EmitJson({{"file", options.file}, {"imported", false}, {"problems", listed}});
  return Status::Error(ErrorCode::kInvalidInput,
                       "%zu bad line(s) in %s (%zu problems%s); nothing was imported. Fix them "
                       "and run the import again",
                       lines.size(), options.file.c_str(), problems.size(),
                       *options.json ? "" : ", listed above");
}

Status RunImport(const FleetOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string text, ReadText(options.file));
  const store::FleetCsv csv = store::ParseFleetCsv(text);
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWriteOrCreate));
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<store::CsvLineError> problems,
                              ImportProblems(registry, csv));
  store::ImportOutcome outcome;
  if (problems.empty()) {
    Progress progress("importing devices");
    ARENASTORE_ASSIGN_OR_RETURN(
        outcome, store::ImportDevices(
                     registry, csv.rows, "fleet import " + options.file,
                     [&progress](int64_t done, int64_t total) { progress.Update(done, total); }));
    problems = outcome.errors;
  }
  if (!problems.empty()) return ReportProblems(options, problems);
  if (*options.json) {
    EmitJson(nlohmann::json{{"file", options.file},
                            {"devices_added", outcome.devices_added},
                            {"devices_moved", outcome.devices_moved},
                            {"devices_unchanged", outcome.devices_unchanged},
                            {"classes_created", outcome.classes_created},
                            {"deployments_set", outcome.deployments_set}});
    return Status::Ok();
  }
  fmt::print(
      "imported {} rows from {}: {} devices added, {} moved to another class, {} "
      "unchanged; {} new device classes; {} deployments set\n",
      csv.rows.size(), options.file, outcome.devices_added, outcome.devices_moved,
      outcome.devices_unchanged, outcome.classes_created, outcome.deployments_set);
  return Status::Ok();
}

nlohmann::json PoolsJson(const std::vector<store::PoolCapacityRecord>& pools) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& pool : pools) out[pool.name] = pool.capacity_bytes;
  return out;
}

Status PrintClasses(store::Registry& registry, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(const auto classes, store::ListClasses(registry));
  if (json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& c : classes) {
      rows.push_back({{"class", c.class_key},
                      {"hardware", c.attributes.hardware},
                      {"isa", c.attributes.isa},
                      {"kernel_version", c.attributes.kernel_version},
                      {"pools", PoolsJson(c.attributes.pools)},
                      {"devices", c.device_count},
                      {"deployed", c.deployed_count}});
    }
    EmitJson(nlohmann::json{{"classes", rows}});
    return Status::Ok();
  }
  fmt::print("{:<12}  {:<16}  {:<14}  {:<8}  {:<22}  {:>8}  {:>8}\n", "CLASS", "HARDWARE", "ISA",
             "RUNTIME", "POOLS", "DEVICES", "DEPLOYED");
  for (const auto& c : classes) {
    fmt::print("{:<12}  {:<16}  {:<14}  {:<8}  {:<22}  {:>8}  {:>8}\n", c.class_key,
               c.attributes.hardware, c.attributes.isa, c.attributes.kernel_version,
               store::PoolsText(c.attributes.pools), c.device_count, c.deployed_count);
  }
  if (classes.empty()) fmt::print("(no devices; add them with `arenastore fleet import`)\n");
  return Status::Ok();
}

Status RunLs(const FleetOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  if (options.classes) return PrintClasses(registry, *options.json);
  ARENASTORE_ASSIGN_OR_RETURN(
      const store::DeviceList list,
      store::ListDevices(registry, {options.hardware, options.class_key, options.limit}));
  if (*options.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& d : list.devices) {
      nlohmann::json row = {{"device", d.id},
                            {"class", d.class_key},
                            {"hardware", d.attributes.hardware},
                            {"isa", d.attributes.isa},
                            {"kernel_version", d.attributes.kernel_version},
                            {"pools", PoolsJson(d.attributes.pools)},
                            {"model", nullptr}};
      if (!d.model.empty()) {
        row["model"] = {{"name", d.model},
                        {"version", d.version},
                        {"deployed_by", d.deployed_by},
                        {"deployed_at", d.deployed_at}};
      }
      rows.push_back(row);
    }
    EmitJson(nlohmann::json{{"total", list.total},
                            {"truncated", list.total > static_cast<int64_t>(list.devices.size())},
                            {"devices", rows}});
    return Status::Ok();
  }
  fmt::print("{:<20}  {:<16}  {:<14}  {:<8}  {:<22}  {:<12}  {}\n", "DEVICE", "HARDWARE", "ISA",
             "RUNTIME", "POOLS", "CLASS", "MODEL");
  for (const auto& d : list.devices) {
    fmt::print("{:<20}  {:<16}  {:<14}  {:<8}  {:<22}  {:<12}  {}\n", d.id, d.attributes.hardware,
               d.attributes.isa, d.attributes.kernel_version, store::PoolsText(d.attributes.pools),
               d.class_key, d.model.empty() ? "-" : d.model + "@" + std::to_string(d.version));
  }
  if (list.total > static_cast<int64_t>(list.devices.size())) {
    fmt::print("({} of {} devices; --limit 0 lists all)\n", list.devices.size(), list.total);
  }
  return Status::Ok();
}

store::DeviceSelector Selector(const FleetOptions& options, size_t device_arguments) {
  store::DeviceSelector selector;
  selector.device_ids.assign(options.arguments.begin(),
                             options.arguments.begin() + static_cast<ptrdiff_t>(device_arguments));
  selector.hardware = options.hardware;
  selector.class_key = options.class_key;
  return selector;
}

Status RunDeploy(const FleetOptions& options) {
  ARENASTORE_CHECK_OR_RETURN(!options.arguments.empty(), ErrorCode::kInvalidArgument,
                             "name the model version to deploy, e.g. `arenastore fleet deploy "
                             "--hardware nrf5340 kws@3`");
  const std::string& reference = options.arguments.back();
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(
      const store::DeployOutcome outcome,
      store::Deploy(registry, Selector(options, options.arguments.size() - 1), reference,
                    "fleet deploy"));
  const std::string name = outcome.version.model + "@" + std::to_string(outcome.version.version);
  if (*options.json) {
    EmitJson(nlohmann::json{{"model", outcome.version.model},
                            {"version", outcome.version.version},
                            {"sha256", outcome.version.sha256},
                            {"selected", outcome.selected},
                            {"changed", outcome.changed}});
    return Status::Ok();
  }
  fmt::print("deployed {} to {} devices ({} already ran it)\n", name, outcome.selected,
             outcome.selected - outcome.changed);
  return Status::Ok();
}

Status RunRm(const FleetOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(
      const int64_t removed,
      store::RemoveDevices(registry, Selector(options, options.arguments.size())));
  if (*options.json) {
    EmitJson(nlohmann::json{{"removed", removed}});
  } else {
    fmt::print("removed {} devices and their deployments\n", removed);
  }
  return Status::Ok();
}

void AddSelectorOptions(CLI::App* command, FleetOptions* options) {
  command->add_option("--hardware", options->hardware, "Every device of this hardware");
  command->add_option("--class", options->class_key,
                      "Every device of this class (12 hex digits, see `fleet ls --class`)");
}

}  // namespace

Verb SetupFleet(CLI::App& app) {
  auto options = std::make_shared<FleetOptions>();
  CLI::App* command = app.add_subcommand("fleet", "The device inventory the audit judges");
  command->require_subcommand(1);
  command->footer("Example: arenastore fleet import devices.csv && arenastore fleet ls --class");

  CLI::App* import = command->add_subcommand("import", "Add or update devices from a CSV file");
  import->add_option("file", options->file, "CSV file")->required();
  import->footer(
      "Columns (header line required, any order): device,hardware,isa,kernel_version,pools"
      "[,model]\n  e.g. dev-001,nrf5340,arm_dsp,1.2.0,\"sram=256K;dtcm=64K\",kws@prod\n"
      "Bad lines are listed with their numbers and nothing is imported (exit 1).\n"
      "Example: arenastore fleet import devices.csv");

  CLI::App* ls = command->add_subcommand("ls", "List devices, or device classes with --class");
  ls->add_flag("--class", options->classes, "List device classes instead of devices");
  ls->add_option("--hardware", options->hardware, "Only devices of this hardware");
  ls->add_option("--in-class", options->class_key, "Only devices of this class");
  ls->add_option("--limit", options->limit, "At most this many devices (0 = all)")
      ->check(NonNegative())
      ->default_val(kDefaultFleetLsLimit);
  ls->footer("Example: arenastore fleet ls --hardware nrf5340 --json");

  CLI::App* deploy = command->add_subcommand("deploy", "Deploy a model version to devices");
  deploy->add_option("args", options->arguments, "DEVICE... REF (or REF with --hardware/--class)")
      ->required();
  AddSelectorOptions(deploy, options.get());
  deploy->footer("Example: arenastore fleet deploy --hardware nrf5340 kws@prod");

  CLI::App* rm = command->add_subcommand("rm", "Remove devices from the inventory");
  rm->add_option("devices", options->arguments, "Device ids");
  AddSelectorOptions(rm, options.get());
  rm->footer("Example: arenastore fleet rm dev-001 dev-002");

  for (CLI::App* sub : {import, ls, deploy, rm}) {
    AddDbOption(sub, &options->db);
    sub->add_flag("--json", *options->json, "Print JSON");
  }
  auto run = [options, import, ls, deploy]() -> Status {
    if (import->parsed()) return RunImport(*options);
    if (ls->parsed()) return RunLs(*options);
    if (deploy->parsed()) return RunDeploy(*options);
    return RunRm(*options);
  };
  return {command, run, options->json};
}

}  // namespace arenastore::cli
