#include "ops/pad/ref.h"

#include "kernels/checked_entry.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "pad/ref";

// The padding right-aligned to kMaxPadRank dimensions (leading ones of size 1, no padding), so
// one loop nest serves every rank.
struct PadGeometry {
  int32_t input[kMaxPadRank];
  int32_t before[kMaxPadRank];
  int32_t after[kMaxPadRank];
  int32_t output[kMaxPadRank];
};

// `params` checked (for the element type's fill range).
void MakeGeometry(const PadParams& params, PadGeometry* g) {
  const int32_t missing = kMaxPadRank - params.rank;
  for (int32_t d = 0; d < kMaxPadRank; ++d) {
    const int32_t source = d - missing;
    g->input[d] = source < 0 ? 1 : params.input_shape[source];
    g->before[d] = source < 0 ? 0 : params.before[source];
    g->after[d] = source < 0 ? 0 : params.after[source];
    g->output[d] = g->input[d] + g->before[d] + g->after[d];
  }
}

template <typename T>
T* Fill(T* out, int32_t count, T value) {
  for (int32_t i = 0; i < count; ++i) out[i] = value;
  return out + count;
}

bool Inside(const PadGeometry& g, int d, int32_t position) {
  return position >= g.before[d] && position < g.before[d] + g.input[d];
}

// One loop nest for both widths: T is the element (int8 or int16), the fill one element of it.
template <typename T>
void PadElements(const PadParams& params, const T* input, T* output) {
  PadGeometry g;
  MakeGeometry(params, &g);
  static_assert(kMaxPadRank == 5, "the loop nest below has one loop per dimension");
  const T pad = static_cast<T>(params.pad_value);
  const int32_t row_elements = g.output[4];
  // Rows (runs along the last dimension) in output order; input rows are consumed in order.
  for (int32_t i0 = 0; i0 < g.output[0]; ++i0) {
    for (int32_t i1 = 0; i1 < g.output[1]; ++i1) {
      for (int32_t i2 = 0; i2 < g.output[2]; ++i2) {
        for (int32_t i3 = 0; i3 < g.output[3]; ++i3) {
          if (!(Inside(g, 0, i0) && Inside(g, 1, i1) && Inside(g, 2, i2) && Inside(g, 3, i3))) {
            output = Fill(output, row_elements, pad);
            continue;
          }
          output = Fill(output, g.before[4], pad);
          for (int32_t i = 0; i < g.input[4]; ++i) *output++ = *input++;
          output = Fill(output, g.after[4], pad);
        }
      }
    }
  }
}

}  // namespace

size_t PadScratchBytes(const PadParams&) { return 0; }

bool PadOverInputApplies(const PadParams&) { return true; }

Status Pad(const PadParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch) {
  return CheckedEntry(kName, scratch, PadScratchBytes(params), params, CheckPadParams,
                      [&] { PadElements(params, input, output); });
}

Status PadInt16(const PadParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch) {
  return CheckedEntry(kName, scratch, PadScratchBytes(params), params, CheckInt16PadParams,
                      [&] { PadElements(params, input, output); });
}

}  // namespace arenastore::kernels::ref
