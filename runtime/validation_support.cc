#include "runtime/validation_support.h"

#include "base/format.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

Status InvalidField(const char* static_field, const char* format, ...) {
  Status status;
  va_list args;
  va_start(args, format);
  status.SetError(ErrorCode::kFormatInvalidField, static_field, format, args);
  va_end(args);
  return status;
}

StatusRef Reject(Status* status, const char* static_field, const char* format, ...) {
  va_list args;
  va_start(args, format);
  status->SetError(ErrorCode::kFormatInvalidField, static_field, format, args);
  va_end(args);
  return StatusRef::Failed(*status);
}

ShapeText FormatShape(const schema::Tensor& tensor) {
  ShapeText shape;
  constexpr size_t kCapacity = sizeof(shape.text);
  size_t used = Format(shape.text, kCapacity, "[");
  for (int32_t i = 0; i < Rank(tensor) && used + 1 < kCapacity; ++i) {
    used += Format(shape.text + used, kCapacity - used, i == 0 ? "%d" : ",%d", Dim(tensor, i));
  }
  if (used + 1 < kCapacity) Format(shape.text + used, kCapacity - used, "]");
  return shape;
}

}  // namespace arenastore::runtime
