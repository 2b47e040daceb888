#include "tests/ops/variant_sweep.h"

#include <cstdarg>
#include <cstring>

#include "base/format.h"
#include "kernels/kernel_state.h"
#include "ops/swept_ops.h"

namespace arenastore::kernels::sweep {

#define ARENASTORE_DECLARE_SWEEP(name, Name) extern const Sweep k##Name##Sweep;
ARENASTORE_FOR_EACH_SWEPT_OP(ARENASTORE_DECLARE_SWEEP)
#undef ARENASTORE_DECLARE_SWEEP

namespace {
constexpr const Sweep* kSweeps[] = {
#define ARENASTORE_SWEEP_ENTRY(name, Name) &k##Name##Sweep,
    ARENASTORE_FOR_EACH_SWEPT_OP(ARENASTORE_SWEEP_ENTRY)
#undef ARENASTORE_SWEEP_ENTRY
};
}  // namespace

std::span<const Sweep* const> AllSweeps() { return kSweeps; }

Rng::Rng(uint32_t seed, int32_t index)
    : state_(seed * 0x9e3779b9u ^ (static_cast<uint32_t>(index) + 1u) * 0x85ebca6bu) {
  if (state_ == 0) state_ = 0x2545f491u;
  for (int i = 0; i < 4; ++i) Next();  // spread nearby seeds apart
}

uint32_t Rng::Next() {
  state_ ^= state_ << 13;
  state_ ^= state_ >> 17;
  state_ ^= state_ << 5;
  return state_;
}

int32_t Rng::Uniform(int32_t low, int32_t high) {
  const uint32_t range = static_cast<uint32_t>(high) - static_cast<uint32_t>(low) + 1u;
  return static_cast<int32_t>(static_cast<uint32_t>(low) + (range == 0 ? Next() : Next() % range));
}

int32_t Rng::ZeroPoint() {
  const int32_t pick = Uniform(0, 4);
  return pick == 0 ? -128 : pick == 1 ? 127 : pick == 2 ? 0 : Uniform(-128, 127);
}

void Rng::Fill(int8_t* data, size_t count) {
  for (size_t i = 0; i < count; ++i) data[i] = static_cast<int8_t>(Next() >> 24);
}

int32_t OutputSize(int32_t in, int32_t pad_before, int32_t pad_after, int32_t filter,
                   int32_t dilation, int32_t stride) {
  const int32_t room = in + pad_before + pad_after - ((filter - 1) * dilation + 1);
  return room < 0 ? 0 : room / stride + 1;
}

int32_t SamePadding(int32_t in, int32_t filter, int32_t stride, int32_t* out) {
  *out = (in + stride - 1) / stride;
  const int32_t padding = (*out - 1) * stride + filter - in;
  return padding > 0 ? padding / 2 : 0;
}

void RandomPoolPadding(Rng& rng, bool padded, int32_t extra, Pool2dParams& p) {
  auto pad = [&](int32_t filter, int32_t more) {
    return padded ? rng.Uniform(0, filter - 1 + more) : 0;
  };
  p.pad_top = pad(p.filter_h, extra);
  p.pad_left = pad(p.filter_w, extra);
  p.output_h = OutputSize(p.input_h, p.pad_top, pad(p.filter_h, 0), p.filter_h, 1, p.stride_h);
  p.output_w = OutputSize(p.input_w, p.pad_left, pad(p.filter_w, 0), p.filter_w, 1, p.stride_w);
}

int32_t Log2(int32_t value) {
  int32_t log = 0;
  for (; value > 1; value >>= 1) ++log;
  return log;
}

Requantization RandomRequant(Rng& rng, const Buffers& buffers, int32_t channels, int32_t depth) {
  for (int32_t c = 0; c < channels; ++c) {
    buffers.multipliers[c] = rng.Multiplier();
    buffers.shifts[c] = -(7 + Log2(depth) / 2) + rng.Uniform(-2, 2) + (rng.Chance(12) ? 6 : 0);
  }
  return {buffers.multipliers.data(), buffers.shifts.data(), channels};
}

Scale RandomScale(Rng& rng, int32_t depth) {
  const int32_t typical_shift = -(6 + Log2(depth) / 2);
  const int32_t pick = rng.Uniform(0, 15);
  if (pick == 0) return {1 << 30, -rng.Uniform(0, 12)};
  if (pick == 1) return {rng.Multiplier(), rng.Uniform(1, 5)};
  return {rng.Multiplier(), typical_shift + rng.Uniform(-2, 2) + (pick <= 3 ? 6 : 0)};
}

Scale RandomScaleBelowOne(Rng& rng, int32_t depth) {
  const int32_t shift = -(6 + Log2(depth) / 2) + rng.Uniform(-4, 2);
  Scale scale{rng.Multiplier(), shift > -1 ? -1 : shift < -30 ? -30 : shift};
  const int32_t pick = rng.Uniform(0, 15);
  if (pick == 0) scale.multiplier = rng.Uniform(0, 1);
  if (pick == 1) scale.multiplier = 1 << 30;
  if (pick == 2) scale.multiplier = INT32_MAX;
  if (pick == 3) scale.shift = rng.Chance(50) ? -1 : -30;
  return scale;
}

Requantization RandomScales(Rng& rng, const Buffers& buffers, int32_t channels, int32_t depth,
                            bool below_one) {
  for (int32_t c = 0; c < channels; ++c) {
    const Scale scale = below_one ? RandomScaleBelowOne(rng, depth) : RandomScale(rng, depth);
    buffers.multipliers[c] = scale.multiplier;
    buffers.shifts[c] = scale.shift;
  }
  return {buffers.multipliers.data(), buffers.shifts.data(), channels};
}

const int32_t* RandomBias(Rng& rng, const Buffers& buffers, int32_t channels) {
  const bool extreme = rng.Chance(10);
  for (int32_t c = 0; c < channels; ++c) {
    buffers.bias[c] = !extreme ? rng.Uniform(-40000, 40000)
                      : rng.Chance(50)
                          ? static_cast<int32_t>(0x7fffffff - rng.Uniform(0, 1000))
                          : static_cast<int32_t>(-0x7fffffff - 1 + rng.Uniform(0, 1000));
  }
  return rng.Chance(80) ? buffers.bias.data() : nullptr;
}

void RandomActivation(Rng& rng, int32_t* low, int32_t* high) {
  *low = -128;
  *high = 127;
  if (rng.Chance(40)) {
    *low = rng.Uniform(-128, 0);
    *high = rng.Uniform(*low, 127);
  }
}

void RandomActivationBeyondInt8(Rng& rng, int32_t* low, int32_t* high) {
  if (!rng.Chance(10)) return RandomActivation(rng, low, high);
  *low = -200;
  *high = rng.Uniform(-150, 300);
}

Status CheckFits(size_t bytes, size_t capacity, const char* what) {
  ARENASTORE_CHECK_OR_RETURN(bytes <= capacity, ErrorCode::kKernelInvalidParams,
                             "the case's %s (%zu) exceeds the sweep's buffers (%zu)", what, bytes,
                             capacity);
  return Status::Ok();
}

Status CheckCaseFits(size_t input_bytes, size_t weights_bytes, size_t output_bytes,
                     int32_t channels) {
  ARENASTORE_RETURN_IF_ERROR(CheckFits(input_bytes, kDataBytes, "input"));
  ARENASTORE_RETURN_IF_ERROR(CheckFits(weights_bytes, kDataBytes, "weights"));
  ARENASTORE_RETURN_IF_ERROR(CheckFits(output_bytes, kDataBytes, "output"));
  return CheckFits(static_cast<size_t>(channels), kMaxChannels, "channel count");
}

Status FillConvCase(Rng& rng, const Buffers& buffers, OpKind kind, const ConvSizes& sizes,
                    Requantization* requant, Case* out) {
  out->output_bytes = sizes.output_bytes;
  out->input_bytes[0] = sizes.input_bytes;
  ARENASTORE_RETURN_IF_ERROR(
      CheckCaseFits(sizes.input_bytes, sizes.filter_bytes, sizes.output_bytes, sizes.channels));
  *requant = RandomRequant(rng, buffers, sizes.channels, sizes.depth);
  out->params.kind = kind;
  out->params.dtype = KernelDtype::kInt8;
  rng.Fill(buffers.input.data(), sizes.input_bytes);
  rng.Fill(buffers.weights.data(), sizes.filter_bytes);
  SetInputs(out, {buffers.input.data(), buffers.weights.data(),
                  RandomBias(rng, buffers, sizes.channels)});
  return Status::Ok();
}

void FillEdgeConvCase(Rng& rng, const Buffers& buffers, const ConvSizes& sizes, bool below_one,
                      bool biases_at_limit, Requantization* requant, Case* out) {
  *requant = RandomScales(rng, buffers, sizes.channels, sizes.depth, below_one);
  FillTowardEdges(rng, buffers.input.data(), sizes.input_bytes);
  FillTowardEdges(rng, buffers.weights.data(), sizes.filter_bytes);
  if (!biases_at_limit || out->inputs[2] == nullptr) return;
  for (int32_t c = 0; c < sizes.channels; ++c) {
    buffers.bias[c] = (rng.Chance(50) ? 1 : -1) * ((1 << 29) - rng.Uniform(-2, 40));
  }
}

void SetInputs(Case* out, std::initializer_list<const void*> inputs) {
  out->num_inputs = 0;
  for (const void* input : inputs) out->inputs[out->num_inputs++] = input;
}

void FillTowardEdges(Rng& rng, int8_t* data, size_t count) {
  const int32_t edge_percent = rng.Uniform(0, 30);
  for (size_t i = 0; i < count; ++i) {
    data[i] = static_cast<int8_t>(!rng.Chance(edge_percent) ? rng.Uniform(-128, 127)
                                  : rng.Chance(50)          ? -128
                                                            : 127);
  }
}

void FillEveryValue(int8_t* data, size_t count) {
  for (size_t i = 0; i < count; ++i) data[i] = static_cast<int8_t>(i);
}

void FlatShapes(int32_t count, BroadcastShapes& shapes) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    shapes.input1[d] = shapes.input2[d] = shapes.output[d] = d == kMaxBroadcastRank - 1 ? count : 1;
  }
}

size_t BroadcastCount(const int32_t* dims) {
  size_t count = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) count *= static_cast<size_t>(dims[d]);
  return count;
}

void FillBinaryOperands(Rng& rng, const Buffers& buffers, bool every_value, Case* out) {
  if (every_value) {
    FillEveryValue(buffers.input.data(), out->input_bytes[0]);
  } else {
    FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  }
  FillTowardEdges(rng, buffers.weights.data(), out->input_bytes[1]);
  SetInputs(out, {buffers.input.data(), buffers.weights.data()});
}

size_t Pool2dInputBytes(const Pool2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels;
}

size_t Pool2dOutputBytes(const Pool2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.channels;
}

void RandomWideRowPool(Rng& rng, const WideRowChannels& channels, int32_t extra_percent,
                       Pool2dParams& p) {
  do {
    p.batches = rng.Uniform(1, 2);
    p.channels =
        rng.Chance(15) ? rng.Uniform(channels.many_low, channels.many_high) : rng.Uniform(1, 100);
    if (rng.Chance(35)) p.channels = channels.lanes << rng.Uniform(0, 2);
    p.filter_h = rng.Uniform(1, 6);
    p.filter_w = rng.Uniform(1, 8);
    p.input_h = rng.Uniform(p.filter_h, 8);
    p.input_w = rng.Uniform(p.filter_w + 20, 120);
    p.stride_h = rng.Uniform(1, 3);
    p.stride_w = rng.Uniform(1, 3);
    const bool padded = rng.Chance(50);
    const int32_t extra = rng.Chance(extra_percent) ? 40 : 0;
    RandomPoolPadding(rng, padded, extra, p);
  } while (Pool2dInputBytes(p) > kDataBytes || Pool2dOutputBytes(p) > kDataBytes);
}

Status SetPool2dCase(OpKind kind, const Pool2dParams& p, const Buffers& buffers, Case* out) {
  out->input_bytes[0] = Pool2dInputBytes(p);
  out->output_bytes = Pool2dOutputBytes(p);
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, p.channels));
  out->params.kind = kind;
  out->params.dtype = KernelDtype::kInt8;
  SetInputs(out, {buffers.input.data()});
  Format(out->shape, sizeof(out->shape),
         "n%d %dx%dx%d f%dx%d s%d,%d pad %d,%d oh%d ow%d act [%d, %d]", p.batches, p.input_h,
         p.input_w, p.channels, p.filter_h, p.filter_w, p.stride_h, p.stride_w, p.pad_top,
         p.pad_left, p.output_h, p.output_w, p.activation_min, p.activation_max);
  return Status::Ok();
}

namespace {

constexpr uint8_t kPatterns[] = {0xa5, 0x5a};

// Exactly `bytes` of scratch between guards filled with `pattern`.
std::span<uint8_t> GuardedScratch(const Work& work, size_t bytes, uint8_t pattern) {
  std::memset(work.scratch_area.data(), pattern, kGuardBytes * 2 + bytes);
  return work.scratch_area.subspan(kGuardBytes, bytes);
}

bool GuardsIntact(const Work& work, size_t bytes, uint8_t pattern) {
  for (size_t i = 0; i < kGuardBytes; ++i) {
    if (work.scratch_area[i] != pattern || work.scratch_area[kGuardBytes + bytes + i] != pattern) {
      return false;
    }
  }
  return true;
}

// The case's operands, writing into `output`.
OpOperands OperandsOf(const Case& c, int8_t* output) {
  OpOperands operands{};
  for (int32_t k = 0; k < c.num_inputs; ++k) operands.inputs[k] = c.inputs[k];
  operands.num_inputs = c.num_inputs;
  operands.outputs[0] = output;
  operands.num_outputs = 1;
  return operands;
}

// Runs `eval` on the case into `output` (pre-filled with `pattern`, past the output too).
Status Run(const Case& c, const KernelEntry& entry, EvalFn eval, const Work& work,
           std::span<int8_t> output, uint8_t pattern, bool* guards_intact) {
  const size_t scratch_bytes = entry.scratch_bytes(c.params);
  ARENASTORE_RETURN_IF_ERROR(CheckFits(scratch_bytes, kScratchBytes, "scratch"));
  std::memset(output.data(), pattern, output.size());
  const Status status =
      eval(c.params, OperandsOf(c, output.data()), GuardedScratch(work, scratch_bytes, pattern));
  *guards_intact = GuardsIntact(work, scratch_bytes, pattern);
  return status;
}

void Fail(Tally* tally, int32_t index, const Case& c, const char* format, ...)
    __attribute__((format(printf, 4, 5)));
void Fail(Tally* tally, int32_t index, const Case& c, const char* format, ...) {
  if (tally->failures++ > 0) return;
  tally->first_case = index;
  Format(tally->first_shape, sizeof(tally->first_shape), "%s", c.shape);
  va_list args;
  va_start(args, format);
  FormatV(tally->first_problem, sizeof(tally->first_problem), format, args);
  va_end(args);
}

// ref's output against the variant's, and the bytes past them (both pre-filled alike).
void CompareOutputs(const Case& c, int32_t index, const Work& work, Tally* tally) {
  const size_t checked = c.output_bytes + kGuardBytes < work.actual.size()
                             ? c.output_bytes + kGuardBytes
                             : work.actual.size();
  for (size_t at = 0; at < checked; ++at) {
    if (work.actual[at] == work.expected[at]) continue;
    if (at >= c.output_bytes) {
      return Fail(tally, index, c, "wrote byte %zu past its %zu output bytes", at, c.output_bytes);
    }
    return Fail(tally, index, c, "output byte %zu of %zu differs: ref %d, variant %d", at,
                c.output_bytes, work.expected[at], work.actual[at]);
  }
}

// One case under one pattern: ref, the variant, and the first difference.
void CheckCase(const Case& c, int32_t index, const KernelEntry& ref, const KernelEntry& variant,
               EvalFn eval, const Work& work, uint8_t pattern, Tally* tally) {
  bool intact = false;
  const Status expected = Run(c, ref, ref.eval, work, work.expected, pattern, &intact);
  if (!expected.ok()) return Fail(tally, index, c, "ref failed: %s", expected.message());
  const Status actual = Run(c, variant, eval, work, work.actual, pattern, &intact);
  if (!actual.ok()) return Fail(tally, index, c, "%s", actual.message());
  if (!intact) {
    return Fail(tally, index, c, "wrote outside its %zu declared scratch bytes",
                variant.scratch_bytes(c.params));
  }
  CompareOutputs(c, index, work, tally);
}

// Changes the bytes of every input the split form runs on, each by its own mask (two operands
// on one buffer still change); a second call restores them.
void FlipRunInputs(const Case& c, uint32_t constant_inputs) {
  for (int32_t k = 0; k < c.num_inputs; ++k) {
    if (((constant_inputs >> k) & 1u) != 0 || c.inputs[k] == nullptr) continue;
    const auto mask = static_cast<int8_t>(0x5a ^ (k * 0x69));
    auto* bytes = static_cast<int8_t*>(const_cast<void*>(c.inputs[k]));
    for (size_t i = 0; i < c.input_bytes[k]; ++i) bytes[i] = static_cast<int8_t>(bytes[i] ^ mask);
  }
}

// One case under one pattern through the split form: prepare and a run on other input bytes,
// then the run on the case's, against ref's whole kernel.
void CheckSplitCase(const Case& c, int32_t index, const KernelEntry& ref, const SplitKernel& split,
                    const Work& work, uint8_t pattern, Tally* tally) {
  bool intact = false;
  const Status expected = Run(c, ref, ref.eval, work, work.expected, pattern, &intact);
  if (!expected.ok()) return Fail(tally, index, c, "ref failed: %s", expected.message());
  const size_t scratch_bytes = split.scratch_bytes(c.params);
  const Status fits = CheckFits(scratch_bytes, kScratchBytes, "split scratch");
  if (!fits.ok()) return Fail(tally, index, c, "%s", fits.message());
  std::memset(work.actual.data(), pattern, work.actual.size());
  const OpOperands operands = OperandsOf(c, work.actual.data());
  const std::span<uint8_t> scratch = GuardedScratch(work, scratch_bytes, pattern);
  FlipRunInputs(c, split.constant_inputs);
  KernelState state{};
  Status status = split.prepare(c.params, operands, scratch, &state);
  if (status.ok()) status = split.run(c.params, operands, scratch, state);
  FlipRunInputs(c, split.constant_inputs);  // the case's bytes again
  if (status.ok()) status = split.run(c.params, operands, scratch, state);
  if (!status.ok()) return Fail(tally, index, c, "split: %s", status.message());
  if (!GuardsIntact(work, scratch_bytes, pattern)) {
    return Fail(tally, index, c, "split: wrote outside its %zu declared split scratch bytes",
                scratch_bytes);
  }
  CompareOutputs(c, index, work, tally);
}

void CheckInvalid(const Sweep& sweep, const KernelEntry& ref, const KernelEntry& variant,
                  EvalFn eval, const Work& work, Tally* tally) {
  Case c{};
  const Status made = sweep.make_invalid(work.buffers, &c);
  ++tally->cases;
  if (!made.ok()) return Fail(tally, -1, c, "cannot make the case: %s", made.message());
  bool intact = false;
  const Status expected = Run(c, ref, ref.eval, work, work.expected, kPatterns[0], &intact);
  if (expected.code() != ErrorCode::kKernelInvalidParams) {
    return Fail(tally, -1, c, "ref accepts the invalid params (%s)", expected.message());
  }
  const Status actual = Run(c, variant, eval, work, work.actual, kPatterns[0], &intact);
  if (actual.code() != ErrorCode::kKernelInvalidParams) {
    return Fail(tally, -1, c, "accepts params ref refuses (%s)", actual.message());
  }
}

}  // namespace

Tally CheckVariant(const Sweep& sweep, const KernelEntry& variant, EvalFn eval, const Work& work) {
  Tally tally;
  const KernelEntry* ref = ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  for (int32_t index = 0; index < sweep.case_count; ++index) {
    Case c{};
    const Status made = sweep.make(index, work.buffers, &c);
    ++tally.cases;
    if (!made.ok()) {
      Fail(&tally, index, c, "cannot make the case: %s", made.message());
      continue;
    }
    for (const uint8_t pattern : kPatterns) {
      const int32_t failures = tally.failures;
      CheckCase(c, index, *ref, variant, eval, work, pattern, &tally);
      if (tally.failures != failures) break;  // one count per case
    }
  }
  if (sweep.make_invalid != nullptr) CheckInvalid(sweep, *ref, variant, eval, work, &tally);
  return tally;
}

Tally CheckSplit(const Sweep& sweep, const KernelEntry& variant, const Work& work) {
  Tally tally;
  const SplitKernel* split = SplitKernelOf(&variant);
  if (split == nullptr) return tally;
  const KernelEntry* ref = ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  for (int32_t index = 0; index < sweep.case_count; ++index) {
    Case c{};
    if (!sweep.make(index, work.buffers, &c).ok()) continue;  // CheckVariant reports it
    ++tally.cases;
    for (const uint8_t pattern : kPatterns) {
      const int32_t failures = tally.failures;
      CheckSplitCase(c, index, *ref, *split, work, pattern, &tally);
      if (tally.failures != failures) break;  // one count per case
    }
  }
  if (sweep.make_invalid == nullptr) return tally;
  Case c{};
  if (!sweep.make_invalid(work.buffers, &c).ok()) return tally;  // CheckVariant reports it
  ++tally.cases;
  const size_t scratch_bytes = split->scratch_bytes(c.params);
  if (!CheckFits(scratch_bytes, kScratchBytes, "split scratch").ok()) return tally;
  KernelState state{};
  const Status prepared = split->prepare(c.params, OperandsOf(c, work.actual.data()),
                                         GuardedScratch(work, scratch_bytes, kPatterns[0]), &state);
  if (prepared.code() != ErrorCode::kKernelInvalidParams) {
    Fail(&tally, -1, c, "split: prepares params ref refuses (%s)", prepared.message());
  }
  return tally;
}

Tally CheckOverInput(const Sweep& sweep, const KernelEntry& variant, const Work& work,
                     int32_t* applied, EvalFn eval) {
  Tally tally;
  *applied = 0;
  const KernelEntry* ref = ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  for (int32_t index = 0; index < sweep.case_count; ++index) {
    Case c{};
    if (!sweep.make(index, work.buffers, &c).ok()) continue;  // CheckVariant reports it
    c.params.form = ExecForm::kOverInput;
    const KernelForm* form = FormOf(&variant, ExecForm::kOverInput, c.params);
    const EvalFn form_eval = eval != nullptr ? eval : form != nullptr ? form->eval : nullptr;
    if (form == nullptr || form_eval == nullptr) continue;
    ++*applied;
    ++tally.cases;
    bool intact = false;
    Case whole = c;
    whole.params.form = ExecForm::kWhole;
    const Status expected = Run(whole, *ref, ref->eval, work, work.expected, kPatterns[0], &intact);
    if (!expected.ok()) {
      Fail(&tally, index, c, "ref failed: %s", expected.message());
      continue;
    }
    // The input (at the start of its buffer) copied to where the form puts it in the output's.
    const size_t lead = OverInputLeadBytes(c.input_bytes[0], c.output_bytes);
    if (!CheckFits(lead + c.input_bytes[0], work.actual.size(), "input").ok()) continue;
    std::memcpy(work.actual.data() + lead, work.buffers.input.data(), work.actual.size() - lead);
    OpOperands operands{};
    for (int32_t k = 0; k < c.num_inputs; ++k) operands.inputs[k] = c.inputs[k];
    operands.inputs[0] = work.actual.data() + lead;
    operands.num_inputs = c.num_inputs;
    operands.outputs[0] = work.actual.data();
    operands.num_outputs = 1;
    const size_t scratch_bytes = form->scratch_bytes(c.params);
    if (!CheckFits(scratch_bytes, kScratchBytes, "scratch").ok()) continue;
    const Status actual =
        form_eval(c.params, operands, GuardedScratch(work, scratch_bytes, kPatterns[0]));
    if (!actual.ok()) {
      Fail(&tally, index, c, "%s", actual.message());
      continue;
    }
    if (!GuardsIntact(work, scratch_bytes, kPatterns[0])) {
      Fail(&tally, index, c, "wrote outside its %zu declared scratch bytes", scratch_bytes);
      continue;
    }
    for (size_t at = 0; at < c.output_bytes; ++at) {
      if (work.actual[at] == work.expected[at]) continue;
      Fail(&tally, index, c, "output byte %zu of %zu differs: ref %d, over its input %d", at,
           c.output_bytes, work.expected[at], work.actual[at]);
      break;
    }
  }
  return tally;
}

}  // namespace arenastore::kernels::sweep
