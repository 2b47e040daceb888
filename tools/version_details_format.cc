#include "tools/version_details_format.h"

#include <fmt/core.h>

#include "store/ed25519.h"
#include "tools/registry_format.h"

namespace arenastore::cli {
namespace {

std::string JoinAliases(const std::vector<std::string>& aliases) {
  std::string text;
  for (const std::string& alias : aliases) text += (text.empty() ? "" : ",") + alias;
  return text;
}

std::string VersionText(int64_t version) { return version == 0 ? "-" : std::to_string(version); }

void PrintHeader(const store::VersionDetails& d) {
  const store::ArtifactMetadata& m = d.metadata;
  fmt::print("{}\n", d.version.Name());
  fmt::print("  digest      sha256:{}\n", m.sha256);
  fmt::print("  size        {}\n", GroupedBytes(m.size_bytes));
  fmt::print("  format      {}.{}   producer {}\n", m.format_major, m.format_minor, m.producer);
  fmt::print("  target      kernel library {}, isa {}, cpu {}\n", m.kernel_version, m.target_isa,
             m.target_cpu);
  fmt::print("  plan        {} planned, lower bound {}, {} ({} ops, {} of scratch)\n",
             GroupedBytes(m.planned_bytes), GroupedBytes(m.lower_bound_bytes), m.plan_algorithm,
             m.operators.size(), GroupedBytes(m.scratch_bytes));
  if (!d.pushed_at.empty()) fmt::print("  pushed      {}\n", d.pushed_at);
  if (!d.note.empty()) fmt::print("  note        {}\n", d.note);
  std::string aliases;
  for (const std::string& alias : d.aliases) aliases += (aliases.empty() ? "" : ", ") + alias;
  fmt::print("  aliases     {}\n", aliases.empty() ? "none" : aliases);
}

void PrintTables(const store::VersionDetails& d) {
  // Operand types come from an artifact or a remote config; the index tables do not keep them.
  const bool dtypes = !d.metadata.operators.empty() && !d.metadata.operators.front().dtypes.empty();
  fmt::print("\n  {:>4}  {:<20} {:>14}{}\n", "OP", "KIND", "SCRATCH", dtypes ? "  DTYPES" : "");
  for (const store::OperatorRecord& op : d.metadata.operators) {
    fmt::print("  {:>4}  {:<20} {:>14}{}\n", op.index, op.kind, GroupedBytes(op.scratch_bytes),
               dtypes ? "  " + op.dtypes : "");
  }
  fmt::print("\n  {:<10} {:<10} {:>14} {:>14} {:>6}\n", "POOL", "KIND", "PLANNED", "CAPACITY",
             "ALIGN");
  for (const store::PoolRecord& pool : d.metadata.pools) {
    fmt::print("  {:<10} {:<10} {:>14} {:>14} {:>6}\n", pool.name, pool.kind,
               GroupedBytes(pool.planned_bytes),
               pool.capacity_bytes == 0 ? "unbounded" : GroupedBytes(pool.capacity_bytes),
               pool.alignment);
  }
}

void PrintHistoryAndLineage(const store::VersionDetails& d) {
  if (!d.alias_history.empty()) fmt::print("\n  alias journal\n");
  for (const store::AliasMove& move : d.alias_history) {
    fmt::print("    {}  {:<12} {} -> {}{}\n", move.moved_at.substr(0, 19), move.alias,
               VersionText(move.old_version), VersionText(move.new_version),
               move.rolled_back_past == 0
                   ? ""
                   : fmt::format("  rollback below {} allowed (--allow-rollback, {})",
                                 VersionText(move.rolled_back_past), move.rollback_via));
  }
  fmt::print("\n  signatures  {}\n", d.signatures.empty() ? "none (`arenastore sign`)" : "");
  for (const store::SignatureRow& row : d.signatures) {
    fmt::print("    key {}…  {}  {}\n", store::HexOf(row.public_key).substr(0, 16),
               !row.revoked_as.empty() ? "REVOKED key (was " + row.revoked_as + ")"
               : row.key_name.empty()  ? "untrusted key"
                                       : "trusted as " + row.key_name,
               row.signed_at.substr(0, 19));
  }
  const store::ArtifactMetadata& m = d.metadata;
  fmt::print("\n  lineage     source model {}{}\n",
             m.source_model_name.empty() ? "(built-in)" : m.source_model_name,
             m.source_model_sha256.empty() ? "" : " sha256:" + m.source_model_sha256.substr(0, 12));
  if (!d.derived_from_sha256.empty()) {
    fmt::print("              re-planned from {}\n", ShortDigest(d.derived_from_sha256));
  }
  for (const std::string& other : d.same_bytes_as) {
    fmt::print("              same bytes as {}\n", other);
  }
}

}  // namespace

nlohmann::json VersionRowJson(const store::VersionRow& row) {
  return {{"model", row.model},
          {"version", row.version},
          {"reference", row.model + "@" + std::to_string(row.version)},
          {"sha256", row.sha256},
          {"size_bytes", row.size_bytes},
          {"kernel_version", row.kernel_version},
          {"target_isa", row.target_isa},
          {"planned_bytes", row.planned_bytes},
          {"pushed_at", row.pushed_at},
          {"note", row.note},
          {"aliases", row.aliases}};
}

nlohmann::json VersionListJson(const std::string& db_path, const store::VersionList& list) {
  nlohmann::json versions = nlohmann::json::array();
  for (const store::VersionRow& row : list.rows) versions.push_back(VersionRowJson(row));
  return {{"db", db_path},
          {"total", list.total},
          {"truncated", list.total > static_cast<int64_t>(list.rows.size())},
          {"versions", versions}};
}

void PrintVersionRowHeader() {
  fmt::print("{:<24} {:<19} {:>12} {:<8} {:<15} {:>14}  {:<20} {}\n", "VERSION", "DIGEST", "SIZE",
             "KERNEL", "ISA", "PLANNED", "PUSHED", "ALIASES");
}

void PrintVersionRow(const store::VersionRow& row) {
  fmt::print("{:<24} {:<19} {:>12} {:<8} {:<15} {:>14}  {:<20} {}\n",
             row.model + "@" + std::to_string(row.version), ShortDigest(row.sha256),
             GroupedBytes(row.size_bytes), row.kernel_version, row.target_isa,
             GroupedBytes(row.planned_bytes), row.pushed_at.substr(0, 19),
             JoinAliases(row.aliases));
}

nlohmann::json DetailsJson(const store::VersionDetails& d) {
  const store::ArtifactMetadata& m = d.metadata;
  nlohmann::json operators = nlohmann::json::array();
  for (const store::OperatorRecord& op : m.operators) {
    nlohmann::json entry = {
        {"index", op.index}, {"kind", op.kind}, {"scratch_bytes", op.scratch_bytes}};
    if (!op.dtypes.empty()) entry["dtypes"] = op.dtypes;
    operators.push_back(std::move(entry));
  }
  nlohmann::json pools = nlohmann::json::array();
  for (const store::PoolRecord& pool : m.pools) {
    pools.push_back({{"index", pool.index},
                     {"name", pool.name},
                     {"kind", pool.kind},
                     {"planned_bytes", pool.planned_bytes},
                     {"alignment", pool.alignment},
                     {"capacity_bytes", pool.capacity_bytes}});
  }
  nlohmann::json history = nlohmann::json::array();
  for (const store::AliasMove& move : d.alias_history) {
    history.push_back({{"alias", move.alias},
                       {"old_version", move.old_version},
                       {"new_version", move.new_version},
                       {"moved_at", move.moved_at},
                       {"rolled_back_past", move.rolled_back_past},
                       {"rollback_via", move.rollback_via}});
  }
  nlohmann::json signatures = nlohmann::json::array();
  for (const store::SignatureRow& row : d.signatures) {
    signatures.push_back({{"public_key", store::HexOf(row.public_key)},
                          {"trusted_key_name", row.key_name},
                          {"revoked_key_name", row.revoked_as},
                          {"signed_at", row.signed_at}});
  }
  return {{"reference", d.version.Name()},
          {"model", d.version.model},
          {"version", d.version.version},
          {"sha256", m.sha256},
          {"size_bytes", m.size_bytes},
          {"format_version", fmt::format("{}.{}", m.format_major, m.format_minor)},
          {"producer", m.producer},
          {"model_name", m.model_name},
          {"kernel_version", m.kernel_version},
          {"target_isa", m.target_isa},
          {"target_cpu", m.target_cpu},
          {"plan_algorithm", m.plan_algorithm},
          {"planned_bytes", m.planned_bytes},
          {"lower_bound_bytes", m.lower_bound_bytes},
          {"scratch_bytes", m.scratch_bytes},
          {"pushed_at", d.pushed_at},
          {"stored_at", d.stored_at},
          {"note", d.note},
          {"aliases", d.aliases},
          {"alias_history", history},
          {"signatures", signatures},
          {"operators", operators},
          {"pools", pools},
          {"lineage",
           {{"source_model_name", m.source_model_name},
            {"source_model_sha256", m.source_model_sha256},
            {"derived_from_sha256", d.derived_from_sha256},
            {"same_bytes_as", d.same_bytes_as}}}};
}

void PrintDetails(const store::VersionDetails& details) {
  PrintHeader(details);
  PrintTables(details);
  PrintHistoryAndLineage(details);
}
}  // namespace arenastore::cli
