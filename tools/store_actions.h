// What the store verbs pull, sign, policy and audit do, as functions that return their result
// instead of printing it. The verbs print it (text, or the --json document); the Python module
// (python/src/store.cc) hands the same documents and reports to Python, so both say the same.
// Host-only. Nothing here prints, except that a pull's `output` may be `-` (stdout).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/audit_report.h"
#include "tools/passphrase.h"

namespace arenastore::cli {

// `pull REFERENCE [-o OUTPUT] [--all] [--allow-rollback]`, from this store, a remote or an OCI
// layout (tools/remote_verbs.h, ClassifyPullSource). `json`: the caller prints the document, so
// stdout is not free for the bytes (`-o -` is refused).
struct PullRequest {
  std::string reference;
  std::string output;  // required for a stored reference
  bool all_versions = false;
  bool allow_rollback = false;
  std::string db;
  bool json = false;
};

struct PullOutcome {
  nlohmann::json document;  // what `pull --json` prints
  std::string text;         // what `pull` prints for people
};

Result<PullOutcome> Pull(const PullRequest& request);

// `sign REFERENCE --key KEY_FILE`: the `sign --json` document {signed, sha256, status}.
Result<nlohmann::json> SignVersion(const std::string& reference, const std::string& key_file,
                                   const PassphraseSource& passphrase, const std::string& db);

// `policy show` (set false) or `policy set NAME on|off`: the `policy --json` document
// {require_signature, allow_rollback}, after the change. Setting creates a missing store.
Result<nlohmann::json> StorePolicy(bool set, const std::string& name, const std::string& value,
                                   const std::string& db);

// `audit [--runtime-isa ISA]... [--policy P] [--note N] [--no-record]` (without --fix): the
// report, recorded in the store unless `record` is false. `progress` may be empty.
struct AuditRequest {
  std::vector<std::string> isas;
  std::string policy = "default";
  std::string note;
  bool record = true;
  std::string db;
};

Result<store::AuditReport> AuditFleet(const AuditRequest& request,
                                      std::function<void(int64_t, int64_t)> progress);

// Why `audit` exits 3 (AuditFails): the error the verb returns after printing the report.
Status AuditFailure();

}  // namespace arenastore::cli
