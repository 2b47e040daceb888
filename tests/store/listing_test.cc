#include "store/listing.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class ListingTest : public testing::RegistryTest {
 protected:
  std::string Names(const ListFilter& filter) {
    auto rows = ListVersions(registry(), filter);
    EXPECT_TRUE(rows.ok()) << rows.status().message();
    std::string names;
    if (!rows.ok()) return names;
    for (const VersionRow& row : rows->rows) {
      names += row.model + "@" + std::to_string(row.version) + " ";
    }
    return names;
  }
};

// Push times have millisecond resolution; pushes this close need a moment apart to be ordered.
void NextMillisecond() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

TEST_F(ListingTest, ListsNewestFirstAcrossModelsWithAliases) {
  PushTiny(3, "kws", "prod");
  NextMillisecond();
  PushTiny(4, "vision");
  NextMillisecond();
  PushTiny(5, "kws", "canary");
  EXPECT_EQ(Names({}), "kws@2 vision@1 kws@1 ") << "by push time, not by name";
  auto list = ListVersions(registry(), {"kws", "", "", 0});
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->rows.size(), 2u);
  EXPECT_EQ(list->total, 2);
  const std::vector<VersionRow>& rows = list->rows;
  EXPECT_EQ(rows[0].aliases, std::vector<std::string>{"canary"});
  EXPECT_EQ(rows[1].aliases, std::vector<std::string>{"prod"});
  EXPECT_EQ(rows[0].kernel_version, testing::KernelVersionText());
  EXPECT_EQ(rows[0].sha256.size(), 64u);
  EXPECT_GT(rows[0].planned_bytes, 0u);
}

TEST_F(ListingTest, FiltersByModelKernelVersionIsaAndLimit) {
  PushTiny(3, "kws", "", kernels::Isa::kRef);
  NextMillisecond();
  PushTiny(4, "kws", "", kernels::Isa::kArmMve);
  NextMillisecond();
  PushTiny(5, "vision", "", kernels::Isa::kArmMve);
  EXPECT_EQ(Names({"kws", "", "", 0}), "kws@2 kws@1 ");
  EXPECT_EQ(Names({"", "", "arm_mve", 0}), "vision@1 kws@2 ");
  EXPECT_EQ(Names({"kws", "", "ref", 0}), "kws@1 ");
  const std::string full = testing::KernelVersionText();            // e.g. 1.1.0
  const std::string major = full.substr(0, full.find('.'));         // 1
  const std::string major_minor = full.substr(0, full.rfind('.'));  // 1.1
  EXPECT_EQ(Names({"", full, "", 0}), "vision@1 kws@2 kws@1 ");
  EXPECT_EQ(Names({"", major, "", 0}), "vision@1 kws@2 kws@1 ");
  EXPECT_EQ(Names({"", major_minor, "", 0}), "vision@1 kws@2 kws@1 ");
  EXPECT_EQ(Names({"", major + "0", "", 0}), "");  // 10 is not a prefix match for 1.x
  EXPECT_EQ(Names({"", full + "9", "", 0}), "");
  EXPECT_EQ(Names({"", "99", "", 0}), "");
  EXPECT_EQ(Names({"", "", "", 2}), "vision@1 kws@2 ");
}

TEST_F(ListingTest, ALimitedListStillCountsEverythingThatMatched) {
  for (int32_t depth = 2; depth < 7; ++depth) PushTiny(depth, "kws");
  PushTiny(9, "vision", "", kernels::Isa::kArmMve);
  auto page = ListVersions(registry(), {"kws", "", "", 2});
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->rows.size(), 2u);
  EXPECT_EQ(page->rows[0].version, 5);
  EXPECT_EQ(page->total, 5);
  auto filtered = ListVersions(registry(), {"", "", "arm_mve", 1});
  ASSERT_TRUE(filtered.ok());
  EXPECT_EQ(filtered->total, 1);
  auto all = ListVersions(registry(), {"", "", "", 0});
  EXPECT_EQ(all->total, 6);
}

TEST_F(ListingTest, UnknownModelIsNotFoundWithSuggestions) {
  PushTiny(3, "kws");
  auto rows = ListVersions(registry(), {"kwz", "", "", 0});
  ASSERT_FALSE(rows.ok());
  EXPECT_EQ(rows.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(rows.status().message()).find("(did you mean kws?)"), std::string::npos);
}

}  // namespace
}  // namespace arenastore::store
