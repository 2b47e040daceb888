// OciClient's blob half: existence, upload (mount, monolithic, chunked) and verified download.
#include "store/remote/oci_client.h"

namespace arenastore::store::remote {
namespace {

std::string MountScope(const std::string& repository, const std::string& from) {
  return PushScope(repository) + " " + PullScope(from);
}

}  // namespace

Result<bool> OciClient::BlobExists(const std::string& repository, const std::string& digest) {
  HttpRequest request;
  request.method = HttpMethod::kHead;
  request.url = Url("/v2/" + repository + "/blobs/" + digest);
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, PullScope(repository)));
  if (response.status == 200) return true;
  if (response.status == 404) return false;
  return Unexpected(response, "blob " + digest.substr(0, 19) + " in " + repository);
}

// An upload session's URL, or "" with *mounted set when a mount linked the blob. A refused
// mount (202) opens a session the upload then uses, as the spec has it.
Result<std::string> OciClient::StartUpload(const std::string& repository, const std::string& digest,
                                           const std::vector<std::string>& mount_from,
                                           bool* mounted) {
  *mounted = false;
  HttpRequest request;
  request.method = HttpMethod::kPost;
  std::string scope = PushScope(repository);
  request.url = Url("/v2/" + repository + "/blobs/uploads/");
  for (const std::string& from : mount_from) {
    if (from == repository) continue;
    request.url = WithQuery(WithQuery(request.url, "mount", digest), "from", from);
    scope = MountScope(repository, from);
    break;  // one try: a failed mount already opened a session
  }
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, scope));
  if (response.status == 201) {
    *mounted = true;
    return std::string();
  }
  if (response.status != 202) return Unexpected(response, "start upload to " + repository);
  const std::string_view location = response.Header("location");
  ARENASTORE_CHECK_OR_RETURN(!location.empty(), ErrorCode::kRemote,
                             "remote %s: the upload to %s started without a Location",
                             endpoint_.name.c_str(), repository.c_str());
  return AbsoluteLocation(endpoint_.url.Origin(), location);
}

Status OciClient::UploadMonolithic(const std::string& repository, const std::string& location,
                                   std::span<const uint8_t> bytes, const std::string& digest) {
  HttpRequest request;
  request.method = HttpMethod::kPut;
  request.url = WithQuery(location, "digest", digest);
  request.headers.push_back("Content-Type: application/octet-stream");
  request.body = bytes;
  request.idempotent = false;
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, PushScope(repository)));
  if (response.status != 201) {
    return Unexpected(response,
                      "upload of " + std::to_string(bytes.size()) + " bytes to " + repository);
  }
  return Status::Ok();
}

Status OciClient::UploadChunked(const std::string& repository, std::string location,
                                std::span<const uint8_t> bytes, const std::string& digest,
                                uint64_t chunk_bytes) {
  for (uint64_t offset = 0; offset < bytes.size(); offset += chunk_bytes) {
    const uint64_t size = std::min<uint64_t>(chunk_bytes, bytes.size() - offset);
    HttpRequest request;
    request.method = HttpMethod::kPatch;
    request.url = location;
    request.headers.push_back("Content-Type: application/octet-stream");
    request.headers.push_back("Content-Range: " + std::to_string(offset) + "-" +
                              std::to_string(offset + size - 1));
    request.body = bytes.subspan(offset, size);
    request.idempotent = false;
    ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, PushScope(repository)));
    if (response.status != 202) {
      return Unexpected(response, "chunk at byte " + std::to_string(offset) + " to " + repository);
    }
    const std::string_view next = response.Header("location");
    if (!next.empty()) location = AbsoluteLocation(endpoint_.url.Origin(), next);
  }
  return UploadMonolithic(repository, location, {}, digest);
}

Status OciClient::PushBlob(const std::string& repository, std::span<const uint8_t> bytes,
                           const std::string& digest, const std::vector<std::string>& mount_from,
                           uint64_t chunk_bytes) {
  ARENASTORE_ASSIGN_OR_RETURN(const bool exists, BlobExists(repository, digest));
  if (exists) {
    ++stats_.blobs_already_there;
    return Status::Ok();
  }
  bool mounted = false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::string location,
                              StartUpload(repository, digest, mount_from, &mounted));
  if (mounted) {
    ++stats_.blob_mounts;
    return Status::Ok();
  }
  const bool chunked = chunk_bytes > 0 && bytes.size() > chunk_bytes;
  ARENASTORE_RETURN_IF_ERROR(chunked
                                 ? UploadChunked(repository, location, bytes, digest, chunk_bytes)
                                 : UploadMonolithic(repository, location, bytes, digest));
  ++stats_.blob_uploads;
  stats_.blob_upload_bytes += bytes.size();
  return Status::Ok();
}

Result<std::vector<uint8_t>> OciClient::FetchBlob(const std::string& repository,
                                                  const Descriptor& descriptor) {
  const uint64_t max_blob_bytes = transport_.options().max_blob_bytes;
  ARENASTORE_CHECK_OR_RETURN(
      descriptor.size_bytes <= max_blob_bytes, ErrorCode::kRemote,
      "remote %s: blob %.19s of %s declares %llu B, more than the %llu B this client accepts; "
      "nothing was fetched. If the model is that large and you trust the registry, set "
      "ARENASTORE_REMOTE_MAX_BLOB_BYTES higher",
      endpoint_.name.c_str(), descriptor.digest.c_str(), repository.c_str(),
      static_cast<unsigned long long>(descriptor.size_bytes),
      static_cast<unsigned long long>(max_blob_bytes));
  HttpRequest request;
  request.url = Url("/v2/" + repository + "/blobs/" + descriptor.digest);
  request.max_response_bytes = descriptor.size_bytes;
  // More bytes than the descriptor's size are damage like any other (kIntegrity below).
  ARENASTORE_ASSIGN_OR_RETURN(HttpResponse response, Exchange(request, PullScope(repository)));
  const std::string what = "blob " + descriptor.digest.substr(0, 19) + " of " + repository;
  if (response.status != 200) return Unexpected(response, what);
  ++stats_.blob_downloads;
  stats_.blob_download_bytes += response.body.size();
  const std::string actual = DigestOf(response.body);
  ARENASTORE_CHECK_OR_RETURN(
      !response.body_over_limit && response.body.size() == descriptor.size_bytes &&
          actual == descriptor.digest,
      ErrorCode::kIntegrity,
      "remote %s: %s: the bytes served (%s%zu B, %.19s) do not match the digest and size asked "
      "for (%llu B); the registry or something between changed them. Nothing was stored",
      endpoint_.name.c_str(), what.c_str(), response.body_over_limit ? "more than " : "",
      response.body.size(), actual.c_str(), static_cast<unsigned long long>(descriptor.size_bytes));
  return std::move(response.body);
}

}  // namespace arenastore::store::remote
