#include "kernels/x86_common/data_movement_entry.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {
namespace {

// pad's check, ref's geometry, then the merge of unpadded inner dimensions.
Status MakePadJob(const PadParams& params, const char* name, PadJob* job) {
  ARENASTORE_RETURN_IF_ERROR(CheckPadParams(params, name));
  const int32_t missing = kMaxPadRank - params.rank;
  for (int32_t d = 0; d < kMaxPadRank; ++d) {
    const int32_t source = d - missing;
    job->input[d] = source < 0 ? 1 : params.input_shape[source];
    job->before[d] = source < 0 ? 0 : params.before[source];
    job->after[d] = source < 0 ? 0 : params.after[source];
  }
  job->value = static_cast<int8_t>(params.pad_value);
  // Merge: while the innermost dimension is unpadded, fold it into the one above (which keeps
  // its own padding, now in units of the folded run); the outermost slot becomes 1.
  for (int merged = 0; merged < kMaxPadRank - 1; ++merged) {
    constexpr int kIn = kMaxPadRank - 1;
    if (job->before[kIn] != 0 || job->after[kIn] != 0) break;
    const int64_t run = job->input[kIn];
    const int64_t size = int64_t{job->input[kIn - 1]} * run;
    const int64_t before = int64_t{job->before[kIn - 1]} * run;
    const int64_t after = int64_t{job->after[kIn - 1]} * run;
    if (size + before + after > INT32_MAX) break;  // keep every count an int32
    for (int d = kIn; d > 0; --d) {
      job->input[d] = job->input[d - 1];
      job->before[d] = job->before[d - 1];
      job->after[d] = job->after[d - 1];
    }
    job->input[kIn] = static_cast<int32_t>(size);
    job->before[kIn] = static_cast<int32_t>(before);
    job->after[kIn] = static_cast<int32_t>(after);
    job->input[0] = 1;
    job->before[0] = job->after[0] = 0;
  }
  for (int d = 0; d < kMaxPadRank; ++d) {
    job->output[d] = job->input[d] + job->before[d] + job->after[d];
  }
  return Status::Ok();
}

}  // namespace

Status PadEntry(const X86Variant& variant, PadKernel kernel, const PadParams& params,
                const int8_t* input, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  PadJob job{};
  ARENASTORE_RETURN_IF_ERROR(MakePadJob(params, variant.name, &job));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  job.in = input;
  job.out = output;
  kernel(job);
  return Status::Ok();
}

Status ConcatenationEntry(const X86Variant& variant, ConcatenationKernel kernel,
                          const ConcatenationParams& params, const int8_t* const* inputs,
                          int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckConcatenationCall(params, inputs, variant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, inputs, output});
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
