#include "store/show.h"

#include <gtest/gtest.h>

#include "runtime/artifact_view.h"
#include "store/aliases.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class ShowTest : public testing::RegistryTest {};

TEST_F(ShowTest, ReportsMetadataOperatorsPoolsAndAliasesFromTheIndex) {
  const std::vector<uint8_t> bytes = testing::TinyArtifact(6, "tiny", kernels::Isa::kArmDsp);
  ASSERT_TRUE(Push(registry(), bytes, {"kws", "prod", "first cut", ""}).ok());
  auto details = Show(registry(), "kws@prod");
  ASSERT_TRUE(details.ok()) << details.status().message();
  EXPECT_EQ(details->version.Name(), "kws@1");
  EXPECT_EQ(details->note, "first cut");
  EXPECT_EQ(details->aliases, std::vector<std::string>{"prod"});
  EXPECT_EQ(details->metadata.target_isa, "arm_dsp");
  EXPECT_EQ(details->metadata.model_name, "tiny");
  EXPECT_EQ(details->metadata.format_major, 1u);
  EXPECT_FALSE(details->metadata.producer.empty());
  EXPECT_FALSE(details->pushed_at.empty());

  auto expected = ReadArtifactMetadata(bytes);
  ASSERT_TRUE(expected.ok());
  ASSERT_EQ(details->metadata.operators.size(), expected->operators.size());
  for (size_t i = 0; i < expected->operators.size(); ++i) {
    EXPECT_EQ(details->metadata.operators[i].kind, expected->operators[i].kind);
    EXPECT_EQ(details->metadata.operators[i].scratch_bytes, expected->operators[i].scratch_bytes);
  }
  ASSERT_EQ(details->metadata.pools.size(), expected->pools.size());
  EXPECT_EQ(details->metadata.pools[0].planned_bytes, expected->pools[0].planned_bytes);
  EXPECT_EQ(details->metadata.planned_bytes, expected->planned_bytes);
  EXPECT_EQ(details->metadata.scratch_bytes, expected->scratch_bytes);
  EXPECT_EQ(details->metadata.plan_algorithm, expected->plan_algorithm);
}

TEST_F(ShowTest, IncludesAliasHistorySameBytesAndLineage) {
  PushTiny(3, "kws", "prod");
  PushTiny(4, "kws");
  ASSERT_TRUE(SetAlias(registry(), "kws", "prod", 2).ok());
  PushTiny(3, "kws-mirror");
  auto details = Show(registry(), "kws@1");
  ASSERT_TRUE(details.ok());
  EXPECT_TRUE(details->aliases.empty());
  ASSERT_EQ(details->alias_history.size(), 2u);
  EXPECT_EQ(details->alias_history[0].new_version, 1);
  EXPECT_EQ(details->alias_history[1].old_version, 1);
  EXPECT_EQ(details->alias_history[1].new_version, 2);
  EXPECT_EQ(details->same_bytes_as, std::vector<std::string>{"kws-mirror@1"});
}

TEST_F(ShowTest, UnknownReferenceIsNotFound) {
  PushTiny(3, "kws");
  EXPECT_EQ(Show(registry(), "kws@7").status().code(), ErrorCode::kNotFound);
}

}  // namespace
}  // namespace arenastore::store
