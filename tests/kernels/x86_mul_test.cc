// mul/x86_avx2 and mul/x86_avx512vnni equal mul/ref byte for byte over a seeded sweep (equal
// shapes, scalars, and broadcasts along inner, outer and interleaved dimensions; lengths off and
// on the vector widths; offsets at the int8 edges; scales from tiny to left-shifting; activation
// ranges including ones beyond int8), and need no scratch.
#include <gtest/gtest.h>

#include "ops/mul/ref.h"
#include "ops/mul/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const MulParams&);
using MulFn = Status (*)(const MulParams&, const int8_t*, const int8_t*, int8_t*,
                         std::span<uint8_t>);

size_t Elements(const int32_t* dims) {
  size_t n = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) n *= static_cast<size_t>(dims[d]);
  return n;
}

struct Variant {
  const char* name;
  Isa isa;
  ScratchFn planned_scratch_bytes;  // what the plan reserves for the op
  ScratchFn scratch_bytes;          // what this form is given (the split form's own)
  MulFn mul;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

// The split form as a host executor runs it (kernels/kernel_state.h): prepared once on its own
// scratch, run first on other input bytes, then on the case's.
Status SplitMul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  KernelState state;
  ARENASTORE_RETURN_IF_ERROR(x86_avx512vnni::MulPrepare(params, scratch, &state));
  std::vector<int8_t> other1(Elements(params.shapes.input1)),
      other2(Elements(params.shapes.input2));
  for (size_t i = 0; i < other1.size(); ++i) other1[i] = static_cast<int8_t>(input1[i] ^ 0x5a);
  for (size_t i = 0; i < other2.size(); ++i) other2[i] = static_cast<int8_t>(input2[i] ^ 0x33);
  ARENASTORE_RETURN_IF_ERROR(
      x86_avx512vnni::MulRunPrepared(params, other1.data(), other2.data(), output, scratch, state));
  return x86_avx512vnni::MulRunPrepared(params, input1, input2, output, scratch, state);
}

constexpr Variant kVariants[] = {
    {"x86_avx2", Isa::kX86Avx2, &x86_avx2::MulScratchBytes, &x86_avx2::MulScratchBytes,
     &x86_avx2::Mul},
    {"x86_avx512vnni", Isa::kX86Avx512Vnni, &x86_avx512vnni::MulScratchBytes,
     &x86_avx512vnni::MulScratchBytes, &x86_avx512vnni::Mul},
    {"x86_avx512vnni_split", Isa::kX86Avx512Vnni, &x86_avx512vnni::MulScratchBytes,
     &x86_avx512vnni::MulSplitScratchBytes, &SplitMul},
};

struct MulCase {
  MulParams params{};
  std::vector<int8_t> input1, input2;

  size_t OutputBytes() const { return Elements(params.shapes.output); }
  std::string Name() const {
    const MulParams& p = params;
    std::string shapes;
    for (const int32_t* dims : {p.shapes.input1, p.shapes.input2}) {
      shapes += "[";
      for (int d = 0; d < kMaxBroadcastRank; ++d) shapes += std::to_string(dims[d]) + " ";
      shapes += "]";
    }
    return shapes + Describe(" mul", {{"offset1", p.input1_offset},
                                      {"offset2", p.input2_offset},
                                      {"out_offset", p.output_offset},
                                      {"mo", p.output_multiplier},
                                      {"so", p.output_shift},
                                      {"act_min", p.activation_min},
                                      {"act_max", p.activation_max}});
  }
};

MulCase MakeCase(Rng& rng) {
  MulCase c;
  MulParams& p = c.params;
  const int rank = Uniform(rng, 1, kMaxBroadcastRank);
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const bool used = d >= kMaxBroadcastRank - rank;
    const int32_t n = used ? (Chance(rng, 30) ? 1 : Uniform(rng, 1, d == 5 ? 40 : 5)) : 1;
    p.shapes.output[d] = n;
    p.shapes.input1[d] = Chance(rng, 25) ? 1 : n;
    p.shapes.input2[d] = Chance(rng, 25) ? 1 : n;
  }
  if (Chance(rng, 30)) std::copy_n(p.shapes.output, kMaxBroadcastRank, p.shapes.input1);
  if (Chance(rng, 30)) std::copy_n(p.shapes.output, kMaxBroadcastRank, p.shapes.input2);
  p.input1_offset = -RandomZeroPoint(rng);
  p.input2_offset = -RandomZeroPoint(rng);
  p.output_offset = RandomZeroPoint(rng);
  // A product of two offset int8 values is up to 2^16; scales from 2^-20 to 2^4 of 1/128.
  const Quantized q = Quantize(std::exp2(Uniform(rng, -200, 40) / 10.0) / 128.0);
  p.output_multiplier = q.multiplier;
  p.output_shift = std::min(q.shift, 14);
  if (Chance(rng, 10)) {
    p.activation_min = -200;
    p.activation_max = Uniform(rng, -150, 300);  // beyond int8: ref's int8 cast wraps
  } else {
    const ActivationRange range = RandomActivation(rng);
    p.activation_min = range.min;
    p.activation_max = range.max;
  }
  c.input1 = RandomBytes(rng, Elements(p.shapes.input1));
  c.input2 = RandomBytes(rng, Elements(p.shapes.input2));
  return c;
}

KernelRun Runner(const MulCase& c, MulFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input1.data(), c.input2.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const MulCase& c, const Variant& v) {
  ExpectBitExact(std::string(v.name) + " " + c.Name(), c.OutputBytes(),
                 ref::MulScratchBytes(c.params), Runner(c, &ref::Mul), v.scratch_bytes(c.params),
                 Runner(c, v.mul));
}

class X86Mul : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Mul, EqualsRefOverBroadcastSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8801 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 600; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Mul, EqualsRefOnLongEqualShapes) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8802);
  for (const int32_t n : {1, 15, 16, 17, 63, 64, 65, 25 * 5 * 64}) {
    MulCase c = MakeCase(rng);
    for (int d = 0; d < kMaxBroadcastRank; ++d) {
      c.params.shapes.input1[d] = c.params.shapes.input2[d] = c.params.shapes.output[d] =
          d == kMaxBroadcastRank - 1 ? n : 1;
    }
    c.input1 = RandomBytes(rng, static_cast<size_t>(n));
    c.input2 = RandomBytes(rng, static_cast<size_t>(n));
    ExpectCaseBitExact(c, GetParam());
  }
}

// Every int8 value against output multipliers and shifts at their edges (zero, one below 2^31,
// INT32_MIN, negative; the largest right and left shifts) and offsets at +-128, with activation
// ranges inside and beyond int8: both requantization forms of the x86 variants.
TEST_P(X86Mul, EqualsRefOnExtremeScalesShiftsAndOffsets) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8805);
  const int32_t shifts[] = {-31, -30, -17, -1, 0, 1, 14};
  for (int i = 0; i < 300; ++i) {
    MulCase c = MakeCase(rng);
    MulParams& p = c.params;
    MakeEveryValueOperands(rng, 2 * 256, &p.shapes, &c.input1, &c.input2);
    p.input1_offset = Chance(rng, 50) ? 128 : -128;
    p.input2_offset = Chance(rng, 50) ? 128 : -RandomZeroPoint(rng);
    p.output_multiplier = kEdgeMultipliers[Uniform(rng, 0, 5)];
    p.output_shift = shifts[Uniform(rng, 0, 6)];
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Mul, NeedsNoScratch) {
  Rng rng(8803);
  EXPECT_EQ(GetParam().planned_scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Mul, RejectsTheParamsRefRejects) {
  Rng rng(8804);
  MulCase c = MakeCase(rng);
  c.params.output_shift = 15;
  std::vector<int8_t> output(c.OutputBytes());
  const Status status =
      GetParam().mul(c.params, c.input1.data(), c.input2.data(), output.data(), {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Mul, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
