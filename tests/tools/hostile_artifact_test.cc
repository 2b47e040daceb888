// Hostile artifacts made by editing a compiled built-in example's bytes in place (issue 34): an
// absent required operand, a plan whose live tensors overlap, an operator that reads a tensor
// before any operator writes it. The runtime's verified view must refuse each with a message,
// and every CLI verb that opens an artifact must refuse it without crashing.
#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/op_kind.h"
#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "runtime/artifact_view.h"
#include "runtime/runtime_op.h"
#include "runtime/schema/artifact_schema.h"
#include "tests/runtime/artifact_fixture.h"
#include "tests/tools/cli_runner.h"
#include "tests/tools/example_mutation.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli::testing {
namespace {

using runtime::testing::AlignedBytes;

const schema::Operator& Op(AlignedBytes& bytes, int32_t o) {
  return *Root(bytes)->operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
}
flatbuffers::Vector<int32_t>& MutableInputs(AlignedBytes& bytes, int32_t o) {
  return *const_cast<flatbuffers::Vector<int32_t>*>(Op(bytes, o).inputs());
}

Status Open(const AlignedBytes& bytes) {
  return runtime::ArtifactView::Create(bytes.span()).status();
}

int32_t MinInputs(const schema::Operator& op) {
  const runtime::RuntimeOp* unit = runtime::RuntimeOpOf(static_cast<kernels::OpKind>(op.kind()));
  return unit == nullptr ? 0 : unit->operands.arity.min_inputs;
}

TEST(HostileArtifact, EveryExampleVerifiesAsCompiled) {
  for (const char* example : kExamples) {
    const AlignedBytes bytes(CompileExample(example));
    EXPECT_TRUE(Open(bytes).ok()) << example << ": " << Open(bytes).message();
  }
}

// Every required input of every operator of every example (SVDF's 0-3 and LSTM's 0-14 among
// them), one at a time, made absent: refused as an invalid field naming the operator.
TEST(HostileArtifact, AbsentRequiredOperandIsRefusedForEveryOperatorOfEveryExample) {
  std::set<std::string> kinds_seen;
  for (const char* example : kExamples) {
    const std::vector<uint8_t> good = CompileExample(example);
    AlignedBytes probe(good);
    const auto ops = static_cast<int32_t>(Root(probe)->operators()->size());
    for (int32_t o = 0; o < ops; ++o) {
      const int32_t required = MinInputs(Op(probe, o));
      for (int32_t k = 0; k < required; ++k) {
        AlignedBytes bytes(good);
        MutableInputs(bytes, o).Mutate(static_cast<flatbuffers::uoffset_t>(k), -1);
        const Status status = Open(bytes);
        const char* kind = kernels::OpKindName(static_cast<kernels::OpKind>(Op(bytes, o).kind()));
        kinds_seen.insert(kind);
        ASSERT_FALSE(status.ok()) << example << " operators[" << o << "] (" << kind << ") inputs["
                                  << k << "] = -1 accepted";
        EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
        EXPECT_NE(std::string(status.message()).find("absent"), std::string::npos)
            << status.message();
        EXPECT_NE(std::string(status.message()).find("operators[" + std::to_string(o) + "]"),
                  std::string::npos)
            << status.message();
      }
    }
  }
  EXPECT_TRUE(kinds_seen.count("svdf")) << "svdf-kws has no svdf";
  EXPECT_TRUE(kinds_seen.count("unidirectional_sequence_lstm")) << "no lstm";
  EXPECT_GE(kinds_seen.size(), 20u);
}

// Random in-range tensor indices (and -1) written over random operand slots of the keyword
// spotters: whatever the slot now names, the view refuses or accepts, never crashes.
TEST(HostileArtifact, RandomOperandIndicesNeverCrashTheVerifier) {
  for (const char* example : {"svdf-kws", "ds-cnn", "lstm-gesture"}) {
    const std::vector<uint8_t> good = CompileExample(example);
    AlignedBytes probe(good);
    const auto ops = static_cast<uint32_t>(Root(probe)->operators()->size());
    const auto tensors = static_cast<int32_t>(Root(probe)->tensors()->size());
    std::mt19937 random(34);
    for (int trial = 0; trial < 3000; ++trial) {
      AlignedBytes bytes(good);
      for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
        const auto o = static_cast<int32_t>(random() % ops);
        auto& inputs = MutableInputs(bytes, o);
        if (inputs.size() == 0) continue;
        const auto k = static_cast<flatbuffers::uoffset_t>(random() % inputs.size());
        inputs.Mutate(k, static_cast<int32_t>(random() % static_cast<uint32_t>(tensors + 1)) - 1);
      }
      (void)Open(bytes);  // no crash, no sanitizer report
    }
  }
}

// The CLI verbs that open an artifact, on an SVDF whose weights_time is absent: a refusal (the
// exit code of a corrupt artifact, 4) with the operator in the message, not a crash.
TEST(HostileArtifact, VerbsRefuseAnSvdfWithoutItsTimeWeights) {
  TempDir dir;
  const std::vector<uint8_t> good = CompileExample("svdf-kws");
  AlignedBytes bytes(good);
  int32_t svdf = -1;
  for (int32_t o = 0; o < static_cast<int32_t>(Root(bytes)->operators()->size()); ++o) {
    if (static_cast<kernels::OpKind>(Op(bytes, o).kind()) == kernels::OpKind::kSvdf) {
      svdf = o;
      break;
    }
  }
  ASSERT_GE(svdf, 0);
  MutableInputs(bytes, svdf).Mutate(2, -1);
  const std::string path = dir.File("absent.arena");
  WriteBytes(path, std::vector<uint8_t>(bytes.span().begin(), bytes.span().end()));
  for (const char* verb : {"inspect", "check", "run", "ops"}) {
    std::vector<std::string> args = {verb, path};
    if (std::string(verb) == "run") args.insert(args.end(), {"--random-input", "1"});
    const CliResult result = RunCli(args);
    EXPECT_EQ(result.exit_code, 4) << verb << ": " << result.err;
    EXPECT_NE(result.err.find("absent"), std::string::npos) << verb << ": " << result.err;
  }
}

}  // namespace
}  // namespace arenastore::cli::testing
