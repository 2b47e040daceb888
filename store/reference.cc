#include "store/reference.h"

#include <vector>

#include "store/names.h"
#include "store/near_match.h"

namespace arenastore::store {
namespace {

constexpr std::string_view kDigestPrefix = "sha256:";
constexpr size_t kMinDigestChars = 8;

constexpr const char* kSelectVersion =
    "SELECT a.id, a.sha256, a.size_bytes, a.kernel_version, a.target_isa, m.id, m.name, "
    "v.version FROM versions v JOIN models m ON m.id = v.model_id "
    "JOIN artifacts a ON a.id = v.artifact_id ";

bool IsHex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

ResolvedVersion ReadRow(const Statement& row) {
  ResolvedVersion resolved;
  resolved.artifact_id = row.ColumnInt(0);
  resolved.sha256 = row.ColumnText(1);
  resolved.size_bytes = static_cast<uint64_t>(row.ColumnInt(2));
  resolved.kernel_version = row.ColumnText(3);
  resolved.target_isa = row.ColumnText(4);
  resolved.model_id = row.ColumnInt(5);
  resolved.model = row.ColumnText(6);
  resolved.version = row.ColumnInt(7);
  return resolved;
}

Result<std::vector<std::string>> Strings(Registry& registry, std::string_view sql,
                                         const std::string& argument) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement query, registry.db().Prepare(sql));
  if (!argument.empty()) ARENASTORE_RETURN_IF_ERROR(query.Bind(1, argument));
  std::vector<std::string> values;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, query.Step());
    if (!row) return values;
    values.push_back(query.ColumnText(0));
  }
}

std::string Join(const std::vector<std::string>& values) {
  std::string text;
  for (const std::string& value : values) text += (text.empty() ? "" : ", ") + value;
  return text;
}

// Explains why a model reference matched nothing, naming what does exist.
Status ExplainMissing(Registry& registry, const Reference& reference) {
  // Pulled versions keep their remote numbers, so a number below last_version may never have
  // been held here; removed_versions (migration 0005) says which ones were.
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement model,
      registry.db().Prepare("SELECT id, last_version, (SELECT min(version) FROM versions WHERE "
                            "model_id = models.id), (SELECT max(version) FROM versions WHERE "
                            "model_id = models.id), EXISTS (SELECT 1 FROM removed_versions r "
                            "WHERE r.model_id = models.id AND r.version = ?2) FROM models WHERE "
                            "name = ?1"));
  ARENASTORE_RETURN_IF_ERROR(model.BindAll(reference.model, reference.version));
  ARENASTORE_ASSIGN_OR_RETURN(const bool exists, model.Step());
  if (!exists) return FindModelId(registry, reference.model).status();
  const int64_t last = model.ColumnInt(1);
  if (model.ColumnIsNull(2)) {
    return Status::Error(ErrorCode::kNotFound, "model '%s' has no versions left (all %lld removed)",
                         reference.model.c_str(), static_cast<long long>(last));
  }
  const long long lowest = model.ColumnInt(2);
  const long long highest = model.ColumnInt(3);
  if (reference.kind == Reference::Kind::kVersion) {
    const bool removed = model.ColumnInt(4) != 0;
    return Status::Error(ErrorCode::kNotFound,
                         "%s has no version %lld%s; its versions are %lld..%lld",
                         reference.model.c_str(), static_cast<long long>(reference.version),
                         removed ? " (it was removed)" : "", lowest, highest);
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      const std::vector<std::string> aliases,
      Strings(registry,
              "SELECT alias FROM aliases WHERE model_id = (SELECT id FROM models WHERE name = ?) "
              "ORDER BY alias",
              reference.model));
  return Status::Error(ErrorCode::kNotFound, "%s has no alias '%s' (its aliases: %s)%s",
                       reference.model.c_str(), reference.alias.c_str(),
                       aliases.empty() ? "none" : Join(aliases).c_str(),
                       DidYouMean(NearMatches(reference.alias, aliases)).c_str());
}

Result<ResolvedVersion> ResolveModelReference(Registry& registry, const Reference& reference) {
  std::string sql = kSelectVersion;
  switch (reference.kind) {
    case Reference::Kind::kLatest:
      sql += "WHERE m.name = ?1 ORDER BY v.version DESC LIMIT 1";
      break;
    case Reference::Kind::kVersion:
      sql += "WHERE m.name = ?1 AND v.version = ?2";
      break;
    default:
      sql +=
          "JOIN aliases al ON al.model_id = v.model_id AND al.version = v.version "
          "WHERE m.name = ?1 AND al.alias = ?3";
      break;
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement query, registry.db().Prepare(sql));
  ARENASTORE_RETURN_IF_ERROR(query.Bind(1, reference.model));
  if (reference.kind == Reference::Kind::kVersion) {
    ARENASTORE_RETURN_IF_ERROR(query.Bind(2, reference.version));
  }
  if (reference.kind == Reference::Kind::kAlias) {
    ARENASTORE_RETURN_IF_ERROR(query.Bind(3, reference.alias));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  if (found) return ReadRow(query);
  return ExplainMissing(registry, reference);
}

Status Ambiguous(const Reference& reference, Registry& registry, const std::string& upper) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement candidates,
      registry.db().Prepare(
          "SELECT a.sha256, coalesce((SELECT group_concat(m.name || '@' || v.version, ' ') FROM "
          "versions v JOIN models m ON m.id = v.model_id WHERE v.artifact_id = a.id), "
          "'unreferenced') FROM artifacts a WHERE a.sha256 >= ? AND a.sha256 < ? "
          "ORDER BY a.sha256 LIMIT 5"));
  ARENASTORE_RETURN_IF_ERROR(candidates.BindAll(reference.digest_prefix, upper));
  std::string list;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, candidates.Step());
    if (!row) break;
    list +=
        "\n  sha256:" + candidates.ColumnText(0).substr(0, 16) + "  " + candidates.ColumnText(1);
  }
  return Status::Error(ErrorCode::kInvalidArgument,
                       "sha256:%s matches more than one artifact; give more digits:%s",
                       reference.digest_prefix.c_str(), list.c_str());
}

Result<ResolvedVersion> ResolveDigest(Registry& registry, const Reference& reference) {
  // Hex digits sort below 'g', so [prefix, prefix + "g") is exactly the digests with the prefix.
  const std::string upper = reference.digest_prefix + "g";
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement matches,
      registry.db().Prepare("SELECT id, sha256, size_bytes, kernel_version, target_isa FROM "
                            "artifacts WHERE sha256 >= ? AND sha256 < ? LIMIT 2"));
  ARENASTORE_RETURN_IF_ERROR(matches.BindAll(reference.digest_prefix, upper));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, matches.Step());
  if (!found) {
    return Status::Error(ErrorCode::kNotFound,
                         "no artifact in %s has a digest starting with %s; `arenastore ls` "
                         "shows the stored digests",
                         registry.path().c_str(), reference.digest_prefix.c_str());
  }
  ResolvedVersion artifact;
  artifact.artifact_id = matches.ColumnInt(0);
  artifact.sha256 = matches.ColumnText(1);
  artifact.size_bytes = static_cast<uint64_t>(matches.ColumnInt(2));
  artifact.kernel_version = matches.ColumnText(3);
  artifact.target_isa = matches.ColumnText(4);
  ARENASTORE_ASSIGN_OR_RETURN(const bool more, matches.Step());
  if (more) return Ambiguous(reference, registry, upper);
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement newest, registry.db().Prepare(std::string(kSelectVersion) +
                                              "WHERE v.artifact_id = ? ORDER BY v.pushed_at DESC, "
                                              "m.name, v.version DESC LIMIT 1"));
  ARENASTORE_RETURN_IF_ERROR(newest.Bind(1, artifact.artifact_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool referenced, newest.Step());
  return referenced ? ReadRow(newest) : artifact;
}

Result<Reference> ParseDigest(std::string_view hex, std::string_view text) {
  Reference reference;
  reference.kind = Reference::Kind::kDigest;
  for (char c : hex) reference.digest_prefix.push_back(c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c);
  bool hex_only = true;
  for (char c : reference.digest_prefix) hex_only = hex_only && IsHex(c);
  const std::string shown(text);
  ARENASTORE_CHECK_OR_RETURN(hex_only && reference.digest_prefix.size() >= kMinDigestChars &&
                                 reference.digest_prefix.size() <= 64,
                             ErrorCode::kInvalidArgument,
                             "'%s' is not a digest reference: use sha256: followed by 8 to 64 hex "
                             "digits (e.g. sha256:3f2a9c01)",
                             shown.c_str());
  return reference;
}

}  // namespace

Result<int64_t> FindModelId(Registry& registry, std::string_view model) {
  const std::string name(model);
  ARENASTORE_ASSIGN_OR_RETURN(Statement find,
                              registry.db().Prepare("SELECT id FROM models WHERE name = ?"));
  ARENASTORE_RETURN_IF_ERROR(find.Bind(1, name));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, find.Step());
  if (found) return find.ColumnInt(0);
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> names,
                              Strings(registry, "SELECT name FROM models", ""));
  return Status::Error(
      ErrorCode::kNotFound, "no model '%s' in %s%s; `arenastore ls` lists the stored models",
      name.c_str(), registry.path().c_str(), DidYouMean(NearMatches(name, names)).c_str());
}

std::string ResolvedVersion::Name() const {
  if (model_id == 0) return "sha256:" + sha256.substr(0, 12);
  return model + "@" + std::to_string(version);
}

bool LooksLikeReference(std::string_view text) {
  if (text.starts_with(kDigestPrefix)) return true;
  if (text.find('/') != std::string_view::npos || text.ends_with(".arena") ||
      text.ends_with(".tflite")) {
    return false;
  }
  return ParseReference(text).ok();
}

Result<Reference> ParseReference(std::string_view text) {
  if (text.starts_with(kDigestPrefix)) return ParseDigest(text.substr(kDigestPrefix.size()), text);
  Reference reference;
  const size_t at = text.find('@');
  reference.model = std::string(text.substr(0, at));
  ARENASTORE_RETURN_IF_ERROR(ValidateModelName(reference.model));
  if (at == std::string_view::npos) return reference;
  const std::string selector(text.substr(at + 1));
  if (selector == "latest") return reference;
  bool digits = !selector.empty() && selector.size() <= 18;
  for (char c : selector) digits = digits && c >= '0' && c <= '9';
  if (digits) {
    reference.kind = Reference::Kind::kVersion;
    reference.version = std::stoll(selector);
    ARENASTORE_CHECK_OR_RETURN(reference.version >= 1, ErrorCode::kInvalidArgument,
                               "versions start at 1; '%s' names version 0",
                               std::string(text).c_str());
    return reference;
  }
  ARENASTORE_RETURN_IF_ERROR(ValidateAlias(selector));
  reference.kind = Reference::Kind::kAlias;
  reference.alias = selector;
  return reference;
}

Result<ResolvedVersion> Resolve(Registry& registry, const Reference& reference) {
  if (reference.kind == Reference::Kind::kDigest) return ResolveDigest(registry, reference);
  return ResolveModelReference(registry, reference);
}

Result<ResolvedVersion> Resolve(Registry& registry, std::string_view text) {
  ARENASTORE_ASSIGN_OR_RETURN(const Reference reference, ParseReference(text));
  return Resolve(registry, reference);
}

}  // namespace arenastore::store
