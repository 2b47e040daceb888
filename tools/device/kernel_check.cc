// Device image that checks the Arm kernel variants compiled into this board's build (arm_dsp
// with the DSP extension, arm_mve with Helium) against kernels/ref on the real instructions,
// which the host tests cannot run: a seeded sweep of shapes per op (channel counts off the
// 4- and 16-lane grid, MVE channel blocks, zero points at the int8 edges, saturating scales),
// each variant given exactly its declared scratch between guard bytes. Prints one line per
// (op, variant) and the first mismatch; exits 0 when all agree, 1 otherwise. No heap.
#include <cstring>

#include "base/format.h"
#include "ops/add/arm_dsp.h"
#include "ops/add/arm_mve.h"
#include "ops/add/ref.h"
#include "ops/average_pool2d/arm_dsp.h"
#include "ops/average_pool2d/arm_mve.h"
#include "ops/average_pool2d/ref.h"
#include "ops/conv2d/arm_dsp.h"
#include "ops/conv2d/arm_mve.h"
#include "ops/conv2d/ref.h"
#include "ops/depthwise_conv2d/arm_dsp.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "ops/depthwise_conv2d/ref.h"
#include "ops/fully_connected/arm_dsp.h"
#include "ops/fully_connected/arm_mve.h"
#include "ops/fully_connected/ref.h"
#include "tools/device/console.h"

namespace arenastore::device {
namespace {

using namespace kernels;

constexpr int kCasesPerOp = 150;
constexpr size_t kBufferBytes = 64 * 1024;
constexpr size_t kGuardBytes = 64;
constexpr uint8_t kGuardPattern = 0xa5;

// Work buffers in external RAM; generous for the swept shapes (checked before every case).
int8_t input_a[kBufferBytes] __attribute__((section(".ext")));
int8_t input_b[kBufferBytes] __attribute__((section(".ext")));
int8_t expected[kBufferBytes] __attribute__((section(".ext")));
int8_t actual[kBufferBytes] __attribute__((section(".ext")));
alignas(16) uint8_t scratch_area[kBufferBytes + 2 * kGuardBytes] __attribute__((section(".ext")));
int32_t bias[1024] __attribute__((section(".ext")));
int32_t multipliers[1024] __attribute__((section(".ext")));
int32_t shifts[1024] __attribute__((section(".ext")));

// xorshift32: deterministic, no libc.
uint32_t rng_state = 0x2545f491u;
uint32_t NextRandom() {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}
int32_t Uniform(int32_t low, int32_t high) {
  return low + static_cast<int32_t>(NextRandom() % static_cast<uint32_t>(high - low + 1));
}
bool Chance(int percent) { return Uniform(0, 99) < percent; }
int32_t ZeroPoint() {
  const int32_t pick = Uniform(0, 4);
  return pick == 0 ? -128 : pick == 1 ? 127 : pick == 2 ? 0 : Uniform(-128, 127);
}
void FillRandom(int8_t* data, size_t count) {
  for (size_t i = 0; i < count; ++i) data[i] = static_cast<int8_t>(NextRandom() >> 24);
}
int32_t Log2(int32_t value) {
  int32_t log = 0;
  while (value > 1) {
    value >>= 1;
    ++log;
  }
  return log;
}
// Per-channel requantization that mostly lands in int8 for `depth` products, sometimes not.
Requantization RandomRequant(int32_t channels, int32_t depth) {
  for (int32_t c = 0; c < channels; ++c) {
    multipliers[c] = static_cast<int32_t>((1u << 30) + (NextRandom() >> 2));
    shifts[c] = -(7 + Log2(depth) / 2) + Uniform(-2, 3);
  }
  return {multipliers, shifts, channels};
}
// Sometimes at the int32 edges: any bias is valid and the accumulator add wraps.
void FillBias(int32_t channels) {
  const bool extreme = Chance(10);
  for (int32_t c = 0; c < channels; ++c) {
    bias[c] = !extreme     ? Uniform(-40000, 40000)
              : Chance(50) ? static_cast<int32_t>(0x7fffffff - Uniform(0, 1000))
                           : static_cast<int32_t>(-0x7fffffff + Uniform(0, 1000));
  }
}
void RandomActivation(int32_t* low, int32_t* high) {
  *low = -128;
  *high = 127;
  if (Chance(40)) {
    *low = Uniform(-128, 0);
    *high = Uniform(*low, 127);
  }
}

std::span<uint8_t> GuardedScratch(size_t bytes) {
  std::memset(scratch_area, kGuardPattern, sizeof(scratch_area));
  return {scratch_area + kGuardBytes, bytes};
}
bool GuardsIntact(size_t bytes) {
  for (size_t i = 0; i < kGuardBytes; ++i) {
    if (scratch_area[i] != kGuardPattern ||
        scratch_area[kGuardBytes + bytes + i] != kGuardPattern) {
      return false;
    }
  }
  return true;
}

struct Tally {
  const char* name;
  int cases = 0;
  int failures = 0;
};

// Compares `actual` with `expected` after a variant ran; prints the first problem of a tally.
void Judge(Tally& tally, const Status& status, size_t output_bytes, size_t scratch_bytes,
           const char* shape) {
  ++tally.cases;
  const char* problem = nullptr;
  size_t at = 0;
  if (!status.ok()) {
    problem = status.message();
  } else if (!GuardsIntact(scratch_bytes)) {
    problem = "wrote outside its declared scratch";
  } else {
    for (; at < output_bytes && actual[at] == expected[at]; ++at) {
    }
    if (at < output_bytes) problem = "output differs from ref";
  }
  if (problem == nullptr) return;
  if (tally.failures++ == 0) {
    ConsolePrint("  FIRST FAILURE %s on %s: %s (byte %zu of %zu: ref %d, variant %d)\n", tally.name,
                 shape, problem, at, output_bytes, at < output_bytes ? expected[at] : 0,
                 at < output_bytes ? actual[at] : 0);
  }
}

void Report(const Tally& tally) {
  ConsolePrint("%s: %d cases, %d mismatches\n", tally.name, tally.cases, tally.failures);
}

// ---- conv2d ----

int32_t OutputSize(int32_t in, int32_t pad_before, int32_t pad_after, int32_t filter,
                   int32_t dilation, int32_t stride) {
  const int32_t room = in + pad_before + pad_after - ((filter - 1) * dilation + 1);
  return room < 0 ? 0 : room / stride + 1;
}

Conv2dParams RandomConv(bool pointwise) {
  Conv2dParams p{};
  do {
    p.batches = Uniform(1, 2);
    p.input_h = Uniform(1, 9);
    p.input_w = Uniform(1, 9);
    p.groups = !pointwise && Chance(25) ? Uniform(2, 3) : 1;
    p.input_c = Uniform(1, pointwise ? 37 : 11) * p.groups;
    p.output_c = Uniform(1, 9) * p.groups;
    p.filter_h = pointwise ? 1 : Uniform(1, 4);
    p.filter_w = pointwise ? 1 : Uniform(1, 4);
    p.stride_h = Uniform(1, 3);
    p.stride_w = Chance(70) ? p.stride_h : Uniform(1, 3);
    p.dilation_h = Chance(75) ? 1 : 2;
    p.dilation_w = Chance(75) ? p.dilation_h : Uniform(1, 2);
    p.pad_top = pointwise ? 0 : Uniform(0, 2);
    p.pad_left = pointwise ? 0 : Uniform(0, 2);
    const int32_t pad_bottom = pointwise ? 0 : Uniform(0, 2);
    const int32_t pad_right = pointwise ? 0 : Uniform(0, 2);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = ZeroPoint();
  p.output_zero_point = ZeroPoint();
  RandomActivation(&p.activation_min, &p.activation_max);
  p.requant = RandomRequant(p.output_c, p.filter_h * p.filter_w * p.input_c / p.groups);
  return p;
}

using ConvFn = Status (*)(const Conv2dParams&, const int8_t*, const int8_t*, const int32_t*,
                          int8_t*, std::span<uint8_t>);
using ConvScratchFn = size_t (*)(const Conv2dParams&);

void CheckConv(Tally& tally, ConvFn variant, ConvScratchFn variant_scratch) {
  for (int i = 0; i < kCasesPerOp; ++i) {
    const Conv2dParams p = RandomConv(i % 4 == 0);
    const size_t in = static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
    const size_t weights =
        static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups);
    const size_t out = static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
    FillRandom(input_a, in);
    FillRandom(input_b, weights);
    FillBias(p.output_c);
    const Status ref_status = ref::Conv2d(p, input_a, input_b, bias, expected,
                                          GuardedScratch(ref::Conv2dScratchBytes(p)));
    if (!ref_status.ok()) ConsolePrint("  ref conv2d failed: %s\n", ref_status.message());
    const size_t scratch = variant_scratch(p);
    const Status status = variant(p, input_a, input_b, bias, actual, GuardedScratch(scratch));
    char shape[96];
    Format(shape, sizeof(shape), "%dx%dx%d f%dx%d oc%d g%d s%d d%d", p.input_h, p.input_w,
           p.input_c, p.filter_h, p.filter_w, p.output_c, p.groups, p.stride_h, p.dilation_h);
    Judge(tally, status, out, scratch, shape);
  }
}

// ---- depthwise_conv2d ----

DepthwiseConv2dParams RandomDepthwise(bool wide) {
  DepthwiseConv2dParams p{};
  do {
    p.batches = Uniform(1, 2);
    p.input_h = Uniform(1, wide ? 4 : 9);
    p.input_w = Uniform(1, wide ? 4 : 9);
    p.input_c =
        wide ? Uniform(arm_mve::kChannelBlock - 3, 2 * arm_mve::kChannelBlock + 5) : Uniform(1, 13);
    p.depth_multiplier = Chance(75) ? 1 : Uniform(2, 3);
    // A large multiplier on few input channels, as in micro_speech (8 on 1 channel).
    const bool multiplied = !wide && Chance(10);
    if (multiplied) {
      p.input_c = Uniform(1, 3);
      p.depth_multiplier = Uniform(4, 9);
    }
    // One input channel, any multiplier, filters wider than one 8-lane row (the MVE window path).
    // A multiplier of 8 often: the DSP's written-out tap loop serves exactly that step.
    const bool one_channel = !wide && !multiplied && Chance(20);
    if (one_channel) {
      p.input_c = 1;
      p.depth_multiplier = Chance(40) ? 8 : Uniform(1, 16);
      p.input_h = Uniform(1, 14);
      p.input_w = Uniform(1, 24);
    }
    p.output_c = p.input_c * p.depth_multiplier;
    const bool three = !one_channel && Chance(40);
    p.filter_h = three ? 3 : Uniform(1, one_channel ? 10 : 5);
    p.filter_w = three ? 3 : Uniform(1, one_channel ? 11 : 5);
    p.stride_h = Uniform(1, 2);
    p.stride_w = Chance(70) ? p.stride_h : Uniform(1, 3);
    p.dilation_h = Chance(80) ? 1 : 2;
    p.dilation_w = Chance(80) ? p.dilation_h : Uniform(1, 2);
    p.pad_top = Uniform(0, 2);
    p.pad_left = Uniform(0, 2);
    const int32_t pad_bottom = Uniform(0, 2);
    const int32_t pad_right = Uniform(0, 2);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = ZeroPoint();
  p.output_zero_point = ZeroPoint();
  RandomActivation(&p.activation_min, &p.activation_max);
  p.requant = RandomRequant(p.output_c, p.filter_h * p.filter_w);
  return p;
}

// micro_speech's layer itself: 49x40x1, 10x8 filter, stride 2, "same" padding (4 top, 3 left),
// multiplier 8, RELU; random data and scales.
DepthwiseConv2dParams MicroSpeechDepthwise() {
  DepthwiseConv2dParams p{};
  p.batches = 1;
  p.input_h = 49;
  p.input_w = 40;
  p.input_c = 1;
  p.depth_multiplier = 8;
  p.output_c = 8;
  p.filter_h = 10;
  p.filter_w = 8;
  p.stride_h = p.stride_w = 2;
  p.dilation_h = p.dilation_w = 1;
  p.pad_top = 4;
  p.pad_left = 3;
  p.output_h = 25;
  p.output_w = 20;
  p.input_zero_point = ZeroPoint();
  p.output_zero_point = ZeroPoint();
  p.activation_min = 0;
  p.activation_max = 127;
  p.requant = RandomRequant(p.output_c, p.filter_h * p.filter_w);
  return p;
}

using DepthwiseFn = Status (*)(const DepthwiseConv2dParams&, const int8_t*, const int8_t*,
                               const int32_t*, int8_t*, std::span<uint8_t>);
using DepthwiseScratchFn = size_t (*)(const DepthwiseConv2dParams&);

void CheckDepthwise(Tally& tally, DepthwiseFn variant, DepthwiseScratchFn variant_scratch) {
  for (int i = 0; i < kCasesPerOp; ++i) {
    const DepthwiseConv2dParams p = i == 1 ? MicroSpeechDepthwise() : RandomDepthwise(i % 8 == 0);
    const size_t in = static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
    const size_t weights = static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c;
    const size_t out = static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
    FillRandom(input_a, in);
    FillRandom(input_b, weights);
    FillBias(p.output_c);
    const Status ref_status = ref::DepthwiseConv2d(
        p, input_a, input_b, bias, expected, GuardedScratch(ref::DepthwiseConv2dScratchBytes(p)));
    if (!ref_status.ok()) ConsolePrint("  ref depthwise failed: %s\n", ref_status.message());
    const size_t scratch = variant_scratch(p);
    const Status status = variant(p, input_a, input_b, bias, actual, GuardedScratch(scratch));
    char shape[96];
    Format(shape, sizeof(shape), "%dx%dx%d x%d f%dx%d s%d d%d pad %d,%d", p.input_h, p.input_w,
           p.input_c, p.depth_multiplier, p.filter_h, p.filter_w, p.stride_h, p.dilation_h,
           p.pad_top, p.pad_left);
    Judge(tally, status, out, scratch, shape);
  }
}

// ---- fully_connected ----

using FullyConnectedFn = Status (*)(const FullyConnectedParams&, const int8_t*, const int8_t*,
                                    const int32_t*, int8_t*, std::span<uint8_t>);
using FullyConnectedScratchFn = size_t (*)(const FullyConnectedParams&);

void CheckFullyConnected(Tally& tally, FullyConnectedFn variant,
                         FullyConnectedScratchFn variant_scratch) {
  for (int i = 0; i < kCasesPerOp; ++i) {
    FullyConnectedParams p{};
    p.batches = Uniform(1, 3);
    p.input_depth = Chance(20) ? Uniform(100, 700) : Uniform(1, 40);
    p.output_depth = Uniform(1, 11);
    p.input_zero_point = ZeroPoint();
    const bool per_channel = Chance(50);
    p.filter_zero_point = per_channel ? 0 : (Chance(50) ? Uniform(-127, 127) : 0);
    p.output_zero_point = ZeroPoint();
    RandomActivation(&p.activation_min, &p.activation_max);
    p.requant = RandomRequant(per_channel ? p.output_depth : 1, p.input_depth);
    FillRandom(input_a, static_cast<size_t>(p.batches) * p.input_depth);
    FillRandom(input_b, static_cast<size_t>(p.output_depth) * p.input_depth);
    FillBias(p.output_depth);
    const Status ref_status = ref::FullyConnected(
        p, input_a, input_b, bias, expected, GuardedScratch(ref::FullyConnectedScratchBytes(p)));
    if (!ref_status.ok()) ConsolePrint("  ref fully_connected failed: %s\n", ref_status.message());
    const size_t scratch = variant_scratch(p);
    const Status status = variant(p, input_a, input_b, bias, actual, GuardedScratch(scratch));
    char shape[64];
    Format(shape, sizeof(shape), "%d x %d -> %d, filter zp %d", p.batches, p.input_depth,
           p.output_depth, p.filter_zero_point);
    Judge(tally, status, static_cast<size_t>(p.batches) * p.output_depth, scratch, shape);
  }
}

// ---- average_pool2d ----

using PoolFn = Status (*)(const Pool2dParams&, const int8_t*, int8_t*, std::span<uint8_t>);
using PoolScratchFn = size_t (*)(const Pool2dParams&);

Pool2dParams RandomPool(bool wide) {
  Pool2dParams p{};
  do {
    p.batches = Uniform(1, 2);
    p.input_h = Uniform(1, wide ? 2 : 9);
    p.input_w = wide ? Uniform(250, 600) : Uniform(1, 9);
    p.channels = wide ? Uniform(1, 9) : (Chance(15) ? Uniform(60, 70) : Uniform(1, 13));
    p.filter_h = Uniform(1, wide ? 2 : 4);
    p.filter_w = wide ? p.input_w : Uniform(1, 4);
    p.stride_h = Uniform(1, 3);
    p.stride_w = Uniform(1, 3);
    p.pad_top = Uniform(0, p.filter_h - 1);
    p.pad_left = wide ? 0 : Uniform(0, p.filter_w - 1);
    const int32_t pad_bottom = Uniform(0, p.filter_h - 1);
    const int32_t pad_right = wide ? 0 : Uniform(0, p.filter_w - 1);
    const int32_t room_h = p.input_h + p.pad_top + pad_bottom - p.filter_h;
    const int32_t room_w = p.input_w + p.pad_left + pad_right - p.filter_w;
    p.output_h = room_h < 0 ? 0 : room_h / p.stride_h + 1;
    p.output_w = room_w < 0 ? 0 : room_w / p.stride_w + 1;
  } while (p.output_h == 0 || p.output_w == 0);
  RandomActivation(&p.activation_min, &p.activation_max);
  return p;
}

void CheckAveragePool(Tally& tally, PoolFn variant, PoolScratchFn variant_scratch) {
  for (int i = 0; i < kCasesPerOp; ++i) {
    const Pool2dParams p = RandomPool(i % 10 == 0);
    const size_t in = static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels;
    FillRandom(input_a, in);
    if (i % 20 == 0) std::memset(input_a, i % 40 == 0 ? 0x80 : 0x7f, in);  // extreme sums
    const Status ref_status =
        ref::AveragePool2d(p, input_a, expected, GuardedScratch(ref::AveragePool2dScratchBytes(p)));
    if (!ref_status.ok()) ConsolePrint("  ref average_pool2d failed: %s\n", ref_status.message());
    const size_t scratch = variant_scratch(p);
    const Status status = variant(p, input_a, actual, GuardedScratch(scratch));
    char shape[64];
    Format(shape, sizeof(shape), "%dx%dx%d f%dx%d s%d", p.input_h, p.input_w, p.channels,
           p.filter_h, p.filter_w, p.stride_h);
    Judge(tally, status, static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.channels,
          scratch, shape);
  }
}

// ---- add ----

using AddFn = Status (*)(const AddParams&, const int8_t*, const int8_t*, int8_t*,
                         std::span<uint8_t>);

AddParams RandomAdd(bool broadcast, size_t* count1, size_t* count2, size_t* count_out) {
  AddParams p{};
  *count1 = *count2 = *count_out = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const bool used = d >= kMaxBroadcastRank - 3;
    const int32_t out = used ? Uniform(1, d == kMaxBroadcastRank - 1 ? 37 : 4) : 1;
    p.shapes.output[d] = out;
    p.shapes.input1[d] = broadcast && Chance(30) ? 1 : out;
    p.shapes.input2[d] = broadcast && Chance(30) ? 1 : out;
    *count1 *= static_cast<size_t>(p.shapes.input1[d]);
    *count2 *= static_cast<size_t>(p.shapes.input2[d]);
    *count_out *= static_cast<size_t>(out);
  }
  // TensorFlow Lite's left shift of 20 hides the inner roundings behind a large output shift;
  // smaller shifts make their ties (rounded away from zero) reach the output.
  p.left_shift = Chance(50) ? 20 : Uniform(0, 12);
  p.input1_offset = -ZeroPoint();
  p.input2_offset = -ZeroPoint();
  p.output_offset = ZeroPoint();
  p.input1_multiplier = static_cast<int32_t>((1u << 30) + (NextRandom() >> 2));
  p.input2_multiplier = static_cast<int32_t>((1u << 30) + (NextRandom() >> 2));
  p.output_multiplier = static_cast<int32_t>((1u << 30) + (NextRandom() >> 2));
  p.input1_shift = Uniform(-4, p.left_shift == 20 ? -1 : 0);
  p.input2_shift = Uniform(-4, p.left_shift == 20 ? -1 : 0);
  const int32_t output_shift = -p.left_shift + Uniform(-3, 2);
  p.output_shift = output_shift > 0 ? 0 : output_shift;
  RandomActivation(&p.activation_min, &p.activation_max);
  return p;
}

void CheckAdd(Tally& tally, AddFn variant) {
  for (int i = 0; i < kCasesPerOp; ++i) {
    size_t count1, count2, count_out;
    const AddParams p = RandomAdd(i % 3 == 0, &count1, &count2, &count_out);
    FillRandom(input_a, count1);
    FillRandom(input_b, count2);
    const Status ref_status = ref::Add(p, input_a, input_b, expected, {});
    if (!ref_status.ok()) ConsolePrint("  ref add failed: %s\n", ref_status.message());
    const Status status = variant(p, input_a, input_b, actual, GuardedScratch(0));
    char shape[64];
    Format(shape, sizeof(shape), "%zu elements, shifts %d/%d/%d", count_out, p.input1_shift,
           p.input2_shift, p.output_shift);
    Judge(tally, status, count_out, 0, shape);
  }
}

int failures = 0;

template <typename Fn>
void Run(const char* name, Fn&& check) {
  Tally tally{name};
  check(tally);
  Report(tally);
  failures += tally.failures;
}

}  // namespace
}  // namespace arenastore::device

int main() {
  using namespace arenastore::device;
  using namespace arenastore::kernels;
  ConsolePrint("kernel check on %s (%s)\n", ARENASTORE_DEVICE_BOARD, ARENASTORE_DEVICE_CPU);
  int variants = 0;
#if defined(__ARM_FEATURE_DSP)
  ++variants;
  Run("conv2d/arm_dsp",
      [](Tally& t) { CheckConv(t, &arm_dsp::Conv2d, &arm_dsp::Conv2dScratchBytes); });
  Run("depthwise_conv2d/arm_dsp", [](Tally& t) {
    CheckDepthwise(t, &arm_dsp::DepthwiseConv2d, &arm_dsp::DepthwiseConv2dScratchBytes);
  });
  Run("fully_connected/arm_dsp", [](Tally& t) {
    CheckFullyConnected(t, &arm_dsp::FullyConnected, &arm_dsp::FullyConnectedScratchBytes);
  });
  Run("average_pool2d/arm_dsp", [](Tally& t) {
    CheckAveragePool(t, &arm_dsp::AveragePool2d, &arm_dsp::AveragePool2dScratchBytes);
  });
  Run("add/arm_dsp", [](Tally& t) { CheckAdd(t, &arm_dsp::Add); });
#endif
#if defined(__ARM_FEATURE_MVE)
  ++variants;
  Run("conv2d/arm_mve",
      [](Tally& t) { CheckConv(t, &arm_mve::Conv2d, &arm_mve::Conv2dScratchBytes); });
  Run("depthwise_conv2d/arm_mve", [](Tally& t) {
    CheckDepthwise(t, &arm_mve::DepthwiseConv2d, &arm_mve::DepthwiseConv2dScratchBytes);
  });
  Run("fully_connected/arm_mve", [](Tally& t) {
    CheckFullyConnected(t, &arm_mve::FullyConnected, &arm_mve::FullyConnectedScratchBytes);
  });
  Run("average_pool2d/arm_mve", [](Tally& t) {
    CheckAveragePool(t, &arm_mve::AveragePool2d, &arm_mve::AveragePool2dScratchBytes);
  });
  Run("add/arm_mve", [](Tally& t) { CheckAdd(t, &arm_mve::Add); });
#endif
  if (variants == 0) ConsolePrint("no Arm SIMD variant is compiled for this CPU (ref only)\n");
  ConsolePrint("kernel check: %s\n", failures == 0 ? "all variants equal ref" : "MISMATCHES");
  return failures == 0 ? 0 : 1;
}
