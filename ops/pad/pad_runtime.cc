// pad's runtime lowering: a verified artifact's operator -> kernels::PadParams, each field
// checked on the way (runtime/op_params_builder.h): one (before, after) pair per dimension takes
// the input shape to the output shape, and the fill (pad_value, else TFLM's default: the output
// zero point for int8, 0 for int16) is of the tensors' type (int8, or int16 in 16x8 models).
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"
#include "runtime/row_strip_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::PadParams* p = &params->pad;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  const schema::PadOptions& options = c.Options<schema::PadOptions>();
  p->rank = Rank(*input);
  if (options.before() == nullptr || options.after() == nullptr ||
      options.before()->size() != static_cast<uint32_t>(p->rank) ||
      options.after()->size() != static_cast<uint32_t>(p->rank) || Rank(*output) != p->rank) {
    return c.Fail("operators.options.before",
                  "padding needs one (before, after) pair per dimension of input %s and output "
                  "of the same rank",
                  FormatShape(*input).text);
  }
  for (int32_t i = 0; i < p->rank; ++i) {
    const int64_t before = options.before()->Get(static_cast<flatbuffers::uoffset_t>(i));
    const int64_t after = options.after()->Get(static_cast<flatbuffers::uoffset_t>(i));
    p->input_shape[i] = Dim(*input, i);
    // Both non-negative and summing to an int32 dimension, so each fits int32.
    if (before < 0 || after < 0 || p->input_shape[i] + before + after != Dim(*output, i)) {
      return c.Fail("operators.options.before",
                    "dimension %d: input %d + before %lld + after %lld must be >= 0 padding and "
                    "equal output %d",
                    i, p->input_shape[i], static_cast<long long>(before),
                    static_cast<long long>(after), Dim(*output, i));
    }
    p->before[i] = static_cast<int32_t>(before);
    p->after[i] = static_cast<int32_t>(after);
  }
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));
  const int32_t element_bytes = MovedElementBytes(c);
  const bool int16 = element_bytes == 2;
  // TFLM fills int8 with the output zero point, int16 with 0 whatever its zero point.
  const flatbuffers::Optional<int32_t> pad_value = options.pad_value();
  p->pad_value = pad_value.has_value() ? pad_value.value() : (int16 ? 0 : ZeroPoint(*output));
  if (p->pad_value < (int16 ? INT16_MIN : INT8_MIN) ||
      p->pad_value > (int16 ? INT16_MAX : INT8_MAX)) {
    return c.Fail("operators.options.pad_value", "pad_value %d is not an %s", p->pad_value,
                  int16 ? "int16" : "int8");
  }
  return StatusRef::Ok();
}

// A row stage's rows are axis 1 of an image [1, h, ...]: a pad that pads the batch axis, or
// has more than one image or no height axis, does not strip.
constexpr int32_t kHeightAxis = 1;

bool Strippable(const kernels::OpParams& whole) {
  const kernels::PadParams& p = whole.pad;
  return whole.form == kernels::ExecForm::kWhole && p.rank > kHeightAxis && p.input_shape[0] == 1 &&
         p.before[0] == 0 && p.after[0] == 0;
}

bool Rows(const kernels::OpParams& whole, OpRows* rows) {
  if (!Strippable(whole)) return false;
  const kernels::PadParams& p = whole.pad;
  rows->input_h = p.input_shape[kHeightAxis];
  rows->output_h = p.before[kHeightAxis] + p.input_shape[kHeightAxis] + p.after[kHeightAxis];
  rows->input_row_elements = rows->output_row_elements = 1;
  for (int32_t d = kHeightAxis + 1; d < p.rank; ++d) {
    rows->input_row_elements *= size_t(p.input_shape[d]);
    rows->output_row_elements *= size_t(p.before[d] + p.input_shape[d] + p.after[d]);
  }
  return true;
}

bool Strip(const kernels::OpParams& whole, kernels::RowRange output_rows, kernels::OpParams* strip,
           kernels::RowRange* input_rows) {
  if (!Strippable(whole)) return false;
  const auto row_strip = kernels::PadRowStripOf(whole.pad, kHeightAxis, output_rows);
  *strip = whole;
  strip->pad = row_strip.params;
  *input_rows = row_strip.input_rows;
  return true;
}

}  // namespace

extern const RowStripUnit kPadRowStrip = {&Rows, &Strip};

extern const RuntimeOp kPadRuntime = RuntimeUnit<schema::PadOptions>(
    {kernels::kPadArity, {Int8OrInt16("input", 1, kernels::kMaxPadRank)}, Int8OrInt16("output")},
    &Lower);

}  // namespace arenastore::runtime
