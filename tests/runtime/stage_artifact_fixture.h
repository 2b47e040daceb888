// Test helper: a chain model (conv2d 3x3 SAME -> depthwise_conv2d 3x3 stride 2 -> average_pool2d
// 2x2 stride 2) planned whole, and the same model rewritten into a row-stage artifact (format
// 1.4) through FlatBuffers' object API, as the planner will write one: the stage table, each inner
// tensor's bytes shrunk to its strip buffer and placed past the pool's planned bytes (growing the
// pool), and each stage op's scratch set to its largest strip's need on one variant. Host-only
// test code: heap OK.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <functional>
#include <memory>
#include <vector>

#include "runtime/op_params_builder.h"
#include "runtime/row_stage.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime::testing {

// Tensor and op indices of StageChainSpec().
enum StageChainTensor : int32_t {
  kChainInput = 0,   // [1,12,10,3]
  kChainConvOut = 3,  // [1,12,10,8]: inner tensor 0
  kChainDwOut = 6,    // [1,6,5,8]: inner tensor 1
  kChainPoolOut = 7,  // [1,3,2,8]: the stage output
};
inline constexpr int32_t kChainOps = 3;
inline constexpr int32_t kChainOutputRows = 3;

// The chain planned whole (PlanSequentially) for `isa`, each op's scratch what its kernels need.
inline ArtifactSpec StageChainSpec(kernels::Isa isa = kernels::Isa::kRef) {
  ArtifactSpec spec;
  spec.target_isa = static_cast<uint8_t>(isa);
  spec.tensors = {
      ActivationTensor("input", {1, 12, 10, 3}, 0.05f, -1),
      ConstantTensor("conv/filter", schema::DataType::INT8, {8, 3, 3, 3}, Pattern(216, 3)),
      ConstantTensor("conv/bias", schema::DataType::INT32, {8},
                     Int32Bytes({40, -25, 7, 0, 12, -3, 90, -60})),
      ActivationTensor("conv/out", {1, 12, 10, 8}, 0.04f, 2),
      ConstantTensor("dw/filter", schema::DataType::INT8, {1, 3, 3, 8}, Pattern(72, 5, 13)),
      ConstantTensor("dw/bias", schema::DataType::INT32, {8},
                     Int32Bytes({-100, 60, 0, 33, -7, 5, 18, -40})),
      ActivationTensor("dw/out", {1, 6, 5, 8}, 0.03f, -3),
      ActivationTensor("pool/out", {1, 3, 2, 8}, 0.03f, -3),
  };
  ConvOptions conv;
  conv.pad_top = conv.pad_left = 1;
  conv.multipliers = std::vector<int32_t>(8, 1200000000);
  conv.shifts = std::vector<int32_t>(8, -4);
  ConvOptions dw;
  dw.stride = 2;
  dw.multipliers = std::vector<int32_t>(8, 1 << 30);
  dw.shifts = std::vector<int32_t>(8, -3);
  spec.ops = {
      {static_cast<uint8_t>(kernels::OpKind::kConv2d),
       {kChainInput, 1, 2},
       {kChainConvOut},
       Conv2dOptionsWriter(conv),
       {}},
      {static_cast<uint8_t>(kernels::OpKind::kDepthwiseConv2d),
       {kChainConvOut, 4, 5},
       {kChainDwOut},
       DepthwiseConv2dOptionsWriter(dw, 1),
       {}},
      {static_cast<uint8_t>(kernels::OpKind::kAveragePool2d),
       {kChainDwOut},
       {kChainPoolOut},
       Pool2dOptionsWriter(2, 2),
       {}},
  };
  spec.inputs = {kChainInput};
  spec.outputs = {kChainPoolOut};
  PlanSequentially(&spec);
  const std::vector<uint64_t> scratch = KernelScratchBytes(spec, isa);
  for (size_t k = 0; k < spec.ops.size(); ++k) {
    if (scratch[k] > 0) spec.ops[k].scratch = {{scratch[k], 0, 0}};
  }
  PlanSequentially(&spec);
  return spec;
}

// The stage's ops as the runner sees them, lowered from `bytes` (a valid whole artifact).
inline std::vector<StageOp> ChainStageOps(std::span<const uint8_t> bytes, kernels::Isa isa) {
  const schema::Artifact& artifact = *schema::GetArtifact(bytes.data());
  std::vector<StageOp> ops(kChainOps);
  for (int32_t k = 0; k < kChainOps; ++k) {
    ops[size_t(k)].isa = isa;
    EXPECT_TRUE(BuildOpParams(artifact, k, &ops[size_t(k)].params).ok());
  }
  return ops;
}

// `whole` (StageChainSpec serialized) with ops 0-2 made one stage of `strip_rows` rows, sized for
// `isa`; `edit` then changes the artifact further (to break one thing).
inline AlignedBytes WithChainStage(std::span<const uint8_t> whole, int32_t strip_rows,
                                   kernels::Isa isa,
                                   const std::function<void(schema::ArtifactT&)>& edit = {}) {
  const std::vector<StageOp> ops = ChainStageOps(whole, isa);
  const RowStageBytes need = RowStageBufferBytes(ops, strip_rows).value();
  auto artifact = schema::UnPackArtifact(whole.data());
  artifact->stages.emplace_back(/*first_op=*/0, kChainOps, strip_rows);
  uint64_t next = artifact->pools[0]->planned_bytes;
  for (int32_t k = 0; k < kChainOps; ++k) {
    schema::OperatorT& op = *artifact->operators[size_t(k)];
    if (k + 1 < kChainOps) {
      schema::TensorT& inner = *artifact->tensors[size_t(op.outputs[0])];
      inner.bytes = need.inner_bytes[k];
      inner.offset = next;
      next = AlignUp(next + inner.bytes, 16);
    }
    op.scratch.clear();
    if (need.scratch_bytes[k] == 0) continue;
    auto scratch = std::make_unique<schema::ScratchT>();
    scratch->bytes = need.scratch_bytes[k];
    scratch->pool = 0;
    scratch->offset = next;
    next = AlignUp(next + scratch->bytes, 16);
    op.scratch.push_back(std::move(scratch));
  }
  artifact->pools[0]->planned_bytes = next;
  if (edit) edit(*artifact);
  flatbuffers::FlatBufferBuilder builder;
  schema::FinishArtifactBuffer(builder, schema::Artifact::Pack(builder, artifact.get()));
  return AlignedBytes({builder.GetBufferPointer(), builder.GetSize()});
}

}  // namespace arenastore::runtime::testing
