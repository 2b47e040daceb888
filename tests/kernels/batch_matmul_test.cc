#include "ops/batch_matmul/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "ops/batch_matmul/x86.h"
#include "tests/kernels/accumulating_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::KernelRun;
using testing::OracleOutput;
using testing::QuantizedMultiplier;
using testing::RandomInt;
using testing::RandomInt8;
using testing::RandomMultiplier;
using testing::RunKernelGuarded;
using testing::SameOutputs;

// Real multiplier 0.5 at shift 0, 1.0 at shift 1 (multiplier * 2^(shift - 31)).
constexpr int32_t kHalf = 1 << 30;

// No batch dims, zero points 0, real multiplier 1.0, no activation.
BatchMatmulParams MakeParams(int32_t rows, int32_t accum_depth, int32_t cols) {
  BatchMatmulParams p{};
  for (int i = 0; i < 3; ++i) p.lhs_batch[i] = p.rhs_batch[i] = 1;
  p.rows = rows;
  p.accum_depth = accum_depth;
  p.cols = cols;
  p.output_multiplier = kHalf;
  p.output_shift = 1;
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

size_t Product(const int32_t* dims) { return static_cast<size_t>(dims[0]) * dims[1] * dims[2]; }
size_t OutputBatches(const BatchMatmulParams& p) {
  size_t n = 1;
  for (int i = 0; i < 3; ++i) n *= static_cast<size_t>(std::max(p.lhs_batch[i], p.rhs_batch[i]));
  return n;
}
size_t LhsElements(const BatchMatmulParams& p) {
  return Product(p.lhs_batch) * p.rows * p.accum_depth;
}
size_t RhsElements(const BatchMatmulParams& p) {
  return Product(p.rhs_batch) * p.accum_depth * p.cols;
}
size_t OutputElements(const BatchMatmulParams& p) { return OutputBatches(p) * p.rows * p.cols; }

// Straightforward oracle: unravel each output batch, pick each operand's batch (0 along
// broadcast dims), read elements through explicit transposes.
std::vector<int8_t> BatchMatmulOracle(const BatchMatmulParams& p, const std::vector<int8_t>& lhs,
                                      const std::vector<int8_t>& rhs) {
  std::vector<int8_t> out;
  const int d0 = std::max(p.lhs_batch[0], p.rhs_batch[0]);
  const int d1 = std::max(p.lhs_batch[1], p.rhs_batch[1]);
  const int d2 = std::max(p.lhs_batch[2], p.rhs_batch[2]);
  auto pick = [](const int32_t* dims, int b0, int b1, int b2) {
    const int i0 = dims[0] == 1 ? 0 : b0;
    const int i1 = dims[1] == 1 ? 0 : b1;
    const int i2 = dims[2] == 1 ? 0 : b2;
    return (i0 * dims[1] + i1) * dims[2] + i2;
  };
  for (int b0 = 0; b0 < d0; ++b0) {
    for (int b1 = 0; b1 < d1; ++b1) {
      for (int b2 = 0; b2 < d2; ++b2) {
        const int8_t* a = lhs.data() + pick(p.lhs_batch, b0, b1, b2) * p.rows * p.accum_depth;
        const int8_t* b = rhs.data() + pick(p.rhs_batch, b0, b1, b2) * p.accum_depth * p.cols;
        for (int i = 0; i < p.rows; ++i) {
          for (int j = 0; j < p.cols; ++j) {
            int64_t acc = 0;
            for (int k = 0; k < p.accum_depth; ++k) {
              const int x = p.adj_x ? a[k * p.rows + i] : a[i * p.accum_depth + k];
              const int y = p.adj_y ? b[j * p.accum_depth + k] : b[k * p.cols + j];
              acc += static_cast<int64_t>(x - p.lhs_zero_point) * (y - p.rhs_zero_point);
            }
            out.push_back(OracleOutput(acc, p.output_multiplier, p.output_shift,
                                       p.output_zero_point, p.activation_min, p.activation_max));
          }
        }
      }
    }
  }
  return out;
}

KernelRun RunBatchMatmul(const BatchMatmulParams& p, const std::vector<int8_t>& lhs,
                         const std::vector<int8_t>& rhs) {
  return RunKernelGuarded(BatchMatmulScratchBytes(p), OutputElements(p),
                          [&](int8_t* output, std::span<uint8_t> scratch) {
                            return BatchMatmul(p, lhs.data(), rhs.data(), output, scratch);
                          });
}

TEST(BatchMatmulRef, MultipliesAHandCheckedPair) {
  // [1 2 3; 4 5 6] x [1 0; 0 1; 1 1] = [4 5; 10 11].
  const BatchMatmulParams p = MakeParams(2, 3, 2);
  EXPECT_EQ(RunBatchMatmul(p, {1, 2, 3, 4, 5, 6}, {1, 0, 0, 1, 1, 1}).output,
            (std::vector<int8_t>{4, 5, 10, 11}));
}

TEST(BatchMatmulRef, AdjointFlagsReadTransposedOperands) {
  // The same product with lhs stored as [3, 2] and/or rhs stored as [2, 3].
  const std::vector<int8_t> lhs = {1, 2, 3, 4, 5, 6}, lhs_t = {1, 4, 2, 5, 3, 6};
  const std::vector<int8_t> rhs = {1, 0, 0, 1, 1, 1}, rhs_t = {1, 0, 1, 0, 1, 1};
  const std::vector<int8_t> expected = {4, 5, 10, 11};
  BatchMatmulParams p = MakeParams(2, 3, 2);
  p.adj_x = true;
  EXPECT_EQ(RunBatchMatmul(p, lhs_t, rhs).output, expected);
  p.adj_y = true;
  EXPECT_EQ(RunBatchMatmul(p, lhs_t, rhs_t).output, expected);
  p.adj_x = false;
  EXPECT_EQ(RunBatchMatmul(p, lhs, rhs_t).output, expected);
}

TEST(BatchMatmulRef, SubtractsEachOperandsZeroPoint) {
  // The hand-checked pair stored with lhs zero point 1 and rhs zero point -1.
  BatchMatmulParams p = MakeParams(2, 3, 2);
  p.lhs_zero_point = 1;
  p.rhs_zero_point = -1;
  p.output_zero_point = -7;
  EXPECT_EQ(RunBatchMatmul(p, {2, 3, 4, 5, 6, 7}, {0, -1, -1, 0, 0, 0}).output,
            (std::vector<int8_t>{-3, -2, 3, 4}));
}

TEST(BatchMatmulRef, BroadcastsBatchDimsOfSizeOne) {
  // 1x1 matrices: lhs batches [2, 1, 1] = {1, 2}, rhs batches [1, 3, 1] = {10, 20, 30}:
  // output [2, 3, 1] is the outer product.
  BatchMatmulParams p = MakeParams(1, 1, 1);
  p.lhs_batch[0] = 2;
  p.rhs_batch[1] = 3;
  EXPECT_EQ(RunBatchMatmul(p, {1, 2}, {10, 20, 30}).output,
            (std::vector<int8_t>{10, 20, 30, 20, 40, 60}));
}

TEST(BatchMatmulRef, RoundsTiesAsTensorFlowLiteDoes) {
  struct Tie {
    int8_t value;
    int32_t shift;
    int8_t expected;
  };
  const Tie ties[] = {{3, 0, 2},   {-3, 0, -1},  {5, 0, 3},  {-5, 0, -2}, {1, -1, 1},
                      {-1, -1, 0}, {-2, -1, -1}, {6, -1, 2}, {-6, -1, -2}};
  for (const Tie& tie : ties) {
    BatchMatmulParams p = MakeParams(1, 1, 1);
    p.output_shift = tie.shift;
    EXPECT_EQ(RunBatchMatmul(p, {tie.value}, {1}).output, std::vector<int8_t>{tie.expected})
        << "value " << int{tie.value} << " shift " << tie.shift;
  }
}

TEST(BatchMatmulRef, SaturatesAtTheInt8RangeAndClampsToTheActivation) {
  BatchMatmulParams p = MakeParams(1, 4, 2);
  // Row {100, 100, 100, 100} against columns of 100 and -100: +-40000, far outside int8.
  const std::vector<int8_t> lhs(4, 100);
  const std::vector<int8_t> rhs = {100, -100, 100, -100, 100, -100, 100, -100};
  EXPECT_EQ(RunBatchMatmul(p, lhs, rhs).output, (std::vector<int8_t>{127, -128}));
  p.output_shift = -9;  // real 2^-10: 40000 / 1024 = 39.06 -> 39
  EXPECT_EQ(RunBatchMatmul(p, lhs, rhs).output, (std::vector<int8_t>{39, -39}));
  p.activation_min = -5;
  p.activation_max = 20;
  EXPECT_EQ(RunBatchMatmul(p, lhs, rhs).output, (std::vector<int8_t>{20, -5}));
}

TEST(BatchMatmulRef, ShiftingAZeroPointAndItsValuesTogetherChangesNothing) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    BatchMatmulParams p = MakeParams(3, 7, 4);
    const QuantizedMultiplier q = RandomMultiplier(rng, 7);
    p.output_multiplier = q.multiplier;
    p.output_shift = q.shift;
    p.lhs_zero_point = RandomInt(rng, -20, 20);
    p.rhs_zero_point = RandomInt(rng, -20, 20);
    const std::vector<int8_t> lhs = RandomInt8(rng, 21, -100, 100);
    const std::vector<int8_t> rhs = RandomInt8(rng, 28, -100, 100);
    const std::vector<int8_t> before = RunBatchMatmul(p, lhs, rhs).output;
    const int delta = RandomInt(rng, -20, 20);
    std::vector<int8_t> shifted_lhs = lhs, shifted_rhs = rhs;
    for (int8_t& v : shifted_lhs) v = static_cast<int8_t>(v + delta);
    for (int8_t& v : shifted_rhs) v = static_cast<int8_t>(v - delta);
    BatchMatmulParams shifted = p;
    shifted.lhs_zero_point += delta;
    shifted.rhs_zero_point -= delta;
    EXPECT_TRUE(SameOutputs(RunBatchMatmul(shifted, shifted_lhs, shifted_rhs).output, before))
        << "trial " << trial << " delta " << delta;
  }
}

TEST(BatchMatmulRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(2027);
  size_t outputs = 0;
  size_t inside = 0;  // outputs strictly inside the clamp range, where rounding shows
  for (int trial = 0; trial < 400; ++trial) {
    BatchMatmulParams p =
        MakeParams(RandomInt(rng, 1, 6), RandomInt(rng, 1, 24), RandomInt(rng, 1, 6));
    for (int i = 0; i < 3; ++i) {
      const int dim = RandomInt(rng, 0, 1) ? RandomInt(rng, 2, 3) : 1;
      const int which = RandomInt(rng, 0, 2);  // both, lhs only, rhs only
      p.lhs_batch[i] = which == 2 ? 1 : dim;
      p.rhs_batch[i] = which == 1 ? 1 : dim;
    }
    p.adj_x = RandomInt(rng, 0, 1) == 1;
    p.adj_y = RandomInt(rng, 0, 1) == 1;
    p.lhs_zero_point = RandomInt(rng, -128, 127);
    p.rhs_zero_point = RandomInt(rng, -128, 127);
    p.output_zero_point = RandomInt(rng, -128, 127);
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const QuantizedMultiplier q = RandomMultiplier(rng, p.accum_depth);
    p.output_multiplier = q.multiplier;
    p.output_shift = q.shift;
    const std::vector<int8_t> lhs = RandomInt8(rng, LhsElements(p));
    const std::vector<int8_t> rhs = RandomInt8(rng, RhsElements(p));
    const std::vector<int8_t> output = RunBatchMatmul(p, lhs, rhs).output;
    outputs += output.size();
    inside += std::count_if(output.begin(), output.end(),
                            [&](int8_t v) { return v > p.activation_min && v < p.activation_max; });
    ASSERT_TRUE(SameOutputs(output, BatchMatmulOracle(p, lhs, rhs)))
        << "trial " << trial << ": lhs batch " << p.lhs_batch[0] << "x" << p.lhs_batch[1] << "x"
        << p.lhs_batch[2] << " rhs batch " << p.rhs_batch[0] << "x" << p.rhs_batch[1] << "x"
        << p.rhs_batch[2] << " " << p.rows << "x" << p.accum_depth << "x" << p.cols << " adj "
        << p.adj_x << p.adj_y;
  }
  EXPECT_GT(inside, outputs / 2) << "most outputs must not saturate, or the sweep proves little";
}

TEST(BatchMatmulRef, NeedsNoScratchAndRunsWithAnEmptySpan) {
  const BatchMatmulParams p = MakeParams(2, 3, 2);
  EXPECT_EQ(BatchMatmulScratchBytes(p), 0u);
  const std::vector<int8_t> lhs = {1, 2, 3, 4, 5, 6}, rhs = {1, 0, 0, 1, 1, 1};
  std::vector<int8_t> output(4);
  ASSERT_TRUE(BatchMatmul(p, lhs.data(), rhs.data(), output.data(), {}).ok());
  EXPECT_EQ(output, (std::vector<int8_t>{4, 5, 10, 11}));
}

TEST(BatchMatmulRef, RejectsBatchDimsThatDoNotBroadcast) {
  BatchMatmulParams p = MakeParams(1, 1, 1);
  p.lhs_batch[2] = 2;
  p.rhs_batch[2] = 3;
  std::vector<int8_t> lhs(2), rhs(3), output(3);
  EXPECT_EQ(BatchMatmul(p, lhs.data(), rhs.data(), output.data(), {}).code(),
            ErrorCode::kKernelInvalidParams);
  p.rhs_batch[2] = 2;
  p.output_shift = 31;
  EXPECT_EQ(BatchMatmul(p, lhs.data(), rhs.data(), output.data(), {}).code(),
            ErrorCode::kKernelInvalidParams);
}

// The x86 variants' scratch (their sweep, ops/batch_matmul/batch_matmul_sweep_cases.cc, holds
// them to ref within it): with a weight (rhs) zero point the fully connected loops run and only an
// rhs they must transpose (adj_y false) needs scratch; without one the 1x1 convolution adds its
// scales and its own.
TEST(BatchMatmulX86, DeclaresScratchForTransposedOperandsAndTheConvolution) {
  for (const auto scratch_bytes :
       {&x86_avx2::BatchMatmulScratchBytes, &x86_avx512vnni::BatchMatmulScratchBytes}) {
    BatchMatmulParams p = MakeParams(8, 32, 16);
    p.rhs_zero_point = 3;
    p.adj_y = true;
    EXPECT_EQ(scratch_bytes(p), 0u);
    p.adj_y = false;
    EXPECT_EQ(scratch_bytes(p), 32u * 16u);
    p.rhs_zero_point = 0;
    EXPECT_GT(scratch_bytes(p), 32u * 16u + 2 * 4 * 16u);
  }
}
}  // namespace
}  // namespace arenastore::kernels::ref
