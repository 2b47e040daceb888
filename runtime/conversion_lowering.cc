#include "runtime/conversion_lowering.h"

#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

// ElementType by schema::DataType (INT8 INT32 INT16 INT64 BOOL FLOAT32); -1: not a conversion
// operand type. A table, not a switch: the fewest bytes of code on a microcontroller.
constexpr int8_t kElementTypes[] = {0, 2, 1, -1, -1, 3};
static_assert(sizeof(kElementTypes) == static_cast<size_t>(schema::DataType::MAX) + 1);

}  // namespace

StatusRef ConversionType(const OpChecker& c, const schema::Tensor& tensor, const char* role,
                         uint32_t allowed, kernels::ElementType* type) {
  const auto index = static_cast<size_t>(tensor.type());
  const int8_t element = index < sizeof(kElementTypes) ? kElementTypes[index] : -1;
  if (element < 0 || (allowed & (1u << element)) == 0) {
    return c.Fail("tensors.type", "%s is %s, which this op does not take there", role,
                  DataTypeName(tensor.type()));
  }
  *type = static_cast<kernels::ElementType>(element);
  return StatusRef::Ok();
}

StatusRef QuantizedOperand(const OpChecker& c, const schema::Tensor& tensor, const char* role,
                           kernels::ElementType type, float* scale, int32_t* zero_point) {
  const schema::Quantization* q = tensor.quantization();
  if (q == nullptr || q->scale() == nullptr || q->scale()->size() != 1) {
    return c.Fail("tensors.quantization", "%s needs one per-tensor scale", role);
  }
  *scale = q->scale()->Get(0);
  const int64_t stored_zero_point =
      q->zero_point() != nullptr && q->zero_point()->size() > 0 ? Int64At(*q->zero_point(), 0) : 0;
  // Written so that NaN fails too.
  if (!(*scale > 0.0f && *scale <= 3.4e38f)) {
    return c.Fail("tensors.quantization.scale", "%s scale must be positive and finite", role);
  }
  if (stored_zero_point < kernels::MinOf(type) || stored_zero_point > kernels::MaxOf(type)) {
    return c.Fail("tensors.quantization.zero_point", "%s zero point %lld is outside %s", role,
                  static_cast<long long>(stored_zero_point), DataTypeName(tensor.type()));
  }
  *zero_point = static_cast<int32_t>(stored_zero_point);
  return StatusRef::Ok();
}

StatusRef ElementwiseElements(const OpChecker& c, int32_t* elements) {
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  if (!SameShape(input, output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ", FormatShape(input).text,
                  FormatShape(output).text);
  }
  *elements = static_cast<int32_t>(ElementCount(input));
  return StatusRef::Ok();
}

StatusRef FloatConversionOf(const OpChecker& c, const schema::Tensor& quantized, const char* role,
                            kernels::FloatConversionParams* p) {
  p->quantized_type = QuantizedTypeOf(quantized);
  ARENASTORE_RETURN_IF_FAILED(
      QuantizedOperand(c, quantized, role, p->quantized_type, &p->scale, &p->zero_point));
  return ElementwiseElements(c, &p->elements);
}

}  // namespace arenastore::runtime
