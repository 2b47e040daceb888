#include "store/remote/remote_version.h"

#include <algorithm>
#include <optional>

#include "store/remote/registry_url.h"

namespace arenastore::store::remote {
namespace {

std::string Where(const OciStorage& client, const std::string& model, const std::string& tag) {
  return client.Describe() + ": " + model + ":" + tag;
}

Result<int64_t> LatestVersion(OciStorage& client, const std::string& model,
                              const std::string& repository) {
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, repository));
  ARENASTORE_CHECK_OR_RETURN(!tags.versions.empty(), ErrorCode::kNotFound,
                             "%s has no versions of %s (repository %s)", client.Describe().c_str(),
                             model.c_str(), repository.c_str());
  return tags.versions.rbegin()->first;
}

// The version an alias tag points at, checked against that version's own tag.
Result<RemoteVersion> ResolveAlias(OciStorage& client, const std::string& model,
                                   const std::string& alias) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                              client.FetchManifest(repository, alias));
  if (!manifest.has_value()) {
    ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, repository));
    std::string aliases;
    for (const std::string& name : tags.aliases) aliases += (aliases.empty() ? "" : ", ") + name;
    return Status::Error(ErrorCode::kNotFound, "%s has no %s@%s (its aliases: %s)",
                         client.Describe().c_str(), model.c_str(), alias.c_str(),
                         aliases.empty() ? "none" : aliases.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                              ParseArtifactManifest(manifest->bytes, Where(client, model, alias)));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string version_digest,
                              client.ResolveTag(repository, std::to_string(parsed.version)));
  // A copy made by another tool may hold the alias without the version tag: the manifest says
  // which version it is (and its signatures cover that number). A version tag that is there
  // must agree.
  ARENASTORE_CHECK_OR_RETURN(
      version_digest.empty() || version_digest == manifest->digest, ErrorCode::kRemote,
      "%s points at a manifest of version %lld, but tag %lld holds %.19s; "
      "the remote's tags disagree, re-push the alias",
      Where(client, model, alias).c_str(), static_cast<long long>(parsed.version),
      static_cast<long long>(parsed.version), version_digest.c_str());
  return RemoteVersion{repository, parsed.version, *manifest, parsed};
}

// The version the manifest `digest` (named by `alias` only) holds; nullopt when it is not an
// arenastore artifact, which listings ignore like any foreign tag.
Result<std::optional<RemoteVersion>> AliasOnlyVersion(OciStorage& client, const std::string& model,
                                                      const std::string& repository,
                                                      const std::string& alias,
                                                      const std::string& digest) {
  ARENASTORE_ASSIGN_OR_RETURN(std::optional<Manifest> manifest,
                              client.FetchManifest(repository, digest));
  if (!manifest.has_value()) return std::optional<RemoteVersion>();
  auto parsed = ParseArtifactManifest(manifest->bytes, Where(client, model, alias));
  if (!parsed.ok()) return std::optional<RemoteVersion>();
  return std::optional<RemoteVersion>(
      RemoteVersion{repository, parsed->version, std::move(*manifest), std::move(*parsed)});
}

}  // namespace

Result<RemoteTags> ListRemoteTags(OciStorage& client, const std::string& repository) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> tags, client.ListTags(repository));
  RemoteTags split;
  for (const std::string& tag : tags) {
    split.all.insert(tag);
    if (const std::optional<int64_t> version = VersionOfTag(tag)) {
      split.versions[*version] = tag;
    } else if (IsAliasTag(tag)) {
      split.aliases.push_back(tag);
    }
  }
  std::sort(split.aliases.begin(), split.aliases.end());
  return split;
}

Result<std::string> RepositoryOf(const OciStorage& client, const std::string& model) {
  ARENASTORE_CHECK_OR_RETURN(IsRepositoryComponent(model), ErrorCode::kInvalidArgument,
                             "model '%s' cannot be a registry repository: OCI repository names "
                             "are lowercase letters and digits with . _ - between them",
                             model.c_str());
  return client.RepositoryFor(model);
}

Result<RemoteVersion> FetchRemoteVersion(OciStorage& client, const std::string& model,
                                         int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
  const std::string tag = std::to_string(version);
  ARENASTORE_ASSIGN_OR_RETURN(std::optional<Manifest> manifest,
                              client.FetchManifest(repository, tag));
  ARENASTORE_CHECK_OR_RETURN(manifest.has_value(), ErrorCode::kNotFound,
                             "%s has no %s@%lld (repository %s); %s", client.Describe().c_str(),
                             model.c_str(), static_cast<long long>(version), repository.c_str(),
                             client.ListHint(model).c_str());
  const std::string where = Where(client, model, tag);
  ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                              ParseArtifactManifest(manifest->bytes, where));
  ARENASTORE_CHECK_OR_RETURN(parsed.version == version && parsed.model == model, ErrorCode::kRemote,
                             "%s describes %s@%lld; a version tag must hold its own version",
                             where.c_str(), parsed.model.c_str(),
                             static_cast<long long>(parsed.version));
  return RemoteVersion{repository, version, std::move(*manifest), parsed};
}

Result<RemoteVersion> ResolveRemoteVersion(OciStorage& client, const std::string& model,
                                           const std::string& selector) {
  if (selector.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
    ARENASTORE_ASSIGN_OR_RETURN(const int64_t latest, LatestVersion(client, model, repository));
    return FetchRemoteVersion(client, model, latest);
  }
  if (const std::optional<int64_t> version = VersionOfTag(selector)) {
    return FetchRemoteVersion(client, model, *version);
  }
  ARENASTORE_CHECK_OR_RETURN(IsAliasTag(selector), ErrorCode::kInvalidArgument,
                             "'%s' is neither a version number nor an alias", selector.c_str());
  return ResolveAlias(client, model, selector);
}

Result<EveryRemoteVersionOf> FetchEveryRemoteVersion(OciStorage& client, const std::string& model) {
  EveryRemoteVersionOf every;
  ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
  ARENASTORE_ASSIGN_OR_RETURN(every.tags, ListRemoteTags(client, repository));
  std::map<std::string, int64_t> version_of_digest;
  for (const auto& [number, tag] : every.tags.versions) {
    ARENASTORE_ASSIGN_OR_RETURN(RemoteVersion version, FetchRemoteVersion(client, model, number));
    version_of_digest[version.manifest.digest] = number;
    every.versions.push_back(std::move(version));
  }
  for (const std::string& alias : every.tags.aliases) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::string digest, client.ResolveTag(repository, alias));
    every.alias_digests[alias] = digest;
    if (digest.empty() || version_of_digest.count(digest) > 0) continue;
    ARENASTORE_ASSIGN_OR_RETURN(std::optional<RemoteVersion> version,
                                AliasOnlyVersion(client, model, repository, alias, digest));
    if (!version.has_value()) continue;
    // One number, two manifests: a version tag or another alias already holds other bytes.
    const bool taken =
        std::any_of(every.versions.begin(), every.versions.end(),
                    [&](const RemoteVersion& v) { return v.version == version->version; });
    ARENASTORE_CHECK_OR_RETURN(!taken, ErrorCode::kRemote,
                               "%s points at a manifest of version %lld (%.19s), but the remote "
                               "holds other bytes under that version; the remote's tags disagree, "
                               "re-push the alias",
                               Where(client, model, alias).c_str(),
                               static_cast<long long>(version->version), digest.c_str());
    version_of_digest[digest] = version->version;
    every.versions.push_back(std::move(*version));
  }
  std::sort(every.versions.begin(), every.versions.end(),
            [](const RemoteVersion& a, const RemoteVersion& b) { return a.version < b.version; });
  ARENASTORE_CHECK_OR_RETURN(!every.versions.empty(), ErrorCode::kNotFound,
                             "%s has no versions of %s (repository %s)", client.Describe().c_str(),
                             model.c_str(), repository.c_str());
  return every;
}

Result<std::string> ModelOfTag(OciStorage& storage, const std::string& repository,
                               const std::string& tag) {
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(storage, repository));
  std::vector<std::string> candidates;
  if (!tag.empty()) {
    candidates.push_back(tag);
  } else {
    for (const auto& [number, version_tag] : tags.versions) candidates.push_back(version_tag);
    candidates.insert(candidates.end(), tags.aliases.begin(), tags.aliases.end());
  }
  for (const std::string& candidate : candidates) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                                storage.FetchManifest(repository, candidate));
    if (!manifest.has_value()) continue;
    const std::string where = storage.Describe() + ": tag " + candidate;
    if (!tag.empty()) {  // the tag asked for must be an artifact: say why when it is not
      ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                                  ParseArtifactManifest(manifest->bytes, where));
      return parsed.model;
    }
    auto parsed = ParseArtifactManifest(manifest->bytes, where);
    if (parsed.ok()) return parsed->model;
  }
  std::string names;
  for (const std::string& name : tags.all) names += (names.empty() ? "" : ", ") + name;
  return Status::Error(ErrorCode::kNotFound, "%s holds no arenastore version%s%s (its tags: %s)",
                       storage.Describe().c_str(), tag.empty() ? "" : " under tag ", tag.c_str(),
                       names.empty() ? "none" : names.c_str());
}

}  // namespace arenastore::store::remote
