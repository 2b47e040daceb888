#include "store/remote/registry_auth.h"

#include <gtest/gtest.h>

#include "store/remote/base64.h"

namespace arenastore::store::remote {
namespace {

TEST(RegistryAuth, ParsesABearerChallengeWithQuotedCommasAndEscapes) {
  auto challenge = ParseChallenge(
      R"(Bearer realm="https://auth.example.com/token",service="registry.example.com",)"
      R"(scope="repository:team/kws:pull,push",error="insufficient_scope")");
  ASSERT_TRUE(challenge.ok());
  EXPECT_EQ(challenge->scheme, "bearer");
  EXPECT_EQ(challenge->params.at("realm"), "https://auth.example.com/token");
  EXPECT_EQ(challenge->params.at("service"), "registry.example.com");
  EXPECT_EQ(challenge->params.at("scope"), "repository:team/kws:pull,push");
  EXPECT_EQ(challenge->params.at("error"), "insufficient_scope");
  EXPECT_EQ(ParseChallenge(R"(Basic realm="a \"b\"")")->params.at("realm"), "a \"b\"");
  EXPECT_EQ(ParseChallenge("basic realm=plain")->params.at("realm"), "plain");
}

TEST(RegistryAuth, A401WithoutChallengeIsAnAuthError) {
  EXPECT_EQ(ParseChallenge("").status().code(), ErrorCode::kRemoteAuth);
}

TEST(RegistryAuth, BasicIsSentOnlyAfterTheRegistryAsksAndRefusedCredentialsStopThere) {
  auto transport = HttpTransport::Create({});
  ASSERT_TRUE(transport.ok());
  RegistryAuth auth({"ci", "pw"}, false);
  EXPECT_EQ(auth.HeaderFor("repository:a:pull"), "");
  HttpResponse unauthorized;
  unauthorized.status = 401;
  unauthorized.headers = {{"www-authenticate", "Basic realm=\"r\""}};
  ASSERT_TRUE(auth.Answer(unauthorized, "repository:a:pull", *transport).ok());
  EXPECT_EQ(auth.HeaderFor("repository:a:pull"), "Authorization: Basic " + EncodeBase64("ci:pw"));
  EXPECT_EQ(auth.Answer(unauthorized, "repository:a:pull", *transport).code(),
            ErrorCode::kRemoteAuth);
  RegistryAuth anonymous({}, false);
  EXPECT_EQ(anonymous.Answer(unauthorized, "x", *transport).code(), ErrorCode::kRemoteAuth);
}

TEST(RegistryAuth, CredentialsAreNotSentToAPlainHttpTokenRealmBeyondLoopback) {
  auto transport = HttpTransport::Create({});
  ASSERT_TRUE(transport.ok());
  RegistryAuth auth({"ci", "pw"}, /*allow_plain_http=*/false);
  HttpResponse unauthorized;
  unauthorized.status = 401;
  unauthorized.headers = {
      {"www-authenticate", "Bearer realm=\"http://auth.example.com/token\",service=\"r\""}};
  const Status refused = auth.Answer(unauthorized, "repository:a:pull", *transport);
  EXPECT_EQ(refused.code(), ErrorCode::kRemoteAuth);
  EXPECT_NE(std::string(refused.message()).find("--insecure"), std::string::npos);
  EXPECT_EQ(transport->stats().requests, 0);
}

TEST(Base64, RoundTripsAndRefusesWhatIsNotBase64) {
  for (const std::string text : {"", "a", "ab", "abc", "ci:s3cret-Passw0rd"}) {
    EXPECT_EQ(*DecodeBase64(EncodeBase64(text)), text);
  }
  EXPECT_EQ(EncodeBase64("ci:pw"), "Y2k6cHc=");
  EXPECT_FALSE(DecodeBase64("abc").ok());
  EXPECT_FALSE(DecodeBase64("a*c=").ok());
}

}  // namespace
}  // namespace arenastore::store::remote
