// Many processes writing one store at once: every push succeeds (writers wait for the lock,
// nobody sees "database is locked"), and version numbers stay unique and dense per model.
#include <gtest/gtest.h>

#include <fstream>

#include "store/push.h"
#include "store/verify.h"
#include "tests/store/process_support.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

using testing::ScratchDir;

constexpr int kProcesses = 8;
constexpr int kPushesEach = 50;

// Versions of `model` are exactly 1..count.
void ExpectDenseVersions(Registry& registry, const std::string& model, int count) {
  std::string expected;
  for (int version = 1; version <= count; ++version) expected += std::to_string(version) + "\n";
  EXPECT_EQ(testing::QueryText(registry.db().handle(),
                               "SELECT v.version FROM versions v JOIN models m ON m.id = "
                               "v.model_id WHERE m.name = '" +
                                   model + "' ORDER BY v.version"),
            expected)
      << model;
}

void ExpectIntactStore(const std::string& path, int versions_per_model) {
  auto registry = Registry::Open(path);
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  ExpectDenseVersions(*registry, "kws", versions_per_model);
  ExpectDenseVersions(*registry, "vision", versions_per_model);
  auto report = VerifyStore(*registry);
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_TRUE(report->ok());
  EXPECT_EQ(report->artifacts_checked, kProcesses * kPushesEach);
}

TEST(Concurrency, EightProcessesPushingFiftyArtifactsEachAllSucceedWithDenseVersions) {
  ScratchDir dir;
  const std::string path = dir.File("store.db");  // absent: the processes race to create it
  const auto artifacts = testing::DistinctArtifacts(kProcesses * kPushesEach);
  testing::StartGate gate;
  std::vector<pid_t> children;
  for (int process = 0; process < kProcesses; ++process) {
    children.push_back(testing::ForkChild([&, process] {
      gate.Wait();
      std::ofstream log(dir.File("child" + std::to_string(process) + ".err"));
      auto registry = Registry::Open(path);
      if (!registry.ok()) {
        log << "open: " << registry.status().message() << "\n";
        return 1;
      }
      for (int i = 0; i < kPushesEach; ++i) {
        // Alternate models so each model's numbering is contended by every process.
        const std::string model = i % 2 == 0 ? "kws" : "vision";
        auto pushed = Push(*registry, artifacts[process * kPushesEach + i], {model, "", "", ""});
        if (!pushed.ok()) {
          log << "push " << i << ": " << pushed.status().message() << "\n";
          return 2;
        }
      }
      return 0;
    }));
  }
  gate.Open();
  for (int process = 0; process < kProcesses; ++process) {
    EXPECT_EQ(testing::WaitChild(children[process]), 0)
        << testing::ReadFile(dir.File("child" + std::to_string(process) + ".err"));
  }
  ExpectIntactStore(path, kProcesses * kPushesEach / 2);
}

TEST(Concurrency, EightCliPushesOfFiftyFilesEachAtOnceAllSucceed) {
  ScratchDir dir;
  const std::string path = dir.File("store.db");
  for (int process = 0; process < kProcesses; ++process) {
    const std::string folder = dir.File("files" + std::to_string(process));
    std::filesystem::create_directories(folder);
    for (int i = 0; i < kPushesEach; ++i) {
      // The model name recorded in each artifact alternates, so `push DIR` fills both models.
      const std::vector<uint8_t> bytes =
          testing::TinyArtifact(2 + process * kPushesEach + i, i % 2 == 0 ? "kws" : "vision");
      std::ofstream(folder + "/a" + std::to_string(i) + ".arena", std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()),
                 static_cast<std::streamsize>(bytes.size()));
    }
  }
  std::vector<pid_t> children;
  for (int process = 0; process < kProcesses; ++process) {
    const std::string name = "files" + std::to_string(process);
    children.push_back(
        testing::SpawnCli({"push", dir.File(name), "--db", path}, dir.File(name + ".log")));
  }
  for (int process = 0; process < kProcesses; ++process) {
    const std::string name = "files" + std::to_string(process);
    const testing::CliRun run = testing::CollectCli(children[process], dir.File(name + ".log"));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err.find("locked"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("busy"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("pushed"), std::string::npos);
  }
  ExpectIntactStore(path, kProcesses * kPushesEach / 2);
}

}  // namespace
}  // namespace arenastore::store
