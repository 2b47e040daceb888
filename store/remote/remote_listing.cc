#include "store/remote/remote_listing.h"

#include <algorithm>
#include <map>

#include "store/remote/remote_version.h"
#include "store/remote/signature_referrer.h"

namespace arenastore::store::remote {
namespace {

RemoteVersionRow RowOf(const RemoteVersion& version) {
  const ArtifactManifest& parsed = version.parsed;
  RemoteVersionRow row;
  row.model = parsed.model;
  row.version = version.version;
  row.sha256 = std::string(DigestHex(parsed.layer.digest));
  row.size_bytes = parsed.layer.size_bytes;
  row.kernel_version = parsed.kernel_version;
  row.target_isa = parsed.target_isa;
  row.planned_bytes = parsed.planned_bytes;
  row.pushed_at = parsed.created;
  row.note = parsed.note;
  row.manifest_digest = version.manifest.digest;
  return row;
}

std::string AnnotationOf(const Descriptor& descriptor, const char* key) {
  const auto found = descriptor.annotations.find(key);
  return found == descriptor.annotations.end() ? std::string() : found->second;
}

// Alias tag -> manifest digest, one HEAD each.
Result<std::map<std::string, std::string>> AliasDigests(OciClient& client,
                                                        const std::string& repository,
                                                        const RemoteTags& tags) {
  std::map<std::string, std::string> digests;
  for (const std::string& alias : tags.aliases) {
    ARENASTORE_ASSIGN_OR_RETURN(digests[alias], client.ResolveTag(repository, alias));
  }
  return digests;
}

}  // namespace

Result<std::vector<RemoteVersionRow>> ListRemoteVersions(OciClient& client,
                                                         const std::string& model) {
  ARENASTORE_ASSIGN_OR_RETURN(const EveryRemoteVersionOf every,
                              FetchEveryRemoteVersion(client, model));
  std::vector<RemoteVersionRow> rows;
  for (auto version = every.versions.rbegin(); version != every.versions.rend(); ++version) {
    RemoteVersionRow row = RowOf(*version);
    for (const auto& [alias, digest] : every.alias_digests) {
      if (digest == row.manifest_digest) row.aliases.push_back(alias);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

Result<std::vector<RemoteModelRow>> ListRemoteModels(OciClient& client) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> repositories,
                              client.ListRepositories());
  const std::string& name_space = client.endpoint().url.name_space;
  const std::string prefix = name_space.empty() ? "" : name_space + "/";
  std::vector<RemoteModelRow> rows;
  for (const std::string& repository : repositories) {
    if (!repository.starts_with(prefix)) continue;
    const std::string model = repository.substr(prefix.size());
    if (model.find('/') != std::string::npos) continue;  // a deeper namespace, not a model
    ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, repository));
    if (!tags.versions.empty()) {
      rows.push_back({model, repository, static_cast<int64_t>(tags.versions.size()),
                      tags.versions.rbegin()->first, tags.aliases});
      continue;
    }
    if (tags.aliases.empty() || !IsRepositoryComponent(model)) continue;
    // Aliases without version tags (a copy by another tool): their manifests say whether the
    // repository holds arenastore versions, and which.
    auto every = FetchEveryRemoteVersion(client, model);
    if (!every.ok() && every.status().code() == ErrorCode::kNotFound) continue;
    if (!every.ok()) return every.status();
    rows.push_back({model, repository, static_cast<int64_t>(every->versions.size()),
                    every->versions.back().version, tags.aliases});
  }
  return rows;
}

Result<RemoteVersionDetails> ShowRemoteVersion(OciClient& client, const std::string& model,
                                               const std::string& selector) {
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteVersion version,
                              ResolveRemoteVersion(client, model, selector));
  RemoteVersionDetails details;
  details.row = RowOf(version);
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, version.repository));
  ARENASTORE_ASSIGN_OR_RETURN(const auto alias_digests,
                              AliasDigests(client, version.repository, tags));
  for (const auto& [alias, digest] : alias_digests) {
    if (digest == details.row.manifest_digest) details.row.aliases.push_back(alias);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> config,
                              client.FetchBlob(version.repository, version.parsed.config));
  ARENASTORE_ASSIGN_OR_RETURN(
      details.config,
      ParseArtifactConfig(config, "remote " + client.endpoint().name + ": config of " + model));
  ARENASTORE_ASSIGN_OR_RETURN(
      const std::vector<Descriptor> referrers,
      client.Referrers(version.repository, version.manifest.digest, kSignatureType));
  for (const Descriptor& referrer : referrers) {
    if (referrer.artifact_type.empty()) {
      // Listed without its type (a tool rewrote the index): its manifest says what it is.
      ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                                  client.FetchManifest(version.repository, referrer.digest));
      if (!manifest.has_value() || !IsSignatureManifest(manifest->bytes)) continue;
    }
    details.signatures.push_back({AnnotationOf(referrer, kSignaturePublicKeyAnnotation),
                                  AnnotationOf(referrer, kAnnotationCreated), referrer.digest});
  }
  return details;
}

}  // namespace arenastore::store::remote
