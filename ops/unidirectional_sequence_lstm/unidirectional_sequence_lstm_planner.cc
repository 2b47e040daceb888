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

// TFLM's LSTM runs per-tensor fully connected layers with symmetric weights: the runtime sees
// only the rescales, so the host checks the scales and zero points they come from.
Status ExpectWeights(const Lowering& l, size_t k) {
  const Tensor& w = l.Input(k);
  const char* role = k < kRecurrentWeights ? "input weights" : "recurrent weights";
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(w, role));
  if (w.quantization.scales.size() != 1 || w.zero_point() != 0) {
    return l.Fail("{} '{}' must have one scale and zero point 0", role, w.name);
  }
  return Status::Ok();
}

// The quantization the rescales and the runtime's zero points come from (an int16 output takes
// zero point 0, which the runtime does not see), and constant biases. Types, shapes and the
// states' pool are the runtime's lowering's.
Status ExpectOperands(const Lowering& l) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(kInput), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(kHidden), "hidden state"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(l.Input(kCell), "cell state"));
  for (size_t g = 0; g < kernels::kLstmGates; ++g) {
    ARENASTORE_RETURN_IF_ERROR(ExpectWeights(l, kInputWeights + g));
    ARENASTORE_RETURN_IF_ERROR(ExpectWeights(l, kRecurrentWeights + g));
    const Tensor& bias = l.Input(kBiases + g);
    if (!bias.is_constant) return l.Fail("bias '{}' must be a constant", bias.name);
  }
  return Status::Ok();
}

// TensorFlow Lite's CheckedLog2, whose verdict TFLM's LSTM ignores: the nearest power.
int32_t NearestLog2(float scale) {
  const float log2 = std::log(scale) * (1.0f / std::log(2.0f));
  return static_cast<int32_t>(std::round(log2));
}

// The cell clip in cell units: given so by a re-planned artifact, else TFLM's truncation of the
// float clip toward zero, within int16.
Status LowerCellClip(const Lowering& l, const UnidirectionalSequenceLstmAttributes& a,
                     float cell_scale, kernels::UnidirectionalSequenceLstmParams* s) {
  if (a.quantized) {
    s->clip_cell = a.clip_cell;
    s->cell_clip = a.quantized_cell_clip;
    return Status::Ok();
  }
  if (!(a.cell_clip >= 0.0f)) return l.Fail("cell clip {} is negative", a.cell_clip);
  s->clip_cell = a.cell_clip > 0.0f;
  const double clip = static_cast<double>(a.cell_clip) / static_cast<double>(cell_scale);
  s->cell_clip =
      s->clip_cell ? static_cast<int16_t>(std::min(std::max(clip, -32768.0), 32767.0)) : 0;
  return Status::Ok();
}

// The eleven rescales in the options' order: each gate's input layer, each gate's recurrent
// layer, then forget x cell, input x cell, and the hidden state's.
void LowerRescales(const Lowering& l, LoweredOp* lowered) {
  const float input = l.Input(kInput).scale();
  const float hidden = l.Input(kHidden).scale();
  const float cell = l.Input(kCell).scale();
  std::vector<int32_t>& multipliers = *lowered->mutable_multipliers();
  std::vector<int32_t>& shifts = *lowered->mutable_shifts();
  multipliers.clear();
  shifts.clear();
  auto add = [&](float a, float b, float c) {
    const FixedPointMultiplier fixed = QuantizeMultiplier(
        static_cast<double>(a) * static_cast<double>(b) / static_cast<double>(c));
    multipliers.push_back(fixed.multiplier);
    shifts.push_back(fixed.shift);
  };
  for (size_t g = 0; g < kernels::kLstmGates; ++g) {
    add(input, l.Input(kInputWeights + g).scale(), kGateInputScale);
  }
  for (size_t g = 0; g < kernels::kLstmGates; ++g) {
    add(hidden, l.Input(kRecurrentWeights + g).scale(), kGateInputScale);
  }
  add(kGateOutputScale, cell, cell);
  add(kGateOutputScale, kGateOutputScale, cell);
  add(kGateOutputScale, kGateOutputScale, hidden);
}

// What Write records and only the host derives: the layout flag, the cell's scale as a power of
// two, the clip in cell units and the rescales from the float scales.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnidirectionalSequenceLstmAttributes a,
                              l.AttributesAs<UnidirectionalSequenceLstmAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectOperands(l));
  kernels::UnidirectionalSequenceLstmParams& s = lowered->params().unidirectional_sequence_lstm;
  s.time_major = a.time_major;
  const float cell_scale = l.Input(kCell).scale();
  s.cell_scale_power = NearestLog2(cell_scale);
  ARENASTORE_RETURN_IF_ERROR(LowerCellClip(l, a, cell_scale, &s));
  LowerRescales(l, lowered);
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const kernels::UnidirectionalSequenceLstmParams& s = w.params().unidirectional_sequence_lstm;
  return Written(schema::CreateLstmOptions(w.builder(), s.time_major, s.cell_scale_power,
                                           s.clip_cell, s.cell_clip, w.Requant()));
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
