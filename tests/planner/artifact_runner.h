// Test helper: runs an artifact on this host with the reference kernels, out of freshly
// allocated pools, on seeded random inputs (bools 0 or 1), and returns every output's bytes, so
// tests can assert that two artifacts compute bit-identical results. Header-only; heap OK.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "runtime/artifact_view.h"
#include "runtime/executor.h"

namespace arenastore::testing {

using Outputs = std::vector<std::vector<uint8_t>>;

// 16-byte aligned storage, as the view and the executor require.
struct AlignedBuffer {
  explicit AlignedBuffer(size_t size) : blocks((size + 15) / 16 + 1), size(size) {}
  uint8_t* data() { return reinterpret_cast<uint8_t*>(blocks.data()); }
  std::span<uint8_t> span() { return {data(), size}; }
  struct alignas(16) Block {
    uint8_t bytes[16];
  };
  std::vector<Block> blocks;
  size_t size;
};

inline AlignedBuffer AlignedCopy(std::span<const uint8_t> bytes) {
  AlignedBuffer buffer(bytes.size());
  std::copy(bytes.begin(), bytes.end(), buffer.data());
  return buffer;
}

// Empty (with a test failure) when the artifact cannot run here.
inline Outputs RunOnRandomInputs(std::span<const uint8_t> artifact_bytes, uint32_t seed) {
  AlignedBuffer bytes = AlignedCopy(artifact_bytes);
  auto view = runtime::ArtifactView::Create(bytes.span());
  if (!view.ok()) {
    ADD_FAILURE() << "view: " << view.status().message();
    return {};
  }
  std::vector<AlignedBuffer> pools;
  std::vector<std::string> names;
  std::vector<runtime::PoolBuffer> buffers;
  for (int32_t p = 0; p < view->pool_count(); ++p) {
    pools.emplace_back(static_cast<size_t>(view->pool(p).planned_bytes()));
    names.push_back(view->pool(p).name()->str());
  }
  for (size_t p = 0; p < pools.size(); ++p) buffers.push_back({names[p].c_str(), pools[p].span()});
  auto executor = runtime::Executor::Create(*view, buffers, kernels::Isa::kRef);
  if (!executor.ok()) {
    ADD_FAILURE() << "executor: " << executor.status().message();
    return {};
  }
  std::mt19937 random(seed);
  for (int32_t i = 0; i < view->input_count(); ++i) {
    std::vector<uint8_t> input(executor->InputTensor(i).size());
    for (uint8_t& byte : input) byte = static_cast<uint8_t>(random());
    const auto& artifact = view->artifact();
    const auto tensor = static_cast<flatbuffers::uoffset_t>(
        artifact.inputs()->Get(static_cast<flatbuffers::uoffset_t>(i)));
    if (artifact.tensors()->Get(tensor)->type() == schema::DataType::BOOL) {
      for (uint8_t& byte : input) byte &= 1;  // a bool's byte is 0 or 1
    }
    EXPECT_TRUE(executor->SetInput(i, input).ok());
  }
  const Status status = executor->Invoke();
  if (!status.ok()) {
    ADD_FAILURE() << "invoke: " << status.message();
    return {};
  }
  Outputs outputs;
  for (int32_t i = 0; i < view->output_count(); ++i) {
    outputs.emplace_back(executor->OutputTensor(i).size());
    EXPECT_TRUE(executor->GetOutput(i, outputs.back()).ok());
  }
  return outputs;
}

}  // namespace arenastore::testing
