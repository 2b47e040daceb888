#include "store/remote/credentials.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include "store/remote/base64.h"
#include "tests/store/store_test_support.h"

namespace arenastore::store::remote {
namespace {

class CredentialsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("ARENASTORE_CREDENTIALS", dir_.File("own.json").c_str(), 1);
    setenv("DOCKER_CONFIG", dir_.File("docker").c_str(), 1);
    std::filesystem::create_directories(dir_.File("docker"));
  }
  void TearDown() override {
    unsetenv("ARENASTORE_CREDENTIALS");
    unsetenv("DOCKER_CONFIG");
  }
  void WriteDocker(const std::string& json) {
    std::ofstream(dir_.File("docker") + "/config.json") << json;
  }
  store::testing::ScratchDir dir_;
};

TEST_F(CredentialsTest, DockerAuthsAreReadByHostWhetherKeyedAsUrlOrHost) {
  WriteDocker(R"({"auths": {"https://r.example.com:5000/v1/": {"auth": ")" +
              EncodeBase64("ci:pw:with:colons") +
              R"("}, "other.example.com": {"username": "u", "password": "p"}}})");
  auto found = LookupCredentials("r.example.com:5000");
  ASSERT_TRUE(found.ok()) << found.status().message();
  EXPECT_EQ(found->username, "ci");
  EXPECT_EQ(found->password, "pw:with:colons");
  EXPECT_EQ(LookupCredentials("other.example.com")->username, "u");
  EXPECT_TRUE(LookupCredentials("nowhere.example.com")->empty());
}

TEST_F(CredentialsTest, SavedCredentialsComeFirstAreMode0600AndCanBeForgotten) {
  WriteDocker(R"({"auths": {"r.example.com": {"username": "docker", "password": "d"}}})");
  ASSERT_TRUE(SaveCredentials("r.example.com", {"ci", "s3cret"}).ok());
  struct stat info {};
  ASSERT_EQ(stat(dir_.File("own.json").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  EXPECT_EQ(LookupCredentials("r.example.com")->username, "ci");
  ASSERT_TRUE(SaveCredentials("s.example.com", {"x", "y"}).ok());  // keeps the first entry
  EXPECT_EQ(LookupCredentials("r.example.com")->password, "s3cret");
  EXPECT_TRUE(*ForgetCredentials("r.example.com"));
  EXPECT_FALSE(*ForgetCredentials("r.example.com"));
  EXPECT_EQ(LookupCredentials("r.example.com")->username, "docker");
}

TEST_F(CredentialsTest, AMalformedFileIsAnErrorNamingIt) {
  WriteDocker("not json");
  auto refused = LookupCredentials("r.example.com");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(refused.status().message()).find("config.json"), std::string::npos);
  WriteDocker(R"({"auths": {"r.example.com": {"auth": "!!!!"}}})");
  EXPECT_FALSE(LookupCredentials("r.example.com").ok());
}

}  // namespace
}  // namespace arenastore::store::remote
