// mul's variant sweep (tests/ops/variant_sweep.h). First equal flat shapes of lengths off and on
// the x86 vector widths (1, 15..17, 63..65, 8000); then every int8 value of input1 against random
// input2 with offsets of +-128, output multipliers at their edges (0, 1, 2^30, INT32_MAX,
// INT32_MIN, negative) and shifts from -31 to the left shift of 14; then random broadcasts of
// rank 1..6 (scalars, inner, outer and interleaved broadcast dimensions) with zero points at the
// int8 edges, scales from 2^-20 to 2^4 of 1/128 and activation ranges, one case in ten beyond
// int8 (ref's int8 cast wraps). Invalid: an output shift of 15. Freestanding: also built into the
// device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8801;
constexpr int32_t kLengths[] = {1, 15, 16, 17, 63, 64, 65, 25 * 5 * 64};
constexpr int32_t kLengthCases = sizeof(kLengths) / sizeof(kLengths[0]);
constexpr int32_t kExtremeCases = 300;
constexpr int32_t kBroadcastCases = 600;
constexpr int32_t kEdgeMultipliers[] = {0, 1, 1 << 30, INT32_MAX, INT32_MIN, -(1 << 30) - 12345};
constexpr int32_t kEdgeShifts[] = {-31, -30, -17, -1, 0, 1, 14};

void RandomBroadcast(Rng& rng, BroadcastShapes& shapes) {
  const int32_t rank = rng.Uniform(1, kMaxBroadcastRank);
  const bool full1 = rng.Chance(30), full2 = rng.Chance(30);
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const bool used = d >= kMaxBroadcastRank - rank;
    const int32_t inner = d == kMaxBroadcastRank - 1;
    const int32_t n = used && !rng.Chance(30) ? rng.Uniform(1, inner ? 40 : 5) : 1;
    shapes.output[d] = n;
    shapes.input1[d] = !full1 && rng.Chance(25) ? 1 : n;
    shapes.input2[d] = !full2 && rng.Chance(25) ? 1 : n;
  }
}

void RandomScales(Rng& rng, MulParams& p) {
  p.input1_offset = -rng.ZeroPoint();
  p.input2_offset = -rng.ZeroPoint();
  p.output_offset = rng.ZeroPoint();
  // A product of two offset int8 values is up to 2^16; real scales of 2^-27 to 2^-3.
  p.output_multiplier = rng.Multiplier();
  p.output_shift = rng.Uniform(-26, -2);
  RandomActivationBeyondInt8(rng, &p.activation_min, &p.activation_max);
}

Status MakeMul(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  MulParams& p = out->params.mul;
  p = {};
  RandomScales(rng, p);
  const bool extreme = index >= kLengthCases && index < kLengthCases + kExtremeCases;
  if (index < kLengthCases) {
    FlatShapes(kLengths[index], p.shapes);
  } else if (extreme) {
    FlatShapes(2 * 256, p.shapes);
    p.input1_offset = rng.Chance(50) ? 128 : -128;
    p.input2_offset = rng.Chance(50) ? 128 : -rng.ZeroPoint();
    p.output_multiplier = kEdgeMultipliers[rng.Uniform(0, 5)];
    p.output_shift = kEdgeShifts[rng.Uniform(0, 6)];
  } else {
    RandomBroadcast(rng, p.shapes);
  }
  out->input_bytes[0] = BroadcastCount(p.shapes.input1);
  out->input_bytes[1] = BroadcastCount(p.shapes.input2);
  out->output_bytes = BroadcastCount(p.shapes.output);
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(out->input_bytes[0], out->input_bytes[1], out->output_bytes, 0));
  out->params.kind = OpKind::kMul;
  out->params.dtype = KernelDtype::kInt8;
  FillBinaryOperands(rng, buffers, /*every_value=*/extreme, out);
  Format(out->shape, sizeof(out->shape),
         "%zu elements (%zu, %zu), offsets %d/%d/%d, multiplier %d shift %d, act [%d, %d]",
         out->output_bytes, out->input_bytes[0], out->input_bytes[1], p.input1_offset,
         p.input2_offset, p.output_offset, p.output_multiplier, p.output_shift, p.activation_min,
         p.activation_max);
  return Status::Ok();
}

// An output shift of 15 (the int8 product of offset inputs is left-shifted by 14 at most).
Status MakeInvalidMul(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeMul(kLengthCases + kExtremeCases, buffers, out));
  out->params.mul.output_shift = 15;
  return Status::Ok();
}

}  // namespace

extern const Sweep kMulSweep = {OpKind::kMul, kLengthCases + kExtremeCases + kBroadcastCases,
                                &MakeMul, &MakeInvalidMul};

}  // namespace arenastore::kernels::sweep
