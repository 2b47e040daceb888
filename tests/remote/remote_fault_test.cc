// Faults between the CLI and a real registry: a loopback proxy (loopback_proxy.h) that kills
// the registry mid-transfer, corrupts or truncates what it serves, answers in its place
// (401/403/404/413/429, a bearer token service, looping pages), and crafted registry content.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <mutex>

#include "store/remote/artifact_manifest.h"
#include "store/remote/base64.h"
#include "store/remote/oci_client.h"
#include "tests/remote/loopback_proxy.h"
#include "tests/remote/remote_fixture.h"

namespace arenastore::store::remote::testing {
namespace {

// What the proxy served in place of a blob, and what the registry had (the bytes asked for).
struct ServedBlob {
  std::mutex mutex;
  std::string asked;
  std::string served;
};

class RemoteFault : public RemoteTest {
 protected:
  void SetUp() override {
    RemoteTest::SetUp();
    if (IsSkipped()) return;
    StartRegistry();
    proxy_ = std::make_unique<LoopbackProxy>(registry().port());
    url_ = "http://127.0.0.1:" + std::to_string(proxy_->port()) + "/team";
    AddRemote(Db("a"), "hub", url_);
    AddRemote(Db("b"), "hub", url_);
  }

  // kws@1..count in A, pushed to the remote; returns A's `ls --json` versions (newest first).
  nlohmann::json PushedModel(int count, bool signed_latest = false) {
    std::vector<int32_t> depths;
    for (int i = 0; i < count; ++i) depths.push_back(2 + i);
    PushVersions(Db("a"), "kws", depths, "prod");
    if (signed_latest) key_ = Sign(Db("a"), "kws");
    const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a")});
    EXPECT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
    proxy_->ClearRequests();
    return Cli({"ls", "kws", "--db", Db("a"), "--json"}).Json()["versions"];
  }

  // Serves serve(asked) in place of the blob `sha256` (as one complete, well-framed answer, so
  // only the client's own checks can catch it) and keeps both in *blob.
  void ServeBlobAs(const std::string& sha256, ServedBlob* blob,
                   std::function<std::string(const std::string& asked)> serve) {
    const std::string path = "/blobs/sha256:" + sha256;
    proxy_->SetHook([path, blob, serve](const ProxyRequest& request) {
      ProxyAction action;
      if (request.method == "GET" && request.target.find(path) != std::string::npos) {
        action.rewrite = [blob, serve](std::string& response) {
          std::lock_guard<std::mutex> lock(blob->mutex);
          blob->asked = response.substr(BodyStart(response));
          blob->served = serve(blob->asked);
          response = "HTTP/1.1 200 OK\r\nContent-Length: " +
                     std::to_string(blob->served.size()) +
                     "\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n" +
                     blob->served;
        };
      }
      return action;
    });
  }

  // A client straight to the registry (no proxy), for crafting content.
  OciClient Direct() {
    RemoteEndpoint endpoint;
    endpoint.name = "direct";
    endpoint.url = *ParseRegistryUrl(registry().Url("team"));
    auto client = OciClient::Create(endpoint, {}, {});
    EXPECT_TRUE(client.ok());
    return std::move(client.value());
  }

  std::unique_ptr<LoopbackProxy> proxy_;
  std::string url_;
  store::KeyPair key_;
};

std::span<const uint8_t> Bytes(const std::string& text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

// The refusal names the remote, the version, and the real sizes and digests on both sides:
// issue 33 printed "%.19s" verbatim and a pointer as the size asked for.
void ExpectRefusalNamesTheBytes(const std::string& message, ServedBlob& blob) {
  std::lock_guard<std::mutex> lock(blob.mutex);
  ASSERT_FALSE(blob.asked.empty()) << "the proxy never saw the blob";
  EXPECT_EQ(message.find('%'), std::string::npos) << message;
  EXPECT_NE(message.find("remote hub"), std::string::npos) << message;
  EXPECT_NE(message.find("kws@1"), std::string::npos) << message;
  EXPECT_NE(message.find("blob " + DigestOf(blob.asked).substr(0, 19) + " of team/kws"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("the bytes served (" + std::to_string(blob.served.size()) + " B, " +
                         DigestOf(blob.served).substr(0, 19) + ")"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("asked for (" + std::to_string(blob.asked.size()) + " B)"),
            std::string::npos)
      << message;
}

TEST_F(RemoteFault, PullRefusesBlobWhoseBytesDoNotMatchItsDigest) {
  const nlohmann::json versions = PushedModel(1);
  ServedBlob blob;
  ServeBlobAs(versions[0]["sha256"].get<std::string>(), &blob,
              [](std::string bytes) {
                bytes.back() ^= 0x01;
                return bytes;
              });
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 4) << pulled.out;
  EXPECT_EQ(ErrorCodeOf(pulled), "integrity");
  ExpectRefusalNamesTheBytes(ErrorMessageOf(pulled), blob);
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteFault, PullRefusesAShorterBlobNamingBothSizes) {
  const nlohmann::json versions = PushedModel(1);
  ServedBlob blob;
  ServeBlobAs(versions[0]["sha256"].get<std::string>(), &blob,
              [](const std::string& asked) { return asked.substr(0, asked.size() / 2); });
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 4) << pulled.out;
  EXPECT_EQ(ErrorCodeOf(pulled), "integrity");
  ExpectRefusalNamesTheBytes(ErrorMessageOf(pulled), blob);
  EXPECT_EQ(Dump(Db("b")), before);
}

// The right bytes with more after them: as damaged as a flipped byte, so exit 4, not a remote
// error (issue 34: it exited 1).
TEST_F(RemoteFault, PullRefusesABlobWithBytesAppendedAsIntegrity) {
  const nlohmann::json versions = PushedModel(1);
  ServedBlob blob;
  ServeBlobAs(versions[0]["sha256"].get<std::string>(), &blob,
              [](const std::string& asked) {
                return asked + "trailing bytes the registry added";
              });
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 4) << pulled.out;
  EXPECT_EQ(ErrorCodeOf(pulled), "integrity");
  const std::string message = ErrorMessageOf(pulled);
  std::lock_guard<std::mutex> lock(blob.mutex);
  ASSERT_FALSE(blob.asked.empty()) << "the proxy never saw the blob";
  EXPECT_NE(message.find("remote hub"), std::string::npos) << message;
  EXPECT_NE(message.find("kws@1"), std::string::npos) << message;
  EXPECT_NE(message.find("the bytes served (more than " + std::to_string(blob.asked.size()) + " B"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("asked for (" + std::to_string(blob.asked.size()) + " B)"),
            std::string::npos)
      << message;
  EXPECT_EQ(Dump(Db("b")), before);
}

// The config blob a pulled version's facts come from is fetched and checked like the artifact:
// a registry serving other bytes for it is refused (issue 33: pull never fetched it).
TEST_F(RemoteFault, PullRefusesAConfigWhoseBytesDoNotMatchItsDigestNamingBothSides) {
  PushedModel(1);
  OciClient direct = Direct();
  auto manifest = direct.FetchManifest("team/kws", "1");
  ASSERT_TRUE(manifest.ok() && manifest->has_value());
  auto parsed = ParseArtifactManifest((*manifest)->bytes, "kws:1");
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  ServedBlob blob;
  ServeBlobAs(std::string(DigestHex(parsed->config.digest)), &blob, [](std::string bytes) {
    const size_t note = bytes.find("note 1");
    if (note != std::string::npos) bytes[note] = 'N';  // still JSON, other bytes
    return bytes;
  });
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 4) << pulled.out;
  EXPECT_EQ(ErrorCodeOf(pulled), "integrity");
  const std::string message = ErrorMessageOf(pulled);
  EXPECT_NE(message.find("config " + parsed->config.digest.substr(0, 19) + " (" +
                         std::to_string(parsed->config.size_bytes) + " B) of kws@1"),
            std::string::npos)
      << message;
  ExpectRefusalNamesTheBytes(message, blob);
  EXPECT_EQ(Dump(Db("b")), before);
}

// A manifest whose digests all hold, pairing version 2's artifact with version 1's config.
TEST_F(RemoteFault, PullRefusesAConfigThatDescribesAnotherVersion) {
  PushedModel(2);
  OciClient direct = Direct();
  auto first = direct.FetchManifest("team/kws", "1");
  auto second = direct.FetchManifest("team/kws", "2");
  ASSERT_TRUE(first.ok() && first->has_value() && second.ok() && second->has_value());
  nlohmann::json crafted = nlohmann::json::parse((*second)->bytes);
  crafted["config"] = nlohmann::json::parse((*first)->bytes)["config"];
  const std::string bytes = crafted.dump();
  ASSERT_TRUE(direct.PutManifest("team/kws", "2", kImageManifestType, Bytes(bytes)).ok());
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@2", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 4) << pulled.out;
  EXPECT_EQ(ErrorCodeOf(pulled), "integrity");
  const std::string message = ErrorMessageOf(pulled);
  EXPECT_NE(message.find("describes kws@1"), std::string::npos) << message;
  EXPECT_NE(message.find("the manifest and the artifact are kws@2"), std::string::npos) << message;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteFault, RegistryKilledMidPushLeavesBothStoresConsistentAndARetryCompletes) {
  PushVersions(Db("a"), "kws", {2, 3, 4, 5, 6}, "prod");
  std::atomic<int> uploads{0};
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.method == "PUT" && request.target.find("/blobs/uploads/") != std::string::npos &&
        ++uploads == 5) {
      action.before_forward = [&] { registry().Kill(); };
    }
    return action;
  });
  const std::string a_before = Dump(Db("a"));
  const CliRun failed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  EXPECT_EQ(failed.exit_code, 1) << failed.out;
  EXPECT_NE(ErrorMessageOf(failed).find("remote hub"), std::string::npos) << failed.out;
  EXPECT_EQ(Dump(Db("a")), a_before);

  ASSERT_TRUE(registry().Start());
  proxy_->SetHook(nullptr);
  // What reached the remote is whole: every version tag listed pulls and verifies.
  const CliRun partial = Cli({"pull", "hub/kws", "--all", "--db", Db("c"), "--json"}, "", {});
  if (partial.exit_code != 0) {
    EXPECT_EQ(ErrorCodeOf(partial), "not_found") << partial.out;  // no version tag yet
  } else {
    EXPECT_LT(partial.Json()["pulled"].size(), 5u);
    EXPECT_EQ(Cli({"verify", "--db", Db("c")}).exit_code, 0);
  }
  const CliRun retried = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(retried.exit_code, 0) << retried.out << retried.err;
  const CliRun pulled = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"].size(), 5u);
  EXPECT_EQ(Cli({"verify", "--db", Db("b")}).exit_code, 0);
}

TEST_F(RemoteFault, RegistryKilledMidPullLeavesTheStoreUnchangedAndARetryCompletes) {
  PushedModel(5);
  std::atomic<int> downloads{0};
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.method == "GET" && request.target.find("/blobs/sha256:") != std::string::npos &&
        ++downloads == 3) {
      action.before_forward = [&] { registry().Kill(); };
    }
    return action;
  });
  const std::string before = Dump(Db("b"));
  const CliRun failed = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  EXPECT_EQ(failed.exit_code, 1) << failed.out;
  EXPECT_EQ(ErrorCodeOf(failed), "remote_unreachable") << failed.out;
  EXPECT_NE(ErrorMessageOf(failed).find("local store is unchanged"), std::string::npos);
  EXPECT_EQ(Dump(Db("b")), before);

  ASSERT_TRUE(registry().Start());
  proxy_->SetHook(nullptr);
  const CliRun retried = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(retried.exit_code, 0) << retried.out << retried.err;
  EXPECT_EQ(retried.Json()["pulled"].size(), 5u);
  EXPECT_EQ(Cli({"verify", "--db", Db("b")}).exit_code, 0);
}

TEST_F(RemoteFault, TwoProcessesPushingTheSameModelAtOnceBothSucceed) {
  PushVersions(Db("a"), "kws", {2, 3, 4, 5}, "prod");
  const store::KeyPair key = Sign(Db("a"), "kws@4");
  AddRemote(Db("a"), "direct", registry().Url("team"));
  std::string first_prefix;
  std::string second_prefix;
  const std::vector<std::string> args = {"push", "kws", "--remote", "direct", "--db", Db("a")};
  const pid_t first = SpawnCli(args, "", {}, &first_prefix);
  const pid_t second = SpawnCli(args, "", {}, &second_prefix);
  const CliRun one = CollectCli(first, first_prefix);
  const CliRun two = CollectCli(second, second_prefix);
  EXPECT_EQ(one.exit_code, 0) << one.out << one.err;
  EXPECT_EQ(two.exit_code, 0) << two.out << two.err;
  const CliRun pulled = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"].size(), 4u);
  EXPECT_EQ(pulled.Json()["pulled"][3]["signatures_added"], 1);
  const CliRun shown = Cli({"show", "kws@4", "--remote", "hub", "--db", Db("b"), "--json"});
  EXPECT_EQ(shown.Json()["signatures"].size(), 1u);  // listed once, not once per pusher
  Trust(Db("b"), key);
  EXPECT_EQ(Cli({"verify-signature", "kws@4", "--db", Db("b")}).exit_code, 0);
}

TEST_F(RemoteFault, ForbiddenNotFoundAndTooLargeAnswersNameTheRemoteReferenceAndRemedy) {
  PushVersions(Db("a"), "kws", {2});
  struct Case {
    std::string method;
    std::string target_part;
    std::string response;
    std::string code;
    std::string remedy;
  };
  // In push order, so each case meets the request it answers (no blob is there yet).
  const std::vector<Case> cases = {
      {"HEAD", "/blobs/", Response(401, "Unauthorized", ""), "remote_auth",
       "arenastore remote login hub"},
      {"POST", "/blobs/uploads/",
       Response(404, "Not Found", R"({"errors":[{"code":"NAME_UNKNOWN"}]})"), "not_found",
       "NAME_UNKNOWN"},
      {"PUT", "/blobs/uploads/", Response(413, "Payload Too Large", ""), "remote", "--chunk-bytes"},
      {"PUT", "/manifests/1", Response(403, "Forbidden", R"({"errors":[{"code":"DENIED"}]})"),
       "remote_auth", "arenastore remote login hub"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.method + " " + c.target_part);
    proxy_->SetHook([&](const ProxyRequest& request) {
      ProxyAction action;
      if (request.method == c.method && request.target.find(c.target_part) != std::string::npos) {
        action.respond = c.response;
      }
      return action;
    });
    const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
    EXPECT_EQ(pushed.exit_code, 1) << pushed.out;
    EXPECT_EQ(ErrorCodeOf(pushed), c.code) << pushed.out;
    EXPECT_NE(ErrorMessageOf(pushed).find("remote hub"), std::string::npos) << pushed.out;
    EXPECT_NE(ErrorMessageOf(pushed).find("kws@1"), std::string::npos) << pushed.out;
    EXPECT_NE(ErrorMessageOf(pushed).find(c.remedy), std::string::npos) << pushed.out;
  }
  proxy_->SetHook(nullptr);
  EXPECT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
}

TEST_F(RemoteFault, AManifestOfAnotherMediaTypeIsRefused) {
  OciClient direct = Direct();
  const std::string config = R"({"architecture":"amd64","os":"linux"})";
  const std::string layer = "not an artifact";
  ASSERT_TRUE(direct.PushBlob("team/kws", Bytes(config), DigestOf(config), {}, 0).ok());
  ASSERT_TRUE(direct.PushBlob("team/kws", Bytes(layer), DigestOf(layer), {}, 0).ok());
  const std::string manifest = nlohmann::json{
      {"schemaVersion", 2},
      {"mediaType", kImageManifestType},
      {"config",
       {{"mediaType", "application/vnd.oci.image.config.v1+json"},
        {"digest", DigestOf(config)},
        {"size", config.size()}}},
      {"layers",
       {{{"mediaType", "application/vnd.oci.image.layer.v1.tar"},
         {"digest", DigestOf(layer)},
         {"size", layer.size()}}}}}.dump();
  ASSERT_TRUE(direct.PutManifest("team/kws", "1", kImageManifestType, Bytes(manifest)).ok());
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 1) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("not an arenastore artifact"), std::string::npos)
      << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("remote hub"), std::string::npos) << pulled.out;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteFault, ATruncatedResponseIsAnErrorAndNothingIsStored) {
  const nlohmann::json versions = PushedModel(1);
  const std::string layer = "/blobs/sha256:" + versions[0]["sha256"].get<std::string>();
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.method == "GET" && request.target.find(layer) != std::string::npos) {
      action.rewrite = [](std::string& response) {
        const size_t body = BodyStart(response);
        response.resize(body + (response.size() - body) / 2);
      };
    }
    return action;
  });
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 1) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("truncated"), std::string::npos) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("remote hub"), std::string::npos) << pulled.out;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteFault, AnIndexLoopInTheReferrersTagIsRefused) {
  PushedModel(1);
  OciClient direct = Direct();
  const std::string subject = *direct.ResolveTag("team/kws", "1");
  // The referrers index of kws:1 names kws:1 itself as its signature: a reader following
  // referrers of referrers would go round forever.
  const std::string index = nlohmann::json{{"schemaVersion", 2},
                                           {"mediaType", kImageIndexType},
                                           {"manifests",
                                            {{{"mediaType", kImageManifestType},
                                              {"digest", subject},
                                              {"size", 100},
                                              {"artifactType", kSignatureType}}}}}
                                .dump();
  ASSERT_TRUE(
      direct.PutManifest("team/kws", ReferrersTag(subject), kImageIndexType, Bytes(index)).ok());
  const std::string before = Dump(Db("b"));
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 1) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("loop"), std::string::npos) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("sha256-"), std::string::npos) << pulled.out;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteFault, ReferrersPagesThatLinkBackAreRefused) {
  PushedModel(1);
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.target.find("/referrers/") != std::string::npos) {
      const std::string index = R"({"schemaVersion":2,"mediaType":")" +
                                std::string(kImageIndexType) + R"(","manifests":[]})";
      action.respond =
          Response(200, "OK", index, "Link: <" + request.target + ">; rel=\"next\"\r\n");
    }
    return action;
  });
  const CliRun pulled = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(pulled.exit_code, 1) << pulled.out;
  EXPECT_NE(ErrorMessageOf(pulled).find("loop"), std::string::npos) << pulled.out;
}

TEST_F(RemoteFault, TheBearerTokenChallengeIsAnsweredWithTheLoginCredentials) {
  PushVersions(Db("a"), "kws", {2});
  const std::string basic = "Basic " + EncodeBase64("ci:pw");
  const std::string realm = "http://127.0.0.1:" + std::to_string(proxy_->port()) + "/token";
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.target.rfind("/token", 0) == 0) {
      action.respond = request.Header("Authorization") == basic
                           ? Response(200, "OK", R"({"token":"T-1","expires_in":300})")
                           : Response(401, "Unauthorized", "");
    } else if (request.Header("Authorization") != "Bearer T-1") {
      action.respond = Response(401, "Unauthorized", "",
                                "WWW-Authenticate: Bearer realm=\"" + realm +
                                    "\",service=\"test-registry\",scope=\"repository:team/kws:"
                                    "pull,push\"\r\n");
    }
    return action;
  });
  const CliRun login =
      Cli({"remote", "login", "hub", "-u", "ci", "--password-stdin", "--db", Db("a")}, "pw\n");
  ASSERT_EQ(login.exit_code, 0) << login.out << login.err;
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a")});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  EXPECT_GE(proxy_->Count("GET", "/token?service=test-registry&scope=repository%3Ateam"), 1);
  // One token per scope, not one per request.
  EXPECT_LE(proxy_->Count("GET", "/token"), 4);
  const CliRun refused =
      Cli({"remote", "login", "hub", "-u", "ci", "--password-stdin", "--db", Db("a"), "--json"},
          "wrong\n");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(refused), "remote_auth");
}

TEST_F(RemoteFault, RateLimitedRequestsAreRetriedWithBackoffAndServerErrorsGiveUp) {
  PushVersions(Db("a"), "kws", {2});
  std::atomic<int> limited{0};
  proxy_->SetHook([&](const ProxyRequest& request) {
    ProxyAction action;
    if (request.method == "HEAD" && ++limited <= 2) {
      action.respond = Response(429, "Too Many Requests", "", "Retry-After: 0\r\n");
    }
    return action;
  });
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  EXPECT_EQ(pushed.Json()["requests"]["retries"], 2);
  proxy_->SetHook([&](const ProxyRequest&) {
    ProxyAction action;
    action.respond = Response(503, "Service Unavailable", "");
    return action;
  });
  const CliRun failed = Cli({"ls", "--remote", "hub", "kws", "--db", Db("a"), "--json"});
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_NE(ErrorMessageOf(failed).find("503"), std::string::npos) << failed.out;
  EXPECT_EQ(proxy_->Count("GET", "/tags/list"), 3);  // ARENASTORE_REMOTE_ATTEMPTS=3
}

}  // namespace
}  // namespace arenastore::store::remote::testing
