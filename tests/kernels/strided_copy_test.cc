// The walks behind the byte-moving ops (kernels/strided_copy.h and the ops that build one:
// slice, strided_slice, reverse_v2, transpose, broadcast_to) refuse a shape of 2^31 elements or
// more, or a negative size, with kKernelInvalidParams: the importer lowers operators of
// untrusted models through them, and the fuzzer found the row-major strides overflowing int32
// on a SLICE of a [2^28, 8] input before the size check could run.
#include <gtest/gtest.h>

#include "kernels/strided_copy.h"
#include "kernels/strided_copy_widen.h"
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

// int16 walks run as byte walks: rows that read consecutive elements grow, others gain an
// innermost dimension of the element's bytes; a walk of full rank cannot gain one.
TEST(StridedCopy, WidenedWalkMovesTheBytesOfEachElement) {
  const int32_t shape[2] = {3, 4};
  const int32_t perm[2] = {1, 0};
  TransposeParams walk;
  ASSERT_TRUE(MakeTransposeParams(2, shape, perm, &walk).ok());
  ASSERT_TRUE(WidenStridedCopy(2, &walk));
  ASSERT_TRUE(CheckStridedCopyParams(walk, "test").ok());
  int16_t input[12], output[12];
  for (int16_t i = 0; i < 12; ++i) input[i] = static_cast<int16_t>(0x0101 * i + 0x7f00);
  RunStridedCopy(walk, reinterpret_cast<const int8_t*>(input), reinterpret_cast<int8_t*>(output));
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(output[r * 3 + c], input[c * 4 + r]) << r << "," << c;
  }
  const int32_t begin[2] = {1, 1}, stride[2] = {1, 1}, count[2] = {2, 3};
  StridedCopyParams rows;
  ASSERT_TRUE(MakeSliceWalk(2, shape, begin, stride, count, "slice/ref", &rows).ok());
  ASSERT_TRUE(WidenStridedCopy(2, &rows));
  EXPECT_EQ(rows.rank, 2);  // consecutive elements: the rows just grow
  EXPECT_EQ(rows.count[1], 6);
  EXPECT_EQ(rows.input_start, 10);
  StridedCopyParams full = {};
  full.rank = kMaxStridedCopyRank;
  for (int d = 0; d < kMaxStridedCopyRank; ++d) full.count[d] = 2;
  full.input_step[kMaxStridedCopyRank - 1] = 0;  // a broadcast innermost dimension
  full.input_elements = 1;
  EXPECT_FALSE(WidenStridedCopy(2, &full));
  EXPECT_EQ(full.rank, kMaxStridedCopyRank);
}

}  // namespace
}  // namespace arenastore::kernels
