#include "planner/pool2d_planning.h"

#include "planner/conv_lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/padding_hooks.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// What Write records and only the host derives: the window, scales and zero points, SAME/VALID
// padding (which the output's rows and columns must match) and the activation clamp. Types and the
// other shape rules are the runtime's lowering's; the input's rank is checked first for the
// indexing here.
Status LowerPool2d(const Lowering& l, const Pool2dAttributes& a, kernels::Pool2dParams* p) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  if (a.stride_h < 1 || a.stride_w < 1 || a.filter_h < 1 || a.filter_w < 1) {
    return l.Fail("filter sizes and strides must be >= 1");
  }
  p->filter_h = a.filter_h;
  p->filter_w = a.filter_w;
  p->stride_h = a.stride_h;
  p->stride_w = a.stride_w;
  const int32_t output_h = ConvOutputSize(a.padding, input.shape[1], a.filter_h, a.stride_h, 1);
  const int32_t output_w = ConvOutputSize(a.padding, input.shape[2], a.filter_w, a.stride_w, 1);
  ARENASTORE_RETURN_IF_ERROR(ExpectWindowOutput(l, output_h, output_w));
  p->pad_top = ConvPaddingBefore(input.shape[1], a.filter_h, a.stride_h, 1, output_h);
  p->pad_left = ConvPaddingBefore(input.shape[2], a.filter_w, a.stride_w, 1, output_w);
  // The clamp is in the output's own type: TFLM's pools clamp int16 values to int16's range.
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  p->activation_min = range.min;
  p->activation_max = range.max;
  return Status::Ok();
}

WrittenOptions WritePool2dOptions(OptionsWriter& w, const Pool2dAttributes& a,
                                  const kernels::Pool2dParams& k) {
  return {schema::OpOptions::Pool2dOptions,
          schema::CreatePool2dOptions(w.builder(), a.padding, k.filter_h, k.filter_w, k.stride_h,
                                      k.stride_w, k.pad_top, k.pad_left, a.activation,
                                      k.activation_min, k.activation_max)
              .Union()};
}

Pool2dAttributes ReadPool2dAttributes(const schema::Operator& op) {
  const schema::Pool2dOptions& o = *op.options_as_Pool2dOptions();
  Pool2dAttributes a;
  a.padding = ReadPadding(o);
  a.filter_h = o.filter_h();
  a.filter_w = o.filter_w();
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.activation = o.activation();
  return a;
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
