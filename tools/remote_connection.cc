#include "tools/remote_connection.h"

#include <cstdlib>

#include "store/pool_text.h"
#include "store/remote/credentials.h"
#include "store/remote/remote_config.h"

namespace arenastore::cli {
namespace {

namespace remote = store::remote;

// A knob from the environment: `*value` stays as it is when unset or empty; a value that does not parse or
// lies outside [0, max] is an error naming the variable (a typo must not silently mean the default).
Status ReadEnvironmentInt(const char* name, int32_t max, int32_t* value) {
  const char* text = std::getenv(name);
  if (text == nullptr || text[0] == '\0') return Status::Ok();
  char* end = nullptr;
  const long parsed = std::strtol(text, &end, 10);
  ARENASTORE_CHECK_OR_RETURN(end != nullptr && *end == '\0' && parsed >= 0 && parsed <= max,
                             ErrorCode::kInvalidArgument,
                             "%s=%s is not a whole number from 0 to %d; fix it or unset it for "
                             "the default (%d)",
                             name, text, max, *value);
  *value = static_cast<int32_t>(parsed);
  return Status::Ok();
}

Status ReadEnvironmentBytes(const char* name, uint64_t* value) {
  const char* text = std::getenv(name);
  if (text == nullptr || text[0] == '\0') return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(*value, store::ParseByteSize(name, text));
  return Status::Ok();
}

}  // namespace

Result<remote::TransportOptions> TransportOptionsFromEnvironment(const std::string& ca_file) {
  remote::TransportOptions options;
  options.ca_file = ca_file;
  constexpr int32_t kHourMs = 3600 * 1000;
  ARENASTORE_RETURN_IF_ERROR(ReadEnvironmentInt("ARENASTORE_REMOTE_CONNECT_TIMEOUT_MS", kHourMs,
                                                &options.connect_timeout_ms));
  ARENASTORE_RETURN_IF_ERROR(ReadEnvironmentInt("ARENASTORE_REMOTE_STALL_TIMEOUT_MS", kHourMs,
                                                &options.stall_timeout_ms));
  ARENASTORE_RETURN_IF_ERROR(ReadEnvironmentInt("ARENASTORE_REMOTE_TRANSFER_TIMEOUT_MS",
                                                24 * kHourMs, &options.transfer_timeout_ms));
  ARENASTORE_RETURN_IF_ERROR(
      ReadEnvironmentInt("ARENASTORE_REMOTE_ATTEMPTS", 100, &options.retry.max_attempts));
  ARENASTORE_RETURN_IF_ERROR(ReadEnvironmentInt("ARENASTORE_REMOTE_BACKOFF_MS", kHourMs,
                                                &options.retry.first_backoff_ms));
  ARENASTORE_RETURN_IF_ERROR(
      ReadEnvironmentBytes("ARENASTORE_REMOTE_MAX_BLOB_BYTES", &options.max_blob_bytes));
  return options;
}

Result<remote::OciClient> ConnectRemote(store::Registry& registry, const std::string& name) {
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemoteConfig config,
                              remote::FindRemote(registry, name));
  ARENASTORE_ASSIGN_OR_RETURN(remote::RemoteEndpoint endpoint, remote::EndpointOf(config));
  ARENASTORE_ASSIGN_OR_RETURN(remote::Credentials credentials,
                              remote::LookupCredentials(endpoint.url.authority));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::TransportOptions options,
                              TransportOptionsFromEnvironment(config.ca_file));
  return remote::OciClient::Create(std::move(endpoint), std::move(credentials), options);
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
