// Remote push: copy model versions of the local store to a remote (`arenastore push REF
// --remote NAME`) or into an OCI image layout (`export REF --oci-layout DIR`, an OciLayout):
// `kws@3` or `kws@prod` one version, `kws` every version; each with its signatures (as referrers)
// and every alias pointing at a pushed version (as movable tags). Order per version: the artifact
// and config blobs (HEAD first: nothing is sent twice; mounted from another model's repository that
// holds the same bytes), then the version tag, then the signatures; aliases last, so a tag never
// names a manifest whose blobs are missing. Versions are immutable: a version tag that already
// holds other bytes is refused (kRemoteConflict) and never overwritten; one that holds the same
// bytes is left as it is. The local store is only read (the bytes re-hashed on the way out), so a
// failed push leaves it unchanged and pushing again completes what is missing. Limitation: the
// registry API has no conditional tag write, so two stores pushing different bytes under one new
// version number at the same instant can both succeed, the later write winning. Errors: those of
// Resolve, ReadArtifactBytes (kIntegrity), the client's, kRemoteConflict. Heap OK.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/registry.h"
#include "store/remote/oci_storage.h"

namespace arenastore::store::remote {

struct RemotePushRequest {
  std::string reference;     // kws (every version), kws@3, kws@prod
  uint64_t chunk_bytes = 0;  // > 0: blobs larger than this go up in chunks of this size
};

struct PushedVersion {
  std::string model;
  int64_t version = 0;
  std::string sha256;
  std::string manifest_digest;
  bool already_there = false;  // the tag held these bytes: nothing was written for it
  int32_t signatures_pushed = 0;
};

struct PushedAlias {
  std::string alias;
  int64_t version = 0;
  bool moved = false;  // false: the tag already pointed there
};

struct RemotePushResult {
  std::string repository;
  std::vector<PushedVersion> versions;
  std::vector<PushedAlias> aliases;
};

Result<RemotePushResult> PushToRemote(Registry& registry, OciStorage& client,
                                      const RemotePushRequest& request);

}  // namespace arenastore::store::remote
