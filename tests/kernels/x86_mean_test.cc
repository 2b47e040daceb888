// mean/x86_avx2 and mean/x86_avx512vnni equal mean/ref byte for byte over a seeded sweep (ranks
// 1 to 6, any subset of axes so every merged form and the per-output walk run, empty and size-1
// dimensions, channel counts around the vector widths and the 256-column block, more than 256
// reduced rows, inputs at the int8 edges, multipliers and shifts across their range), refuse
// what ref refuses, and need no scratch.
#include <gtest/gtest.h>

#include "ops/mean/ref.h"
#include "ops/mean/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const MeanParams&);
using MeanFn = Status (*)(const MeanParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  MeanFn mean;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::MeanScratchBytes, &x86_avx2::Mean},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::MeanScratchBytes, &x86_avx512vnni::Mean},
};

struct MeanCase {
  MeanParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const { return static_cast<size_t>(ReduceOutputCount(params)); }
  std::string Name() const {
    std::ostringstream text;
    text << "mean{zp=" << params.input_zero_point << "/" << params.output_zero_point
         << ", m=" << params.output_multiplier << ", s=" << params.output_shift;
    for (int d = 0; d < params.rank; ++d) {
      text << ", " << params.input_shape[d] << (params.reduced[d] != 0 ? "r" : "");
    }
    text << "}";
    return text.str();
  }
};

MeanCase MakeCase(Rng& rng) {
  MeanCase c;
  MeanParams& p = c.params;
  p.rank = Uniform(rng, 1, kMaxReduceRank);
  const int32_t inner_sizes[] = {1, 3, 8, 16, 31, 32, 33, 63, 64, 65, 100, 257, 300};
  size_t elements = 1;
  for (int d = 0; d < p.rank; ++d) {
    const bool inner = d == p.rank - 1;
    p.input_shape[d] = Chance(rng, 4)    ? 0
                       : Chance(rng, 20) ? 1
                       : inner           ? inner_sizes[Uniform(rng, 0, 12)]
                                         : Uniform(rng, 2, 7);
    p.reduced[d] = Chance(rng, 50) ? 1 : 0;
    elements *= static_cast<size_t>(p.input_shape[d]);
  }
  if (elements > 60000) return MakeCase(rng);
  p.input_zero_point = Uniform(rng, -128, 127);
  p.output_zero_point = Uniform(rng, -128, 127);
  p.output_multiplier = Chance(rng, 10) ? Uniform(rng, 0, 1000) : Uniform(rng, 1 << 30, INT32_MAX);
  p.output_shift = Uniform(rng, -31, 30);
  if (Chance(rng, 70)) p.output_shift = Uniform(rng, -12, 2);  // where outputs are not clamped
  c.input = RandomBytes(rng, elements);
  return c;
}

KernelRun Runner(const MeanCase& c, MeanFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const MeanCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::MeanScratchBytes(c.params), Runner(c, &ref::Mean), v.scratch_bytes(c.params),
                 Runner(c, v.mean));
}

class X86Mean : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Mean, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(9101 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 1500; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Global average pools and last-axis means with every input at one int8 edge over more rows
// than an int16 partial sum may hold, and over enough to wrap ref's int32 sums.
TEST_P(X86Mean, EqualsRefAtTheSumEdges) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
    for (const auto& [shape, reduced] :
         {std::pair{std::vector<int32_t>{1, 256, 1, 96}, std::vector<int32_t>{0, 1, 1, 0}},
          std::pair{std::vector<int32_t>{1, 257, 3, 70}, std::vector<int32_t>{0, 1, 1, 0}},
          std::pair{std::vector<int32_t>{3, 40000}, std::vector<int32_t>{0, 1}},
          std::pair{std::vector<int32_t>{1, 17000000}, std::vector<int32_t>{0, 1}},
          std::pair{std::vector<int32_t>{17000000, 2}, std::vector<int32_t>{1, 0}}}) {
      MeanCase c;
      c.params.rank = static_cast<int32_t>(shape.size());
      size_t elements = 1;
      for (size_t d = 0; d < shape.size(); ++d) {
        c.params.input_shape[d] = shape[d];
        c.params.reduced[d] = reduced[d];
        elements *= static_cast<size_t>(shape[d]);
      }
      c.params.input_zero_point = 3;
      c.params.output_zero_point = -1;
      c.params.output_multiplier = 1 << 30;
      c.params.output_shift = -20;
      c.input.assign(elements, value);
      ExpectCaseBitExact(c, GetParam());
    }
  }
}

TEST_P(X86Mean, NeedsNoScratch) {
  Rng rng(9103);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Mean, RejectsTheParamsRefRejects) {
  Rng rng(9104);
  MeanCase c = MakeCase(rng);
  for (const auto& mutate : std::vector<std::function<void(MeanParams&)>>{
           [](MeanParams& p) { p.rank = 0; }, [](MeanParams& p) { p.rank = kMaxReduceRank + 1; },
           [](MeanParams& p) {
             p.input_shape[0] = -1;  // reduced, so ref's scratch size stays sane
             p.reduced[0] = 1;
           },
           [](MeanParams& p) { p.reduced[0] = 2; }, [](MeanParams& p) { p.input_zero_point = 128; },
           [](MeanParams& p) { p.output_zero_point = -129; },
           [](MeanParams& p) { p.output_multiplier = -1; },
           [](MeanParams& p) { p.output_shift = 31; },
           [](MeanParams& p) { p.output_shift = -32; }}) {
    MeanParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(1 << 16);
    const size_t ref_scratch = ref::MeanScratchBytes(params);
    std::vector<int32_t> scratch(ref_scratch / sizeof(int32_t) + 1);
    const Status expected = ref::Mean(params, c.input.data(), output.data(),
                                      {reinterpret_cast<uint8_t*>(scratch.data()), ref_scratch});
    const Status actual = GetParam().mean(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Mean, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
