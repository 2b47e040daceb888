#include "ops/cumsum/cumsum.h"

#include "kernels/kernel_rows.h"
#include "kernels/uniform_rescale_check.h"
#include "ops/cumsum/ref.h"

namespace arenastore::kernels {

Status CheckCumsumParams(const CumsumParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.axis_size >= 0 && p.inner_size >= 0,
                          "negative size (outer %d, axis %d, inner %d)", p.outer_size, p.axis_size,
                          p.inner_size);
  ARENASTORE_CHECK_PARAMS(
      kernel, (p.exclusive == 0 || p.exclusive == 1) && (p.reverse == 0 || p.reverse == 1),
      "exclusive %d and reverse %d must be 0 or 1", p.exclusive, p.reverse);
  return CheckUniformRescale(p, kernel);
}

extern const OpKernels kCumsumKernels =
    RefOnlyKernels<OpKind::kCumsum, &ref::CumsumScratchBytes, &ref::Cumsum>();

}  // namespace arenastore::kernels
