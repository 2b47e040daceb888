#include "store/remote/artifact_manifest.h"

#include <charconv>
#include <set>

#include "store/names.h"

namespace arenastore::store::remote {
namespace {

// arenastore's annotation keys (the standard ones are in oci_descriptor.h).
constexpr const char* kTitle = kAnnotationTitle;
constexpr const char* kVersion = kAnnotationVersion;
constexpr const char* kCreated = kAnnotationCreated;
constexpr const char* kSource = kAnnotationSource;
constexpr const char* kKernelVersion = "dev.arenastore.kernel-version";
constexpr const char* kTargetIsa = "dev.arenastore.target-isa";
constexpr const char* kPlannedBytes = "dev.arenastore.planned-bytes";
constexpr const char* kNote = "dev.arenastore.note";
constexpr const char* kDerivedFrom = "dev.arenastore.derived-from";

nlohmann::json OperatorsJson(const ArtifactMetadata& m) {
  nlohmann::json operators = nlohmann::json::array();
  for (const OperatorRecord& op : m.operators) {
    operators.push_back({{"index", op.index},
                         {"kind", op.kind},
                         {"dtypes", op.dtypes},
                         {"scratch_bytes", op.scratch_bytes}});
  }
  return operators;
}

nlohmann::json PoolsJson(const ArtifactMetadata& m) {
  nlohmann::json pools = nlohmann::json::array();
  for (const PoolRecord& pool : m.pools) {
    pools.push_back({{"index", pool.index},
                     {"name", pool.name},
                     {"kind", pool.kind},
                     {"planned_bytes", pool.planned_bytes},
                     {"alignment", pool.alignment},
                     {"capacity_bytes", pool.capacity_bytes}});
  }
  return pools;
}

// Distinct op kinds and operand types, sorted: what an audit filters on first.
nlohmann::json Summary(const ArtifactMetadata& m) {
  std::set<std::string> kinds;
  std::set<std::string> dtypes;
  for (const OperatorRecord& op : m.operators) {
    kinds.insert(op.kind);
    std::string types = op.dtypes;
    for (char& c : types) c = (c == '-' || c == '>') ? ',' : c;
    for (size_t start = 0; start < types.size();) {
      const size_t end = std::min(types.find(',', start), types.size());
      const std::string type = types.substr(start, end - start);
      if (!type.empty() && type != "none") dtypes.insert(type);
      start = end + 1;
    }
  }
  return {{"op_kinds", kinds}, {"dtypes", dtypes}};
}

// The source annotation: the model the artifact was compiled from, else the producer.
std::string SourceOf(const ArtifactMetadata& m) {
  if (!m.source_model_name.empty()) return m.source_model_name;
  return "built-in example " + m.model_name + " (" + m.producer + ")";
}

Result<int64_t> ParseVersion(const std::string& text, const std::string& where) {
  int64_t version = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), version);
  ARENASTORE_CHECK_OR_RETURN(
      error == std::errc() && end == text.data() + text.size() && version >= 1, ErrorCode::kRemote,
      "%s: annotation %s is '%.40s', not a version", where.c_str(), kVersion, text.c_str());
  return version;
}

std::string Annotation(const std::map<std::string, std::string>& annotations, const char* key) {
  const auto found = annotations.find(key);
  return found == annotations.end() ? std::string() : found->second;
}

std::string TextAt(const nlohmann::json& json, const char* key, const char* inner = nullptr);

Status CheckArtifactShape(const nlohmann::json& json, const std::string& where) {
  const auto schema = json.find("schemaVersion");
  ARENASTORE_CHECK_OR_RETURN(schema != json.end() && *schema == 2, ErrorCode::kRemote,
                             "%s: schemaVersion is not 2", where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(const std::string media_type,
                              OptionalStringField(json, "mediaType", where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string artifact_type,
                              OptionalStringField(json, "artifactType", where));
  // Without artifactType, the image spec has the config's media type name the artifact: a tool
  // that rewrites the manifest with an older image-spec schema keeps the config and drops it.
  const std::string config_type = TextAt(json, "config", "mediaType");
  const bool ours = artifact_type == kArtifactType ||
                    (artifact_type.empty() && config_type == kArtifactConfigType);
  ARENASTORE_CHECK_OR_RETURN(
      media_type == kImageManifestType && ours, ErrorCode::kRemote,
      "%s is a '%.60s' of artifactType '%.60s', not an arenastore artifact (%s); it was not "
      "written by arenastore",
      where.c_str(), media_type.empty() ? "(no mediaType)" : media_type.c_str(),
      artifact_type.c_str(), std::string(kArtifactType).c_str());
  return Status::Ok();
}

Result<Descriptor> OnlyLayer(const nlohmann::json& json, const std::string& where) {
  const auto layers = json.find("layers");
  ARENASTORE_CHECK_OR_RETURN(layers != json.end() && layers->is_array() && layers->size() == 1,
                             ErrorCode::kRemote, "%s: an arenastore artifact has exactly one layer",
                             where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(Descriptor layer, ParseDescriptor(layers->front(), where + " layer"));
  ARENASTORE_CHECK_OR_RETURN(layer.media_type == kArtifactLayerType, ErrorCode::kRemote,
                             "%s: the layer is a '%.60s', not %s", where.c_str(),
                             layer.media_type.c_str(), std::string(kArtifactLayerType).c_str());
  return layer;
}

Result<uint64_t> UnsignedAnnotation(const std::string& text) {
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return uint64_t{0};
  return value;
}

Status ParseOperators(const nlohmann::json& json, const std::string& where, ArtifactMetadata* m) {
  const auto operators = json.find("operators");
  if (operators == json.end() || !operators->is_array()) return Status::Ok();
  for (const nlohmann::json& op : *operators) {
    OperatorRecord record;
    ARENASTORE_ASSIGN_OR_RETURN(const uint64_t index, UnsignedField(op, "index", where));
    record.index = static_cast<int32_t>(index);
    ARENASTORE_ASSIGN_OR_RETURN(record.kind, StringField(op, "kind", where + " operator"));
    ARENASTORE_ASSIGN_OR_RETURN(record.dtypes, OptionalStringField(op, "dtypes", where));
    ARENASTORE_ASSIGN_OR_RETURN(record.scratch_bytes, UnsignedField(op, "scratch_bytes", where));
    m->operators.push_back(std::move(record));
  }
  return Status::Ok();
}

Status ParsePools(const nlohmann::json& json, const std::string& where, ArtifactMetadata* m) {
  const auto pools = json.find("pools");
  if (pools == json.end() || !pools->is_array()) return Status::Ok();
  for (const nlohmann::json& pool : *pools) {
    PoolRecord record;
    ARENASTORE_ASSIGN_OR_RETURN(const uint64_t index, UnsignedField(pool, "index", where));
    record.index = static_cast<int32_t>(index);
    ARENASTORE_ASSIGN_OR_RETURN(record.name, StringField(pool, "name", where + " pool"));
    ARENASTORE_ASSIGN_OR_RETURN(record.kind, StringField(pool, "kind", where + " pool"));
    ARENASTORE_ASSIGN_OR_RETURN(record.planned_bytes, UnsignedField(pool, "planned_bytes", where));
    ARENASTORE_ASSIGN_OR_RETURN(const uint64_t alignment, UnsignedField(pool, "alignment", where));
    record.alignment = static_cast<uint32_t>(alignment);
    ARENASTORE_ASSIGN_OR_RETURN(record.capacity_bytes,
                                UnsignedField(pool, "capacity_bytes", where));
    m->pools.push_back(std::move(record));
  }
  return Status::Ok();
}

// The value at json[key] or json[key][inner]; nullptr when absent.
const nlohmann::json* Node(const nlohmann::json& json, const char* key, const char* inner) {
  const auto found = json.find(key);
  if (found == json.end()) return nullptr;
  if (inner == nullptr) return &*found;
  if (!found->is_object()) return nullptr;
  const auto nested = found->find(inner);
  return nested == found->end() ? nullptr : &*nested;
}

std::string TextAt(const nlohmann::json& json, const char* key, const char* inner) {
  const nlohmann::json* node = Node(json, key, inner);
  return node != nullptr && node->is_string() ? node->get<std::string>() : std::string();
}

uint64_t NumberAt(const nlohmann::json& json, const char* key, const char* inner = nullptr) {
  const nlohmann::json* node = Node(json, key, inner);
  return node != nullptr && node->is_number_unsigned() ? node->get<uint64_t>() : 0;
}

// The scalar fields of the config; each one optional so older or foreign configs still show.
Status ParseScalars(const nlohmann::json& json, VersionFacts* facts) {
  ArtifactMetadata& m = facts->metadata;
  const auto text = [&json](const char* key, const char* inner = nullptr) {
    return TextAt(json, key, inner);
  };
  const auto number = [&json](const char* key, const char* inner = nullptr) {
    return NumberAt(json, key, inner);
  };
  facts->model = text("model");
  facts->version = static_cast<int64_t>(number("version"));
  facts->pushed_at = text("pushed_at");
  facts->note = text("note");
  facts->derived_from_sha256 = text("lineage", "derived_from_sha256");
  m.sha256 = text("sha256");
  m.size_bytes = number("size_bytes");
  m.producer = text("producer");
  m.model_name = text("model_name");
  m.kernel_version = text("kernel_version");
  m.target_isa = text("target", "isa");
  m.target_cpu = text("target", "cpu");
  m.plan_algorithm = text("plan", "algorithm");
  m.planned_bytes = number("plan", "planned_bytes");
  m.lower_bound_bytes = number("plan", "lower_bound_bytes");
  m.scratch_bytes = number("plan", "scratch_bytes");
  m.source_model_name = text("lineage", "source_model_name");
  m.source_model_sha256 = text("lineage", "source_model_sha256");
  const std::string format = text("format_version");
  const size_t dot = format.find('.');
  if (dot != std::string::npos) {
    m.format_major = static_cast<uint32_t>(std::strtoul(format.c_str(), nullptr, 10));
    m.format_minor = static_cast<uint32_t>(std::strtoul(format.c_str() + dot + 1, nullptr, 10));
  }
  return Status::Ok();
}

}  // namespace

std::string ArtifactConfigJson(const VersionFacts& facts) {
  const ArtifactMetadata& m = facts.metadata;
  nlohmann::json config = {
      {"model", facts.model},
      {"version", facts.version},
      {"sha256", m.sha256},
      {"size_bytes", m.size_bytes},
      {"format_version", std::to_string(m.format_major) + "." + std::to_string(m.format_minor)},
      {"producer", m.producer},
      {"model_name", m.model_name},
      {"kernel_version", m.kernel_version},
      {"target", {{"isa", m.target_isa}, {"cpu", m.target_cpu}}},
      {"plan",
       {{"algorithm", m.plan_algorithm},
        {"planned_bytes", m.planned_bytes},
        {"lower_bound_bytes", m.lower_bound_bytes},
        {"scratch_bytes", m.scratch_bytes}}},
      {"operators", OperatorsJson(m)},
      {"pools", PoolsJson(m)},
      {"lineage",
       {{"source_model_name", m.source_model_name},
        {"source_model_sha256", m.source_model_sha256},
        {"derived_from_sha256", facts.derived_from_sha256}}},
      {"pushed_at", facts.pushed_at},
      {"note", facts.note}};
  config.update(Summary(m));
  return CanonicalJson(config);
}

std::string ArtifactManifestJson(const VersionFacts& facts, const Descriptor& config,
                                 const Descriptor& layer) {
  const ArtifactMetadata& m = facts.metadata;
  std::map<std::string, std::string> annotations = {
      {kTitle, facts.model},
      {kVersion, std::to_string(facts.version)},
      {kCreated, facts.pushed_at},
      {kSource, SourceOf(m)},
      {kKernelVersion, m.kernel_version},
      {kTargetIsa, m.target_isa},
      {kPlannedBytes, std::to_string(m.planned_bytes)}};
  if (!facts.note.empty()) annotations[kNote] = facts.note;
  if (!facts.derived_from_sha256.empty()) annotations[kDerivedFrom] = facts.derived_from_sha256;
  Descriptor titled_layer = layer;
  // oras and crane name a pulled layer file by its title.
  titled_layer.annotations[kTitle] = facts.model + "-" + std::to_string(facts.version) + ".arena";
  const nlohmann::json manifest = {{"schemaVersion", 2},
                                   {"mediaType", kImageManifestType},
                                   {"artifactType", kArtifactType},
                                   {"config", DescriptorJson(config)},
                                   {"layers", {DescriptorJson(titled_layer)}},
                                   {"annotations", annotations}};
  return CanonicalJson(manifest);
}

Result<ArtifactManifest> ParseArtifactManifest(std::span<const uint8_t> bytes,
                                               const std::string& where) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json json, ParseJsonObject(text, where));
  ARENASTORE_RETURN_IF_ERROR(CheckArtifactShape(json, where));
  ArtifactManifest manifest;
  const auto config = json.find("config");
  ARENASTORE_CHECK_OR_RETURN(config != json.end(), ErrorCode::kRemote, "%s: no config",
                             where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(manifest.config, ParseDescriptor(*config, where + " config"));
  ARENASTORE_ASSIGN_OR_RETURN(manifest.layer, OnlyLayer(json, where));
  ARENASTORE_ASSIGN_OR_RETURN(manifest.annotations, StringMapField(json, "annotations", where));
  const auto& a = manifest.annotations;
  manifest.model = Annotation(a, kTitle);
  // The title names the model every listing, pull and import files the version under: a
  // manifest without one, or with a name the store refuses, is not an arenastore version.
  ARENASTORE_CHECK_OR_RETURN(!manifest.model.empty(), ErrorCode::kRemote,
                             "%s has no annotation %s naming its model; was it pushed by "
                             "arenastore?",
                             where.c_str(), kTitle);
  if (const Status name = ValidateModelName(manifest.model); !name.ok()) {
    return Status::Error(ErrorCode::kRemote, "%s: annotation %s: %s", where.c_str(), kTitle,
                         name.message());
  }
  ARENASTORE_ASSIGN_OR_RETURN(manifest.version, ParseVersion(Annotation(a, kVersion), where));
  manifest.created = Annotation(a, kCreated);
  manifest.note = Annotation(a, kNote);
  manifest.derived_from_sha256 = Annotation(a, kDerivedFrom);
  manifest.kernel_version = Annotation(a, kKernelVersion);
  manifest.target_isa = Annotation(a, kTargetIsa);
  ARENASTORE_ASSIGN_OR_RETURN(manifest.planned_bytes,
                              UnsignedAnnotation(Annotation(a, kPlannedBytes)));
  return manifest;
}

Result<VersionFacts> ParseArtifactConfig(std::span<const uint8_t> bytes, const std::string& where) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json json, ParseJsonObject(text, where));
  VersionFacts facts;
  ARENASTORE_RETURN_IF_ERROR(ParseScalars(json, &facts));
  ARENASTORE_RETURN_IF_ERROR(ParseOperators(json, where, &facts.metadata));
  ARENASTORE_RETURN_IF_ERROR(ParsePools(json, where, &facts.metadata));
  return facts;
}

std::optional<int64_t> VersionOfTag(std::string_view tag) {
  if (tag.empty() || tag.size() > 18 || tag.front() == '0') return std::nullopt;
  int64_t version = 0;
  const auto [end, error] = std::from_chars(tag.data(), tag.data() + tag.size(), version);
  if (error != std::errc() || end != tag.data() + tag.size()) return std::nullopt;
  return version;
}

bool IsAliasTag(std::string_view tag) {
  // ValidateAlias allows at most 64 characters; "sha256-" + 64 hex is 71, so the referrers tag
  // never passes it.
  return ValidateAlias(tag).ok();
}

}  // namespace arenastore::store::remote
