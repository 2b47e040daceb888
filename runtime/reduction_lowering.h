// The runtime lowering the four reductions share (ops/<op>/<op>_runtime.cc of mean, sum,
// reduce_max, reduce_min; mean and sum admit int16 too): a verified artifact's operator with
// ReduceOptions -> kernels::ReduceParams, each field checked on the way. Invariant: the output
// shape is the input shape with the reduced dimensions set to 1 (keep_dims) or removed.
// Header-only.
#pragma once

#include "kernels/op_set.h"
#include "kernels/reduction_params.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

// How a reduction folds its inputs, which decides the options it must carry.
enum class ReduceFold : uint8_t { kMean, kSum, kExtreme };

inline StatusRef LowerReduce(const OpChecker& c, ReduceFold fold, kernels::ReduceParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  const schema::ReduceOptions& options = c.Options<schema::ReduceOptions>();
  // mean's and sum's operands are int8 or int16, one type (the others' rules admit int8 only).
  if (kernels::kInt16Built && c.MixedWidths()) {
    return c.Fail("tensors.type", "int8 and int16 operands mixed; a reduction keeps one type");
  }
  *p = kernels::ReduceParams{};
  p->rank = Rank(*input);
  if (p->rank < 1 || p->rank > kernels::kMaxReduceRank) {
    return c.Fail("tensors.shape", "input rank %d not in [1, %d]", p->rank,
                  kernels::kMaxReduceRank);
  }
  constexpr uint32_t kMaxAxes = 64;
  const uint32_t axis_count = options.axes() != nullptr ? options.axes()->size() : 0;
  if (axis_count > kMaxAxes) {
    return c.Fail("operators.options.axes", "%u axes, at most %u", axis_count, kMaxAxes);
  }
  // Read in place, not copied to the stack: a FlatBuffers int32 vector is little-endian and
  // 4-aligned, as every target's int32_t is.
  static_assert(FLATBUFFERS_LITTLEENDIAN, "the axes are read in place");
  const int32_t* axes = axis_count == 0 ? nullptr : options.axes()->data();
  if (!kernels::ResolveReduceAxes(p->rank, axes, axis_count, p->reduced)) {
    return c.Fail("operators.options.axes", "an axis is outside [-%d, %d)", p->rank, p->rank);
  }
  int32_t out_d = 0;
  for (int32_t d = 0; d < p->rank; ++d) {
    p->input_shape[d] = Dim(*input, d);
    if (p->reduced[d] != 0 && !options.keep_dims()) continue;
    const int32_t expected = p->reduced[d] != 0 ? 1 : p->input_shape[d];
    if (out_d >= Rank(*output) || Dim(*output, out_d) != expected) {
      return c.FailShapes("tensors.shape", "output %s does not match input %s reduced", *output,
                          *input);
    }
    ++out_d;
  }
  if (out_d != Rank(*output)) {
    return c.FailShapes("tensors.shape", "output %s does not match input %s reduced", *output,
                        *input);
  }
  p->input_zero_point = ZeroPoint(*input);
  p->output_zero_point = ZeroPoint(*output);
  if (fold == ReduceFold::kExtreme) {
    if (p->input_zero_point != p->output_zero_point) {
      return c.Fail("tensors.quantization", "input zero point %d differs from output's %d",
                    p->input_zero_point, p->output_zero_point);
    }
    return StatusRef::Ok();
  }
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (p->output_multiplier < 0 || p->output_shift < -31 || p->output_shift > 30) {
    return c.Fail("operators.options.output_multiplier",
                  "output_multiplier %d must be >= 0 and output_shift %d in [-31, 30]",
                  p->output_multiplier, p->output_shift);
  }
  return StatusRef::Ok();
}

// A reduction unit's RuntimeOp over its params (kMember) and fold: mean and sum admit int16
// operands too, reduce_max and reduce_min int8 only.
template <kernels::ReduceParams kernels::OpParams::*kMember, ReduceFold kFold>
StatusRef LowerReduceOf(const OpChecker& c, kernels::OpParams* params) {
  return LowerReduce(c, kFold, &(params->*kMember));
}
template <kernels::ReduceParams kernels::OpParams::*kMember, ReduceFold kFold>
constexpr RuntimeOp ReduceRuntime(kernels::OpArity arity) {
  constexpr int8_t kRank = kernels::kMaxReduceRank;
  constexpr bool kInt8Only = kFold == ReduceFold::kExtreme;
  return {schema::OpOptionsTraits<schema::ReduceOptions>::enum_value, false,
          kInt8Only ? OperandRules{arity, {Int8("input", 1, kRank)}, Int8("output")}
                    : OperandRules{arity, {Int8OrInt16("input", 1, kRank)}, Int8OrInt16("output")},
          &LowerReduceOf<kMember, kFold>};
}

}  // namespace arenastore::runtime
