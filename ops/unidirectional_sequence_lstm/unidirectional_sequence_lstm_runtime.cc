// unidirectional_sequence_lstm's runtime lowering: a verified artifact's operator ->
// kernels::UnidirectionalSequenceLstmParams, checked on the way: the operands' types and shapes
// form an LSTM over the input's layout, the hidden (int8) and cell (int16) states are variables
// in a state pool, and the eleven rescales are valid fixed-point multipliers.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

constexpr int32_t kInputWeights = 1, kRecurrentWeights = 5, kBiases = 9, kHidden = 13, kCell = 14;
constexpr int32_t kRequantCount = 11;

// int8 activations with INT32 biases, or int16 ones (zero point 0) with INT64 biases; INT8
// weights and an INT16 cell state either way.
StatusRef ExpectTypes(const OpChecker& c) {
  using schema::DataType;
  const DataType activation = c.Input(0)->type();
  const bool wide = activation == DataType::INT16;
  const DataType bias = wide ? DataType::INT64 : DataType::INT32;
  bool typed = c.Input(kHidden)->type() == activation && c.Output().type() == activation &&
               c.Input(kCell)->type() == DataType::INT16;
  for (int32_t k = kInputWeights; k < kBiases; ++k) {
    typed = typed && c.Input(k)->type() == DataType::INT8;
  }
  for (int32_t k = kBiases; k < kHidden; ++k) typed = typed && c.Input(k)->type() == bias;
  if (!typed) {
    return c.Fail("tensors.type",
                  "weights must be INT8, biases %s, the hidden state and output %s and the cell "
                  "state INT16 (hidden %s, cell %s)",
                  DataTypeName(bias), DataTypeName(activation),
                  DataTypeName(c.Input(kHidden)->type()), DataTypeName(c.Input(kCell)->type()));
  }
  if (wide && (ZeroPoint(*c.Input(0)) != 0 || ZeroPoint(*c.Input(kHidden)) != 0)) {
    return c.Fail("tensors.quantization", "int16 input and hidden state need zero point 0");
  }
  ARENASTORE_RETURN_IF_FAILED(c.ExpectStateTensor(*c.Input(kHidden), "hidden state"));
  return c.ExpectStateTensor(*c.Input(kCell), "cell state");
}

StatusRef ExpectShapes(const OpChecker& c, const kernels::UnidirectionalSequenceLstmParams& p) {
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  bool fits = Rank(output) == 3 && Dim(output, 0) == Dim(input, 0) &&
              Dim(output, 1) == Dim(input, 1) && Dim(output, 2) == p.units;
  for (int32_t g = 0; g < kernels::kLstmGates; ++g) {
    const schema::Tensor& w = *c.Input(kInputWeights + g);
    const schema::Tensor& r = *c.Input(kRecurrentWeights + g);
    fits = fits && Rank(w) == 2 && Dim(w, 0) == p.units && Dim(w, 1) == p.input_size &&
           Rank(r) == 2 && Dim(r, 0) == p.units && Dim(r, 1) == p.units &&
           ElementCount(*c.Input(kBiases + g)) == p.units;
  }
  const int64_t state = int64_t{p.batches} * p.units;
  fits = fits && ElementCount(*c.Input(kHidden)) == state && ElementCount(*c.Input(kCell)) == state;
  if (!fits) {
    return c.Fail("tensors.shape",
                  "input %s, output %s, weights, biases and states do not form an LSTM of %d "
                  "units",
                  FormatShape(input).text, FormatShape(output).text, p.units);
  }
  return StatusRef::Ok();
}

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::UnidirectionalSequenceLstmParams* p = &params->unidirectional_sequence_lstm;
  *p = {};
  const schema::LstmOptions& options = c.Options<schema::LstmOptions>();
  ARENASTORE_RETURN_IF_FAILED(ExpectTypes(c));
  const schema::Tensor& input = *c.Input(0);
  p->time_major = options.time_major();
  p->batches = p->time_major ? Dim(input, 1) : Dim(input, 0);
  p->steps = p->time_major ? Dim(input, 0) : Dim(input, 1);
  p->input_size = Dim(input, 2);
  const schema::Tensor& forget = *c.Input(kInputWeights + 1);
  p->units = Rank(forget) == 2 ? Dim(forget, 0) : 0;
  ARENASTORE_RETURN_IF_FAILED(ExpectShapes(c, *p));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectRequant(options.requant(), kRequantCount, false));
  p->input_zero_point = ZeroPoint(input);
  p->hidden_zero_point = ZeroPoint(*c.Input(kHidden));
  p->cell_scale_power = options.cell_scale_power();
  p->clip_cell = options.clip_cell();
  p->cell_clip = options.cell_clip();
  const auto* multipliers = options.requant()->multiplier();
  const auto* shifts = options.requant()->shift();
  for (int32_t g = 0; g < kernels::kLstmGates; ++g) {
    p->input_multiplier[g] = multipliers->Get(g);
    p->input_shift[g] = shifts->Get(g);
    p->recurrent_multiplier[g] = multipliers->Get(4 + g);
    p->recurrent_shift[g] = shifts->Get(4 + g);
  }
  p->forget_cell_multiplier = multipliers->Get(8);
  p->forget_cell_shift = shifts->Get(8);
  p->input_cell_multiplier = multipliers->Get(9);
  p->input_cell_shift = shifts->Get(9);
  p->hidden_multiplier = multipliers->Get(10);
  p->hidden_shift = shifts->Get(10);
  const Status valid =
      kernels::CheckUnidirectionalSequenceLstmParams(*p, "unidirectional_sequence_lstm");
  return valid.ok() ? StatusRef::Ok() : c.Fail("operators.options", "%s", valid.message());
}

}  // namespace

extern const RuntimeOp kUnidirectionalSequenceLstmRuntime = RuntimeUnit<schema::LstmOptions>(
    {kernels::kUnidirectionalSequenceLstmArity,
     {Int8OrInt16("input", 3, 3), Int8("input_to_input_weights", 2, 2), kUnchecked},
     Int8OrInt16("output", 3, 3)},
    &Lower);

}  // namespace arenastore::runtime
