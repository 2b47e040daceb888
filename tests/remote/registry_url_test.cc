#include "store/remote/registry_url.h"

#include <gtest/gtest.h>

#include <string>

namespace arenastore::store::remote {
namespace {

TEST(RegistryUrl, SplitsOriginAndNamespaceAndNamesRepositories) {
  auto url = ParseRegistryUrl("https://registry.example.com:5000/team/models/");
  ASSERT_TRUE(url.ok()) << url.status().message();
  EXPECT_EQ(url->Origin(), "https://registry.example.com:5000");
  EXPECT_EQ(url->host, "registry.example.com");
  EXPECT_EQ(url->name_space, "team/models");
  EXPECT_EQ(url->Repository("kws"), "team/models/kws");
  EXPECT_EQ(ParseRegistryUrl("http://[::1]:5000")->host, "::1");
  EXPECT_EQ(ParseRegistryUrl("https://r.example.com")->Repository("kws"), "kws");
}

TEST(RegistryUrl, RefusesOtherSchemesQueriesAndUppercaseNamespaces) {
  EXPECT_EQ(ParseRegistryUrl("ftp://r.example.com").status().code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(ParseRegistryUrl("r.example.com/team").status().code(), ErrorCode::kInvalidArgument);
  EXPECT_FALSE(ParseRegistryUrl("https://r.example.com/team?x=1").ok());
  EXPECT_FALSE(ParseRegistryUrl("https://r.example.com/Team").ok());
  EXPECT_FALSE(ParseRegistryUrl("https://user@r.example.com/team").ok());
}

TEST(RegistryUrl, RefusalQuotesAtMost200CharactersOfTheUrl) {
  // "%.200s": a pasted wall of text is quoted, not printed whole (nor as "%.200s", issue 33).
  const std::string url = "ftp://r.example.com/" + std::string(300, 'a');
  const Status refused = ParseRegistryUrl(url).status();
  const std::string message = refused.message();
  EXPECT_EQ(message.find('%'), std::string::npos) << message;
  EXPECT_NE(message.find("remote URL '" + url.substr(0, 200) + "' must start with https://"),
            std::string::npos)
      << message;
  const std::string component(150, 'B');
  const std::string message2 =
      ParseRegistryUrl("https://r.example.com/" + component).status().message();
  EXPECT_NE(message2.find("namespace component '" + component.substr(0, 100) + "' must be"),
            std::string::npos)
      << message2;
}

TEST(RegistryUrl, RepositoryComponentsFollowTheDistributionGrammar) {
  for (const char* good : {"kws", "ds-cnn", "mobilenet_v1", "a__b", "v1.2", "a--b"}) {
    EXPECT_TRUE(IsRepositoryComponent(good)) << good;
  }
  for (const char* bad : {"", "Kws", "-kws", "kws-", "a..b", "a___b", "a_-b", "a/b"}) {
    EXPECT_FALSE(IsRepositoryComponent(bad)) << bad;
  }
}

TEST(RegistryUrl, LoopbackIsOnlyLocalhostAnd127And1) {
  EXPECT_TRUE(IsLoopbackHost("127.0.0.1"));
  EXPECT_TRUE(IsLoopbackHost("127.5.0.9"));
  EXPECT_TRUE(IsLoopbackHost("::1"));
  EXPECT_TRUE(IsLoopbackHost("localhost"));
  EXPECT_FALSE(IsLoopbackHost("10.0.0.1"));
  EXPECT_FALSE(IsLoopbackHost("localhost.example.com"));
}

TEST(RegistryUrl, LocationsAndQueriesAreMadeAbsoluteAndEncoded) {
  EXPECT_EQ(AbsoluteLocation("http://h:1", "/v2/a/blobs/uploads/x?s=1"),
            "http://h:1/v2/a/blobs/uploads/x?s=1");
  EXPECT_EQ(AbsoluteLocation("http://h:1", "https://other/x"), "https://other/x");
  EXPECT_EQ(WithQuery("http://h/u?_state=a", "digest", "sha256:ab"),
            "http://h/u?_state=a&digest=sha256%3Aab");
  EXPECT_EQ(PercentEncode("repository:team/kws:pull,push"),
            "repository%3Ateam%2Fkws%3Apull%2Cpush");
}

}  // namespace
}  // namespace arenastore::store::remote
