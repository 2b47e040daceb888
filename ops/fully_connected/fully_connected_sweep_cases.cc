// fully_connected's variant sweep (tests/ops/variant_sweep.h). First a grid of the arm_dsp paths:
// output counts 1..9 around its four-row passes, depths around its four-byte words and the
// 16-lane chunk, each output stage (typical or long right shift, left shift, mixed per channel)
// and four modes (full or narrow range, per-tensor filter zero point, no bias); then a case
// with no output channel (nothing to write, no requantization to read); then random cases:
// depths below, at and beyond the 16-lane chunk, per-tensor filter zero points, per-channel
// requantization, several batches; then the x86 kernels' paths: up to 40 outputs over depths to
// 300, four to 37 rows over depths around 256 (the outputs-in-lanes form), the benchmark's layers
// that fit the buffers (640x12, 256x128, 4000x4; 1024x1024 is in
// tests/kernels/large_variant_cases_test.cc), scales with ties and left shifts, inputs and
// weights at the int8 edges. Half of all cases carry the planner's folded bias. Invalid: a filter
// zero point outside int8. Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7201;
constexpr int32_t kGridDepths[] = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 19, 64, 130};
constexpr int32_t kGridDepthCount = sizeof(kGridDepths) / sizeof(kGridDepths[0]);
constexpr int32_t kGridOutputs = 9, kGridScales = 4, kGridModes = 4;
constexpr int32_t kGridCases = kGridOutputs * kGridDepthCount * kGridScales * kGridModes;
constexpr int32_t kRandomCases = 400;
// The x86 kernels' paths, after the random cases.
constexpr int32_t kX86At = kGridCases + 1 + kRandomCases;
constexpr int32_t kWideCases = 500, kShortRowCases = 300;
constexpr int32_t kBenchmarkLayers[][2] = {{640, 12}, {256, 128}, {4000, 4}};
constexpr int32_t kBenchmarkCases = 3;
constexpr int32_t kCaseCount = kX86At + kWideCases + kShortRowCases + kBenchmarkCases;

// The scale of every channel: typical (a right shift in 1..23), a left shift (real scale above
// 1) or a right shift beyond 23; kMixed gives one channel in three each (per channel only).
enum class ScaleKind { kTypical, kLeftShift, kLongRightShift, kMixed };

Requantization GridRequant(Rng& rng, const Buffers& buffers, ScaleKind kind, int32_t channels,
                           int32_t depth) {
  for (int32_t c = 0; c < channels; ++c) {
    const ScaleKind k = kind == ScaleKind::kMixed ? static_cast<ScaleKind>(c % 3) : kind;
    buffers.multipliers[c] = rng.Multiplier();
    buffers.shifts[c] = k == ScaleKind::kTypical     ? -(7 + Log2(depth) / 2) + c % 2
                        : k == ScaleKind::kLeftShift ? 2 + c % 3
                                                     : -27 - c % 2;
  }
  return {buffers.multipliers.data(), buffers.shifts.data(), channels};
}

void GridCase(Rng& rng, int32_t index, const Buffers& buffers, FullyConnectedParams& p,
              bool* has_bias) {
  const int32_t mode = index % kGridModes;
  const auto kind = static_cast<ScaleKind>(index / kGridModes % kGridScales);
  const int32_t depth = kGridDepths[index / (kGridModes * kGridScales) % kGridDepthCount];
  const int32_t outputs = index / (kGridModes * kGridScales * kGridDepthCount) + 1;
  const bool per_channel = kind == ScaleKind::kMixed || mode % 2 == 1;
  p.batches = 2;
  p.input_depth = depth;
  p.output_depth = outputs;
  p.input_zero_point = mode == 0 ? -128 : rng.ZeroPoint();
  p.filter_zero_point = per_channel ? 0 : (mode == 2 ? rng.Uniform(-127, 127) : 0);
  p.output_zero_point = rng.ZeroPoint();
  const bool full_range = mode < 2;
  p.activation_min = full_range ? -128 : -100;
  p.activation_max = full_range ? 127 : 90;
  p.requant = GridRequant(rng, buffers, kind, per_channel ? outputs : 1, depth);
  *has_bias = mode != 3;
}

void RandomCase(Rng& rng, const Buffers& buffers, FullyConnectedParams& p) {
  p.batches = rng.Uniform(1, 3);
  p.input_depth = rng.Chance(20) ? rng.Uniform(100, 700) : rng.Uniform(1, 40);
  p.output_depth = rng.Uniform(1, 11);
  p.input_zero_point = rng.ZeroPoint();
  const bool per_channel = rng.Chance(50);
  // TensorFlow Lite's per-channel weights are symmetric; per-tensor ones may carry a zero point.
  p.filter_zero_point = per_channel ? 0 : (rng.Chance(50) ? rng.Uniform(-127, 127) : 0);
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  p.requant = RandomRequant(rng, buffers, per_channel ? p.output_depth : 1, p.input_depth);
}

// Up to 40 outputs over depths to 300 (one case in three a multiple of 64), or four or more rows
// over a depth up to 256 (x86's outputs-in-lanes form: partial output blocks, depths off the
// 4-byte groups, rows off the 4-row packs), or a benchmark layer; scales with ties and left
// shifts, per channel or not.
void X86Case(Rng& rng, int32_t part, const Buffers& buffers, FullyConnectedParams& p) {
  if (part < kWideCases) {
    p.batches = rng.Uniform(1, 3);
    p.input_depth = rng.Chance(30) ? 64 * rng.Uniform(1, 5) : rng.Uniform(1, 300);
    p.output_depth = rng.Uniform(1, 40);
  } else if (part < kWideCases + kShortRowCases) {
    p.batches = rng.Uniform(4, 37);
    p.input_depth = rng.Chance(20) ? 256 : rng.Uniform(1, 260);
    p.output_depth = rng.Uniform(1, 40);
  } else {
    p.batches = 1;
    p.input_depth = kBenchmarkLayers[part - kWideCases - kShortRowCases][0];
    p.output_depth = kBenchmarkLayers[part - kWideCases - kShortRowCases][1];
  }
  p.input_zero_point = rng.ZeroPoint();
  const bool per_channel = rng.Chance(50);
  p.filter_zero_point = !per_channel && rng.Chance(40) ? rng.Uniform(-127, 127) : 0;
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  p.requant = RandomScales(rng, buffers, per_channel ? p.output_depth : 1, p.input_depth,
                           /*below_one=*/false);
}

Status MakeFullyConnected(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  FullyConnectedParams& p = out->params.fully_connected;
  p = {};
  bool has_bias = true;
  if (index < kGridCases) {
    GridCase(rng, index, buffers, p, &has_bias);
  } else if (index == kGridCases) {
    p = {2, 5, 0, 0, 0, 0, -128, 127, Requantization{nullptr, nullptr, 0}, false};
  } else if (index < kX86At) {
    RandomCase(rng, buffers, p);
  } else {
    X86Case(rng, index - kX86At, buffers, p);
  }
  const size_t input_bytes = static_cast<size_t>(p.batches) * p.input_depth;
  const size_t filter_bytes = static_cast<size_t>(p.output_depth) * p.input_depth;
  out->output_bytes = static_cast<size_t>(p.batches) * p.output_depth;
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(input_bytes, filter_bytes, out->output_bytes, p.output_depth));
  out->params.kind = OpKind::kFullyConnected;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), input_bytes);
  FillTowardEdges(rng, buffers.weights.data(), filter_bytes);
  const int32_t* bias = RandomBias(rng, buffers, p.output_depth);
  SetInputs(out, {buffers.input.data(), buffers.weights.data(),
                  has_bias ? buffers.bias.data() : nullptr});
  if (index > kGridCases) out->inputs[2] = bias;
  // Half the cases carry the planner's folded bias, which ref ignores and a variant may add
  // instead of summing weight rows: each path is held equal to ref.
  if (rng.Chance(50)) {
    int32_t* folded = buffers.bias.data() + kMaxChannels / 2;
    FoldFullyConnectedBias(p, buffers.weights.data(), static_cast<const int32_t*>(out->inputs[2]),
                           folded);
    p.folded_bias = folded;
  }
  Format(out->shape, sizeof(out->shape), "%d x %d -> %d, in_zp %d, filter zp %d, requant %d%s%s",
         p.batches, p.input_depth, p.output_depth, p.input_zero_point, p.filter_zero_point,
         p.requant.count, out->inputs[2] == nullptr ? ", no bias" : "",
         p.folded_bias != nullptr ? ", folded bias" : "");
  return Status::Ok();
}

// A filter zero point outside int8.
Status MakeInvalidFullyConnected(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeFullyConnected(kGridCases + 1, buffers, out));
  out->params.fully_connected.filter_zero_point = 300;
  return Status::Ok();
}

}  // namespace

extern const Sweep kFullyConnectedSweep = {OpKind::kFullyConnected, kCaseCount, &MakeFullyConnected,
                                           &MakeInvalidFullyConnected};

}  // namespace arenastore::kernels::sweep
