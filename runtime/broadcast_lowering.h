// Lowering helpers the elementwise units with numpy broadcasting share (ops/add, mul, sub,
// squared_difference, maximum, minimum, prelu): the operand shapes right-aligned into
// kernels::BroadcastShapes, and the zero-point offsets. Used only by those units' *_runtime.cc.
// Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// The two inputs and the output (rank <= kMaxBroadcastRank, as the operand rules check),
// right-aligned into `shapes` (1-padded on the left); fails unless they broadcast as numpy does.
StatusRef LowerBroadcast(const OpChecker& c, kernels::BroadcastShapes* shapes);

// Input offsets are the negated zero points; the output's is not negated (as TensorFlow Lite).
template <typename Params>
void FillBroadcastOffsets(const OpChecker& c, Params* p) {
  p->input1_offset = -ZeroPoint(*c.Input(0));
  p->input2_offset = -ZeroPoint(*c.Input(1));
  p->output_offset = ZeroPoint(c.Output());
}

// The RuntimeOp of a unit whose params are the broadcast shapes alone (maximum, minimum: TFLM
// compares raw values) over its params (kMember) and options table: either width, one type
// throughout.
template <kernels::BroadcastShapes kernels::OpParams::*kMember>
StatusRef LowerBroadcastOf(const OpChecker& c, kernels::OpParams* params) {
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &(params->*kMember)));
  return ExpectOneWidth(c);
}
template <kernels::BroadcastShapes kernels::OpParams::*kMember>
constexpr RuntimeOp BroadcastOnlyRuntime(schema::OpOptions options, kernels::OpArity arity) {
  return {options, false, Int8OrInt16BroadcastOperands(arity), &LowerBroadcastOf<kMember>};
}

// The two input rescales comparison and squared_difference carry: valid fixed points, each a
// multiplier below one (shift <= 0).
template <typename Options, typename Params>
StatusRef LowerInputRescales(const OpChecker& c, const Options& o, Params* p) {
  ARENASTORE_RETURN_IF_FAILED(c.ReadFixedPoint("operators.options.input1_multiplier",
                                               o.input1_multiplier(), o.input1_shift(),
                                               &p->input1_multiplier, &p->input1_shift));
  ARENASTORE_RETURN_IF_FAILED(c.ReadFixedPoint("operators.options.input2_multiplier",
                                               o.input2_multiplier(), o.input2_shift(),
                                               &p->input2_multiplier, &p->input2_shift));
  if (p->input1_shift > 0 || p->input2_shift > 0) {
    return c.Fail("operators.options.input1_shift", "input shifts %d, %d must be <= 0",
                  p->input1_shift, p->input2_shift);
  }
  return StatusRef::Ok();
}

// What mul and div share: the broadcast shapes and offsets, one output rescale whose shift lies
// in [kMinShift, kMaxShift] (div's kernel holds a narrower range than a fixed point's), and the
// fused activation's clamp.
template <typename Options, typename Params, int32_t kMinShift = -31, int32_t kMaxShift = 30>
StatusRef LowerRescaledBroadcast(const OpChecker& c, Params* p) {
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &p->shapes));
  const Options& options = c.Options<Options>();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  ARENASTORE_RETURN_IF_FAILED(c.ReadFixedPoint("operators.options.output_multiplier",
                                               options.output_multiplier(), options.output_shift(),
                                               &p->output_multiplier, &p->output_shift));
  if (p->output_shift < kMinShift || p->output_shift > kMaxShift) {
    return c.Fail("operators.options.output_shift", "output_shift %d outside [%d, %d]",
                  p->output_shift, kMinShift, kMaxShift);
  }
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

}  // namespace arenastore::runtime
