#include "ops/depthwise_conv2d/x86_avx2.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr const char* kName = "depthwise_conv2d/x86_avx2";
constexpr size_t kAlign = 64;
// A run's last vectors read (and then discard) up to 8 vectors of lanes past its end.
constexpr size_t kRingSlackBytes = 8 * 32;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

bool HasWork(const DepthwiseConv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
}

}  // namespace

internal::DepthwiseConv2dLayout DepthwiseConv2dLayoutOf(const DepthwiseConv2dParams& p) {
  internal::DepthwiseConv2dLayout layout{};
  if (!HasWork(p) || p.filter_h <= 0 || p.filter_w <= 0) return layout;
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

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx2), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX2", kName);
#if defined(__x86_64__)
  internal::DepthwiseConv2dJob job{
      &params, input, filter, bias, output, scratch.data(), DepthwiseConv2dLayoutOf(params), {}};
  const int32_t period = job.layout.window.period;
  const int32_t channels = params.output_c;
  // Slot s of a run serves channel s % C (flat runs) or s (< C, per-pixel runs).
  job.table = x86::FillRequantTable(
      params.requant, params.output_zero_point, params.activation_min, params.activation_max,
      period, internal::kLanes, {job.layout.window.flat ? channels : period, channels, 0},
      scratch.data() + job.layout.table_offset, x86::RequantForms::kNarrow);
  internal::RunDepthwiseConv2d(job);
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx2
