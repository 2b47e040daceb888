// resize_bilinear's variant sweep (tests/ops/variant_sweep.h). Its x86 variants blend a pixel's
// channels in int32 vectors (8 or 16 lanes) and the last few as ref does, so the sweep draws
// channel counts on and off those widths (1 to 40, one case in three a multiple of 8, one in
// ten up to 200), up- and downscales (1 to 24 pixels each way, one case in ten a row of up to
// 300 pixels of few channels), every combination of align_corners and half_pixel_centers, and
// bytes at the int8 edges. Invalid: align_corners 2. Freestanding: also built into the device's
// kernel_check on a board with an Arm variant of it (none yet).
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 9401;
constexpr int32_t kCaseCount = 800;

size_t Pixels(int32_t batches, int32_t h, int32_t w, int32_t channels) {
  return static_cast<size_t>(batches) * h * w * channels;
}

// Redrawn until input and output fit the sweep's buffers (the index alone still decides it).
void RandomResize(Rng& rng, ResizeBilinearParams& p) {
  do {
    p.batches = rng.Uniform(1, 2);
    const bool long_row = rng.Chance(10);
    p.channels = long_row         ? rng.Uniform(1, 4)
                 : rng.Chance(10) ? rng.Uniform(41, 200)
                 : rng.Chance(30) ? 8 * rng.Uniform(1, 5)
                                  : rng.Uniform(1, 40);
    p.input_h = rng.Uniform(1, long_row ? 3 : 24);
    p.input_w = rng.Uniform(1, long_row ? 300 : 24);
    p.output_h = rng.Uniform(1, long_row ? 3 : 24);
    p.output_w = rng.Uniform(1, long_row ? 300 : 24);
  } while (Pixels(p.batches, p.input_h, p.input_w, p.channels) > kDataBytes ||
           Pixels(p.batches, p.output_h, p.output_w, p.channels) > kDataBytes);
  const int32_t coordinates = rng.Uniform(0, 3);
  p.align_corners = coordinates & 1;
  p.half_pixel_centers = coordinates >> 1;
}

Status MakeResizeBilinear(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  ResizeBilinearParams& p = out->params.resize_bilinear;
  p = {};
  RandomResize(rng, p);
  out->input_bytes[0] = Pixels(p.batches, p.input_h, p.input_w, p.channels);
  out->output_bytes = Pixels(p.batches, p.output_h, p.output_w, p.channels);
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kResizeBilinear;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  SetInputs(out, {buffers.input.data()});
  Format(out->shape, sizeof(out->shape), "n%d %dx%dx%d -> %dx%d align %d half pixel %d", p.batches,
         p.input_h, p.input_w, p.channels, p.output_h, p.output_w, p.align_corners,
         p.half_pixel_centers);
  return Status::Ok();
}

// align_corners must be 0 or 1.
Status MakeInvalidResizeBilinear(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeResizeBilinear(0, buffers, out));
  out->params.resize_bilinear.align_corners = 2;
  return Status::Ok();
}

}  // namespace

extern const Sweep kResizeBilinearSweep = {OpKind::kResizeBilinear, kCaseCount, &MakeResizeBilinear,
                                           &MakeInvalidResizeBilinear};

}  // namespace arenastore::kernels::sweep
