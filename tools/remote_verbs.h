// The remote side of the CLI (tools/remote_commands.cc): the `remote add | ls | rm | login |
// logout` verbs, and what push, pull, ls and show do when they name a remote (`push kws
// --remote hub`, `pull hub/kws@3`, `ls --remote hub [kws]`, `show kws@3 --remote hub`).
// Each Run* opens the store named by --db, connects to the remote with the credentials found
// for it (store/remote/credentials.h) and prints text or exactly one JSON document, with the
// HTTP requests it made under "requests". Connection knobs come from the environment:
// ARENASTORE_REMOTE_CONNECT_TIMEOUT_MS, ARENASTORE_REMOTE_STALL_TIMEOUT_MS,
// ARENASTORE_REMOTE_ATTEMPTS, ARENASTORE_REMOTE_BACKOFF_MS. Host-only.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <string_view>

#include "base/status.h"
#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupRemote(CLI::App& app);

// `NAME/MODEL[@V|@ALIAS]`: a model on a remote (model names never hold a slash).
bool IsRemoteReference(std::string_view text);

Status RunPushToRemote(const std::string& reference, const std::string& remote,
                       uint64_t chunk_bytes, const std::string& db, bool json);
Status RunPullFromRemote(const std::string& reference, bool all_versions, const std::string& output,
                         const std::string& db, bool json);
Status RunLsRemote(const std::string& remote, const std::string& model, const std::string& db,
                   bool json);
Status RunShowRemote(const std::string& remote, const std::string& reference, const std::string& db,
                     bool json);

}  // namespace arenastore::cli
