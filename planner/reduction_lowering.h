// The planner parts the four reductions share (ops/<op>/<op>_planner.cc of mean, sum,
// reduce_max, reduce_min; mean and sum run int16 too): the checks of their float scales and the
// fixed-point rescale mean and sum carry in their options (as TensorFlow Lite Micro prepares
// them); their attributes are the ReduceOptions struct (planner/options_struct_planning.h), the
// runtime's lowering derives the rest of kernels::ReduceParams. Host-only, header-only.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "kernels/reduction_params.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// How a reduction folds its inputs, which decides its quantization rules.
enum class ReduceFold : uint8_t { kMean, kSum, kExtreme };

// mean and sum: TensorFlow Lite's multiplier for input scale / output scale; for a mean also
// 1/count folded in as its QuantizedMeanOrSum does (TensorFlow Lite Micro's int8 MEAN runs it even
// when input and output quantization are equal) (shifted left by floor(log2(count)), at most
// 32 and at most 31 + shift, then divided by count).
inline Status LowerReduceRescale(const Lowering& l, ReduceFold fold, const Tensor& input,
                                 const Tensor& output, int64_t count, schema::ReduceOptionsT* o) {
  const FixedPointMultiplier m =
      QuantizeMultiplier(static_cast<double>(input.scale()) / static_cast<double>(output.scale()));
  int64_t multiplier = m.multiplier;
  int32_t shift = m.shift;
  if (fold == ReduceFold::kMean && count > 0) {
    int32_t log2_count = 63 - std::countl_zero(static_cast<uint64_t>(count));
    log2_count = std::min(log2_count, 32);
    log2_count = std::min(log2_count, 31 + shift);
    if (log2_count < 0) {
      return l.Fail("input scale {} / output scale {} is too small to rescale", input.scale(),
                    output.scale());
    }
    multiplier = (multiplier << log2_count) / count;
    shift -= log2_count;
  }
  if (shift < -31 || shift > 30) {
    return l.Fail("input scale {} / output scale {} needs shift {}, outside [-31, 30]",
                  input.scale(), output.scale(), shift);
  }
  o->output_multiplier = static_cast<int32_t>(multiplier);
  o->output_shift = shift;
  return Status::Ok();
}

// The count a mean divides by, as the runtime's lowering derives it from the same shape and
// axes; 0 for a rank or axes it refuses (naming them).
inline int64_t ReducedCount(const Tensor& input, const std::vector<int32_t>& axes) {
  kernels::ReduceParams p{};
  p.rank = static_cast<int32_t>(input.shape.size());
  if (p.rank < 1 || p.rank > kernels::kMaxReduceRank ||
      !kernels::ResolveReduceAxes(p.rank, axes.data(), axes.size(), p.reduced)) {
    return 0;
  }
  for (int32_t d = 0; d < p.rank; ++d) p.input_shape[d] = input.shape[d];
  return kernels::ReduceCountPerOutput(p);
}

// Fills the multiplier and shift of the op's options; the runtime's lowering checks the shapes,
// types and axes.
template <typename Attributes>
Status LowerReduce(const Lowering& l, ReduceFold fold, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.template AttributesAs<Attributes>().status());
  Attributes& a = lowered->mutable_options<Attributes>();
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  if (fold == ReduceFold::kExtreme) {
    if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
      return l.Fail(
          "int8 {} needs equal input and output quantization, got scale {} zero point {} "
          "and scale {} zero point {}",
          kernels::OpKindName(l.op().kind), input.scale(), input.zero_point(), output.scale(),
          output.zero_point());
    }
    return Status::Ok();
  }
  // The shared kernel check (kernels::CheckReduceShape) holds zero points to int8's range;
  // TensorFlow Lite's int16 tensors are symmetric (zero point 0).
  for (const Tensor* t : {&input, &output}) {
    if (t->zero_point() < INT8_MIN || t->zero_point() > INT8_MAX) {
      return l.Fail("int16 '{}' has zero point {}, outside [-128, 127]", t->name, t->zero_point());
    }
  }
  return LowerReduceRescale(l, fold, input, output, ReducedCount(input, a.axes), &a);
}

// A reduction unit's PlannerOp: its attributes and how it folds.
template <typename Attributes, ReduceFold kFold>
Status LowerReduceOf(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<Attributes>(l, kFold, lowered);
}
template <typename Attributes, ReduceFold kFold>
constexpr PlannerOp ReducePlanner() {
  return OptionsStructPlanner<Attributes>(&LowerReduceOf<Attributes, kFold>);
}

}  // namespace arenastore::planner
