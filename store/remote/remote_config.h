// Remotes: the OCI registries this store shares artifacts through (`arenastore remote add |
// ls | rm`), rows of the remotes table (migration 0005): a name, a URL whose path is the
// namespace models live under (`https://registry.example.com/team` -> team/<model>), an
// optional CA bundle and whether plain HTTP is allowed beyond loopback. Credentials are never
// stored here (remote/credentials.h). Called by the remote verbs, push/pull and listing.
// Errors: kInvalidArgument (name, URL, CA file), kStoreConflict (name taken), kNotFound (no
// such remote, listing those that exist), kStore. Heap OK.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "store/registry.h"
#include "store/remote/oci_client.h"

namespace arenastore::store::remote {

struct RemoteConfig {
  std::string name;
  std::string url;
  std::string ca_file;  // absolute path, "" = the system's CAs
  bool insecure = false;
  std::string added_at;
};

// Validates (name like an alias; URL https://, or http:// with insecure or on loopback; the CA
// file readable) and adds the row.
Status AddRemote(Registry& registry, const RemoteConfig& remote);
Result<std::vector<RemoteConfig>> ListRemotes(Registry& registry);
Status RemoveRemote(Registry& registry, const std::string& name);
Result<RemoteConfig> FindRemote(Registry& registry, const std::string& name);

Result<RemoteEndpoint> EndpointOf(const RemoteConfig& remote);

}  // namespace arenastore::store::remote
