// `arenastore audit --fix`: runs store::FixAudit and shows each re-plan and device move as it
// happens; --html (checked first) writes the re-audit's page; Ctrl-C stops between steps and
// says what was done and that running again resumes. `sign_with_path` (--sign-with, a private
// key file as `sign --key` takes, with its passphrase options) signs each re-plan; under
// require-signature, without one the fix refuses before changing anything (store/audit_fix.h).
// Called by the audit verb. Returns kGateRejected (exit 3) while the re-audit fails. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "base/result.h"
#include "base/status.h"
#include "store/audit_evaluate.h"
#include "store/audit_fix.h"
#include "tools/passphrase.h"

namespace arenastore::cli {

Status RunAuditFix(const store::AuditOptions& audit, const std::string& db_flag, bool json,
                   const std::string& html_path, const std::string& sign_with_path,
                   const PassphraseSource& sign_with_passphrase);

// What RunAuditFix does without printing or writing a page: reads the --sign-with key (with its
// passphrase), opens the store for writing and runs store::FixAudit. `observer` may be empty.
// Also called through store_actions.h's FixFleetAudit (the Python module).
Result<store::FixReport> FixFleet(const store::AuditOptions& audit, const std::string& db_flag,
                                  const std::string& sign_with_path,
                                  const PassphraseSource& sign_with_passphrase,
                                  const store::FixObserver& observer);

// Why `audit --fix` exits 3: rejections or unsigned deployments remain after the re-audit.
Status AuditFixFailure();

// The documented JSON shape (docs/cli.md): before/after run ids and totals, actions, remaining.
nlohmann::json FixReportJson(const store::FixReport& report);
// Its "actions" entries are tools/audit_format.h's FixActionJson, as `audit show` of the re-audit
// lists them.
std::string FixReportText(const store::FixReport& report);
// Its parts, printed as the fix goes: the first audit, each pair (FixActionText), the outcome.
std::string FixHeaderText(const store::AuditReport& before);
std::string FixOutcomeText(const store::FixReport& report);

}  // namespace arenastore::cli
