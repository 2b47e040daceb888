// `arenastore audit --fix`: runs store::FixAudit (re-plan every curable reject, move the devices,
// re-audit) and reports what it re-planned, what it could not and what remains; --html writes
// the re-audit's page, its path checked before anything changes. Each re-plan and device move
// is printed as it happens; Ctrl-C stops between steps and says what was done and that running
// it again resumes (then main() ends the process as interrupted). Called by the audit verb
// (tools/audit_commands.cc) when --fix is given. Returns kGateRejected (exit 3) when any reject
// remains, like the audit itself. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "base/status.h"
#include "store/audit_evaluate.h"
#include "store/audit_fix.h"

namespace arenastore::cli {

Status RunAuditFix(const store::AuditOptions& audit, const std::string& db_flag, bool json,
                   const std::string& html_path);

// The documented JSON shape (docs/cli.md): before/after run ids and totals, actions, remaining.
nlohmann::json FixReportJson(const store::FixReport& report);
std::string FixReportText(const store::FixReport& report);
// Its parts, printed as the fix goes: the first audit, each pair, the outcome.
std::string FixHeaderText(const store::AuditReport& before);
std::string FixActionText(const store::FixAction& action);
std::string FixOutcomeText(const store::FixReport& report);

}  // namespace arenastore::cli
