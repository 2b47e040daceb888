// RowStripUnit: what an operator's runtime unit declares so that a row stage (runtime/row_stage.h)
// can run it strip by strip: its rows (one image) and, for output rows [begin, end), the params
// and input rows of that strip (kernels/row_strip.h). The window ops' and pad's units define
// theirs as k<Name>RowStrip, which RowStripUnitOf (runtime/runtime_op.h) finds; every other op
// has none and cannot run in a stage.
// Invariant: both functions refuse (false) the same params: more than one image, a padded batch
// axis, a form other than whole. Freestanding, constant data, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/exec_form.h"
#include "kernels/op_params.h"
#include "kernels/row_strip.h"

namespace arenastore::runtime {

// An op's rows as a stage sees them: one image, rows of whole width and every channel.
struct OpRows {
  int32_t input_h, output_h;
  size_t input_row_elements, output_row_elements;
};

struct RowStripUnit {
  // The rows of `whole`; false when it cannot run strip by strip.
  bool (*rows)(const kernels::OpParams& whole, OpRows* rows);
  // The params computing `output_rows` (0 <= begin < end <= output_h) and the input rows they
  // read, handed from the strip input's first byte; false as `rows`.
  bool (*strip)(const kernels::OpParams& whole, kernels::RowRange output_rows,
                kernels::OpParams* strip, kernels::RowRange* input_rows);
};

// The unit of a window op (conv2d, depthwise_conv2d, the pools) whose params are kMember: its
// batches must be 1 and its form whole (a strip is its own op; an over-input form overwrites rows
// a later strip may read).
template <auto kMember>
bool WindowOpStrippable(const kernels::OpParams& whole) {
  return whole.form == kernels::ExecForm::kWhole && (whole.*kMember).batches == 1;
}

template <auto kMember>
bool WindowOpRows(const kernels::OpParams& whole, OpRows* rows) {
  if (!WindowOpStrippable<kMember>(whole)) return false;
  const auto& p = whole.*kMember;
  rows->input_h = p.input_h;
  rows->output_h = p.output_h;
  if constexpr (requires { p.channels; }) {
    rows->input_row_elements = size_t(p.input_w) * size_t(p.channels);
    rows->output_row_elements = size_t(p.output_w) * size_t(p.channels);
  } else {
    rows->input_row_elements = size_t(p.input_w) * size_t(p.input_c);
    rows->output_row_elements = size_t(p.output_w) * size_t(p.output_c);
  }
  return true;
}

template <auto kMember>
bool WindowOpStrip(const kernels::OpParams& whole, kernels::RowRange output_rows,
                   kernels::OpParams* strip, kernels::RowRange* input_rows) {
  if (!WindowOpStrippable<kMember>(whole)) return false;
  const auto row_strip = kernels::RowStripOf(whole.*kMember, output_rows);
  *strip = whole;
  strip->*kMember = row_strip.params;
  *input_rows = row_strip.input_rows;
  return true;
}

template <auto kMember>
inline constexpr RowStripUnit kWindowOpRowStrip = {&WindowOpRows<kMember>, &WindowOpStrip<kMember>};

}  // namespace arenastore::runtime
