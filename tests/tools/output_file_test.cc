// Specifications of the CLI's one output-writing function (tools/output_file.h): atomic
// regular files, symlinks written through, FIFOs streamed to, stdout where allowed, and nothing
// partial left behind by an error or an interrupt. Everything happens in a temporary directory;
// no real device node is ever opened.
#include "tools/output_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::ReadText;
using testing::TempDir;

std::vector<std::string> Entries(const TempDir& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

void WriteText(const std::string& path, const std::string& text) {
  ASSERT_TRUE(WriteOutput(path, text).ok());
}

TEST(Output, WritesANewFileWithNothingElseBesideIt) {
  TempDir dir;
  ASSERT_TRUE(WriteOutput(dir.File("m.arena"), std::string("artifact")).ok());
  EXPECT_EQ(ReadText(dir.File("m.arena")), "artifact");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"m.arena"});
}

TEST(Output, ReplacesAnExistingFileKeepingItsPermissions) {
  TempDir dir;
  WriteText(dir.File("m.arena"), "old");
  ASSERT_EQ(chmod(dir.File("m.arena").c_str(), 0640), 0);
  ASSERT_TRUE(WriteOutput(dir.File("m.arena"), std::string("new")).ok());
  EXPECT_EQ(ReadText(dir.File("m.arena")), "new");
  struct stat info;
  ASSERT_EQ(stat(dir.File("m.arena").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0640u);
}

TEST(Output, WritesThroughSymlinkToItsTarget) {
  TempDir dir;
  std::filesystem::create_directory(dir.path() / "real");
  WriteText(dir.File("real/m.arena"), "old");
  std::filesystem::create_symlink("real/m.arena", dir.path() / "link.arena");
  ASSERT_TRUE(WriteOutput(dir.File("link.arena"), std::string("new")).ok());
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "link.arena")) << "the link is kept";
  EXPECT_EQ(ReadText(dir.File("real/m.arena")), "new") << "its target is written";
}

TEST(Output, WritesThroughAChainOfSymlinksAndCreatesADanglingLinksTarget) {
  TempDir dir;
  std::filesystem::create_symlink(dir.path() / "b", dir.path() / "a");
  std::filesystem::create_symlink("c.arena", dir.path() / "b");
  ASSERT_TRUE(WriteOutput(dir.File("a"), std::string("bytes")).ok());
  EXPECT_EQ(ReadText(dir.File("c.arena")), "bytes");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "a"));
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "b"));
}

TEST(Output, RefusesASymlinkLoopSayingSo) {
  TempDir dir;
  std::filesystem::create_symlink("y", dir.path() / "x");
  std::filesystem::create_symlink("x", dir.path() / "y");
  const Status status = WriteOutput(dir.File("x"), std::string("bytes"));
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(status.message()).find("symlinks deep"), std::string::npos)
      << status.message();
}

TEST(Output, NeverTouchesTheUsersOwnTmpFile) {
  TempDir dir;
  WriteText(dir.File("m.arena.tmp"), "the user's notes");
  ASSERT_TRUE(WriteOutput(dir.File("m.arena"), std::string("artifact")).ok());
  EXPECT_EQ(ReadText(dir.File("m.arena.tmp")), "the user's notes");
}

TEST(Output, TwoWritersToOneTargetNeverShareATemporary) {
  TempDir dir;
  auto first = OutputWriter::Open(dir.File("m.arena"));
  auto second = OutputWriter::Open(dir.File("m.arena"));
  ASSERT_TRUE(first.ok() && second.ok());
  ASSERT_TRUE(first->Write(std::vector<uint8_t>(100, 1)).ok());
  ASSERT_TRUE(second->Write(std::vector<uint8_t>(50, 2)).ok());
  ASSERT_TRUE(first->Commit().ok());
  EXPECT_EQ(ReadText(dir.File("m.arena")), std::string(100, '\1'));
  ASSERT_TRUE(second->Commit().ok());
  EXPECT_EQ(ReadText(dir.File("m.arena")), std::string(50, '\2')) << "whole, never interleaved";
}

TEST(Output, StreamsIntoAFifoWithoutReplacingIt) {
  TempDir dir;
  const std::string fifo = dir.File("pipe");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = ReadText(fifo); });
  const Status status = WriteOutput(fifo, std::string("streamed bytes"));
  reader.join();
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(received, "streamed bytes");
  struct stat info;
  ASSERT_EQ(lstat(fifo.c_str(), &info), 0);
  EXPECT_TRUE(S_ISFIFO(info.st_mode)) << "the FIFO is still a FIFO, not a regular file";
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"pipe"});
}

TEST(Output, RefusesADirectorySayingWhatItIs) {
  TempDir dir;
  std::filesystem::create_directory(dir.path() / "out");
  const Status status = WriteOutput(dir.File("out"), std::string("bytes"));
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(status.message()).find("is a directory"), std::string::npos)
      << status.message();
}

TEST(Output, RefusesAMissingDirectoryBeforeWritingAnything) {
  TempDir dir;
  auto target = ResolveOutput(dir.File("no/such/m.arena"));
  ASSERT_FALSE(target.ok());
  EXPECT_NE(std::string(target.status().message()).find("does not exist"), std::string::npos)
      << target.status().message();
}

TEST(Output, DashIsStdoutOnlyWhereAVerbAllowsItAndNeverUnderJson) {
  EXPECT_FALSE(ResolveOutput("-").ok());
  auto streamed = ResolveOutput("-", StreamableOutput(false));
  ASSERT_TRUE(streamed.ok());
  EXPECT_EQ(streamed->kind, OutputKind::kStdout);
  auto json = ResolveOutput("-", StreamableOutput(true));
  ASSERT_FALSE(json.ok());
  EXPECT_NE(std::string(json.status().message()).find("--json"), std::string::npos);
}

TEST(Output, AnUncommittedWriterLeavesNothingBehind) {
  TempDir dir;
  WriteText(dir.File("m.arena"), "old");
  {
    auto writer = OutputWriter::Open(dir.File("m.arena"));
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE(writer->Write(std::vector<uint8_t>(4096, 7)).ok());
  }  // an error path returns before Commit
  EXPECT_EQ(ReadText(dir.File("m.arena")), "old");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"m.arena"});
}

TEST(Output, AnInterruptMidWriteLeavesNoPartialFile) {
  TempDir dir;
  WriteText(dir.File("m.arena"), "old");
  const pid_t child = fork();
  if (child == 0) {
    auto writer = OutputWriter::Open(dir.File("m.arena"));
    if (!writer.ok() || !writer->Write(std::vector<uint8_t>(1 << 16, 7)).ok()) _exit(1);
    raise(SIGINT);  // as Ctrl-C would, half way through
    _exit(2);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the interrupt still ends the process";
  EXPECT_EQ(WTERMSIG(status), SIGINT);
  EXPECT_EQ(ReadText(dir.File("m.arena")), "old");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"m.arena"}) << "the temporary is gone";
}

TEST(Output, RefusingRulesNeverReplaceAnExistingFile) {
  TempDir dir;
  WriteText(dir.File("release.key"), "existing key");
  OutputRules rules;
  rules.existing = store::ExistingFile::kRefuse;
  const Status status = WriteOutput(dir.File("release.key"), std::string("new key"), rules);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(ReadText(dir.File("release.key")), "existing key");
}

}  // namespace
}  // namespace arenastore::cli
