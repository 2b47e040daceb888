// OciStorage: where OCI content lives, as the remote push, pull and version lookup see it: a
// registry repository (OciClient, the distribution protocol) or an OCI image layout directory
// (OciLayout, for air-gapped sites). One interface, so pushing a version, finding its
// signatures and verifying what is read are written once for both. Every implementation keeps
// the same promise: manifests and blobs it returns hash to the digest (and size) they were
// asked by, else kIntegrity; malformed documents are kRemote naming Describe(). Heap OK.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/remote/oci_descriptor.h"

namespace arenastore::store::remote {

struct Manifest {
  std::string digest;      // verified: the sha256 of `bytes`
  std::string media_type;  // the Content-Type it was served with (or its index entry's)
  std::vector<uint8_t> bytes;
};

struct PushedManifest {
  std::string digest;
  bool subject_indexed = false;  // the registry answered OCI-Subject: it keeps referrers itself
};

class OciStorage {
 public:
  virtual ~OciStorage() = default;

  // "remote hub" or "OCI layout /media/usb/kws": how messages name it.
  virtual std::string Describe() const = 0;
  // The repository holding `model` (a layout is one repository: its directory).
  virtual std::string RepositoryFor(const std::string& model) const = 0;
  // How a user lists what it holds, for messages ("`arenastore ls --remote hub kws`").
  virtual std::string ListHint(const std::string& model) const = 0;

  // --- blobs
  // Stores `bytes` unless already there (or linked from one of `mount_from`, repositories of
  // the same registry). `chunk_bytes` > 0 sends larger blobs in pieces of that size.
  virtual Status PushBlob(const std::string& repository, std::span<const uint8_t> bytes,
                          const std::string& digest, const std::vector<std::string>& mount_from,
                          uint64_t chunk_bytes) = 0;
  // Exactly descriptor.size_bytes bytes hashing to descriptor.digest (kIntegrity otherwise).
  virtual Result<std::vector<uint8_t>> FetchBlob(const std::string& repository,
                                                 const Descriptor& descriptor) = 0;

  // --- manifests and tags
  // nullopt when there is no such tag or digest.
  virtual Result<std::optional<Manifest>> FetchManifest(const std::string& repository,
                                                        const std::string& reference) = 0;
  // The digest a tag points at ("" when there is no such tag).
  virtual Result<std::string> ResolveTag(const std::string& repository, const std::string& tag) = 0;
  // Stores the manifest under `reference` (a tag, or its own digest).
  virtual Result<PushedManifest> PutManifest(const std::string& repository,
                                             const std::string& reference,
                                             std::string_view media_type,
                                             std::span<const uint8_t> bytes) = 0;
  // Every tag (empty when the repository does not exist).
  virtual Result<std::vector<std::string>> ListTags(const std::string& repository) = 0;

  // --- referrers
  // Descriptors of the manifests whose subject is `subject_digest` and whose artifactType is
  // `artifact_type`, and those listed without an artifactType (a tool that rewrote the index
  // with an older image-spec schema dropped it): the caller reads their manifests to know.
  // An entry that refers back to the subject or nests an index is refused (kRemote), so a
  // crafted index cannot make a reader loop. `listed_tags`, when the caller just listed the
  // repository's tags: a referrers tag absent there is not read.
  virtual Result<std::vector<Descriptor>> Referrers(
      const std::string& repository, const std::string& subject_digest,
      std::string_view artifact_type, const std::set<std::string>* listed_tags = nullptr) = 0;
  // The referrers tag schema (`sha256-<hex>` holding an image index of the referrers), which
  // registries without the referrers API and image layouts use: adds `referrer` to the index
  // (creating it), then reads the tag back and tries again (a few times) when a concurrent
  // writer's index replaced ours.
  Status AddToReferrersTag(const std::string& repository, const std::string& subject_digest,
                           const Descriptor& referrer);

 protected:
  // The referrers the tag schema lists (empty when the tag is absent).
  Result<std::vector<Descriptor>> ReferrersFromTag(const std::string& repository,
                                                   const std::string& subject_digest,
                                                   std::string_view artifact_type);
};

// The referrers tag schema: "sha256-<hex>" for "sha256:<hex>".
std::string ReferrersTag(const std::string& subject_digest);

}  // namespace arenastore::store::remote
