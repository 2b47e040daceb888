// What a host runner of the variant sweeps (tests/ops/variant_sweep.h) gives them: the Arm
// variants on the portable emulation of their intrinsics (a host registry leaves their eval
// functions out, so this file names them: the same adapters, KernelRows::Eval, over the same
// kernel functions the device's rows hold), and heap buffers of the sweeps' capacities. Shared by
// the variant sweep test and the row strip sweep test. Test-only: heap OK.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/kernel_rows.h"
#include "ops/add/arm_dsp.h"
#include "ops/add/arm_mve.h"
#include "ops/average_pool2d/arm_dsp.h"
#include "ops/average_pool2d/arm_mve.h"
#include "ops/conv2d/arm_dsp.h"
#include "ops/conv2d/arm_mve.h"
#include "ops/depthwise_conv2d/arm_dsp.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "ops/fully_connected/arm_dsp.h"
#include "ops/fully_connected/arm_mve.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {

struct EmulatedVariant {
  OpKind op;
  Isa isa;
  EvalFn eval;
};

template <OpKind kOp, Isa kIsa, auto kEval>
constexpr EmulatedVariant Emulated() {
  return {kOp, kIsa, &KernelRows<kOp>::template Eval<kIsa, kEval>};
}

inline constexpr EmulatedVariant kEmulatedArmVariants[] = {
    Emulated<OpKind::kAdd, Isa::kArmDsp, &arm_dsp::Add>(),
    Emulated<OpKind::kAdd, Isa::kArmMve, &arm_mve::Add>(),
    Emulated<OpKind::kAveragePool2d, Isa::kArmDsp, &arm_dsp::AveragePool2d>(),
    Emulated<OpKind::kAveragePool2d, Isa::kArmMve, &arm_mve::AveragePool2d>(),
    Emulated<OpKind::kConv2d, Isa::kArmDsp, &arm_dsp::Conv2d>(),
    Emulated<OpKind::kConv2d, Isa::kArmMve, &arm_mve::Conv2d>(),
    Emulated<OpKind::kDepthwiseConv2d, Isa::kArmDsp, &arm_dsp::DepthwiseConv2d>(),
    Emulated<OpKind::kDepthwiseConv2d, Isa::kArmMve, &arm_mve::DepthwiseConv2d>(),
    Emulated<OpKind::kFullyConnected, Isa::kArmDsp, &arm_dsp::FullyConnected>(),
    Emulated<OpKind::kFullyConnected, Isa::kArmMve, &arm_mve::FullyConnected>(),
};

// The Arm variants' own over-input forms, emulated likewise.
inline constexpr EmulatedVariant kEmulatedArmOverInputForms[] = {
    Emulated<OpKind::kConv2d, Isa::kArmDsp, &arm_dsp::Conv2dOverInput>(),
    Emulated<OpKind::kConv2d, Isa::kArmMve, &arm_mve::Conv2dOverInput>(),
    Emulated<OpKind::kDepthwiseConv2d, Isa::kArmMve, &arm_mve::DepthwiseConv2dOverInput>(),
};

inline bool IsArm(Isa isa) { return isa == Isa::kArmDsp || isa == Isa::kArmMve; }

// The eval function that runs `entry` here: the registry's when runnable, an emulated Arm one,
// or null (an x86 variant this CPU lacks).
inline EvalFn EvalHere(const KernelEntry& entry) {
  if (KernelRunnable(entry)) return entry.eval;
  for (const EmulatedVariant& emulated : kEmulatedArmVariants) {
    if (emulated.op == entry.op && emulated.isa == entry.isa) return emulated.eval;
  }
  return nullptr;
}

// The eval function that runs `entry`'s over-input form here: the registry's when built, an
// emulated Arm one, or null (an x86 variant this CPU lacks, or a form that runs ref's code
// wherever it applies, which ref's own check covers).
inline EvalFn OverInputEvalHere(const KernelEntry& entry) {
  if (entry.over_input == nullptr) return nullptr;
  if (entry.over_input->eval != nullptr) return entry.over_input->eval;
  for (const EmulatedVariant& emulated : kEmulatedArmOverInputForms) {
    if (emulated.op == entry.op && emulated.isa == entry.isa) return emulated.eval;
  }
  return nullptr;
}

// Heap buffers of the capacities every runner gives (the device's are static).
struct HostWork {
  std::vector<int8_t> input = std::vector<int8_t>(kDataBytes);
  std::vector<int8_t> weights = std::vector<int8_t>(kDataBytes);
  std::vector<int32_t> bias = std::vector<int32_t>(kMaxChannels);
  std::vector<int32_t> multipliers = std::vector<int32_t>(kMaxChannels);
  std::vector<int32_t> shifts = std::vector<int32_t>(kMaxChannels);
  std::vector<int8_t> expected = std::vector<int8_t>(kDataBytes);
  std::vector<int8_t> actual = std::vector<int8_t>(kDataBytes);
  alignas(16) uint8_t scratch[kScratchBytes + 2 * kGuardBytes];

  Work View() { return {{input, weights, bias, multipliers, shifts}, expected, actual, scratch}; }
};

}  // namespace arenastore::kernels::sweep
