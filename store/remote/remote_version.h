// A model version on a remote: a selector ("" = the highest version tag, "3", or an alias such
// as "prod") resolved to its version tag, manifest and parsed ArtifactManifest, and the tag
// listing split into versions and aliases. Called by the remote pull, show and ls.
// The manifest is digest-checked by the client; an alias must point at the same manifest as
// its version's tag (kRemote otherwise). Errors: kNotFound naming what the remote has, plus
// the client's. Heap OK.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "base/result.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/oci_client.h"

namespace arenastore::store::remote {

struct RemoteVersion {
  std::string repository;
  int64_t version = 0;
  Manifest manifest;  // bytes and verified digest
  ArtifactManifest parsed;
};

struct RemoteTags {
  std::map<int64_t, std::string> versions;  // version -> its tag (always the decimal text)
  std::vector<std::string> aliases;         // sorted
  std::set<std::string> all;                // every tag, referrers tags included
};

Result<RemoteTags> ListRemoteTags(OciClient& client, const std::string& repository);

// The repository of `model` on the client's remote; kInvalidArgument when the model's name is
// not a valid repository component (e.g. uppercase letters).
Result<std::string> RepositoryOf(const OciClient& client, const std::string& model);

// The manifest at version tag `version`, checked to be arenastore's and to carry that number.
Result<RemoteVersion> FetchRemoteVersion(OciClient& client, const std::string& model,
                                         int64_t version);
Result<RemoteVersion> ResolveRemoteVersion(OciClient& client, const std::string& model,
                                           const std::string& selector);

}  // namespace arenastore::store::remote
