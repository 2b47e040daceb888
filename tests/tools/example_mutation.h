// Built-in examples compiled to bytes that tests edit in place (the hostile-artifact and
// tampered-plan suites): the list of examples, their compiled artifacts, and the artifact's
// tables as writable FlatBuffers (scalars and vector elements keep their size).
#pragma once

#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "runtime/schema/artifact_schema.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::cli::testing {

inline constexpr const char* kExamples[] = {"ds-cnn",   "mobilenet-v1", "resnet8",     "all-ops",
                                            "coverage", "svdf-kws",     "lstm-gesture"};

// `over_input` false: every operator writes whole tensors (planner/exec_forms.h).
inline std::vector<uint8_t> CompileExample(const std::string& name, bool over_input = true) {
  auto graph = planner::BuildExample(name);
  EXPECT_TRUE(graph.ok()) << graph.status().message();
  if (!graph.ok()) return {};
  planner::CompileOptions options;
  options.over_input = over_input;
  auto model = planner::Compile(graph.value(), options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  return model.ok() ? model->artifact : std::vector<uint8_t>{};
}

inline schema::Artifact* Root(runtime::testing::AlignedBytes& bytes) {
  return flatbuffers::GetMutableRoot<schema::Artifact>(bytes.data());
}

}  // namespace arenastore::cli::testing
