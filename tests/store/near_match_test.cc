#include "store/near_match.h"

#include <gtest/gtest.h>

namespace arenastore::store {
namespace {

TEST(EditDistance, CountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(EditDistance("kws", "kws"), 0u);
  EXPECT_EQ(EditDistance("kws", "kwz"), 1u);
  EXPECT_EQ(EditDistance("kws", "kw"), 1u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
}

TEST(NearMatches, ReturnsCloseNamesNearestFirstAndPrefixesFirstOfAll) {
  const std::vector<std::string> names = {"vision", "kws", "kws-large", "resnet8", "kwx"};
  EXPECT_EQ(NearMatches("kw", names), (std::vector<std::string>{"kws", "kws-large", "kwx"}));
  EXPECT_EQ(NearMatches("resnt8", names), (std::vector<std::string>{"resnet8"}));
  EXPECT_TRUE(NearMatches("mobilenet", names).empty());
}

TEST(DidYouMean, JoinsWithCommasAndOr) {
  EXPECT_EQ(DidYouMean({}), "");
  EXPECT_EQ(DidYouMean({"kws"}), " (did you mean kws?)");
  EXPECT_EQ(DidYouMean({"a", "b", "c"}), " (did you mean a, b or c?)");
}

}  // namespace
}  // namespace arenastore::store
