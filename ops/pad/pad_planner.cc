// pad's planner unit: its lowering from graph attributes and float scales to kernels::PadParams
// (as TensorFlow Lite prepares the op), the PadOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace pad_lowering {

Status LowerPadParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const PadAttributes a, l.AttributesAs<PadAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  const size_t rank = input.shape.size();
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxPadRank) || a.before.size() != rank ||
      a.after.size() != rank) {
    return l.Fail("padding needs one (before, after) pair per input dimension, rank <= {}",
                  kernels::kMaxPadRank);
  }
  auto& d = p->pad;
  d.rank = static_cast<int32_t>(rank);
  std::vector<int32_t> expected(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (a.before[i] < 0 || a.after[i] < 0) return l.Fail("negative padding is not supported");
    d.input_shape[i] = input.shape[i];
    d.before[i] = a.before[i];
    d.after[i] = a.after[i];
    expected[i] = input.shape[i] + a.before[i] + a.after[i];
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, expected, "output"));
  // TFLM fills int8 with the output zero point, int16 with 0 whatever its zero point.
  const bool int16 = input.type == DataType::kInt16;
  d.pad_value = a.pad_value.value_or(int16 ? 0 : output.zero_point());
  if (d.pad_value < (int16 ? INT16_MIN : INT8_MIN) ||
      d.pad_value > (int16 ? INT16_MAX : INT8_MAX)) {
    return l.Fail("pad value {} is not an {}", d.pad_value, DataTypeName(input.type));
  }
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerPadParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<PadAttributes>();
  return {schema::OpOptions::PadOptions,
          schema::CreatePadOptionsDirect(w.builder(), &a.before, &a.after,
                                         a.pad_value.has_value()
                                             ? flatbuffers::Optional<int32_t>(*a.pad_value)
                                             : flatbuffers::nullopt)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_PadOptions();
  PadAttributes a{CopyVector(o.before()), CopyVector(o.after()), std::nullopt};
  if (o.pad_value().has_value()) a.pad_value = o.pad_value().value();
  return OpAttributes(std::move(a));
}

}  // namespace pad_lowering

extern const PlannerOp kPadPlanner = {&pad_lowering::Lower, &pad_lowering::Write,
                                      &pad_lowering::Read};

}  // namespace arenastore::planner
