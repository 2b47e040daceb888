#include "planner/graph.h"

#include "kernels/op_params.h"
#include "runtime/tensor_access.h"

namespace arenastore::planner {

size_t ElementBytes(DataType type) {
  switch (type) {
    case DataType::kInt8:
    case DataType::kBool:
      return 1;
    case DataType::kInt16:
      return 2;
    case DataType::kInt32:
    case DataType::kFloat32:
      return 4;
    case DataType::kInt64:
      return 8;
  }
  return 1;
}

const char* DataTypeName(DataType type) {
  switch (type) {
    case DataType::kInt8:
      return "int8";
    case DataType::kInt32:
      return "int32";
    case DataType::kInt16:
      return "int16";
    case DataType::kInt64:
      return "int64";
    case DataType::kBool:
      return "bool";
    case DataType::kFloat32:
      return "float32";
  }
  return "unknown";
}

int64_t Tensor::element_count() const {
  int64_t count = 1;
  for (int32_t dim : shape) count *= dim;
  return count;
}

namespace {

// Each op's arity, as its unit declares it (ops/<op>/<op>.h).
constexpr kernels::OpArity kArities[kernels::kOpKindCount] = {
#define ARENASTORE_OP_ARITY(id, name, Name, Options, options_id) kernels::k##Name##Arity,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_ARITY)
#undef ARENASTORE_OP_ARITY
};

Status CheckTensorIndex(const Graph& graph, int32_t index, const char* what, size_t op_index) {
  if (index < 0 || static_cast<size_t>(index) >= graph.tensors.size()) {
    return Status::Error(ErrorCode::kPlanInvalidGraph,
                         "op %zu: %s tensor index %d out of range [0, %zu)", op_index, what, index,
                         graph.tensors.size())
        .WithOp(static_cast<int32_t>(op_index));
  }
  return Status::Ok();
}

Status CheckTensors(const Graph& graph) {
  for (size_t i = 0; i < graph.tensors.size(); ++i) {
    const Tensor& tensor = graph.tensors[i];
    for (int32_t dim : tensor.shape) {
      if (dim <= 0 || dim > (1 << 24)) {
        return Status::Error(ErrorCode::kPlanInvalidGraph,
                             "tensor %zu (%s): dimension %d is not in [1, 2^24]", i,
                             tensor.name.c_str(), dim)
            .WithTensor(static_cast<int32_t>(i));
      }
    }
    // The runtime's bound (artifact validation), which its lowering of each op relies on: the
    // planner lowers through it (planner/one_op_artifact.h) before any artifact is validated.
    if (tensor.element_count() > runtime::kMaxTensorElements) {
      return Status::Error(ErrorCode::kPlanInvalidGraph,
                           "tensor %zu (%s) has more than %lld elements", i, tensor.name.c_str(),
                           static_cast<long long>(runtime::kMaxTensorElements))
          .WithTensor(static_cast<int32_t>(i));
    }
    if (tensor.is_constant && tensor.data.size() != tensor.bytes()) {
      return Status::Error(ErrorCode::kPlanInvalidGraph,
                           "tensor %zu (%s): constant data is %zu bytes, shape needs %zu", i,
                           tensor.name.c_str(), tensor.data.size(), tensor.bytes())
          .WithTensor(static_cast<int32_t>(i));
    }
    if (tensor.quantization.scales.size() != tensor.quantization.zero_points.size()) {
      return Status::Error(ErrorCode::kPlanInvalidGraph,
                           "tensor %zu (%s): %zu scales but %zu zero points", i,
                           tensor.name.c_str(), tensor.quantization.scales.size(),
                           tensor.quantization.zero_points.size())
          .WithTensor(static_cast<int32_t>(i));
    }
  }
  return Status::Ok();
}

}  // namespace

Status Graph::Validate() const {
  ARENASTORE_RETURN_IF_ERROR(CheckTensors(*this));
  // available[t]: tensor t has a value at the current step.
  std::vector<bool> available(tensors.size(), false);
  for (size_t i = 0; i < tensors.size(); ++i) {
    available[i] = tensors[i].is_constant || tensors[i].is_variable;
  }
  for (int32_t input : inputs) {
    ARENASTORE_RETURN_IF_ERROR(CheckTensorIndex(*this, input, "graph input", 0));
    if (tensors[input].is_constant || tensors[input].is_variable) {
      return Status::Error(ErrorCode::kPlanInvalidGraph, "graph input %d (%s) is a %s", input,
                           tensors[input].name.c_str(),
                           tensors[input].is_constant ? "constant" : "variable (state)");
    }
    available[input] = true;
  }
  for (size_t op_index = 0; op_index < ops.size(); ++op_index) {
    const Op& op = ops[op_index];
    const char* kind = kernels::OpKindName(op.kind);
    if (kind == nullptr) {
      return Status::Error(ErrorCode::kPlanInvalidGraph, "op %zu: unknown kind %d", op_index,
                           static_cast<int>(op.kind));
    }
    const kernels::OpArity arity = kArities[static_cast<int>(op.kind)];
    const int input_count = static_cast<int>(op.inputs.size());
    const int output_count = static_cast<int>(op.outputs.size());
    if (input_count < arity.min_inputs || input_count > arity.max_inputs || output_count < 1 ||
        output_count > arity.max_outputs) {
      return Status::Error(ErrorCode::kPlanInvalidGraph,
                           "op %zu (%s): has %d inputs and %d outputs; needs %d to %d inputs and 1 "
                           "to %d outputs",
                           op_index, kind, input_count, output_count, arity.min_inputs,
                           arity.max_inputs, arity.max_outputs)
          .WithOp(static_cast<int32_t>(op_index));
    }
    for (size_t k = 0; k < op.inputs.size(); ++k) {
      const int32_t input = op.inputs[k];
      if (input == -1 && arity.absent_allowed && static_cast<int>(k) >= arity.min_inputs) {
        continue;  // an absent optional input (a convolution's bias)
      }
      ARENASTORE_RETURN_IF_ERROR(CheckTensorIndex(*this, input, "input", op_index));
      if (!available[input]) {
        return Status::Error(ErrorCode::kPlanInvalidGraph,
                             "op %zu (%s): input tensor %d (%s) is not produced before it is used",
                             op_index, kind, input, tensors[input].name.c_str())
            .WithOp(static_cast<int32_t>(op_index));
      }
    }
    for (const int32_t output : op.outputs) {
      ARENASTORE_RETURN_IF_ERROR(CheckTensorIndex(*this, output, "output", op_index));
      if (available[output]) {
        return Status::Error(ErrorCode::kPlanInvalidGraph,
                             "op %zu (%s): output tensor %d (%s) already has a value (constant, "
                             "variable, graph input or produced twice)",
                             op_index, kind, output, tensors[output].name.c_str())
            .WithOp(static_cast<int32_t>(op_index));
      }
      available[output] = true;
    }
  }
  for (int32_t output : outputs) {
    ARENASTORE_RETURN_IF_ERROR(CheckTensorIndex(*this, output, "graph output", 0));
    if (!available[output] || tensors[output].is_variable) {
      return Status::Error(ErrorCode::kPlanInvalidGraph, "graph output %d (%s) is %s", output,
                           tensors[output].name.c_str(),
                           tensors[output].is_variable ? "a variable (state)" : "never produced");
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
