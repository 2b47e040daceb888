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

// Records `delta` bytes more (or fewer) scratch than the kernels need for one op kind, the way
// an artifact planned against another kernel library version would.
class SkewedSizer final : public planner::ScratchSizer {
 public:
  SkewedSizer(kernels::OpKind kind, int64_t delta) : kind_(kind), delta_(delta) {}
  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override {
    const size_t real = kernels::ScratchBytes(params, isa);
    if (params.kind != kind_ || real == 0) return real;
    return static_cast<size_t>(static_cast<int64_t>(real) + delta_);
  }

 private:
  kernels::OpKind kind_;
  int64_t delta_;
};

struct Skewed {
  std::string path;
  int32_t op_index = -1;
  size_t planned = 0;
  size_t needed = 0;
};

inline Skewed CompileSkewed(const TempDir& dir, int64_t delta) {
  const planner::Graph graph = planner::BuildDsCnn();
  const SkewedSizer sizer(kernels::OpKind::kAveragePool2d, delta);
  planner::CompileOptions options;
  options.sizer = &sizer;
  auto model = planner::Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  Skewed skewed;
  skewed.path = dir.File(delta < 0 ? "short.arena" : "surplus.arena");
  WriteBytes(skewed.path, model->artifact);
  const planner::KernelScratchSizer real;
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    if (model->scratch_bytes[i] !=
        real.ScratchBytes(planner::LowerOp(graph, i)->Params(), kernels::Isa::kRef)) {
      skewed.op_index = static_cast<int32_t>(i);
      skewed.planned = model->scratch_bytes[i];
      skewed.needed = real.ScratchBytes(planner::LowerOp(graph, i)->Params(), kernels::Isa::kRef);
      break;
    }
  }
  EXPECT_GE(skewed.op_index, 0) << "no average_pool2d with scratch in ds-cnn";
  return skewed;
}

// Records `pad_bytes` more scratch than the kernels need for every op of ds-cnn: surplus that a
// re-plan gives back only as far as it raised the peak.
class PaddedSizer final : public planner::ScratchSizer {
 public:
  explicit PaddedSizer(size_t pad_bytes) : pad_bytes_(pad_bytes) {}
  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override {
    return kernels::ScratchBytes(params, isa) + pad_bytes_;
  }

 private:
  size_t pad_bytes_;
};

inline std::string CompilePadded(const TempDir& dir, size_t pad_bytes) {
  const PaddedSizer sizer(pad_bytes);
  planner::CompileOptions options;
  options.sizer = &sizer;
  auto model = planner::Compile(planner::BuildDsCnn(), options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  const std::string path = dir.File("padded.arena");
  WriteBytes(path, model->artifact);
  return path;
}

}  // namespace arenastore::cli::testing
