#include "store/remote/remote_config.h"

#include <cstdio>

#include "store/names.h"

namespace arenastore::store::remote {
namespace {

Status ValidateRemote(const RemoteConfig& remote) {
  Status name = ValidateAlias(remote.name);
  if (!name.ok()) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "remote name '%s': 1-64 of [A-Za-z0-9._-], starting with a letter",
                         remote.name.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(const RegistryUrl url, ParseRegistryUrl(remote.url));
  ARENASTORE_CHECK_OR_RETURN(!url.plain_http() || remote.insecure || IsLoopbackHost(url.host),
                             ErrorCode::kInvalidArgument,
                             "%s is plain HTTP: use https://, or pass --insecure to allow plain "
                             "HTTP to %s (credentials and artifacts travel unencrypted)",
                             remote.url.c_str(), url.host.c_str());
  if (!remote.ca_file.empty()) {
    FILE* file = std::fopen(remote.ca_file.c_str(), "rb");
    ARENASTORE_CHECK_OR_RETURN(file != nullptr, ErrorCode::kInvalidArgument,
                               "--ca-file %s cannot be read", remote.ca_file.c_str());
    std::fclose(file);
  }
  return Status::Ok();
}

RemoteConfig ReadRow(const Statement& row) {
  return {row.ColumnText(0), row.ColumnText(1), row.ColumnText(2), row.ColumnInt(3) != 0,
          row.ColumnText(4)};
}

constexpr const char* kSelect = "SELECT name, url, ca_file, insecure, added_at FROM remotes ";

}  // namespace

Status AddRemote(Registry& registry, const RemoteConfig& remote) {
  ARENASTORE_RETURN_IF_ERROR(ValidateRemote(remote));
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      registry.db().Prepare("INSERT INTO remotes (name, url, ca_file, insecure) VALUES (?, ?, ?, "
                            "?) ON CONFLICT (name) DO NOTHING RETURNING name"));
  ARENASTORE_RETURN_IF_ERROR(
      insert.BindAll(remote.name, remote.url, remote.ca_file, int64_t{remote.insecure ? 1 : 0}));
  ARENASTORE_ASSIGN_OR_RETURN(const bool inserted, insert.Step());
  ARENASTORE_RETURN_IF_ERROR(insert.Reset());
  ARENASTORE_CHECK_OR_RETURN(inserted, ErrorCode::kStoreConflict,
                             "a remote named %s exists; remove it first (`arenastore remote rm "
                             "%s`) or pick another name",
                             remote.name.c_str(), remote.name.c_str());
  return Status::Ok();
}

Result<std::vector<RemoteConfig>> ListRemotes(Registry& registry) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement rows,
                              registry.db().Prepare(std::string(kSelect) + "ORDER BY name"));
  std::vector<RemoteConfig> remotes;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return remotes;
    remotes.push_back(ReadRow(rows));
  }
}

Result<RemoteConfig> FindRemote(Registry& registry, const std::string& name) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement row,
                              registry.db().Prepare(std::string(kSelect) + "WHERE name = ?"));
  ARENASTORE_RETURN_IF_ERROR(row.Bind(1, name));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, row.Step());
  if (found) return ReadRow(row);
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<RemoteConfig> remotes, ListRemotes(registry));
  std::string names;
  for (const RemoteConfig& remote : remotes) names += (names.empty() ? "" : ", ") + remote.name;
  return Status::Error(ErrorCode::kNotFound,
                       "no remote named %s in this store (remotes: %s); add one with "
                       "`arenastore remote add %s URL`",
                       name.c_str(), names.empty() ? "none" : names.c_str(), name.c_str());
}

Status RemoveRemote(Registry& registry, const std::string& name) {
  ARENASTORE_RETURN_IF_ERROR(FindRemote(registry, name).status());
  ARENASTORE_ASSIGN_OR_RETURN(Statement remove,
                              registry.db().Prepare("DELETE FROM remotes WHERE name = ?"));
  ARENASTORE_RETURN_IF_ERROR(remove.Bind(1, name));
  return remove.Run();
}

Result<RemoteEndpoint> EndpointOf(const RemoteConfig& remote) {
  RemoteEndpoint endpoint;
  endpoint.name = remote.name;
  ARENASTORE_ASSIGN_OR_RETURN(endpoint.url, ParseRegistryUrl(remote.url));
  endpoint.insecure = remote.insecure;
  return endpoint;
}

}  // namespace arenastore::store::remote
