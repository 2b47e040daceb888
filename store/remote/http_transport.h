// HttpTransport: HTTP and HTTPS requests through libcurl, for the OCI client (oci_client.h) and
// the token requests of registry_auth.h. One libcurl easy handle per transport (RAII), reset
// between requests so connections and TLS sessions are reused across a whole push or pull.
// Retries are bounded with exponential backoff: a refused connection always (nothing was
// sent), and a dropped connection or a 429/5xx answer (501 and 505 excepted) only for
// requests the caller marks idempotent; Retry-After is honoured up to the policy's ceiling.
// Any HTTP status is a successful Send (an oversize body too, flagged); errors are
// kRemoteUnreachable (connect, TLS, timeout, connection lost) and kRemote (a truncated body). Heap
// OK; never throws. Not thread-safe: one transport per thread.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.h"

namespace arenastore::store::remote {

enum class HttpMethod : uint8_t { kGet, kHead, kPost, kPut, kPatch, kDelete };
inline constexpr int kHttpMethodCount = 6;
const char* HttpMethodName(HttpMethod method);

struct HttpRequest {
  HttpMethod method = HttpMethod::kGet;
  std::string url;
  std::vector<std::string> headers;  // "Name: value"
  std::span<const uint8_t> body;     // sent as is; the caller keeps it alive during Send
  uint64_t max_response_bytes = uint64_t{4} << 20;  // reading stops past it (body_over_limit)
  // Safe to send twice: retried after a dropped connection or a 429/5xx. Upload steps whose
  // session a partial send may have advanced (PATCH, the closing PUT) are not.
  bool idempotent = true;
};

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;  // names lowercase, in order
  std::vector<uint8_t> body;
  // The body went past HttpRequest::max_response_bytes: reading stopped there and `body` holds
  // only the bytes up to the limit. Callers decide what that means (oversize blob: integrity).
  bool body_over_limit = false;
  // The value of the first header of that (lowercase) name; "" when absent.
  std::string_view Header(std::string_view lowercase_name) const;
  std::string_view BodyText() const;
};

struct RetryPolicy {
  int32_t max_attempts = 4;  // first try included
  int32_t first_backoff_ms = 100;
  int32_t max_backoff_ms = 4000;
};

struct TransportOptions {
  std::string ca_file;  // PEM bundle of certificate authorities; "" = the system's
  int32_t connect_timeout_ms = 10000;
  int32_t stall_timeout_ms = 30000;  // abort a transfer that moved no byte for this long
  // The whole of one Send, its retries included: a server trickling a byte a second never
  // stalls, so only a deadline ends it. 10 minutes moves a 1 GiB blob at 2 MB/s.
  int32_t transfer_timeout_ms = 600000;
  // The largest blob a download accepts. A manifest is the registry's word, so the size it
  // declares is refused above this before a byte is fetched (a 64 GiB layer would otherwise
  // fill memory); real models are a few MB.
  uint64_t max_blob_bytes = uint64_t{1} << 30;
  RetryPolicy retry;
};

// What a transport sent, for `--json` output, tests and benchmarks. Every attempt counts.
struct TransferStats {
  int64_t requests = 0;
  int64_t retries = 0;
  int64_t requests_by_method[kHttpMethodCount] = {};
  uint64_t bytes_sent = 0;
  uint64_t bytes_received = 0;

  int64_t Count(HttpMethod method) const { return requests_by_method[static_cast<int>(method)]; }
};

class HttpTransport {
 public:
  struct Handle;  // libcurl's easy handle and its error buffer

  static Result<HttpTransport> Create(const TransportOptions& options);

  HttpTransport(HttpTransport&&) noexcept;
  HttpTransport& operator=(HttpTransport&&) noexcept;
  ~HttpTransport();

  Result<HttpResponse> Send(const HttpRequest& request);

  const TransportOptions& options() const { return options_; }
  const TransferStats& stats() const { return stats_; }

 private:
  HttpTransport(std::unique_ptr<Handle> handle, TransportOptions options);
  Status DeadlinePassed(const HttpRequest& request) const;

  std::unique_ptr<Handle> handle_;
  TransportOptions options_;
  TransferStats stats_;
};

}  // namespace arenastore::store::remote
