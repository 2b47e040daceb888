#include "store/remote/remote_push.h"

#include <map>
#include <set>

#include "store/artifact_bytes.h"
#include "store/listing.h"
#include "store/reference.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/remote_version.h"
#include "store/remote/signature_referrer.h"
#include "store/show.h"
#include "store/signatures.h"

namespace arenastore::store::remote {
namespace {

struct PushPlan {
  std::string model;
  std::vector<ResolvedVersion> versions;                 // ascending
  std::vector<std::pair<std::string, int64_t>> aliases;  // alias -> version, for pushed versions
};

// What a version tag holds after the push: the subject of its signatures and aliases.
struct VersionOnRemote {
  PushedVersion pushed;
  std::string manifest_bytes;
};

std::span<const uint8_t> Bytes(std::string_view text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

Result<std::vector<ResolvedVersion>> EveryVersion(Registry& registry, const std::string& model) {
  ListFilter filter;
  filter.model = model;
  ARENASTORE_ASSIGN_OR_RETURN(const VersionList list, ListVersions(registry, filter));
  std::vector<ResolvedVersion> versions;
  for (auto row = list.rows.rbegin(); row != list.rows.rend(); ++row) {  // newest first -> up
    ARENASTORE_ASSIGN_OR_RETURN(ResolvedVersion version,
                                Resolve(registry, row->model + "@" + std::to_string(row->version)));
    versions.push_back(std::move(version));
  }
  ARENASTORE_CHECK_OR_RETURN(!versions.empty(), ErrorCode::kNotFound, "model %s has no versions",
                             model.c_str());
  return versions;
}

Result<PushPlan> PlanPush(Registry& registry, const std::string& reference) {
  ARENASTORE_ASSIGN_OR_RETURN(const Reference parsed, ParseReference(reference));
  ARENASTORE_CHECK_OR_RETURN(parsed.kind != Reference::Kind::kDigest, ErrorCode::kInvalidArgument,
                             "push --remote takes a model (every version) or a model version "
                             "(kws@3, kws@prod), not a digest");
  PushPlan plan;
  plan.model = parsed.model;
  if (reference.find('@') == std::string::npos) {
    ARENASTORE_ASSIGN_OR_RETURN(plan.versions, EveryVersion(registry, parsed.model));
  } else {
    ARENASTORE_ASSIGN_OR_RETURN(ResolvedVersion version, Resolve(registry, parsed));
    plan.versions.push_back(std::move(version));
  }
  std::set<int64_t> numbers;
  for (const ResolvedVersion& version : plan.versions) numbers.insert(version.version);
  ARENASTORE_ASSIGN_OR_RETURN(Statement aliases,
                              registry.db().Prepare("SELECT alias, version FROM aliases WHERE "
                                                    "model_id = ? ORDER BY alias"));
  ARENASTORE_RETURN_IF_ERROR(aliases.Bind(1, plan.versions.front().model_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, aliases.Step());
    if (!row) break;
    if (numbers.count(aliases.ColumnInt(1)) != 0) {
      plan.aliases.emplace_back(aliases.ColumnText(0), aliases.ColumnInt(1));
    }
  }
  return plan;
}

// Repositories of other models holding the same bytes: a mount links the blob from there.
std::vector<std::string> MountSources(const OciStorage& client, const VersionDetails& details) {
  std::vector<std::string> sources;
  for (const std::string& other : details.same_bytes_as) {
    const std::string model = other.substr(0, other.find('@'));
    auto repository = RepositoryOf(client, model);
    if (repository.ok()) sources.push_back(*repository);
  }
  return sources;
}

Result<VersionFacts> FactsOf(Registry& registry, const ResolvedVersion& version,
                             const VersionDetails& details, std::vector<uint8_t>* bytes) {
  ARENASTORE_ASSIGN_OR_RETURN(*bytes, ReadArtifactBytes(registry, version));
  VersionFacts facts;
  facts.model = version.model;
  facts.version = version.version;
  facts.pushed_at = details.pushed_at;
  facts.note = details.note;
  facts.derived_from_sha256 = details.derived_from_sha256;
  ARENASTORE_ASSIGN_OR_RETURN(facts.metadata, ReadArtifactMetadata(*bytes));
  return facts;
}

// The version tag already exists: fine when it holds these bytes, refused otherwise.
Result<VersionOnRemote> KeepExisting(OciStorage& client, const std::string& repository,
                                     const ResolvedVersion& version, const std::string& digest) {
  const std::string tag = std::to_string(version.version);
  ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                              client.FetchManifest(repository, digest));
  ARENASTORE_CHECK_OR_RETURN(manifest.has_value(), ErrorCode::kRemote,
                             "%s: %s:%s vanished while being read", client.Describe().c_str(),
                             repository.c_str(), tag.c_str());
  const std::string where = client.Describe() + ": " + repository + ":" + tag;
  auto parsed = ParseArtifactManifest(manifest->bytes, where);
  ARENASTORE_CHECK_OR_RETURN(parsed.ok(), ErrorCode::kRemoteConflict,
                             "%s already holds something else, so it was not overwritten: %s",
                             where.c_str(), parsed.status().message());
  const std::string held(DigestHex(parsed->layer.digest));
  ARENASTORE_CHECK_OR_RETURN(held == version.sha256, ErrorCode::kRemoteConflict,
                             "%s already holds sha256:%.12s; this store's %s is sha256:%.12s. "
                             "Versions are immutable, so it was not overwritten: push into "
                             "another namespace or registry",
                             where.c_str(), held.c_str(), version.Name().c_str(),
                             version.sha256.c_str());
  VersionOnRemote on_remote;
  on_remote.pushed = {version.model, version.version, version.sha256, digest, true, 0};
  on_remote.manifest_bytes.assign(manifest->bytes.begin(), manifest->bytes.end());
  return on_remote;
}

Result<VersionOnRemote> PushArtifact(Registry& registry, OciStorage& client,
                                     const std::string& repository, const ResolvedVersion& version,
                                     uint64_t chunk_bytes) {
  ARENASTORE_ASSIGN_OR_RETURN(const VersionDetails details, Show(registry, version));
  std::vector<uint8_t> bytes;
  ARENASTORE_ASSIGN_OR_RETURN(const VersionFacts facts,
                              FactsOf(registry, version, details, &bytes));
  const std::string config_json = ArtifactConfigJson(facts);
  const Descriptor config{
      std::string(kArtifactConfigType), DigestOf(config_json), config_json.size(), "", {}};
  const Descriptor layer{
      std::string(kArtifactLayerType), "sha256:" + version.sha256, bytes.size(), "", {}};
  VersionOnRemote on_remote;
  on_remote.manifest_bytes = ArtifactManifestJson(facts, config, layer);
  const std::string digest = DigestOf(on_remote.manifest_bytes);
  const std::string tag = std::to_string(version.version);
  ARENASTORE_ASSIGN_OR_RETURN(const std::string existing, client.ResolveTag(repository, tag));
  on_remote.pushed = {version.model, version.version, version.sha256, digest, true, 0};
  if (existing == digest) return on_remote;  // pushed before from here: same bytes, same tag
  if (!existing.empty()) return KeepExisting(client, repository, version, existing);
  ARENASTORE_RETURN_IF_ERROR(
      client.PushBlob(repository, bytes, layer.digest, MountSources(client, details), chunk_bytes));
  ARENASTORE_RETURN_IF_ERROR(
      client.PushBlob(repository, Bytes(config_json), config.digest, {}, chunk_bytes));
  ARENASTORE_RETURN_IF_ERROR(
      client.PutManifest(repository, tag, kImageManifestType, Bytes(on_remote.manifest_bytes))
          .status());
  on_remote.pushed.already_there = false;
  return on_remote;
}

// A stored signature's two documents (layer and referrer manifest), built once.
struct SignatureReferrer {
  SignatureDocument document;
  std::string layer_json;
  Descriptor layer;
  std::string manifest_json;
};

SignatureReferrer ReferrerOf(const StoredSignature& signature, const ResolvedVersion& version,
                             const Descriptor& subject) {
  SignatureReferrer referrer;
  referrer.document = {signature.public_key, signature.signature, signature.signed_at,
                       SignedManifest(version)};
  referrer.layer_json = SignatureLayerJson(referrer.document);
  referrer.layer = {std::string(kSignatureLayerType),
                    DigestOf(referrer.layer_json),
                    referrer.layer_json.size(),
                    "",
                    {}};
  referrer.manifest_json = SignatureManifestJson(referrer.document, referrer.layer, subject);
  return referrer;
}

Status PushSignature(OciStorage& client, const std::string& repository, const Descriptor& subject,
                     const SignatureReferrer& referrer) {
  ARENASTORE_RETURN_IF_ERROR(
      client.PushBlob(repository, Bytes(referrer.layer_json), referrer.layer.digest, {}, 0));
  ARENASTORE_ASSIGN_OR_RETURN(
      const PushedManifest pushed,
      client.PutManifest(repository, DigestOf(referrer.manifest_json), kImageManifestType,
                         Bytes(referrer.manifest_json)));
  if (pushed.subject_indexed) return Status::Ok();
  return client.AddToReferrersTag(
      repository, subject.digest,
      SignatureReferrerDescriptor(referrer.document, referrer.manifest_json));
}

// Signatures not yet among the subject's referrers, as referrers of its manifest.
Status PushSignatures(Registry& registry, OciStorage& client, const std::string& repository,
                      const ResolvedVersion& version, VersionOnRemote* on_remote) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<StoredSignature> signatures,
                              ListSignatures(registry, version));
  if (signatures.empty()) return Status::Ok();
  const Descriptor subject{std::string(kImageManifestType),
                           on_remote->pushed.manifest_digest,
                           on_remote->manifest_bytes.size(),
                           "",
                           {}};
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<Descriptor> listed,
                              client.Referrers(repository, subject.digest, kSignatureType));
  std::set<std::string> present;
  for (const Descriptor& referrer : listed) present.insert(referrer.digest);
  bool config_there = false;
  for (const StoredSignature& signature : signatures) {
    const SignatureReferrer referrer = ReferrerOf(signature, version, subject);
    if (present.count(DigestOf(referrer.manifest_json)) != 0) continue;
    if (!config_there) {  // every signature manifest names the empty config
      ARENASTORE_RETURN_IF_ERROR(client.PushBlob(repository, Bytes(kEmptyConfigBytes),
                                                 DigestOf(kEmptyConfigBytes), {}, 0));
      config_there = true;
    }
    ARENASTORE_RETURN_IF_ERROR(PushSignature(client, repository, subject, referrer));
    ++on_remote->pushed.signatures_pushed;
  }
  return Status::Ok();
}

Result<PushedAlias> PushAlias(OciStorage& client, const std::string& repository,
                              const std::string& alias, const VersionOnRemote& target) {
  PushedAlias pushed{alias, target.pushed.version, false};
  ARENASTORE_ASSIGN_OR_RETURN(const std::string current, client.ResolveTag(repository, alias));
  if (current == target.pushed.manifest_digest) return pushed;
  ARENASTORE_RETURN_IF_ERROR(
      client.PutManifest(repository, alias, kImageManifestType, Bytes(target.manifest_bytes))
          .status());
  pushed.moved = true;
  return pushed;
}

}  // namespace

Result<RemotePushResult> PushToRemote(Registry& registry, OciStorage& client,
                                      const RemotePushRequest& request) {
  ARENASTORE_ASSIGN_OR_RETURN(const PushPlan plan, PlanPush(registry, request.reference));
  RemotePushResult result;
  ARENASTORE_ASSIGN_OR_RETURN(result.repository, RepositoryOf(client, plan.model));
  std::map<int64_t, VersionOnRemote> on_remote;
  for (const ResolvedVersion& version : plan.versions) {
    auto pushed = PushArtifact(registry, client, result.repository, version, request.chunk_bytes);
    if (pushed.ok()) {
      Status signed_ok = PushSignatures(registry, client, result.repository, version, &*pushed);
      if (!signed_ok.ok()) pushed = signed_ok;
    }
    if (!pushed.ok()) {
      Status status = pushed.status();
      return status.WithContext("push %s to %s (%zu of %zu versions pushed before)",
                                version.Name().c_str(), client.Describe().c_str(),
                                result.versions.size(), plan.versions.size());
    }
    result.versions.push_back(pushed->pushed);
    on_remote.emplace(version.version, std::move(pushed.value()));
  }
  for (const auto& [alias, version] : plan.aliases) {
    // PlanPush keeps only aliases of planned versions, all pushed above by now.
    const auto target = on_remote.find(version);
    if (target == on_remote.end()) continue;
    auto pushed = PushAlias(client, result.repository, alias, target->second);
    if (!pushed.ok()) {
      Status status = pushed.status();
      return status.WithContext("push alias %s@%s to %s", plan.model.c_str(), alias.c_str(),
                                client.Describe().c_str());
    }
    result.aliases.push_back(*pushed);
  }
  return result;
}

}  // namespace arenastore::store::remote
