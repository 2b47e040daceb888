// Real artifacts for the store tests, compiled by the planner from tiny graphs: a conv2d (so
// an operator has planned scratch), a reshape, a fully connected layer whose output depth
// makes each artifact distinct, and a softmax. Header-only (tests/store globs *_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/op_kind.h"
#include "kernels/version.h"
#include "planner/compile.h"
#include "planner/graph_builder.h"

namespace arenastore::store::testing {

inline std::vector<uint8_t> TinyArtifact(int32_t depth, const std::string& name = "tiny",
                                         kernels::Isa isa = kernels::Isa::kRef) {
  planner::GraphBuilder builder(name, 7);
  int32_t x = builder.Input("input", {1, 4, 4, 2}, 0.05f, 0);
  x = builder.Conv2d(x, 3, 3, 3, 1, planner::Padding::SAME, planner::Activation::RELU);
  x = builder.Reshape(x, {1, 48});
  x = builder.FullyConnected(x, depth, planner::Activation::NONE);
  builder.Output(builder.Softmax(x));
  planner::CompileOptions options;
  options.target_isa = isa;
  auto compiled = planner::Compile(builder.Build(), options);
  if (!compiled.ok()) {
    ADD_FAILURE() << "compile tiny artifact: " << compiled.status().message();
    return {};
  }
  return compiled->artifact;
}

// The kernel library version every TinyArtifact records, as the store writes it ("1.1.0").
inline std::string KernelVersionText() {
  return std::to_string(kernels::kLibraryVersion.major) + "." +
         std::to_string(kernels::kLibraryVersion.minor) + "." +
         std::to_string(kernels::kLibraryVersion.patch);
}

// `count` distinct artifacts (output depths first_depth, first_depth + 1, ...).
inline std::vector<std::vector<uint8_t>> DistinctArtifacts(int32_t count, int32_t first_depth = 2) {
  std::vector<std::vector<uint8_t>> artifacts;
  for (int32_t i = 0; i < count; ++i) artifacts.push_back(TinyArtifact(first_depth + i));
  return artifacts;
}

}  // namespace arenastore::store::testing
