// Row strips (kernels/row_strip.h) are exact on every variant: over the variant sweeps of the
// window ops (conv2d, depthwise_conv2d, average_pool2d, max_pool2d) and of pad, each variant this
// host runs (ref, the x86 ones the CPU has, the Arm ones on their emulation) computes each image's
// output rows strip by strip over a random partition, each strip handed only its input rows in a
// buffer of their own between poisoned rows, within exactly the scratch its size function declares
// for the strip's params; the assembled output equals ref's whole output byte for byte.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/row_strip.h"
#include "ops/pad/pad.h"
#include "tests/kernels/guarded_scratch.h"
#include "tests/ops/host_sweep_runner.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kPartitionSeed = 3701;
// Bytes around a strip's rows that no strip may read: two fills, so a read of them changes the
// output under one of them whatever the weights.
constexpr uint8_t kPoisons[] = {0x80, 0x7f};
constexpr int32_t kPoisonRows = 8;

// The window params of `params` (its op's member), passed to `run`; false for any other op.
template <typename Run>
bool WithWindowParams(OpParams& params, Run&& run) {
  if (params.kind == OpKind::kConv2d) return run(params.conv2d), true;
  if (params.kind == OpKind::kDepthwiseConv2d) return run(params.depthwise_conv2d), true;
  if (params.kind == OpKind::kAveragePool2d) return run(params.average_pool2d), true;
  if (params.kind == OpKind::kMaxPool2d) return run(params.max_pool2d), true;
  return false;
}

size_t InputRowBytes(const Pool2dParams& p) { return size_t(p.input_w) * p.channels; }
size_t OutputRowBytes(const Pool2dParams& p) { return size_t(p.output_w) * p.channels; }
template <typename Conv>
size_t InputRowBytes(const Conv& p) {
  return size_t(p.input_w) * p.input_c;
}
template <typename Conv>
size_t OutputRowBytes(const Conv& p) {
  return size_t(p.output_w) * p.output_c;
}

// Cuts [0, rows) into strips: after each row, with one chance in three (one partition in eight
// keeps the whole height as one strip, one in eight cuts after every row).
std::vector<RowRange> RandomPartition(Rng& rng, int32_t rows) {
  const int32_t cut_percent = rng.Chance(12) ? 0 : (rng.Chance(14) ? 100 : 33);
  std::vector<RowRange> strips;
  int32_t begin = 0;
  for (int32_t row = 1; row <= rows; ++row) {
    if (row == rows || rng.Chance(cut_percent)) {
      strips.push_back({begin, row});
      begin = row;
    }
  }
  return strips;
}

struct Count {
  int32_t cases = 0, strips = 0, empty_input_strips = 0, failures = 0;
  std::string first_failure;
};

void Fail(Count* count, int32_t index, const Case& c, const std::string& problem) {
  if (count->failures++ == 0) {
    count->first_failure = "case " + std::to_string(index) + " [" + c.shape + "]: " + problem;
  }
}

// Runs `eval` on `params` within exactly its declared scratch; false (and a failure) when it
// fails or writes outside it.
bool RunGuarded(const KernelEntry& entry, EvalFn eval, const OpParams& params,
                const OpOperands& operands, uint8_t pattern, std::string* problem) {
  testing::GuardedScratch scratch(ScratchBytesOf(entry, params), pattern);
  const Status status = eval(params, operands, scratch.scratch());
  if (!status.ok()) {
    *problem = std::string("refuses: ") + status.message();
    return false;
  }
  if (!scratch.GuardsIntact()) {
    *problem = "writes outside its declared scratch";
    return false;
  }
  return true;
}

// How a case's tensors split into images of rows, for the strips.
struct RowLayout {
  int32_t images, input_h, output_h;
  size_t input_row_bytes, output_row_bytes;
};

// A strip to run: its op's params and the input rows it is handed.
struct StripRun {
  OpParams params;
  RowRange input_rows;
};

// One case on one variant: ref's whole output, then the variant's strips (`strip_of`: output
// rows -> StripRun) over random partitions of each image's rows, assembled and compared.
template <typename StripOf>
void CheckCase(const Case& c, int32_t index, const KernelEntry& ref, const KernelEntry& entry,
               EvalFn eval, const RowLayout& layout, StripOf&& strip_of, Count* count) {
  OpOperands operands{};
  for (int32_t k = 0; k < c.num_inputs; ++k) operands.inputs[k] = c.inputs[k];
  operands.num_inputs = c.num_inputs;
  operands.num_outputs = 1;
  std::vector<int8_t> expected(c.output_bytes);
  operands.outputs[0] = expected.data();
  std::string problem;
  if (!RunGuarded(ref, ref.eval, c.params, operands, 0, &problem)) {
    return Fail(count, index, c, "ref " + problem);
  }
  Rng rng(kPartitionSeed, index);
  const auto* input = static_cast<const int8_t*>(c.inputs[0]);
  const size_t in_row_bytes = layout.input_row_bytes, out_row_bytes = layout.output_row_bytes;
  for (const uint8_t poison : kPoisons) {
    std::vector<int8_t> actual(c.output_bytes, 0);
    for (int32_t image = 0; image < layout.images; ++image) {
      for (const RowRange rows : RandomPartition(rng, layout.output_h)) {
        const StripRun strip = strip_of(rows);
        ++count->strips;
        count->empty_input_strips += strip.input_rows.Rows() == 0 ? 1 : 0;
        // The strip's rows alone, poisoned rows either side.
        const size_t strip_bytes = size_t(strip.input_rows.Rows()) * in_row_bytes;
        const size_t poison_bytes = kPoisonRows * in_row_bytes;
        // (One byte more, so that an empty input still has an address, as the whole op's has.)
        std::vector<int8_t> handed(poison_bytes + strip_bytes + poison_bytes + 1,
                                   static_cast<int8_t>(poison));
        const int8_t* image_input = input + size_t(image) * layout.input_h * in_row_bytes;
        if (strip_bytes > 0) {
          std::memcpy(handed.data() + poison_bytes,
                      image_input + size_t(strip.input_rows.begin) * in_row_bytes, strip_bytes);
        }
        const size_t strip_out_bytes = size_t(rows.Rows()) * out_row_bytes;
        std::vector<int8_t> strip_out(strip_out_bytes + kGuardBytes, static_cast<int8_t>(poison));
        OpOperands strip_operands = operands;
        strip_operands.inputs[0] = handed.data() + poison_bytes;
        strip_operands.outputs[0] = strip_out.data();
        if (!RunGuarded(entry, eval, strip.params, strip_operands, poison, &problem)) {
          return Fail(count, index, c,
                      "strip [" + std::to_string(rows.begin) + ", " + std::to_string(rows.end) +
                          ") " + problem);
        }
        for (size_t i = strip_out_bytes; i < strip_out.size(); ++i) {
          if (strip_out[i] != static_cast<int8_t>(poison)) {
            return Fail(count, index, c, "writes past the strip's output");
          }
        }
        std::memcpy(actual.data() + (size_t(image) * layout.output_h + rows.begin) * out_row_bytes,
                    strip_out.data(), strip_out_bytes);
      }
    }
    for (size_t i = 0; i < c.output_bytes; ++i) {
      if (actual[i] != expected[i]) {
        return Fail(count, index, c,
                    "output byte " + std::to_string(i) + ": strips " + std::to_string(actual[i]) +
                        ", whole " + std::to_string(expected[i]) + " (poison " +
                        std::to_string(poison) + ")");
      }
    }
  }
}

// A window op's case, its batches the images.
void CheckWindowCase(const Case& c, int32_t index, const KernelEntry& ref, const KernelEntry& entry,
                     EvalFn eval, Count* count) {
  OpParams whole_params = c.params;
  WithWindowParams(whole_params, [&](const auto& whole) {
    const RowLayout layout = {whole.batches, whole.input_h, whole.output_h, InputRowBytes(whole),
                              OutputRowBytes(whole)};
    CheckCase(
        c, index, ref, entry, eval, layout,
        [&](RowRange rows) {
          const auto strip = RowStripOf(whole, rows);
          StripRun run = {c.params, strip.input_rows};
          WithWindowParams(run.params, [&](auto& member) {
            // The op's own member (the lambda is instantiated for every window op's type).
            if constexpr (std::is_same_v<decltype(member), decltype(strip.params)&>) {
              member = strip.params;
            }
          });
          return run;
        },
        count);
  });
}

// A pad case along axis 1 (axis 0 at rank 1), the axes before it the images; false when they are
// padded (the executor would not strip such a pad) or the output is empty.
bool CheckPadCase(const Case& c, int32_t index, const KernelEntry& ref, const KernelEntry& entry,
                  EvalFn eval, Count* count) {
  const PadParams& whole = c.params.pad;
  const int32_t h = whole.rank >= 2 ? 1 : 0;
  RowLayout layout = {1, whole.input_shape[h],
                      whole.before[h] + whole.input_shape[h] + whole.after[h], 1, 1};
  for (int32_t d = 0; d < h; ++d) {
    if (whole.before[d] != 0 || whole.after[d] != 0) return false;
    layout.images *= whole.input_shape[d];
  }
  for (int32_t d = h + 1; d < whole.rank; ++d) {
    layout.input_row_bytes *= size_t(whole.input_shape[d]);
    layout.output_row_bytes *= size_t(whole.before[d] + whole.input_shape[d] + whole.after[d]);
  }
  if (c.output_bytes == 0) return false;  // nothing to strip
  CheckCase(
      c, index, ref, entry, eval, layout,
      [&](RowRange rows) {
        const RowStrip<PadParams> strip = PadRowStripOf(whole, h, rows);
        StripRun run = {c.params, strip.input_rows};
        run.params.pad = strip.params;
        return run;
      },
      count);
  return true;
}

constexpr OpKind kWindowOps[] = {OpKind::kConv2d, OpKind::kDepthwiseConv2d, OpKind::kAveragePool2d,
                                 OpKind::kMaxPool2d};

const Sweep* SweepOf(OpKind op) {
  for (const Sweep* sweep : AllSweeps()) {
    if (sweep->op == op) return sweep;
  }
  return nullptr;
}

// Runs `check` (a case's strips on a variant) over `op`'s sweep on every int8 variant this host
// runs, printing what ran.
template <typename Check>
void SweepStrips(OpKind op, Check&& check) {
  auto work = std::make_unique<HostWork>();
  const Sweep* sweep = SweepOf(op);
  ASSERT_NE(sweep, nullptr) << OpKindName(op) << " has no variant sweep";
  const KernelEntry& ref = *ResolveKernel(op, KernelDtype::kInt8, Isa::kRef);
  for (const KernelEntry& entry : KernelsOf(op)) {
    if (entry.dtype != KernelDtype::kInt8) continue;
    const EvalFn eval = EvalHere(entry);
    const std::string variant = std::string(OpKindName(op)) + "/" + IsaName(entry.isa);
    if (eval == nullptr) {
      std::printf("[ row strips ] %s: not run here (the CPU lacks it)\n", variant.c_str());
      continue;
    }
    Count count;
    for (int32_t index = 0; index < sweep->case_count; ++index) {
      Case c{};
      if (!sweep->make(index, work->View().buffers, &c).ok()) continue;  // the sweep's test
      count.cases += check(c, index, ref, entry, eval, &count) ? 1 : 0;
    }
    std::printf("[ row strips ] %s: %d cases, %d strips (%d read no input row), %d fail\n",
                variant.c_str(), count.cases, count.strips, count.empty_input_strips,
                count.failures);
    EXPECT_GT(count.cases, 0) << variant;
    EXPECT_EQ(count.failures, 0) << variant << ": " << count.failures << " of " << count.cases
                                 << " cases fail on strips; first: " << count.first_failure;
  }
}

TEST(RowStrip, EveryVariantsStripsEqualTheWholeWindowOpOverItsSweep) {
  for (const OpKind op : kWindowOps) {
    SweepStrips(op, [](const Case& c, int32_t index, const KernelEntry& ref,
                       const KernelEntry& entry, EvalFn eval, Count* count) {
      CheckWindowCase(c, index, ref, entry, eval, count);
      return true;
    });
  }
}

// Pad's cases whose axes before the height are unpadded (the others are left out).
TEST(RowStrip, EveryVariantsStripsEqualTheWholePadOverItsSweep) {
  SweepStrips(OpKind::kPad, &CheckPadCase);
}

}  // namespace
}  // namespace arenastore::kernels::sweep
