// pack's runtime lowering: a verified artifact's operator -> kernels::PackParams, each field
// checked on the way (runtime/op_params_builder.h): every input has the first one's shape and the
// output is that shape with the input count inserted at the axis.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::PackParams* p, const schema::Tensor& output,
                int32_t axis) {
  const int32_t rank = Rank(output);
  const schema::Tensor& first = *c.Input(0);
  bool agrees = Rank(first) == rank - 1 && Dim(output, axis) == p->num_inputs;
  for (int32_t i = 0; agrees && i < rank - 1; ++i) {
    agrees = Dim(first, i) == Dim(output, i < axis ? i : i + 1);
  }
  if (!agrees) {
    return c.Fail("tensors.shape", "output %s is not input %s with %d inserted at axis %d",
                  FormatShape(output).text, FormatShape(first).text, p->num_inputs, axis);
  }
  for (int32_t k = 1; k < p->num_inputs; ++k) {
    if (!SameShape(*c.Input(k), first)) {
      return c.Fail("tensors.shape", "input %d shape %s differs from input 0 %s", k,
                    FormatShape(*c.Input(k)).text, FormatShape(first).text);
    }
  }
  p->outer_size = 1;
  p->copy_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(output, i);
  for (int32_t i = axis + 1; i < rank; ++i) p->copy_size *= Dim(output, i);
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));
  const int32_t element_bytes = MovedElementBytes(c);
  p->copy_size *= element_bytes;  // the kernel moves bytes
  return StatusRef::Ok();
}

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::PackParams* p = &params->pack;
  const schema::Tensor& output = c.Output();
  const int32_t rank = Rank(output);
  const int32_t raw_axis = c.Options<schema::PackOptions>().axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  if (rank < 1 || axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for output %s", raw_axis,
                  FormatShape(output).text);
  }
  p->num_inputs = c.input_count();
  return Lower(c, p, output, axis);
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::PackInputStartInOutput(params.pack, static_cast<int32_t>(part));
}

}  // namespace

extern const RuntimeOp kPackRuntime = RuntimeUnit<schema::PackOptions>(
    {kernels::kPackArity,
     {Int8OrInt16("input"), Int8OrInt16("input"), Int8OrInt16("input")},
     Int8OrInt16("output")},
    &Lower, {InputAliasing::kGathersInputs, &PartStart});

}  // namespace arenastore::runtime
