// The contract every operator of the list keeps, checked on its unit's cases
// (ops/<op>/<op>_cases.cc): a new op gets these tests by being in ops/op_list.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "planner/artifact_equivalence.h"
#include "planner/artifact_reader.h"
#include "planner/compile.h"
#include "planner/lower_op.h"
#include "runtime/gate.h"
#include "runtime/op_params_builder.h"
#include "tests/kernels/guarded_scratch.h"
#include "tests/ops/op_case.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore::planner {
namespace {

using kernels::Isa;
using kernels::OpKind;

class OpContract : public ::testing::TestWithParam<OpKind> {
 protected:
  std::vector<OpCase> Cases() const {
    std::vector<OpCase> cases = CasesOf(GetParam());
    EXPECT_FALSE(cases.empty()) << kernels::OpKindName(GetParam()) << " has no test cases";
    return cases;
  }
};

std::string NameOf(const ::testing::TestParamInfo<OpKind>& info) {
  return kernels::OpKindName(info.param);
}

std::vector<OpKind> EveryOp() {
  std::vector<OpKind> kinds;
  for (int op = 0; op < kernels::kOpKindCount; ++op) kinds.push_back(static_cast<OpKind>(op));
  return kinds;
}

INSTANTIATE_TEST_SUITE_P(EveryOp, OpContract, ::testing::ValuesIn(EveryOp()), NameOf);

Result<CompiledModel> CompileFor(const Graph& graph, Isa isa) {
  CompileOptions options;
  options.target_isa = isa;
  return Compile(graph, options);
}

// Bytes for every input of `op`: the constant's own, or seeded random activations (valid ones:
// a bool is 0 or 1).
std::vector<std::vector<uint8_t>> InputBytes(const Graph& graph, const Op& op, uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<std::vector<uint8_t>> bytes;
  for (int32_t t : op.inputs) {
    if (t < 0) {
      bytes.emplace_back();
      continue;
    }
    const Tensor& tensor = graph.tensors[t];
    if (tensor.is_constant) {
      bytes.push_back(tensor.data);
      continue;
    }
    std::vector<uint8_t> values(tensor.bytes());
    for (uint8_t& value : values) value = static_cast<uint8_t>(random());
    if (tensor.type == DataType::kBool) {
      for (uint8_t& value : values) value &= 1;  // a bool's byte is 0 or 1
    }
    bytes.push_back(std::move(values));
  }
  return bytes;
}

struct KernelRun {
  Status status;
  std::vector<std::vector<uint8_t>> outputs;  // one per output of the op, in order
  bool guards_intact = true;
};

// The bytes of each output of `op`.
std::vector<size_t> OutputBytes(const Graph& graph, const Op& op) {
  std::vector<size_t> bytes;
  for (int32_t t : op.outputs) bytes.push_back(graph.tensors[t].bytes());
  return bytes;
}

// `inputs` is copied: a stateful op (svdf) rewrites its state input, and every run must start
// from the same state.
KernelRun RunKernel(const kernels::OpParams& params, Isa isa,
                    std::vector<std::vector<uint8_t>> inputs,
                    const std::vector<size_t>& output_bytes, uint8_t pattern) {
  kernels::OpOperands operands{};
  operands.num_inputs = static_cast<int32_t>(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) {
    operands.inputs[k] = inputs[k].empty() ? nullptr : inputs[k].data();
  }
  KernelRun run;
  for (size_t bytes : output_bytes) run.outputs.emplace_back(bytes, 0x5A);
  for (size_t k = 0; k < run.outputs.size(); ++k) operands.outputs[k] = run.outputs[k].data();
  operands.num_outputs = static_cast<int32_t>(run.outputs.size());
  kernels::testing::GuardedScratch scratch(kernels::ScratchBytes(params, isa), pattern);
  run.status = kernels::Eval(params, isa, operands, scratch.scratch());
  run.guards_intact = scratch.GuardsIntact();
  return run;
}

TEST_P(OpContract, EveryVariantEqualsRefInsideExactlyItsDeclaredScratch) {
  for (const OpCase& c : Cases()) {
    const size_t op_index = c.graph.ops.size() - 1;
    const Op& op = c.graph.ops[op_index];
    auto lowered = LowerOp(c.graph, op_index);
    ASSERT_TRUE(lowered.ok()) << c.name << ": " << lowered.status().message();
    const kernels::OpParams params = lowered->Params();
    const auto inputs = InputBytes(c.graph, op, 7);
    const std::vector<size_t> output_bytes = OutputBytes(c.graph, op);
    const KernelRun expected = RunKernel(params, Isa::kRef, inputs, output_bytes, 0xA5);
    ASSERT_TRUE(expected.status.ok()) << c.name << ": " << expected.status.message();
    ASSERT_TRUE(expected.guards_intact) << c.name << ": ref wrote past its declared scratch";
    for (const kernels::KernelEntry& entry : kernels::KernelsOf(GetParam())) {
      if (entry.dtype != params.dtype || !kernels::KernelRunnable(entry)) continue;
      for (uint8_t pattern : {uint8_t{0xA5}, uint8_t{0x00}}) {
        const KernelRun run = RunKernel(params, entry.isa, inputs, output_bytes, pattern);
        ASSERT_TRUE(run.status.ok()) << c.name << " on " << kernels::OpKindName(entry.op) << "/"
                                     << kernels::IsaName(entry.isa) << ": " << run.status.message();
        EXPECT_TRUE(run.guards_intact)
            << c.name << ": " << kernels::OpKindName(entry.op) << "/" << kernels::IsaName(entry.isa)
            << " wrote outside its declared scratch";
        EXPECT_EQ(run.outputs, expected.outputs) << c.name << ": " << kernels::OpKindName(entry.op)
                                                 << "/" << kernels::IsaName(entry.isa) << " != ref";
      }
    }
  }
}

// Every variant's over-input form (kernels/exec_form.h) that applies to a case gives ref's whole
// output with its input where the form puts it in the output's bytes (at its first byte, or
// ending at its last), inside exactly the form's declared scratch.
TEST_P(OpContract, EveryOverInputFormEqualsRefWholeOverItsInput) {
  for (const OpCase& c : Cases()) {
    const size_t op_index = c.graph.ops.size() - 1;
    const Op& op = c.graph.ops[op_index];
    if (op.outputs.size() != 1 || op.inputs.empty() || op.inputs[0] < 0) continue;
    auto lowered = LowerOp(c.graph, op_index);
    ASSERT_TRUE(lowered.ok()) << c.name << ": " << lowered.status().message();
    kernels::OpParams params = lowered->Params();
    const auto inputs = InputBytes(c.graph, op, 11);
    const std::vector<size_t> output_bytes = OutputBytes(c.graph, op);
    const KernelRun expected = RunKernel(params, Isa::kRef, inputs, output_bytes, 0xA5);
    ASSERT_TRUE(expected.status.ok()) << c.name << ": " << expected.status.message();
    params.form = kernels::ExecForm::kOverInput;
    for (const kernels::KernelEntry& entry : kernels::KernelsOf(GetParam())) {
      const kernels::KernelForm* form = kernels::FormOf(&entry, params.form, params);
      if (entry.dtype != params.dtype || form == nullptr || form->eval == nullptr) continue;
      const std::string variant =
          c.name + " on " + kernels::OpKindName(entry.op) + "/" + kernels::IsaName(entry.isa);
      const size_t in_bytes = inputs[0].size(), out_bytes = output_bytes[0];
      const size_t lead = kernels::OverInputLeadBytes(in_bytes, out_bytes);
      std::vector<uint8_t> shared(std::max(in_bytes, out_bytes), 0x5A);
      std::memcpy(shared.data() + lead, inputs[0].data(), in_bytes);
      kernels::OpOperands operands{};
      operands.num_inputs = static_cast<int32_t>(inputs.size());
      for (size_t k = 0; k < inputs.size(); ++k) {
        operands.inputs[k] = inputs[k].empty() ? nullptr : inputs[k].data();
      }
      operands.inputs[0] = shared.data() + lead;
      operands.outputs[0] = shared.data();
      operands.num_outputs = 1;
      kernels::testing::GuardedScratch scratch(kernels::ScratchBytes(params, entry.isa), 0xA5);
      const Status status = kernels::Eval(params, entry.isa, operands, scratch.scratch());
      ASSERT_TRUE(status.ok()) << variant << " over its input: " << status.message();
      EXPECT_TRUE(scratch.GuardsIntact()) << variant << " wrote outside its declared scratch";
      shared.resize(out_bytes);
      EXPECT_EQ(shared, expected.outputs[0]) << variant << " over its input != ref whole";
    }
  }
}

// The offset of the first byte where the two differ, -1 when they are equal.
int FirstDifference(const kernels::OpParams& a, const kernels::OpParams& b) {
  const auto* x = reinterpret_cast<const uint8_t*>(&a);
  const auto* y = reinterpret_cast<const uint8_t*>(&b);
  for (size_t i = 0; i < sizeof(kernels::OpParams); ++i) {
    if (x[i] != y[i]) return static_cast<int>(i);
  }
  return -1;
}

TEST_P(OpContract, PlannerAndRuntimeLowerToTheSameParamsForEveryTarget) {
  for (const OpCase& c : Cases()) {
    const int32_t op_index = static_cast<int32_t>(c.graph.ops.size()) - 1;
    auto lowered = LowerOp(c.graph, static_cast<size_t>(op_index));
    ASSERT_TRUE(lowered.ok()) << c.name << ": " << lowered.status().message();
    for (int isa = 0; isa < kernels::kIsaCount; ++isa) {
      auto model = CompileFor(c.graph, static_cast<Isa>(isa));
      ASSERT_TRUE(model.ok()) << c.name << " for " << kernels::IsaName(static_cast<Isa>(isa))
                              << ": " << model.status().message();
      testing::AlignedBuffer bytes = testing::AlignedCopy(model->artifact);
      auto view = runtime::ArtifactView::Create(bytes.span());
      ASSERT_TRUE(view.ok()) << c.name << ": " << view.status().message();
      kernels::OpParams from_artifact;
      ASSERT_TRUE(runtime::BuildOpParams(*view, op_index, &from_artifact).ok()) << c.name;
      // The params as lowered, in the execution form the plan chose for the op.
      kernels::OpParams planned = lowered->Params();
      planned.form = model->forms[op_index];
      const kernels::OpParams rebound = lowered->Rebound(from_artifact);
      EXPECT_EQ(FirstDifference(rebound, planned), -1)
          << c.name << ": the runtime reads other params from the artifact than the planner "
          << "lowered (the byte offset above differs)";
      EXPECT_EQ(view->PlannedScratchBytes(op_index),
                kernels::ScratchBytes(planned, static_cast<Isa>(isa)))
          << c.name;
    }
  }
}

TEST_P(OpContract, ArtifactReadsBackAndReplansToTheSameComputation) {
  for (const OpCase& c : Cases()) {
    auto model = CompileFor(c.graph, Isa::kRef);
    ASSERT_TRUE(model.ok()) << c.name << ": " << model.status().message();
    testing::AlignedBuffer bytes = testing::AlignedCopy(model->artifact);
    auto view = runtime::ArtifactView::Create(bytes.span());
    ASSERT_TRUE(view.ok()) << c.name;
    auto graph = ReadGraph(*view);
    ASSERT_TRUE(graph.ok()) << c.name << ": " << graph.status().message();
    auto replanned = Compile(*graph, ReadCompileOptions(*view));
    ASSERT_TRUE(replanned.ok()) << c.name << ": " << replanned.status().message();
    testing::AlignedBuffer replanned_bytes = testing::AlignedCopy(replanned->artifact);
    auto replanned_view = runtime::ArtifactView::Create(replanned_bytes.span());
    ASSERT_TRUE(replanned_view.ok()) << c.name;
    const Status same = CheckSameComputation(*view, *replanned_view);
    EXPECT_TRUE(same.ok()) << c.name << ": " << same.message();
    EXPECT_EQ(testing::RunOnRandomInputs(model->artifact, 3),
              testing::RunOnRandomInputs(replanned->artifact, 3))
        << c.name;
  }
}

// A flipped byte may make a pool enormous; such an artifact is valid format, but not for a test
// to allocate.
bool PoolsFitATest(const runtime::ArtifactView& view) {
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    if (view.pool(p).planned_bytes() > (uint64_t{64} << 20)) return false;
  }
  return true;
}

// Every byte of the operator's artifact, flipped in turn (and every truncation at an eighth),
// is refused with an error or judged and run safely: never a crash (the sanitizer build runs
// this too).
TEST_P(OpContract, HostileBytesAreRefusedOrRunSafely) {
  for (const OpCase& c : Cases()) {
    auto model = CompileFor(c.graph, Isa::kRef);
    ASSERT_TRUE(model.ok()) << c.name;
    const std::vector<uint8_t>& original = model->artifact;
    const size_t step = original.size() / 509 + 1;  // at most ~500 positions per case
    int refused = 0;
    for (size_t at = 0; at < original.size(); at += step) {
      std::vector<uint8_t> hostile = original;
      hostile[at] ^= static_cast<uint8_t>(0x5B + at);
      testing::AlignedBuffer bytes = testing::AlignedCopy(hostile);
      auto view = runtime::ArtifactView::Create(bytes.span());
      if (!view.ok()) {
        ++refused;
        continue;
      }
      if (!PoolsFitATest(*view)) continue;
      runtime::Finding findings[8];
      const runtime::GateReport report = runtime::EvaluateGate(
          *view, runtime::ThisRuntime(), runtime::GatePolicy::kDefault, {}, findings, {});
      if (report.verdict == runtime::Verdict::kReject) continue;
      std::vector<testing::AlignedBuffer> pools;
      std::vector<std::string> names;
      std::vector<runtime::PoolBuffer> buffers;
      for (int32_t p = 0; p < view->pool_count(); ++p) {
        pools.emplace_back(static_cast<size_t>(view->pool(p).planned_bytes()));
        names.push_back(view->pool(p).name()->str());
      }
      for (size_t p = 0; p < pools.size(); ++p) {
        buffers.push_back({names[p].c_str(), pools[p].span()});
      }
      auto executor = runtime::Executor::Create(*view, buffers, Isa::kRef);
      if (executor.ok()) static_cast<void>(executor->Invoke());
    }
    for (size_t eighth = 1; eighth < 8; ++eighth) {
      testing::AlignedBuffer bytes = testing::AlignedCopy(
          std::span<const uint8_t>(original.data(), original.size() * eighth / 8));
      EXPECT_FALSE(runtime::ArtifactView::Create(bytes.span()).ok())
          << c.name << ": a truncated artifact was accepted";
    }
    EXPECT_GT(refused, 0) << c.name << ": no flipped byte was refused";
  }
}

}  // namespace
}  // namespace arenastore::planner
