#include "ops/zeros_like/ref.h"

#include <cstring>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "zeros_like/ref";

}  // namespace

size_t ZerosLikeScratchBytes(const ZerosLikeParams&) { return 0; }

Status ZerosLike(const ZerosLikeParams& params, const int8_t* /*input*/, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ZerosLikeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckZerosLikeParams(params, kName));
  std::memset(output, 0, static_cast<size_t>(params.elements));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
