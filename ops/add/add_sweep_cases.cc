// add's variant sweep (tests/ops/variant_sweep.h). First every pair of int8 values (a 256x256
// same-shape add) under six settings; then random same-shape (vector path) and, one case in
// three, broadcasting inputs of rank 1..4 with zero points at the int8 edges: even cases with
// TensorFlow Lite's left shift of 20 and the input shifts its int8 ADD prepares, odd cases with
// small shifts, which let the inner rescales' ties (rounded away from zero) reach the output.
// Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 7401;
constexpr int32_t kAllPairsCases = 6;
constexpr int32_t kRandomCases = 900;

size_t Count(const int32_t* shape) {
  size_t count = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) count *= static_cast<size_t>(shape[d]);
  return count;
}

void RandomShapes(Rng& rng, bool broadcast, BroadcastShapes& shapes) {
  const int32_t rank = rng.Uniform(1, 4);
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
  const int32_t output_shift = -p.left_shift + rng.Uniform(-3, 2);
  p.output_shift = output_shift > 0 ? 0 : output_shift;
  p.input1_offset = -rng.ZeroPoint();
  p.input2_offset = -rng.ZeroPoint();
  p.output_offset = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
}

Status MakeAdd(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  AddParams& p = out->params.add;
  p = {};
  const bool all_pairs = index < kAllPairsCases;
  if (all_pairs) {
    for (int d = 0; d < kMaxBroadcastRank; ++d) {
      p.shapes.input1[d] = p.shapes.input2[d] = p.shapes.output[d] = 1;
    }
    p.shapes.input1[kMaxBroadcastRank - 1] = p.shapes.input2[kMaxBroadcastRank - 1] =
        p.shapes.output[kMaxBroadcastRank - 1] = 256 * 256;
  } else {
    RandomShapes(rng, /*broadcast=*/index % 3 == 0, p.shapes);
  }
  RandomScales(rng, /*small_shifts=*/!all_pairs && index % 2 == 1, p);
  const size_t count1 = Count(p.shapes.input1), count2 = Count(p.shapes.input2);
  out->output_bytes = Count(p.shapes.output);
  out->input_bytes[0] = count1;
  out->input_bytes[1] = count2;
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(count1, count2, out->output_bytes, 0));
  out->params.kind = OpKind::kAdd;
  out->params.dtype = KernelDtype::kInt8;
  if (all_pairs) {
    for (int32_t a = 0; a < 256; ++a) {
      for (int32_t b = 0; b < 256; ++b) {
        buffers.input[a * 256 + b] = static_cast<int8_t>(a - 128);
        buffers.weights[a * 256 + b] = static_cast<int8_t>(b - 128);
      }
    }
  } else {
    rng.Fill(buffers.input.data(), count1);
    rng.Fill(buffers.weights.data(), count2);
  }
  SetInputs(out, {buffers.input.data(), buffers.weights.data()});
  Format(out->shape, sizeof(out->shape),
         "%zu elements (%zu, %zu), left shift %d, shifts %d/%d/%d, offsets %d/%d/%d%s",
         out->output_bytes, count1, count2, p.left_shift, p.input1_shift, p.input2_shift,
         p.output_shift, p.input1_offset, p.input2_offset, p.output_offset,
         all_pairs ? ", every pair of int8 values" : "");
  return Status::Ok();
}

// A positive output shift (TensorFlow Lite's is never above 0 for int8).
Status MakeInvalidAdd(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeAdd(kAllPairsCases, buffers, out));
  out->params.add.output_shift = 3;
  return Status::Ok();
}

}  // namespace

extern const Sweep kAddSweep = {OpKind::kAdd, kAllPairsCases + kRandomCases, &MakeAdd,
                                &MakeInvalidAdd};

}  // namespace arenastore::kernels::sweep
