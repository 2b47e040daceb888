// A store signature as an OCI referrer (docs/remote.md): its own small manifest with
// artifactType application/vnd.arenastore.signature.v1, the empty config, one JSON layer
// (key, Ed25519 signature, the signed manifest text, time) and `subject` = the version's
// artifact manifest, so the referrers API (or the referrers tag) finds it from the version.
// Called by the remote push (build) and pull (parse). Building is deterministic; parsing
// trusts nothing (kRemote): the subject must be the version being pulled. The signature is not
// judged here: the store verifies it over its own rebuilt manifest (store/import.h). Heap OK.
#pragma once

#include <span>
#include <string>

#include "base/result.h"
#include "store/ed25519.h"
#include "store/remote/oci_descriptor.h"

namespace arenastore::store::remote {

// The signer's public key (64 hex digits), on the signature manifest and its referrer entry.
inline constexpr const char* kSignaturePublicKeyAnnotation = "dev.arenastore.signature.public-key";

struct SignatureDocument {
  PublicKey public_key{};
  Signature signature{};
  std::string signed_at;
  std::string signed_manifest;  // store/signatures.h SignedManifest text, for other readers
};

std::string SignatureLayerJson(const SignatureDocument& document);
// The referrer manifest for a pushed layer; `subject` is the artifact manifest's descriptor.
std::string SignatureManifestJson(const SignatureDocument& document, const Descriptor& layer,
                                  const Descriptor& subject);

// How the signature manifest is listed among its subject's referrers: its digest and size,
// artifactType and annotations (the referrers tag schema copies them into the index).
Descriptor SignatureReferrerDescriptor(const SignatureDocument& document,
                                       std::string_view manifest_json);

// Whether a referrer's manifest is an arenastore signature: its artifactType, or, where a tool
// dropped that, its one layer's media type.
bool IsSignatureManifest(std::span<const uint8_t> bytes);

// The layer descriptor of a signature manifest whose subject is `subject_digest`.
Result<Descriptor> ParseSignatureManifest(std::span<const uint8_t> bytes,
                                          const std::string& subject_digest,
                                          const std::string& where);
Result<SignatureDocument> ParseSignatureLayer(std::span<const uint8_t> bytes,
                                              const std::string& where);

}  // namespace arenastore::store::remote
