// The walks behind the byte-moving ops (kernels/strided_copy.h and the ops that build one:
// slice, strided_slice, reverse_v2, transpose, broadcast_to) refuse a shape of 2^31 elements or
// more, or a negative size, with kKernelInvalidParams: the importer lowers operators of
// untrusted models through them, and the fuzzer found the row-major strides overflowing int32
// on a SLICE of a [2^28, 8] input before the size check could run.
#include <gtest/gtest.h>

#include "kernels/strided_copy.h"
#include "ops/broadcast_to/broadcast_to.h"
#include "ops/transpose/transpose.h"

namespace arenastore::kernels {
namespace {

TEST(StridedCopy, RowMajorStridesRefuseAShapeBeyondInt32) {
  int32_t strides[3] = {};
  const int32_t fits[3] = {4, 5, 6};
  ASSERT_TRUE(RowMajorStrides(3, fits, strides));
  EXPECT_EQ(strides[0], 30);
  EXPECT_EQ(strides[1], 6);
  EXPECT_EQ(strides[2], 1);
  const int32_t huge[2] = {1 << 28, 8};
  EXPECT_FALSE(RowMajorStrides(2, huge, strides));
  const int32_t negative[2] = {3, -2};
  EXPECT_FALSE(RowMajorStrides(2, negative, strides));
}

TEST(StridedCopy, SliceWalkOfAHugeInputIsInvalidParamsNotOverflow) {
  const int32_t shape[2] = {1 << 28, 8};
  const int32_t begin[2] = {0, 0}, stride[2] = {1, 1}, count[2] = {1, 8};
  StridedCopyParams p;
  EXPECT_EQ(MakeSliceWalk(2, shape, begin, stride, count, "slice/ref", &p).code(),
            ErrorCode::kKernelInvalidParams);
}

TEST(StridedCopy, TransposeAndBroadcastToOfAHugeInputAreInvalidParams) {
  const int32_t shape[3] = {1 << 20, 1 << 10, 4};
  const int32_t perm[3] = {2, 1, 0};
  TransposeParams transpose;
  EXPECT_EQ(MakeTransposeParams(3, shape, perm, &transpose).code(),
            ErrorCode::kKernelInvalidParams);
  BroadcastToParams broadcast;
  EXPECT_EQ(MakeBroadcastToParams(3, shape, 3, shape, &broadcast).code(),
            ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels
