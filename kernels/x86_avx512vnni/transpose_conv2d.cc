#include "kernels/x86_avx512vnni/transpose_conv2d.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "transpose_conv2d/x86_avx512vnni";
constexpr size_t kAlign = 64;
constexpr int32_t kBlockLanes = 16;  // int32 lanes of a zmm register

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

bool HasWork(const TransposeConv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
}

}  // namespace

internal::TransposeConv2dLayout TransposeConv2dLayoutOf(const TransposeConv2dParams& p) {
  internal::TransposeConv2dLayout layout{};
  if (!HasWork(p)) return layout;
  layout.blocks = (p.output_c + kBlockLanes - 1) / kBlockLanes;
  layout.kpairs = (p.input_c + 1) / 2;
  const size_t acc_bytes = sizeof(int32_t) * static_cast<size_t>(p.output_h) *
                           static_cast<size_t>(p.output_w) * static_cast<size_t>(p.output_c);
  const size_t taps = static_cast<size_t>(p.filter_h) * static_cast<size_t>(p.filter_w);
  // One int16 pair (4 bytes) per lane, input pair, block and tap.
  const size_t weight_bytes = taps * static_cast<size_t>(layout.blocks) *
                              static_cast<size_t>(layout.kpairs) * kBlockLanes * 4;
  layout.acc_offset = 0;
  layout.weights_offset = AlignUp(acc_bytes);
  layout.pixel_offset = AlignUp(layout.weights_offset + weight_bytes);
  layout.table_offset = AlignUp(layout.pixel_offset + 4 * static_cast<size_t>(layout.kpairs));
  layout.total_bytes = layout.table_offset + x86::RequantTableBytes(layout.blocks * kBlockLanes);
  return layout;
}

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params) {
  return TransposeConv2dLayoutOf(params).total_bytes;
}

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TransposeConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(x86::CheckTransposeConv2dParams(params, kName));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int64_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             kName, alignof(int64_t));
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx512Vnni), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX-512 VNNI", kName);
#if defined(__x86_64__)
  internal::TransposeConv2dJob job{
      &params, input, filter, bias, output, scratch.data(), TransposeConv2dLayoutOf(params), {}};
  const int32_t slots = job.layout.blocks * kBlockLanes;
  job.table = x86::FillRequantTable(params.requant, params.output_zero_point, params.activation_min,
                                    params.activation_max, slots, kBlockLanes,
                                    {slots, params.output_c, params.output_c},
                                    scratch.data() + job.layout.table_offset);
  internal::RunTransposeConv2d(job);
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx512vnni
