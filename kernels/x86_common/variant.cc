#include "kernels/x86_common/variant.h"

#include "kernels/cpu_features.h"

namespace arenastore::kernels::x86 {

Status CheckRunnable(const X86Variant& variant, bool built) {
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(variant.isa), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks %s", variant.name, variant.feature);
  ARENASTORE_CHECK_OR_RETURN(built, ErrorCode::kKernelUnsupported,
                             "%s: built without x86-64 support", variant.name);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
