// pad's variant sweep (tests/ops/variant_sweep.h). First the all-ops example's 1x8x8x8 padded by
// one pixel with -128; then random ranks 1 to 5 padded on any subset of dimensions (each case its
// own share), so that the x86 kernels' inner-dimension merge takes every branch: empty
// dimensions one in twenty, inner runs from 1 to 70 bytes with up to 40 padding each side
// (shorter and longer than a vector), pad values at the int8 edges. Invalid: a pad value of 128.
// Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8811;
constexpr int32_t kRandomCases = 600;

size_t Elements(const PadParams& p, bool padded) {
  size_t count = 1;
  for (int d = 0; d < p.rank; ++d) {
    count *= static_cast<size_t>(p.input_shape[d] + (padded ? p.before[d] + p.after[d] : 0));
  }
  return count;
}

void ExampleShape(PadParams& p) {
  p.rank = 4;
  const int32_t shape[] = {1, 8, 8, 8}, border[] = {0, 1, 1, 0};
  for (int d = 0; d < 4; ++d) {
    p.input_shape[d] = shape[d];
    p.before[d] = p.after[d] = border[d];
  }
  p.pad_value = -128;
}

// Redrawn until the output fits the sweep's buffers (the index alone still decides the case).
void RandomShape(Rng& rng, PadParams& p) {
  do {
    p.rank = rng.Uniform(1, kMaxPadRank);
    const int32_t padded_percent = rng.Uniform(0, 100);
    for (int d = 0; d < p.rank; ++d) {
      const bool inner = d == p.rank - 1;
      p.input_shape[d] = rng.Chance(5) ? 0 : rng.Uniform(1, inner ? 70 : 6);
      const bool padded = rng.Chance(padded_percent);
      p.before[d] = padded ? rng.Uniform(0, inner ? 40 : 3) : 0;
      p.after[d] = padded ? rng.Uniform(0, inner ? 40 : 3) : 0;
    }
  } while (Elements(p, /*padded=*/true) > kDataBytes);
  const int32_t edges[] = {-128, 127, 0, rng.Uniform(-128, 127)};
  p.pad_value = edges[rng.Uniform(0, 3)];
}

Status MakePad(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  PadParams& p = out->params.pad;
  p = {};
  if (index == 0) {
    ExampleShape(p);
  } else {
    RandomShape(rng, p);
  }
  out->input_bytes[0] = Elements(p, /*padded=*/false);
  out->output_bytes = Elements(p, /*padded=*/true);
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kPad;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  SetInputs(out, {buffers.input.data()});
  size_t used = Format(out->shape, sizeof(out->shape), "pad value %d:", p.pad_value);
  for (int d = 0; d < p.rank; ++d) {
    used += Format(out->shape + used, sizeof(out->shape) - used, " %d+%d+%d", p.before[d],
                   p.input_shape[d], p.after[d]);
  }
  return Status::Ok();
}

// A pad value outside int8.
Status MakeInvalidPad(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakePad(0, buffers, out));
  out->params.pad.pad_value = 128;
  return Status::Ok();
}

}  // namespace

extern const Sweep kPadSweep = {OpKind::kPad, 1 + kRandomCases, &MakePad, &MakeInvalidPad};

}  // namespace arenastore::kernels::sweep
