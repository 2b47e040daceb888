#include "tests/ops/variant_sweep.h"

#include <cstdarg>
#include <cstring>

#include "base/format.h"
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
  out->input_bytes = sizes.input_bytes;
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

void SetInputs(Case* out, std::initializer_list<const void*> inputs) {
  out->num_inputs = 0;
  for (const void* input : inputs) out->inputs[out->num_inputs++] = input;
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

// Runs `eval` on the case into `output` (pre-filled with `pattern`, past the output too).
Status Run(const Case& c, const KernelEntry& entry, EvalFn eval, const Work& work,
           std::span<int8_t> output, uint8_t pattern, bool* guards_intact) {
  const size_t scratch_bytes = entry.scratch_bytes(c.params);
  ARENASTORE_RETURN_IF_ERROR(CheckFits(scratch_bytes, kScratchBytes, "scratch"));
  std::memset(output.data(), pattern, output.size());
  OpOperands operands{};
  for (int32_t k = 0; k < c.num_inputs; ++k) operands.inputs[k] = c.inputs[k];
  operands.num_inputs = c.num_inputs;
  operands.outputs[0] = output.data();
  operands.num_outputs = 1;
  const Status status = eval(c.params, operands, GuardedScratch(work, scratch_bytes, pattern));
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

Tally CheckOverInput(const Sweep& sweep, const KernelEntry& variant, const Work& work,
                     int32_t* applied) {
  Tally tally;
  *applied = 0;
  const KernelEntry* ref = ResolveKernel(sweep.op, KernelDtype::kInt8, Isa::kRef);
  for (int32_t index = 0; index < sweep.case_count; ++index) {
    Case c{};
    if (!sweep.make(index, work.buffers, &c).ok()) continue;  // CheckVariant reports it
    c.params.form = ExecForm::kOverInput;
    const KernelForm* form = FormOf(&variant, ExecForm::kOverInput, c.params);
    if (form == nullptr || form->eval == nullptr) continue;
    ++*applied;
    ++tally.cases;
    if (c.input_bytes == 0) {
      Fail(&tally, index, c, "the sweep does not say its first input's bytes (Case::input_bytes)");
      continue;
    }
    bool intact = false;
    Case whole = c;
    whole.params.form = ExecForm::kWhole;
    const Status expected = Run(whole, *ref, ref->eval, work, work.expected, kPatterns[0], &intact);
    if (!expected.ok()) {
      Fail(&tally, index, c, "ref failed: %s", expected.message());
      continue;
    }
    // The input (at the start of its buffer) copied to where the form puts it in the output's.
    const size_t lead = OverInputLeadBytes(c.input_bytes, c.output_bytes);
    if (!CheckFits(lead + c.input_bytes, work.actual.size(), "input").ok()) continue;
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
        form->eval(c.params, operands, GuardedScratch(work, scratch_bytes, kPatterns[0]));
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
