// Artifacts planned against a skewed copy of the kernels' size functions, the way an artifact
// planned against another kernel library version would be: the CLI tests' rejects and warnings.
// Header-only (tests/tools globs *_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "tests/planner/skewed_sizer.h"
#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {

inline std::vector<uint8_t> ReadBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

inline void WriteBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

using arenastore::testing::SkewedSizer;

struct Skewed {
  std::string path;
  int32_t op_index = -1;
  size_t planned = 0;
  size_t needed = 0;
};

// A built-in example (by default all-ops, whose transpose_conv2d has the most ref scratch) with
// the ops of one kind planned `delta` bytes off.
inline Skewed CompileSkewed(const TempDir& dir, int64_t delta,
                            kernels::OpKind kind = kernels::OpKind::kTransposeConv2d,
                            const std::string& example = "all-ops") {
  auto built = planner::BuildExample(example);
  EXPECT_TRUE(built.ok()) << built.status().message();
  if (!built.ok()) return {};
  const planner::Graph graph = std::move(built.value());
  const SkewedSizer sizer(delta, kind);
  planner::CompileOptions options;
  options.sizer = &sizer;
  auto model = planner::Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  Skewed skewed;
  skewed.path = dir.File(delta < 0 ? "short.arena" : "surplus.arena");
  WriteBytes(skewed.path, model->artifact);
  const planner::KernelScratchSizer real;
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    kernels::OpParams params = planner::LowerOp(graph, i)->Params();
    params.form = model->forms[i];  // what the op runs as planned (planner/exec_forms.h)
    if (model->scratch_bytes[i] != real.ScratchBytes(params, kernels::Isa::kRef)) {
      skewed.op_index = static_cast<int32_t>(i);
      skewed.planned = model->scratch_bytes[i];
      skewed.needed = real.ScratchBytes(params, kernels::Isa::kRef);
      break;
    }
  }
  EXPECT_GE(skewed.op_index, 0) << "no " << kernels::OpKindName(kind) << " in " << example;
  return skewed;
}

// ds-cnn planned with `pad_bytes` more scratch than the kernels need for every op: surplus that
// a re-plan gives back only as far as it raised the peak.
inline std::string CompilePadded(const TempDir& dir, size_t pad_bytes) {
  const SkewedSizer sizer(static_cast<int64_t>(pad_bytes));
  planner::CompileOptions options;
  options.sizer = &sizer;
  auto model = planner::Compile(planner::BuildDsCnn(), options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  const std::string path = dir.File("padded.arena");
  WriteBytes(path, model->artifact);
  return path;
}

}  // namespace arenastore::cli::testing
