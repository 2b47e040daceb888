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
#include <vector>

#include "base/result.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/oci_storage.h"

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

Result<RemoteTags> ListRemoteTags(OciStorage& client, const std::string& repository);

// The repository of `model` on the client's remote; kInvalidArgument when the model's name is
// not a valid repository component (e.g. uppercase letters).
Result<std::string> RepositoryOf(const OciStorage& client, const std::string& model);

// The manifest at version tag `version`, checked to be arenastore's and to carry that number.
Result<RemoteVersion> FetchRemoteVersion(OciStorage& client, const std::string& model,
                                         int64_t version);
// An alias whose version tag is absent (a copy that took only the alias) resolves to the
// version its manifest names; a version tag that is there must hold the same manifest.
Result<RemoteVersion> ResolveRemoteVersion(OciStorage& client, const std::string& model,
                                           const std::string& selector);

// The model whose manifest `tag` holds (or, for "", the first version or alias tag holding an
// arenastore artifact): for a repository whose model is not known before reading it, an image
// layout. kNotFound naming the tags there when there is none.
Result<std::string> ModelOfTag(OciStorage& storage, const std::string& repository,
                               const std::string& tag);

// Every version a model's repository names: each version tag, and each version only an alias
// tag names (another tool copied the alias alone). Aliases whose manifest is not an
// arenastore artifact are ignored. kNotFound when there is none.
struct EveryRemoteVersionOf {
  RemoteTags tags;
  std::vector<RemoteVersion> versions;               // oldest first, one per number
  std::map<std::string, std::string> alias_digests;  // alias -> manifest digest
};
Result<EveryRemoteVersionOf> FetchEveryRemoteVersion(OciStorage& client, const std::string& model);

}  // namespace arenastore::store::remote
