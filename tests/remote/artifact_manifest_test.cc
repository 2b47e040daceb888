#include "store/remote/artifact_manifest.h"

#include <gtest/gtest.h>

#include "store/remote/oci_descriptor.h"
#include "store/remote/signature_referrer.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store::remote {
namespace {

std::span<const uint8_t> Bytes(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

VersionFacts Facts() {
  VersionFacts facts;
  facts.model = "kws";
  facts.version = 3;
  facts.pushed_at = "2026-11-26T10:00:00.000Z";
  facts.note = "first";
  auto metadata = ReadArtifactMetadata(store::testing::TinyArtifact(3));
  EXPECT_TRUE(metadata.ok());
  facts.metadata = *metadata;
  return facts;
}

struct Documents {
  std::string config;
  std::string manifest;
};

Documents Build(const VersionFacts& facts) {
  Documents documents;
  documents.config = ArtifactConfigJson(facts);
  const Descriptor config{std::string(kArtifactConfigType),
                          DigestOf(documents.config),
                          documents.config.size(),
                          "",
                          {}};
  const Descriptor layer{std::string(kArtifactLayerType),
                         "sha256:" + facts.metadata.sha256,
                         facts.metadata.size_bytes,
                         "",
                         {}};
  documents.manifest = ArtifactManifestJson(facts, config, layer);
  return documents;
}

TEST(ArtifactManifest, IsDeterministicSoConcurrentPushersAgreeOnDigests) {
  EXPECT_EQ(Build(Facts()).manifest, Build(Facts()).manifest);
  VersionFacts other = Facts();
  other.note = "second";
  EXPECT_NE(Build(other).manifest, Build(Facts()).manifest);
}

TEST(ArtifactManifest, ReadsBackWhatAListingNeedsWithoutTheConfig) {
  const VersionFacts facts = Facts();
  auto parsed = ParseArtifactManifest(Bytes(Build(facts).manifest), "test");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(parsed->model, "kws");
  EXPECT_EQ(parsed->version, 3);
  EXPECT_EQ(parsed->layer.digest, "sha256:" + facts.metadata.sha256);
  EXPECT_EQ(parsed->layer.media_type, kArtifactLayerType);
  EXPECT_EQ(parsed->kernel_version, facts.metadata.kernel_version);
  EXPECT_EQ(parsed->target_isa, "ref");
  EXPECT_EQ(parsed->planned_bytes, facts.metadata.planned_bytes);
  EXPECT_EQ(parsed->created, facts.pushed_at);
  EXPECT_EQ(parsed->note, "first");
  EXPECT_EQ(parsed->annotations.at(kAnnotationTitle), "kws");
  EXPECT_EQ(parsed->annotations.at(kAnnotationSource),
            "built-in example tiny (" + facts.metadata.producer + ")");
}

TEST(ArtifactManifest, ConfigCarriesTheIndexedMetadataIncludingDtypes) {
  const VersionFacts facts = Facts();
  auto parsed = ParseArtifactConfig(Bytes(Build(facts).config), "test");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  const ArtifactMetadata& m = parsed->metadata;
  EXPECT_EQ(m.sha256, facts.metadata.sha256);
  EXPECT_EQ(m.kernel_version, facts.metadata.kernel_version);
  EXPECT_EQ(m.operators.size(), facts.metadata.operators.size());
  EXPECT_EQ(m.operators[0].kind, "conv2d");
  EXPECT_EQ(m.operators[0].dtypes, "int8,int8,int32->int8");
  EXPECT_EQ(m.operators[0].scratch_bytes, facts.metadata.operators[0].scratch_bytes);
  EXPECT_EQ(m.pools.size(), facts.metadata.pools.size());
  EXPECT_EQ(m.planned_bytes, facts.metadata.planned_bytes);
  EXPECT_EQ(parsed->version, 3);
  const auto json = nlohmann::json::parse(Build(facts).config);
  EXPECT_EQ(json["dtypes"], nlohmann::json::array({"int32", "int8"}));
  EXPECT_TRUE(json["op_kinds"].is_array());
}

TEST(ArtifactManifest, RefusesManifestsThatAreNotArenastoreArtifacts) {
  const std::string image = R"({"schemaVersion":2,"mediaType":")" +
                            std::string(kImageManifestType) +
                            R"(","config":{"mediaType":"application/vnd.oci.image.config.v1+json",)"
                            R"("digest":"sha256:)" +
                            std::string(64, 'a') + R"(","size":2},"layers":[]})";
  auto refused = ParseArtifactManifest(Bytes(image), "hub: kws:1");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kRemote);
  EXPECT_NE(std::string(refused.status().message()).find("not an arenastore artifact"),
            std::string::npos);
  EXPECT_FALSE(ParseArtifactManifest(Bytes("[1,2]"), "x").ok());
  EXPECT_FALSE(ParseArtifactManifest(Bytes("{\"schemaVersion\":2"), "x").ok());
}

TEST(ArtifactManifest, IsRecognisedByItsConfigMediaTypeWhenArtifactTypeWasDropped) {
  nlohmann::json manifest = nlohmann::json::parse(Build(Facts()).manifest);
  manifest.erase("artifactType");
  auto parsed = ParseArtifactManifest(Bytes(manifest.dump()), "hub2: kws:prod");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(parsed->version, Facts().version);
  EXPECT_EQ(parsed->config.media_type, kArtifactConfigType);

  // Another tool's artifact without artifactType stays foreign.
  manifest["config"]["mediaType"] = "application/vnd.oci.image.config.v1+json";
  auto foreign = ParseArtifactManifest(Bytes(manifest.dump()), "hub2: kws:prod");
  ASSERT_FALSE(foreign.ok());
  EXPECT_EQ(foreign.status().code(), ErrorCode::kRemote);
}

// The refusals quote what the registry sent with a bounded precision ('%.40s', '%.60s',
// '%.19s'); these pin that the quoted text, not the specification, reaches the message.
std::string MessageOf(const Status& status) {
  const std::string message = status.message();
  EXPECT_EQ(message.find('%'), std::string::npos) << message;
  return message;
}

TEST(ArtifactManifest, RefusalsQuoteTheOtherArtifactTypeAndTheBadVersion) {
  nlohmann::json manifest = nlohmann::json::parse(Build(Facts()).manifest);
  manifest["artifactType"] = "application/vnd.example.other";
  auto other = ParseArtifactManifest(Bytes(manifest.dump()), "hub: kws:1");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(MessageOf(other.status())
                .find("hub: kws:1 is a '" + std::string(kImageManifestType) +
                      "' of artifactType 'application/vnd.example.other', not an arenastore "
                      "artifact (" +
                      std::string(kArtifactType) + ")"),
            std::string::npos)
      << other.status().message();

  manifest = nlohmann::json::parse(Build(Facts()).manifest);
  manifest["annotations"][kAnnotationVersion] = "three" + std::string(60, '!');
  auto version = ParseArtifactManifest(Bytes(manifest.dump()), "hub: kws:3");
  ASSERT_FALSE(version.ok());
  EXPECT_NE(MessageOf(version.status())
                .find("annotation " + std::string(kAnnotationVersion) + " is 'three" +
                      std::string(35, '!') + "', not a version"),
            std::string::npos)
      << version.status().message();
}

// The title is the model a pull files the version under: without it, or with a name the store
// refuses, the manifest is not an arenastore version.
TEST(ArtifactManifest, RefusesAManifestWithoutAModelTitleOrWithABadOne) {
  nlohmann::json manifest = nlohmann::json::parse(Build(Facts()).manifest);
  manifest["annotations"].erase(kAnnotationTitle);
  auto untitled = ParseArtifactManifest(Bytes(manifest.dump()), "hub: kws:3");
  ASSERT_FALSE(untitled.ok());
  EXPECT_EQ(untitled.status().code(), ErrorCode::kRemote);
  EXPECT_NE(MessageOf(untitled.status())
                .find("hub: kws:3 has no annotation " + std::string(kAnnotationTitle) +
                      " naming its model"),
            std::string::npos)
      << untitled.status().message();

  manifest["annotations"][kAnnotationTitle] = "../etc";
  auto bad = ParseArtifactManifest(Bytes(manifest.dump()), "hub: kws:3");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), ErrorCode::kRemote);
  EXPECT_NE(MessageOf(bad.status()).find("annotation " + std::string(kAnnotationTitle) + ": "),
            std::string::npos)
      << bad.status().message();
}

TEST(SignatureReferrer, RefusalsNameBothDigestsAndTheAlgorithm) {
  SignatureDocument document;
  document.public_key.fill(7);
  document.signature.fill(9);
  const std::string layer_json = SignatureLayerJson(document);
  const Descriptor layer{
      std::string(kSignatureLayerType), DigestOf(layer_json), layer_json.size(), "", {}};
  const Descriptor subject{
      std::string(kImageManifestType), "sha256:" + std::string(64, 'c'), 10, "", {}};
  const std::string manifest = SignatureManifestJson(document, layer, subject);
  auto other = ParseSignatureManifest(Bytes(manifest), "sha256:" + std::string(64, 'd'), "sig");
  ASSERT_FALSE(other.ok());
  EXPECT_NE(MessageOf(other.status())
                .find("sig signs sha256:cccccccccccc, not the version's manifest "
                      "sha256:dddddddddddd"),
            std::string::npos)
      << other.status().message();

  nlohmann::json rsa = nlohmann::json::parse(layer_json);
  rsa["algorithm"] = "rsa-pss-" + std::string(50, '9');
  auto algorithm = ParseSignatureLayer(Bytes(rsa.dump()), "sig layer");
  ASSERT_FALSE(algorithm.ok());
  EXPECT_NE(MessageOf(algorithm.status())
                .find("sig layer: algorithm 'rsa-pss-" + std::string(32, '9') + "' is not ed25519"),
            std::string::npos)
      << algorithm.status().message();
}

TEST(OciDescriptor, RefusalQuotesAtMost80CharactersOfABadDigest) {
  const nlohmann::json descriptor = {{"mediaType", std::string(kArtifactLayerType)},
                                     {"digest", "md5:" + std::string(100, 'f')},
                                     {"size", 3}};
  auto parsed = ParseDescriptor(descriptor, "hub: kws:1 layer");
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(MessageOf(parsed.status())
                .find("hub: kws:1 layer.digest: 'md5:" + std::string(76, 'f') +
                      "' is not a sha256 digest"),
            std::string::npos)
      << parsed.status().message();
}

TEST(ArtifactManifest, TagsSplitIntoVersionsAliasesAndTheRest) {
  EXPECT_EQ(VersionOfTag("3"), 3);
  EXPECT_EQ(VersionOfTag("120"), 120);
  EXPECT_FALSE(VersionOfTag("03").has_value());
  EXPECT_FALSE(VersionOfTag("0").has_value());
  EXPECT_FALSE(VersionOfTag("3a").has_value());
  EXPECT_TRUE(IsAliasTag("prod"));
  EXPECT_FALSE(IsAliasTag("latest"));
  EXPECT_FALSE(IsAliasTag("sha256-" + std::string(64, 'a')));
  EXPECT_FALSE(IsAliasTag("3"));
}

TEST(SignatureReferrer, NamesItsSubjectAndRefusesAnother) {
  SignatureDocument document;
  document.public_key.fill(7);
  document.signature.fill(9);
  document.signed_at = "2026-11-26T10:00:00.000Z";
  const std::string layer_json = SignatureLayerJson(document);
  const Descriptor layer{
      std::string(kSignatureLayerType), DigestOf(layer_json), layer_json.size(), "", {}};
  const Descriptor subject{
      std::string(kImageManifestType), "sha256:" + std::string(64, 'c'), 10, "", {}};
  const std::string manifest = SignatureManifestJson(document, layer, subject);
  auto parsed = ParseSignatureManifest(Bytes(manifest), subject.digest, "test");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(parsed->digest, layer.digest);
  EXPECT_FALSE(ParseSignatureManifest(Bytes(manifest), "sha256:" + std::string(64, 'd'), "t").ok());
  auto read = ParseSignatureLayer(Bytes(layer_json), "test");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->public_key, document.public_key);
  EXPECT_EQ(read->signature, document.signature);
  const Descriptor listed = SignatureReferrerDescriptor(document, manifest);
  EXPECT_EQ(listed.artifact_type, kSignatureType);
  EXPECT_EQ(listed.digest, DigestOf(manifest));
}

}  // namespace
}  // namespace arenastore::store::remote
