#include "kernels/x86_common/elementwise_entry.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {
namespace {

// The op's own params check (ref's), naming the variant.
template <typename Params>
using CheckFn = Status (*)(const Params& params, const char* kernel);

// The ops with a split form: add and mul (sub's params are add's type, so it passes its own).
Status CheckParams(const AddParams& params, const char* name) {
  return CheckAddParams(params, name);
}
Status CheckParams(const MulParams& params, const char* name) {
  return CheckMulParams(params, name);
}

// Checks and the broadcast walk, the data pointers unset; rows.row_length 0: nothing to do.
template <typename Params>
Status JobOf(const X86Variant& variant, bool built, CheckFn<Params> check, const Params& params,
             std::span<uint8_t> scratch, ElementwiseJob<Params>* job) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(check(params, variant.name));
  *job = {&params, nullptr, nullptr, nullptr, BroadcastRowsOf(params.shapes), nullptr};
  if (job->rows.row_length == 0) return Status::Ok();
  return CheckRunnable(variant, built);
}

template <typename Params>
Status Entry(const X86Variant& variant, void (*kernel)(const ElementwiseJob<Params>&),
             CheckFn<Params> check, const Params& params, const int8_t* input1,
             const int8_t* input2, int8_t* output, std::span<uint8_t> scratch) {
  ElementwiseJob<Params> job;
  ARENASTORE_RETURN_IF_ERROR(JobOf(variant, kernel != nullptr, check, params, scratch, &job));
  if (job.rows.row_length == 0) return Status::Ok();
  job.input1 = input1;
  job.input2 = input2;
  job.output = output;
  kernel(job);
  return Status::Ok();
}

// What ElementwisePrepare keeps; the table's arrays lie in the split form's own scratch.
template <typename Params>
struct PreparedElementwise {
  ElementwiseJob<Params> job;
  RequantTable table;
  const uint8_t* scratch;
};
static_assert(sizeof(PreparedElementwise<AddParams>) <= sizeof(KernelState));
static_assert(sizeof(PreparedElementwise<MulParams>) <= sizeof(KernelState));

}  // namespace

Status AddEntry(const X86Variant& variant, AddKernel kernel, const AddParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  return Entry(variant, kernel, &CheckAddParams, params, input1, input2, output, scratch);
}

Status SubEntry(const X86Variant& variant, AddKernel kernel, const SubParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  return Entry(variant, kernel, &CheckSubParams, params, input1, input2, output, scratch);
}

Status MulEntry(const X86Variant& variant, MulKernel kernel, const MulParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  return Entry(variant, kernel, &CheckMulParams, params, input1, input2, output, scratch);
}

template <typename Params>
RequantTable ElementwiseOutputTable(const Params& params, int32_t lanes, uint8_t* storage) {
  const Requantization output_scale{&params.output_multiplier, &params.output_shift, 1};
  return FillRequantTable(output_scale, params.output_offset, params.activation_min,
                          params.activation_max, lanes, lanes, {lanes, lanes, lanes}, storage,
                          RequantForms::kWide);
}

size_t ElementwiseSplitScratchBytes(int32_t lanes) { return RequantTableBytes(lanes); }

template <typename Params>
Status ElementwisePrepare(const X86Variant& variant, void (*kernel)(const ElementwiseJob<Params>&),
                          const Params& params, std::span<uint8_t> scratch, KernelState* state) {
  PreparedElementwise<Params> prepared{};
  const CheckFn<Params> check = &CheckParams;
  ARENASTORE_RETURN_IF_ERROR(
      JobOf(variant, kernel != nullptr, check, params, scratch, &prepared.job));
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(),
                           ElementwiseSplitScratchBytes(variant.lanes));
  prepared.table = ElementwiseOutputTable(params, variant.lanes, scratch.data());
  prepared.scratch = scratch.data();
  __builtin_memcpy(state->bytes, &prepared, sizeof(prepared));
  return Status::Ok();
}

template <typename Params>
Status ElementwiseRun(void (*kernel)(const ElementwiseJob<Params>&), const Params& params,
                      const int8_t* input1, const int8_t* input2, int8_t* output,
                      std::span<uint8_t> scratch, const KernelState& state) {
  PreparedElementwise<Params> prepared;
  __builtin_memcpy(&prepared, state.bytes, sizeof(prepared));
  ARENASTORE_CHECK_OR_RETURN(prepared.scratch == scratch.data(), ErrorCode::kInvalidArgument,
                             "elementwise split form: run on another scratch than it was "
                             "prepared with");
  if (prepared.job.rows.row_length == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(kernel != nullptr, ErrorCode::kKernelUnsupported,
                             "elementwise split form: built without x86-64 support");
  prepared.job = {&params, input1, input2, output, prepared.job.rows, &prepared.table};
  kernel(prepared.job);
  return Status::Ok();
}

template RequantTable ElementwiseOutputTable(const AddParams&, int32_t, uint8_t*);
template RequantTable ElementwiseOutputTable(const MulParams&, int32_t, uint8_t*);
template Status ElementwisePrepare(const X86Variant&, AddKernel, const AddParams&,
                                   std::span<uint8_t>, KernelState*);
template Status ElementwisePrepare(const X86Variant&, MulKernel, const MulParams&,
                                   std::span<uint8_t>, KernelState*);
template Status ElementwiseRun(AddKernel, const AddParams&, const int8_t*, const int8_t*, int8_t*,
                               std::span<uint8_t>, const KernelState&);
template Status ElementwiseRun(MulKernel, const MulParams&, const int8_t*, const int8_t*, int8_t*,
                               std::span<uint8_t>, const KernelState&);

}  // namespace arenastore::kernels::x86
