#include "ops/depthwise_conv2d/x86_avx512vnni.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/split_convolution.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// A run's last vectors read (and then discard) up to 15 vectors of lanes past its end.
constexpr size_t kRingSlackBytes = 16 * 64;

size_t AlignUp(size_t bytes) { return internal::SplitAlignUp(bytes); }

// depthwise_conv2d's pieces: the checks, the job and, for the shared split form
// (split_convolution.h), its preparation and every ring slot's tap offsets.
struct DepthwiseConv2dOp {
  static constexpr const char* kName = "depthwise_conv2d/x86_avx512vnni";

  static bool HasWork(const DepthwiseConv2dParams& p) {
    return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
  }

  static internal::DepthwiseConv2dLayout LayoutOf(const DepthwiseConv2dParams& p) {
    return DepthwiseConv2dLayoutOf(p);
  }

  static Status CheckCall(const DepthwiseConv2dParams& params, std::span<uint8_t> scratch) {
    ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
    return CheckDepthwiseConv2dParams(params, kName);
  }

  static Status CheckRunnable() { return internal::CheckAvx512Runnable(kName); }

  // A job over `scratch` with its requantization table filled.
  static internal::DepthwiseConv2dJob JobOf(const DepthwiseConv2dParams& params,
                                            const int8_t* input, const int8_t* filter,
                                            const int32_t* bias, int8_t* output,
                                            std::span<uint8_t> scratch) {
    internal::DepthwiseConv2dJob job{&params,          input, filter, bias, output, scratch.data(),
                                     LayoutOf(params), {},    nullptr};
    const int32_t period = job.layout.window.period;
    const int32_t channels = params.output_c;
    // Slot s of a run serves channel s % C (flat runs) or s (< C, per-pixel runs).
    job.table = x86::FillRequantTable(
        params.requant, params.output_zero_point, params.activation_min, params.activation_max,
        period, internal::kLanes, {job.layout.window.flat ? channels : period, channels, 0},
        scratch.data() + job.layout.table_offset, x86::RequantForms::kWide);
    return job;
  }

  static size_t SlotOffsetsBytes(const DepthwiseConv2dParams& p,
                                 const internal::DepthwiseConv2dLayout& layout) {
    const size_t quad_taps =
        static_cast<size_t>(p.filter_h) * static_cast<size_t>((p.filter_w + 3) / 4);
    return sizeof(int64_t) * static_cast<size_t>(layout.window.ring_rows) * quad_taps;
  }

#if defined(__x86_64__)
  static bool Prepare(const internal::DepthwiseConv2dJob& job) {
    return internal::PrepareDepthwiseConv2d(job);
  }
  static void FillSlotOffsets(const internal::DepthwiseConv2dJob& job, int64_t* offsets) {
    internal::FillSlotTapOffsets(job, offsets);
  }
  static void Convolve(const internal::DepthwiseConv2dJob& job, bool bounded) {
    internal::ConvolveDepthwise(job, bounded);
  }
#endif
};

}  // namespace

internal::DepthwiseConv2dLayout DepthwiseConv2dLayoutOf(const DepthwiseConv2dParams& p) {
  internal::DepthwiseConv2dLayout layout{};
  if (!DepthwiseConv2dOp::HasWork(p) || p.filter_h <= 0 || p.filter_w <= 0) return layout;
  layout.window = x86::DepthwiseWindowOf(p, internal::kLanes);
  layout.row_elems = layout.window.padded_w * p.output_c;
  const auto period = static_cast<size_t>(layout.window.period);
  const auto taps = static_cast<size_t>(layout.window.taps);
  layout.table_offset = 0;
  layout.weights_offset = AlignUp(x86::RequantTableBytes(layout.window.period));
  layout.offsets_offset = layout.weights_offset + taps * period * sizeof(int32_t);
  layout.ring_offset = AlignUp(layout.offsets_offset + taps * sizeof(int64_t));
  layout.total_bytes = layout.ring_offset +
                       static_cast<size_t>(layout.window.ring_rows) * layout.row_elems * 4 +
                       kRingSlackBytes;
  return layout;
}

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params) {
  return DepthwiseConv2dLayoutOf(params).total_bytes;
}

size_t DepthwiseConv2dSplitScratchBytes(const DepthwiseConv2dParams& params) {
  return internal::SplitConvolutionScratchBytes<DepthwiseConv2dOp>(params);
}

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(DepthwiseConv2dOp::CheckCall(params, scratch));
  if (!DepthwiseConv2dOp::HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(DepthwiseConv2dOp::CheckRunnable());
#if defined(__x86_64__)
  internal::RunDepthwiseConv2d(
      DepthwiseConv2dOp::JobOf(params, input, filter, bias, output, scratch));
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
#endif
  return Status::Ok();
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
