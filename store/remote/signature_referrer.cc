#include "store/remote/signature_referrer.h"

#include <cstring>

namespace arenastore::store::remote {
namespace {

std::string_view Text(std::span<const uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

// 2*N lowercase hex digits into N bytes; false when the text is anything else.
template <size_t N>
bool FromHex(const std::string& text, std::array<uint8_t, N>* bytes) {
  if (text.size() != 2 * N) return false;
  for (size_t i = 0; i < N; ++i) {
    unsigned value = 0;
    for (size_t j = 0; j < 2; ++j) {
      const char c = text[2 * i + j];
      const int digit = (c >= '0' && c <= '9')   ? c - '0'
                        : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                                                 : -1;
      if (digit < 0) return false;
      value = value * 16 + static_cast<unsigned>(digit);
    }
    (*bytes)[i] = static_cast<uint8_t>(value);
  }
  return true;
}

std::map<std::string, std::string> ManifestAnnotations(const SignatureDocument& document) {
  return {{kSignaturePublicKeyAnnotation, HexOf(document.public_key)},
          {kAnnotationCreated, document.signed_at}};
}

Descriptor EmptyConfig() {
  Descriptor config;
  config.media_type = std::string(kEmptyConfigType);
  config.digest = DigestOf(kEmptyConfigBytes);
  config.size_bytes = kEmptyConfigBytes.size();
  return config;
}

}  // namespace

std::string SignatureLayerJson(const SignatureDocument& document) {
  return CanonicalJson({{"algorithm", "ed25519"},
                        {"public_key", HexOf(document.public_key)},
                        {"signature", HexOf(document.signature)},
                        {"signed_at", document.signed_at},
                        {"signed_manifest", document.signed_manifest}});
}

std::string SignatureManifestJson(const SignatureDocument& document, const Descriptor& layer,
                                  const Descriptor& subject) {
  Descriptor subject_only{subject.media_type, subject.digest, subject.size_bytes, "", {}};
  return CanonicalJson({{"schemaVersion", 2},
                        {"mediaType", kImageManifestType},
                        {"artifactType", kSignatureType},
                        {"config", DescriptorJson(EmptyConfig())},
                        {"layers", {DescriptorJson(layer)}},
                        {"subject", DescriptorJson(subject_only)},
                        {"annotations", ManifestAnnotations(document)}});
}

Descriptor SignatureReferrerDescriptor(const SignatureDocument& document,
                                       std::string_view manifest_json) {
  return {std::string(kImageManifestType), DigestOf(manifest_json), manifest_json.size(),
          std::string(kSignatureType), ManifestAnnotations(document)};
}

bool IsSignatureManifest(std::span<const uint8_t> bytes) {
  const nlohmann::json json =
      nlohmann::json::parse(Text(bytes), nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return false;
  const auto artifact_type = json.find("artifactType");
  if (artifact_type != json.end()) return *artifact_type == kSignatureType;
  // No artifactType: the empty config says nothing, the layer's media type is ours.
  const auto layers = json.find("layers");
  return layers != json.end() && layers->is_array() && layers->size() == 1 &&
         layers->front().is_object() &&
         layers->front().value("mediaType", "") == kSignatureLayerType;
}

Result<Descriptor> ParseSignatureManifest(std::span<const uint8_t> bytes,
                                          const std::string& subject_digest,
                                          const std::string& where) {
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json json, ParseJsonObject(Text(bytes), where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string artifact_type,
                              OptionalStringField(json, "artifactType", where));
  ARENASTORE_CHECK_OR_RETURN(IsSignatureManifest(bytes), ErrorCode::kRemote,
                             "%s has artifactType '%.60s', not an arenastore signature",
                             where.c_str(), artifact_type.c_str());
  const auto subject = json.find("subject");
  ARENASTORE_CHECK_OR_RETURN(subject != json.end(), ErrorCode::kRemote, "%s has no subject",
                             where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(const Descriptor named,
                              ParseDescriptor(*subject, where + " subject"));
  ARENASTORE_CHECK_OR_RETURN(named.digest == subject_digest, ErrorCode::kRemote,
                             "%s signs %.19s, not the version's manifest %.19s", where.c_str(),
                             named.digest.c_str(), subject_digest.c_str());
  const auto layers = json.find("layers");
  ARENASTORE_CHECK_OR_RETURN(layers != json.end() && layers->is_array() && layers->size() == 1,
                             ErrorCode::kRemote, "%s: a signature has exactly one layer",
                             where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(Descriptor layer, ParseDescriptor(layers->front(), where + " layer"));
  ARENASTORE_CHECK_OR_RETURN(layer.media_type == kSignatureLayerType && layer.size_bytes <= 65536,
                             ErrorCode::kRemote, "%s: the layer is a %llu-byte '%.60s'",
                             where.c_str(), static_cast<unsigned long long>(layer.size_bytes),
                             layer.media_type.c_str());
  return layer;
}

Result<SignatureDocument> ParseSignatureLayer(std::span<const uint8_t> bytes,
                                              const std::string& where) {
  ARENASTORE_ASSIGN_OR_RETURN(const nlohmann::json json, ParseJsonObject(Text(bytes), where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string algorithm, StringField(json, "algorithm", where));
  ARENASTORE_CHECK_OR_RETURN(algorithm == "ed25519", ErrorCode::kRemote,
                             "%s: algorithm '%.40s' is not ed25519", where.c_str(),
                             algorithm.c_str());
  SignatureDocument document;
  ARENASTORE_ASSIGN_OR_RETURN(const std::string key, StringField(json, "public_key", where));
  ARENASTORE_ASSIGN_OR_RETURN(const std::string signature, StringField(json, "signature", where));
  ARENASTORE_CHECK_OR_RETURN(
      FromHex(key, &document.public_key) && FromHex(signature, &document.signature),
      ErrorCode::kRemote, "%s: public_key (64 hex) or signature (128 hex) is malformed",
      where.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(document.signed_at, OptionalStringField(json, "signed_at", where));
  ARENASTORE_ASSIGN_OR_RETURN(document.signed_manifest,
                              OptionalStringField(json, "signed_manifest", where));
  return document;
}

}  // namespace arenastore::store::remote
