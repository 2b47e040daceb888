#include "ops/reduce_min/ref.h"

#include <cstdint>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "reduce_min/ref";

}  // namespace

size_t ReduceMinScratchBytes(const ReduceMinParams&) { return 0; }

Status ReduceMin(const ReduceMinParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ReduceMinScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckExtremumReduceParams(params, kName));
  ReduceExtreme<Extreme::kMin>(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
