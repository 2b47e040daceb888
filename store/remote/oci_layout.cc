#include "store/remote/oci_layout.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

namespace arenastore::store::remote {
namespace {

constexpr std::string_view kLayoutFile = "oci-layout";
constexpr std::string_view kLayoutVersion = R"({"imageLayoutVersion":"1.0.0"})";
constexpr std::string_view kIndexFile = "index.json";
// Manifests and indexes are small (the distribution spec's limit, as OciClient reads them).
constexpr uint64_t kMaxDocumentBytes = uint64_t{4} << 20;

std::span<const uint8_t> Bytes(std::string_view text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

std::string TagOf(const Descriptor& entry) {
  const auto found = entry.annotations.find(kAnnotationRefName);
  return found == entry.annotations.end() ? std::string() : found->second;
}

}  // namespace

Result<OciLayout> OciLayout::Open(const std::filesystem::path& directory, bool create) {
  std::error_code error;
  const std::filesystem::path marker = directory / kLayoutFile;
  if (!std::filesystem::exists(marker, error)) {
    const bool empty_or_absent = !std::filesystem::exists(directory, error) ||
                                 (std::filesystem::is_directory(directory, error) &&
                                  std::filesystem::is_empty(directory, error));
    ARENASTORE_CHECK_OR_RETURN(create && empty_or_absent, ErrorCode::kNotFound,
                               "%s is not an OCI image layout (no %s file)%s", directory.c_str(),
                               std::string(kLayoutFile).c_str(),
                               create ? "; export into an empty or new directory" : "");
    std::filesystem::create_directories(directory / "blobs" / "sha256", error);
    ARENASTORE_CHECK_OR_RETURN(!error, ErrorCode::kIo, "cannot create %s: %s", directory.c_str(),
                               error.message().c_str());
    OciLayout layout(directory);
    ARENASTORE_RETURN_IF_ERROR(layout.WriteIndex({}));
    ARENASTORE_RETURN_IF_ERROR(layout.WriteFile(marker, Bytes(kLayoutVersion)));
    return layout;
  }
  OciLayout layout(directory);
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> version,
                              layout.ReadBlobFile(marker, kMaxDocumentBytes));
  const std::string where = layout.Describe() + ": " + std::string(kLayoutFile);
  ARENASTORE_ASSIGN_OR_RETURN(
      const nlohmann::json json,
      ParseJsonObject({reinterpret_cast<const char*>(version.data()), version.size()}, where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string layout_version,
                              StringField(json, "imageLayoutVersion", where));
  ARENASTORE_CHECK_OR_RETURN(layout_version == "1.0.0", ErrorCode::kRemote,
                             "%s: imageLayoutVersion '%.20s' is not 1.0.0", where.c_str(),
                             layout_version.c_str());
  return layout;
}

std::string OciLayout::Describe() const { return "OCI layout " + directory_.string(); }

std::string OciLayout::RepositoryFor(const std::string& /*model*/) const {
  return directory_.string();
}

std::string OciLayout::ListHint(const std::string& /*model*/) const {
  return "its index.json names the tags it holds";
}

std::filesystem::path OciLayout::BlobPath(const std::string& digest) const {
  return directory_ / "blobs" / "sha256" / std::string(DigestHex(digest));
}

Result<std::vector<uint8_t>> OciLayout::ReadBlobFile(const std::filesystem::path& path,
                                                     uint64_t max_bytes) const {
  std::ifstream file(path, std::ios::binary);
  ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kNotFound, "%s: %s is missing",
                             Describe().c_str(), path.c_str());
  std::vector<uint8_t> bytes;
  constexpr size_t kChunkBytes = 64 * 1024;
  while (bytes.size() <= max_bytes) {
    const size_t old_size = bytes.size();
    const size_t want =
        static_cast<size_t>(std::min<uint64_t>(kChunkBytes, max_bytes + 1 - old_size));
    bytes.resize(old_size + want);
    file.read(reinterpret_cast<char*>(bytes.data() + old_size), static_cast<std::streamsize>(want));
    bytes.resize(old_size + static_cast<size_t>(file.gcount()));
    if (file.gcount() == 0 || !file) break;
  }
  ARENASTORE_CHECK_OR_RETURN(!file.bad(), ErrorCode::kIo, "%s: cannot read %s", Describe().c_str(),
                             path.c_str());
  return bytes;
}

Status OciLayout::WriteFile(const std::filesystem::path& path,
                            std::span<const uint8_t> bytes) const {
  const std::filesystem::path temporary = path.string() + ".tmp" + std::to_string(getpid());
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    file.flush();
    ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kIo, "%s: cannot write %s",
                               Describe().c_str(), temporary.c_str());
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  ARENASTORE_CHECK_OR_RETURN(!error, ErrorCode::kIo, "%s: cannot write %s: %s", Describe().c_str(),
                             path.c_str(), error.message().c_str());
  return Status::Ok();
}

Result<std::vector<Descriptor>> OciLayout::ReadIndex() const {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                              ReadBlobFile(directory_ / kIndexFile, kMaxDocumentBytes));
  const std::string where = Describe() + ": " + std::string(kIndexFile);
  ARENASTORE_CHECK_OR_RETURN(bytes.size() <= kMaxDocumentBytes, ErrorCode::kRemote,
                             "%s is larger than %llu bytes", where.c_str(),
                             static_cast<unsigned long long>(kMaxDocumentBytes));
  ARENASTORE_ASSIGN_OR_RETURN(
      const nlohmann::json json,
      ParseJsonObject({reinterpret_cast<const char*>(bytes.data()), bytes.size()}, where));
  return ParseIndexManifests(json, where);
}

Status OciLayout::WriteIndex(const std::vector<Descriptor>& entries) const {
  nlohmann::json manifests = nlohmann::json::array();
  for (const Descriptor& entry : entries) manifests.push_back(DescriptorJson(entry));
  const std::string index = CanonicalJson(
      {{"schemaVersion", 2}, {"mediaType", kImageIndexType}, {"manifests", manifests}});
  return WriteFile(directory_ / kIndexFile, Bytes(index));
}

Status OciLayout::PushBlob(const std::string& /*repository*/, std::span<const uint8_t> bytes,
                           const std::string& digest,
                           const std::vector<std::string>& /*mount_from*/,
                           uint64_t /*chunk_bytes*/) {
  ARENASTORE_CHECK_OR_RETURN(DigestOf(bytes) == digest, ErrorCode::kIntegrity,
                             "%s: the bytes to write do not hash to %.19s", Describe().c_str(),
                             digest.c_str());
  // A blob already there is kept only when it holds these bytes: a damaged one is replaced.
  auto existing = ReadBlobFile(BlobPath(digest), bytes.size());
  if (existing.ok() && existing->size() == bytes.size() && DigestOf(*existing) == digest) {
    return Status::Ok();
  }
  return WriteFile(BlobPath(digest), bytes);
}

Result<std::vector<uint8_t>> OciLayout::FetchBlob(const std::string& /*repository*/,
                                                  const Descriptor& descriptor) {
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes,
                              ReadBlobFile(BlobPath(descriptor.digest), descriptor.size_bytes));
  const std::string actual = DigestOf(bytes);
  const bool over = bytes.size() > descriptor.size_bytes;
  ARENASTORE_CHECK_OR_RETURN(
      !over && bytes.size() == descriptor.size_bytes && actual == descriptor.digest,
      ErrorCode::kIntegrity,
      "%s: blob %s holds %s%zu B hashing to %s, not the %llu B its descriptor names; the layout "
      "was changed or damaged. Nothing was stored",
      Describe().c_str(), descriptor.digest.c_str(), over ? "more than " : "",
      over ? bytes.size() - 1 : bytes.size(), over ? "(not hashed)" : actual.c_str(),
      static_cast<unsigned long long>(descriptor.size_bytes));
  return bytes;
}

Result<std::optional<Manifest>> OciLayout::FetchManifest(const std::string& repository,
                                                         const std::string& reference) {
  Manifest manifest;
  if (IsSha256Digest(reference)) {
    std::error_code error;
    if (!std::filesystem::exists(BlobPath(reference), error)) return std::optional<Manifest>();
    ARENASTORE_ASSIGN_OR_RETURN(manifest.bytes,
                                ReadBlobFile(BlobPath(reference), kMaxDocumentBytes));
    manifest.digest = DigestOf(manifest.bytes);
    ARENASTORE_CHECK_OR_RETURN(manifest.digest == reference, ErrorCode::kIntegrity,
                               "%s: manifest %s holds bytes hashing to %s; the layout was changed "
                               "or damaged. Nothing was stored",
                               Describe().c_str(), reference.c_str(), manifest.digest.c_str());
    return std::optional<Manifest>(std::move(manifest));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<Descriptor> entries, ReadIndex());
  const auto entry = std::find_if(entries.begin(), entries.end(),
                                  [&](const Descriptor& e) { return TagOf(e) == reference; });
  if (entry == entries.end()) return std::optional<Manifest>();
  ARENASTORE_CHECK_OR_RETURN(entry->size_bytes <= kMaxDocumentBytes, ErrorCode::kRemote,
                             "%s: tag %s names a %llu-byte manifest; no manifest is that large",
                             Describe().c_str(), reference.c_str(),
                             static_cast<unsigned long long>(entry->size_bytes));
  ARENASTORE_ASSIGN_OR_RETURN(manifest.bytes, FetchBlob(repository, *entry));
  manifest.digest = entry->digest;
  manifest.media_type = entry->media_type;
  return std::optional<Manifest>(std::move(manifest));
}

Result<std::string> OciLayout::ResolveTag(const std::string& /*repository*/,
                                          const std::string& tag) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<Descriptor> entries, ReadIndex());
  for (const Descriptor& entry : entries) {
    if (TagOf(entry) == tag) return entry.digest;
  }
  return std::string();
}

Result<PushedManifest> OciLayout::PutManifest(const std::string& repository,
                                              const std::string& reference,
                                              std::string_view media_type,
                                              std::span<const uint8_t> bytes) {
  const std::string digest = DigestOf(bytes);
  ARENASTORE_RETURN_IF_ERROR(PushBlob(repository, bytes, digest, {}, 0));
  // By digest: reachable through the referrers tag that lists it, not from index.json.
  if (IsSha256Digest(reference)) return PushedManifest{digest, false};
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<Descriptor> entries, ReadIndex());
  std::erase_if(entries, [&](const Descriptor& entry) { return TagOf(entry) == reference; });
  entries.push_back(
      {std::string(media_type), digest, bytes.size(), "", {{kAnnotationRefName, reference}}});
  ARENASTORE_RETURN_IF_ERROR(WriteIndex(entries));
  return PushedManifest{digest, false};
}

Result<std::vector<std::string>> OciLayout::ListTags(const std::string& /*repository*/) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<Descriptor> entries, ReadIndex());
  std::vector<std::string> tags;
  for (const Descriptor& entry : entries) {
    if (!TagOf(entry).empty()) tags.push_back(TagOf(entry));
  }
  return tags;
}

Result<std::vector<Descriptor>> OciLayout::Referrers(const std::string& repository,
                                                     const std::string& subject_digest,
                                                     std::string_view artifact_type,
                                                     const std::set<std::string>* listed_tags) {
  if (listed_tags != nullptr && listed_tags->count(ReferrersTag(subject_digest)) == 0) {
    return std::vector<Descriptor>();
  }
  return ReferrersFromTag(repository, subject_digest, artifact_type);
}

}  // namespace arenastore::store::remote
