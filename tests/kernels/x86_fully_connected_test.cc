// fully_connected/x86_avx2 and fully_connected/x86_avx512vnni equal fully_connected/ref byte for
// byte over a seeded sweep (depths off and on the vector width, output counts that leave
// partial blocks, batches, per-tensor and per-channel scales, filter zero points, zero points
// at the int8 edges, saturating scales) and on the benchmark's layers, needing no scratch.
#include <gtest/gtest.h>

#include "ops/fully_connected/ref.h"
#include "ops/fully_connected/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const FullyConnectedParams&);
using FullyConnectedFn = Status (*)(const FullyConnectedParams&, const int8_t*, const int8_t*,
                                    const int32_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  FullyConnectedFn fully_connected;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::FullyConnectedScratchBytes, &x86_avx2::FullyConnected},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::FullyConnectedScratchBytes,
     &x86_avx512vnni::FullyConnected},
};

struct FullyConnectedCase {
  FullyConnectedParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const FullyConnectedParams& p = params;
    return Describe("fully_connected", {{"batches", p.batches},
                                        {"depth", p.input_depth},
                                        {"outputs", p.output_depth},
                                        {"in_zp", p.input_zero_point},
                                        {"filter_zp", p.filter_zero_point},
                                        {"out_zp", p.output_zero_point},
                                        {"per_channel", p.requant.count > 1},
                                        {"bias", has_bias}});
  }
  size_t OutputBytes() const { return static_cast<size_t>(params.batches) * params.output_depth; }
};

FullyConnectedCase MakeCase(Rng& rng, int32_t batches, int32_t depth, int32_t outputs) {
  FullyConnectedCase c;
  FullyConnectedParams& p = c.params;
  p.batches = batches;
  p.input_depth = depth;
  p.output_depth = outputs;
  p.input_zero_point = RandomZeroPoint(rng);
  const bool per_channel = Chance(rng, 50);
  p.filter_zero_point = !per_channel && Chance(rng, 40) ? RandomZeroPoint(rng) : 0;
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, per_channel ? outputs : 1, depth);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(batches) * depth);
  c.filter = RandomBytes(rng, static_cast<size_t>(outputs) * depth);
  c.bias = RandomBias(rng, outputs);
  c.has_bias = Chance(rng, 80);
  return c;
}

KernelRun Runner(const FullyConnectedCase& c, FullyConnectedFn fc) {
  return [&c, fc](std::span<uint8_t> scratch, int8_t* output) {
    return fc(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
              output, scratch);
  };
}

void ExpectCaseBitExact(const FullyConnectedCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::FullyConnectedScratchBytes(c.params), Runner(c, &ref::FullyConnected),
                 v.scratch_bytes(c.params), Runner(c, v.fully_connected));
}

class X86FullyConnected : public ::testing::TestWithParam<Variant> {};

TEST_P(X86FullyConnected, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8301 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 500; ++i) {
    const int32_t depth = Chance(rng, 30) ? 64 * Uniform(rng, 1, 5) : Uniform(rng, 1, 300);
    ExpectCaseBitExact(MakeCase(rng, Uniform(rng, 1, 3), depth, Uniform(rng, 1, 40)), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Four or more rows over a depth up to 256 take the outputs-in-lanes form (batch matmul's small
// matrices): partial output blocks, depths that are not whole 4-byte groups, row counts that
// are not whole 4-row packs.
TEST_P(X86FullyConnected, EqualsRefOverManyShortRows) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8305 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 300; ++i) {
    const int32_t depth = Chance(rng, 20) ? 256 : Uniform(rng, 1, 260);
    ExpectCaseBitExact(MakeCase(rng, Uniform(rng, 4, 37), depth, Uniform(rng, 1, 40)), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86FullyConnected, EqualsRefOnTheBenchmarkLayers) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8302);
  for (const auto& [depth, outputs] : {std::pair{640, 12}, {256, 128}, {1024, 1024}, {4000, 4}}) {
    ExpectCaseBitExact(MakeCase(rng, 1, depth, outputs), GetParam());
  }
}

TEST_P(X86FullyConnected, NeedsNoScratch) {
  Rng rng(8303);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng, 2, 640, 128).params), 0u);
}

TEST_P(X86FullyConnected, RejectsTheParamsRefRejects) {
  Rng rng(8304);
  FullyConnectedCase c = MakeCase(rng, 1, 64, 8);
  c.params.filter_zero_point = -129;
  std::vector<int8_t> output(c.OutputBytes());
  const Status status = GetParam().fully_connected(c.params, c.input.data(), c.filter.data(),
                                                   c.bias.data(), output.data(), {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86FullyConnected, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
