#include "kernels/x86_common/transpose_conv2d_entry.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {
namespace {

constexpr size_t kAlign = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

bool HasWork(const TransposeConv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
}

// [tap][block][input pair][lane][2] int16, zero beyond the real channels. Each real weight pair
// is written once, in the filter's own order, as one 32-bit store (the low half is the even
// channel); the lanes past the last real channel are zeroed first when there are any.
void PackFilter(const TransposeConv2dParams& p, const int8_t* filter,
                const TransposeConv2dLayout& layout, int32_t lanes, uint8_t* packed) {
  const int32_t taps = p.filter_h * p.filter_w;
  const ptrdiff_t pair_stride = static_cast<ptrdiff_t>(lanes) * 4;  // bytes per input pair
  const ptrdiff_t block_stride = layout.kpairs * pair_stride;
  if (p.output_c % lanes != 0) {
    const ptrdiff_t total = static_cast<ptrdiff_t>(taps) * layout.blocks * block_stride;
    for (ptrdiff_t i = 0; i < total; ++i) packed[i] = 0;
  }
  for (int32_t oc = 0; oc < p.output_c; ++oc) {
    const int32_t block = oc / lanes;
    const int32_t lane = oc % lanes;
    for (int32_t tap = 0; tap < taps; ++tap, filter += p.input_c) {
      uint8_t* dst =
          packed + (static_cast<ptrdiff_t>(tap) * layout.blocks + block) * block_stride + lane * 4;
      int32_t ic = 0;
      for (; ic + 1 < p.input_c; ic += 2, dst += pair_stride) {
        const uint32_t pair = static_cast<uint16_t>(filter[ic]) |
                              static_cast<uint32_t>(static_cast<uint16_t>(filter[ic + 1])) << 16;
        __builtin_memcpy(dst, &pair, sizeof(pair));
      }
      if (ic < p.input_c) {
        const uint32_t pair = static_cast<uint16_t>(filter[ic]);
        __builtin_memcpy(dst, &pair, sizeof(pair));
      }
    }
  }
}

// floor(n / d) for d > 0, n > INT32_MIN + d; 32-bit divisions (this runs on every call).
int32_t FloorDiv(int32_t n, int32_t d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }

// a * b when it is at most `limit`, else limit + 1 (limit < 2^64 - 1; no division: this runs on
// every call).
uint64_t ProductUpTo(uint64_t a, uint64_t b, uint64_t limit) {
  uint64_t product;
  if (__builtin_mul_overflow(a, b, &product) || product > limit) return limit + 1;
  return product;
}

}  // namespace

TransposeConv2dPhaseLayout TransposeConv2dPhaseLayoutOf(const TransposeConv2dParams& p,
                                                        size_t budget_bytes, PhaseForm form) {
  TransposeConv2dPhaseLayout layout{};
  // Padding within +-2^20 and sizes below 2^30 keep the positions below in int32 (the fit check
  // rejects what these bounds let through long before an overflow).
  constexpr int32_t kMaxPad = 1 << 20;
  constexpr int32_t kMaxSize = 1 << 30;
  if (!HasWork(p) || p.output_c > kPhaseLanes || p.stride_h > kMaxPhases ||
      p.stride_w > kMaxPhases || p.stride_h * p.stride_w > kMaxPhases || p.pad_top > kMaxPad ||
      p.pad_top < -kMaxPad || p.pad_left > kMaxPad || p.pad_left < -kMaxPad ||
      p.output_h > kMaxSize || p.output_w > kMaxSize || p.filter_h > kMaxSize ||
      p.filter_w > kMaxSize) {
    return layout;
  }
  // Held in 64 bits first: on a 32-bit target size_t can never reach UINT64_MAX.
  const uint64_t budget = budget_bytes;
  const uint64_t limit = budget < UINT64_MAX ? budget : UINT64_MAX - 1;
  // The most taps a phase takes per dimension (phase 0): ceil(filter / stride).
  const int64_t taps_h = (p.filter_h + p.stride_h - 1) / p.stride_h;
  const int64_t taps_w = (p.filter_w + p.stride_w - 1) / p.stride_w;
  const int64_t first_y = FloorDiv(p.pad_top, p.stride_h);
  const int64_t first_x = FloorDiv(p.pad_left, p.stride_w);
  const int64_t virtual_h = FloorDiv(p.output_h - 1 + p.pad_top, p.stride_h) - first_y + taps_h;
  const int64_t virtual_w = FloorDiv(p.output_w - 1 + p.pad_left, p.stride_w) - first_x + taps_w;
  const bool quads = form == PhaseForm::kQuads;
  const uint64_t groups = (static_cast<uint64_t>(p.input_c) + (quads ? 3 : 1)) / (quads ? 4 : 2);
  const uint64_t group_count = ProductUpTo(
      ProductUpTo(static_cast<uint64_t>(p.filter_h), static_cast<uint64_t>(p.filter_w), limit),
      groups, limit);
  // 8 lanes of 4 bytes per group and tap (kPairs: the general packing of one block).
  const uint64_t weight_bytes = ProductUpTo(group_count, kPhaseLanes * 4, limit);
  const uint64_t image_bytes = ProductUpTo(
      ProductUpTo(static_cast<uint64_t>(virtual_h), static_cast<uint64_t>(virtual_w), limit),
      groups * 4, limit);
  // Image offsets are int32.
  if (weight_bytes > limit || image_bytes > limit || image_bytes > INT32_MAX) return layout;
  const uint64_t offsets_offset = AlignUp(weight_bytes);
  const uint64_t image_offset = AlignUp(offsets_offset + (quads ? group_count * 4 : 0));
  if (image_offset + image_bytes > limit) return layout;
  layout.fits = true;
  layout.groups = static_cast<int32_t>(groups);
  layout.origin_y = static_cast<int32_t>(first_y - (taps_h - 1));
  layout.origin_x = static_cast<int32_t>(first_x - (taps_w - 1));
  layout.virtual_h = static_cast<int32_t>(virtual_h);
  layout.virtual_w = static_cast<int32_t>(virtual_w);
  layout.weights_offset = 0;
  layout.offsets_offset = offsets_offset;
  layout.image_offset = image_offset;
  layout.total_bytes = image_offset + image_bytes;
  return layout;
}

TransposeConv2dLayout TransposeConv2dLayoutOf(const TransposeConv2dParams& p, int32_t lanes) {
  TransposeConv2dLayout layout{};
  if (!HasWork(p)) return layout;
  layout.blocks = (p.output_c + lanes - 1) / lanes;
  layout.kpairs = (p.input_c + 1) / 2;
  const size_t taps = static_cast<size_t>(p.filter_h) * static_cast<size_t>(p.filter_w);
  // One int16 pair (4 bytes) per lane, input pair, block and tap.
  const size_t weight_bytes = taps * static_cast<size_t>(layout.blocks) *
                              static_cast<size_t>(layout.kpairs) * static_cast<size_t>(lanes) * 4;
  const size_t image_bytes = static_cast<size_t>(p.input_h) * static_cast<size_t>(p.input_w) *
                             static_cast<size_t>(layout.kpairs) * 4;
  layout.weights_offset = 0;
  layout.image_offset = AlignUp(weight_bytes);
  layout.table_offset = AlignUp(layout.image_offset + image_bytes);
  layout.total_bytes = layout.table_offset + RequantTableBytes(layout.blocks * lanes);
  return layout;
}

Status TransposeConv2dEntry(const X86Variant& variant, TransposeConv2dKernel kernel,
                            const TransposeConv2dParams& params, const int8_t* input,
                            const int8_t* filter, const int32_t* bias, int8_t* output,
                            std::span<uint8_t> scratch, TransposeConv2dKernel phase_kernel,
                            PhaseForm form) {
  const TransposeConv2dLayout layout = TransposeConv2dLayoutOf(params, variant.lanes);
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), layout.total_bytes);
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeConv2dParams(params, variant.name));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int64_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             variant.name, alignof(int64_t));
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(variant.isa), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks %s", variant.name, variant.feature);
  ARENASTORE_CHECK_OR_RETURN(kernel != nullptr, ErrorCode::kKernelUnsupported,
                             "%s: built without x86-64 support", variant.name);
  TransposeConv2dJob job{{&params, input, filter, bias, output}, scratch.data(), layout, {}, {}};
  if (phase_kernel != nullptr) {
    job.phase = TransposeConv2dPhaseLayoutOf(params, layout.total_bytes, form);
    if (job.phase.fits && form == PhaseForm::kQuads) {
      phase_kernel(job);
      return Status::Ok();
    }
    if (job.phase.fits) {
      alignas(64) uint8_t table[RequantTableBytes(kPhaseLanes)];
      job.table = FillRequantTable(params.requant, params.output_zero_point, params.activation_min,
                                   params.activation_max, kPhaseLanes, kPhaseLanes,
                                   {kPhaseLanes, params.output_c, params.output_c}, table,
                                   RequantForms::kNarrow);
      phase_kernel(job);
      return Status::Ok();
    }
  }
  const int32_t slots = layout.blocks * variant.lanes;
  job.table = FillRequantTable(params.requant, params.output_zero_point, params.activation_min,
                               params.activation_max, slots, variant.lanes,
                               {slots, params.output_c, params.output_c},
                               scratch.data() + layout.table_offset);
  PackFilter(params, filter, layout, variant.lanes, scratch.data() + layout.weights_offset);
  kernel(job);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
