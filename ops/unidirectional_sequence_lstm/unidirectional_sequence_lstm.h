// unidirectional_sequence_lstm: TensorFlow Lite's UNIDIRECTIONAL_SEQUENCE_LSTM without peephole,
// projection or layer norm (the standard Keras LSTM), integer: "8x8->16" (int8 input and hidden
// state, int32 biases) or "16x8->16" (int16 input and hidden state with zero point 0, int64
// biases), int8 weights and an int16 cell state either way; the kernel's dtype is the input's.
// The hidden and cell states are variables kept between invokes. Its params (lowered by the planner
// and the runtime, read by ref.h) and the check every variant runs before trusting them.
// Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// The four gates, in the order of every per-gate array below and of the operands.
enum class LstmGate : int32_t { kInput = 0, kForget = 1, kCell = 2, kOutput = 3 };
inline constexpr int kLstmGates = 4;

// Operands, in this order (int8 activations; int16 ones take int64 biases): input int8 ([batches,
// steps, input_size], or [steps, batches, input_size] when time_major); input-to-gate weights
// [units, input_size] int8 for input, forget, cell and output gates; recurrent weights [units,
// units] int8 in the same gate order; gate biases [units] int32 in the same order; hidden state
// [batches, units] int8 and cell state [batches, units] int16 (variables: read and rewritten in
// place). Output: the hidden state of every step, shaped as the input with units for input_size.
struct UnidirectionalSequenceLstmParams {
  int32_t batches, steps, input_size, units;
  bool time_major;
  int32_t input_zero_point, hidden_zero_point;
  // The cell state's scale taken as 2^cell_scale_power: TFLM rounds the log2 of the scale to
  // the nearest integer (and ignores whether it was a power of two).
  int32_t cell_scale_power;
  // TensorFlow Lite clips the cell state to [-cell_clip, cell_clip] (quantized, in cell units)
  // whenever its float clip is positive, even where the quantized clip rounds down to 0.
  bool clip_cell;
  int32_t cell_clip;
  // Per gate: input x weights and hidden x recurrent weights -> the gate's 2^-12 scale.
  int32_t input_multiplier[kLstmGates], input_shift[kLstmGates];
  int32_t recurrent_multiplier[kLstmGates], recurrent_shift[kLstmGates];
  // forget gate (2^-15) x cell -> cell; input gate x cell gate (both 2^-15) -> cell;
  // tanh(cell) x output gate (both 2^-15) -> hidden.
  int32_t forget_cell_multiplier, forget_cell_shift;
  int32_t input_cell_multiplier, input_cell_shift;
  int32_t hidden_multiplier, hidden_shift;
};

// 15 inputs: input, 4 + 4 weights, 4 biases, hidden state, cell state.
inline constexpr OpArity kUnidirectionalSequenceLstmArity = {15, 15, false};
ARENASTORE_CORTEX_M_BYTES(UnidirectionalSequenceLstmParams, 128);

Status CheckUnidirectionalSequenceLstmParams(const UnidirectionalSequenceLstmParams& params,
                                             const char* kernel);

}  // namespace arenastore::kernels
