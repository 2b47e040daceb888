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

// Weights and biases come per gate in LstmGate order; `hidden` and `cell` are rewritten. One
// kernel for both forms, instantiated twice (in ref.cc): int8 activations with int32 biases, and
// 16x8 with int16 activations (zero point 0) and int64 biases.
template <typename Activation, typename Bias>
Status UnidirectionalSequenceLstm(const UnidirectionalSequenceLstmParams& params,
                                  const Activation* input, const int8_t* input_to_input,
                                  const int8_t* input_to_forget, const int8_t* input_to_cell,
                                  const int8_t* input_to_output, const int8_t* recurrent_to_input,
                                  const int8_t* recurrent_to_forget,
                                  const int8_t* recurrent_to_cell,
                                  const int8_t* recurrent_to_output, const Bias* input_bias,
                                  const Bias* forget_bias, const Bias* cell_bias,
                                  const Bias* output_bias, Activation* hidden, int16_t* cell,
                                  Activation* output, std::span<uint8_t> scratch);

extern template Status UnidirectionalSequenceLstm<int8_t, int32_t>(
    const UnidirectionalSequenceLstmParams&, const int8_t*, const int8_t*, const int8_t*,
    const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*,
    const int32_t*, const int32_t*, const int32_t*, const int32_t*, int8_t*, int16_t*, int8_t*,
    std::span<uint8_t>);
extern template Status UnidirectionalSequenceLstm<int16_t, int64_t>(
    const UnidirectionalSequenceLstmParams&, const int16_t*, const int8_t*, const int8_t*,
    const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*,
    const int64_t*, const int64_t*, const int64_t*, const int64_t*, int16_t*, int16_t*, int16_t*,
    std::span<uint8_t>);

}  // namespace arenastore::kernels::ref
