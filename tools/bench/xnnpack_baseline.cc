#include "tools/bench/xnnpack_baseline.h"

#include <algorithm>
#include <cstdlib>

#if defined(ARENASTORE_BENCH_XNNPACK)
#include <xnnpack.h>
#endif

namespace arenastore::bench {

int MaxAbsDiff(const int8_t* a, const int8_t* b, size_t count) {
  int largest = 0;
  for (size_t i = 0; i < count; ++i) largest = std::max(largest, std::abs(int{a[i]} - int{b[i]}));
  return largest;
}

#if defined(ARENASTORE_BENCH_XNNPACK)
namespace {

using kernels::OpKind;

bool Initialized() {
  static const bool ok = xnn_initialize(nullptr) == xnn_status_success;
  return ok;
}

int8_t ToInt8(int32_t value) { return static_cast<int8_t>(value); }

// Bottom/right padding implied by the output size, as the kernels' params leave it.
uint32_t PadAfter(int32_t input, int32_t output, int32_t filter, int32_t stride,
                  int32_t pad_before) {
  const int32_t needed = (output - 1) * stride + filter - input - pad_before;
  return static_cast<uint32_t>(needed > 0 ? needed : 0);
}

xnn_status CreateConv(const KernelRow& row, xnn_operator_t* op) {
  const kernels::Conv2dParams& p = row.params.conv2d;
  return xnn_create_convolution2d_nhwc_qc8(
      static_cast<uint32_t>(p.pad_top),
      PadAfter(p.input_w, p.output_w, p.filter_w, p.stride_w, p.pad_left),
      PadAfter(p.input_h, p.output_h, p.filter_h, p.stride_h, p.pad_top),
      static_cast<uint32_t>(p.pad_left), p.filter_h, p.filter_w, p.stride_h, p.stride_w,
      p.dilation_h, p.dilation_w, /*groups=*/1, p.input_c, p.output_c, p.input_c, p.output_c,
      ToInt8(p.input_zero_point), row.input_scale, row.filter_scales.data(), row.filter.int8(),
      row.bias.data(), ToInt8(p.output_zero_point), row.output_scale, ToInt8(p.activation_min),
      ToInt8(p.activation_max), 0, op);
}

xnn_status CreateDepthwise(const KernelRow& row, xnn_operator_t* op) {
  const kernels::DepthwiseConv2dParams& p = row.params.depthwise_conv2d;
  // Depthwise = one group per channel; the flag says the filter is [h, w, channels] as ours.
  return xnn_create_convolution2d_nhwc_qc8(
      static_cast<uint32_t>(p.pad_top),
      PadAfter(p.input_w, p.output_w, p.filter_w, p.stride_w, p.pad_left),
      PadAfter(p.input_h, p.output_h, p.filter_h, p.stride_h, p.pad_top),
      static_cast<uint32_t>(p.pad_left), p.filter_h, p.filter_w, p.stride_h, p.stride_w,
      p.dilation_h, p.dilation_w, /*groups=*/p.input_c, 1, p.depth_multiplier, p.input_c,
      p.output_c, ToInt8(p.input_zero_point), row.input_scale, row.filter_scales.data(),
      row.filter.int8(), row.bias.data(), ToInt8(p.output_zero_point), row.output_scale,
      ToInt8(p.activation_min), ToInt8(p.activation_max), XNN_FLAG_DEPTHWISE_CONVOLUTION, op);
}

xnn_status CreateFullyConnected(const KernelRow& row, xnn_operator_t* op) {
  const kernels::FullyConnectedParams& p = row.params.fully_connected;
  return xnn_create_fully_connected_nc_qs8(
      p.input_depth, p.output_depth, p.input_depth, p.output_depth, ToInt8(p.input_zero_point),
      row.input_scale, row.filter_scales[0], row.filter.int8(), row.bias.data(),
      ToInt8(p.output_zero_point), row.output_scale, ToInt8(p.activation_min),
      ToInt8(p.activation_max), 0, op);
}

// XNNPACK (2022) has no int8 batch matmul: a fully connected layer whose weights are the rhs
// ([depth, cols], hence transposed weights) does the same arithmetic, with the rhs packed once
// instead of per call, which flatters XNNPACK.
xnn_status CreateBatchMatmul(const KernelRow& row, xnn_operator_t* op) {
  const kernels::BatchMatmulParams& p = row.params.batch_matmul;
  return xnn_create_fully_connected_nc_qs8(
      p.accum_depth, p.cols, p.accum_depth, p.cols, ToInt8(p.lhs_zero_point), row.input_scale,
      row.filter_scales[0], row.filter.int8(), nullptr, ToInt8(p.output_zero_point),
      row.output_scale, ToInt8(p.activation_min), ToInt8(p.activation_max),
      XNN_FLAG_TRANSPOSE_WEIGHTS, op);
}

xnn_status Setup(const KernelRow& row, xnn_operator_t op, int8_t* output) {
  switch (row.params.kind) {
    case OpKind::kConv2d: {
      const kernels::Conv2dParams& p = row.params.conv2d;
      return xnn_setup_convolution2d_nhwc_qc8(op, 1, p.input_h, p.input_w, row.input.int8(), output,
                                              nullptr);
    }
    case OpKind::kDepthwiseConv2d: {
      const kernels::DepthwiseConv2dParams& p = row.params.depthwise_conv2d;
      return xnn_setup_convolution2d_nhwc_qc8(op, 1, p.input_h, p.input_w, row.input.int8(), output,
                                              nullptr);
    }
    case OpKind::kFullyConnected:
      return xnn_setup_fully_connected_nc_qs8(op, row.params.fully_connected.batches,
                                              row.input.int8(), output, nullptr);
    case OpKind::kBatchMatmul:
      return xnn_setup_fully_connected_nc_qs8(op, row.params.batch_matmul.rows, row.input.int8(),
                                              output, nullptr);
    default:
      return xnn_status_unsupported_parameter;
  }
}

xnn_status Create(const KernelRow& row, xnn_operator_t* op) {
  switch (row.params.kind) {
    case OpKind::kConv2d:
      return CreateConv(row, op);
    case OpKind::kDepthwiseConv2d:
      return CreateDepthwise(row, op);
    case OpKind::kFullyConnected:
      return CreateFullyConnected(row, op);
    case OpKind::kBatchMatmul:
      return CreateBatchMatmul(row, op);
    default:
      return xnn_status_unsupported_parameter;
  }
}

}  // namespace

std::unique_ptr<XnnpackLayer> XnnpackLayer::Create(const KernelRow& row, std::string* why_not) {
  if (!Initialized()) {
    *why_not = "xnn_initialize failed (XNNPACK does not support this CPU)";
    return nullptr;
  }
  std::unique_ptr<XnnpackLayer> layer(new XnnpackLayer());
  layer->output_ = Aligned64Bytes(row.output_bytes);
  xnn_operator_t op = nullptr;
  xnn_status status = bench::Create(row, &op);
  layer->op_ = op;
  if (status == xnn_status_success) status = Setup(row, op, layer->output_.int8());
  if (status != xnn_status_success) {
    *why_not = "XNNPACK refused " + row.name + " (xnn_status " +
               std::to_string(static_cast<int>(status)) + ")";
    return nullptr;
  }
  return layer;
}

XnnpackLayer::~XnnpackLayer() {
  if (op_ != nullptr) xnn_delete_operator(static_cast<xnn_operator_t>(op_));
}

bool XnnpackLayer::Run() {
  return xnn_run_operator(static_cast<xnn_operator_t>(op_), nullptr) == xnn_status_success;
}

#else  // built without XNNPACK

std::unique_ptr<XnnpackLayer> XnnpackLayer::Create(const KernelRow&, std::string* why_not) {
  *why_not =
      "built without XNNPACK (apt-get install libxnnpack-dev libpthreadpool-dev, then re-run "
      "cmake)";
  return nullptr;
}

XnnpackLayer::~XnnpackLayer() = default;

bool XnnpackLayer::Run() { return false; }

#endif

}  // namespace arenastore::bench
