// MovedElementBytes: the runtime side of the ops that move elements of either width (int8, or
// int16 in TensorFlow Lite's 16x8 models) without arithmetic: every activation operand holds
// input 0's type, and their lowerings size copies in bytes, so one byte-moving kernel serves both
// widths. Used by those ops' runtime units (ops/<op>/<op>_runtime.cc). Freestanding, header-only.
#pragma once

#include <cstdint>

#include "kernels/strided_copy_widen.h"
#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// Bytes per element of input 0 once inputs [0, `inputs`) (all of them when negative) and every
// output share its type; 0 after c.Fail when one does not (the operand rules let either width
// through per operand, not that they agree).
inline int32_t MovedElementBytes(const OpChecker& c, int32_t inputs = -1) {
  const schema::DataType type = c.Input(0)->type();
  const int32_t count = inputs < 0 ? c.input_count() : inputs;
  for (int32_t k = 1; k < count; ++k) {
    if (c.Input(k) != nullptr && c.Input(k)->type() != type) {
      c.Fail("tensors.type", "input %d is %s, input 0 %s", k,
             schema::EnumNameDataType(c.Input(k)->type()), schema::EnumNameDataType(type));
      return 0;
    }
  }
  for (int32_t k = 0; k < c.output_count(); ++k) {
    if (c.Output(k).type() != type) {
      c.Fail("tensors.type", "output %d is %s, input 0 %s", k,
             schema::EnumNameDataType(c.Output(k).type()), schema::EnumNameDataType(type));
      return 0;
    }
  }
  return static_cast<int32_t>(ElementBytes(type));
}

// `walk`, checked over the elements of input 0, restated over their bytes (the kernels move
// bytes); false after c.Fail when the operands' types differ or the walk has no rank to spare.
inline bool WidenWalk(const OpChecker& c, kernels::StridedCopyParams* walk) {
  const int32_t element_bytes = MovedElementBytes(c);
  if (element_bytes == 0) return false;
  if (kernels::WidenStridedCopy(element_bytes, walk)) return true;
  return c.Fail("tensors.shape", "a rank-%d walk over %d-byte elements needs a dimension more",
                walk->rank, element_bytes);
}

}  // namespace arenastore::runtime
