#include "runtime/conv_lowering.h"

namespace arenastore::runtime {

void BindRequant(const schema::Requantization& requant, kernels::Requantization* out) {
  out->multipliers = requant.multiplier()->data();
  out->shifts = requant.shift()->data();
  out->count = static_cast<int32_t>(requant.multiplier()->size());
}

StatusRef Check16x8Operands(const OpChecker& c, const schema::Tensor* bias,
                            schema::DataType bias_type) {
  if (c.MixedWidths()) {
    return c.Fail("tensors.type", "int8 and int16 activations mixed; the kernels take one type");
  }
  const bool wide = c.Input(0)->type() == schema::DataType::INT16;
  for (int32_t k = 0; k < c.input_count() + 1; ++k) {
    const schema::Tensor* t = k < c.input_count() ? c.Input(k) : &c.Output();
    if (wide && t != nullptr && t->type() == schema::DataType::INT16 && ZeroPoint(*t) != 0) {
      return c.Fail("tensors.quantization", "int16 operand %d has zero point %d, expected 0", k,
                    ZeroPoint(*t));
    }
  }
  if (bias == nullptr || bias->type() == (wide ? bias_type : schema::DataType::INT32))
    return StatusRef::Ok();
  return c.Fail("tensors.type", "bias is %s, expected %s", schema::EnumNameDataType(bias->type()),
                schema::EnumNameDataType(wide ? bias_type : schema::DataType::INT32));
}

StatusRef ExpectSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c,
                            const SlidingConv& s) {
  ARENASTORE_RETURN_IF_FAILED(c.ExpectNhwcOutput(*o.input, *o.output, output_c));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectBias(o.bias, output_c));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(s.padding, s.activation));
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectWindow({"h", Dim(*o.input, 1), Dim(*o.output, 1), Dim(*o.filter, 1), s.stride_h,
                      s.dilation_h, s.pad_top}));
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectWindow({"w", Dim(*o.input, 2), Dim(*o.output, 2), Dim(*o.filter, 2), s.stride_w,
                      s.dilation_w, s.pad_left}));
  // Inside the output's type: int8, or int16 for a 16x8 kernel.
  ARENASTORE_RETURN_IF_FAILED(c.ExpectActivationRange(s.activation_min, s.activation_max));
  return c.ExpectRequant(s.requant, output_c, false);
}

}  // namespace arenastore::runtime
