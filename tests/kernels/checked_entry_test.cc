#include "kernels/checked_entry.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>

namespace arenastore::kernels {
namespace {

struct FakeParams {
  bool valid;
};

Status CheckFake(const FakeParams& params, const char* kernel) {
  ARENASTORE_CHECK_OR_RETURN(params.valid, ErrorCode::kKernelInvalidParams, "%s: invalid", kernel);
  return Status::Ok();
}

Status RunFake(const FakeParams& params, std::span<uint8_t> scratch, size_t needed, int* runs) {
  return CheckedEntry("fake/ref", scratch, needed, params, CheckFake, [&] { ++*runs; });
}

TEST(CheckedEntry, RunsTheBodyOnceOnAcceptedParams) {
  int runs = 0;
  uint8_t bytes[4] = {};
  EXPECT_TRUE(RunFake({true}, bytes, 4, &runs).ok());
  EXPECT_EQ(runs, 1);
}

TEST(CheckedEntry, RefusedParamsSkipTheBody) {
  int runs = 0;
  const Status status = RunFake({false}, {}, 0, &runs);
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams);
  EXPECT_EQ(runs, 0);
}

#if defined(ARENASTORE_KERNEL_CHECKS)
TEST(CheckedEntry, ChecksTheScratchBeforeTheParams) {
  int runs = 0;
  uint8_t bytes[2] = {};
  const Status status = RunFake({false}, bytes, 3, &runs);
  EXPECT_EQ(status.code(), ErrorCode::kKernelScratchTooSmall);
  EXPECT_EQ(runs, 0);
}
#endif

}  // namespace
}  // namespace arenastore::kernels
