#include "ops/reshape/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "reshape/ref";

}  // namespace

size_t ReshapeScratchBytes(const ReshapeParams&) { return 0; }

Status Reshape(const ReshapeParams& params, const int8_t* input, int8_t* output,
               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ReshapeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckReshapeParams(params, kName));
  if (input == output) return Status::Ok();
  for (int32_t i = 0; i < params.bytes; ++i) output[i] = input[i];
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
