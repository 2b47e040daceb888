// softmax/x86_avx512vnni equals softmax/ref byte for byte: over a seeded sweep of row counts,
// depths (one lane to several vectors, past a vector's edge), input scales from tiny to large
// (every bit of the exp's barrel shifter, differences below diff_min, sums that need every
// reciprocal exponent) and inputs with ties and extremes; it refuses what ref refuses and
// needs no scratch.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "ops/softmax/ref.h"
#include "ops/softmax/x86_avx512vnni.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

constexpr Isa kIsa = Isa::kX86Avx512Vnni;

struct SoftmaxCase {
  SoftmaxParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const { return input.size(); }
  std::string Name() const {
    return Describe("softmax", {{"rows", params.outer_size},
                                {"depth", params.depth},
                                {"multiplier", params.input_multiplier},
                                {"left_shift", params.input_left_shift},
                                {"diff_min", params.diff_min}});
  }
};

// TensorFlow Lite's int8 softmax scaling for beta * input_scale = `scale`: the Q5.26 multiplier
// "greater than one" and the radius below which differences give 0.
SoftmaxCase MakeCase(Rng& rng, int32_t rows, int32_t depth, double scale) {
  SoftmaxCase c;
  SoftmaxParams& p = c.params;
  const Quantized q = Quantize(scale * static_cast<double>(1 << 26));
  p.outer_size = rows;
  p.depth = depth;
  p.input_multiplier = q.multiplier;
  p.input_left_shift = q.shift < 0 ? 0 : (q.shift > 30 ? 30 : q.shift);
  const double radius = 31.0 * static_cast<double>(1 << 26) / std::ldexp(1.0, p.input_left_shift);
  p.diff_min = Chance(rng, 20) ? -Uniform(rng, 0, 300) : -static_cast<int32_t>(std::floor(radius));
  c.input = RandomBytes(rng, static_cast<size_t>(rows) * static_cast<size_t>(depth));
  if (Chance(rng, 20)) {  // ties at the maximum and the int8 extremes
    for (size_t i = 0; i < c.input.size(); i += 3) c.input[i] = Chance(rng, 50) ? 127 : -128;
  }
  return c;
}

void ExpectCaseBitExact(const SoftmaxCase& c) {
  auto runner = [&c](auto fn) -> KernelRun {
    return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
      return fn(c.params, c.input.data(), output, scratch);
    };
  };
  ExpectBitExact(std::string(IsaName(kIsa)) + " " + c.Name(), c.OutputBytes(),
                 ref::SoftmaxScratchBytes(c.params), runner(&ref::Softmax),
                 x86_avx512vnni::SoftmaxScratchBytes(c.params), runner(&x86_avx512vnni::Softmax));
}

TEST(X86Softmax, EqualsRefOverShapesAndScales) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(kIsa);
  Rng rng(9101);
  for (int i = 0; i < 1500; ++i) {
    const int32_t depth = Chance(rng, 30) ? Uniform(rng, 1, 4) : Uniform(rng, 1, 70);
    const double scale = std::exp2(Uniform(rng, -120, 40) / 10.0);
    ExpectCaseBitExact(MakeCase(rng, Uniform(rng, 1, 4), depth, scale));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(X86Softmax, EqualsRefOnTheExamplesAndLongRows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(kIsa);
  Rng rng(9102);
  for (const auto& [rows, depth] : {std::pair{1, 10}, {1, 12}, {1, 2}, {8, 1000}, {1, 5000}}) {
    ExpectCaseBitExact(MakeCase(rng, rows, depth, 0.05));
    ExpectCaseBitExact(MakeCase(rng, rows, depth, 1.0 / 256));
  }
}

TEST(X86Softmax, NeedsNoScratchAndRefusesWhatRefRefuses) {
  SoftmaxParams params{1, 0, 1 << 30, 1, -10, ElementType::kInt8};
  EXPECT_EQ(x86_avx512vnni::SoftmaxScratchBytes(params), 0u);
  const int8_t input[1] = {0};
  int8_t output[1] = {0};
  for (const SoftmaxParams bad : {SoftmaxParams{1, 0, 1 << 30, 1, -10, ElementType::kInt8},
                                  SoftmaxParams{1, 1, 1 << 30, 31, -10, ElementType::kInt8},
                                  SoftmaxParams{1, 1, 1 << 30, 1, 5, ElementType::kInt8}}) {
    EXPECT_EQ(x86_avx512vnni::Softmax(bad, input, output, {}).code(),
              ErrorCode::kKernelInvalidParams);
    EXPECT_EQ(ref::Softmax(bad, input, output, {}).code(), ErrorCode::kKernelInvalidParams);
  }
}

}  // namespace
}  // namespace arenastore::kernels::x86_testing
