// How `arenastore verify`'s report is told: the `verify --json` document and the outcome (a
// kIntegrity error counting the problems and saying what to do, or Ok). Called by the verify
// verb and the Python module's Store.verify, so both report a damaged store alike. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "base/status.h"
#include "store/verify.h"

namespace arenastore::cli {

nlohmann::json VerifyReportJson(const std::string& db_path, const store::VerifyReport& report);

Status VerifyOutcome(const std::string& db_path, const store::VerifyReport& report);

}  // namespace arenastore::cli
