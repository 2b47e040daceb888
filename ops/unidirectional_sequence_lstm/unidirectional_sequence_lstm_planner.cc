// unidirectional_sequence_lstm's planner unit: its lowering from graph attributes and float
// scales to kernels::UnidirectionalSequenceLstmParams (as TensorFlow Lite Micro's Prepare does:
// each gate's two fully connected layers rescale to a fixed 2^-12, the gates' products from
// 2^-15, the cell scale taken as a power of two, the cell clip quantized by it), the LstmOptions
// it writes to an artifact and reads back for re-planning, and which of those fields two
// artifacts must share to compute the same thing.
#include <algorithm>
#include <cmath>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace unidirectional_sequence_lstm_lowering {

// Graph operand positions (the TFLite mapping orders them so).
constexpr size_t kInput = 0, kInputWeights = 1, kRecurrentWeights = 5, kBiases = 9, kHidden = 13,
                 kCell = 14;

// TFLM's gate scales: fully connected outputs at 2^-12 (Q3.12), sigmoid and tanh at 2^-15.
constexpr float kGateInputScale = 1.0f / 4096;
constexpr float kGateOutputScale = 1.0f / 32768;

Status ExpectWeights(const Lowering& l, size_t k, int32_t rows, int32_t columns) {
  const Tensor& w = l.Input(k);
  const std::string role = k < kRecurrentWeights ? "input weights" : "recurrent weights";
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(w, DataType::kInt8, role.c_str()));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(w, {rows, columns}, role.c_str()));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(w, role.c_str()));
  // TFLM's LSTM runs per-tensor fully connected layers with symmetric weights.
  if (w.quantization.scales.size() != 1 || w.zero_point() != 0) {
    return l.Fail("{} '{}' must have one scale and zero point 0", role, w.name);
  }
  return Status::Ok();
}

// An int8 activation, or an int16 one with zero point 0 (TFLM's 16x8 fully connected layers
// take no input zero point), of the input's width.
Status ExpectActivationOf(const Lowering& l, const Tensor& tensor, DataType type,
                          const char* role) {
  if (type == DataType::kInt8) return l.ExpectActivation(tensor, role);
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(tensor, DataType::kInt16, role));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(tensor, role));
  if (tensor.zero_point() != 0) {
    return l.Fail("{} '{}' has zero point {}, expected 0 for int16", role, tensor.name,
                  tensor.zero_point());
  }
  return Status::Ok();
}

Status ExpectBias(const Lowering& l, size_t k, int32_t units, DataType type) {
  const Tensor& bias = l.Input(k);
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(bias, type, "bias"));
  if (bias.element_count() != units) {
    return l.Fail("bias '{}' has {} elements, expected {}", bias.name, bias.element_count(), units);
  }
  if (!bias.is_constant) return l.Fail("bias '{}' must be a constant", bias.name);
  return Status::Ok();
}

Status ExpectOperands(const Lowering& l, const kernels::UnidirectionalSequenceLstmParams& s) {
  const Tensor& input = l.Input(kInput);
  const DataType type = input.type == DataType::kInt16 ? DataType::kInt16 : DataType::kInt8;
  ARENASTORE_RETURN_IF_ERROR(ExpectActivationOf(l, input, type, "input"));
  ARENASTORE_RETURN_IF_ERROR(ExpectActivationOf(l, l.Output(), type, "output"));
  const DataType bias_type = type == DataType::kInt16 ? DataType::kInt64 : DataType::kInt32;
  for (size_t g = 0; g < kernels::kLstmGates; ++g) {
    ARENASTORE_RETURN_IF_ERROR(ExpectWeights(l, kInputWeights + g, s.units, s.input_size));
    ARENASTORE_RETURN_IF_ERROR(ExpectWeights(l, kRecurrentWeights + g, s.units, s.units));
    ARENASTORE_RETURN_IF_ERROR(ExpectBias(l, kBiases + g, s.units, bias_type));
  }
  const Tensor& hidden = l.Input(kHidden);
  const Tensor& cell = l.Input(kCell);
  for (const Tensor* state : {&hidden, &cell}) {
    if (!state->is_variable) return l.Fail("state '{}' is not a variable tensor", state->name);
    if (state->element_count() != int64_t{s.batches} * s.units) {
      return l.Fail("state '{}' has {} elements, expected {} batches x {} units", state->name,
                    state->element_count(), s.batches, s.units);
    }
  }
  ARENASTORE_RETURN_IF_ERROR(ExpectActivationOf(l, hidden, type, "hidden state"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(cell, DataType::kInt16, "cell state"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(cell, "cell state"));
  return l.ExpectShape(l.Output(), {input.shape[0], input.shape[1], s.units}, "output");
}

// TensorFlow Lite's CheckedLog2, whose verdict TFLM's LSTM ignores: the nearest power.
int32_t NearestLog2(float scale) {
  const float log2 = std::log(scale) * (1.0f / std::log(2.0f));
  return static_cast<int32_t>(std::round(log2));
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnidirectionalSequenceLstmAttributes a,
                              l.AttributesAs<UnidirectionalSequenceLstmAttributes>());
  const Tensor& input = l.Input(kInput);
  if (input.shape.size() != 3) return l.Fail("input '{}' must have rank 3", input.name);
  kernels::UnidirectionalSequenceLstmParams& s = lowered->params().unidirectional_sequence_lstm;
  s = {};
  s.time_major = a.time_major;
  s.batches = a.time_major ? input.shape[1] : input.shape[0];
  s.steps = a.time_major ? input.shape[0] : input.shape[1];
  s.input_size = input.shape[2];
  const Tensor& forget_weights = l.Input(kInputWeights + 1);
  if (forget_weights.shape.size() != 2) {
    return l.Fail("input weights '{}' must have rank 2", forget_weights.name);
  }
  s.units = forget_weights.shape[0];
  ARENASTORE_RETURN_IF_ERROR(ExpectOperands(l, s));
  const Tensor& hidden = l.Input(kHidden);
  const Tensor& cell = l.Input(kCell);
  s.input_zero_point = input.zero_point();
  s.hidden_zero_point = hidden.zero_point();
  s.cell_scale_power = NearestLog2(cell.scale());
  if (a.quantized) {
    s.clip_cell = a.clip_cell;
    s.cell_clip = a.quantized_cell_clip;
  } else {
    if (!(a.cell_clip >= 0.0f)) return l.Fail("cell clip {} is negative", a.cell_clip);
    s.clip_cell = a.cell_clip > 0.0f;
    // TFLM truncates the clip in cell units toward zero, within int16.
    s.cell_clip =
        s.clip_cell
            ? static_cast<int16_t>(std::min(
                  std::max(static_cast<double>(a.cell_clip) / static_cast<double>(cell.scale()),
                           -32768.0),
                  32767.0))
            : 0;
  }
  std::vector<int32_t>& multipliers = *lowered->mutable_multipliers();
  std::vector<int32_t>& shifts = *lowered->mutable_shifts();
  multipliers.clear();
  shifts.clear();
  auto add = [&](double real, int32_t* multiplier, int32_t* shift) {
    const FixedPointMultiplier fixed = QuantizeMultiplier(real);
    *multiplier = fixed.multiplier;
    *shift = fixed.shift;
    multipliers.push_back(fixed.multiplier);
    shifts.push_back(fixed.shift);
  };
  auto product = [](float a, float b, float c) {
    return static_cast<double>(a) * static_cast<double>(b) / static_cast<double>(c);
  };
  for (int g = 0; g < kernels::kLstmGates; ++g) {
    add(product(input.scale(), l.Input(kInputWeights + g).scale(), kGateInputScale),
        &s.input_multiplier[g], &s.input_shift[g]);
  }
  for (int g = 0; g < kernels::kLstmGates; ++g) {
    add(product(hidden.scale(), l.Input(kRecurrentWeights + g).scale(), kGateInputScale),
        &s.recurrent_multiplier[g], &s.recurrent_shift[g]);
  }
  add(product(kGateOutputScale, cell.scale(), cell.scale()), &s.forget_cell_multiplier,
      &s.forget_cell_shift);
  add(product(kGateOutputScale, kGateOutputScale, cell.scale()), &s.input_cell_multiplier,
      &s.input_cell_shift);
  add(product(kGateOutputScale, kGateOutputScale, hidden.scale()), &s.hidden_multiplier,
      &s.hidden_shift);
  const Status valid =
      kernels::CheckUnidirectionalSequenceLstmParams(s, "unidirectional_sequence_lstm");
  return valid.ok() ? Status::Ok() : l.Fail("{}", valid.message());
}

WrittenOptions Write(OptionsWriter& w) {
  const kernels::UnidirectionalSequenceLstmParams& s = w.params().unidirectional_sequence_lstm;
  return {schema::OpOptions::LstmOptions,
          schema::CreateLstmOptions(w.builder(), s.time_major, s.cell_scale_power, s.clip_cell,
                                    s.cell_clip, w.Requant())
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::LstmOptions* o = op.options_as_LstmOptions();
  UnidirectionalSequenceLstmAttributes a;
  a.time_major = o->time_major();
  a.quantized = true;
  a.clip_cell = o->clip_cell();
  a.quantized_cell_clip = o->cell_clip();
  return OpAttributes(a);
}

}  // namespace unidirectional_sequence_lstm_lowering

extern const PlannerOp kUnidirectionalSequenceLstmPlanner = {
    &unidirectional_sequence_lstm_lowering::Lower, &unidirectional_sequence_lstm_lowering::Write,
    &unidirectional_sequence_lstm_lowering::Read};

}  // namespace arenastore::planner
