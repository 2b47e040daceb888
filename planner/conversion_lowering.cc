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

}  // namespace arenastore::planner
