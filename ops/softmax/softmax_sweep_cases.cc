// softmax's variant sweep (tests/ops/variant_sweep.h). First the all-ops examples' rows (1x10,
// 1x12, 1x2) and long ones (8x1000, 1x5000) at TensorFlow Lite's scalings for beta * input
// scale of 0.05 and 1/256; then 1 to 4 random rows of one lane to several vectors (past a
// vector's edge) at input scales from 2^-12 to 2^4, so every bit of the exp's barrel shifter,
// differences below diff_min (TensorFlow Lite's radius, or one case in five a random one) and
// sums needing every reciprocal exponent occur; one case in five with ties at the maximum and
// the int8 extremes. Invalid: depth 0. Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 9101;
struct RowShape {
  int32_t count, depth;
};
constexpr RowShape kExampleRows[] = {{1, 10}, {1, 12}, {1, 2}, {8, 1000}, {1, 5000}};
constexpr int32_t kExampleCases = 2 * static_cast<int32_t>(sizeof(kExampleRows) / sizeof(RowShape));
// The Q5.26 input multiplier and left shift of beta * input scale 0.05 and 1/256.
constexpr int32_t kExampleMultipliers[] = {1717986918, 1 << 30};
constexpr int32_t kExampleLeftShifts[] = {22, 19};
constexpr int32_t kRandomCases = 1500;

// diff_min as TensorFlow Lite sets it: the difference past which exp underflows to 0
// (31 in Q5.26, over the left shift), or one case in five a random one.
int32_t DiffMin(Rng& rng, int32_t left_shift) {
  if (rng.Chance(20)) return -rng.Uniform(0, 300);
  return -static_cast<int32_t>((int64_t{31} << 26) >> left_shift);
}

Status MakeSoftmax(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  SoftmaxParams& p = out->params.softmax;
  p = {};
  p.output_type = ElementType::kInt8;
  if (index < kExampleCases) {
    p.outer_size = kExampleRows[index / 2].count;
    p.depth = kExampleRows[index / 2].depth;
    p.input_multiplier = kExampleMultipliers[index % 2];
    p.input_left_shift = kExampleLeftShifts[index % 2];
  } else {
    p.outer_size = rng.Uniform(1, 4);
    p.depth = rng.Chance(30) ? rng.Uniform(1, 4) : rng.Uniform(1, 70);
    // beta * input scale in [2^-12, 2^4) times 2^26, as a Q31 multiplier and a left shift.
    p.input_multiplier = rng.Multiplier();
    const int32_t left_shift = rng.Uniform(15, 31);
    p.input_left_shift = left_shift > 30 ? 30 : left_shift;
  }
  p.diff_min = DiffMin(rng, p.input_left_shift);
  out->input_bytes[0] = out->output_bytes = static_cast<size_t>(p.outer_size) * p.depth;
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kSoftmax;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  if (rng.Chance(20)) {  // ties at the maximum and the int8 extremes
    for (size_t i = 0; i < out->input_bytes[0]; i += 3) {
      buffers.input[i] = static_cast<int8_t>(rng.Chance(50) ? 127 : -128);
    }
  }
  SetInputs(out, {buffers.input.data()});
  Format(out->shape, sizeof(out->shape), "%d rows of %d, multiplier %d left shift %d diff_min %d",
         p.outer_size, p.depth, p.input_multiplier, p.input_left_shift, p.diff_min);
  return Status::Ok();
}

// Rows of depth 0.
Status MakeInvalidSoftmax(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeSoftmax(0, buffers, out));
  out->params.softmax.depth = 0;
  return Status::Ok();
}

}  // namespace

extern const Sweep kSoftmaxSweep = {OpKind::kSoftmax, kExampleCases + kRandomCases, &MakeSoftmax,
                                    &MakeInvalidSoftmax};

}  // namespace arenastore::kernels::sweep
