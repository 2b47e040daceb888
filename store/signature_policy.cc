#include "store/signature_policy.h"

#include <string>

#include "store/signatures.h"

namespace arenastore::store {

Status SetRequireSignature(Registry& registry, bool required) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement update,
      registry.db().Prepare("INSERT INTO settings (name, value) VALUES ('require_signature', ?) "
                            "ON CONFLICT (name) DO UPDATE SET value = excluded.value"));
  ARENASTORE_RETURN_IF_ERROR(update.Bind(1, std::string_view(required ? "on" : "off")));
  return update.Run();
}

Result<bool> RequireSignature(Registry& registry) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query,
      registry.db().Prepare("SELECT value FROM settings WHERE name = 'require_signature'"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, query.Step());
  if (!found) return false;
  const std::string value = query.ColumnText(0);
  if (value == "on") return true;
  if (value == "off") return false;
  // Fail closed: a damaged value must not turn the policy off ("oo" for "on" did).
  return Status::Error(ErrorCode::kIntegrity,
                       "%s: the require-signature setting holds '%.40s', neither on nor off; "
                       "nothing runs until it is set again (`arenastore policy set "
                       "require-signature on|off --db %s`)",
                       registry.path().c_str(), value.c_str(), registry.path().c_str());
}

Status EnforceSignaturePolicy(Registry& registry, const ResolvedVersion& version) {
  ARENASTORE_ASSIGN_OR_RETURN(const bool required, RequireSignature(registry));
  if (!required) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const SignatureCheck check, CheckSignatures(registry, version));
  if (check.trusted()) return Status::Ok();
  return Status::Error(ErrorCode::kSignature,
                       "%s is refused: this store requires a signature by a trusted key and it "
                       "is %s. Sign it (`arenastore sign %s --key KEY`) with a key the store "
                       "trusts (`arenastore key trust`)",
                       version.Name().c_str(), check.Summary().c_str(), version.Name().c_str());
}

}  // namespace arenastore::store
