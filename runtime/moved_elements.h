// MovedElementBytes: the runtime side of the ops that move elements of either width (int8, or
// int16 in TensorFlow Lite's 16x8 models) without arithmetic: every activation operand holds
// input 0's type, and their lowerings size copies in bytes, so one byte-moving kernel serves both
// widths. Used by those ops' runtime units (ops/<op>/<op>_runtime.cc). Freestanding, header-only.
#pragma once

#include <cstdint>

#include "kernels/op_set.h"
#include "kernels/strided_copy_widen.h"
#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// Every operand whose rule admits either width holds input 0's type (OpChecker::MixedWidths);
// fails when they do not. A gate-only device image pays for every operand loop in code bytes,
// so the agreement is noted during ExpectOperands' pass. Without int16 built, every such op
// resolves no int16 kernel (the gate rejects it), so its lowering may take one byte per element
// whatever the operands say.
inline StatusRef ExpectOneWidth(const OpChecker& c) {
  if (!kernels::kInt16Built || !c.MixedWidths()) return StatusRef::Ok();
  return c.Fail("tensors.type",
                "int8 and int16 operands mixed; this op moves elements of one type");
}

// Bytes per element of input 0, after ExpectOneWidth every such operand's. A value, not an out
// parameter: a local whose address is taken would sit in the frame of the device's deepest
// stack path (the runner's budget is 2 KiB).
inline int32_t MovedElementBytes(const OpChecker& c) {
  return kernels::kInt16Built ? static_cast<int32_t>(ElementBytes(c.Input(0)->type())) : 1;
}

// `walk`, checked over the elements of input 0, restated over their bytes (the kernels move
// bytes); fails when the operands' types differ or the walk has no rank to spare.
inline StatusRef WidenWalk(const OpChecker& c, kernels::StridedCopyParams* walk) {
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));
  const int32_t element_bytes = MovedElementBytes(c);
  if (kernels::WidenStridedCopy(element_bytes, walk)) return StatusRef::Ok();
  return c.Fail("tensors.shape", "a rank-%d walk over %d-byte elements needs a dimension more",
                walk->rank, element_bytes);
}

}  // namespace arenastore::runtime
