// batch_matmul's variant sweep (tests/ops/variant_sweep.h). First the benchmark's 64x64x64;
// then shapes whose transposed operands the x86 kernels copy as whole 16x16 tiles and the rows
// and columns left over (37x50x33, 16x48x64, 64x17x31, 15x16x47) under both transpositions,
// with no weight zero point (the 1x1 convolution) and scales below one (x86_avx512vnni's short
// requantization form); then random shapes off and on the vector widths (depth 0 to 90, one case
// in three a multiple of 16), both transpositions, broadcast batch dims, zero points at the int8
// edges, saturating, tie-producing and left-shifting scales. Invalid: a shift of 31.
// Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8401;
constexpr int32_t kTileShapes[][3] = {{37, 50, 33}, {16, 48, 64}, {64, 17, 31}, {15, 16, 47}};
constexpr int32_t kTileCases = 4 * 4;  // each shape under the four transpositions
constexpr int32_t kRandomCases = 300;

size_t Batches(const int32_t* dims) { return static_cast<size_t>(dims[0]) * dims[1] * dims[2]; }

size_t OutputBatches(const BatchMatmulParams& p) {
  size_t n = 1;
  for (int i = 0; i < 3; ++i) {
    n *= static_cast<size_t>(p.lhs_batch[i] > p.rhs_batch[i] ? p.lhs_batch[i] : p.rhs_batch[i]);
  }
  return n;
}

size_t LhsBytes(const BatchMatmulParams& p) {
  return Batches(p.lhs_batch) * p.rows * p.accum_depth;
}
size_t RhsBytes(const BatchMatmulParams& p) {
  return Batches(p.rhs_batch) * p.accum_depth * p.cols;
}
size_t OutputBytes(const BatchMatmulParams& p) { return OutputBatches(p) * p.rows * p.cols; }

// Batch dims that broadcast either way, redrawn until the operands fit the sweep's buffers.
void RandomBatches(Rng& rng, BatchMatmulParams& p) {
  do {
    for (int i = 0; i < 3; ++i) {
      const int32_t n = i == 2 || rng.Chance(30) ? rng.Uniform(1, 3) : 1;
      p.lhs_batch[i] = rng.Chance(25) ? 1 : n;
      p.rhs_batch[i] = p.lhs_batch[i] == 1 && rng.Chance(50) ? n : (rng.Chance(25) ? 1 : n);
    }
  } while (LhsBytes(p) > kDataBytes || RhsBytes(p) > kDataBytes || OutputBytes(p) > kDataBytes);
}

void RandomQuantization(Rng& rng, BatchMatmulParams& p) {
  p.adj_x = rng.Chance(40);
  p.adj_y = rng.Chance(50);
  p.lhs_zero_point = rng.ZeroPoint();
  p.rhs_zero_point = rng.Chance(50) ? rng.ZeroPoint() : 0;
  p.output_zero_point = rng.ZeroPoint();
  RandomActivation(rng, &p.activation_min, &p.activation_max);
  const Scale scale = RandomScale(rng, p.accum_depth);
  p.output_multiplier = scale.multiplier;
  p.output_shift = scale.shift;
}

Status MakeBatchMatmul(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  BatchMatmulParams& p = out->params.batch_matmul;
  p = {};
  if (index == 0) {
    p.rows = p.accum_depth = p.cols = 64;
  } else if (index <= kTileCases) {
    const int32_t* shape = kTileShapes[(index - 1) / 4];
    p.rows = shape[0];
    p.accum_depth = shape[1];
    p.cols = shape[2];
  } else {
    p.accum_depth = rng.Chance(30) ? 16 * rng.Uniform(1, 8) : rng.Uniform(0, 90);
    p.rows = rng.Uniform(1, 20);
    p.cols = rng.Uniform(1, 40);
  }
  RandomBatches(rng, p);
  RandomQuantization(rng, p);
  if (index == 0) p.adj_x = p.adj_y = false;
  if (index >= 1 && index <= kTileCases) {
    p.adj_x = ((index - 1) & 1) != 0;
    p.adj_y = ((index - 1) & 2) != 0;
    p.rhs_zero_point = 0;
    const Scale scale = RandomScaleBelowOne(rng, p.accum_depth);
    p.output_multiplier = scale.multiplier;
    p.output_shift = scale.shift;
  }
  out->input_bytes[0] = LhsBytes(p);
  out->input_bytes[1] = RhsBytes(p);
  out->output_bytes = OutputBytes(p);
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(out->input_bytes[0], out->input_bytes[1], out->output_bytes, 0));
  out->params.kind = OpKind::kBatchMatmul;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  FillTowardEdges(rng, buffers.weights.data(), out->input_bytes[1]);
  SetInputs(out, {buffers.input.data(), buffers.weights.data()});
  Format(out->shape, sizeof(out->shape),
         "batches %zu/%zu %dx%dx%d adj %d,%d zp %d/%d/%d m %d s %d act [%d, %d]",
         Batches(p.lhs_batch), Batches(p.rhs_batch), p.rows, p.accum_depth, p.cols, p.adj_x,
         p.adj_y, p.lhs_zero_point, p.rhs_zero_point, p.output_zero_point, p.output_multiplier,
         p.output_shift, p.activation_min, p.activation_max);
  return Status::Ok();
}

// An output shift of 31.
Status MakeInvalidBatchMatmul(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeBatchMatmul(kTileCases + 1, buffers, out));
  out->params.batch_matmul.output_shift = 31;
  return Status::Ok();
}

}  // namespace

extern const Sweep kBatchMatmulSweep = {OpKind::kBatchMatmul, 1 + kTileCases + kRandomCases,
                                        &MakeBatchMatmul, &MakeInvalidBatchMatmul};

}  // namespace arenastore::kernels::sweep
