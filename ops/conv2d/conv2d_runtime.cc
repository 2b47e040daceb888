// conv2d's runtime lowering: a verified artifact's operator -> kernels::Conv2dParams, each field
// checked on the way (runtime/op_params_builder.h): its input [n,h,w,c], filter
// [oc,kh,kw,c/groups], bias [oc] and output [n,oh,ow,oc] agree with each other and the window
// options.
#include "runtime/conv_lowering.h"
#include "runtime/op_unit.h"
#include "runtime/row_strip_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::Conv2dParams* p = &params->conv2d;
  const Nhwc o = ConvOperands(c);
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t filter_c = Dim(*o.filter, 3);
  const int32_t output_c = Dim(*o.filter, 0);
  if (input_c % filter_c != 0 || output_c % (input_c / filter_c) != 0) {
    return c.FailShapes("tensors.shape",
                        "filter %s does not group input %s (input channels must be "
                        "a multiple of the filter's, output channels of the groups)",
                        *o.filter, *o.input);
  }
  // 16x8: TensorFlow Lite's int16 conv accumulates in its bias's type, int32 (or no bias) or
  // int64.
  const bool int64_bias =
      kernels::kInt16Built && o.bias != nullptr && o.bias->type() == schema::DataType::INT64;
  ARENASTORE_RETURN_IF_FAILED(Expect16x8Operands(
      c, o.bias, int64_bias ? schema::DataType::INT64 : schema::DataType::INT32));
  ARENASTORE_RETURN_IF_FAILED(
      LowerSlidingConv(c, o, output_c, SlidingConvOf(c.Options<schema::Conv2dOptions>()), p));
  // Set only when true: the field is zeroed, and an int8-only build then carries no store.
  if (int64_bias && params->dtype == kernels::KernelDtype::kInt16) p->int64_accumulator = true;
  p->groups = input_c / filter_c;
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kConv2dRuntime =
    RuntimeUnit<schema::Conv2dOptions>(ConvLike16x8Operands(kernels::kConv2dArity), &Lower);

extern const RowStripUnit kConv2dRowStrip = kWindowOpRowStrip<&kernels::OpParams::conv2d>;

}  // namespace arenastore::runtime
