#include "ops/mean/x86.h"

#include "kernels/scratch_check.h"
#include "ops/mean/mean.h"

namespace arenastore::kernels::x86 {
namespace {

// One output from the int32 sum of its count (> 0) inputs: ref's arithmetic exactly, as
// SumAndRescaleOf in kernels/rescaled_sums.h writes it per output.
int8_t RescaleSum(const ReduceParams& p, int64_t count, int32_t sum) {
  const int32_t shifted =
      static_cast<int32_t>(static_cast<int64_t>(sum) - p.input_zero_point * count);
  const int32_t value =
      MultiplyByQuantizedMultiplier(shifted, p.output_multiplier, p.output_shift) +
      p.output_zero_point;
  return static_cast<int8_t>(Clamp(value, -128, 127));
}

// The input's dimensions without those of size 1, neighbours reduced alike merged into one.
// No dimension may be empty.
struct Merged {
  int32_t rank;
  int32_t size[kMaxReduceRank];
  int32_t reduced[kMaxReduceRank];
};

Merged Merge(const ReduceParams& p) {
  Merged m{};
  for (int32_t d = 0; d < p.rank; ++d) {
    if (p.input_shape[d] == 1) continue;
    if (m.rank > 0 && m.reduced[m.rank - 1] == p.reduced[d]) {
      m.size[m.rank - 1] *= p.input_shape[d];  // fits: the input has at most 2^31 - 1 elements
      continue;
    }
    m.size[m.rank] = p.input_shape[d];
    m.reduced[m.rank] = p.reduced[d];
    ++m.rank;
  }
  return m;
}

// Any axis set: per output (kept dimensions in order), ref's wrapping sum over its reduced
// elements, then ref's rescale.
void MeanWalk(const ReduceParams& p, const Merged& m, int64_t count, const int8_t* input,
              int8_t* output) {
  int64_t stride[kMaxReduceRank];
  int32_t kept[kMaxReduceRank], reduced[kMaxReduceRank];
  int32_t kept_rank = 0, reduced_rank = 0;
  int64_t step = 1;
  for (int32_t d = m.rank - 1; d >= 0; --d) {
    stride[d] = step;
    step *= m.size[d];
  }
  for (int32_t d = 0; d < m.rank; ++d) {
    if (m.reduced[d] != 0) {
      reduced[reduced_rank++] = d;
    } else {
      kept[kept_rank++] = d;
    }
  }
  // Adds stride[dims[k]] for the next index of an odometer over `dims`, last fastest; false
  // once it wraps to zero.
  auto advance = [&](const int32_t* dims, int32_t rank, int32_t* index, int64_t* offset) {
    for (int32_t k = rank - 1; k >= 0; --k) {
      const int32_t d = dims[k];
      *offset += stride[d];
      if (++index[k] < m.size[d]) return true;
      *offset -= stride[d] * m.size[d];
      index[k] = 0;
    }
    return false;
  };
  int32_t kept_index[kMaxReduceRank] = {};
  int64_t base = 0;
  do {
    int32_t reduced_index[kMaxReduceRank] = {};
    int64_t offset = 0;
    int32_t sum = 0;
    do {
      sum = WrappingAdd(sum, input[base + offset]);
    } while (advance(reduced, reduced_rank, reduced_index, &offset));
    *output++ = RescaleSum(p, count, sum);
  } while (advance(kept, kept_rank, kept_index, &base));
}

// [outer] reduced [inner]: each outer block of reduced rows of inner channels.
void MeanBlocks(const ReduceParams& p, const MeanKernels& kernels, int32_t outer, int32_t rows,
                int32_t inner, int64_t count, const int8_t* input, int8_t* output) {
  int32_t sums[kMeanColumnBlock];
  for (int32_t o = 0; o < outer; ++o) {
    const int8_t* block = input + int64_t{o} * rows * inner;
    int8_t* out = output + int64_t{o} * inner;
    if (inner == 1) {
      out[0] = RescaleSum(p, count, kernels.run(block, rows));
      continue;
    }
    for (int32_t c = 0; c < inner; c += kMeanColumnBlock) {
      const int32_t width = inner - c < kMeanColumnBlock ? inner - c : kMeanColumnBlock;
      kernels.columns(block + c, rows, inner, width, sums);
      for (int32_t j = 0; j < width; ++j) out[c + j] = RescaleSum(p, count, sums[j]);
    }
  }
}

void MeanWith(const ReduceParams& p, const MeanKernels& kernels, const int8_t* input,
              int8_t* output) {
  const int64_t outputs = ReduceOutputCount(p);
  const int64_t count = ReduceCountPerOutput(p);
  if (count == 0) {  // as ref: an empty reduction leaves TensorFlow Lite's zero-filled output
    for (int64_t o = 0; o < outputs; ++o) output[o] = 0;
    return;
  }
  if (outputs == 0) return;
  const Merged m = Merge(p);
  int32_t outer = 1, rows = 1, inner = 1, d = 0;
  if (d + 1 < m.rank && m.reduced[d] == 0) outer = m.size[d++];
  if (d < m.rank && m.reduced[d] != 0) rows = m.size[d++];
  if (d < m.rank && m.reduced[d] == 0) inner = m.size[d++];
  if (d < m.rank) {
    MeanWalk(p, m, count, input, output);
  } else {
    MeanBlocks(p, kernels, outer, rows, inner, count, input, output);
  }
}

}  // namespace

Status MeanEntry(const X86Variant& variant, MeanKernels kernels, const MeanParams& params,
                 const int8_t* input, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckRescaledReduceParams(params, variant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernels.columns != nullptr));
  MeanWith(params, kernels, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
