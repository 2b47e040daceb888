#include "tools/verify_report.h"

namespace arenastore::cli {

nlohmann::json VerifyReportJson(const std::string& db_path, const store::VerifyReport& report) {
  nlohmann::json problems = nlohmann::json::array();
  for (const store::VerifyProblem& problem : report.problems) {
    problems.push_back({{"sha256", problem.sha256},
                        {"versions", problem.referenced},
                        {"problem", problem.problem}});
  }
  return {{"db", db_path},
          {"ok", report.ok()},
          {"artifacts_checked", report.artifacts_checked},
          {"signatures_checked", report.signatures_checked},
          {"bytes_hashed", report.bytes_hashed},
          {"problems", problems}};
}

Status VerifyOutcome(const std::string& db_path, const store::VerifyReport& report) {
  if (report.ok()) return Status::Ok();
  return Status::Error(ErrorCode::kIntegrity,
                       "%zu problem(s) in %s (listed above); restore from a backup (`arenastore "
                       "db backup` makes one) or re-push the named artifacts, and sign again the "
                       "versions whose signatures no longer verify",
                       report.problems.size(), db_path.c_str());
}

}  // namespace arenastore::cli
