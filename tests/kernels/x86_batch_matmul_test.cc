// batch_matmul/x86_avx2 and batch_matmul/x86_avx512vnni equal batch_matmul/ref byte for byte
// over a seeded sweep (shapes off and on the vector widths, both transpositions, broadcast batch
// dims, zero points at the int8 edges, saturating and left-shifting scales), each run on exactly
// its declared scratch between guard bytes.
#include <gtest/gtest.h>

#include "ops/batch_matmul/ref.h"
#include "ops/batch_matmul/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const BatchMatmulParams&);
using BatchMatmulFn = Status (*)(const BatchMatmulParams&, const int8_t*, const int8_t*, int8_t*,
                                 std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  BatchMatmulFn batch_matmul;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::BatchMatmulScratchBytes, &x86_avx2::BatchMatmul},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::BatchMatmulScratchBytes, &x86_avx512vnni::BatchMatmul},
};

struct BatchMatmulCase {
  BatchMatmulParams params{};
  std::vector<int8_t> lhs, rhs;

  static int64_t Count(const int32_t* dims) { return int64_t{dims[0]} * dims[1] * dims[2]; }
  int64_t OutBatches() const {
    int64_t n = 1;
    for (int i = 0; i < 3; ++i) n *= std::max(params.lhs_batch[i], params.rhs_batch[i]);
    return n;
  }
  size_t OutputBytes() const {
    return static_cast<size_t>(OutBatches() * params.rows * params.cols);
  }
  std::string Name() const {
    const BatchMatmulParams& p = params;
    return Describe("batch_matmul", {{"lhs_batches", Count(p.lhs_batch)},
                                     {"rhs_batches", Count(p.rhs_batch)},
                                     {"rows", p.rows},
                                     {"depth", p.accum_depth},
                                     {"cols", p.cols},
                                     {"adj_x", p.adj_x},
                                     {"adj_y", p.adj_y},
                                     {"lhs_zp", p.lhs_zero_point},
                                     {"rhs_zp", p.rhs_zero_point},
                                     {"out_zp", p.output_zero_point},
                                     {"shift", p.output_shift}});
  }
};

BatchMatmulCase MakeCase(Rng& rng, int32_t rows, int32_t depth, int32_t cols) {
  BatchMatmulCase c;
  BatchMatmulParams& p = c.params;
  for (int i = 0; i < 3; ++i) {
    const int32_t n = i == 2 || Chance(rng, 30) ? Uniform(rng, 1, 3) : 1;
    p.lhs_batch[i] = Chance(rng, 25) ? 1 : n;
    p.rhs_batch[i] = p.lhs_batch[i] == 1 && Chance(rng, 50) ? n : (Chance(rng, 25) ? 1 : n);
  }
  p.rows = rows;
  p.accum_depth = depth;
  p.cols = cols;
  p.adj_x = Chance(rng, 40);
  p.adj_y = Chance(rng, 50);
  p.lhs_zero_point = RandomZeroPoint(rng);
  p.rhs_zero_point = Chance(rng, 50) ? RandomZeroPoint(rng) : 0;
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  const Requant requant = RandomRequant(rng, 1, depth);
  p.output_multiplier = requant.multipliers[0];
  p.output_shift = requant.shifts[0];
  c.lhs = RandomBytes(rng, static_cast<size_t>(BatchMatmulCase::Count(p.lhs_batch) * rows * depth));
  c.rhs = RandomBytes(rng, static_cast<size_t>(BatchMatmulCase::Count(p.rhs_batch) * depth * cols));
  return c;
}

KernelRun Runner(const BatchMatmulCase& c, BatchMatmulFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.lhs.data(), c.rhs.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const BatchMatmulCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::BatchMatmulScratchBytes(c.params), Runner(c, &ref::BatchMatmul),
                 v.scratch_bytes(c.params), Runner(c, v.batch_matmul));
}

class X86BatchMatmul : public ::testing::TestWithParam<Variant> {};

TEST_P(X86BatchMatmul, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8401 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 300; ++i) {
    const int32_t depth = Chance(rng, 30) ? 16 * Uniform(rng, 1, 8) : Uniform(rng, 0, 90);
    ExpectCaseBitExact(MakeCase(rng, Uniform(rng, 1, 20), depth, Uniform(rng, 1, 40)), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86BatchMatmul, EqualsRefOnTheBenchmarkShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8402);
  BatchMatmulCase c = MakeCase(rng, 64, 64, 64);
  c.params.adj_x = c.params.adj_y = false;
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86BatchMatmul, TransposesWholeTilesAndRemaindersWithScalesBelowOne) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  // Transposed operands are copied in 16x16 tiles plus the rows and columns left over; scales
  // below one take x86_avx512vnni's short requantization form in the convolution.
  Rng rng(8403);
  const int32_t shapes[][3] = {{37, 50, 33}, {16, 48, 64}, {64, 17, 31}, {15, 16, 47}};
  for (const auto& shape : shapes) {
    for (const bool adj_x : {false, true}) {
      for (const bool adj_y : {false, true}) {
        BatchMatmulCase c = MakeCase(rng, shape[0], shape[1], shape[2]);
        c.params.adj_x = adj_x;
        c.params.adj_y = adj_y;
        c.params.rhs_zero_point = 0;
        const Requant requant = RandomRequantBelowOne(rng, 1, shape[1]);
        c.params.output_multiplier = requant.multipliers[0];
        c.params.output_shift = requant.shifts[0];
        ExpectCaseBitExact(c, GetParam());
      }
    }
  }
}

// With a weight (rhs) zero point the fully connected loops run and only transposed operands
// need scratch; without one the 1x1 convolution adds its scales and its own scratch.
TEST_P(X86BatchMatmul, DeclaresScratchForTransposedOperandsAndTheConvolution) {
  Rng rng(8403);
  BatchMatmulCase c = MakeCase(rng, 8, 32, 16);
  c.params.rhs_zero_point = 3;
  c.params.adj_x = false;
  c.params.adj_y = true;
  EXPECT_EQ(GetParam().scratch_bytes(c.params), 0u);
  c.params.adj_y = false;
  EXPECT_EQ(GetParam().scratch_bytes(c.params), 32u * 16u);
  c.params.rhs_zero_point = 0;
  EXPECT_GT(GetParam().scratch_bytes(c.params), 32u * 16u + 2 * 4 * 16u);
}

TEST_P(X86BatchMatmul, RejectsTheParamsRefRejects) {
  Rng rng(8404);
  BatchMatmulCase c = MakeCase(rng, 4, 8, 4);
  c.params.output_shift = 31;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(GetParam().scratch_bytes(c.params));
  const Status status =
      GetParam().batch_matmul(c.params, c.lhs.data(), c.rhs.data(), output.data(), scratch);
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86BatchMatmul, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
