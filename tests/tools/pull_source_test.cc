// pull's argument refusals quote the argument with "%.*s" straight from its string_view: the
// quote must be the argument, whole, and nothing after it (issue 33: Format did not know
// precisions, so "%.*s" printed itself and the arguments after it went astray).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "tools/remote_verbs.h"

namespace arenastore::cli {
namespace {

TEST(PullSource, AFileNameIsRefusedQuotingExactlyTheArgument) {
  // The view ends before " and more": the message must stop there too.
  const std::string text = "kws.arena and more";
  const std::string_view argument(text.data(), 9);
  auto refused = ClassifyPullSource(argument);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kInvalidArgument);
  const std::string message = refused.status().message();
  EXPECT_EQ(message.find('%'), std::string::npos) << message;
  EXPECT_EQ(message.find("and more"), std::string::npos) << message;
  EXPECT_EQ(message.rfind("'kws.arena' is a file's name", 0), 0u) << message;
  EXPECT_NE(message.find("`arenastore push kws.arena`"), std::string::npos) << message;
}

TEST(PullSource, APathIsRefusedQuotingExactlyTheArgument) {
  const std::string text = "./models/kws|tail";
  auto refused = ClassifyPullSource(std::string_view(text.data(), 12));
  ASSERT_FALSE(refused.ok());
  const std::string message = refused.status().message();
  EXPECT_EQ(message.find('%'), std::string::npos) << message;
  EXPECT_EQ(message.rfind("'./models/kws' is neither a store reference", 0), 0u) << message;
}

TEST(PullSource, RemoteModelsAndStoreReferencesAreAccepted) {
  const auto remote = ClassifyPullSource("hub/kws@prod");
  ASSERT_TRUE(remote.ok()) << remote.status().message();
  EXPECT_EQ(remote.value(), PullSource::kRemote);
  const auto store = ClassifyPullSource("kws@3");
  ASSERT_TRUE(store.ok()) << store.status().message();
  EXPECT_EQ(store.value(), PullSource::kStore);
}

}  // namespace
}  // namespace arenastore::cli
