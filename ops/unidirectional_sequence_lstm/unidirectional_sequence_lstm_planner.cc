// unidirectional_sequence_lstm's planner unit: its lowering from graph attributes and float scales
// to kernels::UnidirectionalSequenceLstmParams (as TensorFlow Lite Micro's Prepare does: each
// gate's two fully connected layers rescale to a fixed 2^-12, the gates' products from 2^-15, the
// cell scale taken as a power of two, the cell clip quantized by it), the LstmOptions it writes to
// an artifact and reads back for re-planning, and which of those fields two artifacts must share to
// compute the same thing.
// Its TensorFlow Lite mapping: UNIDIRECTIONAL_SEQUENCE_LSTM -> a graph op with its 15 present
// operands in the order (input, input weights x4, recurrent weights x4, gate biases x4, hidden
// state, cell state), or a reason it cannot run here: a float or hybrid LSTM, CIFG, peephole,
// projection or layer norm (TensorFlow Lite Micro's integer kernel runs none of them), a cell gate
// activation other than TANH.
#include <algorithm>
#include <cmath>

#include "planner/op_unit.h"

namespace arenastore::planner {
namespace unidirectional_sequence_lstm_planning {

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
Status LowerCellClip(const Lowering& l, float cell_scale,
                     UnidirectionalSequenceLstmAttributes* o) {
  if (!o->real_cell_clip.has_value()) return Status::Ok();
  const float real_clip = *o->real_cell_clip;
  if (!(real_clip >= 0.0f)) return l.Fail("cell clip {} is negative", real_clip);
  o->clip_cell = real_clip > 0.0f;
  const double clip = static_cast<double>(real_clip) / static_cast<double>(cell_scale);
  o->cell_clip =
      o->clip_cell ? static_cast<int16_t>(std::min(std::max(clip, -32768.0), 32767.0)) : 0;
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

// What only the host derives, completed in the options struct and copied to the params: the
// cell's scale as a power of two, the clip in cell units and the rescales from the float scales.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<UnidirectionalSequenceLstmAttributes>().status());
  ARENASTORE_RETURN_IF_ERROR(ExpectOperands(l));
  auto& o = lowered->mutable_options<UnidirectionalSequenceLstmAttributes>();
  const float cell_scale = l.Input(kCell).scale();
  o.cell_scale_power = NearestLog2(cell_scale);
  ARENASTORE_RETURN_IF_ERROR(LowerCellClip(l, cell_scale, &o));
  kernels::UnidirectionalSequenceLstmParams& s = lowered->params().unidirectional_sequence_lstm;
  s.time_major = o.time_major;
  s.cell_scale_power = o.cell_scale_power;
  s.clip_cell = o.clip_cell;
  s.cell_clip = o.cell_clip;
  LowerRescales(l, lowered);
  return Status::Ok();
}

// TensorFlow Lite's operand positions.
constexpr size_t kTflitePeephole = 9, kTfliteBiases = 12, kTfliteProjection = 16,
                 kTfliteHidden = 18, kTfliteCell = 19, kLayerNorm = 20;

Status Map(TfliteOpMapper& m) {
  const auto& in = m.inputs();
  if (m.outputs().size() != 1 || m.outputs()[0] < 0) {
    return m.Fail("has no single output");
  }
  if (in.size() < 20 || in.size() > 24) {
    return m.Fail(fmt::format("has {} inputs, expected 20 to 24", in.size()));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::UnidirectionalSequenceLSTMOptions* o,
                              m.OptionsOf<tfl::UnidirectionalSequenceLSTMOptions>(true));
  for (const size_t k : {size_t{0}, kTfliteHidden, kTfliteCell}) {
    if (!m.HasInput(k)) return m.Fail(fmt::format("input {} is absent (-1) but required", k));
  }
  for (size_t k = 1; k < kTflitePeephole; ++k) {
    if (!m.HasInput(k)) m.Refuse("CIFG (no input gate) does not run here");
  }
  for (size_t k = kTfliteBiases; k < kTfliteProjection; ++k) {
    if (!m.HasInput(k)) m.Refuse("a gate without bias does not run here");
  }
  for (size_t k = kTflitePeephole; k < kTfliteBiases; ++k) {
    if (m.HasInput(k)) m.Refuse("peephole connections do not run here");
  }
  for (size_t k = kTfliteProjection; k < kTfliteHidden; ++k) {
    if (m.HasInput(k)) m.Refuse("a projection does not run here");
  }
  for (size_t k = kLayerNorm; k < in.size(); ++k) {
    if (m.HasInput(k)) m.Refuse("layer norm does not run here");
  }
  if (!m.result().unsupported.empty()) return Status::Ok();
  const auto type = [&](size_t k) { return m.reader().TensorTypeOf(in[k]); };
  // 8x8->16 (int8 activations, int32 biases) or 16x8->16 (int16 activations, int64 biases).
  const tfl::TensorType activation = type(0);
  const tfl::TensorType bias =
      activation == tfl::TensorType::INT16 ? tfl::TensorType::INT64 : tfl::TensorType::INT32;
  bool integer = (activation == tfl::TensorType::INT8 || activation == tfl::TensorType::INT16) &&
                 type(kTfliteHidden) == activation && type(kTfliteCell) == tfl::TensorType::INT16 &&
                 m.reader().TensorTypeOf(m.output()) == activation;
  for (size_t k = 1; k < kTflitePeephole; ++k)
    integer = integer && type(k) == tfl::TensorType::INT8;
  for (size_t k = kTfliteBiases; k < kTfliteProjection; ++k) integer = integer && type(k) == bias;
  if (!integer) {
    m.Refuse(
        "only int8 (int32 biases) or int16 (int64 biases) input and hidden state with int8 "
        "weights and an int16 cell state run here");
  }
  // TFLM applies the fused activation to the cell gate (and the cell); only TANH is defined.
  if (o->fused_activation_function() != tfl::ActivationFunctionType::TANH) {
    m.Refuse(fmt::format("cell activation {}",
                         tfl::EnumNameActivationFunctionType(o->fused_activation_function())));
  }
  if (!(o->cell_clip() >= 0.0f)) m.Refuse("negative cell_clip");
  if (o->diagonal_recurrent_tensors()) m.Refuse("diagonal recurrent tensors do not run here");
  m.result().checks_operand_types = true;
  UnidirectionalSequenceLstmAttributes a;
  a.time_major = o->time_major();
  a.real_cell_clip = o->cell_clip();
  return m.Emit(kernels::OpKind::kUnidirectionalSequenceLstm,
                {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8], in[12], in[13],
                 in[14], in[15], in[kTfliteHidden], in[kTfliteCell]},
                a);
}

}  // namespace unidirectional_sequence_lstm_planning

extern const PlannerOp kUnidirectionalSequenceLstmPlanner =
    OptionsStructPlanner<UnidirectionalSequenceLstmAttributes>(
        &unidirectional_sequence_lstm_planning::Lower);

// TensorFlow Lite's UNIDIRECTIONAL_SEQUENCE_LSTM (builtin 44).
extern const TfliteOpMapping kUnidirectionalSequenceLstmTflite = {
    {44}, 1, &unidirectional_sequence_lstm_planning::Map};

}  // namespace arenastore::planner
