#include "ops/reduce_max/ref.h"

#include <cstdint>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "reduce_max/ref";

}  // namespace

size_t ReduceMaxScratchBytes(const ReduceMaxParams&) { return 0; }

Status ReduceMax(const ReduceMaxParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ReduceMaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckExtremumReduceParams(params, kName));
  ReduceExtreme<Extreme::kMax>(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
