// Specifications of the one rule by which check, run, inspect and export read FILE|REF
// (tools/artifact_source.h): a file can never stand in for a store reference.
#include "tools/artifact_source.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::TempDir;

// Runs the test body with `dir` as the working directory, where rule 3 looks for files.
class InDirectory {
 public:
  explicit InDirectory(const TempDir& dir) : previous_(std::filesystem::current_path()) {
    std::filesystem::current_path(dir.path());
  }
  ~InDirectory() { std::filesystem::current_path(previous_); }

 private:
  std::filesystem::path previous_;
};

SourceKind KindOf(std::string_view source) {
  auto kind = ClassifySource(source);
  EXPECT_TRUE(kind.ok()) << source << ": " << kind.status().message();
  return kind.ok() ? *kind : SourceKind::kFile;
}

TEST(Reference, PathsWithASlashOrAnArtifactOrModelExtensionAreFiles) {
  TempDir dir;
  const InDirectory here(dir);
  for (const char* file : {"./kws", "/tmp/kws", "out/kws@2", "kws.arena", "kws@2.arena",
                           "kws_ref_model.tflite", "my model"}) {
    EXPECT_EQ(KindOf(file), SourceKind::kFile) << file;
  }
}

TEST(Reference, BareNamesVersionsAliasesAndDigestsAreStoreReferences) {
  TempDir dir;
  const InDirectory here(dir);
  for (const char* reference : {"kws", "kws@2", "kws@prod", "kws@latest", "sha256:3f2a9c01"}) {
    EXPECT_EQ(KindOf(reference), SourceKind::kReference) << reference;
  }
}

TEST(Reference, ABareNameThatIsAlsoAFileIsRefusedShowingBothReadings) {
  TempDir dir;
  const InDirectory here(dir);
  std::ofstream("kws@2") << "not the stored kws@2";
  auto kind = ClassifySource("kws@2");
  ASSERT_FALSE(kind.ok());
  EXPECT_EQ(kind.status().code(), ErrorCode::kInvalidArgument);
  const std::string message = kind.status().message();
  EXPECT_NE(message.find("store reference"), std::string::npos) << message;
  EXPECT_NE(message.find("./kws@2"), std::string::npos) << "says how to name the file: " << message;
  EXPECT_EQ(KindOf("./kws@2"), SourceKind::kFile);
}

TEST(Reference, ADigestIsAlwaysAReferenceEvenWhenAFileHasItsName) {
  TempDir dir;
  const InDirectory here(dir);
  std::ofstream("sha256:3f2a9c01") << "x";
  EXPECT_EQ(KindOf("sha256:3f2a9c01"), SourceKind::kReference);
}

TEST(Reference, ANameTheStoreLacksPointsAtTheFileOfThatNameWithItsExtension) {
  TempDir dir;
  const InDirectory here(dir);
  std::ofstream("vww.arena") << "an artifact file";
  auto loaded = LoadArtifact("vww", dir.File("no-store.db"));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(loaded.status().message()).find("did you mean the file vww.arena?"),
            std::string::npos)
      << loaded.status().message();
}

}  // namespace
}  // namespace arenastore::cli
