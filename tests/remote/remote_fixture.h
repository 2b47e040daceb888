// The remote tests' fixture: a scratch directory, a test registry (registry_process.h), the
// CLI run as a user would (with its own credentials file, docker config and HOME inside the
// scratch directory, fast retry backoff, optional standard input), and stores filled in
// process with tiny artifacts, aliases and signatures. Skips, printing why, where the
// docker-registry package is missing. Header-only.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "store/aliases.h"
#include "store/push.h"
#include "store/registry.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/remote/registry_process.h"
#include "tests/store/process_support.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store::remote::testing {

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
  // The one JSON document a --json verb prints (null when stdout is not exactly one).
  nlohmann::json Json() const {
    return nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
  }
};

using store::testing::ReadFile;

class RemoteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(kRegistryBinary, X_OK) != 0) {
      GTEST_SKIP() << kRegistryBinary
                   << " is not installed (Debian package docker-registry; "
                      "scripts/install_deps.sh installs it): no registry to test against";
    }
    std::filesystem::create_directories(dir_.path() / "home");
  }

  std::string File(const std::string& name) const { return dir_.File(name); }
  std::string Db(const std::string& name) const { return dir_.File(name + ".db"); }

  RegistryProcess& StartRegistry(RegistryOptions options = {}) {
    registry_ = std::make_unique<RegistryProcess>(dir_.path() / "registry", std::move(options));
    const bool started = registry_->Start();
    EXPECT_TRUE(started) << "docker-registry did not start:\n" << registry_->Log();
    return *registry_;
  }
  RegistryProcess& registry() { return *registry_; }

  // Runs the CLI; `input` becomes its standard input.
  CliRun Cli(const std::vector<std::string>& args, const std::string& input = "",
             const std::vector<std::string>& extra_environment = {}) const {
    std::string prefix;
    const pid_t pid = SpawnCli(args, input, extra_environment, &prefix);
    return CollectCli(pid, prefix);
  }

  // Starts the CLI without waiting (for concurrent runs); CollectCli waits and reads it.
  pid_t SpawnCli(const std::vector<std::string>& args, const std::string& input,
                 const std::vector<std::string>& extra_environment, std::string* prefix) const {
    static int counter = 0;
    *prefix = dir_.File("cli" + std::to_string(counter++));
    { std::ofstream(*prefix + ".in") << input; }
    std::vector<std::string> environment = Environment();
    environment.insert(environment.end(), extra_environment.begin(), extra_environment.end());
    return store::testing::SpawnCli(args, *prefix, environment, *prefix + ".in");
  }

  static CliRun CollectCli(pid_t pid, const std::string& prefix) {
    const store::testing::CliRun run = store::testing::CollectCli(pid, prefix);
    return {run.exit_code, run.out, run.err};
  }

  // Nothing of the developer's own credentials or docker config reaches the CLI.
  std::vector<std::string> Environment() const {
    return {"ARENASTORE_CREDENTIALS=" + dir_.File("credentials.json"),
            "DOCKER_CONFIG=" + dir_.File("docker"),
            "HOME=" + (dir_.path() / "home").string(),
            "XDG_CONFIG_HOME=",
            "ARENASTORE_REMOTE_BACKOFF_MS=10",
            "ARENASTORE_REMOTE_ATTEMPTS=3",
            "ARENASTORE_DB="};
  }

  // Versions 1..depths.size() of `model` in store `db` (one tiny artifact each).
  void PushVersions(const std::string& db, const std::string& model,
                    const std::vector<int32_t>& depths, const std::string& last_alias = "") {
    auto registry = store::Registry::Open(db);
    ASSERT_TRUE(registry.ok()) << registry.status().message();
    for (size_t i = 0; i < depths.size(); ++i) {
      const std::string alias = i + 1 == depths.size() ? last_alias : "";
      auto pushed = store::Push(*registry, store::testing::TinyArtifact(depths[i]),
                                {model, alias, "note " + std::to_string(i + 1), ""});
      ASSERT_TRUE(pushed.ok()) << pushed.status().message();
    }
  }

  // Signs `reference` in `db` with a new key; returns the key pair (trust it elsewhere).
  store::KeyPair Sign(const std::string& db, const std::string& reference) {
    auto key = store::GenerateKeyPair();
    EXPECT_TRUE(key.ok());
    auto registry = store::Registry::Open(db);
    EXPECT_TRUE(registry.ok());
    auto signed_version = store::SignVersion(*registry, reference, key->private_pem);
    EXPECT_TRUE(signed_version.ok()) << signed_version.status().message();
    return *key;
  }

  void Trust(const std::string& db, const store::KeyPair& key) {
    auto registry = store::Registry::Open(db);
    ASSERT_TRUE(registry.ok());
    ASSERT_TRUE(store::TrustKey(*registry, "release", key.public_key).ok());
  }

  // The whole store as text, for "unchanged" checks (schema + every row).
  std::string Dump(const std::string& db) {
    store::Database opened = store::testing::OpenOrDie(db);
    return store::testing::DumpDatabase(opened);
  }

  // `remote add NAME URL` in `db`; extra flags after.
  void AddRemote(const std::string& db, const std::string& name, const std::string& url,
                 const std::vector<std::string>& flags = {}) {
    std::vector<std::string> args = {"remote", "add", name, url, "--db", db};
    args.insert(args.end(), flags.begin(), flags.end());
    const CliRun run = Cli(args);
    ASSERT_EQ(run.exit_code, 0) << run.err;
  }

  store::testing::ScratchDir dir_;
  std::unique_ptr<RegistryProcess> registry_;
};

// Error JSON's code, "" when the document has none.
inline std::string ErrorCodeOf(const CliRun& run) {
  const nlohmann::json json = run.Json();
  if (!json.is_object() || !json.contains("error")) return "";
  return json["error"].value("code", "");
}

inline std::string ErrorMessageOf(const CliRun& run) {
  const nlohmann::json json = run.Json();
  if (!json.is_object() || !json.contains("error")) return run.err;
  return json["error"].value("message", "");
}

}  // namespace arenastore::store::remote::testing
