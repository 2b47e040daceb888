// The referrers: OciClient's referrers API, and the referrers tag schema (OciStorage's, shared
// with image layouts) that registries without the API (CNCF Distribution 2.8) need, with the
// client-maintained index.
#include <algorithm>
#include <chrono>
#include <thread>

#include "store/remote/oci_client.h"

namespace arenastore::store::remote {
namespace {

// Concurrent writers of one referrers tag race read-modify-write; each re-reads and retries.
constexpr int kReferrersTagAttempts = 5;

// Keeps the entries of `artifact_type`, and those of no artifactType (a tool that rewrote the
// index dropped it: only the manifest can tell); refuses those that would lead a reader in a
// circle.
Result<std::vector<Descriptor>> Matching(std::vector<Descriptor> entries,
                                         const std::string& subject_digest,
                                         std::string_view artifact_type, const std::string& where) {
  std::vector<Descriptor> matching;
  for (Descriptor& entry : entries) {
    if (!entry.artifact_type.empty() && entry.artifact_type != artifact_type) continue;
    ARENASTORE_CHECK_OR_RETURN(entry.digest != subject_digest, ErrorCode::kRemote,
                               "%s lists its own subject %.19s as a referrer (a loop); refusing it",
                               where.c_str(), subject_digest.c_str());
    ARENASTORE_CHECK_OR_RETURN(entry.media_type == kImageManifestType, ErrorCode::kRemote,
                               "%s lists a %.60s as a %.60s referrer, where an image manifest "
                               "belongs (an index there could loop); refusing it",
                               where.c_str(), entry.media_type.c_str(),
                               std::string(artifact_type).c_str());
    matching.push_back(std::move(entry));
  }
  return matching;
}

nlohmann::json EmptyIndex() {
  return {
      {"schemaVersion", 2}, {"mediaType", kImageIndexType}, {"manifests", nlohmann::json::array()}};
}

}  // namespace

std::string ReferrersTag(const std::string& subject_digest) {
  return "sha256-" + std::string(DigestHex(subject_digest));
}

Result<std::vector<Descriptor>> OciClient::ReferrersFromApi(const std::string& repository,
                                                            const std::string& subject_digest,
                                                            std::string_view artifact_type,
                                                            bool* absent) {
  *absent = false;
  std::vector<Descriptor> entries;
  const std::string what = "referrers of " + subject_digest.substr(0, 19) + " in " + repository;
  const std::string url = WithQuery(Url("/v2/" + repository + "/referrers/" + subject_digest),
                                    "artifactType", artifact_type);
  ARENASTORE_RETURN_IF_ERROR(
      FollowPages(url, PullScope(repository), what, [&](const HttpResponse& response) -> Status {
        if (response.status == 404) {
          *absent = true;
          return Status::Ok();
        }
        if (response.status != 200) return Unexpected(response, what);
        ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json index,
                                    ParseJsonObject(response.BodyText(), what));
        ARENASTORE_ASSIGN_OR_RETURN(std::vector<Descriptor> page, ParseIndexManifests(index, what));
        std::move(page.begin(), page.end(), std::back_inserter(entries));
        return Status::Ok();
      }));
  return Matching(std::move(entries), subject_digest, artifact_type, Describe() + ": " + what);
}

Result<std::vector<Descriptor>> OciStorage::ReferrersFromTag(const std::string& repository,
                                                             const std::string& subject_digest,
                                                             std::string_view artifact_type) {
  const std::string tag = ReferrersTag(subject_digest);
  const std::string where = Describe() + ": referrers tag " + repository + ":" + tag;
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> index, FetchManifest(repository, tag));
  if (!index.has_value()) return std::vector<Descriptor>();
  const std::string_view text(reinterpret_cast<const char*>(index->bytes.data()),
                              index->bytes.size());
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json json, ParseJsonObject(text, where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string media_type,
                              OptionalStringField(json, "mediaType", where));
  ARENASTORE_CHECK_OR_RETURN(media_type == kImageIndexType, ErrorCode::kRemote,
                             "%s holds a '%.60s', not an image index", where.c_str(),
                             media_type.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<Descriptor> entries, ParseIndexManifests(json, where));
  return Matching(std::move(entries), subject_digest, artifact_type, where);
}

Result<std::vector<Descriptor>> OciClient::Referrers(const std::string& repository,
                                                     const std::string& subject_digest,
                                                     std::string_view artifact_type,
                                                     const std::set<std::string>* listed_tags) {
  if (!referrers_api_absent_) {
    bool absent = false;
    ARENASTORE_ASSIGN_OR_RETURN(
        std::vector<Descriptor> found,
        ReferrersFromApi(repository, subject_digest, artifact_type, &absent));
    if (!absent) return found;
    referrers_api_absent_ = true;  // the spec's signal to use the referrers tag schema
  }
  if (listed_tags != nullptr && listed_tags->count(ReferrersTag(subject_digest)) == 0) {
    return std::vector<Descriptor>();
  }
  return ReferrersFromTag(repository, subject_digest, artifact_type);
}

Status OciStorage::AddToReferrersTag(const std::string& repository,
                                     const std::string& subject_digest,
                                     const Descriptor& referrer) {
  const std::string tag = ReferrersTag(subject_digest);
  const std::string where = Describe() + ": referrers tag " + repository + ":" + tag;
  Status last_failure;
  for (int attempt = 0; attempt < kReferrersTagAttempts; ++attempt) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> current,
                                FetchManifest(repository, tag));
    nlohmann::json index = EmptyIndex();
    if (current.has_value()) {
      const std::string_view text(reinterpret_cast<const char*>(current->bytes.data()),
                                  current->bytes.size());
      ARENASTORE_ASSIGN_OR_RETURN(index, ParseJsonObject(text, where));
      ARENASTORE_ASSIGN_OR_RETURN(const std::string media_type,
                                  OptionalStringField(index, "mediaType", where));
      // Someone else's content under our tag: never overwrite it.
      ARENASTORE_CHECK_OR_RETURN(media_type == kImageIndexType, ErrorCode::kRemote,
                                 "%s holds a '%.60s', not an image index; not overwriting it",
                                 where.c_str(), media_type.c_str());
    }
    ARENASTORE_ASSIGN_OR_RETURN(const std::vector<Descriptor> entries,
                                ParseIndexManifests(index, where));
    const bool listed = std::any_of(entries.begin(), entries.end(), [&](const Descriptor& entry) {
      return entry.digest == referrer.digest;
    });
    if (listed) return Status::Ok();
    if (attempt > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20 << attempt));
    }
    if (!index["manifests"].is_array()) index["manifests"] = nlohmann::json::array();
    index["manifests"].push_back(DescriptorJson(referrer));
    const std::string bytes = CanonicalJson(index);
    last_failure = PutManifest(repository, tag, kImageIndexType,
                               {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()})
                       .status();
    // Auth refusals will not change; anything else may be a concurrent writer's doing.
    if (last_failure.code() == ErrorCode::kRemoteAuth) return last_failure;
    // Loops to read the tag back: listed there now, or a concurrent writer's index won.
  }
  if (!last_failure.ok()) return last_failure;
  return Status::Error(ErrorCode::kRemote,
                       "%s: other writers kept replacing the index; the signature %.19s is "
                       "pushed but not listed. Push again to list it",
                       where.c_str(), referrer.digest.c_str());
}

}  // namespace arenastore::store::remote
