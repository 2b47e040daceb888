// fully_connected's planner unit: its lowering from graph attributes and float scales to
// kernels::FullyConnectedParams (as TensorFlow Lite prepares the op), the FullyConnectedOptions it
// writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include <algorithm>
#include <cmath>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace fully_connected_lowering {

Status LowerFullyConnectedParams(const Lowering& l, kernels::OpParams* p,
                                 std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const FullyConnectedAttributes a,
                              l.AttributesAs<FullyConnectedAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(filter, DataType::kInt8, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 2, "filter"));
  auto& f = p->fully_connected;
  f.output_depth = filter.shape[0];
  f.input_depth = filter.shape[1];
  if (input.element_count() % f.input_depth != 0) {
    return l.Fail("input '{}' has {} elements, not a multiple of depth {}", input.name,
                  input.element_count(), f.input_depth);
  }
  f.batches = static_cast<int32_t>(input.element_count() / f.input_depth);
  if (output.element_count() != static_cast<int64_t>(f.batches) * f.output_depth) {
    return l.Fail("output '{}' has {} elements, expected {} x {}", output.name,
                  output.element_count(), f.batches, f.output_depth);
  }
  f.input_zero_point = input.zero_point();
  f.filter_zero_point = filter.zero_point();
  f.output_zero_point = output.zero_point();
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  f.activation_min = range.min;
  f.activation_max = range.max;
  // TensorFlow Lite's 16x8 layer accumulates in its bias's type: int64, or int32 (or no bias).
  f.int64_accumulator =
      input.type == DataType::kInt16 && l.HasInput(2) && l.Input(2).type == DataType::kInt64;
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectBias(2, f.output_depth, f.int64_accumulator ? DataType::kInt64 : DataType::kInt32));
  const int32_t channels =
      filter.quantization.scales.size() > 1 ? f.output_depth : 1;  // per-channel when given
  return l.Requantize(input, filter, output, channels, multipliers, shifts);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.fully_connected.requant);
  });
  return LowerFullyConnectedParams(l, &lowered->params(), lowered->mutable_multipliers(),
                                   lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<FullyConnectedAttributes>();
  const auto& k = w.params().fully_connected;
  return {schema::OpOptions::FullyConnectedOptions,
          schema::CreateFullyConnectedOptions(
              w.builder(), OptionsWriter::ActivationOf(a.activation), k.activation_min,
              k.activation_max, a.keep_num_dims, w.Requant())
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_FullyConnectedOptions();
  return OpAttributes(FullyConnectedAttributes{ReadActivation(o.activation()), o.keep_num_dims()});
}

}  // namespace fully_connected_lowering

extern const PlannerOp kFullyConnectedPlanner = {&fully_connected_lowering::Lower,
                                                 &fully_connected_lowering::Write,
                                                 &fully_connected_lowering::Read};

}  // namespace arenastore::planner
