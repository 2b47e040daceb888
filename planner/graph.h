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
#include "ops/op_attributes.h"
#include "planner/attribute_types.h"

namespace arenastore::planner {

// Element types; the values mirror the artifact schema's DataType.
enum class DataType : uint8_t {
  kInt8 = 0,
  kInt32 = 1,
  kInt16 = 2,
  kInt64 = 3,
  kBool = 4,
  kFloat32 = 5
};
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
  // State kept from one Invoke to the next (TFLite's is_variable): an op reads and rewrites it
  // in place, nothing produces it, and it lives in the state pool, never shared.
  bool is_variable = false;
  std::vector<uint8_t> data;  // constant bytes, little-endian; empty for activations

  int64_t element_count() const;
  size_t bytes() const { return static_cast<size_t>(element_count()) * ElementBytes(type); }
  float scale() const { return quantization.scales.empty() ? 0.0f : quantization.scales[0]; }
  int32_t zero_point() const {
    return quantization.zero_points.empty() ? 0 : static_cast<int32_t>(quantization.zero_points[0]);
  }
};

// One attribute type per line of ops/op_list.h (ops/<op>/<op>_attributes.h), in id order, so
// an op's attributes.index() is its kind.
using OpAttributes = std::variant<
#define ARENASTORE_OP_ATTRIBUTES(id, name, Name, Options, options_id) Name##Attributes,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_ATTRIBUTES) std::monostate>;
#undef ARENASTORE_OP_ATTRIBUTES

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
