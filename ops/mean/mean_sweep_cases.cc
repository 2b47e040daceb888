// mean's variant sweep (tests/ops/variant_sweep.h). First global average pools and last-axis
// means with every input at one int8 edge over more reduced rows than an int16 partial sum may
// hold (256 and 257 rows of a 96- or 70-channel map, 32768-column rows); then random ranks 1 to
// 6 reducing any subset of axes, so every merged form and the per-output walk run, with empty and
// size-1 dimensions, inner sizes around the vector widths and the 256-column block, inputs at the
// int8 edges, multipliers and shifts across their range (seven cases in ten where outputs are
// not clamped). The sums that wrap ref's int32 (17M inputs) do not fit the sweep's buffers: see
// tests/kernels/large_variant_cases_test.cc. Invalid: a shift of 31. Freestanding: also built into
// the device's kernel_check.
#include <cstring>

#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 9111;
struct EdgeShape {
  int32_t rank;
  int32_t shape[4], reduced[4];
};
constexpr EdgeShape kEdgeShapes[] = {
    {4, {1, 256, 1, 96}, {0, 1, 1, 0}},
    {4, {1, 257, 3, 70}, {0, 1, 1, 0}},
    {2, {2, 32768}, {0, 1}},
};
constexpr int32_t kEdgeCases = 2 * static_cast<int32_t>(sizeof(kEdgeShapes) / sizeof(EdgeShape));
constexpr int32_t kInnerSizes[] = {1, 3, 8, 16, 31, 32, 33, 63, 64, 65, 100, 257, 300};
constexpr int32_t kRandomCases = 1500;

size_t InputCount(const MeanParams& p) {
  size_t count = 1;
  for (int d = 0; d < p.rank; ++d) count *= static_cast<size_t>(p.input_shape[d]);
  return count;
}

// Redrawn until the input fits the sweep's buffers (the index alone still decides the case).
void RandomReduction(Rng& rng, MeanParams& p) {
  do {
    p.rank = rng.Uniform(1, kMaxReduceRank);
    for (int d = 0; d < p.rank; ++d) {
      const bool inner = d == p.rank - 1;
      p.input_shape[d] = rng.Chance(4)    ? 0
                         : rng.Chance(20) ? 1
                         : inner          ? kInnerSizes[rng.Uniform(0, 12)]
                                          : rng.Uniform(2, 7);
      p.reduced[d] = rng.Chance(50) ? 1 : 0;
    }
  } while (InputCount(p) > kDataBytes);
  p.input_zero_point = rng.Uniform(-128, 127);
  p.output_zero_point = rng.Uniform(-128, 127);
  p.output_multiplier = rng.Chance(10) ? rng.Uniform(0, 1000) : rng.Uniform(1 << 30, INT32_MAX);
  p.output_shift = rng.Chance(70) ? rng.Uniform(-12, 2) : rng.Uniform(-31, 30);
}

Status MakeMean(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  MeanParams& p = out->params.mean;
  p = {};
  const bool edge = index < kEdgeCases;
  if (edge) {
    const EdgeShape& shape = kEdgeShapes[index / 2];
    p.rank = shape.rank;
    for (int d = 0; d < p.rank; ++d) {
      p.input_shape[d] = shape.shape[d];
      p.reduced[d] = shape.reduced[d];
    }
    p.input_zero_point = 3;
    p.output_zero_point = -1;
    p.output_multiplier = 1 << 30;
    p.output_shift = -20;
  } else {
    RandomReduction(rng, p);
  }
  out->input_bytes[0] = InputCount(p);
  out->output_bytes = static_cast<size_t>(ReduceOutputCount(p));
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kMean;
  out->params.dtype = KernelDtype::kInt8;
  if (edge) {
    std::memset(buffers.input.data(), index % 2 == 0 ? 0x80 : 0x7f, out->input_bytes[0]);
  } else {
    FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  }
  SetInputs(out, {buffers.input.data()});
  size_t used = Format(out->shape, sizeof(out->shape), "zp %d/%d m %d s %d:", p.input_zero_point,
                       p.output_zero_point, p.output_multiplier, p.output_shift);
  for (int d = 0; d < p.rank; ++d) {
    used += Format(out->shape + used, sizeof(out->shape) - used, " %d%s", p.input_shape[d],
                   p.reduced[d] != 0 ? "r" : "");
  }
  return Status::Ok();
}

// An output shift of 31.
Status MakeInvalidMean(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeMean(kEdgeCases, buffers, out));
  out->params.mean.output_shift = 31;
  return Status::Ok();
}

}  // namespace

extern const Sweep kMeanSweep = {OpKind::kMean, kEdgeCases + kRandomCases, &MakeMean,
                                 &MakeInvalidMean};

}  // namespace arenastore::kernels::sweep
