#include "ops/unidirectional_sequence_lstm/ref.h"

#include <cstring>
#include <limits>
#include <type_traits>

#include "kernels/fixed_point.h"
#include "kernels/fixed_point64.h"
#include "kernels/scratch_check.h"
#include "kernels/sigmoid_q16_table.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "unidirectional_sequence_lstm/ref";
constexpr int32_t kInt16Min = -32768, kInt16Max = 32767;

// TFLM's int16 logistic with input multiplier 3 and no shift: input at 2^-12, output at 2^-15.
int16_t Sigmoid(int16_t value) {
  const int32_t x = int32_t{value} * 3;
  const uint32_t magnitude = static_cast<uint32_t>(x < 0 ? -x : x);
  const uint32_t index = magnitude >> 9;
  uint32_t result;
  if (index >= 255) {
    result = uint32_t{0x7FFF} << 10;
  } else {
    const uint32_t low = kSigmoidQ16Table[index], high = kSigmoidQ16Table[index + 1];
    result = (low << 9) + (magnitude & 0x1FF) * (high - low);
  }
  result = x >= 0 ? result + (1u << 9) : (1u << 25) - result + (1u << 9) - 1;
  return static_cast<int16_t>(result >> 10);
}

// TFLM's int16 tanh for an input at scale 2^scale_power, output at 2^-15: the input goes to
// 2^-12 (times 3/4, folded into the table's step) by a multiplier 3 << shift, or by 3 and a
// rounding right shift when the input is finer than 2^-12.
int16_t Tanh(int16_t value, int32_t scale_power) {
  int32_t shift = 15 + scale_power - 3;
  int32_t multiplier = 3;
  if (shift >= 0) {
    multiplier = 3 << shift;
    shift = 0;
  } else {
    shift = -shift;
  }
  const int32_t round = shift > 0 ? 1 << (shift - 1) : 0;
  const int32_t x = (int32_t{value} * multiplier + round) >> shift;
  const uint32_t magnitude = static_cast<uint32_t>(x < 0 ? -x : x);
  const uint32_t index = magnitude >> 8;
  int32_t result;
  if (index >= 255) {
    result = 0xFFFF << 8;
  } else {
    const uint32_t low = kSigmoidQ16Table[index], high = kSigmoidQ16Table[index + 1];
    result = static_cast<int32_t>((low << 8) + (magnitude & 0xFF) * (high - low));
  }
  result = x >= 0 ? result - (1 << 23) + (1 << 7) : -result + (1 << 23) + (1 << 7) - 1;
  return static_cast<int16_t>(result >> 8);
}

int16_t SaturateInt16(int32_t value) {
  return static_cast<int16_t>(Clamp(value, kInt16Min, kInt16Max));
}

// An accumulator requantized as TFLM's fully connected layer of that width does.
int32_t Requantize(int32_t sum, int32_t multiplier, int32_t shift) {
  return MultiplyByQuantizedMultiplier(sum, multiplier, shift);
}
int32_t Requantize(int64_t sum, int32_t multiplier, int32_t shift) {
  return MultiplyByQuantizedMultiplier64(sum, multiplier, shift);
}

// The two integer LSTMs: int8 activations with int32 biases and accumulators ("8x8->16"), and
// int16 activations with int64 ones ("16x8->16", where TFLM's fully connected layers take no
// input zero point: theirs is 0).
template <typename Activation, typename Bias>
struct Types {
  using Act = Activation;
  using Acc = Bias;
  static constexpr int32_t kMin = std::numeric_limits<Activation>::min();
  static constexpr int32_t kMax = std::numeric_limits<Activation>::max();
};

// One gate's operands and its rescales.
template <typename T>
struct GateOperands {
  const int8_t* input_weights;
  const int8_t* recurrent_weights;
  const typename T::Acc* bias;
  int32_t input_multiplier, input_shift, recurrent_multiplier, recurrent_shift;
};

// The rows (batches) one step computes, and where they sit in the operands.
template <typename T>
struct Step {
  ptrdiff_t rows;
  const typename T::Act* input;
  typename T::Act* hidden;
  int16_t* cell;
  typename T::Act* output;
};

// gate = activation(FC(input) + FC(hidden)): each FC saturates to int16 at 2^-12 on its own
// before the saturating sum, as TFLM's two FullyConnected calls and AddElementWise do.
template <typename T>
void Gate(const UnidirectionalSequenceLstmParams& p, const Step<T>& s, const GateOperands<T>& g,
          bool tanh, int16_t* gate) {
  using Acc = typename T::Acc;
  for (ptrdiff_t r = 0; r < s.rows; ++r) {
    const typename T::Act* x = s.input + r * p.input_size;
    const typename T::Act* h = s.hidden + r * p.units;
    for (ptrdiff_t u = 0; u < p.units; ++u) {
      const int8_t* w = g.input_weights + u * p.input_size;
      Acc input_sum = 0;
      for (ptrdiff_t i = 0; i < p.input_size; ++i) {
        input_sum += Acc{w[i]} * (int32_t{x[i]} - p.input_zero_point);
      }
      // The bias adds modulo 2^N, as TFLite's on hardware: a valid artifact may carry any bias.
      using Unsigned = std::make_unsigned_t<Acc>;
      input_sum = static_cast<Acc>(static_cast<Unsigned>(input_sum) +
                                   static_cast<Unsigned>(static_cast<Acc>(g.bias[u])));
      const int32_t from_input =
          SaturateInt16(Requantize(input_sum, g.input_multiplier, g.input_shift));
      const int8_t* rw = g.recurrent_weights + u * p.units;
      Acc recurrent_sum = 0;
      for (ptrdiff_t j = 0; j < p.units; ++j) {
        recurrent_sum += Acc{rw[j]} * (int32_t{h[j]} - p.hidden_zero_point);
      }
      const int32_t from_hidden =
          SaturateInt16(Requantize(recurrent_sum, g.recurrent_multiplier, g.recurrent_shift));
      const int16_t sum = SaturateInt16(from_input + from_hidden);
      gate[r * p.units + u] = tanh ? Tanh(sum, -12) : Sigmoid(sum);
    }
  }
}

// cell = forget * cell + input * cell_gate, each product requantized to int16 and saturated,
// the sum saturated, then clipped.
template <typename T>
void UpdateCell(const UnidirectionalSequenceLstmParams& p, const Step<T>& s, const int16_t* forget,
                const int16_t* input, const int16_t* cell_gate) {
  for (ptrdiff_t k = 0; k < s.rows * p.units; ++k) {
    const int32_t kept = SaturateInt16(MultiplyByQuantizedMultiplier(
        int32_t{forget[k]} * s.cell[k], p.forget_cell_multiplier, p.forget_cell_shift));
    const int32_t added = SaturateInt16(MultiplyByQuantizedMultiplier(
        int32_t{input[k]} * cell_gate[k], p.input_cell_multiplier, p.input_cell_shift));
    int32_t updated = SaturateInt16(kept + added);
    if (p.clip_cell) updated = Clamp(updated, -p.cell_clip, p.cell_clip);
    s.cell[k] = static_cast<int16_t>(updated);
  }
}

// hidden = tanh(cell) * output_gate, requantized to the activation type around the hidden
// zero point.
template <typename T>
void UpdateHidden(const UnidirectionalSequenceLstmParams& p, const Step<T>& s,
                  const int16_t* output_gate) {
  for (ptrdiff_t k = 0; k < s.rows * p.units; ++k) {
    const int32_t product = int32_t{Tanh(s.cell[k], p.cell_scale_power)} * output_gate[k];
    const int32_t value = p.hidden_zero_point + MultiplyByQuantizedMultiplier(
                                                    product, p.hidden_multiplier, p.hidden_shift);
    s.hidden[k] = static_cast<typename T::Act>(Clamp(value, T::kMin, T::kMax));
  }
}

struct Buffers {
  int16_t *forget, *input, *cell_gate, *output_gate;
};

template <typename T>
void RunStep(const UnidirectionalSequenceLstmParams& p, const Step<T>& s,
             const GateOperands<T>* gates, const Buffers& b) {
  Gate(p, s, gates[static_cast<int>(LstmGate::kForget)], false, b.forget);
  Gate(p, s, gates[static_cast<int>(LstmGate::kInput)], false, b.input);
  Gate(p, s, gates[static_cast<int>(LstmGate::kCell)], true, b.cell_gate);
  UpdateCell(p, s, b.forget, b.input, b.cell_gate);
  // The output gate reads the hidden state of the previous step: it is rewritten only below.
  Gate(p, s, gates[static_cast<int>(LstmGate::kOutput)], false, b.output_gate);
  UpdateHidden(p, s, b.output_gate);
  std::memcpy(s.output, s.hidden, static_cast<size_t>(s.rows * p.units) * sizeof(*s.output));
}

template <typename T>
Status Run(const UnidirectionalSequenceLstmParams& p, const typename T::Act* input,
           const int8_t* const* weights, const typename T::Acc* const* biases,
           typename T::Act* hidden, int16_t* cell, typename T::Act* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckUnidirectionalSequenceLstmParams(p, kName));
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), UnidirectionalSequenceLstmScratchBytes(p));
  GateOperands<T> gates[kLstmGates];
  for (int g = 0; g < kLstmGates; ++g) {
    gates[g] = {
        weights[g],       weights[kLstmGates + g],   biases[g],           p.input_multiplier[g],
        p.input_shift[g], p.recurrent_multiplier[g], p.recurrent_shift[g]};
    ARENASTORE_CHECK_OR_RETURN(
        gates[g].input_weights != nullptr && gates[g].recurrent_weights != nullptr &&
            gates[g].bias != nullptr,
        ErrorCode::kKernelInvalidParams, "%s: a gate's weights or bias missing", kName);
  }
  ARENASTORE_CHECK_OR_RETURN(hidden != nullptr && cell != nullptr, ErrorCode::kKernelInvalidParams,
                             "%s: hidden or cell state missing", kName);
  const ptrdiff_t state = ptrdiff_t{p.batches} * p.units;
  auto* buffer = reinterpret_cast<int16_t*>(scratch.data());
  const Buffers b = {buffer, buffer + state, buffer + 2 * state, buffer + 3 * state};
  if (p.time_major) {
    // Every batch advances together: step t reads rows [t * batches, (t + 1) * batches).
    for (ptrdiff_t t = 0; t < p.steps; ++t) {
      const Step<T> s = {p.batches, input + t * p.batches * p.input_size, hidden, cell,
                         output + t * p.batches * p.units};
      RunStep(p, s, gates, b);
    }
  } else {
    // One batch at a time through all its steps, each with its own row of the states.
    for (ptrdiff_t batch = 0; batch < p.batches; ++batch) {
      for (ptrdiff_t t = 0; t < p.steps; ++t) {
        const ptrdiff_t row = batch * p.steps + t;
        const Step<T> s = {1, input + row * p.input_size, hidden + batch * p.units,
                           cell + batch * p.units, output + row * p.units};
        RunStep(p, s, gates, b);
      }
    }
  }
  return Status::Ok();
}

}  // namespace

size_t UnidirectionalSequenceLstmScratchBytes(const UnidirectionalSequenceLstmParams& params) {
  return 4 * static_cast<size_t>(params.batches) * static_cast<size_t>(params.units) *
         sizeof(int16_t);
}

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
                                  Activation* output, std::span<uint8_t> scratch) {
  const int8_t* weights[2 * kLstmGates] = {
      input_to_input,     input_to_forget,     input_to_cell,     input_to_output,
      recurrent_to_input, recurrent_to_forget, recurrent_to_cell, recurrent_to_output};
  const Bias* biases[kLstmGates] = {input_bias, forget_bias, cell_bias, output_bias};
  return Run<Types<Activation, Bias>>(params, input, weights, biases, hidden, cell, output,
                                      scratch);
}

template Status UnidirectionalSequenceLstm<int8_t, int32_t>(
    const UnidirectionalSequenceLstmParams&, const int8_t*, const int8_t*, const int8_t*,
    const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*,
    const int32_t*, const int32_t*, const int32_t*, const int32_t*, int8_t*, int16_t*, int8_t*,
    std::span<uint8_t>);
template Status UnidirectionalSequenceLstm<int16_t, int64_t>(
    const UnidirectionalSequenceLstmParams&, const int16_t*, const int8_t*, const int8_t*,
    const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*, const int8_t*,
    const int64_t*, const int64_t*, const int64_t*, const int64_t*, int16_t*, int16_t*, int16_t*,
    std::span<uint8_t>);

}  // namespace arenastore::kernels::ref
