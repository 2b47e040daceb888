// OCI content descriptors, digests and the media types arenastore reads and writes (the OCI
// image spec's descriptor: mediaType, digest, size, optional artifactType and annotations).
// Called by the mapping (artifact_manifest.h), the client and the orchestration. Parsing reads
// untrusted registry JSON without exceptions: a missing or mistyped field is kRemote naming
// the field. Heap OK; plain values.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/result.h"

namespace arenastore::store::remote {

// Standard media types (OCI image spec 1.1).
inline constexpr std::string_view kImageManifestType = "application/vnd.oci.image.manifest.v1+json";
inline constexpr std::string_view kImageIndexType = "application/vnd.oci.image.index.v1+json";
inline constexpr std::string_view kEmptyConfigType = "application/vnd.oci.empty.v1+json";
// The empty JSON object `{}` the spec uses as a placeholder config.
inline constexpr std::string_view kEmptyConfigBytes = "{}";

// Standard annotation keys (OCI image spec).
inline constexpr const char* kAnnotationTitle = "org.opencontainers.image.title";
inline constexpr const char* kAnnotationVersion = "org.opencontainers.image.version";
inline constexpr const char* kAnnotationCreated = "org.opencontainers.image.created";
inline constexpr const char* kAnnotationSource = "org.opencontainers.image.source";

// arenastore's own (docs/remote.md).
inline constexpr std::string_view kArtifactType = "application/vnd.arenastore.artifact.v1";
inline constexpr std::string_view kArtifactLayerType =
    "application/vnd.arenastore.artifact.v1+flatbuffers";
inline constexpr std::string_view kArtifactConfigType =
    "application/vnd.arenastore.artifact.config.v1+json";
inline constexpr std::string_view kSignatureType = "application/vnd.arenastore.signature.v1";
inline constexpr std::string_view kSignatureLayerType =
    "application/vnd.arenastore.signature.v1+json";

struct Descriptor {
  std::string media_type;
  std::string digest;  // "sha256:<64 lowercase hex>"
  uint64_t size_bytes = 0;
  std::string artifact_type;                       // "" when absent
  std::map<std::string, std::string> annotations;  // empty when absent
};

// "sha256:<hex>" of the bytes.
std::string DigestOf(std::span<const uint8_t> bytes);
std::string DigestOf(std::string_view bytes);
// Only sha256 digests: the store's identity is a sha256, and a registry may not pick another.
bool IsSha256Digest(std::string_view digest);
// The hex part of a digest ("" when not a sha256 digest).
std::string_view DigestHex(std::string_view digest);

nlohmann::json DescriptorJson(const Descriptor& descriptor);
// `where` names the document and field for messages ("manifest layers[0]").
Result<Descriptor> ParseDescriptor(const nlohmann::json& json, const std::string& where);

// An image index's "manifests" (empty when absent) as descriptors; kRemote naming `where` and
// the entry when one is malformed.
Result<std::vector<Descriptor>> ParseIndexManifests(const nlohmann::json& index,
                                                    const std::string& where);

// Safe accessors for untrusted JSON: kRemote "<where>.<key>: expected a string" etc.
Result<std::string> StringField(const nlohmann::json& object, const char* key,
                                const std::string& where);
// "" when absent; kRemote when present and not a string.
Result<std::string> OptionalStringField(const nlohmann::json& object, const char* key,
                                        const std::string& where);
Result<uint64_t> UnsignedField(const nlohmann::json& object, const char* key,
                               const std::string& where);
// A string-to-string object such as annotations; empty when absent.
Result<std::map<std::string, std::string>> StringMapField(const nlohmann::json& object,
                                                          const char* key,
                                                          const std::string& where);
// Compact JSON with sorted keys, the same bytes for the same value (digests depend on it);
// invalid UTF-8 in a string is replaced instead of throwing.
std::string CanonicalJson(const nlohmann::json& json);

// Parses JSON text without exceptions; kRemote naming `where` when it is not a JSON object.
Result<nlohmann::json> ParseJsonObject(std::string_view text, const std::string& where);

}  // namespace arenastore::store::remote
