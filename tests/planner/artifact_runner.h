// Test helper: runs an artifact on this host with the reference kernels, out of freshly
// allocated pools, on seeded random inputs (bools 0 or 1) or given ones, and returns every
// output's bytes, so tests can assert that two artifacts compute bit-identical results, or what
// one computes. Header-only; heap OK.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
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

// Every output's bytes after one invoke whose input k holds input_of(k, its byte size, whether
// it is bool); empty (with a test failure) when the artifact cannot run here.
inline Outputs RunWith(std::span<const uint8_t> artifact_bytes,
                       const std::function<std::vector<uint8_t>(int32_t, size_t, bool)>& input_of,
                       kernels::Isa isa = kernels::Isa::kRef) {
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
  auto executor = runtime::Executor::Create(*view, buffers, isa);
  if (!executor.ok()) {
    ADD_FAILURE() << "executor: " << executor.status().message();
    return {};
  }
  for (int32_t i = 0; i < view->input_count(); ++i) {
    const auto& artifact = view->artifact();
    const auto tensor = static_cast<flatbuffers::uoffset_t>(
        artifact.inputs()->Get(static_cast<flatbuffers::uoffset_t>(i)));
    const bool is_bool = artifact.tensors()->Get(tensor)->type() == schema::DataType::BOOL;
    const std::vector<uint8_t> input = input_of(i, executor->InputTensor(i).size(), is_bool);
    const Status set = executor->SetInput(i, input);
    if (!set.ok()) {
      ADD_FAILURE() << "input " << i << ": " << set.message();
      return {};
    }
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

// On seeded random inputs (a bool's byte 0 or 1).
inline Outputs RunOnRandomInputs(std::span<const uint8_t> artifact_bytes, uint32_t seed) {
  std::mt19937 random(seed);
  return RunWith(artifact_bytes, [&](int32_t, size_t size, bool is_bool) {
    std::vector<uint8_t> input(size);
    for (uint8_t& byte : input) byte = static_cast<uint8_t>(random());
    if (is_bool) {
      for (uint8_t& byte : input) byte &= 1;
    }
    return input;
  });
}

// On the given inputs' bytes, one string per model input in order.
inline Outputs RunOnInputs(std::span<const uint8_t> artifact_bytes,
                           const std::vector<std::vector<uint8_t>>& inputs) {
  return RunWith(artifact_bytes, [&](int32_t k, size_t, bool) {
    return static_cast<size_t>(k) < inputs.size() ? inputs[static_cast<size_t>(k)]
                                                  : std::vector<uint8_t>{};
  });
}

}  // namespace arenastore::testing
