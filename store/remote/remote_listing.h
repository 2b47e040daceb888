// What a remote holds, read from manifests and tags only: `arenastore ls --remote NAME
// [MODEL]` (no blob is downloaded: versions come from their manifests' annotations, aliases
// from their tags) and `show --remote` (the version's config blob, a few hundred bytes, for
// per-op scratch, dtypes and pools; its signatures' keys from the referrers, not verified:
// pull verifies). Called by the listing verbs. Errors: the client's, kNotFound. Heap OK.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/listing.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/oci_client.h"

namespace arenastore::store::remote {

// A version as `ls` shows a stored one (pushed_at is the manifest's created annotation), and
// the digest of its manifest there.
struct RemoteVersionRow : VersionRow {
  std::string manifest_digest;
};

struct RemoteModelRow {
  std::string model;
  std::string repository;
  int64_t version_count = 0;
  int64_t latest_version = 0;
  std::vector<std::string> aliases;
};

// Newest first.
Result<std::vector<RemoteVersionRow>> ListRemoteVersions(OciClient& client,
                                                         const std::string& model);
// Every repository under the remote's namespace (needs the registry's _catalog API).
Result<std::vector<RemoteModelRow>> ListRemoteModels(OciClient& client);

struct RemoteSignatureRow {
  std::string public_key_hex;
  std::string signed_at;
  std::string manifest_digest;
};

struct RemoteVersionDetails {
  RemoteVersionRow row;
  VersionFacts config;  // from the config blob
  std::vector<RemoteSignatureRow> signatures;
};

Result<RemoteVersionDetails> ShowRemoteVersion(OciClient& client, const std::string& model,
                                               const std::string& selector);

}  // namespace arenastore::store::remote
