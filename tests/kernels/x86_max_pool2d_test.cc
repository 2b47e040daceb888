// max_pool2d/x86_avx2 and max_pool2d/x86_avx512vnni equal max_pool2d/ref byte for byte over a
// seeded sweep (channel counts off and on the vector widths, windows clipped by padding or lying
// wholly in it, strides, activation ranges inside, across and wholly outside int8, inputs at the
// int8 edges), and need no scratch.
#include <gtest/gtest.h>

#include "kernels/ref/max_pool2d.h"
#include "kernels/x86_avx2/max_pool2d.h"
#include "kernels/x86_avx512vnni/max_pool2d.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const Pool2dParams&);
using PoolFn = Status (*)(const Pool2dParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  PoolFn pool;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::MaxPool2dScratchBytes, &x86_avx2::MaxPool2d},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::MaxPool2dScratchBytes, &x86_avx512vnni::MaxPool2d},
};

struct PoolCase {
  Pool2dParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.channels;
  }
  std::string Name() const {
    const Pool2dParams& p = params;
    return Describe("max_pool2d", {{"batches", p.batches},
                                   {"in_h", p.input_h},
                                   {"in_w", p.input_w},
                                   {"channels", p.channels},
                                   {"filter_h", p.filter_h},
                                   {"filter_w", p.filter_w},
                                   {"stride_h", p.stride_h},
                                   {"stride_w", p.stride_w},
                                   {"pad_top", p.pad_top},
                                   {"pad_left", p.pad_left},
                                   {"out_h", p.output_h},
                                   {"out_w", p.output_w},
                                   {"act_min", p.activation_min},
                                   {"act_max", p.activation_max}});
  }
};

ActivationRange RandomPoolActivation(Rng& rng) {
  switch (Uniform(rng, 0, 9)) {
    case 0:
      return {-300, 300};  // wider than int8: the clamp never binds
    case 1:
      return {Uniform(rng, 128, 300), 400};  // wholly above int8: ref keeps the low byte
    case 2:
      return {-400, Uniform(rng, -300, -129)};  // wholly below
    case 3:
      return {Uniform(rng, -300, 0), Uniform(rng, 0, 300)};  // across an edge of int8
    default:
      return RandomActivation(rng);
  }
}

PoolCase MakeCase(Rng& rng, int32_t channels) {
  PoolCase c;
  Pool2dParams& p = c.params;
  p.batches = Uniform(rng, 1, 2);
  p.input_h = Uniform(rng, 1, 12);
  p.input_w = Uniform(rng, 1, 12);
  p.channels = channels;
  p.filter_h = Uniform(rng, 1, std::min(p.input_h, 6));
  p.filter_w = Uniform(rng, 1, std::min(p.input_w, 6));
  p.stride_h = Uniform(rng, 1, 3);
  p.stride_w = Uniform(rng, 1, 3);
  // Now and then padding past the filter, so some windows lie wholly in it (ref gives -128).
  const bool wide_padding = Chance(rng, 10);
  p.pad_top = Uniform(rng, 0, p.filter_h - 1 + (wide_padding ? 3 : 0));
  p.pad_left = Uniform(rng, 0, p.filter_w - 1 + (wide_padding ? 3 : 0));
  p.output_h =
      OutputSize(p.input_h, p.pad_top, Uniform(rng, 0, p.filter_h - 1), p.filter_h, 1, p.stride_h);
  p.output_w =
      OutputSize(p.input_w, p.pad_left, Uniform(rng, 0, p.filter_w - 1), p.filter_w, 1, p.stride_w);
  const ActivationRange range = RandomPoolActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * channels);
  return c;
}

KernelRun Runner(const PoolCase& c, PoolFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const PoolCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::MaxPool2dScratchBytes(c.params), Runner(c, &ref::MaxPool2d),
                 v.scratch_bytes(c.params), Runner(c, v.pool));
}

class X86MaxPool2d : public ::testing::TestWithParam<Variant> {};

TEST_P(X86MaxPool2d, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8701 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 500; ++i) {
    const int32_t channels = Chance(rng, 30) ? 8 * Uniform(rng, 1, 10) : Uniform(rng, 1, 140);
    ExpectCaseBitExact(MakeCase(rng, channels), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86MaxPool2d, EqualsRefOnTheAllOpsExampleShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8702);
  PoolCase c = MakeCase(rng, 8);
  Pool2dParams& p = c.params;
  p = Pool2dParams{1, 10, 10, 8, 2, 2, 5, 5, 2, 2, 0, 0, -128, 127};
  c.input = RandomBytes(rng, 10 * 10 * 8);
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86MaxPool2d, NeedsNoScratch) {
  Rng rng(8703);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng, 64).params), 0u);
}

TEST_P(X86MaxPool2d, RejectsTheParamsRefRejects) {
  Rng rng(8704);
  PoolCase c = MakeCase(rng, 8);
  for (const auto& mutate : std::vector<std::function<void(Pool2dParams&)>>{
           [](Pool2dParams& p) { p.stride_h = 0; }, [](Pool2dParams& p) { p.filter_w = 0; },
           [](Pool2dParams& p) { p.channels = -1; },
           [](Pool2dParams& p) {
             p.activation_min = 10;
             p.activation_max = -10;
           }}) {
    Pool2dParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(c.OutputBytes() + 64);
    const Status expected = ref::MaxPool2d(params, c.input.data(), output.data(), {});
    const Status actual = GetParam().pool(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86MaxPool2d, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
