// Specifications of the one pool spelling (store/pool_text.h) shared by --pool and the fleet CSV.
#include "store/pool_text.h"

#include <gtest/gtest.h>

#include "store/fleet_class.h"

namespace arenastore::store {
namespace {

TEST(PoolText, ColonAndEqualsSpellTheSamePool) {
  auto colon = ParsePoolText("sram:256K");
  auto equals = ParsePoolText("sram=256K");
  ASSERT_TRUE(colon.ok() && equals.ok());
  EXPECT_EQ(colon->name, equals->name);
  EXPECT_EQ(colon->bytes, 256u * 1024);
  EXPECT_EQ(equals->bytes, 256u * 1024);
}

TEST(PoolText, SizesTakeBytesKKiBMAndMiB) {
  const std::pair<const char*, uint64_t> cases[] = {
      {"a:4096", 4096},   {"a:4K", 4096},       {"a:4k", 4096},   {"a:4KiB", 4096},
      {"a:2M", 2u << 20}, {"a:2MiB", 2u << 20}, {"a=1024", 1024}, {"a=3m", 3u << 20}};
  for (const auto& [text, bytes] : cases) {
    auto pool = ParsePoolText(text);
    ASSERT_TRUE(pool.ok()) << text << ": " << pool.status().message();
    EXPECT_EQ(pool->bytes, bytes) << text;
  }
}

TEST(PoolText, BadSizesAndNamesAreRefusedNamingTheText) {
  for (const char* text : {"sram", "sram:", "sram:0", "sram:12Q", ":4K", "=4K", "sr am:4K",
                           "sram:4G", "sram:99999999999999999999", "sram:-4K"}) {
    auto pool = ParsePoolText(text);
    ASSERT_FALSE(pool.ok()) << text;
    EXPECT_EQ(pool.status().code(), ErrorCode::kInvalidArgument) << text;
    EXPECT_NE(std::string(pool.status().message()).find(text), std::string::npos)
        << pool.status().message();
  }
}

TEST(PoolText, AKindIsIoOrWorkspace) {
  auto io = ParsePoolText("io:4K:io");
  ASSERT_TRUE(io.ok());
  EXPECT_EQ(io->kind, planner::PoolKind::kIo);
  EXPECT_TRUE(io->kind_given);
  EXPECT_FALSE(ParsePoolText("io:4K:flash").ok());
}

TEST(PoolText, AnOptionListNamingAPoolTwiceIsRefused) {
  auto pools = ParsePoolOptions({"sram:64K", "dtcm=16K", "sram:32K"});
  ASSERT_FALSE(pools.ok());
  EXPECT_NE(std::string(pools.status().message()).find("given twice"), std::string::npos)
      << pools.status().message();
  auto fine = ParsePoolOptions({"dtcm:16K", "sram=64K"});
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(fine->at(0).name, "dtcm") << "the order given is the preference order";
}

TEST(PoolText, TheFleetCsvTakesTheSameSpellingsButNoKind) {
  auto pools = ParsePoolCapacities("sram:256K;dtcm=64KiB");
  ASSERT_TRUE(pools.ok()) << pools.status().message();
  EXPECT_EQ(CanonicalPools(*pools), "dtcm=65536;sram=262144");
  EXPECT_FALSE(ParsePoolCapacities("sram=256K:io").ok());
  EXPECT_FALSE(ParsePoolCapacities("sram=1K;sram:2K").ok());
}

}  // namespace
}  // namespace arenastore::store
