// fully_connected's runtime lowering: a verified artifact's operator ->
// kernels::FullyConnectedParams, each field checked on the way (runtime/op_params_builder.h): the
// input flattens to [batches x depth] and the output is [batches x output_depth].
#include "runtime/conv_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::FullyConnectedParams* p = &params->fully_connected;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* filter = c.Input(1);
  const schema::Tensor* bias = c.Input(2);
  const schema::Tensor* output = &c.Output();
  const schema::FullyConnectedOptions& options = c.Options<schema::FullyConnectedOptions>();
  p->output_depth = Dim(*filter, 0);
  p->input_depth = Dim(*filter, 1);
  // TensorFlow Lite flattens the input to [elements / depth, depth]. Tensor validation capped
  // every element count at int32, so 32-bit division is exact here (and a Cortex-M divides it
  // in one instruction instead of calling libgcc).
  const auto input_elements = static_cast<int32_t>(ElementCount(*input));
  p->batches = input_elements / p->input_depth;
  if (input_elements % p->input_depth != 0 ||
      ElementCount(*output) != int64_t{p->batches} * p->output_depth) {
    return c.FailShapes("tensors.shape",
                        "input %s and output %s are not [batches x %d] and [batches x %d]", *input,
                        *output, p->input_depth, p->output_depth);
  }
  ARENASTORE_RETURN_IF_FAILED(c.ExpectBias(bias, p->output_depth));
  // 16x8: TensorFlow Lite's int16 layer accumulates in its bias's type, int32 (or no bias) or
  // int64.
  const bool int64_bias =
      kernels::kInt16Built && bias != nullptr && bias->type() == schema::DataType::INT64;
  ARENASTORE_RETURN_IF_FAILED(
      Expect16x8Operands(c, bias, int64_bias ? schema::DataType::INT64 : schema::DataType::INT32));
  // Set only when true: the field is zeroed, and an int8-only build then carries no store.
  if (int64_bias && params->dtype == kernels::KernelDtype::kInt16) p->int64_accumulator = true;
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectActivationRange(p->activation_min, p->activation_max));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectRequant(options.requant(), p->output_depth, true));
  p->input_zero_point = ZeroPoint(*input);
  p->filter_zero_point = ZeroPoint(*filter);
  p->output_zero_point = ZeroPoint(*output);
  BindRequant(*options.requant(), &p->requant);
  // The planner's fold of the weight-only terms (kernel library 1.17.0 on); without it the
  // variants sum the weight rows themselves.
  if (const auto* folded = options.folded_bias(); folded != nullptr) {
    if (folded->size() != static_cast<uint32_t>(p->output_depth)) {
      return c.Fail("operators.options.folded_bias", "%u values for %d outputs",
                    static_cast<unsigned>(folded->size()), p->output_depth);
    }
    p->folded_bias = folded->data();
  }
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kFullyConnectedRuntime = RuntimeUnit<schema::FullyConnectedOptions>(
    {kernels::kFullyConnectedArity,
     {Activation16x8("input"), Int8("filter", 2, 2), Bias16x8()},
     Activation16x8("output")},
    &Lower);

}  // namespace arenastore::runtime
