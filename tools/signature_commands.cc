// `arenastore key | sign | verify-signature | policy`: Ed25519 signing of model versions.
// Keys are files (PEM); the store keeps the public keys it trusts, the signatures, and the
// policy that makes pull/check/run refuse versions without a trusted signature (exit 4).
#include <fmt/core.h>
#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tools/json_document.h"
#include "tools/key_file.h"
#include "tools/output_file.h"
#include "tools/registry_format.h"
#include "tools/registry_verbs.h"
#include "tools/store_access.h"

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
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunKeyGenerate(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const store::KeyPair pair, store::GenerateKeyPair());
  const std::string private_path = options.out + ".key";
  const std::string public_path = options.out + ".pub";
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
  const std::string hex = store::HexOf(pair.public_key);
  if (*options.json) {
    EmitJson(nlohmann::json{
        {"private_key_file", private_path}, {"public_key_file", public_path}, {"public_key", hex}});
    return Status::Ok();
  }
  fmt::print("wrote {} (private, keep it secret) and {}\npublic key {}\n", private_path,
             public_path, hex);
  fmt::print("next: arenastore key trust {} --name NAME, then arenastore sign REF --key {}\n",
             public_path, private_path);
  return Status::Ok();
}

Status RunKeyTrust(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string text, ReadPublicKeyArgument(options.public_key));
  ARENASTORE_ASSIGN_OR_RETURN(const store::PublicKey key, store::ParsePublicKey(text));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWriteOrCreate));
  ARENASTORE_RETURN_IF_ERROR(store::TrustKey(registry, options.name, key).status());
  if (*options.json) {
    EmitJson(nlohmann::json{{"name", options.name}, {"public_key", store::HexOf(key)}});
    return Status::Ok();
  }
  fmt::print("trusting key {} ({}) in {}\n", options.name, store::HexOf(key), registry.path());
  return Status::Ok();
}

Status RunKeyList(const KeyOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<store::TrustedKey> keys,
                              store::ListTrustedKeys(registry));
  if (*options.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const store::TrustedKey& key : keys) {
      list.push_back({{"name", key.name},
                      {"public_key", store::HexOf(key.public_key)},
                      {"trusted_at", key.trusted_at}});
    }
    EmitJson(nlohmann::json{{"trusted_keys", list}});
    return Status::Ok();
  }
  if (keys.empty()) fmt::print("no trusted keys; add one with `arenastore key trust`\n");
  for (const store::TrustedKey& key : keys) {
    fmt::print("{:<20} {}  {}\n", key.name, store::HexOf(key.public_key),
               key.trusted_at.substr(0, 19));
  }
  return Status::Ok();
}

struct SignOptions {
  std::string reference;
  std::string key_file;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunSign(const SignOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string private_pem, ReadKeyFile(options.key_file));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::SignVersion(registry, options.reference, private_pem));
  ARENASTORE_ASSIGN_OR_RETURN(const store::SignatureCheck check,
                              store::CheckSignatures(registry, version));
  if (*options.json) {
    EmitJson(nlohmann::json{
        {"signed", version.Name()}, {"sha256", version.sha256}, {"status", check.Summary()}});
  } else {
    fmt::print("signed {} ({}); now {}\n", version.Name(), ShortDigest(version.sha256),
               check.Summary());
  }
  return Status::Ok();
}

Status RunVerifySignature(const SignOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(options.db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                              store::Resolve(registry, options.reference));
  ARENASTORE_ASSIGN_OR_RETURN(const store::SignatureCheck check,
                              store::CheckSignatures(registry, version));
  if (*options.json) {
    nlohmann::json entries = nlohmann::json::array();
    for (const store::SignatureEntry& entry : check.entries) {
      entries.push_back({{"public_key", store::HexOf(entry.public_key)},
                         {"trusted_key_name", entry.key_name},
                         {"valid", entry.valid},
                         {"signed_at", entry.signed_at}});
    }
    EmitJson(nlohmann::json{{"reference", version.Name()},
                            {"sha256", version.sha256},
                            {"trusted", check.trusted()},
                            {"status", check.Summary()},
                            {"signatures", entries}});
  } else {
    fmt::print("{} ({}): {}\n", version.Name(), ShortDigest(version.sha256), check.Summary());
    for (const store::SignatureEntry& entry : check.entries) {
      fmt::print("  key {}…  {}  {}\n", store::HexOf(entry.public_key).substr(0, 16),
                 entry.valid ? "valid" : "INVALID",
                 entry.key_name.empty() ? "not trusted" : "trusted as " + entry.key_name);
    }
  }
  if (check.trusted()) return Status::Ok();
  return Status::Error(ErrorCode::kSignature, "%s has no valid signature by a trusted key (%s)",
                       version.Name().c_str(), check.Summary().c_str());
}

struct PolicyOptions {
  std::string name;
  std::string value;
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

Status RunPolicy(const PolicyOptions& options, bool set) {
  if (set) {
    ARENASTORE_CHECK_OR_RETURN(options.name == "require-signature", ErrorCode::kInvalidArgument,
                               "unknown policy '%s'; the store has one: require-signature",
                               options.name.c_str());
    ARENASTORE_CHECK_OR_RETURN(
        options.value == "on" || options.value == "off", ErrorCode::kInvalidArgument,
        "require-signature takes on or off, not '%s'", options.value.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      store::Registry registry,
      OpenRegistry(options.db, set ? StoreAccess::kWriteOrCreate : StoreAccess::kRead));
  if (set) ARENASTORE_RETURN_IF_ERROR(store::SetRequireSignature(registry, options.value == "on"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool required, store::RequireSignature(registry));
  if (*options.json) {
    EmitJson(nlohmann::json{{"require_signature", required}});
  } else {
    fmt::print(
        "require-signature {}{}\n", required ? "on" : "off",
        required ? ": pull, check, run and replan on store references, fleet deploy and audit "
                   "--fix need a trusted signature"
                 : "");
  }
  return Status::Ok();
}

}  // namespace

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
  generate->add_flag("--json", *options->json, "Print the files and public key as JSON");
  generate->footer("Example: arenastore key generate --out release");
  CLI::App* trust = command->add_subcommand("trust", "Trust a public key for signatures");
  trust->add_option("public_key", options->public_key,
                    "OUT.pub file or 64 hex digits (never the private .key)")
      ->required();
  trust->add_option("--name", options->name, "Name for the key, e.g. release")->required();
  AddDbOption(trust, &options->db);
  trust->add_flag("--json", *options->json, "Print the trusted key as JSON");
  trust->footer("Example: arenastore key trust release.pub --name release");
  CLI::App* list = command->add_subcommand("ls", "List the keys this store trusts");
  AddDbOption(list, &options->db);
  list->add_flag("--json", *options->json, "Print the keys as JSON");
  list->footer("Example: arenastore key ls");
  auto run = [options, generate, trust]() -> Status {
    if (generate->parsed()) return RunKeyGenerate(*options);
    if (trust->parsed()) return RunKeyTrust(*options);
    return RunKeyList(*options);
  };
  return {command, run, options->json};
}

Verb SetupSign(CLI::App& app) {
  auto options = std::make_shared<SignOptions>();
  CLI::App* command = app.add_subcommand("sign", "Sign a model version with an Ed25519 key");
  command->add_option("reference", options->reference, "kws@3, kws@prod, ...")->required();
  command->add_option("--key", options->key_file, "Private key file (OUT.key)")->required();
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print the result as JSON");
  command->footer("Example: arenastore sign kws@prod --key release.key");
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
  CLI::App* command = app.add_subcommand("policy", "Show or set the store's signature policy");
  command->require_subcommand(1);
  command->footer("Example: arenastore policy set require-signature on");
  CLI::App* set = command->add_subcommand("set", "Set a policy");
  set->add_option("name", options->name, "require-signature")->required();
  set->add_option("value", options->value, "on or off")->required();
  AddDbOption(set, &options->db);
  set->add_flag("--json", *options->json, "Print the policy as JSON");
  set->footer("Example: arenastore policy set require-signature on");
  CLI::App* show = command->add_subcommand("show", "Show the policy");
  AddDbOption(show, &options->db);
  show->add_flag("--json", *options->json, "Print the policy as JSON");
  show->footer("Example: arenastore policy show");
  return {command, [options, set] { return RunPolicy(*options, set->parsed()); }, options->json};
}

}  // namespace arenastore::cli
