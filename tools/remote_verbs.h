// The remote side of the CLI (tools/remote_commands.cc): the `remote add | ls | rm | login |
// logout` verbs, and what push, pull, ls and show do when they name a remote (`push kws
// --remote hub`, `pull hub/kws@3`, `ls --remote hub [kws]`, `show kws@3 --remote hub`), and the
// OCI image layout as an offline remote (`export kws@2 --oci-layout DIR`, `pull oci:DIR:2`).
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

#include "base/result.h"
#include "base/status.h"
#include "tools/store_actions.h"
#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupRemote(CLI::App& app);

// How `pull` reads its argument. It writes files and reads none, so its argument is not a
// FILE|REF (tools/artifact_source.h) and its one `/` means a remote instead of a path:
//   - `REMOTE/MODEL[@V|@ALIAS]` (hub/kws, hub/kws@3, hub/kws@prod): MODEL on REMOTE, a remote
//     of this store (`arenastore remote ls`; an unknown one is kNotFound naming those there);
//   - `oci:DIR[:TAG]` (oci:/media/usb/kws:prod, skopeo's spelling): the OCI image layout at
//     DIR, TAG a version number or alias (none: its highest version); DIR holds no `:`;
//   - `kws`, `kws@3`, `kws@prod`, `sha256:<hex>`: this store's version (needs -o FILE);
//   - a path (./kws, /tmp/kws, a/b/c, kws.arena) is neither: kInvalidArgument, pointing a file
//     at `arenastore push`.
enum class PullSource { kStore, kRemote, kLayout };
Result<PullSource> ClassifyPullSource(std::string_view text);

// The one line --help gives pull's argument.
inline constexpr const char* kPullSourceHelp =
    "A store reference (kws, kws@3, kws@prod, sha256:<hex>) or, with a /, a remote's model: "
    "REMOTE/MODEL[@V|@ALIAS] (hub/kws@prod), REMOTE a name `arenastore remote ls` shows; or an "
    "OCI image layout: oci:DIR[:V|:ALIAS] (oci:/media/usb/kws:prod). Never a file";

Status RunPushToRemote(const std::string& reference, const std::string& remote,
                       uint64_t chunk_bytes, const std::string& db, bool json);
// `pull hub/kws@3` and `pull oci:DIR[:TAG]` (PullSource kRemote and kLayout), for Pull
// (tools/store_actions.h): the version (or, with all_versions, every version and alias) into
// the store, verified and under its policies, then to request.output when one is named.
// allow_rollback: --allow-rollback (store/rollback_policy.h).
Result<PullOutcome> PullFromRemote(const PullRequest& request);
Result<PullOutcome> PullFromLayout(const PullRequest& request);
// `export REF --oci-layout DIR`: the version(s) REF names, their aliases and signatures, into
// the OCI image layout at DIR (created, or added to), as `push --remote` writes a registry.
Status RunExportToLayout(const std::string& reference, const std::string& directory,
                         const std::string& db, bool json);
Status RunLsRemote(const std::string& remote, const std::string& model, const std::string& db,
                   bool json);
Status RunShowRemote(const std::string& remote, const std::string& reference, const std::string& db,
                     bool json);

}  // namespace arenastore::cli
