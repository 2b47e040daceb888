#include "ops/tanh/ref.h"

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
  // units of 2^-(16 + kFractionBits), saturated past the table
  const uint32_t sigmoid =
      InterpolatedSigmoid<kFractionBits>(table, rescaled, 0xFFFFu << kFractionBits);
  const uint32_t one_half = 1u << (15 + kFractionBits);  // sigmoid(0)
  const uint32_t round = 1u << (kFractionBits - 1);
  const uint32_t result =
      rescaled >= 0 ? sigmoid - one_half + round : one_half - sigmoid + round - 1;
  return static_cast<int16_t>(static_cast<int32_t>(result) >> kFractionBits);
}

}  // namespace

Status TanhInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                 std::span<uint8_t> scratch) {
  return RunSigmoidInt16Table<Tanh>(kName, params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
