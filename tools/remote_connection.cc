#include "tools/remote_connection.h"

#include <cstdlib>

#include "store/remote/credentials.h"
#include "store/remote/remote_config.h"

namespace arenastore::cli {
namespace {

namespace remote = store::remote;

// A non-negative integer from the environment, or `fallback`.
int32_t EnvironmentInt(const char* name, int32_t fallback, int32_t max) {
  const char* text = std::getenv(name);
  if (text == nullptr || text[0] == '\0') return fallback;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == nullptr || *end != '\0' || value < 0 || value > max) return fallback;
  return static_cast<int32_t>(value);
}

}  // namespace

remote::TransportOptions TransportOptionsFromEnvironment(const std::string& ca_file) {
  remote::TransportOptions options;
  options.ca_file = ca_file;
  constexpr int32_t kHourMs = 3600 * 1000;
  options.connect_timeout_ms =
      EnvironmentInt("ARENASTORE_REMOTE_CONNECT_TIMEOUT_MS", options.connect_timeout_ms, kHourMs);
  options.stall_timeout_ms =
      EnvironmentInt("ARENASTORE_REMOTE_STALL_TIMEOUT_MS", options.stall_timeout_ms, kHourMs);
  options.retry.max_attempts =
      EnvironmentInt("ARENASTORE_REMOTE_ATTEMPTS", options.retry.max_attempts, 100);
  options.retry.first_backoff_ms =
      EnvironmentInt("ARENASTORE_REMOTE_BACKOFF_MS", options.retry.first_backoff_ms, kHourMs);
  return options;
}

Result<remote::OciClient> ConnectRemote(store::Registry& registry, const std::string& name) {
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemoteConfig config,
                              remote::FindRemote(registry, name));
  ARENASTORE_ASSIGN_OR_RETURN(remote::RemoteEndpoint endpoint, remote::EndpointOf(config));
  ARENASTORE_ASSIGN_OR_RETURN(remote::Credentials credentials,
                              remote::LookupCredentials(endpoint.url.authority));
  return remote::OciClient::Create(std::move(endpoint), std::move(credentials),
                                   TransportOptionsFromEnvironment(config.ca_file));
}

nlohmann::json RequestsJson(const remote::OciClient& client) {
  const remote::TransferStats& transfer = client.transfer_stats();
  const remote::OciStats& oci = client.stats();
  nlohmann::json by_method = nlohmann::json::object();
  for (int method = 0; method < remote::kHttpMethodCount; ++method) {
    by_method[remote::HttpMethodName(static_cast<remote::HttpMethod>(method))] =
        transfer.requests_by_method[method];
  }
  return {{"total", transfer.requests},
          {"retries", transfer.retries},
          {"by_method", by_method},
          {"bytes_sent", transfer.bytes_sent},
          {"bytes_received", transfer.bytes_received},
          {"blob_uploads", oci.blob_uploads},
          {"blob_upload_bytes", oci.blob_upload_bytes},
          {"blobs_already_there", oci.blobs_already_there},
          {"blob_mounts", oci.blob_mounts},
          {"blob_downloads", oci.blob_downloads},
          {"blob_download_bytes", oci.blob_download_bytes},
          {"manifest_puts", oci.manifest_puts},
          {"manifest_gets", oci.manifest_gets}};
}

}  // namespace arenastore::cli
