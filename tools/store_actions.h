// What the store verbs pull, sign, policy and audit do, as functions that return their result
// instead of printing it. The verbs print it (text, or the --json document); the Python module
// (python/src/store.cc) hands the same documents and reports to Python, so both say the same.
// Host-only. Nothing here prints, except that a pull's `output` may be `-` (stdout).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/audit_fix.h"
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

// `key generate [--out PREFIX] [--passphrase-env NAME | --passphrase-fd N]`: writes PREFIX.key
// (0600, encrypted when a passphrase is given) and PREFIX.pub, never replacing a file; the
// `key generate --json` document {private_key_file, public_key_file, public_key}.
Result<nlohmann::json> GenerateKey(const std::string& out, const PassphraseSource& passphrase);

// A change to a store: the document its verb's --json prints, and the store's path (which the
// text names).
struct StoreChange {
  nlohmann::json document;
  std::string db;
};

// `key trust PUBLIC_KEY --name NAME [--force]` (a .pub file or 64 hex digits; creates a missing
// store): {name, public_key[, lifted_revocation {name, revoked_at, reason}]}.
Result<StoreChange> TrustKey(const std::string& public_key, const std::string& name, bool force,
                             const std::string& db);

// `key revoke KEY [--reason R]` (a name, fingerprint or 8+ leading hex digits of one):
// {revoked, public_key, revoked_at, reason, signs}.
Result<StoreChange> RevokeKey(const std::string& key, const std::string& reason,
                              const std::string& db);

// `key ls --json`: {trusted_keys: [{name, public_key, signs, trusted_at}],
// revoked_keys: [{name, public_key, signs, revoked_at, reason}]}.
Result<nlohmann::json> ListKeys(const std::string& db);

// `verify-signature REFERENCE`: the --json document {reference, sha256, trusted, status,
// signatures}, and the verb's outcome: kSignature (exit 4) unless a trusted signature verifies.
struct SignatureVerification {
  nlohmann::json document;
  Status outcome;
};

Result<SignatureVerification> VerifySignature(const std::string& reference, const std::string& db);

// `policy show` (set false) or `policy set NAME on|off`: the `policy --json` document
// {require_signature, allow_rollback}, after the change. Setting creates a missing store.
Result<nlohmann::json> StorePolicy(bool set, const std::string& name, const std::string& value,
                                   const std::string& db);

// `audit [--runtime-isa ISA]... [--policy P] [--note N] [--no-record] [--max-recompute PERCENT]`
// (without --fix): the
// report, recorded in the store unless `record` is false. `progress` may be empty.
struct AuditRequest {
  std::vector<std::string> isas;
  std::string policy = "default";
  std::string note;
  bool record = true;
  std::string db;
  std::optional<double> max_recompute_percent;  // --max-recompute; unset: each version's share
};

Result<store::AuditReport> AuditFleet(const AuditRequest& request,
                                      std::function<void(int64_t, int64_t)> progress);

// `audit --fix [--sign-with KEY [--passphrase-env NAME | --passphrase-fd N]]` (request.record
// must be true: both audits are recorded): re-plans every curable reject for its class, moves the
// devices and re-audits. `FixReportJson` (tools/audit_fix_command.h) is its --json document.
// `observer` sees each step and may stop the fix between steps (store/audit_fix.h).
Result<store::FixReport> FixFleetAudit(const AuditRequest& request, const std::string& sign_with,
                                       const PassphraseSource& sign_with_passphrase,
                                       const store::FixObserver& observer);

// Why `audit` exits 3 (AuditFails): the error the verb returns after printing the report.
Status AuditFailure();

}  // namespace arenastore::cli
