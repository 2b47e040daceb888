// OpChecker: the checks the op-params builder makes on one operator of an artifact whose
// indices, tensors and pools are already valid (runtime/artifact_validation.cc), each failing
// with kFormatInvalidField (written to the caller's Status) that names the operator, its kind and
// the field, e.g. "operators[0] (conv2d): h: padding 3 outside [0, 2]". Internal to runtime/. Never
// allocates.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "runtime/runtime_op.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// Kernels index with int32 arithmetic; window extents and strided positions stay below half
// of its range so sums of two of them cannot overflow.
inline constexpr int64_t kMaxExtent = INT32_MAX / 2;
// Tensor validation caps every tensor's element count at kMaxTensorElements (tensor_access.h).
inline constexpr int64_t kMaxElementCount = kMaxTensorElements;

// One spatial dimension of a sliding window (conv, depthwise, pooling).
struct Window {
  const char* axis;  // "h" or "w"
  int32_t input, output, filter, stride, dilation, pad;
};

class OpChecker {
 public:
  // Check failures are written to *status (the first one; a check that fails returns a
  // StatusRef to it and callers pass it on), so no call site copies a Status. `validated`:
  // the artifact already passed these checks in ValidateArtifact (it is a view, lowered again
  // by the gate and by the executor on every run), so the Expect* checks pass at once.
  // `unit`: the operator kind's RuntimeOp (its options type and operand rules).
  OpChecker(const schema::Artifact& artifact, int32_t op_index, const RuntimeOp& unit,
            Status* status, bool validated);

  kernels::OpKind kind() const { return static_cast<kernels::OpKind>(op_.kind()); }
  // The execution form the plan chose (kernels/exec_form.h; unchecked: the gate judges it).
  kernels::ExecForm form() const { return static_cast<kernels::ExecForm>(op_.form()); }
  // The options table; ExpectOptionsType has checked that it is present and of this type.
  template <typename Table>
  const Table& Options() const {
    return *static_cast<const Table*>(op_.options());
  }
  int32_t input_count() const { return static_cast<int32_t>(op_.inputs()->size()); }
  // The input tensor at position k, nullptr when absent (-1 or past the end).
  const schema::Tensor* Input(int32_t k) const;
  int32_t output_count() const { return static_cast<int32_t>(op_.outputs()->size()); }
  // The output at position k < output_count() (1 to the arity's max_outputs, checked).
  const schema::Tensor& Output(int32_t k = 0) const;

  [[gnu::format(printf, 3, 4)]] StatusRef Fail(const char* field, const char* format, ...) const;
  // Fail with a message naming two tensors' shapes, `format` holding two %s for them in this
  // order, then up to two %d for `x` and `y`. Out of line: two 96 B shape texts would otherwise
  // sit in the caller's frame on every lowering, a device's deepest stack (the runner's budget
  // is 2 KiB), and each caller would format them itself.
  [[gnu::noinline]] StatusRef FailShapes(const char* field, const char* format,
                                         const schema::Tensor& a, const schema::Tensor& b,
                                         int32_t x = 0, int32_t y = 0) const;

  // The options table is present and of the type the kind's unit names.
  StatusRef ExpectOptionsType() const;
  // Arity, then each operand's presence and type, then each operand's rank, as the unit's
  // operand rules say (conv: input int8 rank 4, filter int8 rank 4, optional int32 bias, output
  // int8 rank 4); the output rule holds for every output. Afterwards Input(k) is non-null for
  // every position below the arity's min_inputs, whatever its rule (an SVDF's state, each of an
  // LSTM's fifteen), and for every present position past it.
  StatusRef ExpectOperands() const;
  // After ExpectOperands on an artifact not validated before: whether operands whose rule
  // admits either width (Int8OrInt16) hold different ones. A validated artifact passed the op's
  // own check of it when it was validated, so this is false there.
  bool MixedWidths() const { return mixed_widths_; }
  StatusRef ExpectBias(const schema::Tensor* bias, int32_t channels) const;
  // A variable the op reads and rewrites in place: it lives in a pool of kind STATE.
  StatusRef ExpectStateTensor(const schema::Tensor& tensor, const char* role) const;
  StatusRef ExpectActivationRange(int32_t min, int32_t max) const;
  StatusRef ExpectEnums(schema::Padding padding, schema::Activation activation) const;
  StatusRef ExpectFixedPoint(const char* field, int32_t multiplier, int32_t shift) const;
  // Copies an options table's multiplier and shift into the params, then ExpectFixedPoint.
  StatusRef ReadFixedPoint(const char* field, int32_t multiplier, int32_t shift,
                           int32_t* to_multiplier, int32_t* to_shift) const {
    *to_multiplier = multiplier;
    *to_shift = shift;
    return ExpectFixedPoint(field, multiplier, shift);
  }
  // Requantization with exactly `channels` entries (or 1 when per-tensor is allowed).
  StatusRef ExpectRequant(const schema::Requantization* requant, int32_t channels,
                          bool allow_per_tensor) const;
  // The last window starts inside the input, padding stays inside the (dilated) filter, and
  // every position a kernel computes fits int32.
  StatusRef ExpectWindow(const Window& w) const;
  // Output [n, *, *, channels] of a rank-4 NHWC input.
  StatusRef ExpectNhwcOutput(const schema::Tensor& input, const schema::Tensor& output,
                             int32_t channels) const;

 private:
  StatusRef ExpectRank(const schema::Tensor& tensor, const char* role, int32_t min_rank,
                       int32_t max_rank) const;
  StatusRef ExpectType(const schema::Tensor& tensor, const OperandRule& rule,
                       const char* role) const;
  StatusRef Arity(int32_t min_inputs, int32_t max_inputs) const;

  const schema::Artifact& artifact_;
  const RuntimeOp& unit_;
  const schema::Operator& op_;
  int32_t index_;
  Status* status_;
  bool validated_;
  static constexpr int32_t kNoWidth = -1;
  mutable int32_t width_type_ = kNoWidth;
  mutable bool mixed_widths_ = false;
};

}  // namespace arenastore::runtime
