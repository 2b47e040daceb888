// OciLayout: an OCI image layout directory (image-spec `image-layout`: the `oci-layout` file,
// `index.json`, `blobs/sha256/<hex>`) as one repository of OciStorage, so a version can move
// to an air-gapped site on a USB stick or through skopeo (`oci:DIR:TAG`): `export
// --oci-layout DIR` writes it through the remote push, `pull oci:DIR[:TAG]` reads it through
// the remote pull. Tags are the `org.opencontainers.image.ref.name` annotations of index.json's
// entries; referrers use the referrers tag schema (`sha256-<hex>`), as on a registry without
// the referrers API. Trusts nothing it reads: blobs and manifests are hashed and sized against
// their descriptors (kIntegrity), JSON is parsed without exceptions (kRemote). Files are
// written to a temporary name and renamed, index.json last, so an interrupted export leaves
// the previous layout readable. Errors: kNotFound (no layout there), kIo, kRemote, kIntegrity.
#pragma once

#include <filesystem>

#include "store/remote/oci_storage.h"

namespace arenastore::store::remote {

class OciLayout final : public OciStorage {
 public:
  // Opens the layout at `directory`; with `create`, makes an empty one where none is.
  static Result<OciLayout> Open(const std::filesystem::path& directory, bool create);

  std::string Describe() const override;
  std::string RepositoryFor(const std::string& model) const override;
  std::string ListHint(const std::string& model) const override;
  Status PushBlob(const std::string& repository, std::span<const uint8_t> bytes,
                  const std::string& digest, const std::vector<std::string>& mount_from,
                  uint64_t chunk_bytes) override;
  Result<std::vector<uint8_t>> FetchBlob(const std::string& repository,
                                         const Descriptor& descriptor) override;
  Result<std::optional<Manifest>> FetchManifest(const std::string& repository,
                                                const std::string& reference) override;
  Result<std::string> ResolveTag(const std::string& repository, const std::string& tag) override;
  Result<PushedManifest> PutManifest(const std::string& repository, const std::string& reference,
                                     std::string_view media_type,
                                     std::span<const uint8_t> bytes) override;
  Result<std::vector<std::string>> ListTags(const std::string& repository) override;
  Result<std::vector<Descriptor>> Referrers(
      const std::string& repository, const std::string& subject_digest,
      std::string_view artifact_type, const std::set<std::string>* listed_tags = nullptr) override;

  const std::filesystem::path& directory() const { return directory_; }

 private:
  explicit OciLayout(std::filesystem::path directory) : directory_(std::move(directory)) {}

  std::filesystem::path BlobPath(const std::string& digest) const;
  // index.json's entries, each with its tag ("" when it has none).
  Result<std::vector<Descriptor>> ReadIndex() const;
  Status WriteIndex(const std::vector<Descriptor>& entries) const;
  // The file's bytes, at most `max_bytes` + 1 of them (more means damage to the caller).
  Result<std::vector<uint8_t>> ReadBlobFile(const std::filesystem::path& path,
                                            uint64_t max_bytes) const;
  Status WriteFile(const std::filesystem::path& path, std::span<const uint8_t> bytes) const;

  std::filesystem::path directory_;
};

// The index.json annotation naming an entry's tag (image-spec image-layout).
inline constexpr const char* kAnnotationRefName = "org.opencontainers.image.ref.name";

}  // namespace arenastore::store::remote
