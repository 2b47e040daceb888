// Shared by the x86 pooling tests (x86_average_pool2d_test.cc, x86_max_pool2d_test.cc): a variant
// under test, a seeded random pooling case (shapes, strides, padding, inputs at the int8 edges;
// the activation range is the caller's) and its comparison with ref on exactly the declared
// scratch (x86_test_support.h). Test-only code: heap OK.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "tests/kernels/x86_test_support.h"

namespace arenastore::kernels::x86_testing {

using Pool2dScratchFn = size_t (*)(const Pool2dParams&);
using Pool2dFn = Status (*)(const Pool2dParams&, const int8_t*, int8_t*, std::span<uint8_t>);

struct Pool2dVariant {
  Isa isa;
  Pool2dScratchFn scratch_bytes;
  Pool2dFn pool;
};

inline void PrintTo(const Pool2dVariant& v, std::ostream* os) { *os << IsaName(v.isa); }

struct Pool2dCase {
  Pool2dParams params{};
  std::vector<int8_t> input;

  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.channels;
  }
  std::string Name(const char* op) const {
    const Pool2dParams& p = params;
    return Describe(op, {{"batches", p.batches},
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

// Padding up to filter - 1 + extra_padding before each dimension: with no extra, every window
// lies partly inside the image; with some, windows may lie wholly in the padding. The activation
// range is left at [-128, 127].
inline Pool2dCase RandomPool2dCase(Rng& rng, int32_t channels, int32_t extra_padding) {
  Pool2dCase c;
  Pool2dParams& p = c.params;
  p.batches = Uniform(rng, 1, 2);
  p.input_h = Uniform(rng, 1, 12);
  p.input_w = Uniform(rng, 1, 12);
  p.channels = channels;
  p.filter_h = Uniform(rng, 1, std::min(p.input_h, 6));
  p.filter_w = Uniform(rng, 1, std::min(p.input_w, 6));
  p.stride_h = Uniform(rng, 1, 3);
  p.stride_w = Uniform(rng, 1, 3);
  p.pad_top = Uniform(rng, 0, p.filter_h - 1 + extra_padding);
  p.pad_left = Uniform(rng, 0, p.filter_w - 1 + extra_padding);
  p.output_h =
      OutputSize(p.input_h, p.pad_top, Uniform(rng, 0, p.filter_h - 1), p.filter_h, 1, p.stride_h);
  p.output_w =
      OutputSize(p.input_w, p.pad_left, Uniform(rng, 0, p.filter_w - 1), p.filter_w, 1, p.stride_w);
  p.activation_min = -128;
  p.activation_max = 127;
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * channels);
  return c;
}

// A case of the given geometry; half the time with padding up to filter - 1 + extra_padding
// before and filter - 1 after each dimension (windows at the edges count fewer elements, per
// row and per column; with extra padding some may lie wholly in it). The activation range is
// left at [-128, 127].
inline Pool2dCase ShapedPool2dCase(Rng& rng, int32_t in_h, int32_t in_w, int32_t channels,
                                   int32_t filter_h, int32_t filter_w, int32_t stride_h,
                                   int32_t stride_w, int32_t extra_padding) {
  Pool2dCase c;
  Pool2dParams& p = c.params;
  p.batches = Uniform(rng, 1, 2);
  p.input_h = in_h;
  p.input_w = in_w;
  p.channels = channels;
  p.filter_h = filter_h;
  p.filter_w = filter_w;
  p.stride_h = stride_h;
  p.stride_w = stride_w;
  const bool padded = Chance(rng, 50);
  auto pad = [&](int32_t filter, int32_t extra) {
    return padded ? Uniform(rng, 0, filter - 1 + extra) : 0;
  };
  p.pad_top = pad(filter_h, extra_padding);
  p.pad_left = pad(filter_w, extra_padding);
  p.output_h = OutputSize(in_h, p.pad_top, pad(filter_h, 0), filter_h, 1, stride_h);
  p.output_w = OutputSize(in_w, p.pad_left, pad(filter_w, 0), filter_w, 1, stride_w);
  p.activation_min = -128;
  p.activation_max = 127;
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * in_h * in_w * channels);
  return c;
}

inline KernelRun Pool2dRunner(const Pool2dCase& c, Pool2dFn fn) {
  return [&c, fn](std::span<uint8_t> scratch, int8_t* output) {
    return fn(c.params, c.input.data(), output, scratch);
  };
}

// The variant against ref_pool (whose size function is ref_scratch), named "<isa> <op>{...}".
inline void ExpectPool2dBitExact(const char* op, const Pool2dCase& c, const Pool2dVariant& v,
                                 Pool2dScratchFn ref_scratch, Pool2dFn ref_pool) {
  ExpectBitExact(std::string(IsaName(v.isa)) + " " + c.Name(op), c.OutputBytes(),
                 ref_scratch(c.params), Pool2dRunner(c, ref_pool), v.scratch_bytes(c.params),
                 Pool2dRunner(c, v.pool));
}

}  // namespace arenastore::kernels::x86_testing
