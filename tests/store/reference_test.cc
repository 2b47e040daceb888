#include "store/reference.h"

#include <gtest/gtest.h>

#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using testing::RegistryTest;

TEST(ParseReference, ReadsTheFourForms) {
  auto latest = ParseReference("kws");
  ASSERT_TRUE(latest.ok());
  EXPECT_EQ(latest->kind, Reference::Kind::kLatest);
  EXPECT_EQ(latest->model, "kws");
  auto version = ParseReference("kws@12");
  ASSERT_TRUE(version.ok());
  EXPECT_EQ(version->kind, Reference::Kind::kVersion);
  EXPECT_EQ(version->version, 12);
  auto alias = ParseReference("kws@prod");
  ASSERT_TRUE(alias.ok());
  EXPECT_EQ(alias->kind, Reference::Kind::kAlias);
  EXPECT_EQ(alias->alias, "prod");
  auto digest = ParseReference("sha256:ABCDEF0123");
  ASSERT_TRUE(digest.ok());
  EXPECT_EQ(digest->kind, Reference::Kind::kDigest);
  EXPECT_EQ(digest->digest_prefix, "abcdef0123");
  EXPECT_EQ(ParseReference("kws@latest")->kind, Reference::Kind::kLatest);
}

TEST(ParseReference, RejectsMalformedReferencesSayingWhatIsAllowed) {
  for (const char* bad :
       {"sha256:abc", "sha256:xyz12345", "kws@", "kws@0", "@prod", "kws@p rod", "kws@3@4", ""}) {
    auto parsed = ParseReference(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.status().code(), ErrorCode::kInvalidArgument) << bad;
  }
  EXPECT_NE(std::string(ParseReference("sha256:abc").status().message()).find("8 to 64 hex"),
            std::string::npos);
}

TEST(LooksLikeReference, TellsFilesFromReferences) {
  EXPECT_TRUE(LooksLikeReference("kws"));
  EXPECT_TRUE(LooksLikeReference("kws@prod"));
  EXPECT_TRUE(LooksLikeReference("sha256:0123abcd"));
  EXPECT_FALSE(LooksLikeReference("models/kws.arena"));
  EXPECT_FALSE(LooksLikeReference("kws.arena"));
  EXPECT_FALSE(LooksLikeReference("./kws"));
  EXPECT_FALSE(LooksLikeReference("kws_ref_model.tflite"));
}

class ResolveTest : public RegistryTest {};

TEST_F(ResolveTest, LatestVersionAliasAndDigestPrefix) {
  const PushResult first = PushTiny(3, "kws", "prod");
  const PushResult second = PushTiny(4, "kws");
  auto latest = Resolve(registry(), "kws");
  ASSERT_TRUE(latest.ok());
  EXPECT_EQ(latest->version, 2);
  EXPECT_EQ(latest->sha256, second.sha256);
  EXPECT_EQ(Resolve(registry(), "kws@1")->sha256, first.sha256);
  EXPECT_EQ(Resolve(registry(), "kws@prod")->version, 1);
  auto digest = Resolve(registry(), "sha256:" + first.sha256.substr(0, 8));
  ASSERT_TRUE(digest.ok()) << digest.status().message();
  EXPECT_EQ(digest->Name(), "kws@1");
  EXPECT_EQ(digest->target_isa, "ref");
  EXPECT_EQ(digest->kernel_version, testing::KernelVersionText());
}

TEST_F(ResolveTest, AmbiguousDigestPrefixListsTheCandidates) {
  PushTiny(3, "kws");
  const std::string twin_a = "abcdef01" + std::string(56, '1');
  const std::string twin_b = "abcdef01" + std::string(56, '2');
  ASSERT_TRUE(registry()
                  .db()
                  .Exec("INSERT INTO artifacts (sha256, size_bytes, format_major, format_minor, "
                        "producer, model_name, source_model_name, source_model_sha256, "
                        "kernel_major, kernel_minor, kernel_patch, kernel_version, target_isa, "
                        "target_cpu, operator_count, pool_count, planned_bytes, scratch_bytes, "
                        "plan_algorithm, lower_bound_bytes) SELECT column1, 1, 1, 0, '', '', '', "
                        "'', 1, 0, 0, '1.0.0', 'ref', '', 0, 0, 0, 0, '', 0 FROM (VALUES ('" +
                        twin_a + "'), ('" + twin_b + "'))")
                  .ok());
  auto resolved = Resolve(registry(), "sha256:abcdef01");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().code(), ErrorCode::kInvalidArgument);
  const std::string message = resolved.status().message();
  EXPECT_NE(message.find("more than one"), std::string::npos) << message;
  EXPECT_NE(message.find("sha256:abcdef0111111111"), std::string::npos) << message;
  EXPECT_NE(message.find("sha256:abcdef0122222222"), std::string::npos) << message;
  EXPECT_TRUE(Resolve(registry(), "sha256:abcdef012").ok());  // one more digit settles it
}

TEST_F(ResolveTest, UnknownModelSuggestsNearNames) {
  PushTiny(3, "kws");
  PushTiny(4, "vision");
  auto resolved = Resolve(registry(), "kwz@2");
  ASSERT_FALSE(resolved.ok());
  EXPECT_EQ(resolved.status().code(), ErrorCode::kNotFound);
  const std::string message = resolved.status().message();
  EXPECT_NE(message.find("no model 'kwz'"), std::string::npos) << message;
  EXPECT_NE(message.find("(did you mean kws?)"), std::string::npos) << message;
}

TEST_F(ResolveTest, UnknownVersionNamesTheRangeAndRemovedOnesSaySo) {
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  PushTiny(5, "kws");
  auto missing = Resolve(registry(), "kws@9");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(std::string(missing.status().message()).find("versions are 1..3"), std::string::npos)
      << missing.status().message();
  ASSERT_TRUE(registry().db().Exec("DELETE FROM versions WHERE version = 2").ok());
  auto removed = Resolve(registry(), "kws@2");
  EXPECT_NE(std::string(removed.status().message()).find("was removed"), std::string::npos);
}

TEST_F(ResolveTest, UnknownAliasListsTheModelsAliases) {
  PushTiny(3, "kws", "prod");
  PushTiny(4, "kws", "canary");
  auto resolved = Resolve(registry(), "kws@prd");
  ASSERT_FALSE(resolved.ok());
  const std::string message = resolved.status().message();
  EXPECT_NE(message.find("aliases: canary, prod"), std::string::npos) << message;
  EXPECT_NE(message.find("(did you mean prod?)"), std::string::npos) << message;
}

TEST_F(ResolveTest, UnknownDigestIsNotFound) {
  PushTiny(3, "kws");
  auto resolved = Resolve(registry(), "sha256:0000000000");
  EXPECT_EQ(resolved.status().code(), ErrorCode::kNotFound);
}

}  // namespace
}  // namespace arenastore::store
