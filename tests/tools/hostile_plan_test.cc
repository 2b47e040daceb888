// Tampered memory plans made by editing compiled built-in examples in place (issue 34): an
// operator's output moved onto an input it reads, two adjacent operators swapped so one reads a
// tensor the other writes later. The runtime's verified view must refuse each (the plan check,
// runtime/plan_verification.h, on one pass and on the device's block pairs alike), and the CLI
// verbs must refuse them as a corrupt artifact; every example as compiled must still pass.
#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "kernels/op_kind.h"
#include "planner/aliasing.h"
#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "runtime/artifact_view.h"
#include "runtime/plan_verification.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"
#include "tests/runtime/artifact_fixture.h"
#include "tests/tools/cli_runner.h"
#include "tests/tools/example_mutation.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli::testing {
namespace {

using runtime::testing::AlignedBytes;

// Rewrites tensor t's offset in place; false when the field is not stored (it holds its
// default, 0) and so cannot change size-for-size.
bool SetOffset(AlignedBytes& bytes, int32_t t, uint64_t offset) {
  const schema::Tensor* tensor =
      Root(bytes)->tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  // Generated tables derive privately from flatbuffers::Table, at offset 0.
  auto* table = reinterpret_cast<flatbuffers::Table*>(const_cast<schema::Tensor*>(tensor));
  return table->SetField<uint64_t>(schema::Tensor::VT_OFFSET, offset, 0);
}

Status Open(const AlignedBytes& bytes) {
  return runtime::ArtifactView::Create(bytes.span()).status();
}

// The proof in one pass from a caller's workspace larger than the host's stack array.
Status ProveInWorkspace(AlignedBytes& bytes) {
  std::vector<uint8_t> workspace(256 * 1024);
  return runtime::VerifyPlan(*Root(bytes), workspace);
}

bool Mentions(const Status& status, const std::string& text) {
  return std::string(status.message()).find(text) != std::string::npos;
}

// Swaps operators o and o + 1 in the operators vector: each element is an offset relative to
// its own position, so each is rewritten for the other's table.
void SwapOperators(AlignedBytes& bytes, int32_t o) {
  const auto* operators = Root(bytes)->operators();
  auto* slots = reinterpret_cast<uint8_t*>(const_cast<flatbuffers::uoffset_t*>(
      reinterpret_cast<const flatbuffers::uoffset_t*>(operators->Data())));
  uint8_t* a = slots + static_cast<size_t>(o) * sizeof(flatbuffers::uoffset_t);
  uint8_t* b = a + sizeof(flatbuffers::uoffset_t);
  const uint32_t rel_a = flatbuffers::ReadScalar<uint32_t>(a);
  const uint32_t rel_b = flatbuffers::ReadScalar<uint32_t>(b);
  flatbuffers::WriteScalar<uint32_t>(a, rel_b + static_cast<uint32_t>(sizeof(uint32_t)));
  flatbuffers::WriteScalar<uint32_t>(b, rel_a - static_cast<uint32_t>(sizeof(uint32_t)));
}

TEST(HostilePlan, EveryExampleAsCompiledPassesOnOnePassAndInBlockPairs) {
  for (const char* example : kExamples) {
    AlignedBytes bytes(CompileExample(example));
    EXPECT_TRUE(Open(bytes).ok()) << example << ": " << Open(bytes).message();
    for (int32_t entries : {2, 8, 30}) {
      const Status blocks = runtime::VerifyPlanInBlocks(*Root(bytes), entries);
      EXPECT_TRUE(blocks.ok()) << example << " in blocks of " << entries << ": "
                               << blocks.message();
    }
    EXPECT_TRUE(ProveInWorkspace(bytes).ok()) << example;
  }
}

// A device hands its unbound arena: the proof's entries go there (it is overwritten), whatever
// its alignment; one too small for one pass leaves the proof on the stack, with the same verdict.
TEST(HostilePlan, TheProofWorksInTheCallersWorkspaceWhenItHoldsMoreThanTheStack) {
  AlignedBytes bytes(CompileExample("ds-cnn"));
  const schema::Artifact& artifact = *Root(bytes);
  std::vector<uint8_t> arena(runtime::PlanProofOnePassBytes(artifact) + 64 * 1024 + 3, 0xA5);
  const std::span<uint8_t> odd = std::span<uint8_t>(arena).subspan(3);
  EXPECT_TRUE(runtime::VerifyPlan(artifact, odd).ok());
  EXPECT_NE(std::count(arena.begin(), arena.end(), 0xA5), static_cast<long>(arena.size()));
  std::vector<uint8_t> small(16, 0xA5);
  EXPECT_TRUE(runtime::VerifyPlan(artifact, small).ok());
  EXPECT_EQ(std::count(small.begin(), small.end(), 0xA5), 16);
}

// For every operator that writes its output into bytes of its own (no alias kind, a whole-tensor
// plan), the output moved onto an activation input it reads (both live at that operator's step):
// refused.
TEST(HostilePlan, OutputMovedOntoALiveInputIsRefusedForEveryOperatorOfEveryExample) {
  int32_t refused = 0;
  for (const char* example : kExamples) {
    const std::vector<uint8_t> good = CompileExample(example, /*over_input=*/false);
    AlignedBytes probe(good);
    const schema::Artifact& artifact = *Root(probe);
    for (int32_t o = 0; o < static_cast<int32_t>(artifact.operators()->size()); ++o) {
      const schema::Operator& op =
          *artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
      const auto kind = static_cast<kernels::OpKind>(op.kind());
      if (planner::AliasingOf(kind) != planner::InputAliasing::kNever) continue;
      const int32_t out = op.outputs()->Get(0);
      const schema::Tensor& output =
          *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(out));
      for (flatbuffers::uoffset_t k = 0; k < op.inputs()->size(); ++k) {
        const int32_t in = op.inputs()->Get(k);
        if (in < 0) continue;
        const schema::Tensor& input =
            *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(in));
        if (runtime::IsConstant(input) || input.pool() != output.pool() || in == out) continue;
        const uint64_t planned = artifact.pools()
                                     ->Get(static_cast<flatbuffers::uoffset_t>(input.pool()))
                                     ->planned_bytes();
        const uint64_t alignment = runtime::ElementBytes(output.type());
        if (input.offset() + output.bytes() > planned || input.offset() % alignment != 0) continue;
        if (input.offset() == output.offset()) continue;
        AlignedBytes bytes(good);
        // The field is stored unless it holds its default, 0; then move the input instead.
        int32_t moved = SetOffset(bytes, out, input.offset()) ? out : -1;
        if (moved < 0 && output.offset() + input.bytes() <= planned &&
            output.offset() % runtime::ElementBytes(input.type()) == 0 &&
            SetOffset(bytes, in, output.offset())) {
          moved = in;
        }
        if (moved < 0) continue;
        const Status status = Open(bytes);
        ASSERT_FALSE(status.ok()) << example << " operators[" << o << "] ("
                                  << kernels::OpKindName(kind) << "): output tensors[" << out
                                  << "] onto inputs[" << k << "] accepted";
        EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
        EXPECT_TRUE(Mentions(status, "overlap")) << status.message();
        EXPECT_TRUE(Mentions(status, "tensors[" + std::to_string(moved) + "]")) << status.message();
        EXPECT_FALSE(runtime::VerifyPlanInBlocks(*Root(bytes), 4).ok());
        EXPECT_FALSE(ProveInWorkspace(bytes).ok());
        ++refused;
        break;
      }
    }
  }
  EXPECT_GE(refused, 50);
}

// Every pair of adjacent operators where the second reads what the first writes, swapped: the
// (now first) reader is refused for reading before the write.
TEST(HostilePlan, ReadBeforeWriteIsRefusedForEveryDependentPairOfEveryExample) {
  int32_t refused = 0;
  for (const char* example : kExamples) {
    const std::vector<uint8_t> good = CompileExample(example);
    AlignedBytes probe(good);
    const schema::Artifact& artifact = *Root(probe);
    const auto ops = static_cast<int32_t>(artifact.operators()->size());
    for (int32_t o = 0; o + 1 < ops; ++o) {
      const auto* writes =
          artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o))->outputs();
      const auto* reads =
          artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o + 1))->inputs();
      bool depends = false;
      for (int32_t w : *writes) {
        for (int32_t r : *reads) depends = depends || r == w;
      }
      if (!depends) continue;
      AlignedBytes bytes(good);
      SwapOperators(bytes, o);
      const Status status = Open(bytes);
      ASSERT_FALSE(status.ok()) << example << ": operators " << o << " and " << o + 1
                                << " swapped, accepted";
      EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField) << status.message();
      EXPECT_STREQ(status.field(), "operators.inputs") << status.message();
      EXPECT_TRUE(Mentions(status, "operators[" + std::to_string(o) + "]")) << status.message();
      EXPECT_TRUE(Mentions(status, "before operators[" + std::to_string(o + 1) + "]"))
          << status.message();
      EXPECT_FALSE(runtime::VerifyPlanInBlocks(*Root(bytes), 4).ok());
      EXPECT_FALSE(ProveInWorkspace(bytes).ok());
      ++refused;
    }
  }
  EXPECT_GE(refused, 50);
}

// The verbs that open an artifact refuse both tampered plans as a corrupt artifact (exit 4),
// saying which tensors and operator, instead of computing wrong bytes.
TEST(HostilePlan, VerbsRefuseOverlappingAndOutOfOrderPlans) {
  TempDir dir;
  const std::vector<uint8_t> good = CompileExample("ds-cnn");
  AlignedBytes overlap(good);
  {
    // ds-cnn's first operator reads the graph input and writes its output apart: put the
    // output at the input's offset (or the input at the output's when that one is stored).
    const schema::Operator& op = *Root(overlap)->operators()->Get(0);
    const int32_t in = op.inputs()->Get(0), out = op.outputs()->Get(0);
    const uint64_t in_offset =
        Root(overlap)->tensors()->Get(static_cast<flatbuffers::uoffset_t>(in))->offset();
    const uint64_t out_offset =
        Root(overlap)->tensors()->Get(static_cast<flatbuffers::uoffset_t>(out))->offset();
    ASSERT_TRUE(SetOffset(overlap, out, in_offset) || SetOffset(overlap, in, out_offset));
  }
  ASSERT_FALSE(Open(overlap).ok());
  AlignedBytes swapped(good);
  SwapOperators(swapped, 0);
  ASSERT_FALSE(Open(swapped).ok());
  const std::vector<std::pair<std::string, const AlignedBytes*>> cases = {
      {"overlap", &overlap}, {"reads before it is written", &swapped}};
  for (const auto& [text, bytes] : cases) {
    const std::string path = dir.File("tampered.arena");
    WriteBytes(path, std::vector<uint8_t>(bytes->span().begin(), bytes->span().end()));
    for (const char* verb : {"inspect", "check", "run"}) {
      std::vector<std::string> args = {verb, path};
      if (std::string(verb) == "run") args.insert(args.end(), {"--random-input", "1"});
      const CliResult result = RunCli(args);
      EXPECT_EQ(result.exit_code, 4) << verb << ": " << result.err;
      EXPECT_NE(result.err.find(text == "overlap" ? "overlap" : "before operators[1]"),
                std::string::npos)
          << verb << ": " << result.err;
    }
  }
}

}  // namespace
}  // namespace arenastore::cli::testing
