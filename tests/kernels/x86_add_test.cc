// add/x86_avx2 and add/x86_avx512vnni equal add/ref, and sub/x86_avx2 and sub/x86_avx512vnni
// (add's loops subtracting the second operand) equal sub/ref, byte for byte over a seeded sweep
// (equal shapes, scalars, and broadcasts along inner, outer and interleaved dimensions; lengths
// off and on the vector widths; offsets at the int8 edges; scales near and far from one;
// activation ranges including ones beyond int8), and need no scratch.
#include <gtest/gtest.h>

#include "ops/add/ref.h"
#include "ops/add/x86.h"
#include "ops/sub/ref.h"
#include "ops/sub/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const AddParams&);
using AddFn = Status (*)(const AddParams&, const int8_t*, const int8_t*, int8_t*,
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
  AddFn add;
  AddFn ref;  // what it must equal: add/ref or sub/ref
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.name; }

// The split form as a host executor runs it (kernels/kernel_state.h): prepared once on its own
// scratch, run first on other input bytes, then on the case's.
Status SplitAdd(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  KernelState state;
  ARENASTORE_RETURN_IF_ERROR(x86_avx512vnni::AddPrepare(params, scratch, &state));
  std::vector<int8_t> other1(Elements(params.shapes.input1)),
      other2(Elements(params.shapes.input2));
  for (size_t i = 0; i < other1.size(); ++i) other1[i] = static_cast<int8_t>(input1[i] ^ 0x5a);
  for (size_t i = 0; i < other2.size(); ++i) other2[i] = static_cast<int8_t>(input2[i] ^ 0x33);
  ARENASTORE_RETURN_IF_ERROR(
      x86_avx512vnni::AddRunPrepared(params, other1.data(), other2.data(), output, scratch, state));
  return x86_avx512vnni::AddRunPrepared(params, input1, input2, output, scratch, state);
}

constexpr Variant kVariants[] = {
    {"x86_avx2", Isa::kX86Avx2, &x86_avx2::AddScratchBytes, &x86_avx2::AddScratchBytes,
     &x86_avx2::Add, &ref::Add},
    {"x86_avx512vnni", Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes,
     &x86_avx512vnni::AddScratchBytes, &x86_avx512vnni::Add, &ref::Add},
    {"x86_avx512vnni_split", Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes,
     &x86_avx512vnni::AddSplitScratchBytes, &SplitAdd, &ref::Add},
    {"sub_x86_avx2", Isa::kX86Avx2, &x86_avx2::SubScratchBytes, &x86_avx2::SubScratchBytes,
     &x86_avx2::Sub, &ref::Sub},
    {"sub_x86_avx512vnni", Isa::kX86Avx512Vnni, &x86_avx512vnni::SubScratchBytes,
     &x86_avx512vnni::SubScratchBytes, &x86_avx512vnni::Sub, &ref::Sub},
};

struct AddCase {
  AddParams params{};
  std::vector<int8_t> input1, input2;

  size_t OutputBytes() const { return Elements(params.shapes.output); }
  std::string Name() const {
    const AddParams& p = params;
    std::string shapes;
    for (const int32_t* dims : {p.shapes.input1, p.shapes.input2}) {
      shapes += "[";
      for (int d = 0; d < kMaxBroadcastRank; ++d) shapes += std::to_string(dims[d]) + " ";
      shapes += "]";
    }
    return shapes + Describe(" add", {{"offset1", p.input1_offset},
                                      {"offset2", p.input2_offset},
                                      {"out_offset", p.output_offset},
                                      {"m1", p.input1_multiplier},
                                      {"s1", p.input1_shift},
                                      {"m2", p.input2_multiplier},
                                      {"s2", p.input2_shift},
                                      {"mo", p.output_multiplier},
                                      {"so", p.output_shift},
                                      {"act_min", p.activation_min},
                                      {"act_max", p.activation_max}});
  }
};

// Below one, as TensorFlow Lite's add multipliers are.
Quantized RandomScaleBelowOne(Rng& rng) {
  Quantized q = Quantize(std::exp2(-Uniform(rng, 1, 300) / 10.0));
  if (q.shift > 0) q = {1 << 30, 0};
  return q;
}

AddCase MakeCase(Rng& rng) {
  AddCase c;
  AddParams& p = c.params;
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
  p.left_shift = Chance(rng, 80) ? 20 : Uniform(rng, 0, 22);
  const Quantized q1 = RandomScaleBelowOne(rng), q2 = RandomScaleBelowOne(rng);
  const Quantized q_out = Quantize(std::exp2(Uniform(rng, -20, 20) / 10.0) /
                                   static_cast<double>(int64_t{1} << p.left_shift) * 2.0);
  p.input1_multiplier = q1.multiplier;
  p.input1_shift = q1.shift;
  p.input2_multiplier = q2.multiplier;
  p.input2_shift = q2.shift;
  p.output_multiplier = q_out.multiplier;
  p.output_shift = std::min(q_out.shift, 0);
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

KernelRun Runner(const AddCase& c, AddFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input1.data(), c.input2.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const AddCase& c, const Variant& v) {
  // add/ref and sub/ref need no scratch (tests/golden/scratch_sizes.tsv).
  ExpectBitExact(std::string(v.name) + " " + c.Name(), c.OutputBytes(), size_t{0}, Runner(c, v.ref),
                 v.scratch_bytes(c.params), Runner(c, v.add));
}

class X86Add : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Add, EqualsRefOverBroadcastSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8701 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 600; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Add, EqualsRefOnLongEqualShapes) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8702);
  for (const int32_t n : {1, 15, 16, 17, 63, 64, 65, 25 * 5 * 64}) {
    AddCase c = MakeCase(rng);
    for (int d = 0; d < kMaxBroadcastRank; ++d) {
      c.params.shapes.input1[d] = c.params.shapes.input2[d] = c.params.shapes.output[d] =
          d == kMaxBroadcastRank - 1 ? n : 1;
    }
    c.input1 = RandomBytes(rng, static_cast<size_t>(n));
    c.input2 = RandomBytes(rng, static_cast<size_t>(n));
    ExpectCaseBitExact(c, GetParam());
  }
}

// Every int8 input value against multipliers and shifts at their edges (zero, one below 2^31,
// INT32_MIN, negative; no shift and the largest right shifts) and offsets at +-128, for the
// left shifts where the x86 variants change their arithmetic (8/9 and 20/21).
TEST_P(X86Add, EqualsRefOnExtremeScalesShiftsAndOffsets) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8705);
  const int32_t shifts[] = {0, -1, -11, -30, -31};
  for (const int32_t left_shift : {0, 8, 9, 20, 21, 22}) {
    for (int i = 0; i < 60; ++i) {
      AddCase c = MakeCase(rng);
      AddParams& p = c.params;
      MakeEveryValueOperands(rng, 2 * 256, &p.shapes, &c.input1, &c.input2);
      p.left_shift = left_shift;
      p.input1_offset = Chance(rng, 50) ? 128 : -128;
      p.input2_offset = Chance(rng, 50) ? 128 : -RandomZeroPoint(rng);
      p.input1_multiplier = kEdgeMultipliers[Uniform(rng, 0, 5)];
      p.input2_multiplier = kEdgeMultipliers[Uniform(rng, 0, 5)];
      p.output_multiplier =
          Chance(rng, 50) ? kEdgeMultipliers[Uniform(rng, 0, 5)] : p.output_multiplier;
      p.input1_shift = shifts[Uniform(rng, 0, 4)];
      p.input2_shift = shifts[Uniform(rng, 0, 4)];
      p.output_shift = Chance(rng, 50) ? shifts[Uniform(rng, 0, 4)] : p.output_shift;
      ExpectCaseBitExact(c, GetParam());
      if (::testing::Test::HasFailure()) return;
    }
  }
}

// Input scales so small that each scaled input is a few units and the output scale is about
// one: every rounding step of the input rescales (SRDHM's and RoundingDivideByPOT's) shows in
// the output instead of vanishing under a large output shift.
TEST_P(X86Add, EqualsRefWhenEveryInputRoundingStepReachesTheOutput) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(8706);
  constexpr int32_t kCount = 256;
  for (int i = 0; i < 400; ++i) {
    AddCase c = MakeCase(rng);
    AddParams& p = c.params;
    for (int d = 0; d < kMaxBroadcastRank; ++d) {
      p.shapes.input1[d] = p.shapes.input2[d] = p.shapes.output[d] =
          d == kMaxBroadcastRank - 1 ? kCount : 1;
    }
    c.input1 = RandomBytes(rng, kCount);
    c.input2 = RandomBytes(rng, kCount);
    p.left_shift = Chance(rng, 50) ? 20 : Uniform(rng, 0, 22);
    // |v| * 2^L * m / 2^31 of a few units: m around 2^(31 - L - 8 + 3), either sign.
    const int32_t bits = 31 - p.left_shift - 5;
    const int32_t span = bits > 0 ? (1 << bits) : 1;
    p.input1_multiplier = Uniform(rng, -span, span);
    p.input2_multiplier = Uniform(rng, -span, span);
    p.input1_shift = -Uniform(rng, 0, 2);
    p.input2_shift = -Uniform(rng, 0, 2);
    p.output_multiplier = Chance(rng, 50) ? INT32_MAX : Uniform(rng, 1 << 30, INT32_MAX);
    p.output_shift = 0;
    ExpectCaseBitExact(c, GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

TEST_P(X86Add, NeedsNoScratch) {
  Rng rng(8703);
  EXPECT_EQ(GetParam().planned_scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Add, RejectsTheParamsRefRejects) {
  Rng rng(8704);
  AddCase c = MakeCase(rng);
  c.params.output_shift = 1;
  std::vector<int8_t> output(c.OutputBytes());
  const Status status =
      GetParam().add(c.params, c.input1.data(), c.input2.data(), output.data(), {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Add, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
