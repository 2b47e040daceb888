#include "ops/unidirectional_sequence_lstm/unidirectional_sequence_lstm.h"

#include "kernels/kernel_rows.h"
#include "ops/unidirectional_sequence_lstm/ref.h"

namespace arenastore::kernels {

Status CheckUnidirectionalSequenceLstmParams(const UnidirectionalSequenceLstmParams& p,
                                             const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.batches >= 1 && p.steps >= 1 && p.input_size >= 1 && p.units >= 1,
                          "batches %d, steps %d, input_size %d and units %d must be positive",
                          p.batches, p.steps, p.input_size, p.units);
  // Every index the kernel forms fits int32 (2^24 elements is far above any recurrent layer).
  constexpr int64_t kMaxElements = int64_t{1} << 24;
  ARENASTORE_CHECK_PARAMS(kernel,
                          int64_t{p.batches} * p.steps * p.input_size <= kMaxElements &&
                              int64_t{p.batches} * p.steps * p.units <= kMaxElements &&
                              int64_t{p.units} * p.input_size <= kMaxElements &&
                              int64_t{p.units} * p.units <= kMaxElements,
                          "operands exceed 2^24 elements");
  auto in_int8 = [](int32_t zero_point) { return zero_point >= -128 && zero_point <= 127; };
  ARENASTORE_CHECK_PARAMS(kernel, in_int8(p.input_zero_point) && in_int8(p.hidden_zero_point),
                          "zero points (input %d, hidden %d) outside int8", p.input_zero_point,
                          p.hidden_zero_point);
  // The tanh of the cell state shifts by 15 + power - 3 either way: keep it inside int32.
  ARENASTORE_CHECK_PARAMS(kernel, p.cell_scale_power >= -27 && p.cell_scale_power <= 0,
                          "cell scale 2^%d outside [2^-27, 1]", p.cell_scale_power);
  ARENASTORE_CHECK_PARAMS(kernel, !p.clip_cell || (p.cell_clip >= 0 && p.cell_clip <= 32767),
                          "cell clip %d outside [0, 32767]", p.cell_clip);
  bool shifts = IsValidShift(p.forget_cell_shift) && IsValidShift(p.input_cell_shift) &&
                IsValidShift(p.hidden_shift);
  for (int g = 0; g < kLstmGates; ++g) {
    shifts = shifts && IsValidShift(p.input_shift[g]) && IsValidShift(p.recurrent_shift[g]);
  }
  ARENASTORE_CHECK_PARAMS(kernel, shifts, "a shift is outside [-31, 30]");
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kUnidirectionalSequenceLstm>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::UnidirectionalSequenceLstmScratchBytes,
              &ref::UnidirectionalSequenceLstm<int8_t, int32_t>>(),
    Rows::Int16Row<Isa::kRef, &ref::UnidirectionalSequenceLstmScratchBytes,
                   &ref::UnidirectionalSequenceLstm<int16_t, int64_t>>(),
};
extern const OpKernels kUnidirectionalSequenceLstmKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
