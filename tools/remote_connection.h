// How remote verbs reach a registry: the remote's row in the store, its credentials
// (arenastore's credentials file, then docker's config), and the transport knobs read from the
// environment (ARENASTORE_REMOTE_CONNECT_TIMEOUT_MS, _STALL_TIMEOUT_MS, _TRANSFER_TIMEOUT_MS,
// _ATTEMPTS, _BACKOFF_MS, _MAX_BLOB_BYTES; a bad value is a usage error naming it), and the
// "requests" object every remote verb's JSON carries. Host-only; heap OK.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "base/result.h"
#include "store/registry.h"
#include "store/remote/oci_client.h"

namespace arenastore::cli {

Result<store::remote::TransportOptions> TransportOptionsFromEnvironment(const std::string& ca_file);

// The client for remote `name` of this store; kNotFound lists the remotes there are.
Result<store::remote::OciClient> ConnectRemote(store::Registry& registry, const std::string& name);

// HTTP requests by method, retries, bytes, blob uploads/downloads/mounts/skips, manifests.
nlohmann::json RequestsJson(const store::remote::OciClient& client);

}  // namespace arenastore::cli
