#include "store/remote/oci_descriptor.h"

#include "store/sha256.h"

namespace arenastore::store::remote {
namespace {

constexpr std::string_view kSha256Prefix = "sha256:";

Status Mistyped(const std::string& where, const char* key, const char* expected) {
  return Status::Error(ErrorCode::kRemote, "%s.%s: expected %s", where.c_str(), key, expected);
}

}  // namespace

std::string DigestOf(std::span<const uint8_t> bytes) {
  return std::string(kSha256Prefix) + Sha256Hex(bytes);
}

std::string DigestOf(std::string_view bytes) {
  return DigestOf(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

bool IsSha256Digest(std::string_view digest) {
  if (!digest.starts_with(kSha256Prefix) || digest.size() != kSha256Prefix.size() + 64) {
    return false;
  }
  for (char c : digest.substr(kSha256Prefix.size())) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::string_view DigestHex(std::string_view digest) {
  return IsSha256Digest(digest) ? digest.substr(kSha256Prefix.size()) : std::string_view();
}

nlohmann::json DescriptorJson(const Descriptor& descriptor) {
  nlohmann::json json = {{"mediaType", descriptor.media_type},
                         {"digest", descriptor.digest},
                         {"size", descriptor.size_bytes}};
  if (!descriptor.artifact_type.empty()) json["artifactType"] = descriptor.artifact_type;
  if (!descriptor.annotations.empty()) json["annotations"] = descriptor.annotations;
  return json;
}

Result<Descriptor> ParseDescriptor(const nlohmann::json& json, const std::string& where) {
  ARENASTORE_CHECK_OR_RETURN(json.is_object(), ErrorCode::kRemote, "%s: expected an object",
                             where.c_str());
  Descriptor descriptor;
  ARENASTORE_ASSIGN_OR_RETURN(descriptor.media_type, StringField(json, "mediaType", where));
  ARENASTORE_ASSIGN_OR_RETURN(descriptor.digest, StringField(json, "digest", where));
  ARENASTORE_CHECK_OR_RETURN(IsSha256Digest(descriptor.digest), ErrorCode::kRemote,
                             "%s.digest: '%.80s' is not a sha256 digest", where.c_str(),
                             descriptor.digest.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(descriptor.size_bytes, UnsignedField(json, "size", where));
  ARENASTORE_ASSIGN_OR_RETURN(descriptor.artifact_type,
                              OptionalStringField(json, "artifactType", where));
  ARENASTORE_ASSIGN_OR_RETURN(descriptor.annotations, StringMapField(json, "annotations", where));
  return descriptor;
}

Result<std::vector<Descriptor>> ParseIndexManifests(const nlohmann::json& index,
                                                    const std::string& where) {
  std::vector<Descriptor> entries;
  const auto manifests = index.find("manifests");
  if (manifests == index.end() || manifests->is_null()) return entries;
  ARENASTORE_CHECK_OR_RETURN(manifests->is_array(), ErrorCode::kRemote,
                             "%s: 'manifests' is not a list", where.c_str());
  for (size_t i = 0; i < manifests->size(); ++i) {
    ARENASTORE_ASSIGN_OR_RETURN(
        Descriptor entry,
        ParseDescriptor((*manifests)[i], where + " manifests[" + std::to_string(i) + "]"));
    entries.push_back(std::move(entry));
  }
  return entries;
}

Result<std::string> StringField(const nlohmann::json& object, const char* key,
                                const std::string& where) {
  const auto found = object.find(key);
  if (found == object.end() || !found->is_string()) return Mistyped(where, key, "a string");
  return found->get<std::string>();
}

Result<std::string> OptionalStringField(const nlohmann::json& object, const char* key,
                                        const std::string& where) {
  const auto found = object.find(key);
  if (found == object.end()) return std::string();
  if (!found->is_string()) return Mistyped(where, key, "a string");
  return found->get<std::string>();
}

Result<uint64_t> UnsignedField(const nlohmann::json& object, const char* key,
                               const std::string& where) {
  const auto found = object.find(key);
  if (found == object.end() || !found->is_number_unsigned()) {
    return Mistyped(where, key, "a non-negative integer");
  }
  return found->get<uint64_t>();
}

Result<std::map<std::string, std::string>> StringMapField(const nlohmann::json& object,
                                                          const char* key,
                                                          const std::string& where) {
  std::map<std::string, std::string> values;
  const auto found = object.find(key);
  if (found == object.end()) return values;
  if (!found->is_object()) return Mistyped(where, key, "an object of strings");
  for (const auto& [name, value] : found->items()) {
    if (!value.is_string()) return Mistyped(where, key, "an object of strings");
    values.emplace(name, value.get<std::string>());
  }
  return values;
}

std::string CanonicalJson(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Result<nlohmann::json> ParseJsonObject(std::string_view text, const std::string& where) {
  nlohmann::json json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  ARENASTORE_CHECK_OR_RETURN(!json.is_discarded() && json.is_object(), ErrorCode::kRemote,
                             "%s is not a JSON object", where.c_str());
  return json;
}

}  // namespace arenastore::store::remote
