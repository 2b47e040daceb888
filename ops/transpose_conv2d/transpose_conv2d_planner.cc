// transpose_conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::TransposeConv2dParams (as TensorFlow Lite prepares the op), the TransposeConv2dOptions
// it writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/padding_hooks.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace transpose_conv2d_lowering {

Status LowerTransposeConv2dParams(const Lowering& l, kernels::OpParams* p,
                                  std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const TransposeConv2dAttributes a,
                              l.AttributesAs<TransposeConv2dAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(filter, DataType::kInt8, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 4, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(output, 4, "output"));
  if (a.stride_h < 1 || a.stride_w < 1) return l.Fail("strides must be >= 1");
  auto& t = p->transpose_conv2d;
  t.batches = input.shape[0];
  t.input_h = input.shape[1];
  t.input_w = input.shape[2];
  t.input_c = input.shape[3];
  t.output_c = filter.shape[0];
  t.filter_h = filter.shape[1];
  t.filter_w = filter.shape[2];
  if (filter.shape[3] != t.input_c) {
    return l.Fail("filter '{}' has {} input channels, input has {}", filter.name, filter.shape[3],
                  t.input_c);
  }
  if (output.shape[0] != t.batches || output.shape[3] != t.output_c) {
    return l.Fail("output '{}' shape [{}] does not match batches {} and channels {}", output.name,
                  fmt::join(output.shape, ","), t.batches, t.output_c);
  }
  t.output_h = output.shape[1];
  t.output_w = output.shape[2];
  t.stride_h = a.stride_h;
  t.stride_w = a.stride_w;
  // TensorFlow Lite pads a transposed convolution as the convolution it inverts.
  const int32_t conv_h = ConvOutputSize(a.padding, t.output_h, t.filter_h, t.stride_h, 1);
  const int32_t conv_w = ConvOutputSize(a.padding, t.output_w, t.filter_w, t.stride_w, 1);
  t.pad_top = ConvPaddingBefore(t.output_h, t.filter_h, t.stride_h, 1, conv_h);
  t.pad_left = ConvPaddingBefore(t.output_w, t.filter_w, t.stride_w, 1, conv_w);
  t.input_zero_point = input.zero_point();
  t.output_zero_point = output.zero_point();
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  t.activation_min = range.min;
  t.activation_max = range.max;
  // TensorFlow Lite's 16x8 transpose conv takes an int64 bias (or none).
  ARENASTORE_RETURN_IF_ERROR(l.ExpectBias(
      2, t.output_c, input.type == DataType::kInt16 ? DataType::kInt64 : DataType::kInt32));
  return l.Requantize(input, filter, output, t.output_c, multipliers, shifts);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.transpose_conv2d.requant);
  });
  return LowerTransposeConv2dParams(l, &lowered->params(), lowered->mutable_multipliers(),
                                    lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<TransposeConv2dAttributes>();
  const auto& k = w.params().transpose_conv2d;
  return {schema::OpOptions::TransposeConv2dOptions,
          schema::CreateTransposeConv2dOptions(w.builder(), OptionsWriter::PaddingOf(a.padding),
                                               k.stride_h, k.stride_w, k.pad_top, k.pad_left,
                                               OptionsWriter::ActivationOf(a.activation),
                                               k.activation_min, k.activation_max, w.Requant())
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::TransposeConv2dOptions& o = *op.options_as_TransposeConv2dOptions();
  TransposeConv2dAttributes a;
  a.padding = ReadPadding(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.activation = ReadActivation(o.activation());
  return OpAttributes(a);
}

RecordedPads Recorded(const schema::Operator& op) {
  return RecordedPadsOf(op.options_as_TransposeConv2dOptions());
}

RecordedPads LoweredPads(const kernels::OpParams& p) {
  return RecordedPads{false, p.transpose_conv2d.pad_top, p.transpose_conv2d.pad_left};
}

// Two artifacts may record one pad as SAME and as EXPLICIT (another producer's): the pads
// compared, not how they were named.
constexpr std::string_view kNotCompared[] = {"padding"};

constexpr PaddingHooks kPadding = {&Recorded, &LoweredPads};

}  // namespace transpose_conv2d_lowering

extern const PlannerOp kTransposeConv2dPlanner = {&transpose_conv2d_lowering::Lower,
                                                  &transpose_conv2d_lowering::Write,
                                                  &transpose_conv2d_lowering::Read,
                                                  &transpose_conv2d_lowering::kPadding,
                                                  {},
                                                  transpose_conv2d_lowering::kNotCompared};

}  // namespace arenastore::planner
