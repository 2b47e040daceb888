// Remote pull: bring model versions from a remote into the local store (`arenastore pull
// NAME/MODEL[@V|@ALIAS] [--all]`, or from an OCI image layout: `pull oci:DIR[:TAG]`; the
// storage is an OciClient or an OciLayout, checked alike), keeping their version numbers, with
// their signatures and the alias named (or, with --all, every alias). The store never trusts the
// registry: every manifest and blob is checked against its digest as it arrives (kIntegrity), each
// artifact goes through the same verification as a local push (ReadArtifactMetadata), a new
// version's facts (note, lineage) come from its config blob, fetched against its digest and size
// and checked to describe that version and artifact (kIntegrity otherwise), signatures are
// verified over the store's own signed manifest, and the store's signature policy is enforced
// before commit (kSignature). Everything is downloaded first and written in one transaction
// (store/import.h), so any failure (network, integrity, policy, conflict) leaves the local
// store unchanged, and pulling again starts over. Versions the store already holds with the
// same bytes are not downloaded again. Errors: the client's, ImportVersions', kNotFound.
// Heap OK: the artifacts of one pull are held in memory until they are stored.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "store/import.h"
#include "store/registry.h"
#include "store/remote/oci_storage.h"

namespace arenastore::store::remote {

struct RemotePullRequest {
  std::string model;
  std::string selector;       // "" = the highest version, "3", or an alias ("prod")
  bool all_versions = false;  // every version tag and every alias tag of the model
  // Move a local alias below the newest version it has pointed at even under allow-rollback
  // off (journaled; store/rollback_policy.h). Without it, such a pull is refused whole.
  bool allow_rollback = false;
};

struct RemotePullResult {
  std::string repository;
  std::vector<ImportResult> imported;
  int32_t artifacts_downloaded = 0;  // versions whose bytes were fetched (others were here)
};

Result<RemotePullResult> PullFromRemote(Registry& registry, OciStorage& client,
                                        const RemotePullRequest& request);

}  // namespace arenastore::store::remote
