#include "ops/tanh/ref.h"

#include "kernels/scratch_check.h"
#include "kernels/sigmoid_int16_table.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "tanh/ref";
constexpr int kFractionBits = 8;  // a rescaled input's bits below a table step (2x the logistic's)

// tanh(x) in units of 2^-15, x rescaled: 2 * sigmoid(2|x|) - 1 from the table in units of 2^-16
// with kFractionBits more bits of interpolation, negated for a negative x. Unsigned, wrapping
// arithmetic until the final arithmetic shift: a table that is not increasing wraps rather than
// overflows.
int16_t Tanh(const SigmoidInt16Table& table, int32_t rescaled) {
  const uint32_t magnitude =
      rescaled >= 0 ? static_cast<uint32_t>(rescaled) : 0u - static_cast<uint32_t>(rescaled);
  const uint32_t step = magnitude >> kFractionBits;
  uint32_t sigmoid;  // units of 2^-(16 + kFractionBits)
  if (step >= kSigmoidInt16Entries - 1) {
    sigmoid = 0xFFFFu << kFractionBits;  // saturated
  } else {
    const uint32_t low = table.Entry(step);
    const uint32_t high = table.Entry(step + 1);
    const uint32_t fraction = magnitude & ((1u << kFractionBits) - 1);
    sigmoid = (low << kFractionBits) + fraction * (high - low);
  }
  const uint32_t one_half = 1u << (15 + kFractionBits);  // sigmoid(0)
  const uint32_t round = 1u << (kFractionBits - 1);
  const uint32_t result =
      rescaled >= 0 ? sigmoid - one_half + round : one_half - sigmoid + round - 1;
  return static_cast<int16_t>(static_cast<int32_t>(result) >> kFractionBits);
}

}  // namespace

Status TanhInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TableLookupScratchBytes(params));
  SigmoidInt16Table table;
  ARENASTORE_RETURN_IF_ERROR(SigmoidInt16Table::Read(params, kName, &table));
  for (int32_t i = 0; i < params.elements; ++i) output[i] = Tanh(table, table.Rescale(input[i]));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
