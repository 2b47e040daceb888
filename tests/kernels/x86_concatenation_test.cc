// concatenation/x86_avx2 and concatenation/x86_avx512vnni equal concatenation/ref byte for byte
// over a seeded sweep (1 to 16 inputs, empty slabs, slabs shorter and longer than a vector),
// refuse what ref refuses, and need no scratch.
#include <gtest/gtest.h>

#include "ops/concatenation/ref.h"
#include "ops/concatenation/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const ConcatenationParams&);
using ConcatenationFn = Status (*)(const ConcatenationParams&, const int8_t* const*, int8_t*,
                                   std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  ConcatenationFn concatenation;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::ConcatenationScratchBytes, &x86_avx2::Concatenation},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::ConcatenationScratchBytes,
     &x86_avx512vnni::Concatenation},
};

struct ConcatenationCase {
  ConcatenationParams params{};
  std::vector<std::vector<int8_t>> inputs;
  std::vector<const int8_t*> pointers;

  size_t OutputBytes() const {
    size_t axis = 0;
    for (int32_t k = 0; k < params.num_inputs; ++k) axis += params.input_axis_sizes[k];
    return static_cast<size_t>(params.outer_size) * axis * params.inner_size;
  }
  std::string Name() const {
    std::ostringstream text;
    text << "concatenation{outer=" << params.outer_size << ", inner=" << params.inner_size
         << ", axis sizes=";
    for (int32_t k = 0; k < params.num_inputs; ++k)
      text << (k ? "," : "") << params.input_axis_sizes[k];
    text << "}";
    return text.str();
  }
};

ConcatenationCase MakeCase(Rng& rng) {
  ConcatenationCase c;
  ConcatenationParams& p = c.params;
  p.num_inputs = Chance(rng, 10) ? kMaxOpInputs : Uniform(rng, 1, 4);
  p.outer_size = Chance(rng, 5) ? 0 : Uniform(rng, 1, 70);
  p.inner_size = Chance(rng, 50) ? 1 : Uniform(rng, 0, 20);
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    p.input_axis_sizes[k] = Chance(rng, 10) ? 0 : Uniform(rng, 1, 80);
    c.inputs.push_back(
        RandomBytes(rng, static_cast<size_t>(p.outer_size) * p.input_axis_sizes[k] * p.inner_size));
  }
  for (const auto& input : c.inputs) c.pointers.push_back(input.data());
  return c;
}

KernelRun Runner(const ConcatenationCase& c, ConcatenationFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.pointers.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const ConcatenationCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::ConcatenationScratchBytes(c.params), Runner(c, &ref::Concatenation),
                 v.scratch_bytes(c.params), Runner(c, v.concatenation));
}

class X86Concatenation : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Concatenation, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8901 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 500; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Short slabs are copied as two overlapping moves of a size class chosen per input: every
// slab size from 0 to 130 bytes, beside inputs of other sizes.
TEST_P(X86Concatenation, EqualsRefOnEverySlabSize) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8904 + static_cast<uint32_t>(GetParam().isa));
  for (int32_t size = 0; size <= 130; ++size) {
    ConcatenationCase c = MakeCase(rng);
    ConcatenationParams& p = c.params;
    p.outer_size = Uniform(rng, 1, 9);
    p.inner_size = 1;
    p.input_axis_sizes[Uniform(rng, 0, p.num_inputs - 1)] = size;
    c.inputs.clear();
    c.pointers.clear();
    for (int32_t k = 0; k < p.num_inputs; ++k) {
      c.inputs.push_back(
          RandomBytes(rng, static_cast<size_t>(p.outer_size) * p.input_axis_sizes[k]));
    }
    for (const auto& input : c.inputs) c.pointers.push_back(input.data());
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// The all-ops example: one 1x8x8x8 tensor joined with itself along channels.
TEST_P(X86Concatenation, EqualsRefOnTheAllOpsExampleShape) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8905);
  ConcatenationCase c;
  c.params.num_inputs = 2;
  c.params.outer_size = 64;
  c.params.inner_size = 1;
  c.params.input_axis_sizes[0] = c.params.input_axis_sizes[1] = 8;
  c.inputs.push_back(RandomBytes(rng, 64 * 8));
  c.pointers = {c.inputs[0].data(), c.inputs[0].data()};
  ExpectCaseBitExact(c, GetParam());
}

TEST_P(X86Concatenation, NeedsNoScratch) {
  Rng rng(8902);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Concatenation, RejectsTheParamsRefRejects) {
  Rng rng(8903);
  const ConcatenationCase c = MakeCase(rng);
  for (const auto& mutate : std::vector<std::function<void(ConcatenationParams&)>>{
           [](ConcatenationParams& p) { p.num_inputs = 0; },
           [](ConcatenationParams& p) { p.num_inputs = kMaxOpInputs + 1; },
           [](ConcatenationParams& p) { p.outer_size = -1; },
           [](ConcatenationParams& p) { p.inner_size = -1; },
           [](ConcatenationParams& p) { p.input_axis_sizes[0] = -3; }}) {
    ConcatenationParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(c.OutputBytes() + 64);
    const Status expected = ref::Concatenation(params, c.pointers.data(), output.data(), {});
    const Status actual = GetParam().concatenation(params, c.pointers.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Concatenation, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
