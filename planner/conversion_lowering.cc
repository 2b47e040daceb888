#include "planner/conversion_lowering.h"

#include <cstdint>
#include <string>

namespace arenastore::planner {
namespace {

// The graph type an ElementType stands for.
DataType DataTypeOf(kernels::ElementType type) {
  switch (type) {
    case kernels::ElementType::kInt8:
      return DataType::kInt8;
    case kernels::ElementType::kInt16:
      return DataType::kInt16;
    case kernels::ElementType::kInt32:
      return DataType::kInt32;
    case kernels::ElementType::kFloat32:
      return DataType::kFloat32;
  }
  return DataType::kInt8;
}

}  // namespace

Result<kernels::ElementType> ConversionTypeOf(const Lowering& l, const Tensor& tensor,
                                              const char* role,
                                              std::initializer_list<kernels::ElementType> allowed) {
  std::string names;
  for (kernels::ElementType type : allowed) {
    if (tensor.type == DataTypeOf(type)) return type;
    names += names.empty() ? "" : " or ";
    names += DataTypeName(DataTypeOf(type));
  }
  return l.Fail("{} '{}' is {}, expected {}", role, tensor.name, DataTypeName(tensor.type), names);
}

Result<int32_t> QuantizedZeroPoint(const Lowering& l, const Tensor& tensor, const char* role,
                                   kernels::ElementType type) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(tensor, role));
  if (tensor.quantization.scales.size() != 1) {
    return l.Fail("{} '{}' has {} scales, expected one per tensor", role, tensor.name,
                  tensor.quantization.scales.size());
  }
  const int32_t zero_point = tensor.zero_point();
  if (zero_point < kernels::MinOf(type) || zero_point > kernels::MaxOf(type)) {
    return l.Fail("{} '{}' has zero point {}, outside {}", role, tensor.name, zero_point,
                  DataTypeName(tensor.type));
  }
  return zero_point;
}

Result<int32_t> ElementwiseCount(const Lowering& l) {
  const Tensor& input = l.Input(0);
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(l.Output(), input.shape, "output"));
  if (input.element_count() > INT32_MAX) {
    return l.Fail("input has {} elements, above int32", input.element_count());
  }
  return static_cast<int32_t>(input.element_count());
}

}  // namespace arenastore::planner
