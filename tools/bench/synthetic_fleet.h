// A synthetic fleet for the fleet benchmark: `artifact_count` distinct artifacts (a conv2d,
// average_pool2d, fully connected, softmax model, planned for the five ISAs in turn, a third of
// them with scratch planned short and a third long through an injected sizer) pushed as
// versions of 50 models, and `device_count` devices spread evenly over `class_count` device
// classes (hardware, ISA, pools), every class running every artifact on some of its devices so
// that the audit has classes x artifacts pairs to judge. Header-only; heap OK; deterministic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "store/fleet_class.h"
#include "store/fleet_csv.h"
#include "store/fleet_inventory.h"
#include "store/push.h"

namespace arenastore::bench {

inline constexpr kernels::Isa kFleetIsas[] = {kernels::Isa::kRef, kernels::Isa::kArmDsp,
                                              kernels::Isa::kArmMve, kernels::Isa::kX86Avx2,
                                              kernels::Isa::kX86Avx512Vnni};

// Plans each op's scratch short (half the need), long (+32 B) or exact.
class SkewSizer final : public planner::ScratchSizer {
 public:
  explicit SkewSizer(int skew) : skew_(skew) {}
  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override {
    const size_t need = kernels::ScratchBytes(params, isa);
    if (need == 0 || skew_ == 0) return need;
    return skew_ < 0 ? need / 2 : need + 32;
  }

 private:
  int skew_;
};

inline std::vector<uint8_t> SyntheticArtifact(int32_t index) {
  planner::GraphBuilder builder("fleet", static_cast<uint64_t>(index) + 1);
  int32_t x = builder.Input("input", {1, 8, 8, 4}, 0.05f, 0);
  x = builder.Conv2d(x, 8, 3, 3, 1, planner::Padding::SAME, planner::Activation::RELU);
  x = builder.AveragePool2d(x, 2, 2, 2, planner::Padding::VALID);
  x = builder.Reshape(x, {1, 128});
  x = builder.FullyConnected(x, 4 + index % 64, planner::Activation::NONE);
  builder.Output(builder.Softmax(x));
  const SkewSizer sizer(index % 3 - 1);  // short, exact, long in turn
  planner::CompileOptions options;
  options.target_isa = kFleetIsas[(index / 3) % 5];
  options.sizer = &sizer;
  auto compiled = planner::Compile(builder.Build(), options);
  return compiled.ok() ? compiled->artifact : std::vector<uint8_t>{};
}

// "m7@3": artifact i is version (i / 50) + 1 of model "m(i % 50)".
inline std::string SyntheticReference(int32_t artifact) {
  std::string reference = "m";
  reference += std::to_string(artifact % 50);
  reference += "@";
  reference += std::to_string(artifact / 50 + 1);
  return reference;
}

inline Status PushSyntheticArtifacts(store::Registry& registry, int32_t artifact_count) {
  for (int32_t i = 0; i < artifact_count; ++i) {
    const std::vector<uint8_t> bytes = SyntheticArtifact(i);
    std::string model = "m";
    model += std::to_string(i % 50);
    auto pushed = store::Push(registry, bytes, {model, "", "", ""});
    if (!pushed.ok()) return pushed.status();
  }
  return Status::Ok();
}

// Device d is in class d % class_count and runs artifact (d / class_count) % artifact_count.
inline std::vector<store::DeviceRow> SyntheticDevices(int64_t device_count, int32_t class_count,
                                                      int32_t artifact_count) {
  std::vector<store::DeviceRow> rows;
  rows.reserve(static_cast<size_t>(device_count));
  for (int64_t d = 0; d < device_count; ++d) {
    const int32_t c = static_cast<int32_t>(d % class_count);
    store::DeviceRow row;
    row.line = d + 2;
    row.device_id = "dev-";
    row.device_id += std::to_string(d);
    row.attributes.hardware = "board-";
    row.attributes.hardware += std::to_string(c / 5);
    row.attributes.isa = kernels::IsaName(kFleetIsas[c % 5]);
    row.attributes.kernel_version = "1.2.0";
    // Every fourth class has a pool too small for these plans.
    row.attributes.pools = {{"sram", c % 4 == 3 ? uint64_t{1024} : uint64_t{65536} << (c % 4)}};
    row.model_reference =
        SyntheticReference(static_cast<int32_t>((d / class_count) % artifact_count));
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace arenastore::bench
