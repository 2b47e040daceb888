// End-to-end over TLS (a CA and certificate made here with OpenSSL, trusted through
// `remote add --ca-file`) with htpasswd basic auth on the registry.
#include <gtest/gtest.h>

#include <cstdio>

#include "store/remote/base64.h"
#include "tests/remote/remote_fixture.h"
#include "tests/remote/test_certificates.h"

namespace arenastore::store::remote::testing {
namespace {

constexpr const char* kUser = "ci";
constexpr const char* kPassword = "s3cret-Passw0rd";

// `htpasswd -Bbn USER PASSWORD`: the bcrypt line distribution's htpasswd auth reads.
std::string HtpasswdLine() {
  const std::string command =
      std::string(kHtpasswdBinary) + " -Bbn " + kUser + " " + kPassword + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string line;
  char buffer[256];
  while (fgets(buffer, sizeof(buffer), pipe) != nullptr) line += buffer;
  pclose(pipe);
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

class RemoteTls : public RemoteTest {
 protected:
  void SetUp() override {
    RemoteTest::SetUp();
    if (IsSkipped()) return;
    if (access(kHtpasswdBinary, X_OK) != 0) {
      GTEST_SKIP() << kHtpasswdBinary << " is not installed (Debian package apache2-utils)";
    }
    ASSERT_TRUE(MakeCertificates(dir_.path().string(), &certificates_));
    std::ofstream(File("htpasswd")) << HtpasswdLine() << "\n";
    StartRegistry({certificates_.server_certificate, certificates_.server_key, File("htpasswd")});
    url_ = registry().Url("team");
    PushVersions(Db("a"), "kws", {2, 3}, "prod");
    AddRemote(Db("a"), "hub", url_, {"--ca-file", certificates_.ca_certificate});
  }

  CliRun Login(const std::string& db, const std::string& password) {
    return Cli({"remote", "login", "hub", "-u", kUser, "--password-stdin", "--db", db, "--json"},
               password + "\n");
  }

  CertificateFiles certificates_;
  std::string url_;
};

TEST_F(RemoteTls, WithTheCaFileAndALoginPushAndPullWork) {
  const CliRun login = Login(Db("a"), kPassword);
  ASSERT_EQ(login.exit_code, 0) << login.out << login.err;
  EXPECT_EQ(login.Json()["username"], kUser);
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a")});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  AddRemote(Db("b"), "hub", url_, {"--ca-file", certificates_.ca_certificate});
  const CliRun pulled = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"].size(), 2u);
  EXPECT_EQ(Cli({"verify", "--db", Db("b")}).exit_code, 0);
}

TEST_F(RemoteTls, CredentialsFileIsPrivateAndHoldsNoPlainPassword) {
  ASSERT_EQ(Login(Db("a"), kPassword).exit_code, 0);
  struct stat info {};
  ASSERT_EQ(stat(File("credentials.json").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  EXPECT_EQ(ReadFile(File("credentials.json")).find(kPassword), std::string::npos);
  const CliRun logout = Cli({"remote", "logout", "hub", "--db", Db("a"), "--json"});
  EXPECT_EQ(logout.Json()["forgotten"], true);
}

TEST_F(RemoteTls, AWrongPasswordIsRefusedAtLoginAndNothingIsSaved) {
  const CliRun login = Login(Db("a"), "wrong");
  EXPECT_EQ(login.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(login), "remote_auth");
  EXPECT_NE(ErrorMessageOf(login).find("nothing saved"), std::string::npos) << login.out;
  EXPECT_FALSE(std::filesystem::exists(File("credentials.json")));
}

TEST_F(RemoteTls, WithoutCredentialsPushSaysToRunRemoteLogin) {
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  EXPECT_EQ(pushed.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(pushed), "remote_auth");
  EXPECT_NE(ErrorMessageOf(pushed).find("arenastore remote login hub"), std::string::npos)
      << pushed.out;
  EXPECT_NE(ErrorMessageOf(pushed).find("kws@1"), std::string::npos) << pushed.out;
}

TEST_F(RemoteTls, WithoutTheCaFileTheCertificateIsNotTrusted) {
  AddRemote(Db("b"), "hub", url_);
  const CliRun listed = Cli({"ls", "--remote", "hub", "kws", "--db", Db("b"), "--json"});
  EXPECT_EQ(listed.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(listed), "remote_unreachable");
  EXPECT_NE(ErrorMessageOf(listed).find("certificate"), std::string::npos) << listed.out;
}

TEST_F(RemoteTls, DockerConfigAuthsAreUsedWhenPresent) {
  std::filesystem::create_directories(File("docker"));
  const std::string auth = EncodeBase64(std::string(kUser) + ":" + kPassword);
  std::ofstream(File("docker") + "/config.json")
      << "{\"auths\": {\"https://127.0.0.1:" << registry().port() << "\": {\"auth\": \"" << auth
      << "\"}}}";
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a")});
  EXPECT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
}

TEST_F(RemoteTls, LoginTakesCredentialsFromADockerStyleFile) {
  std::ofstream(File("ci-auth.json"))
      << "{\"auths\": {\"127.0.0.1:" << registry().port() << "\": {\"username\": \"" << kUser
      << "\", \"password\": \"" << kPassword << "\"}}}";
  const CliRun login =
      Cli({"remote", "login", "hub", "--from-file", File("ci-auth.json"), "--db", Db("a")});
  ASSERT_EQ(login.exit_code, 0) << login.out << login.err;
  EXPECT_EQ(Cli({"push", "kws@1", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
}

}  // namespace
}  // namespace arenastore::store::remote::testing
