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

// Bytes per element of input 0, the type every operand whose rule admits either width must
// share (OpChecker::MixedWidths); 0 after c.Fail when they do not. A gate-only device image pays
// for every operand loop in code bytes, so the agreement is noted during ExpectOperands' pass.
// Without int16 built, every such op resolves no int16 kernel (the gate rejects it), so its
// lowering may take one byte per element whatever the operands say.
inline int32_t MovedElementBytes(const OpChecker& c) {
  if (!kernels::kInt16Built) return 1;
  if (!c.MixedWidths()) return static_cast<int32_t>(ElementBytes(c.Input(0)->type()));
  c.Fail("tensors.type", "int8 and int16 operands mixed; this op moves elements of one type");
  return 0;
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
