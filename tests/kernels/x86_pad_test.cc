// pad/x86_avx2 and pad/x86_avx512vnni equal pad/ref byte for byte over a seeded sweep (ranks 1
// to 5, padding on any subset of dimensions so that the inner-dimension merge takes every
// branch, empty dimensions, runs shorter and longer than a vector, pad values at the int8
// edges), refuse what ref refuses, and need no scratch.
#include <gtest/gtest.h>

#include "ops/pad/ref.h"
#include "ops/pad/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const PadParams&);
using PadFn = Status (*)(const PadParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  PadFn pad;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::PadScratchBytes, &x86_avx2::Pad},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::PadScratchBytes, &x86_avx512vnni::Pad},
};

struct PadCase {
  PadParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const {
    size_t count = 1;
    for (int d = 0; d < params.rank; ++d) {
      count *= static_cast<size_t>(params.input_shape[d] + params.before[d] + params.after[d]);
    }
    return count;
  }
  std::string Name() const {
    std::ostringstream text;
    text << "pad{rank=" << params.rank << ", pad_value=" << params.pad_value;
    for (int d = 0; d < params.rank; ++d) {
      text << ", d" << d << "=" << params.before[d] << "+" << params.input_shape[d] << "+"
           << params.after[d];
    }
    text << "}";
    return text.str();
  }
};

PadCase MakeCase(Rng& rng) {
  PadCase c;
  PadParams& p = c.params;
  p.rank = Uniform(rng, 1, kMaxPadRank);
  const int padded_percent = Uniform(rng, 0, 100);
  size_t elements = 1;
  for (int d = 0; d < p.rank; ++d) {
    const bool inner = d == p.rank - 1;
    p.input_shape[d] = Chance(rng, 5) ? 0 : Uniform(rng, 1, inner ? 70 : 6);
    const bool padded = Chance(rng, padded_percent);
    p.before[d] = padded ? Uniform(rng, 0, inner ? 40 : 3) : 0;
    p.after[d] = padded ? Uniform(rng, 0, inner ? 40 : 3) : 0;
    elements *= static_cast<size_t>(p.input_shape[d]);
  }
  const int32_t edges[] = {-128, 127, 0, Uniform(rng, -128, 127)};
  p.pad_value = edges[Uniform(rng, 0, 3)];
  c.input = RandomBytes(rng, elements);
  return c;
}

KernelRun Runner(const PadCase& c, PadFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const PadCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::PadScratchBytes(c.params), Runner(c, &ref::Pad), v.scratch_bytes(c.params),
                 Runner(c, v.pad));
}

class X86Pad : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Pad, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8801 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 600; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Pad, EqualsRefOnTheAllOpsExampleShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8802);
  PadCase c;
  c.params.rank = 4;
  const int32_t shape[] = {1, 8, 8, 8}, before[] = {0, 1, 1, 0}, after[] = {0, 1, 1, 0};
  for (int d = 0; d < 4; ++d) {
    c.params.input_shape[d] = shape[d];
    c.params.before[d] = before[d];
    c.params.after[d] = after[d];
  }
  c.params.pad_value = -128;
  c.input = RandomBytes(rng, 8 * 8 * 8);
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86Pad, NeedsNoScratch) {
  Rng rng(8803);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Pad, RejectsTheParamsRefRejects) {
  Rng rng(8804);
  const PadCase c = MakeCase(rng);
  for (const auto& mutate : std::vector<std::function<void(PadParams&)>>{
           [](PadParams& p) { p.rank = 0; }, [](PadParams& p) { p.rank = kMaxPadRank + 1; },
           [](PadParams& p) { p.pad_value = 128; }, [](PadParams& p) { p.before[0] = -1; },
           [](PadParams& p) { p.input_shape[p.rank - 1] = -2; }}) {
    PadParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(1 << 16);
    const Status expected = ref::Pad(params, c.input.data(), output.data(), {});
    const Status actual = GetParam().pad(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Pad, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
