// unidirectional_sequence_lstm's TensorFlow Lite mapping: UNIDIRECTIONAL_SEQUENCE_LSTM -> a graph
// op with its 15 present operands in the order (input, input weights x4, recurrent weights x4,
// gate biases x4, hidden state, cell state), or a reason it cannot run here: a float or hybrid
// LSTM, CIFG, peephole, projection or layer norm (TensorFlow Lite Micro's integer kernel runs
// none of them), a cell gate activation other than TANH.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace unidirectional_sequence_lstm_mapping {

// TensorFlow Lite's operand positions.
constexpr size_t kPeephole = 9, kBiases = 12, kProjection = 16, kHidden = 18, kCell = 19,
                 kLayerNorm = 20;

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
  for (const size_t k : {size_t{0}, kHidden, kCell}) {
    if (!m.HasInput(k)) return m.Fail(fmt::format("input {} is absent (-1) but required", k));
  }
  for (size_t k = 1; k < kPeephole; ++k) {
    if (!m.HasInput(k)) m.Refuse("CIFG (no input gate) does not run here");
  }
  for (size_t k = kBiases; k < kProjection; ++k) {
    if (!m.HasInput(k)) m.Refuse("a gate without bias does not run here");
  }
  for (size_t k = kPeephole; k < kBiases; ++k) {
    if (m.HasInput(k)) m.Refuse("peephole connections do not run here");
  }
  for (size_t k = kProjection; k < kHidden; ++k) {
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
                 type(kHidden) == activation && type(kCell) == tfl::TensorType::INT16 &&
                 m.reader().TensorTypeOf(m.output()) == activation;
  for (size_t k = 1; k < kPeephole; ++k) integer = integer && type(k) == tfl::TensorType::INT8;
  for (size_t k = kBiases; k < kProjection; ++k) integer = integer && type(k) == bias;
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
  a.cell_clip = o->cell_clip();
  return m.Emit(kernels::OpKind::kUnidirectionalSequenceLstm,
                {in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8], in[12], in[13],
                 in[14], in[15], in[kHidden], in[kCell]},
                a);
}

}  // namespace unidirectional_sequence_lstm_mapping

// TensorFlow Lite's UNIDIRECTIONAL_SEQUENCE_LSTM (builtin 44).
extern const TfliteOpMapping kUnidirectionalSequenceLstmTflite = {
    {44}, 1, &unidirectional_sequence_lstm_mapping::Map};

}  // namespace arenastore::planner
