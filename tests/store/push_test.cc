#include "store/push.h"

#include <gtest/gtest.h>

#include "runtime/artifact_view.h"
#include "store/sha256.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store {
namespace {

using testing::DumpDatabase;
using testing::QueryText;
using testing::ScratchDir;
using testing::TinyArtifact;

Registry OpenRegistry(const std::string& path) {
  auto registry = Registry::Open(path);
  EXPECT_TRUE(registry.ok()) << registry.status().message();
  return std::move(registry.value());
}

PushResult PushOrDie(Registry& registry, const std::vector<uint8_t>& bytes,
                     const std::string& model, const std::string& alias = "") {
  auto result = Push(registry, bytes, {model, alias, "", ""});
  EXPECT_TRUE(result.ok()) << result.status().message();
  return result.ok() ? *result : PushResult{};
}

TEST(Push, IndexesMetadataReadFromTheArtifactItself) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::vector<uint8_t> bytes = TinyArtifact(5, "tiny", kernels::Isa::kArmMve);
  const PushResult pushed = PushOrDie(registry, bytes, "kws");
  EXPECT_EQ(pushed.version, 1);
  EXPECT_TRUE(pushed.new_artifact);
  EXPECT_EQ(pushed.sha256, Sha256Hex(bytes));
  EXPECT_EQ(pushed.size_bytes, bytes.size());

  auto view = runtime::ArtifactView::Create(bytes);
  ASSERT_TRUE(view.ok());
  std::string expected_ops;
  for (int32_t i = 0; i < view->operator_count(); ++i) {
    expected_ops += std::to_string(i) + "|" +
                    kernels::OpKindName(static_cast<kernels::OpKind>(view->op(i).kind())) + "|" +
                    std::to_string(view->PlannedScratchBytes(i)) + "\n";
  }
  EXPECT_EQ(QueryText(registry.db().handle(),
                      "SELECT op_index, kind, scratch_bytes FROM operators ORDER BY op_index"),
            expected_ops);
  EXPECT_NE(expected_ops.find("conv2d|"), std::string::npos);
  EXPECT_EQ(QueryText(registry.db().handle(),
                      "SELECT target_isa, kernel_version, model_name, operator_count > 0, "
                      "scratch_bytes > 0 FROM artifacts"),
            "arm_mve|" + testing::KernelVersionText() + "|tiny|1|1\n");
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT name, kind, planned_bytes > 0 FROM pools"),
            "sram|workspace|1\n");
}

TEST(Push, SameBytesAreStoredOnceAndRepushingTheLatestIsIdempotent) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::vector<uint8_t> bytes = TinyArtifact(3);
  EXPECT_TRUE(PushOrDie(registry, bytes, "kws").new_artifact);
  const PushResult again = PushOrDie(registry, bytes, "kws");
  EXPECT_FALSE(again.new_artifact);
  EXPECT_FALSE(again.new_version);
  EXPECT_EQ(again.version, 1);
  const PushResult other_model = PushOrDie(registry, bytes, "kws-copy");
  EXPECT_FALSE(other_model.new_artifact);
  EXPECT_TRUE(other_model.new_version);
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT count(*) FROM blobs"), "1\n");
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT count(*) FROM versions"), "2\n");
}

TEST(Push, SaysANewNoteIsNotRecordedWhenTheLatestVersionHoldsTheBytes) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::vector<uint8_t> bytes = TinyArtifact(3);
  ASSERT_TRUE(Push(registry, bytes, {"kws", "", "first", ""}).ok());
  auto again = Push(registry, bytes, {"kws", "", "second", ""});
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_FALSE(again->new_version);
  EXPECT_TRUE(again->note_not_recorded);
  EXPECT_EQ(again->stored_note, "first");
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT note FROM versions"), "first\n");
  auto same_note = Push(registry, bytes, {"kws", "", "first", ""});
  ASSERT_TRUE(same_note.ok());
  EXPECT_FALSE(same_note->note_not_recorded) << "the note it asks for is the one stored";
}

TEST(Push, AssignsDenseVersionsPerModelAndNeverReusesANumber) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  for (int32_t depth = 2; depth < 6; ++depth) {
    EXPECT_EQ(PushOrDie(registry, TinyArtifact(depth), "kws").version, depth - 1);
  }
  EXPECT_EQ(PushOrDie(registry, TinyArtifact(9), "vision").version, 1);
  // Pushing older bytes again after newer ones is a new version: history only grows.
  EXPECT_EQ(PushOrDie(registry, TinyArtifact(2), "kws").version, 5);
  ASSERT_TRUE(registry.db().Exec("DELETE FROM versions WHERE version = 5").ok());
  EXPECT_EQ(PushOrDie(registry, TinyArtifact(7), "kws").version, 6);
}

TEST(Push, VersionsCannotBeEditedAfterThePush) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  PushOrDie(registry, TinyArtifact(3), "kws");
  const Status status = registry.db().Exec("UPDATE versions SET note = 'changed'");
  EXPECT_EQ(status.code(), ErrorCode::kStore);
  EXPECT_NE(std::string(status.message()).find("immutable"), std::string::npos);
}

TEST(Push, RefusesBytesThatAreNotAnArtifactAndChangesNothing) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  PushOrDie(registry, TinyArtifact(3), "kws");
  const std::string before = DumpDatabase(registry.db());
  const std::string text = "name,weights\nkws,1 2 3\nthis is a CSV file, not an artifact\n";
  const std::vector<uint8_t> not_artifact(text.begin(), text.end());
  auto result = Push(registry, not_artifact, {"kws", "prod", "", ""});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), ErrorCode::kFormatBadIdentifier);
  EXPECT_NE(std::string(result.status().message()).find("nothing stored"), std::string::npos);
  EXPECT_EQ(DumpDatabase(registry.db()), before);
}

TEST(Push, RefusesATruncatedArtifactAtEveryEighthAndChangesNothing) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::vector<uint8_t> bytes = TinyArtifact(4);
  const std::string before = DumpDatabase(registry.db());
  for (int eighth = 0; eighth < 8; ++eighth) {
    const std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + bytes.size() * eighth / 8);
    auto result = Push(registry, truncated, {"kws", "", "", ""});
    ASSERT_FALSE(result.ok()) << "eighth " << eighth;
    const int code = static_cast<int>(result.status().code());
    EXPECT_GE(code, 200) << result.status().message();
    EXPECT_LT(code, 300) << result.status().message();
  }
  EXPECT_EQ(DumpDatabase(registry.db()), before);
}

TEST(Push, RefusesBadNamesBeforeTouchingTheDatabase) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::vector<uint8_t> bytes = TinyArtifact(3);
  for (const char* bad : {"", "kws@3", "sha256:abc", "-kws", "k ws", "a/b"}) {
    auto result = Push(registry, bytes, {bad, "", "", ""});
    ASSERT_FALSE(result.ok()) << bad;
    EXPECT_EQ(result.status().code(), ErrorCode::kInvalidArgument) << bad;
  }
  for (const char* bad : {"3", "latest", "pro d", "_x"}) {
    auto result = Push(registry, bytes, {"kws", bad, "", ""});
    EXPECT_EQ(result.status().code(), ErrorCode::kInvalidArgument) << bad;
  }
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT count(*) FROM artifacts"), "0\n");
}

TEST(Push, AliasMovesToThePushedVersionAndEveryMoveIsJournaled) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  PushOrDie(registry, TinyArtifact(3), "kws", "prod");
  PushOrDie(registry, TinyArtifact(4), "kws", "prod");
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT alias, version FROM aliases"), "prod|2\n");
  EXPECT_EQ(QueryText(registry.db().handle(),
                      "SELECT alias, old_version, new_version FROM alias_moves ORDER BY id"),
            "prod|NULL|1\nprod|1|2\n");
}

TEST(Push, RecordsNoteAndLineage) {
  ScratchDir dir;
  Registry registry = OpenRegistry(dir.File("store.db"));
  const std::string parent(64, 'c');
  auto result = Push(registry, TinyArtifact(3), {"kws", "", "re-planned for 1.1", parent});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(QueryText(registry.db().handle(), "SELECT note, derived_from_sha256 FROM versions"),
            "re-planned for 1.1|" + parent + "\n");
}

}  // namespace
}  // namespace arenastore::store
