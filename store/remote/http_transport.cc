#include "store/remote/http_transport.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace arenastore::store::remote {
namespace {

struct EasyDeleter {
  void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};
struct HeaderListDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using HeaderList = std::unique_ptr<curl_slist, HeaderListDeleter>;

}  // namespace

struct HttpTransport::Handle {
  std::unique_ptr<CURL, EasyDeleter> easy;
  char error[CURL_ERROR_SIZE] = {};
};

namespace {

// How an attempt failed before any HTTP status arrived.
enum class AttemptFailure : uint8_t {
  kNone,
  kNotSent,   // no connection was made: always safe to try again
  kLost,      // the connection broke or stalled: safe again only for idempotent requests
  kDeadline,  // the transfer deadline passed: not worth another attempt
  kFinal,     // trying again cannot help (certificate not trusted, bad URL)
};

// What the callbacks of one attempt fill in.
struct Exchange {
  HttpResponse response;
  uint64_t max_body_bytes = 0;
  bool body_too_long = false;
};

size_t OnBody(char* data, size_t size, size_t count, void* user) {
  auto* exchange = static_cast<Exchange*>(user);
  const size_t bytes = size * count;
  std::vector<uint8_t>& body = exchange->response.body;
  const uint64_t room = exchange->max_body_bytes - body.size();  // body never passes the limit
  if (bytes > room) {
    // Keep what fits, as HttpResponse::body_over_limit promises: "more than N B" then says N.
    body.insert(body.end(), data, data + room);
    exchange->body_too_long = true;
    return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
  }
  body.insert(body.end(), data, data + bytes);
  return bytes;
}

std::string Trimmed(std::string_view text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

size_t OnHeader(char* data, size_t size, size_t count, void* user) {
  auto* exchange = static_cast<Exchange*>(user);
  const size_t bytes = size * count;
  const std::string_view line(data, bytes);
  // A status line starts another response (a redirect or a 100 Continue came first).
  if (line.starts_with("HTTP/")) {
    exchange->response.headers.clear();
    return bytes;
  }
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos) return bytes;
  std::string name(line.substr(0, colon));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  exchange->response.headers.emplace_back(std::move(name), Trimmed(line.substr(colon + 1)));
  return bytes;
}

bool HasHeader(const std::vector<std::string>& headers, std::string_view name) {
  for (const std::string& header : headers) {
    if (header.size() > name.size() && header[name.size()] == ':' &&
        std::equal(name.begin(), name.end(), header.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return true;
    }
  }
  return false;
}

// The caller's headers, plus removals of libcurl's defaults that would cost or confuse:
// "Expect: 100-continue" adds a round trip per upload, and a body without a Content-Type
// would be labelled as a web form.
Result<HeaderList> BuildHeaders(const HttpRequest& request) {
  HeaderList list;
  auto append = [&list](const std::string& header) {
    curl_slist* grown = curl_slist_append(list.get(), header.c_str());
    if (grown != nullptr) {
      (void)list.release();
      list.reset(grown);
    }
    return grown != nullptr;
  };
  std::vector<std::string> headers = request.headers;
  headers.push_back("Expect:");
  if (!HasHeader(request.headers, "Content-Type")) headers.push_back("Content-Type:");
  for (const std::string& header : headers) {
    ARENASTORE_CHECK_OR_RETURN(append(header), ErrorCode::kRemote, "out of memory for headers");
  }
  return list;
}

void SetMethod(CURL* easy, const HttpRequest& request) {
  switch (request.method) {
    case HttpMethod::kGet:
      curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
      return;
    case HttpMethod::kHead:
      curl_easy_setopt(easy, CURLOPT_NOBODY, 1L);
      return;
    case HttpMethod::kDelete:
      curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, "DELETE");
      return;
    case HttpMethod::kPost:
    case HttpMethod::kPut:
    case HttpMethod::kPatch:
      // POSTFIELDS sends the caller's bytes without a copy; the custom method renames POST.
      curl_easy_setopt(
          easy, CURLOPT_POSTFIELDS,
          request.body.empty() ? "" : reinterpret_cast<const char*>(request.body.data()));
      curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE,
                       static_cast<curl_off_t>(request.body.size()));
      if (request.method != HttpMethod::kPost) {
        curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, HttpMethodName(request.method));
      }
      return;
  }
}

void SetConnection(CURL* easy, const TransportOptions& options) {
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  // Registries may redirect blob downloads to storage; custom Authorization headers are not
  // forwarded to another host by libcurl (>= 7.58).
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(easy, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
  if (!options.ca_file.empty()) curl_easy_setopt(easy, CURLOPT_CAINFO, options.ca_file.c_str());
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options.connect_timeout_ms));
  curl_easy_setopt(easy, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(easy, CURLOPT_LOW_SPEED_TIME,
                   std::max(1L, static_cast<long>(options.stall_timeout_ms / 1000)));
  curl_easy_setopt(easy, CURLOPT_USERAGENT, "arenastore/0.1.0");
}

bool RetryableStatus(int status) {
  return status == 429 || (status >= 500 && status <= 599 && status != 501 && status != 505);
}

// Retry-After in seconds (the HTTP-date form is not used by registries we know), capped.
int32_t BackoffMs(const RetryPolicy& policy, int32_t attempt, const HttpResponse* response) {
  int64_t backoff_ms = int64_t{policy.first_backoff_ms} << std::min(attempt, 20);
  if (response != nullptr) {
    const std::string_view retry_after = response->Header("retry-after");
    char* end = nullptr;
    const std::string text(retry_after);
    const long seconds = std::strtol(text.c_str(), &end, 10);
    if (!text.empty() && end != nullptr && *end == '\0' && seconds >= 0) {
      backoff_ms = int64_t{seconds} * 1000;
    }
  }
  return static_cast<int32_t>(std::min<int64_t>(backoff_ms, policy.max_backoff_ms));
}

AttemptFailure FailureOf(CURLcode code) {
  switch (code) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
      return AttemptFailure::kNotSent;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
      return AttemptFailure::kFinal;
    default:  // CURLcode is libcurl's open set of codes, not ours
      return AttemptFailure::kLost;
  }
}

// The host and port of a URL, for messages (upload URLs carry long opaque state).
std::string Origin(const std::string& url) {
  const size_t scheme = url.find("://");
  const size_t start = scheme == std::string::npos ? 0 : scheme + 3;
  const size_t end = url.find('/', start);
  return url.substr(0, end);
}

Result<HttpResponse> SendOnce(HttpTransport::Handle& handle, const TransportOptions& options,
                              const HttpRequest& request, int64_t remaining_ms,
                              TransferStats& stats, AttemptFailure* failure) {
  *failure = AttemptFailure::kNone;
  CURL* easy = handle.easy.get();
  curl_easy_reset(easy);  // keeps the connection cache and TLS sessions
  ARENASTORE_ASSIGN_OR_RETURN(HeaderList headers, BuildHeaders(request));
  Exchange exchange;
  exchange.max_body_bytes = request.max_response_bytes;
  handle.error[0] = '\0';
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, handle.error);
  curl_easy_setopt(easy, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, OnBody);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &exchange);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, OnHeader);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &exchange);
  SetConnection(easy, options);
  curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(std::max<int64_t>(1, remaining_ms)));
  SetMethod(easy, request);
  ++stats.requests;
  ++stats.requests_by_method[static_cast<int>(request.method)];
  stats.bytes_sent += request.body.size();
  const CURLcode code = curl_easy_perform(easy);
  stats.bytes_received += exchange.response.body.size();
  if (code != CURLE_OK && !exchange.body_too_long) {
    *failure = FailureOf(code);
    // A stall also times out (CURLOPT_LOW_SPEED_TIME); only the deadline's own expiry is final.
    curl_off_t total_us = 0;
    curl_easy_getinfo(easy, CURLINFO_TOTAL_TIME_T, &total_us);
    if (code == CURLE_OPERATION_TIMEDOUT && total_us / 1000 >= remaining_ms) {
      *failure = AttemptFailure::kDeadline;
    }
    const char* detail = handle.error[0] != '\0' ? handle.error : curl_easy_strerror(code);
    if (code == CURLE_PARTIAL_FILE) {
      return Status::Error(ErrorCode::kRemote, "%s: truncated response (%s)",
                           Origin(request.url).c_str(), detail);
    }
    return Status::Error(ErrorCode::kRemoteUnreachable, "%s: %s", Origin(request.url).c_str(),
                         detail);
  }
  long status = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
  exchange.response.status = static_cast<int>(status);
  exchange.response.body_over_limit = exchange.body_too_long;
  return std::move(exchange.response);
}

}  // namespace

const char* HttpMethodName(HttpMethod method) {
  switch (method) {
    case HttpMethod::kGet:
      return "GET";
    case HttpMethod::kHead:
      return "HEAD";
    case HttpMethod::kPost:
      return "POST";
    case HttpMethod::kPut:
      return "PUT";
    case HttpMethod::kPatch:
      return "PATCH";
    case HttpMethod::kDelete:
      return "DELETE";
  }
  return "GET";
}

std::string_view HttpResponse::Header(std::string_view lowercase_name) const {
  for (const auto& [name, value] : headers) {
    if (name == lowercase_name) return value;
  }
  return {};
}

std::string_view HttpResponse::BodyText() const {
  return {reinterpret_cast<const char*>(body.data()), body.size()};
}

HttpTransport::HttpTransport(std::unique_ptr<Handle> handle, TransportOptions options)
    : handle_(std::move(handle)), options_(std::move(options)) {}
HttpTransport::HttpTransport(HttpTransport&&) noexcept = default;
HttpTransport& HttpTransport::operator=(HttpTransport&&) noexcept = default;
HttpTransport::~HttpTransport() = default;

Result<HttpTransport> HttpTransport::Create(const TransportOptions& options) {
  static std::once_flag global_init;
  static CURLcode global_code = CURLE_OK;
  std::call_once(global_init, [] { global_code = curl_global_init(CURL_GLOBAL_DEFAULT); });
  ARENASTORE_CHECK_OR_RETURN(global_code == CURLE_OK, ErrorCode::kRemote,
                             "libcurl failed to initialise: %s", curl_easy_strerror(global_code));
  auto handle = std::make_unique<Handle>();
  handle->easy.reset(curl_easy_init());
  ARENASTORE_CHECK_OR_RETURN(handle->easy != nullptr, ErrorCode::kRemote,
                             "libcurl could not create a handle");
  return HttpTransport(std::move(handle), options);
}

Status HttpTransport::DeadlinePassed(const HttpRequest& request) const {
  return Status::Error(ErrorCode::kRemoteUnreachable,
                       "%s: a %s did not finish within the transfer deadline of %d ms; set "
                       "ARENASTORE_REMOTE_TRANSFER_TIMEOUT_MS higher for a slow link",
                       Origin(request.url).c_str(), HttpMethodName(request.method),
                       options_.transfer_timeout_ms);
}

Result<HttpResponse> HttpTransport::Send(const HttpRequest& request) {
  const RetryPolicy& policy = options_.retry;
  const auto start = std::chrono::steady_clock::now();
  for (int32_t attempt = 0;; ++attempt) {
    const int64_t elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - start)
                                   .count();
    const int64_t remaining_ms = int64_t{options_.transfer_timeout_ms} - elapsed_ms;
    if (remaining_ms <= 0) return DeadlinePassed(request);
    AttemptFailure failure = AttemptFailure::kNone;
    auto response = SendOnce(*handle_, options_, request, remaining_ms, stats_, &failure);
    if (failure == AttemptFailure::kDeadline) return DeadlinePassed(request);
    const bool last = attempt + 1 >= std::max(1, policy.max_attempts);
    if (response.ok()) {
      if (last || !request.idempotent || !RetryableStatus(response->status)) return response;
      std::this_thread::sleep_for(
          std::chrono::milliseconds(BackoffMs(policy, attempt, &response.value())));
    } else {
      const bool again = failure == AttemptFailure::kNotSent ||
                         (failure == AttemptFailure::kLost && request.idempotent);
      if (last || !again) return response;
      std::this_thread::sleep_for(std::chrono::milliseconds(BackoffMs(policy, attempt, nullptr)));
    }
    ++stats_.retries;
  }
}

}  // namespace arenastore::store::remote
