// The mapping between a stored model version and its OCI documents (docs/remote.md): a
// manifest with artifactType application/vnd.arenastore.artifact.v1, one layer holding the
// exact artifact bytes (so its digest is the store's sha256), a small JSON config carrying the
// metadata the store indexes (format, kernel library, target, op kinds and dtypes, per-op
// planned scratch, pools, lineage), and annotations (org.opencontainers.image.* plus
// dev.arenastore.*) enough for a listing without any blob. Called by the remote push (build),
// pull and listing (parse). Building is deterministic: the same version gives the same bytes,
// so concurrent pushers of one store agree on digests. Parsing trusts nothing: kRemote names
// what is wrong, e.g. a manifest of another media type. Heap OK.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/remote/oci_descriptor.h"

namespace arenastore::store::remote {

// What the store knows about a version beyond the artifact's own metadata.
struct VersionFacts {
  std::string model;
  int64_t version = 0;
  std::string pushed_at;
  std::string note;
  std::string derived_from_sha256;
  ArtifactMetadata metadata;  // ReadArtifactMetadata over the artifact bytes (dtypes included)
};

// The config blob's bytes (canonical JSON).
std::string ArtifactConfigJson(const VersionFacts& facts);
// The manifest's bytes, given the pushed config and layer descriptors.
std::string ArtifactManifestJson(const VersionFacts& facts, const Descriptor& config,
                                 const Descriptor& layer);

// A version manifest as a reader sees it.
struct ArtifactManifest {
  Descriptor config;
  Descriptor layer;  // its digest is "sha256:" + the artifact's sha256
  std::map<std::string, std::string> annotations;
  std::string model;    // org.opencontainers.image.title
  int64_t version = 0;  // org.opencontainers.image.version
  std::string created;
  std::string note;
  std::string derived_from_sha256;
  std::string kernel_version;
  std::string target_isa;
  uint64_t planned_bytes = 0;
};

// `where` names the manifest in messages ("remote hub: kws:3").
Result<ArtifactManifest> ParseArtifactManifest(std::span<const uint8_t> bytes,
                                               const std::string& where);

// The tag layout of a model's repository: version n is the tag "n" (decimal, no leading zero),
// an alias is a tag that is a valid store alias (prod, canary); the referrers tags
// "sha256-<hex>" and any other tag are neither and are ignored.
std::optional<int64_t> VersionOfTag(std::string_view tag);
bool IsAliasTag(std::string_view tag);

// The config blob read back: the metadata, and the version facts it carries.
Result<VersionFacts> ParseArtifactConfig(std::span<const uint8_t> bytes, const std::string& where);

}  // namespace arenastore::store::remote
