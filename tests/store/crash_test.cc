// Crash safety: a pushing process killed with SIGKILL at many random points never leaves a
// version pointing at a missing blob, a half-written artifact, or a gap in version numbers.
#include <signal.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

#include "store/push.h"
#include "store/verify.h"
#include "tests/store/process_support.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

using testing::QueryText;
using testing::ScratchDir;

constexpr int kKills = 60;
constexpr int kArtifacts = 40;

// The invariants a crash must never break, checked through a fresh connection.
void ExpectNoTornState(const std::string& path) {
  auto registry = Registry::Open(path);
  ASSERT_TRUE(registry.ok()) << registry.status().message();
  sqlite3* db = registry->db().handle();
  EXPECT_EQ(QueryText(db, "PRAGMA integrity_check"), "ok\n");
  EXPECT_EQ(QueryText(db, "PRAGMA foreign_key_check"), "");
  // No version without its artifact and blob.
  EXPECT_EQ(QueryText(db,
                      "SELECT count(*) FROM versions v LEFT JOIN blobs b ON b.artifact_id = "
                      "v.artifact_id WHERE b.artifact_id IS NULL"),
            "0\n");
  // No artifact without its blob, and no version number skipped or reused.
  EXPECT_EQ(QueryText(db,
                      "SELECT count(*) FROM artifacts a LEFT JOIN blobs b ON b.artifact_id = "
                      "a.id WHERE b.artifact_id IS NULL"),
            "0\n");
  EXPECT_EQ(QueryText(db,
                      "SELECT count(*) FROM models m WHERE last_version != (SELECT count(*) "
                      "FROM versions v WHERE v.model_id = m.id) OR last_version != (SELECT "
                      "coalesce(max(version), 0) FROM versions v WHERE v.model_id = m.id)"),
            "0\n");
  // Blobs hash to their digests; operator and pool rows are complete.
  auto report = VerifyStore(*registry);
  ASSERT_TRUE(report.ok()) << report.status().message();
  for (const VerifyProblem& problem : report->problems) ADD_FAILURE() << problem.problem;
}

// How long a child takes here to open a fresh store and commit one push: a loaded 2-core CI
// machine can be many times slower than an idle one, so the kill window scales with it.
int64_t OnePushMicroseconds(const std::string& path, const std::vector<uint8_t>& bytes) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = testing::ForkChild([&] {
    auto registry = Registry::Open(path);
    if (!registry.ok()) return 1;
    return Push(*registry, bytes, {"calibration", "", "", ""}).ok() ? 0 : 2;
  });
  EXPECT_EQ(testing::WaitChild(child), 0) << "the calibration push failed";
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

TEST(CrashSafety, SigkillAtSixtyRandomPointsOfPushingNeverLeavesATornStore) {
  ScratchDir dir;
  const std::string path = dir.File("store.db");
  const auto artifacts = testing::DistinctArtifacts(kArtifacts);
  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  // A push takes a few milliseconds; spreading kills over 0-25 ms (or four pushes, where one
  // is slower) lands them in opening the store, verifying bytes, inside transactions and
  // between them.
  const int64_t one_push_us = OnePushMicroseconds(dir.File("calibration.db"), artifacts[0]);
  SCOPED_TRACE("one push " + std::to_string(one_push_us) + " us");
  std::uniform_int_distribution<int64_t> delay_us(0, std::max<int64_t>(25000, 4 * one_push_us));
  int killed_mid_run = 0;
  for (int kill = 0; kill < kKills; ++kill) {
    const pid_t child = testing::ForkChild([&, kill] {
      auto registry = Registry::Open(path);
      if (!registry.ok()) return 1;
      for (int i = 0;; ++i) {
        const auto& bytes = artifacts[(kill * 7 + i) % kArtifacts];
        const std::string model = i % 3 == 0 ? "vision" : "kws";
        if (!Push(*registry, bytes, {model, i % 5 == 0 ? "prod" : "", "", ""}).ok()) return 2;
      }
    });
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us(random)));
    ASSERT_EQ(::kill(child, SIGKILL), 0);
    const int status = testing::WaitChild(child);
    if (status == 128 + SIGKILL) ++killed_mid_run;
    ASSERT_TRUE(status == 128 + SIGKILL || status == 0) << "child failed with " << status;
  }
  EXPECT_GE(killed_mid_run, 50);
  ExpectNoTornState(path);
  auto registry = Registry::Open(path);
  ASSERT_TRUE(registry.ok());
  EXPECT_NE(QueryText(registry->db().handle(), "SELECT count(*) > 0 FROM versions"), "0\n")
      << "no push ever committed; the kills came too early to test anything";
}

}  // namespace
}  // namespace arenastore::store
