#include "planner/pool2d_planning.h"

#include "planner/conv_lowering.h"
#include "planner/padding_hooks.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// The window, scales and zero points, SAME/VALID padding (which the output's rows and columns must
// match) and the activation clamp: what only the host derives. Types and the other shape rules
// are the runtime's lowering's; the input's rank is checked first for the indexing here.
Status LowerPool2d(const Lowering& l, schema::Pool2dOptionsT* o, kernels::Pool2dParams* p) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  if (o->stride_h < 1 || o->stride_w < 1 || o->filter_h < 1 || o->filter_w < 1) {
    return l.Fail("filter sizes and strides must be >= 1");
  }
  p->filter_h = o->filter_h;
  p->filter_w = o->filter_w;
  p->stride_h = o->stride_h;
  p->stride_w = o->stride_w;
  const int32_t output_h = ConvOutputSize(o->padding, input.shape[1], o->filter_h, o->stride_h, 1);
  const int32_t output_w = ConvOutputSize(o->padding, input.shape[2], o->filter_w, o->stride_w, 1);
  ARENASTORE_RETURN_IF_ERROR(ExpectWindowOutput(l, output_h, output_w));
  p->pad_top = ConvPaddingBefore(input.shape[1], o->filter_h, o->stride_h, 1, output_h);
  p->pad_left = ConvPaddingBefore(input.shape[2], o->filter_w, o->stride_w, 1, output_w);
  // The clamp is in the output's own type: TFLM's pools clamp int16 values to int16's range.
  const ActivationRange range =
      QuantizedActivationRange(o->activation, output.scale(), output.zero_point(), output.type);
  p->activation_min = range.min;
  p->activation_max = range.max;
  RecordLoweredWindow(*p, o);
  return Status::Ok();
}

namespace {

RecordedPads RecordedPool2dPads(const schema::Operator& op) {
  return RecordedPadsOf(op.options_as_Pool2dOptions());
}

}  // namespace

// Both pools' params are Pool2dParams, in the same place of the union.
const PaddingHooks kPool2dPadding = {
    &RecordedPool2dPads, [](const kernels::OpParams& p) {
      return RecordedPads{false, p.average_pool2d.pad_top, p.average_pool2d.pad_left};
    }};

}  // namespace arenastore::planner
