// concatenation's runtime lowering: a verified artifact's operator -> kernels::ConcatenationParams,
// each field checked on the way (runtime/op_params_builder.h): the inputs agree off the axis and
// add up to the output along it.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::ConcatenationParams* p = &params->concatenation;
  const schema::Tensor* output = &c.Output();
  const int32_t rank = Rank(*output);
  const int32_t raw_axis = c.Options<schema::ConcatenationOptions>().axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  if (rank < 1 || axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for output %s", raw_axis,
                  FormatShape(*output).text);
  }
  p->num_inputs = c.input_count();
  int64_t axis_total = 0;
  for (int32_t k = 0; k < p->num_inputs; ++k) {
    const schema::Tensor* input = c.Input(k);
    bool agrees = Rank(*input) == rank;
    for (int32_t i = 0; agrees && i < rank; ++i)
      agrees = i == axis || Dim(*input, i) == Dim(*output, i);
    if (!agrees) {
      return c.FailShapes("tensors.shape",
                          "input shape %s differs from output %s off axis %d "
                          "(input %d)",
                          *input, *output, axis, k);
    }
    p->input_axis_sizes[k] = Dim(*input, axis);
    axis_total += p->input_axis_sizes[k];
  }
  if (axis_total != Dim(*output, axis)) {
    return c.Fail("tensors.shape", "inputs add up to %lld along axis %d, output has %d",
                  static_cast<long long>(axis_total), axis, Dim(*output, axis));
  }
  p->outer_size = 1;
  p->inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(*output, i);
  for (int32_t i = axis + 1; i < rank; ++i) p->inner_size *= Dim(*output, i);
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));
  const int32_t element_bytes = MovedElementBytes(c);
  p->inner_size *= element_bytes;  // the kernel moves bytes
  return StatusRef::Ok();
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::ConcatenationInputStartInOutput(params.concatenation, static_cast<int32_t>(part));
}

}  // namespace

extern const RuntimeOp kConcatenationRuntime = RuntimeUnit<schema::ConcatenationOptions>(
    {kernels::kConcatenationArity,
     {Int8OrInt16("input"), Int8OrInt16("input"), Int8OrInt16("input")},
     Int8OrInt16("output")},
    &Lower, {InputAliasing::kGathersInputs, &PartStart});

}  // namespace arenastore::runtime
