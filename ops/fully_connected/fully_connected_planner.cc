// fully_connected's planner unit: its lowering completes the FullyConnectedOptions from float
// scales (as TensorFlow Lite prepares the op: the activation clamp and the requantization) and
// folds the weight-only terms into a bias for the variants; the options struct is its
// attributes, written and read back whole.
// Its TensorFlow Lite mapping: FULLY_CONNECTED -> a graph op with FullyConnectedAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include <cstring>
#include <vector>

#include "planner/op_unit.h"

namespace arenastore::planner {
namespace fully_connected_planning {

// The weight-only terms of an int8 layer with an input zero point, folded into its bias once
// here so no variant sums weight rows per Invoke; empty where there is nothing to fold (a zero
// input zero point, int16, a filter that is not a constant) or where the operands' shapes are
// not a layer's (the runtime's lowering names what is wrong with them).
std::vector<int32_t> FoldedBias(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  if (input.type != DataType::kInt8 || input.zero_point() == 0 || !filter.is_constant ||
      filter.type != DataType::kInt8 || filter.data.size() != filter.bytes()) {
    return {};
  }
  kernels::FullyConnectedParams p{};
  p.output_depth = filter.shape[0];
  p.input_depth = filter.shape[1];
  p.input_zero_point = input.zero_point();
  p.filter_zero_point = filter.zero_point();
  const auto outputs = static_cast<size_t>(p.output_depth);
  std::vector<int32_t> bias;
  if (l.HasInput(2)) {
    const Tensor& b = l.Input(2);
    if (b.type != DataType::kInt32 || b.data.size() != outputs * sizeof(int32_t)) return {};
    bias.resize(outputs);
    std::memcpy(bias.data(), b.data.data(), b.data.size());
  }
  std::vector<int32_t> folded(outputs);
  kernels::FoldFullyConnectedBias(p, reinterpret_cast<const int8_t*>(filter.data.data()),
                                  bias.empty() ? nullptr : bias.data(), folded.data());
  return folded;
}

// What only the host derives: the activation clamp and the requantization from the scales.
// Types and shapes are the runtime's lowering's; the filter's rank is checked first for the
// indexing here.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.fully_connected.requant);
    const std::vector<int32_t>& folded =
        std::get<FullyConnectedAttributes>(self.options()).folded_bias;
    p.fully_connected.folded_bias = folded.empty() ? nullptr : folded.data();
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
  ARENASTORE_RETURN_IF_ERROR(l.Requantize(input, filter, output, channels,
                                          lowered->mutable_multipliers(),
                                          lowered->mutable_shifts()));
  f.folded_bias = FoldedBias(l);
  return Status::Ok();
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

// The folded bias is derived from the filter, bias and zero points, which are compared; a
// re-plan of an artifact made before the fold gains one and computes the same.
constexpr std::string_view kDerivedOptions[] = {"folded_bias"};

extern const PlannerOp kFullyConnectedPlanner = [] {
  PlannerOp unit = OptionsStructPlanner<FullyConnectedAttributes>(&fully_connected_planning::Lower);
  unit.options_not_compared = kDerivedOptions;
  return unit;
}();

// TensorFlow Lite's FULLY_CONNECTED (builtin 9).
extern const TfliteOpMapping kFullyConnectedTflite = {{9}, 1, &fully_connected_planning::Map};

}  // namespace arenastore::planner
