// strided_slice/x86_avx2 and strided_slice/x86_avx512vnni equal strided_slice/ref byte for byte
// over a seeded sweep of slices (ranks 1 to 6; forward, backward and single-element strides;
// innermost runs of stride 1 on and off the vector widths, so the vector row moves and their
// tails run, and innermost strides other than 1, so the element walk runs), on empty slices,
// refuse what ref refuses with ref's error, and need no scratch.
#include <gtest/gtest.h>

#include "ops/strided_slice/ref.h"
#include "ops/strided_slice/x86.h"
#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {
namespace {

using ScratchFn = size_t (*)(const StridedSliceParams&);
using SliceFn = Status (*)(const StridedSliceParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Variant {
  Isa isa;
  ScratchFn scratch_bytes;
  SliceFn slice;
};

void PrintTo(const Variant& v, std::ostream* os) { *os << IsaName(v.isa); }

constexpr Variant kVariants[] = {
    {Isa::kX86Avx2, &x86_avx2::StridedSliceScratchBytes, &x86_avx2::StridedSlice},
    {Isa::kX86Avx512Vnni, &x86_avx512vnni::StridedSliceScratchBytes, &x86_avx512vnni::StridedSlice},
};

struct SliceCase {
  std::vector<int32_t> shape, begin, stride, count;
  StridedSliceParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const {
    size_t n = 1;
    for (int32_t c : count) n *= static_cast<size_t>(c);
    return n;
  }
  std::string Name() const {
    std::ostringstream text;
    text << "strided_slice{";
    for (size_t d = 0; d < shape.size(); ++d) {
      text << shape[d] << ":" << begin[d] << "/" << stride[d] << "x" << count[d] << " ";
    }
    text << "}";
    return text.str();
  }
};

// Along each dimension: everything, a stretch with stride 1, every k-th element forwards or
// backwards, or one element; the innermost dimension is mostly a stride-1 run.
SliceCase MakeCase(Rng& rng) {
  SliceCase c;
  const int32_t rank = Uniform(rng, 1, kMaxStridedCopyRank);
  const int32_t sizes[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 130};
  size_t elements = 1;
  for (int32_t d = 0; d < rank; ++d) {
    const bool innermost = d == rank - 1;
    const int32_t size = sizes[Uniform(rng, 0, innermost ? 14 : 9)];
    int32_t begin = 0, stride = 1, count = size;
    const int kind = innermost && Chance(rng, 70) ? 1 : Uniform(rng, 0, 3);
    if (kind == 1) {  // a stretch with stride 1
      begin = Uniform(rng, 0, size - 1);
      count = Uniform(rng, 1, size - begin);
    } else if (kind == 2) {  // every k-th, either way
      stride = Uniform(rng, 1, 4) * (Chance(rng, 50) ? 1 : -1);
      begin = Uniform(rng, 0, size - 1);
      const int32_t room = stride > 0 ? size - 1 - begin : begin;
      count = 1 + Uniform(rng, 0, room / (stride > 0 ? stride : -stride));
    } else if (kind == 3) {  // one element
      begin = Uniform(rng, 0, size - 1);
      stride = Uniform(rng, -3, 3);
      count = 1;
    }
    c.shape.push_back(size);
    c.begin.push_back(begin);
    c.stride.push_back(stride == 0 ? 1 : stride);
    c.count.push_back(count);
    elements *= static_cast<size_t>(size);
  }
  if (elements > 300000) return MakeCase(rng);
  EXPECT_TRUE(MakeSliceWalk(rank, c.shape.data(), c.begin.data(), c.stride.data(), c.count.data(),
                            "test", &c.params)
                  .ok())
      << c.Name();
  c.input = RandomBytes(rng, elements);
  return c;
}

KernelRun Runner(const SliceCase& c, SliceFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

void ExpectCaseBitExact(const SliceCase& c, const Variant& v) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(), c.OutputBytes(),
                 ref::StridedSliceScratchBytes(c.params), Runner(c, &ref::StridedSlice),
                 v.scratch_bytes(c.params), Runner(c, v.slice));
}

class X86StridedSlice : public ::testing::TestWithParam<Variant> {};

TEST_P(X86StridedSlice, EqualsRefOverSliceSweep) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(9301 + static_cast<uint32_t>(GetParam().isa));
  for (int i = 0; i < 1500; ++i) {
    ExpectCaseBitExact(MakeCase(rng), GetParam());
    if (::testing::Test::HasFailure()) return;
  }
}

// Every innermost run length from 1 to 200 bytes, at every start offset modulo 4: the vector
// moves, their overlapping tails and the byte tails.
TEST_P(X86StridedSlice, EqualsRefOnEveryRunLength) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  Rng rng(9302);
  for (int32_t run = 1; run <= 200; ++run) {
    SliceCase c;
    c.shape = {3, 204};
    c.begin = {0, run % 4};
    c.stride = {1, 1};
    c.count = {3, run};
    ASSERT_TRUE(MakeSliceWalk(2, c.shape.data(), c.begin.data(), c.stride.data(), c.count.data(),
                              "test", &c.params)
                    .ok());
    c.input = RandomBytes(rng, 3 * 204);
    ExpectCaseBitExact(c, GetParam());
  }
}

TEST_P(X86StridedSlice, WritesNothingForAnEmptySlice) {
  ARENASTORE_SKIP_UNLESS_CPU_RUNS(GetParam().isa);
  SliceCase c;
  c.shape = {4, 9};
  c.begin = {1, 0};
  c.stride = {1, 1};
  c.count = {0, 9};
  ASSERT_TRUE(MakeSliceWalk(2, c.shape.data(), c.begin.data(), c.stride.data(), c.count.data(),
                            "test", &c.params)
                  .ok());
  c.input.assign(36, 1);
  EXPECT_TRUE(GetParam().slice(c.params, c.input.data(), nullptr, {}).ok());
}

TEST_P(X86StridedSlice, NeedsNoScratch) {
  Rng rng(9303);
  EXPECT_EQ(GetParam().scratch_bytes(MakeCase(rng).params), 0u);
}

TEST_P(X86StridedSlice, RejectsTheParamsRefRejects) {
  Rng rng(9304);
  const SliceCase c = MakeCase(rng);
  for (const auto& mutate : std::vector<std::function<void(StridedSliceParams&)>>{
           [](StridedSliceParams& p) { p.rank = 0; },
           [](StridedSliceParams& p) { p.rank = kMaxStridedCopyRank + 1; },
           [](StridedSliceParams& p) { p.count[0] = -1; },
           [](StridedSliceParams& p) { p.input_start = p.input_elements; },
           [](StridedSliceParams& p) { p.input_elements = -1; }}) {
    StridedSliceParams params = c.params;
    mutate(params);
    std::vector<int8_t> output(c.OutputBytes() + 1);
    const Status expected = ref::StridedSlice(params, c.input.data(), output.data(), {});
    const Status actual = GetParam().slice(params, c.input.data(), output.data(), {});
    EXPECT_EQ(expected.code(), ErrorCode::kKernelInvalidParams) << expected.message();
    EXPECT_EQ(actual.code(), expected.code()) << actual.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Isas, X86StridedSlice, ::testing::ValuesIn(kVariants),
                         [](const auto& info) { return std::string(IsaName(info.param.isa)); });

}  // namespace
}  // namespace arenastore::kernels::x86_testing
