#include "runtime/broadcast_lowering.h"

#include "runtime/validation_support.h"

namespace arenastore::runtime {

StatusRef LowerBroadcast(const OpChecker& c, kernels::BroadcastShapes* shapes) {
  const schema::Tensor* operands[3] = {c.Input(0), c.Input(1), &c.Output()};
  int32_t* aligned[3] = {shapes->input1, shapes->input2, shapes->output};
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
      aligned[k][i] = Dim(*operands[k], Rank(*operands[k]) - kernels::kMaxBroadcastRank + i);
    }
  }
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    const int32_t a = shapes->input1[i];
    const int32_t b = shapes->input2[i];
    if ((a != b && a != 1 && b != 1) || shapes->output[i] != (a > b ? a : b)) {
      return c.Fail("tensors.shape", "inputs %s and %s do not broadcast to output %s",
                    FormatShape(*operands[0]).text, FormatShape(*operands[1]).text,
                    FormatShape(*operands[2]).text);
    }
  }
  return StatusRef::Ok();
}

}  // namespace arenastore::runtime
