// libFuzzer target: arbitrary bytes as every OCI document a registry (or an OCI layout) hands
// the remote client: an artifact manifest, its config, a signature manifest and layer, an image
// index's manifests. The contract under test: never crash, hang, leak or throw (nlohmann's
// exceptions included); refuse with kRemote only; and an accepted manifest's layer digest is a
// sha256 digest (the model name and version are checked later, against the config).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "store/remote/artifact_manifest.h"
#include "store/remote/oci_descriptor.h"
#include "store/remote/signature_referrer.h"

namespace {

using arenastore::ErrorCode;
using arenastore::Status;
namespace remote = arenastore::store::remote;

void ExpectRemoteRefusal(const Status& status) {
  if (!status.ok() && status.code() != ErrorCode::kRemote) __builtin_trap();
}

void Manifest(std::span<const uint8_t> bytes) {
  const auto manifest = remote::ParseArtifactManifest(bytes, "fuzz");
  ExpectRemoteRefusal(manifest.status());
  if (!manifest.ok()) return;
  if (!remote::IsSha256Digest(manifest->layer.digest)) __builtin_trap();
}

void Index(std::span<const uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto index = remote::ParseJsonObject(text, "fuzz");
  ExpectRemoteRefusal(index.status());
  if (!index.ok()) return;
  const auto manifests = index->find("manifests");
  if (manifests == index->end() || !manifests->is_array()) return;
  for (const auto& entry : *manifests) {
    const auto descriptor = remote::ParseDescriptor(entry, "fuzz manifests[]");
    ExpectRemoteRefusal(descriptor.status());
    if (descriptor.ok()) (void)remote::CanonicalJson(remote::DescriptorJson(*descriptor));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  Manifest(bytes);
  ExpectRemoteRefusal(remote::ParseArtifactConfig(bytes, "fuzz").status());
  ExpectRemoteRefusal(remote::ParseSignatureManifest(bytes, std::string(71, 'a'), "fuzz").status());
  ExpectRemoteRefusal(remote::ParseSignatureLayer(bytes, "fuzz").status());
  Index(bytes);
  return 0;
}
