#include "runtime/op_params_builder.h"

#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;

// Reads one operator of a validated artifact: every index and table it touches is present.
class OpReader {
 public:
  OpReader(const ArtifactView& view, int32_t op_index) : view_(view), op_(view.op(op_index)) {}

  const schema::Operator& op() const { return op_; }
  // The options table: validation has checked that it is present and of the op's type.
  template <typename Table>
  const Table& Options() const {
    return *static_cast<const Table*>(op_.options());
  }
  int32_t input_count() const { return static_cast<int32_t>(op_.inputs()->size()); }
  const schema::Tensor& Input(int32_t k) const {
    return view_.tensor(op_.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k)));
  }
  const schema::Tensor& Output() const { return view_.tensor(op_.outputs()->Get(0)); }

 private:
  const ArtifactView& view_;
  const schema::Operator& op_;
};

kernels::Requantization RequantOf(const schema::Requantization& requant) {
  return {requant.multiplier()->data(), requant.shift()->data(),
          static_cast<int32_t>(requant.multiplier()->size())};
}

void BuildConv2d(const OpReader& r, kernels::Conv2dParams* p) {
  const schema::Conv2dOptions& o = r.Options<schema::Conv2dOptions>();
  const schema::Tensor& input = r.Input(0);
  const schema::Tensor& filter = r.Input(1);
  const schema::Tensor& output = r.Output();
  p->batches = Dim(input, 0);
  p->input_h = Dim(input, 1);
  p->input_w = Dim(input, 2);
  p->input_c = Dim(input, 3);
  p->filter_h = Dim(filter, 1);
  p->filter_w = Dim(filter, 2);
  p->output_h = Dim(output, 1);
  p->output_w = Dim(output, 2);
  p->output_c = Dim(filter, 0);
  p->groups = p->input_c / Dim(filter, 3);
  p->stride_h = o.stride_h();
  p->stride_w = o.stride_w();
  p->dilation_h = o.dilation_h();
  p->dilation_w = o.dilation_w();
  p->pad_top = o.pad_top();
  p->pad_left = o.pad_left();
  p->input_zero_point = ZeroPoint(input);
  p->output_zero_point = ZeroPoint(output);
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
  p->requant = RequantOf(*o.requant());
}

void BuildDepthwiseConv2d(const OpReader& r, kernels::DepthwiseConv2dParams* p) {
  const schema::DepthwiseConv2dOptions& o = r.Options<schema::DepthwiseConv2dOptions>();
  const schema::Tensor& input = r.Input(0);
  const schema::Tensor& filter = r.Input(1);
  const schema::Tensor& output = r.Output();
  p->batches = Dim(input, 0);
  p->input_h = Dim(input, 1);
  p->input_w = Dim(input, 2);
  p->input_c = Dim(input, 3);
  p->filter_h = Dim(filter, 1);
  p->filter_w = Dim(filter, 2);
  p->output_h = Dim(output, 1);
  p->output_w = Dim(output, 2);
  p->output_c = Dim(filter, 3);
  p->depth_multiplier = p->output_c / p->input_c;
  p->stride_h = o.stride_h();
  p->stride_w = o.stride_w();
  p->dilation_h = o.dilation_h();
  p->dilation_w = o.dilation_w();
  p->pad_top = o.pad_top();
  p->pad_left = o.pad_left();
  p->input_zero_point = ZeroPoint(input);
  p->output_zero_point = ZeroPoint(output);
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
  p->requant = RequantOf(*o.requant());
}

void BuildFullyConnected(const OpReader& r, kernels::FullyConnectedParams* p) {
  const schema::FullyConnectedOptions& o = r.Options<schema::FullyConnectedOptions>();
  const schema::Tensor& input = r.Input(0);
  const schema::Tensor& filter = r.Input(1);
  p->output_depth = Dim(filter, 0);
  p->input_depth = Dim(filter, 1);
  // TensorFlow Lite flattens the input to [elements / depth, depth]; when the last input dim is
  // the depth this is the product of all the other dims.
  // Validation capped element counts at int32: a 32-bit division, no libgcc call.
  p->batches = static_cast<int32_t>(ElementCount(input)) / p->input_depth;
  p->input_zero_point = ZeroPoint(input);
  p->filter_zero_point = ZeroPoint(filter);
  p->output_zero_point = ZeroPoint(r.Output());
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
  p->requant = RequantOf(*o.requant());
}

void BuildBatchMatmul(const OpReader& r, kernels::BatchMatmulParams* p) {
  const schema::BatchMatmulOptions& o = r.Options<schema::BatchMatmulOptions>();
  const schema::Tensor& lhs = r.Input(0);
  const schema::Tensor& rhs = r.Input(1);
  const int32_t lr = Rank(lhs);
  const int32_t rr = Rank(rhs);
  p->adj_x = o.adj_x();
  p->adj_y = o.adj_y();
  for (int i = 0; i < 3; ++i) {  // Dim() is 1 for the absent leading dims
    p->lhs_batch[i] = Dim(lhs, lr - 5 + i);
    p->rhs_batch[i] = Dim(rhs, rr - 5 + i);
  }
  p->rows = Dim(lhs, o.adj_x() ? lr - 1 : lr - 2);
  p->accum_depth = Dim(lhs, o.adj_x() ? lr - 2 : lr - 1);
  p->cols = Dim(rhs, o.adj_y() ? rr - 2 : rr - 1);
  p->lhs_zero_point = ZeroPoint(lhs);
  p->rhs_zero_point = ZeroPoint(rhs);
  p->output_zero_point = ZeroPoint(r.Output());
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
  p->output_multiplier = o.requant()->multiplier()->Get(0);
  p->output_shift = o.requant()->shift()->Get(0);
}

void BuildTransposeConv2d(const OpReader& r, kernels::TransposeConv2dParams* p) {
  const schema::TransposeConv2dOptions& o = r.Options<schema::TransposeConv2dOptions>();
  const schema::Tensor& input = r.Input(0);
  const schema::Tensor& filter = r.Input(1);
  const schema::Tensor& output = r.Output();
  p->batches = Dim(input, 0);
  p->input_h = Dim(input, 1);
  p->input_w = Dim(input, 2);
  p->input_c = Dim(input, 3);
  p->filter_h = Dim(filter, 1);
  p->filter_w = Dim(filter, 2);
  p->output_h = Dim(output, 1);
  p->output_w = Dim(output, 2);
  p->output_c = Dim(filter, 0);
  p->stride_h = o.stride_h();
  p->stride_w = o.stride_w();
  p->pad_top = o.pad_top();
  p->pad_left = o.pad_left();
  p->input_zero_point = ZeroPoint(input);
  p->output_zero_point = ZeroPoint(output);
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
  p->requant = RequantOf(*o.requant());
}

void BuildPool2d(const OpReader& r, kernels::Pool2dParams* p) {
  const schema::Pool2dOptions& o = r.Options<schema::Pool2dOptions>();
  const schema::Tensor& input = r.Input(0);
  const schema::Tensor& output = r.Output();
  p->batches = Dim(input, 0);
  p->input_h = Dim(input, 1);
  p->input_w = Dim(input, 2);
  p->channels = Dim(input, 3);
  p->filter_h = o.filter_h();
  p->filter_w = o.filter_w();
  p->output_h = Dim(output, 1);
  p->output_w = Dim(output, 2);
  p->stride_h = o.stride_h();
  p->stride_w = o.stride_w();
  p->pad_top = o.pad_top();
  p->pad_left = o.pad_left();
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
}

// Right-aligned to kMaxBroadcastRank, 1-padded on the left.
void RightAlign(const schema::Tensor& tensor, int32_t* dims) {
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    dims[i] = Dim(tensor, Rank(tensor) - kernels::kMaxBroadcastRank + i);
  }
}

void BuildBroadcastShapes(const OpReader& r, kernels::BroadcastShapes* shapes) {
  RightAlign(r.Input(0), shapes->input1);
  RightAlign(r.Input(1), shapes->input2);
  RightAlign(r.Output(), shapes->output);
}

void BuildAdd(const OpReader& r, kernels::AddParams* p) {
  const schema::AddOptions& o = r.Options<schema::AddOptions>();
  BuildBroadcastShapes(r, &p->shapes);
  p->input1_offset = -ZeroPoint(r.Input(0));
  p->input2_offset = -ZeroPoint(r.Input(1));
  p->output_offset = ZeroPoint(r.Output());  // as TensorFlow Lite: the output's is not negated
  p->left_shift = o.left_shift();
  p->input1_multiplier = o.input1_multiplier();
  p->input1_shift = o.input1_shift();
  p->input2_multiplier = o.input2_multiplier();
  p->input2_shift = o.input2_shift();
  p->output_multiplier = o.output_multiplier();
  p->output_shift = o.output_shift();
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
}

void BuildMul(const OpReader& r, kernels::MulParams* p) {
  const schema::MulOptions& o = r.Options<schema::MulOptions>();
  BuildBroadcastShapes(r, &p->shapes);
  p->input1_offset = -ZeroPoint(r.Input(0));
  p->input2_offset = -ZeroPoint(r.Input(1));
  p->output_offset = ZeroPoint(r.Output());
  p->output_multiplier = o.output_multiplier();
  p->output_shift = o.output_shift();
  p->activation_min = o.activation_min();
  p->activation_max = o.activation_max();
}

void BuildSoftmax(const OpReader& r, kernels::SoftmaxParams* p) {
  const schema::SoftmaxOptions& o = r.Options<schema::SoftmaxOptions>();
  const schema::Tensor& input = r.Input(0);
  p->depth = LastDim(input);
  p->outer_size = static_cast<int32_t>(ElementCount(input)) / p->depth;
  p->input_multiplier = o.input_multiplier();
  p->input_left_shift = o.input_left_shift();
  p->diff_min = o.diff_min();
}

void BuildPad(const OpReader& r, kernels::PadParams* p) {
  const schema::PadOptions& o = r.Options<schema::PadOptions>();
  const schema::Tensor& input = r.Input(0);
  p->rank = Rank(input);
  for (int32_t i = 0; i < p->rank; ++i) {
    const auto index = static_cast<flatbuffers::uoffset_t>(i);
    p->input_shape[i] = Dim(input, i);
    p->before[i] = o.before()->Get(index);
    p->after[i] = o.after()->Get(index);
  }
  p->pad_value = ZeroPoint(r.Output());
}

void BuildConcatenation(const OpReader& r, kernels::ConcatenationParams* p) {
  const schema::Tensor& output = r.Output();
  const int32_t rank = Rank(output);
  const int32_t raw_axis = r.Options<schema::ConcatenationOptions>().axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  p->num_inputs = r.input_count();
  p->outer_size = 1;
  p->inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(output, i);
  for (int32_t i = axis + 1; i < rank; ++i) p->inner_size *= Dim(output, i);
  for (int32_t k = 0; k < p->num_inputs; ++k) p->input_axis_sizes[k] = Dim(r.Input(k), axis);
}

}  // namespace

Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params) {
  ARENASTORE_CHECK_OR_RETURN(op_index >= 0 && op_index < view.operator_count(),
                             ErrorCode::kInvalidArgument, "op index %d out of range (%d operators)",
                             op_index, view.operator_count());
  ARENASTORE_CHECK_OR_RETURN(view.IsKnownOpKind(op_index), ErrorCode::kKernelUnsupported,
                             "operators[%d]: unknown operator kind %u", op_index,
                             static_cast<unsigned>(view.op(op_index).kind()));
  // Zero every byte (union tail and padding included) so params compare equal byte for byte.
  __builtin_memset(params, 0, sizeof(*params));
  const OpReader r(view, op_index);
  params->kind = static_cast<OpKind>(r.op().kind());
  switch (params->kind) {
    case OpKind::kConv2d:
      BuildConv2d(r, &params->conv2d);
      break;
    case OpKind::kDepthwiseConv2d:
      BuildDepthwiseConv2d(r, &params->depthwise_conv2d);
      break;
    case OpKind::kFullyConnected:
      BuildFullyConnected(r, &params->fully_connected);
      break;
    case OpKind::kBatchMatmul:
      BuildBatchMatmul(r, &params->batch_matmul);
      break;
    case OpKind::kTransposeConv2d:
      BuildTransposeConv2d(r, &params->transpose_conv2d);
      break;
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      BuildPool2d(r, &params->pool2d);
      break;
    case OpKind::kAdd:
      BuildAdd(r, &params->add);
      break;
    case OpKind::kMul:
      BuildMul(r, &params->mul);
      break;
    case OpKind::kSoftmax:
      BuildSoftmax(r, &params->softmax);
      break;
    case OpKind::kReshape:
      params->reshape.bytes = static_cast<int32_t>(r.Input(0).bytes());
      break;
    case OpKind::kPad:
      BuildPad(r, &params->pad);
      break;
    case OpKind::kConcatenation:
      BuildConcatenation(r, &params->concatenation);
      break;
  }
  return Status::Ok();
}

}  // namespace arenastore::runtime
