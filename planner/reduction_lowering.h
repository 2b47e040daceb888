// The planner parts the four reductions share (ops/<op>/<op>_planner.cc of mean, sum,
// reduce_max, reduce_min; mean and sum run int16 too): the lowering from ReduceAttributes and float
// scales to kernels::ReduceParams as TensorFlow Lite Micro prepares and evaluates them, the
// ReduceOptions they write and read back, and their equivalence. Host-only, header-only.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "kernels/reduction_params.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"
#include "planner/reduction_attributes.h"

namespace arenastore::planner {

// How a reduction folds its inputs, which decides its quantization rules.
enum class ReduceFold : uint8_t { kMean, kSum, kExtreme };

// mean and sum: TensorFlow Lite's multiplier for input scale / output scale; for a mean also
// 1/count folded in as its QuantizedMeanOrSum does (TensorFlow Lite Micro's int8 MEAN runs it even
// when input and output quantization are equal) (shifted left by floor(log2(count)), at most
// 32 and at most 31 + shift, then divided by count).
inline Status LowerReduceRescale(const Lowering& l, ReduceFold fold, const Tensor& input,
                                 const Tensor& output, kernels::ReduceParams* p) {
  const FixedPointMultiplier m =
      QuantizeMultiplier(static_cast<double>(input.scale()) / static_cast<double>(output.scale()));
  int64_t multiplier = m.multiplier;
  int32_t shift = m.shift;
  const int64_t count = kernels::ReduceCountPerOutput(*p);
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
  p->output_multiplier = static_cast<int32_t>(multiplier);
  p->output_shift = shift;
  return Status::Ok();
}

template <typename Attributes>
Status LowerReduce(const Lowering& l, ReduceFold fold, kernels::ReduceParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.template AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (fold == ReduceFold::kExtreme) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  } else {  // mean and sum have int16 rows too
    ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
    // The shared kernel check (kernels::CheckReduceShape) holds zero points to int8's range;
    // TensorFlow Lite's int16 tensors are symmetric (zero point 0).
    for (const Tensor* t : {&input, &output}) {
      if (t->zero_point() < INT8_MIN || t->zero_point() > INT8_MAX) {
        return l.Fail("int16 '{}' has zero point {}, outside [-128, 127]", t->name,
                      t->zero_point());
      }
    }
  }
  const size_t rank = input.shape.size();
  if (rank < 1 || rank > static_cast<size_t>(kernels::kMaxReduceRank)) {
    return l.Fail("input rank {} not in [1, {}]", rank, kernels::kMaxReduceRank);
  }
  *p = kernels::ReduceParams{};
  p->rank = static_cast<int32_t>(rank);
  if (!kernels::ResolveReduceAxes(p->rank, a.axes.data(), a.axes.size(), p->reduced)) {
    return l.Fail("axes [{}] outside [-{}, {})", fmt::join(a.axes, ","), rank, rank);
  }
  std::vector<int32_t> expected;
  for (size_t d = 0; d < rank; ++d) {
    p->input_shape[d] = input.shape[d];
    if (p->reduced[d] == 0) {
      expected.push_back(input.shape[d]);
    } else if (a.keep_dims) {
      expected.push_back(1);
    }
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, expected, "output"));
  p->input_zero_point = input.zero_point();
  p->output_zero_point = output.zero_point();
  if (fold != ReduceFold::kExtreme) return LowerReduceRescale(l, fold, input, output, p);
  if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
    return l.Fail(
        "int8 {} needs equal input and output quantization, got scale {} zero point {} "
        "and scale {} zero point {}",
        kernels::OpKindName(l.op().kind), input.scale(), input.zero_point(), output.scale(),
        output.zero_point());
  }
  return Status::Ok();
}

inline WrittenOptions WriteReduceOptions(OptionsWriter& w, const ReduceAttributes& a,
                                         const kernels::ReduceParams& k) {
  return {schema::OpOptions::ReduceOptions,
          schema::CreateReduceOptionsDirect(w.builder(), &a.axes, a.keep_dims, k.output_multiplier,
                                            k.output_shift)
              .Union()};
}

template <typename Attributes>
Result<OpAttributes> ReadReduceAttributes(const schema::Operator& op) {
  const auto& o = *op.options_as_ReduceOptions();
  Attributes a;
  a.axes = CopyVector(o.axes());
  a.keep_dims = o.keep_dims();
  return OpAttributes(a);
}

}  // namespace arenastore::planner
