#include "ops/conv2d/x86_avx2.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr const char* kName = "conv2d/x86_avx2";
constexpr size_t kAlign = 64;
// Reads of a run's last element pair may pass the end of the ring by one int16.
constexpr size_t kRingSlackBytes = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

bool HasWork(const Conv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0 && p.input_c > 0 &&
         p.filter_h > 0 && p.filter_w > 0 && p.groups > 0 && p.input_c % p.groups == 0 &&
         p.output_c % p.groups == 0;
}

}  // namespace

internal::Conv2dLayout Conv2dLayoutOf(const Conv2dParams& p) {
  internal::Conv2dLayout layout{};
  if (!HasWork(p)) return layout;
  layout.window = x86::ConvWindowOf(p);
  const int32_t filters_per_group = p.output_c / p.groups;
  layout.blocks_per_group = (filters_per_group + internal::kLanes - 1) / internal::kLanes;
  layout.kgroups = layout.window.segments * ((layout.window.segment_elems + 1) / 2);
  layout.row_bytes = layout.window.padded_w * p.input_c * 2;
  const auto slots = static_cast<int32_t>(p.groups * layout.blocks_per_group * internal::kLanes);
  layout.table_offset = 0;
  layout.weights_offset = AlignUp(x86::RequantTableBytes(slots));
  const size_t weight_bytes = static_cast<size_t>(p.groups) * layout.blocks_per_group *
                              static_cast<size_t>(layout.kgroups) * 32;
  layout.offsets_offset = layout.weights_offset + weight_bytes;
  layout.ring_offset =
      AlignUp(layout.offsets_offset + sizeof(int64_t) * static_cast<size_t>(layout.kgroups));
  layout.total_bytes = layout.ring_offset +
                       static_cast<size_t>(layout.window.ring_rows) * layout.row_bytes +
                       kRingSlackBytes;
  return layout;
}

size_t Conv2dScratchBytes(const Conv2dParams& params) { return Conv2dLayoutOf(params).total_bytes; }

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx2), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX2", kName);
#if defined(__x86_64__)
  internal::Conv2dJob job{
      &params, input, filter, bias, output, scratch.data(), Conv2dLayoutOf(params), {}};
  const int32_t filters_per_group = params.output_c / params.groups;
  job.table = x86::FillRequantTable(
      params.requant, params.output_zero_point, params.activation_min, params.activation_max,
      params.groups * job.layout.blocks_per_group * internal::kLanes, internal::kLanes,
      {job.layout.blocks_per_group * internal::kLanes, filters_per_group, filters_per_group},
      scratch.data() + job.layout.table_offset, x86::RequantForms::kNarrow);
  internal::RunConv2d(job);
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
