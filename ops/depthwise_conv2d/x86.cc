#include "ops/depthwise_conv2d/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/split_convolution.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {
namespace {

constexpr size_t kAlign = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

// depthwise_conv2d on kIsa: the entry's checks, layout and job, which the x86_avx512vnni split
// form (split_convolution.h) shares.
template <Isa kIsa>
struct DepthwiseConv2dPieces {
  static constexpr X86Variant kVariant =
      VariantOf<kIsa>("depthwise_conv2d/x86_avx2", "depthwise_conv2d/x86_avx512vnni");
  static constexpr const char* kName = kVariant.name;
  static constexpr DepthwiseConv2dKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunDepthwiseConv2d),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunDepthwiseConv2d));
  static constexpr int32_t kLanes = IsaTraits<kIsa>::kLanes;
  // A run's last vectors read (and then discard) up to 8 ymm (x86_avx2) or 15 zmm
  // (x86_avx512vnni) of lanes past its end.
  static constexpr size_t kRingSlackBytes = Pick<kIsa>(size_t{8 * 32}, size_t{16 * 64});

  static bool HasWork(const DepthwiseConv2dParams& p) {
    return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
  }

  static DepthwiseConv2dLayout LayoutOf(const DepthwiseConv2dParams& p) {
    DepthwiseConv2dLayout layout{};
    if (!HasWork(p) || p.filter_h <= 0 || p.filter_w <= 0) return layout;
    layout.window = DepthwiseWindowOf(p, kLanes);
    layout.row_elems = layout.window.padded_w * p.output_c;
    const auto period = static_cast<size_t>(layout.window.period);
    const auto taps = static_cast<size_t>(layout.window.taps);
    layout.table_offset = 0;
    layout.weights_offset = AlignUp(RequantTableBytes(layout.window.period));
    layout.offsets_offset = layout.weights_offset + taps * period * sizeof(int32_t);
    layout.ring_offset = AlignUp(layout.offsets_offset + taps * sizeof(int64_t));
    layout.total_bytes = layout.ring_offset +
                         static_cast<size_t>(layout.window.ring_rows) * layout.row_elems * 4 +
                         kRingSlackBytes;
    return layout;
  }

  static Status CheckCall(const DepthwiseConv2dParams& params, std::span<uint8_t> scratch) {
    ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), LayoutOf(params).total_bytes);
    return CheckDepthwiseConv2dParams(params, kName);
  }

  // kKernelUnsupported unless this CPU has kIsa and its kernel file is built in.
  static Status CheckRunnable() { return x86::CheckRunnable(kVariant, kKernel != nullptr); }

  // A job over `scratch` with its requantization table filled.
  static DepthwiseConv2dJob JobOf(const DepthwiseConv2dParams& params, const int8_t* input,
                                  const int8_t* filter, const int32_t* bias, int8_t* output,
                                  std::span<uint8_t> scratch) {
    DepthwiseConv2dJob job{
        {&params, input, filter, bias, output}, scratch.data(), LayoutOf(params), {}, nullptr};
    const int32_t period = job.layout.window.period;
    const int32_t channels = params.output_c;
    // Slot s of a run serves channel s % C (flat runs) or s (< C, per-pixel runs).
    job.table = FillRequantTable(
        params.requant, params.output_zero_point, params.activation_min, params.activation_max,
        period, kLanes, {job.layout.window.flat ? channels : period, channels, 0},
        scratch.data() + job.layout.table_offset, IsaTraits<kIsa>::kRequantForms);
    return job;
  }
};

}  // namespace

template <Isa kIsa>
size_t DepthwiseConv2d<kIsa>::ScratchBytes(const DepthwiseConv2dParams& params) {
  return DepthwiseConv2dPieces<kIsa>::LayoutOf(params).total_bytes;
}

template <Isa kIsa>
Status DepthwiseConv2d<kIsa>::Eval(const DepthwiseConv2dParams& params, const int8_t* input,
                                   const int8_t* filter, const int32_t* bias, int8_t* output,
                                   std::span<uint8_t> scratch) {
  using Pieces = DepthwiseConv2dPieces<kIsa>;
  ARENASTORE_RETURN_IF_ERROR(Pieces::CheckCall(params, scratch));
  if (!Pieces::HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(Pieces::CheckRunnable());
  Pieces::kKernel(Pieces::JobOf(params, input, filter, bias, output, scratch));
  return Status::Ok();
}

template struct DepthwiseConv2d<Isa::kX86Avx2>;
template struct DepthwiseConv2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// What the shared split form (split_convolution.h) needs beyond the entry's pieces: its
// preparation and every ring slot's tap offsets.
struct DepthwiseConv2dOp : x86::DepthwiseConv2dPieces<Isa::kX86Avx512Vnni> {
  static size_t SlotOffsetsBytes(const DepthwiseConv2dParams& p,
                                 const x86::DepthwiseConv2dLayout& layout) {
    const size_t quad_taps =
        static_cast<size_t>(p.filter_h) * static_cast<size_t>((p.filter_w + 3) / 4);
    return sizeof(int64_t) * static_cast<size_t>(layout.window.ring_rows) * quad_taps;
  }

#if defined(__x86_64__)
  static bool Prepare(const x86::DepthwiseConv2dJob& job) {
    return internal::PrepareDepthwiseConv2d(job);
  }
  static void FillSlotOffsets(const x86::DepthwiseConv2dJob& job, int64_t* offsets) {
    internal::FillSlotOffsets(job, offsets);
  }
  static void Convolve(const x86::DepthwiseConv2dJob& job, bool bounded) {
    internal::ConvolveDepthwiseConv2d(job, bounded);
  }
#endif
};

}  // namespace

size_t DepthwiseConv2dSplitScratchBytes(const DepthwiseConv2dParams& params) {
  return internal::SplitConvolutionScratchBytes<DepthwiseConv2dOp>(params);
}

Status DepthwiseConv2dPrepare(const DepthwiseConv2dParams& params, const int8_t* filter,
                              const int32_t* bias, std::span<uint8_t> scratch, KernelState* state) {
  return internal::PrepareConvolution<DepthwiseConv2dOp>(params, filter, bias, scratch, state);
}

Status DepthwiseConv2dRunPrepared(const DepthwiseConv2dParams& params, const int8_t* input,
                                  int8_t* output, std::span<uint8_t> scratch,
                                  const KernelState& state) {
  return internal::RunPreparedConvolution<DepthwiseConv2dOp>(params, input, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
