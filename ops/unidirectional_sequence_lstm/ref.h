// Reference UNIDIRECTIONAL_SEQUENCE_LSTM (int8 or int16 activations, int16 cell), bit-exact with
// TensorFlow Lite Micro's integer kernel (its 2023 rewrite): per step, each gate is
// FC(input) + FC(hidden) into int16 at 2^-12, then sigmoid (tanh for the cell gate) in int16 at
// 2^-15; cell = forget * cell + input * cell_gate (clipped); hidden = tanh(cell) * output gate,
// requantized to the activation type; the output row is the new hidden state. Batch-major inputs
// run batch by batch, time-major ones all batches per step, as TFLM does. Called through the kernel
// registry. Scratch: four int16 buffers of batches x units, as TFLM's. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t UnidirectionalSequenceLstmScratchBytes(const UnidirectionalSequenceLstmParams& params);

// Weights and biases come per gate in LstmGate order; `hidden` and `cell` are rewritten.
Status UnidirectionalSequenceLstm(const UnidirectionalSequenceLstmParams& params,
                                  const int8_t* input, const int8_t* input_to_input,
                                  const int8_t* input_to_forget, const int8_t* input_to_cell,
                                  const int8_t* input_to_output, const int8_t* recurrent_to_input,
                                  const int8_t* recurrent_to_forget,
                                  const int8_t* recurrent_to_cell,
                                  const int8_t* recurrent_to_output, const int32_t* input_bias,
                                  const int32_t* forget_bias, const int32_t* cell_bias,
                                  const int32_t* output_bias, int8_t* hidden, int16_t* cell,
                                  int8_t* output, std::span<uint8_t> scratch);

// The 16x8 form: int16 input, hidden state and output (zero point 0), int64 biases.
Status UnidirectionalSequenceLstm16(const UnidirectionalSequenceLstmParams& params,
                                    const int16_t* input, const int8_t* input_to_input,
                                    const int8_t* input_to_forget, const int8_t* input_to_cell,
                                    const int8_t* input_to_output, const int8_t* recurrent_to_input,
                                    const int8_t* recurrent_to_forget,
                                    const int8_t* recurrent_to_cell,
                                    const int8_t* recurrent_to_output, const int64_t* input_bias,
                                    const int64_t* forget_bias, const int64_t* cell_bias,
                                    const int64_t* output_bias, int16_t* hidden, int16_t* cell,
                                    int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
