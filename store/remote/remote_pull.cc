#include "store/remote/remote_pull.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

#include "store/artifact_metadata.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/remote_version.h"
#include "store/remote/signature_referrer.h"

namespace arenastore::store::remote {
namespace {

// One version, downloaded and checked, waiting for the import transaction.
struct Fetched {
  RemoteVersion remote;
  std::vector<uint8_t> bytes;  // empty when the store already holds the version
  ArtifactMetadata metadata;
  VersionFacts config;  // the config blob, verified; set with `bytes`
  std::vector<ImportedSignature> signatures;
  std::vector<std::string> aliases;
};

// nullopt when a referrer listed without artifactType turns out not to be a signature.
Result<std::optional<ImportedSignature>> FetchSignature(OciStorage& client,
                                                        const RemoteVersion& version,
                                                        const Descriptor& referrer) {
  const std::string where = client.Describe() + ": signature " + referrer.digest.substr(0, 19) +
                            " of " + version.parsed.model + "@" + std::to_string(version.version);
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                              client.FetchManifest(version.repository, referrer.digest));
  ARENASTORE_CHECK_OR_RETURN(manifest.has_value(), ErrorCode::kRemote,
                             "%s is listed among the referrers but does not exist", where.c_str());
  if (referrer.artifact_type.empty() && !IsSignatureManifest(manifest->bytes)) {
    return std::optional<ImportedSignature>();  // another tool's referrer
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      const Descriptor layer,
      ParseSignatureManifest(manifest->bytes, version.manifest.digest, where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> blob,
                              client.FetchBlob(version.repository, layer));
  ARENASTORE_ASSIGN_OR_RETURN(const SignatureDocument document, ParseSignatureLayer(blob, where));
  return std::optional<ImportedSignature>(
      ImportedSignature{document.public_key, document.signature, document.signed_at});
}

// A config is a few KiB of JSON; a manifest naming a huge one is refused before the download.
constexpr uint64_t kMaxConfigBytes = 16u << 20;

// The config blob the stored version's facts come from: fetched against the manifest's digest
// and size (kIntegrity names both sides when the registry serves other bytes), then checked to
// describe this version and these artifact bytes, so a registry cannot pair a version with
// another's config.
Result<VersionFacts> FetchConfig(OciStorage& client, const RemoteVersion& version,
                                 const ArtifactMetadata& artifact) {
  const Descriptor& descriptor = version.parsed.config;
  const std::string where = client.Describe() + ": config " +
                            descriptor.digest.substr(0, 19) + " (" +
                            std::to_string(descriptor.size_bytes) + " B) of " +
                            version.parsed.model + "@" + std::to_string(version.version);
  ARENASTORE_CHECK_OR_RETURN(descriptor.size_bytes <= kMaxConfigBytes, ErrorCode::kRemote,
                             "%s: a config is at most %llu B; nothing was stored", where.c_str(),
                             static_cast<unsigned long long>(kMaxConfigBytes));
  auto bytes = client.FetchBlob(version.repository, descriptor);
  if (!bytes.ok()) {
    Status status = bytes.status();
    return status.WithContext("%s", where.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(VersionFacts facts, ParseArtifactConfig(*bytes, where));
  const bool agrees = facts.model == version.parsed.model && facts.version == version.version &&
                      facts.metadata.sha256 == artifact.sha256 &&
                      facts.metadata.size_bytes == artifact.size_bytes;
  ARENASTORE_CHECK_OR_RETURN(
      agrees, ErrorCode::kIntegrity,
      "%s describes %s@%lld with sha256:%.12s (%llu B), but the manifest and the artifact are "
      "%s@%lld with sha256:%.12s (%llu B); the registry pairs a version with another's config. "
      "Nothing was stored",
      where.c_str(), facts.model.c_str(), static_cast<long long>(facts.version),
      facts.metadata.sha256.c_str(), static_cast<unsigned long long>(facts.metadata.size_bytes),
      version.parsed.model.c_str(), static_cast<long long>(version.version),
      artifact.sha256.c_str(), static_cast<unsigned long long>(artifact.size_bytes));
  return facts;
}

Result<std::unique_ptr<Fetched>> FetchVersion(Registry& registry, OciStorage& client,
                                              RemoteVersion remote,
                                              const std::set<std::string>* listed_tags) {
  auto fetched = std::make_unique<Fetched>();
  fetched->remote = std::move(remote);
  const RemoteVersion& version = fetched->remote;
  ARENASTORE_ASSIGN_OR_RETURN(const std::string local,
                              LocalVersionDigest(registry, version.parsed.model, version.version));
  // A store holding other bytes under this number refuses in the import: no download for it.
  if (local.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(fetched->bytes,
                                client.FetchBlob(version.repository, version.parsed.layer));
    auto metadata = ReadArtifactMetadata(fetched->bytes);
    if (!metadata.ok()) {
      Status status = metadata.status();
      return status.WithContext("%s: %s@%lld is not a valid artifact, nothing was stored",
                                client.Describe().c_str(), version.parsed.model.c_str(),
                                static_cast<long long>(version.version));
    }
    fetched->metadata = std::move(metadata.value());
    ARENASTORE_ASSIGN_OR_RETURN(fetched->config, FetchConfig(client, version, fetched->metadata));
  }
  ARENASTORE_ASSIGN_OR_RETURN(
      const std::vector<Descriptor> referrers,
      client.Referrers(version.repository, version.manifest.digest, kSignatureType, listed_tags));
  for (const Descriptor& referrer : referrers) {
    ARENASTORE_ASSIGN_OR_RETURN(std::optional<ImportedSignature> signature,
                                FetchSignature(client, version, referrer));
    if (signature.has_value()) fetched->signatures.push_back(std::move(*signature));
  }
  return fetched;
}

Result<std::vector<std::unique_ptr<Fetched>>> FetchAll(Registry& registry, OciStorage& client,
                                                       const RemotePullRequest& request) {
  std::vector<RemoteVersion> targets;
  std::map<std::string, std::string> alias_digests;  // alias -> manifest digest
  RemoteTags listed;
  if (request.all_versions) {
    ARENASTORE_ASSIGN_OR_RETURN(EveryRemoteVersionOf every,
                                FetchEveryRemoteVersion(client, request.model));
    targets = std::move(every.versions);
    alias_digests = std::move(every.alias_digests);
    listed = std::move(every.tags);
  } else {
    ARENASTORE_ASSIGN_OR_RETURN(RemoteVersion version,
                                ResolveRemoteVersion(client, request.model, request.selector));
    if (!request.selector.empty() && !VersionOfTag(request.selector)) {
      alias_digests[request.selector] = version.manifest.digest;
    }
    targets.push_back(std::move(version));
  }
  std::vector<std::unique_ptr<Fetched>> fetched;
  for (RemoteVersion& target : targets) {
    ARENASTORE_ASSIGN_OR_RETURN(std::unique_ptr<Fetched> one,
                                FetchVersion(registry, client, std::move(target),
                                             request.all_versions ? &listed.all : nullptr));
    for (const auto& [alias, digest] : alias_digests) {
      if (digest == one->remote.manifest.digest) one->aliases.push_back(alias);
    }
    fetched.push_back(std::move(one));
  }
  return fetched;
}

ImportItem ItemOf(const Fetched& fetched) {
  const ArtifactManifest& parsed = fetched.remote.parsed;
  ImportItem item;
  item.model = parsed.model;
  item.version = fetched.remote.version;
  item.sha256 = std::string(DigestHex(parsed.layer.digest));
  item.note = parsed.note;
  item.derived_from_sha256 = parsed.derived_from_sha256;
  if (!fetched.bytes.empty()) {
    item.bytes = fetched.bytes;
    item.metadata = &fetched.metadata;
    // A new version's facts come from its verified config, not the manifest's annotations.
    item.note = fetched.config.note;
    item.derived_from_sha256 = fetched.config.derived_from_sha256;
  }
  item.signatures = fetched.signatures;
  item.aliases = fetched.aliases;
  return item;
}

}  // namespace

Result<RemotePullResult> PullFromRemote(Registry& registry, OciStorage& client,
                                        const RemotePullRequest& request) {
  RemotePullResult result;
  ARENASTORE_ASSIGN_OR_RETURN(result.repository, RepositoryOf(client, request.model));
  const std::string what = request.model + (request.selector.empty() ? "" : "@" + request.selector);
  auto fetched = FetchAll(registry, client, request);
  if (!fetched.ok()) {
    Status status = fetched.status();
    return status.WithContext("pull %s from %s (the local store is unchanged)", what.c_str(),
                              client.Describe().c_str());
  }
  std::vector<ImportItem> items;
  for (const std::unique_ptr<Fetched>& one : *fetched) {
    items.push_back(ItemOf(*one));
    if (!one->bytes.empty()) ++result.artifacts_downloaded;
  }
  auto imported = ImportVersions(registry, items, request.allow_rollback);
  if (!imported.ok()) {
    Status status = imported.status();
    return status.WithContext("pull %s from %s (the local store is unchanged)", what.c_str(),
                              client.Describe().c_str());
  }
  result.imported = std::move(imported.value());
  return result;
}

}  // namespace arenastore::store::remote
