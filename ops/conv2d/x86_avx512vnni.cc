#include "ops/conv2d/x86_avx512vnni.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/split_convolution.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// Reads of a run's last 4-byte group may pass the end of the ring by up to 3 bytes.
constexpr size_t kRingSlackBytes = 64;

size_t AlignUp(size_t bytes) { return internal::SplitAlignUp(bytes); }

// conv2d's pieces: the checks, the job and, for the shared split form (split_convolution.h),
// its preparation and the k-group offsets of every group and ring slot.
struct Conv2dOp {
  static constexpr const char* kName = "conv2d/x86_avx512vnni";

  static bool HasWork(const Conv2dParams& p) {
    return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0 && p.input_c > 0 &&
           p.filter_h > 0 && p.filter_w > 0 && p.groups > 0 && p.input_c % p.groups == 0 &&
           p.output_c % p.groups == 0;
  }

  static internal::Conv2dLayout LayoutOf(const Conv2dParams& p) { return Conv2dLayoutOf(p); }

  static Status CheckCall(const Conv2dParams& params, std::span<uint8_t> scratch) {
    ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
    return CheckConv2dParams(params, kName);
  }

  static Status CheckRunnable() { return internal::CheckAvx512Runnable(kName); }

  // A job over `scratch` with its requantization table filled.
  static internal::Conv2dJob JobOf(const Conv2dParams& params, const int8_t* input,
                                   const int8_t* filter, const int32_t* bias, int8_t* output,
                                   std::span<uint8_t> scratch) {
    internal::Conv2dJob job{&params,          input, filter, bias, output, scratch.data(),
                            LayoutOf(params), {},    nullptr};
    const int32_t filters_per_group = params.output_c / params.groups;
    // The pair form's lanes serve channel lane % 8 (a pattern repeating every 8 slots).
    const x86::SlotMap map = job.layout.pair_form
                                 ? x86::SlotMap{internal::kLanes / 2, filters_per_group, 0}
                                 : x86::SlotMap{job.layout.blocks_per_group * internal::kLanes,
                                                filters_per_group, filters_per_group};
    job.table = x86::FillRequantTable(
        params.requant, params.output_zero_point, params.activation_min, params.activation_max,
        params.groups * job.layout.blocks_per_group * internal::kLanes, internal::kLanes, map,
        scratch.data() + job.layout.table_offset, x86::RequantForms::kWide);
    return job;
  }

  static size_t SlotOffsetsBytes(const Conv2dParams& p, const internal::Conv2dLayout& layout) {
    return sizeof(int64_t) * static_cast<size_t>(p.groups) *
           static_cast<size_t>(layout.window.ring_rows) * static_cast<size_t>(layout.kgroups);
  }

#if defined(__x86_64__)
  static bool Prepare(const internal::Conv2dJob& job) { return internal::PrepareConv2d(job); }
  static void FillSlotOffsets(const internal::Conv2dJob& job, int64_t* offsets) {
    internal::FillSlotOffsets(job, offsets);
  }
  static void Convolve(const internal::Conv2dJob& job, bool bounded) {
    internal::ConvolveImage(job, bounded);
  }
#endif
};

}  // namespace

internal::Conv2dLayout Conv2dLayoutOf(const Conv2dParams& p) {
  internal::Conv2dLayout layout{};
  if (!Conv2dOp::HasWork(p)) return layout;
  layout.window = x86::ConvWindowOf(p);
  const int32_t filters_per_group = p.output_c / p.groups;
  layout.blocks_per_group = (filters_per_group + internal::kLanes - 1) / internal::kLanes;
  layout.kgroups = layout.window.segments * ((layout.window.segment_elems + 3) / 4);
  layout.row_bytes = layout.window.padded_w * p.input_c;
  layout.pair_form = p.groups == 1 && p.output_c <= internal::kLanes / 2;
  const auto slots = static_cast<int32_t>(p.groups * layout.blocks_per_group * internal::kLanes);
  layout.table_offset = 0;
  layout.weights_offset = AlignUp(x86::RequantTableBytes(slots));
  const size_t weight_bytes = static_cast<size_t>(p.groups) * layout.blocks_per_group *
                              static_cast<size_t>(layout.kgroups) * 64;
  layout.offsets_offset = layout.weights_offset + weight_bytes;
  layout.ring_offset =
      AlignUp(layout.offsets_offset + sizeof(int64_t) * static_cast<size_t>(layout.kgroups));
  layout.total_bytes = layout.ring_offset +
                       static_cast<size_t>(layout.window.ring_rows) * layout.row_bytes +
                       kRingSlackBytes;
  return layout;
}

size_t Conv2dScratchBytes(const Conv2dParams& params) { return Conv2dLayoutOf(params).total_bytes; }

size_t Conv2dSplitScratchBytes(const Conv2dParams& params) {
  return internal::SplitConvolutionScratchBytes<Conv2dOp>(params);
}

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(Conv2dOp::CheckCall(params, scratch));
  if (!Conv2dOp::HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(Conv2dOp::CheckRunnable());
#if defined(__x86_64__)
  internal::RunConv2d(Conv2dOp::JobOf(params, input, filter, bias, output, scratch));
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
#endif
  return Status::Ok();
}

Status Conv2dPrepare(const Conv2dParams& params, const int8_t* filter, const int32_t* bias,
                     std::span<uint8_t> scratch, KernelState* state) {
  return internal::PrepareConvolution<Conv2dOp>(params, filter, bias, scratch, state);
}

Status Conv2dRunPrepared(const Conv2dParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch, const KernelState& state) {
  return internal::RunPreparedConvolution<Conv2dOp>(params, input, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
