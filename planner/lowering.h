// Lowering: the view of one graph operator that op units lower from (ops/<op>/<op>_planner.cc):
// its operands, its attributes, and the checks and TensorFlow Lite derivations only the host
// can make and every unit shares (scales, zero points, biases, per-channel requantization;
// shapes and types are the runtime lowering's, planner/one_op_artifact.h), each failing with
// kPlanInvalidGraph naming the op, e.g. "op 3 (conv2d conv1): filter 'w' has 2 scales, expected 4".
// Host-only; reads the graph, never changes it.
#pragma once

#include <fmt/core.h>
#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

class Lowering {
 public:
  Lowering(const Graph& graph, size_t op_index)
      : graph_(graph), op_(graph.ops[op_index]), op_index_(op_index) {}

  template <typename... Args>
  Status Fail(fmt::format_string<Args...> format, Args&&... args) const {
    const std::string text = fmt::format(format, std::forward<Args>(args)...);
    return Status::Error(ErrorCode::kPlanInvalidGraph, "op %zu (%s%s%s): %s", op_index_,
                         kernels::OpKindName(op_.kind), op_.name.empty() ? "" : " ",
                         op_.name.c_str(), text.c_str())
        .WithOp(static_cast<int32_t>(op_index_));
  }

  const Tensor& Input(size_t k) const { return graph_.tensors[op_.inputs[k]]; }
  const Tensor& Output(size_t k = 0) const { return graph_.tensors[op_.outputs[k]]; }
  bool HasInput(size_t k) const { return k < op_.inputs.size() && op_.inputs[k] >= 0; }

  Status ExpectRank(const Tensor& tensor, size_t rank, const char* role) const {
    if (tensor.shape.size() != rank) {
      return Fail("{} '{}' has rank {}, expected {}", role, tensor.name, tensor.shape.size(), rank);
    }
    return Status::Ok();
  }

  Status ExpectType(const Tensor& tensor, DataType type, const char* role) const {
    if (tensor.type != type) {
      return Fail("{} '{}' is {}, expected {}", role, tensor.name, DataTypeName(tensor.type),
                  DataTypeName(type));
    }
    return Status::Ok();
  }

  Status ExpectScale(const Tensor& tensor, const char* role) const {
    const auto& scales = tensor.quantization.scales;
    if (scales.empty()) return Fail("{} '{}' has no quantization scale", role, tensor.name);
    for (float scale : scales) {
      if (!(scale > 0.0f) || !std::isfinite(scale)) {
        return Fail("{} '{}' has scale {}, expected a positive finite number", role, tensor.name,
                    scale);
      }
    }
    return Status::Ok();
  }

  // Activation of an op whose kernels compute in either width: int8, or int16 with zero point 0
  // as TensorFlow Lite's 16x8 kernels (conv, fully connected, batch matmul) require it.
  // The operand rules of the op's runtime unit check the type itself.
  Status Expect16x8Activation(const Tensor& tensor, const char* role) const {
    ARENASTORE_RETURN_IF_ERROR(ExpectQuantized(tensor, role));
    if (tensor.type == DataType::kInt16 && tensor.zero_point() != 0) {
      return Fail("{} '{}' is int16 with zero point {}, expected 0", role, tensor.name,
                  tensor.zero_point());
    }
    return Status::Ok();
  }

  // Ops that only move bytes: the output must be quantized exactly as the input.
  Status ExpectSameQuantization(const Tensor& input, const Tensor& output) const {
    if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
      return Fail(
          "output '{}' (scale {}, zero point {}) is quantized differently from input '{}' "
          "(scale {}, zero point {}); this op only moves bytes",
          output.name, output.scale(), output.zero_point(), input.name, input.scale(),
          input.zero_point());
    }
    return Status::Ok();
  }

  Status ExpectShape(const Tensor& tensor, const std::vector<int32_t>& expected,
                     const char* role) const {
    if (tensor.shape != expected) {
      return Fail("{} '{}' has shape [{}], expected [{}]", role, tensor.name,
                  fmt::join(tensor.shape, ","), fmt::join(expected, ","));
    }
    return Status::Ok();
  }

  // Per-channel requantization for conv-like ops: input_scale * filter_scale[c] / output_scale.
  Status Requantize(const Tensor& input, const Tensor& filter, const Tensor& output,
                    int32_t channels, std::vector<int32_t>* multipliers,
                    std::vector<int32_t>* shifts) const {
    ARENASTORE_RETURN_IF_ERROR(ExpectScale(filter, "filter"));
    const auto& filter_scales = filter.quantization.scales;
    if (filter_scales.size() != 1 && filter_scales.size() != static_cast<size_t>(channels)) {
      return Fail("filter '{}' has {} scales, expected 1 or {}", filter.name, filter_scales.size(),
                  channels);
    }
    multipliers->clear();
    shifts->clear();
    for (int32_t c = 0; c < channels; ++c) {
      const float filter_scale = filter_scales.size() == 1 ? filter_scales[0] : filter_scales[c];
      const double real = static_cast<double>(input.scale()) * static_cast<double>(filter_scale) /
                          static_cast<double>(output.scale());
      const FixedPointMultiplier fixed = QuantizeMultiplier(real);
      multipliers->push_back(fixed.multiplier);
      shifts->push_back(fixed.shift);
    }
    return Status::Ok();
  }

  // `type`: int32, or int64 for a 16x8 op whose kernel accumulates in int64.
  Status ExpectBias(size_t k, int32_t channels, DataType type = DataType::kInt32) const {
    if (!HasInput(k)) return Status::Ok();
    const Tensor& bias = Input(k);
    ARENASTORE_RETURN_IF_ERROR(ExpectType(bias, type, "bias"));
    if (bias.element_count() != channels) {
      return Fail("bias '{}' has {} elements, expected {}", bias.name, bias.element_count(),
                  channels);
    }
    if (!bias.is_constant) return Fail("bias '{}' must be a constant", bias.name);
    return Status::Ok();
  }

  // A per-tensor scale and a zero point the tensor's (int8 or int16) type can hold.
  Status ExpectQuantized(const Tensor& tensor, const char* role) const {
    ARENASTORE_RETURN_IF_ERROR(ExpectScale(tensor, role));
    const bool int16 = tensor.type == DataType::kInt16;
    const int32_t low = int16 ? INT16_MIN : INT8_MIN, high = int16 ? INT16_MAX : INT8_MAX;
    const int32_t zero_point = tensor.zero_point();
    if (zero_point < low || zero_point > high) {
      return Fail("{} '{}' has zero point {}, outside {}", role, tensor.name, zero_point,
                  DataTypeName(tensor.type));
    }
    return Status::Ok();
  }

  // An axis counted from the end when negative, wrapped in place into [0, rank); fails naming
  // it when it lies outside [-rank, rank).
  Status ResolveAxis(int32_t* axis, size_t rank) const {
    const auto r = static_cast<int32_t>(rank);
    const int32_t resolved = *axis < 0 ? *axis + r : *axis;
    if (resolved < 0 || resolved >= r) return Fail("axis {} out of range for rank {}", *axis, r);
    *axis = resolved;
    return Status::Ok();
  }

  template <typename Attributes>
  Result<Attributes> AttributesAs() const {
    const Attributes* attributes = std::get_if<Attributes>(&op_.attributes);
    if (attributes == nullptr) return Fail("attributes do not match the operator kind");
    return *attributes;
  }

  const Op& op() const { return op_; }

 private:
  const Graph& graph_;
  const Op& op_;
  size_t op_index_;
};

}  // namespace arenastore::planner
