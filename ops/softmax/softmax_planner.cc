// softmax's planner unit: its lowering from graph attributes and float scales to
// kernels::SoftmaxParams (as TensorFlow Lite prepares the op, int8 or int16 input), the
// SoftmaxOptions it writes to an artifact and reads back for re-planning, and which of those fields
// two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: SOFTMAX from int8 to int8 or int16, or int16 to int16 -> a graph op
// with SoftmaxAttributes, or a reason it cannot run here.
#include <algorithm>
#include <cmath>

#include "ops/softmax/ref.h"
#include "ops/softmax/softmax_table.h"
#include "planner/conversion_lowering.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace softmax_planning {

// Whether this host's float math rebuilds the int16 kernel's constant tables exactly (TFLM's
// Prepare builds them with the same math; a host whose expf differs would not match TFLM).
bool KernelTablesMatchThisHost() {
  static const bool match = [] {
    const SoftmaxInt16Table exp = SoftmaxInt16ExpTable();
    const SoftmaxInt16Table reciprocal = SoftmaxInt16OneOverOnePlusXTable();
    return std::equal(exp.begin(), exp.end(), kernels::ref::kSoftmaxInt16ExpTable) &&
           std::equal(reciprocal.begin(), reciprocal.end(),
                      kernels::ref::kSoftmaxInt16OneOverOnePlusXTable);
  }();
  return match;
}

// TensorFlow Lite Micro's int16 Prepare: output scale 2^-15 within 0.1% and zero point 0, the
// input scale times beta rescaled so that a difference of -65535 is -10.0 (the exp table's range).
Status LowerInt16Softmax(const Lowering& l, SoftmaxAttributes* s) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  constexpr float kUnit = 1.0f / 32768.0f;
  if (output.zero_point() != 0 || !(std::fabs(output.scale() - kUnit) <= 0.001f * kUnit)) {
    return l.Fail("int16 softmax needs output scale {} and zero point 0, got {} and {}", kUnit,
                  output.scale(), output.zero_point());
  }
  // TFLM's limit, which the runtime does not know; its lowering checks the shapes and types.
  const int32_t depth = input.shape.empty() ? 1 : input.shape.back();
  if (depth < 1 || depth > 65536) {
    return l.Fail(
        "int16 softmax over a last dimension of {} (TFLM's int32 sum of exponentials "
        "holds at most 65536)",
        depth);
  }
  const FixedPointMultiplier scaling = QuantizeMultiplier(
      static_cast<double>(input.scale()) * static_cast<double>(s->beta) / (10.0 / 65535.0));
  if (scaling.shift < -31 || scaling.shift > 30) {
    return l.Fail("beta {} times input scale {} is outside what int16 softmax can represent",
                  s->beta, input.scale());
  }
  if (!KernelTablesMatchThisHost()) {
    return l.Fail(
        "this host's float exp does not rebuild the int16 softmax tables the kernel "
        "carries, so TFLM's output cannot be reproduced here");
  }
  s->input_multiplier = scaling.multiplier;
  s->input_left_shift = scaling.shift;
  s->diff_min = 0;  // the int16 kernel reads every difference through the exp table
  return Status::Ok();
}

// What Write records and only the host derives: the input scaling from beta and the float
// scales, and the output quantization TFLM requires. The runtime's lowering checks the shapes
// and types and fills the rest.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SoftmaxAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  SoftmaxAttributes& s = lowered->mutable_options<SoftmaxAttributes>();
  if (input.type == DataType::kInt16) return LowerInt16Softmax(l, &s);
  ARENASTORE_ASSIGN_OR_RETURN(
      const kernels::ElementType output_type,
      ConversionTypeOf(l, output, "output",
                       {kernels::ElementType::kInt8, kernels::ElementType::kInt16}));
  // TensorFlow Lite Micro's Prepare: scale 2^-bits within 0.1%, zero point -2^(bits-1).
  const bool int16 = output_type == kernels::ElementType::kInt16;
  const float unit = int16 ? 1.0f / 65536.0f : 1.0f / 256.0f;
  const int32_t zero_point = int16 ? -32768 : -128;
  if (output.zero_point() != zero_point || !(std::fabs(output.scale() - unit) <= 0.001f * unit)) {
    return l.Fail("softmax to {} needs output scale {} and zero point {}, got {} and {}",
                  DataTypeName(output.type), unit, zero_point, output.scale(), output.zero_point());
  }
  const SoftmaxScaling scaling = ComputeSoftmaxScaling(s.beta, input.scale());
  if (scaling.input_left_shift < 0 || scaling.input_left_shift > 30) {
    return l.Fail("beta {} times input scale {} is outside what int8 softmax can represent", s.beta,
                  input.scale());
  }
  s.input_multiplier = scaling.input_multiplier;
  s.input_left_shift = scaling.input_left_shift;
  s.diff_min = scaling.diff_min;
  return Status::Ok();
}

void CheckSoftmaxBeta(TfliteOpMapper& m, float beta) {
  const float input_scale = m.ScaleOf(m.input(0), /*absent=*/1.0f);
  if (!(static_cast<double>(beta) * input_scale >= kMinSoftmaxBetaTimesScale) ||
      !std::isfinite(beta)) {
    m.Refuse(fmt::format("beta {} with input scale {}", beta, input_scale));
  }
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SoftmaxOptions* o,
                              m.OptionsOf<tfl::SoftmaxOptions>(false));
  SoftmaxAttributes a;
  a.beta = o != nullptr ? o->beta() : 0.0f;  // TensorFlow Lite's value when options are absent
  CheckSoftmaxBeta(m, a.beta);
  // An int8 input to an int8 or int16 output, or int16 to int16.
  const tfl::TensorType in = m.reader().TensorTypeOf(m.input(0));
  const tfl::TensorType out = m.reader().TensorTypeOf(m.output());
  const bool from_int8 = in == tfl::TensorType::INT8 &&
                         (out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16);
  const bool int16 = in == tfl::TensorType::INT16 && out == tfl::TensorType::INT16;
  if (!from_int8 && !int16) m.Refuse(TypesOf(in, out));
  m.result().checks_operand_types = true;
  return m.Emit(kernels::OpKind::kSoftmax, {m.input(0)}, a);
}

}  // namespace softmax_planning

extern const PlannerOp kSoftmaxPlanner =
    OptionsStructPlanner<SoftmaxAttributes>(&softmax_planning::Lower);

// TensorFlow Lite's SOFTMAX (builtin 25).
extern const TfliteOpMapping kSoftmaxTflite = {{25}, 1, &softmax_planning::Map};

}  // namespace arenastore::planner
