#include "kernels/x86_common/data_movement_entry.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {
namespace {

// ref's MakeGeometry (same checks, same messages), then the merge of unpadded inner dimensions.
Status MakePadJob(const PadParams& params, const char* name, PadJob* job) {
  ARENASTORE_CHECK_OR_RETURN(params.rank >= 1 && params.rank <= kMaxPadRank,
                             ErrorCode::kKernelInvalidParams, "%s: rank %d not in [1, %d]", name,
                             params.rank, kMaxPadRank);
  ARENASTORE_CHECK_OR_RETURN(params.pad_value >= -128 && params.pad_value <= 127,
                             ErrorCode::kKernelInvalidParams, "%s: pad value %d is not int8", name,
                             params.pad_value);
  const int32_t missing = kMaxPadRank - params.rank;
  for (int32_t d = 0; d < kMaxPadRank; ++d) {
    const int32_t source = d - missing;
    job->input[d] = source < 0 ? 1 : params.input_shape[source];
    job->before[d] = source < 0 ? 0 : params.before[source];
    job->after[d] = source < 0 ? 0 : params.after[source];
    ARENASTORE_CHECK_OR_RETURN(job->input[d] >= 0 && job->before[d] >= 0 && job->after[d] >= 0,
                               ErrorCode::kKernelInvalidParams,
                               "%s: dimension %d: size %d, padding %d/%d must not be negative",
                               name, source, job->input[d], job->before[d], job->after[d]);
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
  ARENASTORE_CHECK_OR_RETURN(params.num_inputs >= 1 && params.num_inputs <= kMaxOpInputs,
                             ErrorCode::kKernelInvalidParams, "%s: %d inputs, not in [1, %d]",
                             variant.name, params.num_inputs, kMaxOpInputs);
  ARENASTORE_CHECK_OR_RETURN(
      params.outer_size >= 0 && params.inner_size >= 0, ErrorCode::kKernelInvalidParams,
      "%s: negative outer %d or inner %d size", variant.name, params.outer_size, params.inner_size);
  for (int32_t k = 0; k < params.num_inputs; ++k) {
    ARENASTORE_CHECK_OR_RETURN(params.input_axis_sizes[k] >= 0, ErrorCode::kKernelInvalidParams,
                               "%s: input %d has negative axis size %d", variant.name, k,
                               params.input_axis_sizes[k]);
  }
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, inputs, output});
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
