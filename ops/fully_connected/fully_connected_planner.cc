// fully_connected's planner unit: its lowering completes the FullyConnectedOptions from float
// scales (as TensorFlow Lite prepares the op: the activation clamp and the requantization); the
// options struct is its attributes, written and read back whole.
// Its TensorFlow Lite mapping: FULLY_CONNECTED -> a graph op with FullyConnectedAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace fully_connected_planning {

// What only the host derives: the activation clamp and the requantization from the scales.
// Types and shapes are the runtime's lowering's; the filter's rank is checked first for the
// indexing here.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.fully_connected.requant);
  });
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<FullyConnectedAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 2, "filter"));
  auto& f = lowered->mutable_options<FullyConnectedAttributes>();
  const ActivationRange range =
      QuantizedActivationRange(f.activation, output.scale(), output.zero_point(), output.type);
  f.activation_min = range.min;
  f.activation_max = range.max;
  if (l.HasInput(2) && !l.Input(2).is_constant) {
    return l.Fail("bias '{}' must be a constant", l.Input(2).name);
  }
  const int32_t channels =
      filter.quantization.scales.size() > 1 ? filter.shape[0] : 1;  // per-channel when given
  return l.Requantize(input, filter, output, channels, lowered->mutable_multipliers(),
                      lowered->mutable_shifts());
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::FullyConnectedOptions* o,
                              m.OptionsOf<tfl::FullyConnectedOptions>(false));
  FullyConnectedAttributes a;
  if (o != nullptr) {
    ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a.activation));
    a.keep_num_dims = o->keep_num_dims();
    if (o->weights_format() != tfl::FullyConnectedOptionsWeightsFormat::DEFAULT) {
      m.Refuse("shuffled weights format");
    }
  }
  // 16x8 too: int16 activations, int8 weights, an int32 or int64 bias (TFLM's layer takes both).
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, o != nullptr ? o->quantized_bias_type() : tfl::TensorType::FLOAT32,
                 /*int32_in_16x8=*/true);
  return m.Emit(kernels::OpKind::kFullyConnected, m.ConvLikeInputs(), a);
}

}  // namespace fully_connected_planning

extern const PlannerOp kFullyConnectedPlanner =
    OptionsStructPlanner<FullyConnectedAttributes>(&fully_connected_planning::Lower);

// TensorFlow Lite's FULLY_CONNECTED (builtin 9).
extern const TfliteOpMapping kFullyConnectedTflite = {{9}, 1, &fully_connected_planning::Map};

}  // namespace arenastore::planner
