#include "store/remote/oci_client.h"

#include <chrono>
#include <set>
#include <thread>

namespace arenastore::store::remote {
namespace {

// Manifests and tag lists are small; the spec has registries accept manifests of at least
// 4 MiB, so anything beyond that is not a document we read.
constexpr uint64_t kMaxDocumentBytes = uint64_t{4} << 20;
// A tag list or catalog longer than this many pages is refused rather than walked forever.
constexpr int kMaxPages = 1000;
// Manifest PUTs that lost a race with an identical concurrent PUT (see PutManifest).
constexpr int kManifestPutAttempts = 4;

std::string AcceptManifests() {
  return "Accept: " + std::string(kImageManifestType) + ", " + std::string(kImageIndexType);
}

// "MANIFEST_UNKNOWN: manifest unknown" from a registry's {"errors": [...]} body, if any.
std::string RegistryErrorText(const HttpResponse& response) {
  const nlohmann::json body =
      nlohmann::json::parse(response.BodyText(), nullptr, /*allow_exceptions=*/false);
  if (!body.is_object()) return "";
  const auto errors = body.find("errors");
  if (errors == body.end() || !errors->is_array() || errors->empty()) return "";
  const nlohmann::json& first = errors->front();
  std::string text;
  if (first.is_object() && first.contains("code") && first["code"].is_string()) {
    text = first["code"].get<std::string>();
  }
  if (first.is_object() && first.contains("message") && first["message"].is_string()) {
    text += (text.empty() ? "" : ": ") + first["message"].get<std::string>();
  }
  return text.substr(0, 120);
}

// The target of a `Link: <url>; rel="next"` header ("" when there is none).
std::string NextLink(std::string_view link) {
  if (link.find("rel=\"next\"") == std::string_view::npos &&
      link.find("rel=next") == std::string_view::npos) {
    return "";
  }
  const size_t open = link.find('<');
  const size_t close = link.find('>', open);
  if (open == std::string_view::npos || close == std::string_view::npos) return "";
  return std::string(link.substr(open + 1, close - open - 1));
}

// The path of a URL without its query (upload URLs carry long opaque state there).
std::string PathOf(const std::string& url) {
  const size_t scheme = url.find("://");
  const size_t path = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (path == std::string::npos) return "/";
  return url.substr(path, url.find('?', path) - path);
}

}  // namespace

std::string PullScope(const std::string& repository) {
  return "repository:" + repository + ":pull";
}

std::string PushScope(const std::string& repository) {
  return "repository:" + repository + ":pull,push";
}

Result<OciClient> OciClient::Create(RemoteEndpoint endpoint, Credentials credentials,
                                    const TransportOptions& options) {
  ARENASTORE_CHECK_OR_RETURN(
      !endpoint.url.plain_http() || endpoint.insecure || IsLoopbackHost(endpoint.url.host),
      ErrorCode::kInvalidArgument,
      "remote %s is plain HTTP at %s; arenastore speaks plain HTTP only to loopback or to a "
      "remote added with --insecure (`arenastore remote add %s URL --insecure`)",
      endpoint.name.c_str(), endpoint.url.authority.c_str(), endpoint.name.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(HttpTransport transport, HttpTransport::Create(options));
  RegistryAuth auth(std::move(credentials), endpoint.insecure);
  return OciClient(std::move(endpoint), std::move(transport), std::move(auth));
}

std::string OciClient::Url(const std::string& path) const { return endpoint_.url.Origin() + path; }

std::string OciClient::Describe() const { return "remote " + endpoint_.name; }

std::string OciClient::RepositoryFor(const std::string& model) const {
  return endpoint_.url.Repository(model);
}

std::string OciClient::ListHint(const std::string& model) const {
  return "`arenastore ls --remote " + endpoint_.name + " " + model + "` lists its versions";
}

Result<HttpResponse> OciClient::Send(HttpRequest request, const std::string& scope) {
  const HttpMethod method = request.method;
  const uint64_t max_response_bytes = request.max_response_bytes;
  ARENASTORE_ASSIGN_OR_RETURN(HttpResponse response, Exchange(std::move(request), scope));
  ARENASTORE_CHECK_OR_RETURN(!response.body_over_limit, ErrorCode::kRemote,
                             "remote %s: %s %s answered more than the %llu bytes expected",
                             endpoint_.name.c_str(), HttpMethodName(method),
                             endpoint_.url.authority.c_str(),
                             static_cast<unsigned long long>(max_response_bytes));
  return response;
}

Result<HttpResponse> OciClient::Exchange(HttpRequest request, const std::string& scope) {
  const size_t plain_headers = request.headers.size();
  for (int answered = 0;; ++answered) {
    request.headers.resize(plain_headers);
    const std::string authorization = auth_.HeaderFor(scope);
    if (!authorization.empty()) request.headers.push_back(authorization);
    auto sent = transport_.Send(request);
    if (!sent.ok()) {
      Status status = sent.status();
      return status.WithContext("remote %s: %s %.80s", endpoint_.name.c_str(),
                                HttpMethodName(request.method), PathOf(request.url).c_str());
    }
    HttpResponse response = std::move(sent.value());
    // Basic then Bearer is the most a registry can ask in turn; a third 401 is a refusal.
    if (response.status != 401 || answered == 2) return response;
    Status answer = auth_.Answer(response, scope, transport_);
    if (!answer.ok()) {
      return answer.WithContext("remote %s: log in with `arenastore remote login %s`",
                                endpoint_.name.c_str(), endpoint_.name.c_str());
    }
  }
}

Status OciClient::Unexpected(const HttpResponse& response, const std::string& what) const {
  const std::string detail = RegistryErrorText(response);
  const char* remote = endpoint_.name.c_str();
  const char* sep = detail.empty() ? "" : "; ";
  switch (response.status) {
    case 401:
      return Status::Error(ErrorCode::kRemoteAuth,
                           "remote %s: %s: unauthorized (401%s%s); log in with `arenastore "
                           "remote login %s`",
                           remote, what.c_str(), sep, detail.c_str(), remote);
    case 403:
      return Status::Error(ErrorCode::kRemoteAuth,
                           "remote %s: %s: forbidden (403%s%s); these credentials may not do "
                           "this: log in as another user (`arenastore remote login %s`) or ask "
                           "the registry's operator for access",
                           remote, what.c_str(), sep, detail.c_str(), remote);
    case 404:
      return Status::Error(ErrorCode::kNotFound, "remote %s: %s: not found (404%s%s)", remote,
                           what.c_str(), sep, detail.c_str());
    case 413:
      return Status::Error(ErrorCode::kRemote,
                           "remote %s: %s: the registry refuses a request this large (413%s%s); "
                           "push with smaller chunks (--chunk-bytes) or ask its operator to raise "
                           "the limit",
                           remote, what.c_str(), sep, detail.c_str());
    case 429:
      return Status::Error(ErrorCode::kRemote,
                           "remote %s: %s: still rate limited (429) after retries; try again "
                           "later",
                           remote, what.c_str());
    default:
      break;  // an int status, not a closed enum
  }
  return Status::Error(ErrorCode::kRemote, "remote %s: %s: unexpected HTTP %d%s%s", remote,
                       what.c_str(), response.status, sep, detail.c_str());
}

Status OciClient::Ping() {
  HttpRequest request;
  request.url = Url("/v2/");
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, ""));
  if (response.status == 200) return Status::Ok();
  return Unexpected(response, "the API check (GET /v2/)");
}

Result<std::optional<Manifest>> OciClient::FetchManifest(const std::string& repository,
                                                         const std::string& reference) {
  HttpRequest request;
  request.url = Url("/v2/" + repository + "/manifests/" + reference);
  request.headers.push_back(AcceptManifests());
  request.max_response_bytes = kMaxDocumentBytes;
  ARENASTORE_ASSIGN_OR_RETURN(HttpResponse response, Send(request, PullScope(repository)));
  const std::string what = "manifest " + repository + ":" + reference;
  if (response.status == 404) return std::optional<Manifest>();
  if (response.status != 200) return Unexpected(response, what);
  ++stats_.manifest_gets;
  Manifest manifest;
  manifest.bytes = std::move(response.body);
  manifest.digest = DigestOf(manifest.bytes);
  manifest.media_type = std::string(response.Header("content-type"));
  const std::string_view served = response.Header("docker-content-digest");
  const std::string_view expected =
      IsSha256Digest(reference) ? std::string_view(reference) : served;
  ARENASTORE_CHECK_OR_RETURN(expected.empty() || expected == manifest.digest, ErrorCode::kIntegrity,
                             "remote %s: %s: the bytes served hash to %s, not %s; the registry "
                             "(or something between) changed them, nothing was stored",
                             endpoint_.name.c_str(), what.c_str(), manifest.digest.c_str(),
                             std::string(expected).c_str());
  return std::optional<Manifest>(std::move(manifest));
}

Result<std::string> OciClient::ResolveTag(const std::string& repository, const std::string& tag) {
  HttpRequest request;
  request.method = HttpMethod::kHead;
  request.url = Url("/v2/" + repository + "/manifests/" + tag);
  request.headers.push_back(AcceptManifests());
  ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, PullScope(repository)));
  if (response.status == 404) return std::string();
  if (response.status != 200) return Unexpected(response, "tag " + repository + ":" + tag);
  const std::string digest(response.Header("docker-content-digest"));
  if (IsSha256Digest(digest)) return digest;
  // The header is optional in the spec: fall back to reading the manifest.
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                              FetchManifest(repository, tag));
  return manifest.has_value() ? manifest->digest : std::string();
}

Result<PushedManifest> OciClient::PutManifest(const std::string& repository,
                                              const std::string& reference,
                                              std::string_view media_type,
                                              std::span<const uint8_t> bytes) {
  HttpRequest request;
  request.method = HttpMethod::kPut;
  request.url = Url("/v2/" + repository + "/manifests/" + reference);
  request.headers.push_back("Content-Type: " + std::string(media_type));
  request.body = bytes;
  HttpResponse response;
  for (int attempt = 0;; ++attempt) {
    ARENASTORE_ASSIGN_OR_RETURN(response, Send(request, PushScope(repository)));
    // The bytes are ours and hash as sent, so DIGEST_INVALID can only come from another client
    // writing the same manifest at the same moment: Distribution's filesystem storage writes a
    // manifest blob in place, and the two writes interleave. Once more settles it.
    const bool raced =
        response.status == 400 && RegistryErrorText(response).starts_with("DIGEST_INVALID");
    if (!raced || attempt + 1 >= kManifestPutAttempts) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20 << attempt));
  }
  const std::string what = "put manifest " + repository + ":" + reference;
  if (response.status != 201) return Unexpected(response, what);
  ++stats_.manifest_puts;
  PushedManifest pushed;
  pushed.digest = DigestOf(bytes);
  const std::string_view stored = response.Header("docker-content-digest");
  ARENASTORE_CHECK_OR_RETURN(stored.empty() || stored == pushed.digest, ErrorCode::kIntegrity,
                             "remote %s: %s: the registry stored %s, not the %s sent",
                             endpoint_.name.c_str(), what.c_str(), std::string(stored).c_str(),
                             pushed.digest.c_str());
  pushed.subject_indexed = !response.Header("oci-subject").empty();
  return pushed;
}

Status OciClient::FollowPages(std::string url, const std::string& scope, const std::string& what,
                              const std::function<Status(const HttpResponse&)>& page) {
  std::set<std::string> seen;
  for (int pages = 0; !url.empty(); ++pages) {
    ARENASTORE_CHECK_OR_RETURN(seen.insert(url).second && pages < kMaxPages, ErrorCode::kRemote,
                               "remote %s: %s: the registry's pages loop (Link rel=\"next\" "
                               "returns to a page already read); refusing to walk it",
                               endpoint_.name.c_str(), what.c_str());
    HttpRequest request;
    request.url = url;
    request.headers.push_back(AcceptManifests() + ", application/json");
    request.max_response_bytes = kMaxDocumentBytes;
    ARENASTORE_ASSIGN_OR_RETURN(const HttpResponse response, Send(request, scope));
    ARENASTORE_RETURN_IF_ERROR(page(response));
    const std::string next = NextLink(response.Header("link"));
    url = next.empty() ? "" : AbsoluteLocation(endpoint_.url.Origin(), next);
  }
  return Status::Ok();
}

Result<std::vector<std::string>> OciClient::ListTags(const std::string& repository) {
  std::vector<std::string> tags;
  const std::string what = "tags of " + repository;
  ARENASTORE_RETURN_IF_ERROR(
      FollowPages(Url("/v2/" + repository + "/tags/list?n=1000"), PullScope(repository), what,
                  [&](const HttpResponse& response) -> Status {
                    if (response.status == 404) return Status::Ok();  // no such repository: no tags
                    if (response.status != 200) return Unexpected(response, what);
                    ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json body,
                                                ParseJsonObject(response.BodyText(), what));
                    const auto list = body.find("tags");
                    if (list == body.end() || list->is_null()) return Status::Ok();
                    ARENASTORE_CHECK_OR_RETURN(list->is_array(), ErrorCode::kRemote,
                                               "remote %s: %s: 'tags' is not a list",
                                               endpoint_.name.c_str(), what.c_str());
                    for (const nlohmann::json& tag : *list) {
                      if (tag.is_string()) tags.push_back(tag.get<std::string>());
                    }
                    return Status::Ok();
                  }));
  return tags;
}

Result<std::vector<std::string>> OciClient::ListRepositories() {
  std::vector<std::string> repositories;
  const std::string what = "catalog";
  ARENASTORE_RETURN_IF_ERROR(FollowPages(
      Url("/v2/_catalog?n=1000"), "registry:catalog:*", what,
      [&](const HttpResponse& response) -> Status {
        if (response.status == 404) {
          return Status::Error(ErrorCode::kRemote,
                               "remote %s does not list its repositories (no _catalog API); name "
                               "the model: `arenastore ls --remote %s MODEL`",
                               endpoint_.name.c_str(), endpoint_.name.c_str());
        }
        if (response.status != 200) return Unexpected(response, what);
        ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json body,
                                    ParseJsonObject(response.BodyText(), what));
        const auto list = body.find("repositories");
        if (list == body.end() || !list->is_array()) return Status::Ok();
        for (const nlohmann::json& name : *list) {
          if (name.is_string()) repositories.push_back(name.get<std::string>());
        }
        return Status::Ok();
      }));
  return repositories;
}

}  // namespace arenastore::store::remote
