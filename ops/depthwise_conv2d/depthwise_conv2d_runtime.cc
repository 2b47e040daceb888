// depthwise_conv2d's runtime lowering: a verified artifact's operator ->
// kernels::DepthwiseConv2dParams, each field checked on the way (runtime/op_params_builder.h): its
// filter is [1, kh, kw, c x depth_multiplier] and the window options fit the shapes.
#include "runtime/conv_lowering.h"
#include "runtime/op_unit.h"
#include "runtime/row_strip_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::DepthwiseConv2dParams* p = &params->depthwise_conv2d;
  const Nhwc o = ConvOperands(c);
  const schema::DepthwiseConv2dOptions& options = c.Options<schema::DepthwiseConv2dOptions>();
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t output_c = Dim(*o.filter, 3);
  if (Dim(*o.filter, 0) != 1 || output_c % input_c != 0 ||
      options.depth_multiplier() != output_c / input_c) {
    return c.FailShapes("tensors.shape",
                        "filter %s of input %s is not [1, h, w, %d x depth_multiplier %d]",
                        *o.filter, *o.input, input_c, options.depth_multiplier());
  }
  // 16x8: TensorFlow Lite's int16 depthwise conv takes an int64 bias.
  ARENASTORE_RETURN_IF_FAILED(Expect16x8Operands(c, o.bias, schema::DataType::INT64));
  ARENASTORE_RETURN_IF_FAILED(LowerSlidingConv(c, o, output_c, SlidingConvOf(options), p));
  p->depth_multiplier = output_c / input_c;
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kDepthwiseConv2dRuntime = RuntimeUnit<schema::DepthwiseConv2dOptions>(
    ConvLike16x8Operands(kernels::kDepthwiseConv2dArity), &Lower);

extern const RowStripUnit kDepthwiseConv2dRowStrip =
    kWindowOpRowStrip<&kernels::OpParams::depthwise_conv2d>;

}  // namespace arenastore::runtime
