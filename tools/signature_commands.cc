// `arenastore key | sign | verify-signature | policy`: Ed25519 signing of model versions.
// Keys are files (PEM; the private one optionally encrypted with a passphrase given through
// --passphrase-env / --passphrase-fd, never argv); the store keeps the public keys it trusts,
// the keys it revoked, the signatures, and the policies: one makes pull/check/run refuse
// versions without a trusted signature (exit 4), the other (store/rollback_policy.h) aliases
// moving back.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include "store/key_revocations.h"
#include "store/rollback_policy.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tools/json_document.h"
#include "tools/key_file.h"
#include "tools/output_file.h"
#include "tools/passphrase.h"
#include "tools/registry_format.h"
#include "tools/registry_verbs.h"
#include "tools/store_access.h"
#include "tools/store_actions.h"

namespace arenastore::cli {
namespace {

// A key file never replaces an existing file, and the private one is readable by its owner
// from the moment it exists (the temporary is 0600 until renamed).
OutputRules KeyFileRules(mode_t mode) {
  OutputRules rules;
  rules.existing = store::ExistingFile::kRefuse;
  rules.mode = mode;
  return rules;
}

Status WriteKeyFile(const std::string& path, const std::string& text, mode_t mode) {
  Status status = WriteOutput(path, text, KeyFileRules(mode));
  if (status.ok()) return status;
  return status.WithContext("key generate (choose another --out)");
}

struct KeyOptions {
  std::string out = "arenastore-signing";
  std::string public_key;
  std::string name;
  std::string revoked_key;  // key revoke: NAME or FINGERPRINT
  std::string reason;
  bool force = false;           // key trust: lift a revocation
  PassphraseSource passphrase;  // key generate: encrypt the private key
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunKeyGenerate(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json document,
                              GenerateKey(options.out, options.passphrase));
  if (*options.json) {
    EmitJson(document);
    return Status::Ok();
  }
  const std::string private_path = document["private_key_file"].get<std::string>();
  const bool encrypted = options.passphrase.given();
  fmt::print("wrote {} (private, {}) and {}\npublic key {}\n", private_path,
             encrypted ? "encrypted with the passphrase" : "keep it secret",
             document["public_key_file"].get<std::string>(),
             document["public_key"].get<std::string>());
  fmt::print("next: arenastore key trust {} --name NAME, then arenastore sign REF --key {}{}\n",
             document["public_key_file"].get<std::string>(), private_path,
             encrypted ? " " + options.passphrase.Describe() : std::string());
  return Status::Ok();
}

Status RunKeyTrust(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const StoreChange change,
                              TrustKey(options.public_key, options.name, options.force, options.db));
  const nlohmann::json& document = change.document;
  if (*options.json) {
    EmitJson(document);
    return Status::Ok();
  }
  if (document.contains("lifted_revocation")) {
    const nlohmann::json& lifted = document["lifted_revocation"];
    const std::string reason = lifted["reason"].get<std::string>();
    fmt::print(stderr, "arenastore key trust: lifted the revocation of {} (revoked at {}{})\n",
               lifted["name"].get<std::string>(), lifted["revoked_at"].get<std::string>(),
               reason.empty() ? "" : " (reason: " + reason + ")");
  }
  fmt::print("trusting key {} ({}) in {}\n", options.name,
             document["public_key"].get<std::string>(), change.db);
  return Status::Ok();
}

Status RunKeyRevoke(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const StoreChange change,
                              RevokeKey(options.revoked_key, options.reason, options.db));
  const nlohmann::json& document = change.document;
  if (*options.json) {
    EmitJson(document);
    return Status::Ok();
  }
  fmt::print("revoked key {} ({}) in {}; its signatures no longer count\n",
             document["revoked"].get<std::string>(), document["public_key"].get<std::string>(),
             change.db);
  const auto signs = document["signs"].get<std::vector<std::string>>();
  if (!signs.empty()) {
    fmt::print("re-sign what it signed with a trusted key: {}\n", fmt::join(signs, ", "));
  }
  return Status::Ok();
}

// One key of `key ls`: as JSON, and as text lines.
nlohmann::json KeyJson(const std::string& name, const store::PublicKey& key,
                       const std::vector<std::string>& signs) {
  return {{"name", name}, {"public_key", store::HexOf(key)}, {"signs", signs}};
}

std::string SignsText(const std::vector<std::string>& signs) {
  return signs.empty() ? "signs nothing" : "signs " + fmt::format("{}", fmt::join(signs, ", "));
}

struct KeyListing {
  std::vector<store::TrustedKey> trusted;
  std::vector<std::vector<std::string>> trusted_signs;
  std::vector<store::KeyRevocation> revoked;
  std::vector<std::vector<std::string>> revoked_signs;
};

Result<KeyListing> ListKeys(store::Registry& registry) {
  KeyListing listing;
  ARENASTORE_ASSIGN_OR_RETURN(listing.trusted, store::ListTrustedKeys(registry));
  ARENASTORE_ASSIGN_OR_RETURN(listing.revoked, store::ListRevokedKeys(registry));
  for (const store::TrustedKey& key : listing.trusted) {
    ARENASTORE_ASSIGN_OR_RETURN(std::vector<std::string> signs,
                                store::VersionsSignedBy(registry, key.public_key));
    listing.trusted_signs.push_back(std::move(signs));
  }
  for (const store::KeyRevocation& key : listing.revoked) {
    ARENASTORE_ASSIGN_OR_RETURN(std::vector<std::string> signs,
                                store::VersionsSignedBy(registry, key.public_key));
    listing.revoked_signs.push_back(std::move(signs));
  }
  return listing;
}

nlohmann::json KeyListingJson(const KeyListing& listing) {
  nlohmann::json trusted = nlohmann::json::array();
  for (size_t i = 0; i < listing.trusted.size(); ++i) {
    const store::TrustedKey& key = listing.trusted[i];
    nlohmann::json entry = KeyJson(key.name, key.public_key, listing.trusted_signs[i]);
    entry["trusted_at"] = key.trusted_at;
    trusted.push_back(std::move(entry));
  }
  nlohmann::json revoked = nlohmann::json::array();
  for (size_t i = 0; i < listing.revoked.size(); ++i) {
    const store::KeyRevocation& key = listing.revoked[i];
    nlohmann::json entry = KeyJson(key.key_name, key.public_key, listing.revoked_signs[i]);
    entry["revoked_at"] = key.revoked_at;
    entry["reason"] = key.reason;
    revoked.push_back(std::move(entry));
  }
  return nlohmann::json{{"trusted_keys", trusted}, {"revoked_keys", revoked}};
}

void PrintKeyListing(const KeyListing& listing) {
  if (listing.trusted.empty()) fmt::print("no trusted keys; add one with `arenastore key trust`\n");
  for (size_t i = 0; i < listing.trusted.size(); ++i) {
    const store::TrustedKey& key = listing.trusted[i];
    fmt::print("{:<20} {}  {}  {}\n", key.name, store::HexOf(key.public_key),
               key.trusted_at.substr(0, 19), SignsText(listing.trusted_signs[i]));
  }
  for (size_t i = 0; i < listing.revoked.size(); ++i) {
    const store::KeyRevocation& key = listing.revoked[i];
    fmt::print("{:<20} {}  REVOKED at {}{}  {}\n", key.key_name, store::HexOf(key.public_key),
               key.revoked_at.substr(0, 19), key.reason.empty() ? "" : " (" + key.reason + ")",
               SignsText(listing.revoked_signs[i]));
  }
}

Status RunKeyList(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const KeyListing listing, ListKeys(registry));
  if (*options.json) {
    EmitJson(KeyListingJson(listing));
  } else {
    PrintKeyListing(listing);
  }
  return Status::Ok();
}

struct SignOptions {
  std::string reference;
  std::string key_file;
  PassphraseSource passphrase;  // sign: decrypt an encrypted --key
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunSign(const SignOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(
      const nlohmann::json document,
      SignVersion(options.reference, options.key_file, options.passphrase, options.db));
  if (*options.json) {
    EmitJson(document);
  } else {
    fmt::print("signed {} ({}); now {}\n", document["signed"].get<std::string>(),
               ShortDigest(document["sha256"].get<std::string>()),
               document["status"].get<std::string>());
  }
  return Status::Ok();
}

Status RunVerifySignature(const SignOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const SignatureVerification verification,
                              VerifySignature(options.reference, options.db));
  const nlohmann::json& document = verification.document;
  if (*options.json) {
    EmitJson(document);
  } else {
    fmt::print("{} ({}): {}\n", document["reference"].get<std::string>(),
               ShortDigest(document["sha256"].get<std::string>()),
               document["status"].get<std::string>());
    for (const nlohmann::json& entry : document["signatures"]) {
      const std::string revoked = entry["revoked_key_name"].get<std::string>();
      const std::string trusted = entry["trusted_key_name"].get<std::string>();
      fmt::print("  key {}…  {}  {}\n", entry["public_key"].get<std::string>().substr(0, 16),
                 entry["valid"].get<bool>() ? "valid" : "INVALID",
                 !revoked.empty()   ? "REVOKED (was " + revoked + ")"
                 : trusted.empty() ? std::string("not trusted")
                                   : "trusted as " + trusted);
    }
  }
  return verification.outcome;
}

struct PolicyOptions {
  std::string name;
  std::string value;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunPolicy(const PolicyOptions& options, bool set) {
  ARENASTORE_ASSIGN_OR_RETURN(
      const nlohmann::json document,
      StorePolicy(set, options.name, options.value, options.db));
  if (*options.json) {
    EmitJson(document);
    return Status::Ok();
  }
  const bool required = document["require_signature"].get<bool>();
  const bool rollback = document["allow_rollback"].get<bool>();
  fmt::print("require-signature {}{}\n", required ? "on" : "off",
             required ? ": pull, check, run and replan on store references, fleet deploy and audit "
                        "--fix need a trusted signature"
                      : "");
  fmt::print("allow-rollback {}{}\n", rollback ? "on" : "off",
             rollback ? ""
                      : ": alias set and pull never move an alias below the newest version "
                        "it has pointed at without --allow-rollback (journaled)");
  return Status::Ok();
}

Status CheckPolicySetting(const std::string& name, const std::string& value) {
  ARENASTORE_CHECK_OR_RETURN(
      name == "require-signature" || name == "allow-rollback", ErrorCode::kInvalidArgument,
      "unknown policy '%s'; the store has two: require-signature, allow-rollback", name.c_str());
  ARENASTORE_CHECK_OR_RETURN(value == "on" || value == "off", ErrorCode::kInvalidArgument,
                             "%s takes on or off, not '%s'", name.c_str(), value.c_str());
  return Status::Ok();
}

}  // namespace

Result<nlohmann::json> GenerateKey(const std::string& out, const PassphraseSource& passphrase_source) {
  store::SecretText passphrase;
  if (passphrase_source.given()) {
    ARENASTORE_ASSIGN_OR_RETURN(passphrase, ReadPassphrase(passphrase_source));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const store::KeyPair pair, store::GenerateKeyPair(passphrase.view()));
  const std::string private_path = out + ".key";
  const std::string public_path = out + ".pub";
  // Both names are checked first, so a taken .pub never leaves a lone new .key behind.
  for (const std::string& path : {private_path, public_path}) {
    auto target = ResolveOutput(path, KeyFileRules(0600));
    if (!target.ok()) {
      Status status = target.status();
      return status.WithContext("key generate (choose another --out)");
    }
  }
  ARENASTORE_RETURN_IF_ERROR(WriteKeyFile(private_path, pair.private_pem, 0600));
  ARENASTORE_RETURN_IF_ERROR(WriteKeyFile(public_path, pair.public_pem, 0644));
  return nlohmann::json{{"private_key_file", private_path},
                        {"public_key_file", public_path},
                        {"public_key", store::HexOf(pair.public_key)}};
}

Result<StoreChange> TrustKey(const std::string& public_key, const std::string& name, bool force,
                             const std::string& db) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string text, ReadPublicKeyArgument(public_key));
  ARENASTORE_ASSIGN_OR_RETURN(const store::PublicKey key, store::ParsePublicKey(text));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(db, StoreAccess::kWriteOrCreate));
  ARENASTORE_ASSIGN_OR_RETURN(
      const store::TrustOutcome outcome,
      store::TrustKey(registry, name, key,
                      force ? store::RevokedKey::kLiftRevocation : store::RevokedKey::kRefuse));
  nlohmann::json json = {{"name", name}, {"public_key", store::HexOf(key)}};
  if (outcome.lifted) {
    json["lifted_revocation"] = {{"name", outcome.lifted->key_name},
                                 {"revoked_at", outcome.lifted->revoked_at},
                                 {"reason", outcome.lifted->reason}};
  }
  return StoreChange{std::move(json), registry.path()};
}

Result<StoreChange> RevokeKey(const std::string& key, const std::string& reason,
                              const std::string& db) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(const store::KeyRevocation revocation,
                              store::RevokeKey(registry, key, reason));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> signs,
                              store::VersionsSignedBy(registry, revocation.public_key));
  return StoreChange{nlohmann::json{{"revoked", revocation.key_name},
                                    {"public_key", store::HexOf(revocation.public_key)},
                                    {"revoked_at", revocation.revoked_at},
                                    {"reason", revocation.reason},
                                    {"signs", signs}},
                     registry.path()};
}

Result<nlohmann::json> ListKeys(const std::string& db) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const KeyListing listing, ListKeys(registry));
  return KeyListingJson(listing);
}

Result<SignatureVerification> VerifySignature(const std::string& reference,
                                              const std::string& db) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::Resolve(registry, reference));
  ARENASTORE_ASSIGN_OR_RETURN(const store::SignatureCheck check,
                              store::CheckSignatures(registry, version));
  nlohmann::json entries = nlohmann::json::array();
  for (const store::SignatureEntry& entry : check.entries) {
    entries.push_back({{"public_key", store::HexOf(entry.public_key)},
                       {"trusted_key_name", entry.key_name},
                       {"revoked_key_name", entry.revoked_as},
                       {"valid", entry.valid},
                       {"signed_at", entry.signed_at}});
  }
  SignatureVerification verification;
  verification.document = nlohmann::json{{"reference", version.Name()},
                                         {"sha256", version.sha256},
                                         {"trusted", check.trusted()},
                                         {"status", check.Summary()},
                                         {"signatures", entries}};
  if (!check.trusted()) {
    verification.outcome =
        Status::Error(ErrorCode::kSignature, "%s has no valid signature by a trusted key (%s)",
                      version.Name().c_str(), check.Summary().c_str());
  }
  return verification;
}

Result<nlohmann::json> SignVersion(const std::string& reference, const std::string& key_file,
                                   const PassphraseSource& passphrase, const std::string& db) {
  ARENASTORE_ASSIGN_OR_RETURN(const store::SecretText private_pem,
                              ReadPrivateKeyFile(key_file, "--key", passphrase));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::SignVersion(registry, reference, private_pem.view()));
  ARENASTORE_ASSIGN_OR_RETURN(const store::SignatureCheck check,
                              store::CheckSignatures(registry, version));
  return nlohmann::json{
      {"signed", version.Name()}, {"sha256", version.sha256}, {"status", check.Summary()}};
}

Result<nlohmann::json> StorePolicy(bool set, const std::string& name, const std::string& value,
                                   const std::string& db) {
  if (set) ARENASTORE_RETURN_IF_ERROR(CheckPolicySetting(name, value));
  ARENASTORE_ASSIGN_OR_RETURN(
      store::Registry registry,
      OpenRegistry(db, set ? StoreAccess::kWriteOrCreate : StoreAccess::kRead));
  if (set && name == "require-signature") {
    ARENASTORE_RETURN_IF_ERROR(store::SetRequireSignature(registry, value == "on"));
  }
  if (set && name == "allow-rollback") {
    ARENASTORE_RETURN_IF_ERROR(store::SetAllowRollback(registry, value == "on"));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const bool required, store::RequireSignature(registry));
  ARENASTORE_ASSIGN_OR_RETURN(const bool rollback, store::AllowRollback(registry));
  return nlohmann::json{{"require_signature", required}, {"allow_rollback", rollback}};
}

Verb SetupKey(CLI::App& app) {
  auto options = std::make_shared<KeyOptions>();
  CLI::App* command = app.add_subcommand("key", "Create signing keys and choose which to trust");
  command->require_subcommand(1);
  command->footer(
      "Example: arenastore key generate --out release && arenastore key trust "
      "release.pub --name release");
  CLI::App* generate =
      command->add_subcommand("generate", "Write a new Ed25519 key pair (OUT.key, OUT.pub)");
  generate->add_option("--out", options->out, "File name prefix (default arenastore-signing)");
  AddPassphraseOptions(generate, &options->passphrase, "that encrypts the private key");
  generate->add_flag("--json", *options->json, "Print the files and public key as JSON");
  generate->footer(
      "Example: arenastore key generate --out release\n"
      "         arenastore key generate --out release --passphrase-env RELEASE_PASSPHRASE");
  CLI::App* trust = command->add_subcommand("trust", "Trust a public key for signatures");
  trust->add_option("public_key", options->public_key,
                    "OUT.pub file or 64 hex digits (never the private .key)")
      ->required();
  trust->add_option("--name", options->name, "Name for the key, e.g. release")->required();
  trust->add_flag("--force", options->force,
                  "Trust a revoked key again, lifting its revocation (recorded)");
  AddDbOption(trust, &options->db);
  trust->add_flag("--json", *options->json, "Print the trusted key as JSON");
  trust->footer("Example: arenastore key trust release.pub --name release");
  CLI::App* revoke = command->add_subcommand(
      "revoke", "Stop trusting a key: its signatures no longer count anywhere");
  revoke->add_option("key", options->revoked_key,
                     "The key's name or fingerprint (or 8+ leading hex digits of it; key ls)")
      ->required();
  revoke->add_option("--reason", options->reason, "Why, recorded with the time, e.g. leaked");
  AddDbOption(revoke, &options->db);
  revoke->add_flag("--json", *options->json, "Print the revocation as JSON");
  revoke->footer("Example: arenastore key revoke release --reason 'laptop stolen'");
  CLI::App* list = command->add_subcommand(
      "ls", "List the trusted and revoked keys and the versions each signs");
  AddDbOption(list, &options->db);
  list->add_flag("--json", *options->json, "Print the keys as JSON");
  list->footer("Example: arenastore key ls");
  auto run = [options, generate, trust, revoke]() -> Status {
    if (generate->parsed()) return RunKeyGenerate(*options);
    if (trust->parsed()) return RunKeyTrust(*options);
    if (revoke->parsed()) return RunKeyRevoke(*options);
    return RunKeyList(*options);
  };
  return {command, run, options->json};
}

Verb SetupSign(CLI::App& app) {
  auto options = std::make_shared<SignOptions>();
  CLI::App* command = app.add_subcommand("sign", "Sign a model version with an Ed25519 key");
  command->add_option("reference", options->reference, "kws@3, kws@prod, ...")->required();
  command->add_option("--key", options->key_file, "Private key file (OUT.key)")->required();
  AddPassphraseOptions(command, &options->passphrase, "of an encrypted --key");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the result as JSON");
  command->footer(
      "Example: arenastore sign kws@prod --key release.key\n"
      "         arenastore sign kws@prod --key release.key --passphrase-fd 3 3<passphrase.txt");
  return {command, [options] { return RunSign(*options); }, options->json};
}

Verb SetupVerifySignature(CLI::App& app) {
  auto options = std::make_shared<SignOptions>();
  CLI::App* command = app.add_subcommand(
      "verify-signature", "Check a version's signatures (exit 4 unless a trusted one verifies)");
  command->add_option("reference", options->reference, "kws@3, kws@prod, ...")->required();
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print every signature's status as JSON");
  command->footer("Example: arenastore verify-signature kws@prod");
  return {command, [options] { return RunVerifySignature(*options); }, options->json};
}

Verb SetupPolicy(CLI::App& app) {
  auto options = std::make_shared<PolicyOptions>();
  CLI::App* command =
      app.add_subcommand("policy", "Show or set the store's signature and rollback policies");
  command->require_subcommand(1);
  command->footer("Example: arenastore policy set require-signature on");
  CLI::App* set = command->add_subcommand("set", "Set a policy");
  set->add_option("name", options->name, "require-signature or allow-rollback")->required();
  set->add_option("value", options->value, "on or off")->required();
  AddDbOption(set, &options->db);
  set->add_flag("--json", *options->json, "Print the policy as JSON");
  set->footer(
      "Example: arenastore policy set require-signature on   (or: arenastore policy set "
      "allow-rollback off)");
  CLI::App* show = command->add_subcommand("show", "Show the policy");
  AddDbOption(show, &options->db);
  show->add_flag("--json", *options->json, "Print the policy as JSON");
  show->footer("Example: arenastore policy show");
  return {command, [options, set] { return RunPolicy(*options, set->parsed()); }, options->json};
}

}  // namespace arenastore::cli
