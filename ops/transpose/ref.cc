#include "ops/transpose/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "transpose/ref";

}  // namespace

size_t TransposeScratchBytes(const TransposeParams&) { return 0; }

Status Transpose(const TransposeParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TransposeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
