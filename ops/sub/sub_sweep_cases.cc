// sub's variant sweep (tests/ops/variant_sweep.h): add's cases (ops/add/add_sweep_cases.cc), run
// as sub. sub's params are add's (RescaledAddParams) and its x86 variants are add's loops
// subtracting the second operand, so the points that stress add's arithmetic (every pair of int8
// values, lengths on and off the vector widths, edge multipliers and shifts at every left shift,
// rounding steps reaching the output, broadcasts of rank 1..6) stress sub's. Invalid: a positive
// output shift. Freestanding: also built into the device's kernel_check.
#include "ops/add/add_sweep_cases.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {

extern const Sweep kAddSweep;

namespace {

void AsSub(Case* out) {
  const SubParams params = out->params.add;
  out->params.kind = OpKind::kSub;
  out->params.sub = params;
}

Status MakeSub(int32_t index, const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(kAddSweep.make(index, buffers, out));
  AsSub(out);
  return Status::Ok();
}

Status MakeInvalidSub(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(kAddSweep.make_invalid(buffers, out));
  AsSub(out);
  return Status::Ok();
}

}  // namespace

extern const Sweep kSubSweep = {OpKind::kSub, kAddSweepCases, &MakeSub, &MakeInvalidSub};

}  // namespace arenastore::kernels::sweep
