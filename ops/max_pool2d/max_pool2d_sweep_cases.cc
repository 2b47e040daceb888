// max_pool2d's variant sweep (tests/ops/variant_sweep.h). First the all-ops example (10x10x8,
// 2x2 windows at stride 2); then random pools of 1 to 140 channels (three in ten a multiple of
// 8) over maps up to 12x12 with windows clipped by padding and, one case in ten, lying wholly in
// it (ref gives -128); then wide rows: output rows longer than the x86 kernels' 512-byte chunks,
// windows whose columns exceed their 1,024-byte buffer (300 to 1,100 channels: the per-pixel
// path), rows of 8, 16 or 32 channels at stride 2 (the permuting gather). Activation ranges
// inside, across and wholly outside int8 (ref keeps the low byte); inputs at the int8 edges.
// Invalid: an empty activation range. Freestanding: also built into the device's kernel_check.
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8701;
constexpr int32_t kRandomCases = 500;
constexpr int32_t kWideCases = 120;

int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

void RandomPool(Rng& rng, Pool2dParams& p) {
  p.batches = rng.Uniform(1, 2);
  p.input_h = rng.Uniform(1, 12);
  p.input_w = rng.Uniform(1, 12);
  p.channels = rng.Chance(30) ? 8 * rng.Uniform(1, 10) : rng.Uniform(1, 140);
  p.filter_h = rng.Uniform(1, Min(p.input_h, 6));
  p.filter_w = rng.Uniform(1, Min(p.input_w, 6));
  p.stride_h = rng.Uniform(1, 3);
  p.stride_w = rng.Uniform(1, 3);
  RandomPoolPadding(rng, /*padded=*/true, rng.Chance(10) ? 3 : 0, p);
}

void RandomPoolActivation(Rng& rng, int32_t* low, int32_t* high) {
  const int32_t pick = rng.Uniform(0, 9);
  if (pick == 0) {  // wider than int8: the clamp never binds
    *low = -300;
    *high = 300;
  } else if (pick == 1) {  // wholly above int8
    *low = rng.Uniform(128, 300);
    *high = 400;
  } else if (pick == 2) {  // wholly below
    *low = -400;
    *high = rng.Uniform(-300, -129);
  } else if (pick == 3) {  // across an edge of int8
    *low = rng.Uniform(-300, 0);
    *high = rng.Uniform(0, 300);
  } else {
    RandomActivation(rng, low, high);
  }
}

Status MakeMaxPool2d(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  Pool2dParams& p = out->params.max_pool2d;
  if (index == 0) {
    p = Pool2dParams{1, 10, 10, 8, 2, 2, 5, 5, 2, 2, 0, 0, -128, 127};
  } else {
    p = {};
    if (index <= kRandomCases) {
      RandomPool(rng, p);
    } else {
      RandomWideRowPool(rng, {300, 1100, 8}, /*extra_percent=*/20, p);
    }
    RandomPoolActivation(rng, &p.activation_min, &p.activation_max);
  }
  ARENASTORE_RETURN_IF_ERROR(SetPool2dCase(OpKind::kMaxPool2d, p, buffers, out));
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  return Status::Ok();
}

// An empty activation range.
Status MakeInvalidMaxPool2d(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeMaxPool2d(0, buffers, out));
  out->params.max_pool2d.activation_min = 10;
  out->params.max_pool2d.activation_max = -10;
  return Status::Ok();
}

}  // namespace

extern const Sweep kMaxPool2dSweep = {OpKind::kMaxPool2d, 1 + kRandomCases + kWideCases,
                                      &MakeMaxPool2d, &MakeInvalidMaxPool2d};

}  // namespace arenastore::kernels::sweep
