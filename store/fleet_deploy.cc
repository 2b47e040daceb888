#include "store/fleet_deploy.h"

#include <sqlite3.h>

#include "store/signature_policy.h"
#include "store/transaction.h"

namespace arenastore::store {
namespace {

Result<int64_t> WriteDeployments(Database& db, std::span<const std::string> device_ids,
                                 int64_t model_id, int64_t version, const std::string& by) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement deploy,
      db.Prepare("INSERT INTO deployments (device_id, model_id, version, deployed_by) VALUES "
                 "(?1, ?2, ?3, ?4) ON CONFLICT (device_id) DO UPDATE SET model_id = ?2, version "
                 "= ?3, deployed_by = ?4, deployed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
                 "WHERE model_id IS NOT ?2 OR version IS NOT ?3"));
  int64_t changed = 0;
  for (const std::string& id : device_ids) {
    ARENASTORE_RETURN_IF_ERROR(deploy.Reset());
    ARENASTORE_RETURN_IF_ERROR(deploy.BindAll(id, model_id, version, by));
    ARENASTORE_RETURN_IF_ERROR(deploy.Run());
    changed += sqlite3_changes(db.handle());
  }
  return changed;
}

// The version devices are to run: a model version (not a bare digest) the policy lets through.
// Resolved inside the caller's transaction, so no one re-points an alias between the check and
// the deployment.
Result<ResolvedVersion> DeployableVersion(Registry& registry, std::string_view reference) {
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version, Resolve(registry, reference));
  ARENASTORE_CHECK_OR_RETURN(version.model_id != 0, ErrorCode::kInvalidArgument,
                             "%s names an artifact no model version holds; devices run model "
                             "versions: deploy e.g. kws@3 or kws@prod",
                             std::string(reference).c_str());
  Status allowed = EnforceSignaturePolicy(registry, version);
  if (!allowed.ok()) return allowed.WithContext("no device was moved");
  return version;
}

}  // namespace

Result<DeployOutcome> Deploy(Registry& registry, const DeviceSelector& selector,
                             std::string_view reference, const std::string& deployed_by) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  DeployOutcome outcome;
  ARENASTORE_ASSIGN_OR_RETURN(outcome.version, DeployableVersion(registry, reference));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> ids,
                              SelectDevices(registry, selector));
  outcome.selected = static_cast<int64_t>(ids.size());
  ARENASTORE_ASSIGN_OR_RETURN(
      outcome.changed,
      WriteDeployments(db, ids, outcome.version.model_id, outcome.version.version, deployed_by));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return outcome;
}

Result<int64_t> DeployToDevices(Registry& registry, std::span<const std::string> device_ids,
                                std::string_view reference, const std::string& deployed_by) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const ResolvedVersion version,
                              DeployableVersion(registry, reference));
  ARENASTORE_ASSIGN_OR_RETURN(
      const int64_t changed,
      WriteDeployments(db, device_ids, version.model_id, version.version, deployed_by));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return changed;
}

}  // namespace arenastore::store
