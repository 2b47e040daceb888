// OciClient: the OCI distribution protocol against one registry (an OciStorage), for the
// remote push, pull and listing. Blobs (HEAD before upload, cross-repository mount, monolithic or
// chunked upload, verified download), manifests (by tag or digest, digest-checked), tags and the
// catalog (paginated, loops refused), referrers (the API, else the referrers tag schema
// `sha256-<hex>` the client maintains, as the distribution spec requires). Authenticates through
// RegistryAuth on 401. Trusts nothing it reads: every downloaded blob and manifest is hashed
// and compared with the digest it was asked for (kIntegrity), JSON is parsed without
// exceptions (kRemote). Errors name the remote; callers add the reference:
// kRemoteAuth (401/403: says to run `arenastore remote login NAME`), kNotFound (404 where
// something had to exist), kRemote (413, 429/5xx after retries, protocol breaks),
// kRemoteUnreachable (transport). Heap OK. Not thread-safe: one client per thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/remote/http_transport.h"
#include "store/remote/oci_descriptor.h"
#include "store/remote/oci_storage.h"
#include "store/remote/registry_auth.h"
#include "store/remote/registry_url.h"

namespace arenastore::store::remote {

// Where a client connects and what it may do there.
struct RemoteEndpoint {
  std::string name;  // the remote's name in this store, for messages
  RegistryUrl url;
  bool insecure = false;  // plain HTTP allowed beyond loopback
};

// What the protocol moved, beyond the transport's request counts.
struct OciStats {
  int64_t blob_uploads = 0;  // blobs whose bytes were sent
  uint64_t blob_upload_bytes = 0;
  int64_t blobs_already_there = 0;  // HEAD found them: nothing sent
  int64_t blob_mounts = 0;          // linked from another repository: nothing sent
  int64_t blob_downloads = 0;
  uint64_t blob_download_bytes = 0;
  int64_t manifest_puts = 0;
  int64_t manifest_gets = 0;
};

class OciClient final : public OciStorage {
 public:
  // Refuses plain HTTP outside loopback unless the endpoint is insecure (kInvalidArgument).
  static Result<OciClient> Create(RemoteEndpoint endpoint, Credentials credentials,
                                  const TransportOptions& options);

  // GET /v2/: the registry speaks the protocol and accepts these credentials (`remote login`).
  Status Ping();

  std::string Describe() const override;  // "remote NAME"
  std::string RepositoryFor(const std::string& model) const override;
  std::string ListHint(const std::string& model) const override;

  // --- blobs
  Result<bool> BlobExists(const std::string& repository, const std::string& digest);
  // Sends `bytes` unless the repository has them (HEAD) or a mount from one of
  // `mount_from` (repositories of the same registry) links them. `chunk_bytes` > 0 uploads
  // larger blobs in PATCH chunks of that size.
  Status PushBlob(const std::string& repository, std::span<const uint8_t> bytes,
                  const std::string& digest, const std::vector<std::string>& mount_from,
                  uint64_t chunk_bytes) override;
  // Downloads exactly descriptor.size_bytes and checks the digest (kIntegrity otherwise).
  Result<std::vector<uint8_t>> FetchBlob(const std::string& repository,
                                         const Descriptor& descriptor) override;

  // --- manifests and tags
  // nullopt when the registry has no such tag or digest (404).
  Result<std::optional<Manifest>> FetchManifest(const std::string& repository,
                                                const std::string& reference) override;
  // The digest a tag points at ("" when there is no such tag), without downloading it.
  Result<std::string> ResolveTag(const std::string& repository, const std::string& tag) override;
  Result<PushedManifest> PutManifest(const std::string& repository, const std::string& reference,
                                     std::string_view media_type,
                                     std::span<const uint8_t> bytes) override;
  // Every tag of the repository (empty when the repository does not exist).
  Result<std::vector<std::string>> ListTags(const std::string& repository) override;
  // Every repository of the registry (the optional _catalog API).
  Result<std::vector<std::string>> ListRepositories();

  // --- referrers: the referrers API, or the referrers tag (OciStorage) when it answers 404.
  Result<std::vector<Descriptor>> Referrers(
      const std::string& repository, const std::string& subject_digest,
      std::string_view artifact_type, const std::set<std::string>* listed_tags = nullptr) override;

  const RemoteEndpoint& endpoint() const { return endpoint_; }
  const TransferStats& transfer_stats() const { return transport_.stats(); }
  const OciStats& stats() const { return stats_; }

 private:
  OciClient(RemoteEndpoint endpoint, HttpTransport transport, RegistryAuth auth)
      : endpoint_(std::move(endpoint)), transport_(std::move(transport)), auth_(std::move(auth)) {}

  std::string Url(const std::string& path) const;
  // Sends with the Authorization the scope needs, answering a 401 challenge once or twice, and
  // refuses an answer longer than request.max_response_bytes (kRemote): a document no registry
  // should send.
  Result<HttpResponse> Send(HttpRequest request, const std::string& scope);
  // Send without that refusal: the answer comes back cut at the limit, body_over_limit set, for
  // a caller to whom more bytes than asked for mean damage (a blob: kIntegrity).
  Result<HttpResponse> Exchange(HttpRequest request, const std::string& scope);
  // kRemote* / kNotFound for a status the caller did not expect, naming `what`.
  Status Unexpected(const HttpResponse& response, const std::string& what) const;

  Result<std::string> StartUpload(const std::string& repository, const std::string& digest,
                                  const std::vector<std::string>& mount_from, bool* mounted);
  Status UploadMonolithic(const std::string& repository, const std::string& location,
                          std::span<const uint8_t> bytes, const std::string& digest);
  Status UploadChunked(const std::string& repository, std::string location,
                       std::span<const uint8_t> bytes, const std::string& digest,
                       uint64_t chunk_bytes);
  // GET url, then every rel="next" page; calls `page` with each body.
  Status FollowPages(std::string url, const std::string& scope, const std::string& what,
                     const std::function<Status(const HttpResponse&)>& page);
  Result<std::vector<Descriptor>> ReferrersFromApi(const std::string& repository,
                                                   const std::string& subject_digest,
                                                   std::string_view artifact_type, bool* absent);

  RemoteEndpoint endpoint_;
  HttpTransport transport_;
  RegistryAuth auth_;
  OciStats stats_;
  bool referrers_api_absent_ = false;  // learned once per client: saves a 404 per version
};

// "repository:<repo>:pull" / "repository:<repo>:pull,push": token scopes.
std::string PullScope(const std::string& repository);
std::string PushScope(const std::string& repository);

}  // namespace arenastore::store::remote
