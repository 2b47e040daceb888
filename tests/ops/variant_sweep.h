// Variant sweeps: each swept op declares once, in its folder (ops/<op>/<op>_sweep_cases.cc), a
// seeded sweep of its params and data built into caller-given buffers, and one check holds
// every variant equal to ref on it within exactly its declared scratch. Run on the host by
// tests/ops/variant_sweep_test.cc (the Arm variants on the portable emulation of their
// intrinsics) and on the boards by tools/device/kernel_check.cc, so freestanding: no heap, no
// exceptions. Invariant: case i of a sweep is the same params and bytes wherever it is built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/registry.h"

namespace arenastore::kernels::sweep {

// Capacities every runner gives a case (the host on the heap, the device in external RAM): the
// largest case, add over every pair of int8 values, fills one input exactly.
inline constexpr size_t kDataBytes = 64 * 1024;
inline constexpr int32_t kMaxChannels = 1024;
inline constexpr size_t kScratchBytes = 256 * 1024;  // the x86 depthwise variants on wide cases
inline constexpr size_t kGuardBytes = 64;

// xorshift32 seeded from the sweep's seed and the case index, so a case never depends on the
// cases before it (a failure names an index that reproduces alone). No libc.
class Rng {
 public:
  Rng(uint32_t seed, int32_t index);
  uint32_t Next();
  int32_t Uniform(int32_t low, int32_t high);  // inclusive
  bool Chance(int32_t percent) { return Uniform(0, 99) < percent; }
  // A zero point that is often an edge of the int8 range.
  int32_t ZeroPoint();
  // A Q31 multiplier in [2^30, 2^31), as TensorFlow Lite's scales quantize.
  int32_t Multiplier() { return static_cast<int32_t>((1u << 30) + (Next() >> 2)); }
  void Fill(int8_t* data, size_t count);

 private:
  uint32_t state_;
};

// Where a case writes its data; every span is at least the capacities above.
struct Buffers {
  std::span<int8_t> input;    // input, or add's first operand
  std::span<int8_t> weights;  // filter, or add's second operand
  std::span<int32_t> bias, multipliers, shifts;
};

struct Case {
  OpParams params;
  const void* inputs[kMaxOpInputs];
  int32_t num_inputs;
  size_t output_bytes;
  // Each input's bytes, which every sweep of an op with an over-input or a split form must say:
  // the first's is where the over-input form puts it, and the split check changes the bytes of
  // every input a split form runs on (not prepares). 0: empty (or, left unsaid, never changed).
  size_t input_bytes[kMaxOpInputs];
  char shape[112];  // names the case in a failure, e.g. "9x9x4 f3x3 oc8 g1 s2 d1"
};

// A sweep: case_count cases made by `make`, which returns an error when a case would not fit
// the buffers; `make_invalid` (optional) makes params that ref refuses, which every variant
// must refuse too (kKernelInvalidParams).
struct Sweep {
  OpKind op;
  int32_t case_count;
  Status (*make)(int32_t index, const Buffers& buffers, Case* out);
  Status (*make_invalid)(const Buffers& buffers, Case* out);
};

// Every swept op's sweep, in op-list order (generated/ops/swept_ops.h: the ops whose folder
// holds a <op>_sweep_cases.cc).
std::span<const Sweep* const> AllSweeps();

// ---- generator helpers shared by the sweeps ----

// Output extent of a padded, dilated, strided window; 0 when the window does not fit.
int32_t OutputSize(int32_t in, int32_t pad_before, int32_t pad_after, int32_t filter,
                   int32_t dilation, int32_t stride);
// SAME padding, as TensorFlow Lite's converter sets it: the output is the input over the
// stride (rounded up), the padding centred (the odd pixel after); returns the padding before.
int32_t SamePadding(int32_t in, int32_t filter, int32_t stride, int32_t* out);
int32_t Log2(int32_t value);
// A pool's padding and output extent: up to filter - 1 + `extra` pixels before each dimension
// (some windows wholly in it when extra > 0) and up to filter - 1 after; none when !padded.
void RandomPoolPadding(Rng& rng, bool padded, int32_t extra, Pool2dParams& p);
// Per-channel requantization in `buffers` that mostly lands an accumulator of `depth` products
// in int8, one channel in eight scaled up 64 times to saturate.
Requantization RandomRequant(Rng& rng, const Buffers& buffers, int32_t channels, int32_t depth);
// One requantization scale: real = multiplier * 2^(shift - 31).
struct Scale {
  int32_t multiplier, shift;
};
// A scale that mostly lands an accumulator of `depth` products in int8; one in eight saturates,
// one in sixteen is a power of two (exact ties in the rounding shift), one in sixteen is above
// one (a left shift).
Scale RandomScale(Rng& rng, int32_t depth);
// A scale below one as TensorFlow Lite's converter makes them (shift in [-30, -1]: the
// x86_avx512vnni kernels' short requantization form), one in four with an edge multiplier (0, 1,
// 2^30 with its exact ties, INT32_MAX) or an edge shift (-1, -30).
Scale RandomScaleBelowOne(Rng& rng, int32_t depth);
// Per-channel requantization in `buffers` of RandomScale's (or RandomScaleBelowOne's) scales.
Requantization RandomScales(Rng& rng, const Buffers& buffers, int32_t channels, int32_t depth,
                            bool below_one);

// Mostly realistic biases, one case in ten at the int32 edges: any bias is valid in an artifact
// and the accumulator add wraps, in ref and in every variant. Null one case in five.
const int32_t* RandomBias(Rng& rng, const Buffers& buffers, int32_t channels);
void RandomActivation(Rng& rng, int32_t* low, int32_t* high);
// RandomActivation's, or one case in ten a range beyond int8 (from -200 to -150..300), where
// ref's int8 cast of the clamped value wraps.
void RandomActivationBeyondInt8(Rng& rng, int32_t* low, int32_t* high);
// kKernelInvalidParams unless `bytes` fit `capacity` (the case is too large for the runner).
Status CheckFits(size_t bytes, size_t capacity, const char* what);
// The same for a case's input, weights (or second operand), output and channel count.
Status CheckCaseFits(size_t input_bytes, size_t weights_bytes, size_t output_bytes,
                     int32_t channels);
// The tail a convolution's case shares (conv2d, depthwise_conv2d): checks the sizes fit, sets
// the kind (int8), draws per-channel requantization for `depth` products, random input and
// filter, a bias (or none), and the operands.
struct ConvSizes {
  size_t input_bytes, filter_bytes, output_bytes;
  int32_t channels, depth;
};
Status FillConvCase(Rng& rng, const Buffers& buffers, OpKind kind, const ConvSizes& sizes,
                    Requantization* requant, Case* out);
// The x86 parts of the convolutions' sweeps on top of FillConvCase: per-channel scales of every
// kind (RandomScales), input and filter bytes at the int8 edges, and with `biases_at_limit` (and
// a bias) biases near the short requantization form's limit, +-(2^29 - 1), and just past it.
void FillEdgeConvCase(Rng& rng, const Buffers& buffers, const ConvSizes& sizes, bool below_one,
                      bool biases_at_limit, Requantization* requant, Case* out);
// The case's operands: `count` inputs, a null `inputs[k]` standing for an absent optional one.
void SetInputs(Case* out, std::initializer_list<const void*> inputs);

// Bytes of which a random share (up to 30%) sits at -128 or 127, where saturation and sign
// handling break first; the rest uniform.
void FillTowardEdges(Rng& rng, int8_t* data, size_t count);
// Every int8 value in turn (0, 1, .., 127, -128, ..), `count` bytes.
void FillEveryValue(int8_t* data, size_t count);
// Equal flat broadcast shapes of `count` elements (an elementwise op's vector path).
void FlatShapes(int32_t count, BroadcastShapes& shapes);
// Elements of a broadcast shape (kMaxBroadcastRank dims).
size_t BroadcastCount(const int32_t* dims);
// A binary elementwise op's operands, of Case::input_bytes each: the first every int8 value in
// turn (or edge-biased bytes), the second edge-biased.
void FillBinaryOperands(Rng& rng, const Buffers& buffers, bool every_value, Case* out);

// A pooling case's bytes: input and output.
size_t Pool2dInputBytes(const Pool2dParams& p);
size_t Pool2dOutputBytes(const Pool2dParams& p);
// Output rows longer than the x86 pooling kernels' stack buffers: up to 120 wide, one case in
// seven `many` channels (past the buffers: the per-pixel path), one in three `lanes` << 0..2
// (the stride-2 permuting gather), padded half the time, `extra_percent` of cases with 40 more
// pixels of it before (whole windows in it); redrawn until input and output fit the buffers.
struct WideRowChannels {
  int32_t many_low, many_high, lanes;
};
void RandomWideRowPool(Rng& rng, const WideRowChannels& channels, int32_t extra_percent,
                       Pool2dParams& p);
// A pooling case's sizes, kind, input and name; kKernelInvalidParams when it does not fit. The
// caller fills the input.
Status SetPool2dCase(OpKind kind, const Pool2dParams& p, const Buffers& buffers, Case* out);

// ---- the check ----

// What a runner gives the check: buffers for the case, ref's and the variant's outputs, and a
// scratch area of kScratchBytes + 2 * kGuardBytes, 16-byte aligned.
struct Work {
  Buffers buffers;
  std::span<int8_t> expected, actual;  // kDataBytes each
  std::span<uint8_t> scratch_area;
};

// The first problem of one (op, variant) over its sweep.
struct Tally {
  int32_t cases = 0;
  int32_t failures = 0;
  int32_t first_case = -1;  // -1: the invalid-params case
  char first_shape[112] = {};
  char first_problem[160] = {};
};

// Runs every case of `sweep` through ref and through `variant` (whose eval is `eval`: the
// registry's, or an emulation on the host) with exactly each one's declared scratch between
// guard bytes, under two fill patterns, and compares outputs byte for byte (and the bytes past
// the output, which nobody may write); then the invalid case, which both must refuse.
Tally CheckVariant(const Sweep& sweep, const KernelEntry& variant, EvalFn eval, const Work& work);

// Runs every case of `sweep` through ref and through `variant`'s split form (kernels/
// kernel_state.h) as a host executor runs it, under two fill patterns: prepared once within
// exactly the form's declared split scratch between guards, with the bytes of every input it
// runs on changed (prepare may read its constant inputs only), run on those bytes, then on the
// case's (restored in place: a case's inputs live in the caller's buffers); the second output
// must equal ref's byte for byte. Then the invalid case, which prepare must refuse. No cases
// when the variant has no split form built (a Cortex-M build has none).
Tally CheckSplit(const Sweep& sweep, const KernelEntry& variant, const Work& work);

// Runs every case of `sweep` to which `variant`'s over-input form (kernels/exec_form.h) applies:
// ref's whole kernel into its own output, and the form on a copy of the input with its output
// where the form puts it (at the input's first byte, or ending at its last when larger), within
// exactly the form's declared scratch; outputs compare byte for byte. `applied` counts the cases
// the form applied to. `eval` runs the form: the registry's when null (a host's emulated Arm
// form otherwise, tests/ops/host_sweep_runner.h).
Tally CheckOverInput(const Sweep& sweep, const KernelEntry& variant, const Work& work,
                     int32_t* applied, EvalFn eval = nullptr);

}  // namespace arenastore::kernels::sweep
