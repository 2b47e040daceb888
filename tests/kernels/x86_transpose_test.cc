// transpose/x86_avx2 and transpose/x86_avx512vnni equal transpose/ref byte for byte over a
// seeded sweep (ranks 1 to 6, random permutations so the copied-run, 16x16-tile and byte-walk
// paths and their edges all run, size-1 dimensions, identity-like permutations) and on other
// checked walks (zero and negative steps), refuse what ref refuses, and need no scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "ops/transpose/ref.h"
#include "ops/transpose/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const TransposeParams&);
using TransposeFn = Status (*)(const TransposeParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  TransposeFn transpose;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::TransposeScratchBytes, &x86_avx2::Transpose},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::TransposeScratchBytes, &x86_avx512vnni::Transpose},
};

struct TransposeCase {
  std::vector<int32_t> shape, perm;
  TransposeParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const { return input.size(); }
  std::string Name() const {
    std::ostringstream text;
    text << "transpose{shape=";
    for (int32_t s : shape) text << s << " ";
    text << "perm=";
    for (int32_t d : perm) text << d << " ";
    text << "}";
    return text.str();
  }
};

TransposeCase MakeCase(Rng& rng) {
  TransposeCase c;
  const int32_t rank = Uniform(rng, 1, kMaxStridedCopyRank);
  const int32_t sizes[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 48, 70};
  size_t elements = 1;
  for (int32_t d = 0; d < rank; ++d) {
    const int32_t size = sizes[Uniform(rng, 0, 11)];  // MakeTransposeParams refuses empty ones
    c.shape.push_back(size);
    elements *= static_cast<size_t>(size);
  }
  if (elements > 200000) return MakeCase(rng);
  c.perm.resize(static_cast<size_t>(rank));
  std::iota(c.perm.begin(), c.perm.end(), 0);
  if (!Chance(rng, 10)) std::shuffle(c.perm.begin(), c.perm.end(), rng);
  EXPECT_TRUE(MakeTransposeParams(rank, c.shape.data(), c.perm.data(), &c.params).ok());
  c.input = RandomBytes(rng, elements);
  return c;
}

KernelRun Runner(const TransposeCase& c, TransposeFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const TransposeCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::TransposeScratchBytes(c.params), Runner(c, &ref::Transpose),
                 v.scratch_bytes(c.params), Runner(c, v.transpose));
}

class X86Transpose : public ::testing::TestWithParam<Variant> {};

TEST_P(X86Transpose, EqualsRefOverShapeSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(9201 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 1500; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Walks no transpose builds but the params allow: zero and negative steps (a tile read upwards),
// a start offset.
TEST_P(X86Transpose, EqualsRefOnOtherCheckedWalks) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(9202);
  struct Walk {
    int32_t rank, count[3], step[3], start;
  };
  for (const Walk& walk : {Walk{3, {2, 37, 20}, {0, -1, 37}, 36},
                           Walk{2, {37, 40}, {1, -37}, 39 * 37}, Walk{1, {40}, {-37}, 39 * 37}}) {
    TransposeCase c;
    c.input = RandomBytes(rng, 40 * 37);
    c.params.rank = walk.rank;
    c.params.input_elements = 40 * 37;
    c.params.input_start = walk.start;
    size_t outputs = 1;
    for (int d = 0; d < walk.rank; ++d) {
      c.params.count[d] = walk.count[d];
      c.params.input_step[d] = walk.step[d];
      outputs *= static_cast<size_t>(walk.count[d]);
    }
    ExpectBitExact(std::string(IsaName(GetParam().isa)) + " walk", outputs, 0,
                   Runner(c, &ref::Transpose), 0, Runner(c, GetParam().transpose));
  }
}

TEST_P(X86Transpose, NeedsNoScratch) {
  Rng rng(9203);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86Transpose, RejectsTheParamsRefRejects) {
  Rng rng(9204);
  TransposeCase c;
  do {
    c = MakeCase(rng);
  } while (c.input.empty());
  for (const auto& mutate : std::vector<std::function<void(TransposeParams&)>>{
           [](TransposeParams& p) { p.rank = 0; },
           [](TransposeParams& p) { p.rank = kMaxStridedCopyRank + 1; },
           [](TransposeParams& p) { p.count[0] = -1; },
           [](TransposeParams& p) { p.input_start = p.input_elements; },
           [](TransposeParams& p) { p.input_elements = -1; }}) {
    TransposeParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(c.input.size() + 1);
    const Status expected = ref::Transpose(params, c.input.data(), output.data(), {});
    const Status actual = GetParam().transpose(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86Transpose, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
