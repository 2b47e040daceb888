#include "ops/fill/ref.h"

#include <cstring>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "fill/ref";

}  // namespace

size_t FillScratchBytes(const FillParams&) { return 0; }

Status Fill(const FillParams& params, const int8_t* value, int8_t* output,
            std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FillScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFillParams(params, kName));
  std::memset(output, static_cast<unsigned char>(value[0]), static_cast<size_t>(params.elements));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
