// push, pull, ls and show when they name a remote: `push kws --remote hub`, `pull hub/kws@3`,
// `ls --remote hub [kws]`, `show kws@3 --remote hub`. The protocol and the store's rules live
// in store/remote; this file parses references, prints, and reports the requests made.
#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "store/artifact_bytes.h"
#include "store/ed25519.h"
#include "store/listing.h"
#include "store/names.h"
#include "store/reference.h"
#include "store/remote/oci_layout.h"
#include "store/remote/remote_listing.h"
#include "store/remote/remote_pull.h"
#include "store/remote/remote_push.h"
#include "store/remote/remote_version.h"
#include "store/signature_policy.h"
#include "tools/aligned_bytes.h"
#include "tools/json_document.h"
#include "tools/output_file.h"
#include "tools/registry_format.h"
#include "tools/remote_connection.h"
#include "tools/remote_verbs.h"
#include "tools/store_access.h"
#include "tools/version_details_format.h"

namespace arenastore::cli {
namespace {

namespace remote = store::remote;

// "hub/kws@prod" -> {"hub", "kws", "prod"}.
struct RemoteReference {
  std::string remote;
  std::string model;
  std::string selector;
};

// "kws@3" or "kws@prod" or "kws" (or "kws@latest") -> model and selector ("" = the highest
// version); a digest is refused: a remote is read by model and tag.
Result<RemoteReference> SplitModelReference(const std::string& remote, std::string_view text) {
  ARENASTORE_ASSIGN_OR_RETURN(const store::Reference parsed, store::ParseReference(text));
  RemoteReference reference{remote, parsed.model, ""};
  switch (parsed.kind) {
    case store::Reference::Kind::kLatest:
      break;
    case store::Reference::Kind::kVersion:
      reference.selector = std::to_string(parsed.version);
      break;
    case store::Reference::Kind::kAlias:
      reference.selector = parsed.alias;
      break;
    case store::Reference::Kind::kDigest:
      return Status::Error(ErrorCode::kInvalidArgument,
                           "a remote is read by model and version or alias (kws@3, kws@prod), "
                           "not by digest ('%.*s')",
                           static_cast<int>(text.size()), text.data());
  }
  return reference;
}

// "hub/kws@prod" -> {"hub", "kws", "prod"}: one `/`, a remote's name before it (named like an
// alias), a model reference after it. Anything else reads as a path, which pull never takes.
Result<RemoteReference> ParseRemoteReference(std::string_view text) {
  const size_t slash = text.find('/');
  const std::string_view remote = text.substr(0, slash);
  const std::string_view model = slash == std::string_view::npos ? "" : text.substr(slash + 1);
  const bool spelled = slash != std::string_view::npos && store::ValidateAlias(remote).ok() &&
                       !model.starts_with("sha256:") && store::LooksLikeReference(model);
  ARENASTORE_CHECK_OR_RETURN(
      spelled, ErrorCode::kInvalidArgument,
      "'%.*s' is neither a store reference (kws, kws@3, kws@prod, sha256:<hex>) nor a remote's "
      "model (REMOTE/MODEL[@V|@ALIAS], e.g. hub/kws@3); pull reads no files: to store one, "
      "`arenastore push FILE`",
      static_cast<int>(text.size()), text.data());
  return SplitModelReference(std::string(remote), model);
}

// "oci:DIR[:TAG]" -> {DIR, TAG}: skopeo's spelling, so a layout reads the same in both tools.
struct LayoutReference {
  std::string directory;
  std::string tag;  // "" = the highest version
};

constexpr std::string_view kLayoutPrefix = "oci:";

Result<LayoutReference> ParseLayoutReference(std::string_view text) {
  const std::string_view rest = text.substr(kLayoutPrefix.size());
  const size_t colon = rest.find(':');
  LayoutReference reference{
      std::string(rest.substr(0, colon)),
      colon == std::string_view::npos ? "" : std::string(rest.substr(colon + 1))};
  ARENASTORE_CHECK_OR_RETURN(!reference.directory.empty(), ErrorCode::kInvalidArgument,
                             "'%.*s' names no directory: an OCI image layout is oci:DIR[:TAG], "
                             "e.g. oci:/media/usb/kws:prod",
                             static_cast<int>(text.size()), text.data());
  ARENASTORE_CHECK_OR_RETURN(
      reference.tag.empty() || remote::VersionOfTag(reference.tag) ||
          remote::IsAliasTag(reference.tag),
      ErrorCode::kInvalidArgument,
      "'%s' in '%.*s' is neither a version number nor an alias: oci:DIR[:V|:ALIAS], e.g. "
      "oci:/media/usb/kws:prod (DIR holds no ':')",
      reference.tag.c_str(), static_cast<int>(text.size()), text.data());
  return reference;
}

void PrintPushed(const remote::RemotePushResult& result, const std::string& remote) {
  for (const remote::PushedVersion& version : result.versions) {
    fmt::print(
        "{} {}@{} -> {}:{}  {}{}\n", version.already_there ? "present" : "pushed ", version.model,
        version.version, result.repository, version.version, ShortDigest(version.sha256),
        version.signatures_pushed > 0 ? fmt::format("  +{} signature(s)", version.signatures_pushed)
                                      : "");
  }
  for (const remote::PushedAlias& alias : result.aliases) {
    fmt::print("alias   {} -> {}{}\n", alias.alias, alias.version,
               alias.moved ? "" : " (unchanged)");
  }
  fmt::print("next: arenastore ls --remote {} {}\n", remote,
             result.versions.empty() ? "" : result.versions.front().model);
}

// The versions and aliases a push wrote (to a remote or a layout).
nlohmann::json PushedJson(const remote::RemotePushResult& result) {
  nlohmann::json versions = nlohmann::json::array();
  for (const remote::PushedVersion& v : result.versions) {
    versions.push_back({{"reference", v.model + "@" + std::to_string(v.version)},
                        {"version", v.version},
                        {"sha256", v.sha256},
                        {"manifest_digest", v.manifest_digest},
                        {"already_there", v.already_there},
                        {"signatures_pushed", v.signatures_pushed}});
  }
  nlohmann::json aliases = nlohmann::json::array();
  for (const remote::PushedAlias& a : result.aliases) {
    aliases.push_back({{"alias", a.alias}, {"version", a.version}, {"moved", a.moved}});
  }
  return {{"versions", versions}, {"aliases", aliases}};
}

nlohmann::json PushJson(const remote::RemotePushResult& result, const remote::OciClient& client) {
  nlohmann::json document = PushedJson(result);
  document["remote"] = client.endpoint().name;
  document["repository"] = result.repository;
  document["requests"] = RequestsJson(client);
  return document;
}

// Aliases --allow-rollback moved below the newest version they had pointed at (journaled).
nlohmann::json RolledBackJson(const store::ImportResult& r) {
  nlohmann::json rolled_back = nlohmann::json::array();
  for (const auto& [alias, past] : r.rolled_back) {
    rolled_back.push_back({{"alias", alias}, {"rolled_back_past", past}});
  }
  return rolled_back;
}

nlohmann::json PulledJson(const remote::RemotePullResult& result) {
  nlohmann::json pulled = nlohmann::json::array();
  for (const store::ImportResult& r : result.imported) {
    pulled.push_back({{"reference", r.model + "@" + std::to_string(r.version)},
                      {"version", r.version},
                      {"sha256", r.sha256},
                      {"new_version", r.new_version},
                      {"new_artifact", r.new_artifact},
                      {"signatures_found", r.signatures_found},
                      {"signatures_verified", r.signatures_verified},
                      {"signatures_added", r.signatures_added},
                      {"signatures_invalid", r.signatures_invalid},
                      {"aliases", r.aliases},
                      {"rolled_back", RolledBackJson(r)}});
  }
  return pulled;
}

// `from`: "hub (team/kws)", "OCI layout /media/usb/kws".
std::string PulledText(const remote::RemotePullResult& result, const std::string& from) {
  std::string text;
  for (const store::ImportResult& r : result.imported) {
    // Always said, 0 included: a version that arrives unsigned must not do so silently.
    text += fmt::format(
        "{} {}@{}  {}  signatures: {} found, {} verified{}{}{}\n",
        r.new_version ? "pulled " : "present", r.model, r.version, ShortDigest(r.sha256),
        r.signatures_found, r.signatures_verified,
        r.signatures_added > 0 ? fmt::format(" (+{} new)", r.signatures_added) : "",
        r.signatures_invalid > 0
            ? fmt::format(", {} did not verify and were not kept", r.signatures_invalid)
            : "",
        r.aliases.empty() ? "" : "  aliases " + fmt::format("{}", fmt::join(r.aliases, ",")));
    for (const auto& [alias, past] : r.rolled_back) {
      text += fmt::format(
          "        {}@{} rolled back below version {} by --allow-rollback (journaled)\n", r.model,
          alias, past);
    }
  }
  return text + fmt::format("from {}; digests verified, stored in one transaction\n", from);
}

std::string WroteText(const std::string& output) {
  if (output.empty()) return "";
  return fmt::format("wrote {}\n", IsStdout(output) ? "stdout" : output);
}

// -o FILE after a pull: the version as stored (re-hashed on the way out), written as every
// output is (tools/output_file.h).
Status WritePulledFile(store::Registry& registry, const store::ImportResult& pulled,
                       const std::string& output, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(
      const store::ResolvedVersion version,
      store::Resolve(registry, pulled.model + "@" + std::to_string(pulled.version)));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> bytes,
                              store::ReadArtifactBytes(registry, version));
  return WriteOutput(output, bytes, StreamableOutput(json));
}

Status PrintRemoteVersions(remote::OciClient& client, const std::string& model, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<remote::RemoteVersionRow> rows,
                              remote::ListRemoteVersions(client, model));
  if (json) {
    nlohmann::json versions = nlohmann::json::array();
    for (const remote::RemoteVersionRow& row : rows) {
      nlohmann::json entry = VersionRowJson(row);
      entry["manifest_digest"] = row.manifest_digest;
      versions.push_back(std::move(entry));
    }
    EmitJson({{"remote", client.endpoint().name},
              {"repository", client.endpoint().url.Repository(model)},
              {"total", rows.size()},
              {"versions", versions},
              {"requests", RequestsJson(client)}});
    return Status::Ok();
  }
  PrintVersionRowHeader();
  for (const remote::RemoteVersionRow& row : rows) PrintVersionRow(row);
  return Status::Ok();
}

Status PrintRemoteModels(remote::OciClient& client, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<remote::RemoteModelRow> rows,
                              remote::ListRemoteModels(client));
  if (json) {
    nlohmann::json models = nlohmann::json::array();
    for (const remote::RemoteModelRow& row : rows) {
      models.push_back({{"model", row.model},
                        {"repository", row.repository},
                        {"versions", row.version_count},
                        {"latest_version", row.latest_version},
                        {"aliases", row.aliases}});
    }
    EmitJson({{"remote", client.endpoint().name},
              {"models", models},
              {"requests", RequestsJson(client)}});
    return Status::Ok();
  }
  if (rows.empty()) fmt::print("no arenastore models on {}\n", client.endpoint().name);
  for (const remote::RemoteModelRow& row : rows) {
    fmt::print("{:<24} {:>4} version(s), latest {:<6} {}\n", row.model, row.version_count,
               row.latest_version, fmt::format("{}", fmt::join(row.aliases, ",")));
  }
  return Status::Ok();
}

// The remote's view of a version, in the shape `show` prints for a stored one.
store::VersionDetails AsVersionDetails(const remote::RemoteVersionDetails& remote_details) {
  store::VersionDetails details;
  const remote::RemoteVersionRow& row = remote_details.row;
  details.metadata = remote_details.config.metadata;
  details.metadata.sha256 = row.sha256;
  details.metadata.size_bytes = row.size_bytes;
  details.version.model = row.model;
  details.version.version = row.version;
  details.version.model_id = 1;  // a model version, so Name() reads model@version
  details.version.sha256 = row.sha256;
  details.version.size_bytes = row.size_bytes;
  details.version.kernel_version = row.kernel_version;
  details.version.target_isa = row.target_isa;
  details.pushed_at = row.pushed_at;
  details.note = row.note;
  details.derived_from_sha256 = remote_details.config.derived_from_sha256;
  details.aliases = row.aliases;
  for (const remote::RemoteSignatureRow& signature : remote_details.signatures) {
    store::SignatureRow signature_row;
    // The key comes from an annotation: shown when it parses, left empty when it does not.
    auto key = store::ParsePublicKey(signature.public_key_hex);
    if (key.ok()) signature_row.public_key.assign(key->begin(), key->end());
    signature_row.signed_at = signature.signed_at;
    details.signatures.push_back(std::move(signature_row));
  }
  return details;
}

}  // namespace

Result<PullSource> ClassifyPullSource(std::string_view text) {
  if (text.starts_with(kLayoutPrefix)) {
    ARENASTORE_RETURN_IF_ERROR(ParseLayoutReference(text).status());
    return PullSource::kLayout;
  }
  if (text.find('/') == std::string_view::npos) {
    ARENASTORE_CHECK_OR_RETURN(
        !text.ends_with(".arena") && !text.ends_with(".tflite"), ErrorCode::kInvalidArgument,
        "'%.*s' is a file's name; pull reads a store reference (kws@3) or "
        "a remote's model (hub/kws@3), never a file: to store it, "
        "`arenastore push %.*s`",
        static_cast<int>(text.size()), text.data(), static_cast<int>(text.size()), text.data());
    return PullSource::kStore;  // ParseReference says what else may be wrong with it
  }
  ARENASTORE_RETURN_IF_ERROR(ParseRemoteReference(text).status());
  return PullSource::kRemote;
}

Status RunPushToRemote(const std::string& reference, const std::string& remote_name,
                       uint64_t chunk_bytes, const std::string& db, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciClient client, ConnectRemote(registry, remote_name));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemotePushResult result,
                              remote::PushToRemote(registry, client, {reference, chunk_bytes}));
  if (json) {
    EmitJson(PushJson(result, client));
  } else {
    PrintPushed(result, remote_name);
  }
  return Status::Ok();
}

Result<PullOutcome> PullFromRemote(const PullRequest& request) {
  const std::string& text = request.reference;
  const std::string& output = request.output;
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteReference reference, ParseRemoteReference(text));
  ARENASTORE_CHECK_OR_RETURN(
      !request.all_versions || (reference.selector.empty() && output.empty()),
      ErrorCode::kInvalidArgument,
      "--all pulls every version of a model: name the model alone (hub/kws) and no -o FILE");
  // The store changes before the file is written: judge the output first, as audit --html does.
  if (!output.empty())
    ARENASTORE_RETURN_IF_ERROR(ResolveOutput(output, StreamableOutput(request.json)).status());
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(request.db, StoreAccess::kWrite));
  auto client = ConnectRemote(registry, reference.remote);
  if (!client.ok()) {
    Status status = client.status();
    return status.WithContext("pull %s reads model %s from remote %s", text.c_str(),
                              reference.model.c_str(), reference.remote.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      const remote::RemotePullResult result,
      remote::PullFromRemote(registry, *client,
                             {reference.model, reference.selector, request.all_versions,
                              request.allow_rollback}));
  if (!output.empty()) {
    ARENASTORE_RETURN_IF_ERROR(
        WritePulledFile(registry, result.imported.front(), output, request.json));
  }
  PullOutcome outcome;
  outcome.document = {{"remote", reference.remote},
                      {"repository", result.repository},
                      {"db", registry.path()},
                      {"pulled", PulledJson(result)},
                      {"artifacts_downloaded", result.artifacts_downloaded},
                      {"requests", RequestsJson(*client)}};
  if (!output.empty()) outcome.document["file"] = output;
  outcome.text = PulledText(result, reference.remote + " (" + result.repository + ")") +
                 WroteText(output);
  return outcome;
}

Result<PullOutcome> PullFromLayout(const PullRequest& request) {
  const std::string& output = request.output;
  ARENASTORE_ASSIGN_OR_RETURN(const LayoutReference reference,
                              ParseLayoutReference(request.reference));
  ARENASTORE_CHECK_OR_RETURN(!request.all_versions || (reference.tag.empty() && output.empty()),
                             ErrorCode::kInvalidArgument,
                             "--all pulls every version a layout holds: name the layout alone "
                             "(oci:DIR) and no -o FILE");
  if (!output.empty())
    ARENASTORE_RETURN_IF_ERROR(ResolveOutput(output, StreamableOutput(request.json)).status());
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                              OpenRegistry(request.db, StoreAccess::kWrite));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciLayout layout,
                              remote::OciLayout::Open(reference.directory, /*create=*/false));
  // A layout is one repository whose model its manifests name.
  ARENASTORE_ASSIGN_OR_RETURN(const std::string model,
                              remote::ModelOfTag(layout, layout.RepositoryFor(""), reference.tag));
  ARENASTORE_ASSIGN_OR_RETURN(
      const remote::RemotePullResult result,
      remote::PullFromRemote(registry, layout,
                             {model, reference.tag, request.all_versions, request.allow_rollback}));
  if (!output.empty()) {
    ARENASTORE_RETURN_IF_ERROR(
        WritePulledFile(registry, result.imported.front(), output, request.json));
  }
  PullOutcome outcome;
  outcome.document = {{"layout", reference.directory},
                      {"db", registry.path()},
                      {"pulled", PulledJson(result)},
                      {"artifacts_downloaded", result.artifacts_downloaded}};
  if (!output.empty()) outcome.document["file"] = output;
  outcome.text = PulledText(result, layout.Describe()) + WroteText(output);
  return outcome;
}

// Export hands out a stored version's bytes, so the store's signature policy applies to each
// version before anything is written, as it does for `export --c-header`.
Status EnforcePolicyOnExport(store::Registry& registry, const std::string& reference) {
  std::vector<std::string> versions = {reference};
  if (reference.find('@') == std::string::npos && !reference.starts_with("sha256:")) {
    store::ListFilter filter;  // a bare model exports every version, as `push --remote` does
    filter.model = reference;
    ARENASTORE_ASSIGN_OR_RETURN(const store::VersionList list,
                                store::ListVersions(registry, filter));
    versions.clear();
    for (const store::VersionRow& row : list.rows) {
      versions.push_back(row.model + "@" + std::to_string(row.version));
    }
  }
  for (const std::string& name : versions) {
    ARENASTORE_ASSIGN_OR_RETURN(const store::ResolvedVersion version,
                                store::Resolve(registry, name));
    ARENASTORE_RETURN_IF_ERROR(store::EnforceSignaturePolicy(registry, version));
  }
  return Status::Ok();
}

Status RunExportToLayout(const std::string& reference, const std::string& directory,
                         const std::string& db, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_RETURN_IF_ERROR(EnforcePolicyOnExport(registry, reference));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciLayout layout,
                              remote::OciLayout::Open(directory, /*create=*/true));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemotePushResult result,
                              remote::PushToRemote(registry, layout, {reference, 0}));
  if (json) {
    nlohmann::json document = PushedJson(result);
    document["layout"] = directory;
    EmitJson(std::move(document));
    return Status::Ok();
  }
  for (const remote::PushedVersion& version : result.versions) {
    fmt::print("{} {}@{} -> {}:{}  {}{}\n", version.already_there ? "present " : "exported",
               version.model, version.version, directory, version.version,
               ShortDigest(version.sha256),
               version.signatures_pushed > 0
                   ? fmt::format("  +{} signature(s) under tag {}", version.signatures_pushed,
                                 remote::ReferrersTag(version.manifest_digest))
                   : "");
  }
  for (const remote::PushedAlias& alias : result.aliases) {
    fmt::print("alias    {} -> {}\n", alias.alias, alias.version);
  }
  fmt::print("next: arenastore pull oci:{}:TAG, or skopeo copy --all oci:{}:TAG docker://...\n",
             directory, directory);
  return Status::Ok();
}

Status RunLsRemote(const std::string& remote_name, const std::string& model, const std::string& db,
                   bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciClient client, ConnectRemote(registry, remote_name));
  return model.empty() ? PrintRemoteModels(client, json) : PrintRemoteVersions(client, model, json);
}

Status RunShowRemote(const std::string& remote_name, const std::string& reference,
                     const std::string& db, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteReference parsed,
                              SplitModelReference(remote_name, reference));
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(db, StoreAccess::kRead));
  ARENASTORE_ASSIGN_OR_RETURN(remote::OciClient client, ConnectRemote(registry, remote_name));
  ARENASTORE_ASSIGN_OR_RETURN(const remote::RemoteVersionDetails details,
                              remote::ShowRemoteVersion(client, parsed.model, parsed.selector));
  const store::VersionDetails shown = AsVersionDetails(details);
  if (json) {
    nlohmann::json document = DetailsJson(shown);
    document["remote"] = remote_name;
    document["repository"] = client.endpoint().url.Repository(parsed.model);
    document["manifest_digest"] = details.row.manifest_digest;
    document["requests"] = RequestsJson(client);
    EmitJson(std::move(document));
    return Status::Ok();
  }
  fmt::print("on remote {} ({}), manifest {}\n", remote_name,
             client.endpoint().url.Repository(parsed.model), details.row.manifest_digest);
  PrintDetails(shown);
  return Status::Ok();
}

}  // namespace arenastore::cli
