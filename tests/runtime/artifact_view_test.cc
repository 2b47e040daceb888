// ArtifactView: the layered checks on untrusted bytes (size, alignment, identifier, format
// version, Verifier, semantic validation), each with its own error code, and robustness
// against truncated, zeroed, random and bit-flipped files.
#include "runtime/artifact_view.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "runtime/executor.h"
#include "runtime/gate.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using testing::AlignedBytes;
using testing::ArtifactSpec;
using testing::Serialize;
using testing::TinyModelSpec;

ErrorCode CodeOf(std::span<const uint8_t> bytes) {
  const auto view = ArtifactView::Create(bytes);
  return view.ok() ? ErrorCode::kOk : view.status().code();
}

Status StatusOf(const std::vector<uint8_t>& bytes) {
  const AlignedBytes aligned(bytes);
  const auto view = ArtifactView::Create(aligned.span());
  return view.ok() ? Status::Ok() : view.status();
}

std::vector<uint8_t> TinyBytes() { return Serialize(TinyModelSpec({0, 64, 0, 0})); }

TEST(ArtifactView, AcceptsAValidArtifactAndExposesItsTables) {
  const AlignedBytes bytes(TinyBytes());
  const auto view = ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  EXPECT_EQ(view->tensor_count(), 9);
  EXPECT_EQ(view->operator_count(), 4);
  EXPECT_EQ(view->pool_count(), 1);
  EXPECT_EQ(view->input_count(), 1);
  EXPECT_EQ(view->output_count(), 1);
  EXPECT_EQ(view->ScratchOf(0), nullptr);
  ASSERT_NE(view->ScratchOf(1), nullptr);
  EXPECT_EQ(view->PlannedScratchBytes(1), 64u);
  EXPECT_TRUE(view->IsKnownOpKind(3));
  // Constants are read in place, aligned for their type, with the bytes the planner wrote.
  const uint8_t* bias = view->ConstantData(view->tensor(testing::kConvBias));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(bias) % 4, 0u);
  int32_t first_bias;
  std::memcpy(&first_bias, bias, 4);
  EXPECT_EQ(first_bias, 40);
}

TEST(ArtifactView, RejectsBuffersSmallerThanAnyArtifact) {
  const AlignedBytes empty(size_t{0});
  EXPECT_EQ(CodeOf(empty.span()), ErrorCode::kFormatTooSmall);
  const std::vector<uint8_t> bytes = TinyBytes();
  const AlignedBytes fifteen(std::span<const uint8_t>(bytes).first(15));
  const auto view = ArtifactView::Create(fifteen.span());
  ASSERT_FALSE(view.ok());
  EXPECT_EQ(view.status().code(), ErrorCode::kFormatTooSmall);
  EXPECT_NE(std::string(view.status().message()).find("15 bytes"), std::string::npos);
}

TEST(ArtifactView, RejectsMisalignedBufferAndSaysToCopyIt) {
  const std::vector<uint8_t> bytes = TinyBytes();
  for (size_t shift : {1, 4, 8}) {
    const AlignedBytes misaligned(bytes, shift);
    const auto view = ArtifactView::Create(misaligned.span());
    ASSERT_FALSE(view.ok());
    EXPECT_EQ(view.status().code(), ErrorCode::kFormatMisaligned) << shift;
    EXPECT_NE(std::string(view.status().message()).find("copy the bytes into a 16-byte aligned"),
              std::string::npos);
  }
}

TEST(ArtifactView, RejectsBadIdentifierNamingBoth) {
  std::vector<uint8_t> bytes = TinyBytes();
  std::memcpy(bytes.data() + 4, "TFL3", 4);
  const Status status = StatusOf(bytes);
  EXPECT_EQ(status.code(), ErrorCode::kFormatBadIdentifier);
  EXPECT_STREQ(status.message(), "not an arenastore artifact (identifier 'TFL3', expected 'ARST')");
  EXPECT_STREQ(status.field(), "file_identifier");
}

TEST(ArtifactView, ShowsUnprintableIdentifierBytesAsQuestionMarks) {
  std::vector<uint8_t> bytes = TinyBytes();
  bytes[5] = 0x01;
  EXPECT_STREQ(StatusOf(bytes).message(),
               "not an arenastore artifact (identifier 'A?ST', expected 'ARST')");
}

TEST(ArtifactView, RejectsNewerFormatMajorNamingBothVersions) {
  ArtifactSpec spec = TinyModelSpec();
  spec.format_version = std::make_pair(uint16_t{2}, uint16_t{3});
  const Status status = StatusOf(Serialize(spec));
  EXPECT_EQ(status.code(), ErrorCode::kFormatUnsupportedVersion);
  EXPECT_NE(std::string(status.message()).find("format 2.3"), std::string::npos);
  EXPECT_NE(std::string(status.message()).find("reads format 1.x"), std::string::npos);
  EXPECT_NE(std::string(status.message()).find("upgrade the runtime"), std::string::npos);
  EXPECT_STREQ(status.field(), "format_version");
}

TEST(ArtifactView, RejectsOlderFormatMajor) {
  ArtifactSpec spec = TinyModelSpec();
  spec.format_version = std::make_pair(uint16_t{0}, uint16_t{9});
  EXPECT_EQ(StatusOf(Serialize(spec)).code(), ErrorCode::kFormatUnsupportedVersion);
}

TEST(ArtifactView, RejectsArtifactWithoutFormatVersion) {
  ArtifactSpec spec = TinyModelSpec();
  spec.format_version.reset();
  const Status status = StatusOf(Serialize(spec));
  EXPECT_EQ(status.code(), ErrorCode::kFormatUnsupportedVersion);
  EXPECT_NE(std::string(status.message()).find("format 0.0"), std::string::npos);
}

TEST(ArtifactView, AcceptsNewerFormatMinor) {
  ArtifactSpec spec = TinyModelSpec();
  spec.format_version = std::make_pair(kFormatVersionMajor, uint16_t{kFormatVersionMinor + 7});
  EXPECT_TRUE(StatusOf(Serialize(spec)).ok());
}

// A newer format may change anything after field 0, so the major is refused before the
// Verifier would report its (to this reader) broken structure.
TEST(ArtifactView, ChecksFormatMajorBeforeTheVerifier) {
  ArtifactSpec spec = TinyModelSpec();
  spec.format_version = std::make_pair(uint16_t{2}, uint16_t{0});
  std::vector<uint8_t> bytes = Serialize(spec);
  bytes.resize(bytes.size() / 2);
  EXPECT_EQ(StatusOf(bytes).code(), ErrorCode::kFormatUnsupportedVersion);
}

TEST(ArtifactView, TruncationAtEachEighthFailsCleanly) {
  const std::vector<uint8_t> bytes = TinyBytes();
  for (int eighth = 0; eighth < 8; ++eighth) {
    const size_t size = bytes.size() * eighth / 8;
    const AlignedBytes truncated(std::span<const uint8_t>(bytes).first(size));
    const ErrorCode expected =
        size < kMinArtifactBytes ? ErrorCode::kFormatTooSmall : ErrorCode::kFormatVerifierFailed;
    EXPECT_EQ(CodeOf(truncated.span()), expected) << eighth << "/8 = " << size << " bytes";
  }
}

// The tail holds the first tables the builder wrote (tensor names, shapes, quantization).
// Zeroed offsets and vtables read as empty tables and vectors, which is valid FlatBuffers, so
// it is the semantic validation that must notice what went missing.
TEST(ArtifactView, ZeroedTailIsCaughtBySemanticValidation) {
  std::vector<uint8_t> bytes = TinyBytes();
  std::fill(bytes.begin() + static_cast<ptrdiff_t>(bytes.size() * 3 / 4), bytes.end(), 0);
  EXPECT_EQ(StatusOf(bytes).code(), ErrorCode::kFormatInvalidField);
}

TEST(ArtifactView, RandomTailFailsTheVerifier) {
  std::vector<uint8_t> bytes = TinyBytes();
  std::mt19937 random(1234);
  for (size_t i = bytes.size() * 3 / 4; i < bytes.size(); ++i) {
    bytes[i] = static_cast<uint8_t>(random());
  }
  EXPECT_EQ(StatusOf(bytes).code(), ErrorCode::kFormatVerifierFailed);
}

// Found by libFuzzer under UBSan: the Verifier aligns vectors only to 4 bytes, so an int64
// zero-point vector may sit at an address that is not 8-aligned; validation must copy the
// values out instead of loading them in place (this file's tensor 1 has such a vector).
TEST(ArtifactView, ReadsInt64ZeroPointsTheVerifierLeftMisaligned) {
  std::ifstream file(ARENASTORE_SOURCE_DIR "/tests/runtime/data/misaligned_zero_point.bin",
                     std::ios::binary);
  ASSERT_TRUE(file.good());
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)), {});
  const Status status = StatusOf(bytes);
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField);
  EXPECT_STREQ(status.field(), "tensors.quantization.zero_point");
}

bool IsFormatError(ErrorCode code) {
  return code >= ErrorCode::kFormatTooSmall && code <= ErrorCode::kFormatInvalidField;
}

// What still validates after a flip must also be safe to judge and run; returns whether it ran.
bool JudgeAndRun(const ArtifactView& view) {
  std::vector<Finding> findings(64);
  std::vector<kernels::Isa> variants(static_cast<size_t>(view.operator_count()));
  const GateReport report =
      EvaluateGate(view, ThisRuntime(), GatePolicy::kFallback, {}, findings, variants);
  // A flip may plan a pool of terabytes; the view is right to accept what it cannot check.
  if (report.verdict == Verdict::kReject || view.pool(0).planned_bytes() > (1u << 20)) return false;
  AlignedBytes pool(static_cast<size_t>(view.pool(0).planned_bytes()));
  const PoolBuffer buffers[] = {{view.pool(0).name()->c_str(), pool.mutable_span()}};
  auto executor = Executor::Create(view, buffers, ThisRuntime().isa, variants);
  if (!executor.ok()) return false;
  (void)executor->Invoke();
  return true;
}

TEST(ArtifactView, BitFlipsAtEveryByteFailCleanlyOrStillValidate) {
  const std::vector<uint8_t> original = TinyBytes();
  int still_valid = 0;
  int rejected = 0;
  int ran = 0;
  for (size_t i = 0; i < original.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      AlignedBytes bytes(original);
      bytes.data()[i] ^= static_cast<uint8_t>(1u << bit);
      const auto view = ArtifactView::Create(bytes.span());
      if (view.ok()) {
        ++still_valid;
        ran += JudgeAndRun(*view) ? 1 : 0;
        continue;
      }
      ++rejected;
      ASSERT_TRUE(IsFormatError(view.status().code()))
          << "byte " << i << " bit " << bit << ": " << ToString(view.status().code());
      if (i >= 4 && i < 8) {
        ASSERT_EQ(view.status().code(), ErrorCode::kFormatBadIdentifier) << i;
      }
    }
  }
  // Both outcomes occur: weights and names may change freely, structure may not.
  EXPECT_GT(still_valid, 0);
  EXPECT_GT(rejected, 0);
  EXPECT_GT(ran, 0);
}

}  // namespace
}  // namespace arenastore::runtime
