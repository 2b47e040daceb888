// add's variant sweep (tests/ops/variant_sweep.h), which sub's reuses (sub_sweep_cases.cc). First
// every pair of int8 values (a 256x256 same-shape add) under six settings; then equal flat shapes
// of lengths off and on the x86 vector widths (1, 15..17, 63..65, 8000); then every int8 value of
// input1 at each left shift where the x86 variants change their arithmetic (0, 8/9, 20/21, 22)
// against edge multipliers (0, 1, 2^30, INT32_MAX, INT32_MIN, negative), shifts of 0, -1, -11,
// -30, -31 and offsets of +-128; then input scales so small that each scaled input is a few
// units and the output scale about one (every rounding step of the input rescales reaches the
// output); then random same-shape and, one case in three, broadcasting inputs of rank 1..6 with
// zero points at the int8 edges, input shifts down to -30 one case in four, activation ranges
// beyond int8 one in ten: even cases with TensorFlow Lite's left shift of 20 and the input shifts
// its int8 ADD prepares, odd cases with small shifts, which let the inner rescales' ties (rounded
// away from zero) reach the output. Invalid: a positive output shift. Freestanding: also built
// into the device's kernel_check.
#include "ops/add/add_sweep_cases.h"

#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7401;
constexpr int32_t kAllPairsCases = 6;
constexpr int32_t kLengths[] = {1, 15, 16, 17, 63, 64, 65, 25 * 5 * 64};
constexpr int32_t kLengthCases = static_cast<int32_t>(sizeof(kLengths) / sizeof(kLengths[0]));
constexpr int32_t kEdgeLeftShifts[] = {0, 8, 9, 20, 21, 22};
constexpr int32_t kEdgeCasesPerLeftShift = 60;
constexpr int32_t kEdgeCases = 6 * kEdgeCasesPerLeftShift;
constexpr int32_t kEdgeMultipliers[] = {0, 1, 1 << 30, INT32_MAX, INT32_MIN, -(1 << 30) - 12345};
constexpr int32_t kEdgeShifts[] = {0, -1, -11, -30, -31};
constexpr int32_t kRoundingCases = 400;
constexpr int32_t kRandomCases = 900;
// Where each part of the sweep starts.
constexpr int32_t kLengthsAt = kAllPairsCases;
constexpr int32_t kEdgesAt = kLengthsAt + kLengthCases;
constexpr int32_t kRoundingAt = kEdgesAt + kEdgeCases;
constexpr int32_t kRandomAt = kRoundingAt + kRoundingCases;
static_assert(kRandomAt + kRandomCases == kAddSweepCases, "update kAddSweepCases");

void RandomShapes(Rng& rng, bool broadcast, BroadcastShapes& shapes) {
  const int32_t rank = rng.Uniform(1, kMaxBroadcastRank);
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const int32_t used = d >= kMaxBroadcastRank - rank;
    const int32_t out = used ? rng.Uniform(1, d == kMaxBroadcastRank - 1 ? 37 : 4) : 1;
    shapes.output[d] = out;
    shapes.input1[d] = broadcast && rng.Chance(30) ? 1 : out;
    shapes.input2[d] = broadcast && rng.Chance(30) ? 1 : out;
  }
}

void RandomScales(Rng& rng, bool small_shifts, AddParams& p) {
  p.left_shift = small_shifts ? rng.Uniform(0, 12) : 20;
  p.input1_multiplier = rng.Multiplier();
  p.input2_multiplier = rng.Chance(20) ? p.input1_multiplier : rng.Multiplier();
  p.output_multiplier = rng.Multiplier();
  // TensorFlow Lite's input scales are at most half the larger one: shifts of -1 and below.
  p.input1_shift = rng.Uniform(-4, small_shifts ? 0 : -1);
  p.input2_shift = rng.Uniform(-4, small_shifts ? 0 : -1);
  if (rng.Chance(25)) {  // far below one
    p.input1_shift = rng.Uniform(-30, -1);
    p.input2_shift = rng.Uniform(-30, -1);
  }
  const int32_t output_shift = -p.left_shift + rng.Uniform(-3, 2);
  p.output_shift = output_shift > 0 ? 0 : output_shift;
  p.input1_offset = -rng.ZeroPoint();
  p.input2_offset = -rng.ZeroPoint();
  p.output_offset = rng.ZeroPoint();
  RandomActivationBeyondInt8(rng, &p.activation_min, &p.activation_max);
}

// Every int8 value against edge multipliers and shifts, offsets of +-128.
void EdgeScales(Rng& rng, int32_t left_shift, AddParams& p) {
  p.left_shift = left_shift;
  p.input1_offset = rng.Chance(50) ? 128 : -128;
  p.input2_offset = rng.Chance(50) ? 128 : -rng.ZeroPoint();
  p.input1_multiplier = kEdgeMultipliers[rng.Uniform(0, 5)];
  p.input2_multiplier = kEdgeMultipliers[rng.Uniform(0, 5)];
  if (rng.Chance(50)) p.output_multiplier = kEdgeMultipliers[rng.Uniform(0, 5)];
  p.input1_shift = kEdgeShifts[rng.Uniform(0, 4)];
  p.input2_shift = kEdgeShifts[rng.Uniform(0, 4)];
  if (rng.Chance(50)) p.output_shift = kEdgeShifts[rng.Uniform(0, 4)];
}

// |v| * 2^L * m / 2^31 of a few units: m around 2^(31 - L - 8 + 3), either sign; the output
// scale about one.
void RoundingScales(Rng& rng, AddParams& p) {
  p.left_shift = rng.Chance(50) ? 20 : rng.Uniform(0, 22);
  const int32_t bits = 31 - p.left_shift - 5;
  const int32_t span = bits > 0 ? (1 << bits) : 1;
  p.input1_multiplier = rng.Uniform(-span, span);
  p.input2_multiplier = rng.Uniform(-span, span);
  p.input1_shift = -rng.Uniform(0, 2);
  p.input2_shift = -rng.Uniform(0, 2);
  p.output_multiplier = rng.Chance(50) ? INT32_MAX : rng.Uniform(1 << 30, INT32_MAX);
  p.output_shift = 0;
}

Status MakeAdd(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  AddParams& p = out->params.add;
  p = {};
  const bool all_pairs = index < kAllPairsCases;
  const bool edges = index >= kEdgesAt && index < kRoundingAt;
  if (all_pairs) {
    FlatShapes(256 * 256, p.shapes);
  } else if (index < kEdgesAt) {
    FlatShapes(kLengths[index - kLengthsAt], p.shapes);
  } else if (edges) {
    FlatShapes(2 * 256, p.shapes);
  } else if (index < kRandomAt) {
    FlatShapes(256, p.shapes);
  } else {
    RandomShapes(rng, /*broadcast=*/index % 3 == 0, p.shapes);
  }
  RandomScales(rng, /*small_shifts=*/index >= kRandomAt && index % 2 == 1, p);
  if (edges) EdgeScales(rng, kEdgeLeftShifts[(index - kEdgesAt) / kEdgeCasesPerLeftShift], p);
  if (index >= kRoundingAt && index < kRandomAt) RoundingScales(rng, p);
  out->input_bytes[0] = BroadcastCount(p.shapes.input1);
  out->input_bytes[1] = BroadcastCount(p.shapes.input2);
  out->output_bytes = BroadcastCount(p.shapes.output);
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(out->input_bytes[0], out->input_bytes[1], out->output_bytes, 0));
  out->params.kind = OpKind::kAdd;
  out->params.dtype = KernelDtype::kInt8;
  if (all_pairs) {
    for (int32_t a = 0; a < 256; ++a) {
      for (int32_t b = 0; b < 256; ++b) {
        buffers.input[a * 256 + b] = static_cast<int8_t>(a - 128);
        buffers.weights[a * 256 + b] = static_cast<int8_t>(b - 128);
      }
    }
    SetInputs(out, {buffers.input.data(), buffers.weights.data()});
  } else {
    FillBinaryOperands(rng, buffers, /*every_value=*/edges, out);
  }
  Format(out->shape, sizeof(out->shape),
         "%zu elements (%zu, %zu), left shift %d, m %d/%d/%d, shifts %d/%d/%d, offsets %d/%d/%d%s",
         out->output_bytes, out->input_bytes[0], out->input_bytes[1], p.left_shift,
         p.input1_multiplier, p.input2_multiplier, p.output_multiplier, p.input1_shift,
         p.input2_shift, p.output_shift, p.input1_offset, p.input2_offset, p.output_offset,
         all_pairs ? ", every pair of int8 values" : "");
  return Status::Ok();
}

// A positive output shift (TensorFlow Lite's is never above 0 for int8).
Status MakeInvalidAdd(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeAdd(kRandomAt, buffers, out));
  out->params.add.output_shift = 3;
  return Status::Ok();
}

}  // namespace

extern const Sweep kAddSweep = {OpKind::kAdd, kAddSweepCases, &MakeAdd, &MakeInvalidAdd};

}  // namespace arenastore::kernels::sweep
