// sub's planner unit: its lowering from graph attributes and float scales to kernels::SubParams
// (as TensorFlow Lite Micro prepares the op), the AddOptions it writes to an artifact (sub shares
// add's table: the same fields) and reads back for re-planning, and which of those fields two
// artifacts must share to compute the same thing.
#include <algorithm>

#include "planner/broadcast_lowering.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_equivalence.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kInt8LeftShift = 20;  // TFLM's left shift for int8 SUB

Status LowerSubParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const SubAttributes a, l.AttributesAs<SubAttributes>());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in1, "input1"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in2, "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  auto& s = p->sub;
  ARENASTORE_RETURN_IF_ERROR(BroadcastShapesOf(l, &s.shapes));
  s.input1_offset = -in1.zero_point();
  s.input2_offset = -in2.zero_point();
  s.output_offset = output.zero_point();
  s.left_shift = kInt8LeftShift;
  // Unlike ADD's Prepare (all in double), TFLM's SUB Prepare divides the float scales in float
  // and only widens the quotients to double: kept so, or multipliers differ in the last bit.
  const float twice_max_input_scale = 2 * std::max(in1.scale(), in2.scale());
  const float real_input1_multiplier = in1.scale() / twice_max_input_scale;
  const float real_input2_multiplier = in2.scale() / twice_max_input_scale;
  const float real_output_multiplier =
      twice_max_input_scale / ((1 << kInt8LeftShift) * output.scale());
  const FixedPointMultiplier m1 = QuantizeMultiplier(static_cast<double>(real_input1_multiplier));
  const FixedPointMultiplier m2 = QuantizeMultiplier(static_cast<double>(real_input2_multiplier));
  const FixedPointMultiplier mo = QuantizeMultiplier(static_cast<double>(real_output_multiplier));
  s.input1_multiplier = m1.multiplier;
  s.input1_shift = m1.shift;
  s.input2_multiplier = m2.multiplier;
  s.input2_shift = m2.shift;
  s.output_multiplier = mo.multiplier;
  s.output_shift = mo.shift;
  if (s.input1_shift > 0 || s.input2_shift > 0 || s.output_shift > 0) {
    return l.Fail("scales give a multiplier above 1 (input scales {} and {}, output {})",
                  in1.scale(), in2.scale(), output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  s.activation_min = range.min;
  s.activation_max = range.max;
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerSubParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<SubAttributes>();
  const auto& k = w.params().sub;
  return {schema::OpOptions::AddOptions,
          schema::CreateAddOptions(w.builder(), OptionsWriter::ActivationOf(a.activation),
                                   k.activation_min, k.activation_max, k.left_shift,
                                   k.input1_multiplier, k.input1_shift, k.input2_multiplier,
                                   k.input2_shift, k.output_multiplier, k.output_shift)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(SubAttributes{{ReadActivation(op.options_as_AddOptions()->activation())}});
}

bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  using namespace schema;  // NOLINT: the getter lists below read best unqualified
  using O = AddOptions;
  return SameFields(a.options_as_AddOptions(), b.options_as_AddOptions(), &O::activation,
                    &O::activation_min, &O::activation_max, &O::left_shift, &O::input1_multiplier,
                    &O::input1_shift, &O::input2_multiplier, &O::input2_shift,
                    &O::output_multiplier, &O::output_shift);
}

}  // namespace

extern const PlannerOp kSubPlanner = {&Lower, &Write, &Read, &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
