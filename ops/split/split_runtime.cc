// split's runtime lowering: a verified artifact's operator -> kernels::SplitParams, checked on
// the way: every output is a part of the input cut along the axis (the axis dropped from it when
// squeeze_axis is set, each part then 1 thick), and the parts' extents sum to the axis' size.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::SplitParams* p = &params->split;
  const schema::Tensor& input = *c.Input(0);
  const schema::SplitOptions& o = c.Options<schema::SplitOptions>();
  const int32_t rank = Rank(input);
  const int32_t axis = o.axis();
  if (axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for input %s", axis,
                  FormatShape(input).text);
  }
  const int32_t squeezed = o.squeeze_axis() ? 1 : 0;
  p->num_outputs = c.output_count();
  int64_t total = 0;
  for (int32_t k = 0; k < p->num_outputs; ++k) {
    const schema::Tensor& output = c.Output(k);
    bool agrees = Rank(output) == rank - squeezed;
    for (int32_t d = 0; agrees && d < rank; ++d) {
      if (d != axis) agrees = Dim(output, d < axis || squeezed == 0 ? d : d - 1) == Dim(input, d);
    }
    if (!agrees) {
      return c.Fail("tensors.shape", "output %d %s is not a part of input %s cut along axis %d%s",
                    k, FormatShape(output).text, FormatShape(input).text, axis,
                    squeezed != 0 ? " without the axis" : "");
    }
    p->sizes[k] = squeezed != 0 ? 1 : Dim(output, axis);
    total += p->sizes[k];
  }
  if (total != Dim(input, axis)) {
    return c.Fail("tensors.shape", "the %d outputs hold %lld of the %d steps of input %s's axis %d",
                  p->num_outputs, static_cast<long long>(total), Dim(input, axis),
                  FormatShape(input).text, axis);
  }
  p->outer_size = 1;
  p->inner_size = 1;
  for (int32_t d = 0; d < axis; ++d) p->outer_size *= Dim(input, d);
  for (int32_t d = axis + 1; d < rank; ++d) p->inner_size *= Dim(input, d);
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));
  const int32_t element_bytes = MovedElementBytes(c);
  p->inner_size *= element_bytes;  // the kernel moves bytes
  return StatusRef::Ok();
}

// Output `part`'s start in the input, when it is one contiguous run of it (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::SplitPartStartInInput(params.split, static_cast<int32_t>(part));
}

}  // namespace

extern const RuntimeOp kSplitRuntime = RuntimeUnit<schema::SplitOptions>(
    {kernels::kSplitArity, {Int8OrInt16("input", 1, kAnyRank)}, Int8OrInt16("output")}, &Lower,
    {InputAliasing::kWhenContiguous, &PartStart});

}  // namespace arenastore::runtime
