#include "ops/logistic/ref.h"

#include "kernels/sigmoid_int16_table.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "logistic/ref";
constexpr int kFractionBits = 9;  // a rescaled input's bits below a table step

// sigmoid(x) in units of 2^-15, x rescaled: the table holds sigmoid(|x|) in units of 2^-16 with
// kFractionBits more bits of interpolation; a negative x takes 1 - sigmoid(|x|). Unsigned,
// wrapping arithmetic throughout: a table that is not increasing wraps rather than overflows.
int16_t Logistic(const SigmoidInt16Table& table, int32_t rescaled) {
  // units of 2^-(16 + kFractionBits), saturated past the table
  const uint32_t sigmoid =
      InterpolatedSigmoid<kFractionBits>(table, rescaled, 0x7FFFu << (kFractionBits + 1));
  const uint32_t half = 1u << kFractionBits;  // rounds the final shift
  const uint32_t result =
      rescaled >= 0 ? sigmoid + half : (1u << (16 + kFractionBits)) - sigmoid + half - 1;
  return static_cast<int16_t>(result >> (kFractionBits + 1));
}

}  // namespace

Status LogisticInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                     std::span<uint8_t> scratch) {
  return RunSigmoidInt16Table<Logistic>(kName, params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
