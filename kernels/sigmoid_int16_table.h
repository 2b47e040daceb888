// The table an int16 LOGISTIC or TANH carries in TableLookupParams::table: TensorFlow Lite
// Micro's input rescaling (input_multiplier, input_left_shift as its Prepare computes them) and
// its 256-entry table of sigmoid(i / 24) in units of 2^-16, kSigmoidInt16TableBytes bytes,
// little-endian. Built by the planner (ops/logistic/logistic_table.h), sized by the runtime's
// lowering, read by the int16 kernels (ops/logistic/ref.h, ops/tanh/ref.h), which interpolate it
// (InterpolatedSigmoid) inside one shared entry (RunSigmoidInt16Table). Freestanding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/scratch_check.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {

inline constexpr int32_t kSigmoidInt16Entries = 256;
// input_multiplier (int32), input_left_shift (int32), then the entries (uint16 each).
inline constexpr size_t kSigmoidInt16TableBytes = 8 + 2 * kSigmoidInt16Entries;
// TFLM's non-power-of-two multiplier is at most 32767 (its Prepare's loop stops above 32767 / 2):
// an int16 input times it, plus the rounding term, stays inside int32.
inline constexpr int32_t kMaxSigmoidInt16Multiplier = 32767;

// A decoded table: the input rescaling with TFLM's power-of-two case (multiplier 0: times
// 3 << shift) already folded in, and the entries read in place.
class SigmoidInt16Table {
 public:
  // kKernelInvalidParams naming `kernel` for a missing table, a negative count, or a rescaling
  // TFLM's Prepare never produces (the arithmetic below would overflow).
  static Status Read(const TableLookupParams& params, const char* kernel,
                     SigmoidInt16Table* table) {
    ARENASTORE_RETURN_IF_ERROR(CheckTableLookupParams(params, kernel));
    const auto* bytes = reinterpret_cast<const uint8_t*>(params.table);
    int32_t multiplier = static_cast<int32_t>(Word(bytes));
    int32_t shift = static_cast<int32_t>(Word(bytes + 4));
    const bool power_of_two = multiplier == 0 && shift >= 0 && shift <= 1;
    ARENASTORE_CHECK_PARAMS(
        kernel,
        power_of_two || (multiplier > 0 && multiplier <= kMaxSigmoidInt16Multiplier && shift >= 0 &&
                         shift <= 31),
        "input_multiplier %d with input_left_shift %d (expected 0 with 0 or 1, or 1 to %d "
        "with 0 to 31)",
        multiplier, shift, kMaxSigmoidInt16Multiplier);
    if (power_of_two) {
      multiplier = 3 << shift;
      shift = 0;
    }
    table->multiplier_ = multiplier;
    table->shift_ = shift;
    table->entries_ = bytes + 8;
    return Status::Ok();
  }

  // x rescaled as TFLM's int16 kernels do: times the multiplier, rounded right by the shift
  // (half up). |x * multiplier| + 2^30 < 2^31 by Read's bounds.
  int32_t Rescale(int16_t x) const {
    const int32_t round = shift_ > 0 ? 1 << (shift_ - 1) : 0;
    return (x * multiplier_ + round) >> shift_;
  }

  // Entry i (< kSigmoidInt16Entries).
  uint32_t Entry(uint32_t i) const {
    return entries_[2 * i] | static_cast<uint32_t>(entries_[2 * i + 1]) << 8;
  }

 private:
  static uint32_t Word(const uint8_t* p) {
    return p[0] | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
           static_cast<uint32_t>(p[3]) << 24;
  }

  int32_t multiplier_ = 0;
  int32_t shift_ = 0;
  const uint8_t* entries_ = nullptr;
};

// The table's sigmoid(|x|) for a rescaled x with kFractionBits bits below a table step, linearly
// interpolated between the two entries around it, in units of 2^-(16 + kFractionBits);
// `saturated` from the table's last step on. Unsigned, wrapping arithmetic throughout: a table
// that is not increasing wraps rather than overflows.
template <int kFractionBits>
uint32_t InterpolatedSigmoid(const SigmoidInt16Table& table, int32_t rescaled, uint32_t saturated) {
  const uint32_t magnitude =
      rescaled >= 0 ? static_cast<uint32_t>(rescaled) : 0u - static_cast<uint32_t>(rescaled);
  const uint32_t step = magnitude >> kFractionBits;
  if (step >= kSigmoidInt16Entries - 1) return saturated;
  const uint32_t low = table.Entry(step);
  const uint32_t high = table.Entry(step + 1);
  const uint32_t fraction = magnitude & ((1u << kFractionBits) - 1);
  return (low << kFractionBits) + fraction * (high - low);
}

// A whole int16 LOGISTIC or TANH ref kernel: the scratch check, the table read (which checks it),
// then output[i] = kElement(table, table.Rescale(input[i])).
template <auto kElement>
Status RunSigmoidInt16Table(const char* kernel, const TableLookupParams& params,
                            const int16_t* input, int16_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kernel, scratch.size(), ref::TableLookupScratchBytes(params));
  SigmoidInt16Table table;
  ARENASTORE_RETURN_IF_ERROR(SigmoidInt16Table::Read(params, kernel, &table));
  for (int32_t i = 0; i < params.elements; ++i)
    output[i] = kElement(table, table.Rescale(input[i]));
  return Status::Ok();
}

}  // namespace arenastore::kernels
