// transpose_conv2d's runtime lowering: a verified artifact's operator ->
// kernels::TransposeConv2dParams, each field checked on the way (runtime/op_params_builder.h): its
// filter is [oc, kh, kw, c] and the scattered extent stays inside int32.
#include "runtime/conv_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::TransposeConv2dParams* p = &params->transpose_conv2d;
  const Nhwc o = ConvOperands(c);
  const schema::TransposeConv2dOptions& options = c.Options<schema::TransposeConv2dOptions>();
  const int32_t output_c = Dim(*o.filter, 0);
  if (Dim(*o.filter, 3) != Dim(*o.input, 3)) {
    return c.FailShapes("tensors.shape", "filter %s of input %s is not [oc, h, w, %d]", *o.filter,
                        *o.input, Dim(*o.input, 3));
  }
  ARENASTORE_RETURN_IF_FAILED(c.ExpectNhwcOutput(*o.input, *o.output, output_c));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectBias(o.bias, output_c));
  // 16x8: TensorFlow Lite's int16 transpose conv takes an int64 bias.
  ARENASTORE_RETURN_IF_FAILED(Expect16x8Operands(c, o.bias, schema::DataType::INT64));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(options.padding(), options.activation()));
  p->stride_h = options.stride_h();
  p->stride_w = options.stride_w();
  p->pad_top = options.pad_top();
  p->pad_left = options.pad_left();
  const int32_t strides[2] = {p->stride_h, p->stride_w};
  const int32_t pads[2] = {p->pad_top, p->pad_left};
  for (int axis = 0; axis < 2; ++axis) {
    const int32_t input = Dim(*o.input, 1 + axis);
    const int32_t filter = Dim(*o.filter, 1 + axis);
    // The scattered extent in 64 bits: the product of untrusted int32 values may overflow.
    if (strides[axis] < 1 || pads[axis] < 0 || pads[axis] > filter - 1 ||
        (int64_t{input} - 1) * strides[axis] + filter > kMaxExtent) {
      return c.Fail("operators.options.stride_h",
                    "%s: stride %d must be >= 1, padding %d in [0, %d], and the scattered "
                    "extent below %lld",
                    axis == 0 ? "h" : "w", strides[axis], pads[axis], filter - 1,
                    static_cast<long long>(kMaxExtent));
    }
  }
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectActivationRange(p->activation_min, p->activation_max));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectRequant(options.requant(), output_c, false));
  p->batches = Dim(*o.input, 0);
  p->input_h = Dim(*o.input, 1);
  p->input_w = Dim(*o.input, 2);
  p->input_c = Dim(*o.input, 3);
  p->filter_h = Dim(*o.filter, 1);
  p->filter_w = Dim(*o.filter, 2);
  p->output_h = Dim(*o.output, 1);
  p->output_w = Dim(*o.output, 2);
  p->output_c = output_c;
  p->input_zero_point = ZeroPoint(*o.input);
  p->output_zero_point = ZeroPoint(*o.output);
  BindRequant(*options.requant(), &p->requant);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kTransposeConv2dRuntime = RuntimeUnit<schema::TransposeConv2dOptions>(
    ConvLike16x8Operands(kernels::kTransposeConv2dArity), &Lower);

}  // namespace arenastore::runtime
