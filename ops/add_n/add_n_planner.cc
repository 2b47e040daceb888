// add_n's planner unit: its lowering from graph attributes and float scales to
// kernels::AddNParams (as TensorFlow Lite Micro prepares the op: ADD's rescaling with one input
// scale, left shift 20, no fused activation), the AddNOptions it writes to an artifact and reads
// back for re-planning, and which of those fields two artifacts must share to compute the same
// thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_equivalence.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kInt8LeftShift = 20;  // TFLM's left shift for int8 ADD_N

Status LowerAddNParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const AddNAttributes a, l.AttributesAs<AddNAttributes>());
  (void)a;
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  const size_t count = l.op().inputs.size();
  if (count < 2 || count > static_cast<size_t>(kernels::kMaxOpInputs)) {
    return l.Fail("{} inputs, not in [2, {}]", count, kernels::kMaxOpInputs);
  }
  const Tensor& first = l.Input(0);
  for (size_t k = 0; k < count; ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(input, output.shape, "input"));
    if (input.scale() != first.scale() || input.zero_point() != first.zero_point()) {
      return l.Fail("input {} quantization ({}, {}) differs from input 0's ({}, {})", k,
                    input.scale(), input.zero_point(), first.scale(), first.zero_point());
    }
  }
  auto& s = p->add_n;
  s.num_inputs = static_cast<int32_t>(count);
  s.element_count = static_cast<int32_t>(output.element_count());
  s.input_offset = -first.zero_point();
  s.output_offset = output.zero_point();
  s.left_shift = kInt8LeftShift;
  // As TFLM's Prepare: in double, from the float scales.
  const double twice_max_input_scale = 2 * static_cast<double>(first.scale());
  const double real_input_multiplier = static_cast<double>(first.scale()) / twice_max_input_scale;
  const double real_output_multiplier =
      twice_max_input_scale / ((1 << kInt8LeftShift) * static_cast<double>(output.scale()));
  const FixedPointMultiplier mi = QuantizeMultiplier(real_input_multiplier);
  const FixedPointMultiplier mo = QuantizeMultiplier(real_output_multiplier);
  s.input_multiplier = mi.multiplier;
  s.input_shift = mi.shift;
  s.output_multiplier = mo.multiplier;
  s.output_shift = mo.shift;
  if (s.input_shift > 0 || s.output_shift > 0) {
    return l.Fail("scales give a multiplier above 1 (input scale {}, output {})", first.scale(),
                  output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(Activation::kNone, output.scale(), output.zero_point());
  s.activation_min = range.min;
  s.activation_max = range.max;
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerAddNParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& k = w.params().add_n;
  return {schema::OpOptions::AddNOptions,
          schema::CreateAddNOptions(w.builder(), k.activation_min, k.activation_max, k.left_shift,
                                    k.input_multiplier, k.input_shift, k.output_multiplier,
                                    k.output_shift)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator&) { return OpAttributes(AddNAttributes{}); }

bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  using namespace schema;  // NOLINT: the getter list below reads best unqualified
  using O = AddNOptions;
  return SameFields(a.options_as_AddNOptions(), b.options_as_AddNOptions(), &O::activation_min,
                    &O::activation_max, &O::left_shift, &O::input_multiplier, &O::input_shift,
                    &O::output_multiplier, &O::output_shift);
}

}  // namespace

extern const PlannerOp kAddNPlanner = {&Lower, &Write, &Read, &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
