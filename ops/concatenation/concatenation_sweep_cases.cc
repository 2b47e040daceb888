// concatenation's variant sweep (tests/ops/variant_sweep.h). First the all-ops example (one
// 1x8x8x8 tensor joined with itself along channels: two operands on one buffer); then every slab
// size from 0 to 130 bytes beside inputs of other sizes (the x86 kernels copy a short slab as
// two overlapping moves of a size class chosen per input); then random joins of 1 to 4 inputs,
// one case in ten of 16, with empty outer sizes and slabs, slabs shorter and longer than a vector.
// Invalid: a negative axis size. Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 8901;
constexpr int32_t kSlabSizes = 131;
constexpr int32_t kRandomCases = 500;

size_t OutputBytes(const ConcatenationParams& p) {
  size_t axis = 0;
  for (int32_t k = 0; k < p.num_inputs; ++k) axis += static_cast<size_t>(p.input_axis_sizes[k]);
  return static_cast<size_t>(p.outer_size) * axis * static_cast<size_t>(p.inner_size);
}

// Redrawn until the output fits the sweep's buffers (the index alone still decides the case).
void RandomJoin(Rng& rng, ConcatenationParams& p) {
  do {
    p.num_inputs = rng.Chance(10) ? kMaxOpInputs : rng.Uniform(1, 4);
    p.outer_size = rng.Chance(5) ? 0 : rng.Uniform(1, 70);
    p.inner_size = rng.Chance(50) ? 1 : rng.Uniform(0, 20);
    for (int32_t k = 0; k < p.num_inputs; ++k) {
      p.input_axis_sizes[k] = rng.Chance(10) ? 0 : rng.Uniform(1, 80);
    }
  } while (OutputBytes(p) > kDataBytes);
}

Status MakeConcatenation(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  ConcatenationParams& p = out->params.concatenation;
  p = {};
  const bool example = index == 0;
  if (example) {
    p.num_inputs = 2;
    p.outer_size = 64;
    p.inner_size = 1;
    p.input_axis_sizes[0] = p.input_axis_sizes[1] = 8;
  } else if (index <= kSlabSizes) {
    do {
      RandomJoin(rng, p);
      p.outer_size = rng.Uniform(1, 9);
      p.inner_size = 1;
      p.input_axis_sizes[rng.Uniform(0, p.num_inputs - 1)] = index - 1;
    } while (OutputBytes(p) > kDataBytes);
  } else {
    RandomJoin(rng, p);
  }
  out->output_bytes = OutputBytes(p);
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->output_bytes, 0, out->output_bytes, 0));
  out->params.kind = OpKind::kConcatenation;
  out->params.dtype = KernelDtype::kInt8;
  // The inputs one after another in the input buffer (their sum is the output's size).
  FillTowardEdges(rng, buffers.input.data(), out->output_bytes);
  size_t at = 0;
  out->num_inputs = p.num_inputs;
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    out->inputs[k] = buffers.input.data() + (example ? 0 : at);
    out->input_bytes[k] = static_cast<size_t>(p.outer_size) * p.input_axis_sizes[k] * p.inner_size;
    at += out->input_bytes[k];
  }
  size_t used = Format(out->shape, sizeof(out->shape), "outer %d inner %d axis sizes", p.outer_size,
                       p.inner_size);
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    used += Format(out->shape + used, sizeof(out->shape) - used, " %d", p.input_axis_sizes[k]);
  }
  return Status::Ok();
}

// A negative axis size.
Status MakeInvalidConcatenation(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeConcatenation(0, buffers, out));
  out->params.concatenation.input_axis_sizes[0] = -3;
  return Status::Ok();
}

}  // namespace

extern const Sweep kConcatenationSweep = {OpKind::kConcatenation, 1 + kSlabSizes + kRandomCases,
                                          &MakeConcatenation, &MakeInvalidConcatenation};

}  // namespace arenastore::kernels::sweep
