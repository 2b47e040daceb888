#include "store/remote/remote_version.h"

#include <algorithm>

namespace arenastore::store::remote {
namespace {

std::string Where(const OciClient& client, const std::string& model, const std::string& tag) {
  return "remote " + client.endpoint().name + ": " + model + ":" + tag;
}

Result<int64_t> LatestVersion(OciClient& client, const std::string& model,
                              const std::string& repository) {
  ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, repository));
  ARENASTORE_CHECK_OR_RETURN(!tags.versions.empty(), ErrorCode::kNotFound,
                             "remote %s has no versions of %s (repository %s); push one with "
                             "`arenastore push %s --remote %s`",
                             client.endpoint().name.c_str(), model.c_str(), repository.c_str(),
                             model.c_str(), client.endpoint().name.c_str());
  return tags.versions.rbegin()->first;
}

// The version an alias tag points at, checked against that version's own tag.
Result<RemoteVersion> ResolveAlias(OciClient& client, const std::string& model,
                                   const std::string& alias) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                              client.FetchManifest(repository, alias));
  if (!manifest.has_value()) {
    ARENASTORE_ASSIGN_OR_RETURN(const RemoteTags tags, ListRemoteTags(client, repository));
    std::string aliases;
    for (const std::string& name : tags.aliases) aliases += (aliases.empty() ? "" : ", ") + name;
    return Status::Error(ErrorCode::kNotFound, "remote %s has no %s@%s (its aliases: %s)",
                         client.endpoint().name.c_str(), model.c_str(), alias.c_str(),
                         aliases.empty() ? "none" : aliases.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                              ParseArtifactManifest(manifest->bytes, Where(client, model, alias)));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string version_digest,
                              client.ResolveTag(repository, std::to_string(parsed.version)));
  ARENASTORE_CHECK_OR_RETURN(version_digest == manifest->digest, ErrorCode::kRemote,
                             "%s points at a manifest of version %lld, but tag %lld holds %.19s; "
                             "the remote's tags disagree, re-push the alias",
                             Where(client, model, alias).c_str(),
                             static_cast<long long>(parsed.version),
                             static_cast<long long>(parsed.version),
                             version_digest.empty() ? "nothing" : version_digest.c_str());
  return RemoteVersion{repository, parsed.version, *manifest, parsed};
}

}  // namespace

Result<RemoteTags> ListRemoteTags(OciClient& client, const std::string& repository) {
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

Result<std::string> RepositoryOf(const OciClient& client, const std::string& model) {
  ARENASTORE_CHECK_OR_RETURN(IsRepositoryComponent(model), ErrorCode::kInvalidArgument,
                             "model '%s' cannot be a registry repository: OCI repository names "
                             "are lowercase letters and digits with . _ - between them",
                             model.c_str());
  return client.endpoint().url.Repository(model);
}

Result<RemoteVersion> FetchRemoteVersion(OciClient& client, const std::string& model,
                                         int64_t version) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string repository, RepositoryOf(client, model));
  const std::string tag = std::to_string(version);
  ARENASTORE_ASSIGN_OR_RETURN(std::optional<Manifest> manifest,
                              client.FetchManifest(repository, tag));
  ARENASTORE_CHECK_OR_RETURN(manifest.has_value(), ErrorCode::kNotFound,
                             "remote %s has no %s@%lld (repository %s); `arenastore ls --remote "
                             "%s %s` lists its versions",
                             client.endpoint().name.c_str(), model.c_str(),
                             static_cast<long long>(version), repository.c_str(),
                             client.endpoint().name.c_str(), model.c_str());
  const std::string where = Where(client, model, tag);
  ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                              ParseArtifactManifest(manifest->bytes, where));
  ARENASTORE_CHECK_OR_RETURN(parsed.version == version && parsed.model == model, ErrorCode::kRemote,
                             "%s describes %s@%lld; a version tag must hold its own version",
                             where.c_str(), parsed.model.c_str(),
                             static_cast<long long>(parsed.version));
  return RemoteVersion{repository, version, std::move(*manifest), parsed};
}

Result<RemoteVersion> ResolveRemoteVersion(OciClient& client, const std::string& model,
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

}  // namespace arenastore::store::remote
