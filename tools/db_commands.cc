// `arenastore verify` and `arenastore db migrate | backup | info`: looking after the store
// file itself. verify re-hashes every blob, verifies every stored signature and runs SQLite's
// checks (exit 4 naming each bad artifact and each signature that no longer verifies); migrate
// backs up before upgrading the schema; backup copies a live store safely.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "store/backup.h"
#include "store/migrate_store.h"
#include "store/store_info.h"
#include "store/verify.h"
#include "tools/json_document.h"
#include "tools/output_file.h"
#include "tools/progress.h"
#include "tools/registry_format.h"
#include "tools/registry_verbs.h"
#include "tools/store_access.h"
#include "tools/verify_report.h"

namespace arenastore::cli {
namespace {

struct VerifyOptions {
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunVerify(const VerifyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  store::VerifyReport report;
  {
    Progress progress("verify");
    ARENASTORE_ASSIGN_OR_RETURN(
        report, store::VerifyStore(
                    registry, [&](int64_t done, int64_t total) { progress.Update(done, total); }));
  }
  if (*options.json) {
    EmitJson(VerifyReportJson(registry.path(), report));
  } else {
    fmt::print(
        "checked {} artifact(s), {} re-hashed, {} signature(s), SQLite integrity_check and "
        "foreign_key_check\n",
        report.artifacts_checked, GroupedBytes(report.bytes_hashed), report.signatures_checked);
    for (const store::VerifyProblem& problem : report.problems) {
      if (problem.sha256.empty()) {
        fmt::print("BAD  {}\n", problem.problem);
      } else {
        fmt::print("BAD  {} ({}): {}\n", ShortDigest(problem.sha256), problem.referenced,
                   problem.problem);
      }
    }
    if (report.ok()) fmt::print("ok: {} is intact\n", registry.path());
  }
  return VerifyOutcome(registry.path(), report);
}

struct DbOptions {
  std::string db;
  std::string backup_path;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Result<store::Database> OpenRaw(const DbOptions& options, StoreAccess access) {
  return store::Database::Open(DbPath(options.db), StoreOpenOptions(access));
}

Status RunMigrate(const DbOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Database db, OpenRaw(options, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(const store::MigrationOutcome outcome, store::MigrateStore(db));
  if (*options.json) {
    EmitJson(nlohmann::json{{"db", db.path()},
                            {"from_version", outcome.from_version},
                            {"to_version", outcome.to_version},
                            {"backup", outcome.backup_path}});
  } else if (outcome.from_version == outcome.to_version) {
    fmt::print("{} is already at schema version {}; nothing to do\n", db.path(),
               outcome.to_version);
  } else {
    fmt::print("migrated {} from schema version {} to {}\n", db.path(), outcome.from_version,
               outcome.to_version);
    if (!outcome.backup_path.empty())
      fmt::print("backup of the old store: {}\n", outcome.backup_path);
  }
  return Status::Ok();
}

Status RunBackup(const DbOptions& options) {
  // The target is judged like every output (no `-`, its directory must exist) before the store
  // is read; BackupTo writes it atomically and never over an existing file.
  OutputRules rules;
  rules.existing = store::ExistingFile::kRefuse;
  ARENASTORE_RETURN_IF_ERROR(ResolveOutput(options.backup_path, rules).status());
  ARENASTORE_ASSIGN_OR_RETURN(store::Database db, OpenRaw(options, StoreAccess::kRead));
  ARENASTORE_RETURN_IF_ERROR(store::BackupTo(db, options.backup_path));
  if (*options.json) {
    EmitJson(nlohmann::json{{"db", db.path()}, {"backup", options.backup_path}});
  } else {
    fmt::print("backed up {} to {}\n", db.path(), options.backup_path);
  }
  return Status::Ok();
}

Status RunInfo(const DbOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Database db, OpenRaw(options, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::StoreInfo info, store::ReadStoreInfo(db));
  const bool current = info.schema_version == info.latest_schema_version;
  if (*options.json) {
    nlohmann::json json = {{"db", info.path},
                           {"schema_version", info.schema_version},
                           {"latest_schema_version", info.latest_schema_version},
                           {"needs_migration", info.schema_version < info.latest_schema_version},
                           {"journal_mode", info.journal_mode},
                           {"file_bytes", info.file_bytes},
                           {"free_bytes", info.free_bytes}};
    if (info.counted) {
      json["models"] = info.models;
      json["versions"] = info.versions;
      json["artifacts"] = info.artifacts;
      json["artifact_bytes"] = info.artifact_bytes;
      json["unreferenced_artifacts"] = info.unreferenced_artifacts;
      json["aliases"] = info.aliases;
      json["trusted_keys"] = info.trusted_keys;
      json["signatures"] = info.signatures;
      json["require_signature"] = info.require_signature;
    }
    EmitJson(json);
    return Status::Ok();
  }
  fmt::print("store        {}\n", info.path);
  fmt::print("schema       version {}{}\n", info.schema_version,
             current ? " (current)"
             : info.schema_version < info.latest_schema_version
                 ? fmt::format(" (this arenastore uses {}: run `arenastore db migrate`)",
                               info.latest_schema_version)
                 : fmt::format(" (newer than this arenastore's {})", info.latest_schema_version));
  fmt::print("file         {} ({} free), journal {}\n", GroupedBytes(info.file_bytes),
             GroupedBytes(info.free_bytes), info.journal_mode);
  if (!info.counted) return Status::Ok();
  fmt::print("models       {} with {} versions\n", info.models, info.versions);
  fmt::print("artifacts    {} ({}), {} unreferenced (`arenastore gc`)\n", info.artifacts,
             GroupedBytes(static_cast<uint64_t>(info.artifact_bytes)), info.unreferenced_artifacts);
  fmt::print("aliases      {}\n", info.aliases);
  fmt::print("signatures   {} by {} trusted key(s); require-signature {}\n", info.signatures,
             info.trusted_keys, info.require_signature ? "on" : "off");
  return Status::Ok();
}

}  // namespace

Verb SetupVerify(CLI::App& app) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* command = app.add_subcommand(
      "verify",
      "Re-hash every stored artifact, verify every signature and check the database (exit 4 "
      "on damage)");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the report as JSON");
  command->footer("Example: arenastore verify --db fleet.db");
  return {command, [options] { return RunVerify(*options); }, options->json};
}

Verb SetupDb(CLI::App& app) {
  auto options = std::make_shared<DbOptions>();
  CLI::App* command = app.add_subcommand("db", "Migrate, back up or describe the store file");
  command->require_subcommand(1);
  command->footer("Example: arenastore db info");
  CLI::App* migrate = command->add_subcommand(
      "migrate", "Upgrade an older store to this arenastore's schema (backs up first)");
  AddDbOption(migrate, &options->db);
  migrate->add_flag("--json", *options->json, "Print the outcome as JSON");
  migrate->footer("Example: arenastore db migrate --db old.db");
  CLI::App* backup =
      command->add_subcommand("backup", "Write a consistent copy of the live store (VACUUM INTO)");
  backup->add_option("file", options->backup_path, "New file to write")->required();
  AddDbOption(backup, &options->db);
  backup->add_flag("--json", *options->json, "Print the outcome as JSON");
  backup->footer("Example: arenastore db backup arenastore-2024-06-01.db");
  CLI::App* info = command->add_subcommand("info", "Schema version, counts and sizes");
  AddDbOption(info, &options->db);
  info->add_flag("--json", *options->json, "Print the facts as JSON");
  info->footer("Example: arenastore db info --json");
  auto run = [options, migrate, backup]() -> Status {
    if (migrate->parsed()) return RunMigrate(*options);
    if (backup->parsed()) return RunBackup(*options);
    return RunInfo(*options);
  };
  return {command, run, options->json};
}

}  // namespace arenastore::cli
