// Graph: the planner's in-memory model IR: tensors (shape, type, quantization, constant data)
// and operators with typed attributes, in a valid execution order.
// Built by importers (planner/import), by GraphBuilder (examples, tests) and by the artifact
// reader for re-planning; consumed by the compile pipeline. Owns all its data (heap OK).
// Invariant after Validate(): every index is in range, every op has the arity and shapes its
// kind needs, and every op's inputs are produced earlier (or are graph inputs or constants).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "base/status.h"
#include "kernels/op_kind.h"

namespace arenastore::planner {

enum class DataType : uint8_t { kInt8 = 0, kInt32 = 1 };
size_t ElementBytes(DataType type);
const char* DataTypeName(DataType type);

struct Quantization {
  std::vector<float> scales;         // one per tensor, or one per channel
  std::vector<int64_t> zero_points;  // same count as scales
  int32_t quantized_dimension = 0;
};

struct Tensor {
  std::string name;
  DataType type = DataType::kInt8;
  std::vector<int32_t> shape;
  Quantization quantization;
  bool is_constant = false;
  std::vector<uint8_t> data;  // constant bytes, little-endian; empty for activations

  int64_t element_count() const;
  size_t bytes() const { return static_cast<size_t>(element_count()) * ElementBytes(type); }
  float scale() const { return quantization.scales.empty() ? 0.0f : quantization.scales[0]; }
  int32_t zero_point() const {
    return quantization.zero_points.empty() ? 0 : static_cast<int32_t>(quantization.zero_points[0]);
  }
};

enum class Padding : uint8_t { kSame = 0, kValid = 1 };
enum class Activation : uint8_t { kNone = 0, kRelu = 1, kRelu6 = 2, kReluN1To1 = 3 };

struct Conv2dAttributes {
  Padding padding = Padding::kValid;
  int32_t stride_h = 1, stride_w = 1;
  int32_t dilation_h = 1, dilation_w = 1;
  Activation activation = Activation::kNone;
};
struct DepthwiseConv2dAttributes {
  Padding padding = Padding::kValid;
  int32_t stride_h = 1, stride_w = 1;
  int32_t dilation_h = 1, dilation_w = 1;
  int32_t depth_multiplier = 1;
  Activation activation = Activation::kNone;
};
struct FullyConnectedAttributes {
  Activation activation = Activation::kNone;
  bool keep_num_dims = false;
};
struct BatchMatmulAttributes {
  bool adj_x = false, adj_y = false;
};
struct TransposeConv2dAttributes {
  Padding padding = Padding::kValid;
  int32_t stride_h = 1, stride_w = 1;
  Activation activation = Activation::kNone;
};
struct Pool2dAttributes {
  Padding padding = Padding::kValid;
  int32_t filter_h = 1, filter_w = 1;
  int32_t stride_h = 1, stride_w = 1;
  Activation activation = Activation::kNone;
};
struct ElementwiseAttributes {  // add, mul
  Activation activation = Activation::kNone;
};
struct SoftmaxAttributes {
  float beta = 1.0f;
};
struct ReshapeAttributes {};
struct PadAttributes {
  std::vector<int32_t> before, after;  // one entry per input dimension
};
struct ConcatenationAttributes {
  int32_t axis = 0;  // may be negative, counted from the last dimension
  Activation activation = Activation::kNone;
};

using OpAttributes =
    std::variant<Conv2dAttributes, DepthwiseConv2dAttributes, FullyConnectedAttributes,
                 BatchMatmulAttributes, TransposeConv2dAttributes, Pool2dAttributes,
                 ElementwiseAttributes, SoftmaxAttributes, ReshapeAttributes, PadAttributes,
                 ConcatenationAttributes>;

// Operand order per kind (an absent optional input is -1):
//   conv2d, depthwise_conv2d, transpose_conv2d, fully_connected: input, filter, bias
//   batch_matmul, add, mul: lhs/input1, rhs/input2;  others: their data inputs in order.
struct Op {
  kernels::OpKind kind;
  std::vector<int32_t> inputs;
  std::vector<int32_t> outputs;
  OpAttributes attributes;
  std::string name;
};

struct Graph {
  std::string name;
  std::vector<Tensor> tensors;
  std::vector<Op> ops;  // in execution order
  std::vector<int32_t> inputs;
  std::vector<int32_t> outputs;

  // Checks the invariant above; errors name the op or tensor (kPlanInvalidGraph).
  Status Validate() const;
};

}  // namespace arenastore::planner
