// CheckedEntry: the entry shape the ref kernels share — check the scratch, check the params,
// run the body, return Ok — so each op's kernel names only its check and its walk. Called from
// ops/<op>/ref.cc (and family units such as kernels/broadcast.h). Invariant: the body
// runs only on params its check accepted. Freestanding, header-only, never allocates; the body
// inlines, so the inner loops are the op's own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels {

// `check` is the op's params check (kKernelInvalidParams naming `kernel`); `body()` the walk.
// kKernelScratchTooSmall (checked builds) when `scratch` is below `scratch_bytes`.
template <typename Params, typename Body>
Status CheckedEntry(const char* kernel, std::span<uint8_t> scratch, size_t scratch_bytes,
                    const Params& params, Status (*check)(const Params&, const char*),
                    Body&& body) {
  ARENASTORE_CHECK_SCRATCH(kernel, scratch.size(), scratch_bytes);
  ARENASTORE_RETURN_IF_ERROR(check(params, kernel));
  body();
  return Status::Ok();
}

}  // namespace arenastore::kernels
