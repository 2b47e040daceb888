#include "runtime/row_stage.h"

#include <cstdint>

#include "kernels/registry.h"
#include "runtime/prepared_op.h"
#include "runtime/row_strip_unit.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

using kernels::RowRange;

size_t ElementBytes(kernels::KernelDtype dtype) {
  switch (dtype) {
    case kernels::KernelDtype::kInt8:
      return 1;
    case kernels::KernelDtype::kInt16:
      return 2;
  }
  return 0;
}

const char* NameOf(const StageOp& op) {
  const char* name = kernels::OpKindName(op.params.kind);
  return name == nullptr ? "unknown" : name;
}

// An op's rows in bytes, for the chain and the buffers.
struct StageRows {
  int32_t input_h, output_h;
  uint64_t input_row_bytes, output_row_bytes;
};

// The op's row-strip unit; kKernelUnsupported naming it when it has none in this build.
Status UnitOf(const StageOp& op, int32_t k, const RowStripUnit** unit) {
  *unit = RowStripUnitOf(op.params.kind);
  if (*unit == nullptr) {
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "stage op %d (%s): cannot run strip by strip (no row-strip unit); plan "
                         "it outside the stage",
                         k, NameOf(op))
        .WithOp(k);
  }
  return Status::Ok();
}

Status NotStrippable(const StageOp& op, int32_t k) {
  return Status::Error(ErrorCode::kKernelUnsupported,
                       "stage op %d (%s): its params do not strip (more than one image, a "
                       "padded batch axis or a form other than whole); plan it outside the stage",
                       k, NameOf(op))
      .WithOp(k);
}

Status RowsOf(const StageOp& op, int32_t k, StageRows* rows) {
  const RowStripUnit* unit = nullptr;
  ARENASTORE_RETURN_IF_ERROR(UnitOf(op, k, &unit));
  OpRows op_rows;
  if (!unit->rows(op.params, &op_rows)) return NotStrippable(op, k);
  const uint64_t element_bytes = ElementBytes(op.params.dtype);
  *rows = {op_rows.input_h, op_rows.output_h, op_rows.input_row_elements * element_bytes,
           op_rows.output_row_elements * element_bytes};
  return Status::Ok();
}

// Loads op k of `ops` into *op.
Status Load(const StageOpSource& ops, int32_t k, StageOp* op) {
  return ops.load(ops.context, k, op);
}

// Every op strips and reads the rows its predecessor writes; *last_rows: the last op's rows.
Status CheckStage(const StageOpSource& ops, int32_t strip_rows, StageRows* last_rows) {
  ARENASTORE_CHECK_OR_RETURN(
      ops.count > 0 && ops.count <= kMaxStageOps, ErrorCode::kInvalidArgument,
      "a row stage of %d ops: it takes 1 to %d; split it in stages", ops.count, kMaxStageOps);
  ARENASTORE_CHECK_OR_RETURN(strip_rows >= 1, ErrorCode::kInvalidArgument,
                             "strips of %d rows: a strip has at least one", strip_rows);
  StageOp op;
  for (int32_t k = 0; k < ops.count; ++k) {
    ARENASTORE_RETURN_IF_ERROR(Load(ops, k, &op));
    StageRows rows;
    ARENASTORE_RETURN_IF_ERROR(RowsOf(op, k, &rows));
    if (k > 0 && (rows.input_h != last_rows->output_h ||
                  rows.input_row_bytes != last_rows->output_row_bytes)) {
      return Status::Error(ErrorCode::kInvalidArgument,
                           "stage op %d (%s) reads %d rows of %llu B, op %d writes %d rows of "
                           "%llu B: not a chain",
                           k, NameOf(op), rows.input_h,
                           static_cast<unsigned long long>(rows.input_row_bytes), k - 1,
                           last_rows->output_h,
                           static_cast<unsigned long long>(last_rows->output_row_bytes))
          .WithOp(k);
    }
    *last_rows = rows;
  }
  return Status::Ok();
}

// The rows each op computes in strip `strip`, from the last op's back: op k-1 computes what op
// k reads. When op k reads no rows (its strip's windows all lie in padding), ops 0..k-1 compute
// none: they are skipped, and op k runs on an empty input. Ops load one at a time (CheckStage
// loaded each before).
Status ComputedRows(const StageOpSource& ops, const StageRows& last_rows, int32_t strip_rows,
                    int32_t strip, RowRange computed[kMaxStageOps]) {
  const int64_t begin = int64_t{strip} * strip_rows;
  const int64_t end = begin + strip_rows;
  RowRange rows = {static_cast<int32_t>(begin),
                   static_cast<int32_t>(end < last_rows.output_h ? end : last_rows.output_h)};
  StageOp op;
  for (int32_t k = ops.count; k-- > 0;) {
    computed[k] = rows;
    if (rows.Rows() == 0) continue;
    ARENASTORE_RETURN_IF_ERROR(Load(ops, k, &op));
    kernels::OpParams unused;
    // CheckStage proved every op has a unit that accepts its params.
    RowStripUnitOf(op.params.kind)->strip(op.params, rows, &unused, &rows);
  }
  return Status::Ok();
}

// The strip params of op k computing `rows`, with its input rows.
void StripOf(const StageOp& op, RowRange rows, kernels::OpParams* strip, RowRange* input_rows) {
  RowStripUnitOf(op.params.kind)->strip(op.params, rows, strip, input_rows);
}

Status StripScratchBytes(const StageOp& op, int32_t k, const kernels::OpParams& strip,
                         size_t* bytes) {
  const kernels::KernelEntry* entry = kernels::ResolveKernel(strip.kind, strip.dtype, op.isa);
  *bytes = entry == nullptr ? kernels::kFormMissingBytes : kernels::ScratchBytesOf(*entry, strip);
  if (*bytes == kernels::kFormMissingBytes) {
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "stage op %d (%s): the %s variant cannot run its strips", k, NameOf(op),
                         kernels::IsaName(op.isa))
        .WithOp(k);
  }
  return Status::Ok();
}

// Checks that `bytes` of `what` fit in `available`.
Status CheckRoom(const StageOp& op, int32_t k, int32_t strip, const char* what, uint64_t bytes,
                 size_t available) {
  if (bytes <= available) return Status::Ok();
  return Status::Error(ErrorCode::kArenaTooSmall,
                       "stage op %d (%s), strip %d: %s holds %zu B, needs %llu B; size it with "
                       "RowStageBufferBytes",
                       k, NameOf(op), strip, what, available,
                       static_cast<unsigned long long>(bytes))
      .WithOp(k);
}

// Binds op k (of `count`)'s input and output for its strip, each checked against its buffer.
Status BindStrip(const StageOp& op, int32_t k, int32_t count, int32_t strip, RowRange input_rows,
                 RowRange output_rows, const RowStageBuffers& buffers,
                 kernels::OpOperands* operands) {
  StageRows rows;
  ARENASTORE_RETURN_IF_ERROR(RowsOf(op, k, &rows));
  const bool first = k == 0, last = k + 1 == count;
  if (first) {
    ARENASTORE_RETURN_IF_ERROR(CheckRoom(op, k, strip, "the stage input",
                                         uint64_t(input_rows.end) * rows.input_row_bytes,
                                         buffers.input.size()));
    operands->inputs[0] = buffers.input.data() + size_t(input_rows.begin * rows.input_row_bytes);
  } else {
    const std::span<uint8_t> region = buffers.inner[k - 1];
    ARENASTORE_RETURN_IF_ERROR(CheckRoom(op, k, strip, "its input strip buffer",
                                         uint64_t(input_rows.Rows()) * rows.input_row_bytes,
                                         region.size()));
    operands->inputs[0] = region.data();
  }
  if (last) {
    ARENASTORE_RETURN_IF_ERROR(CheckRoom(op, k, strip, "the stage output",
                                         uint64_t(output_rows.end) * rows.output_row_bytes,
                                         buffers.output.size()));
    operands->outputs[0] =
        buffers.output.data() + size_t(output_rows.begin * rows.output_row_bytes);
  } else {
    const std::span<uint8_t> region = buffers.inner[k];
    ARENASTORE_RETURN_IF_ERROR(CheckRoom(op, k, strip, "its output strip buffer",
                                         uint64_t(output_rows.Rows()) * rows.output_row_bytes,
                                         region.size()));
    operands->outputs[0] = region.data();
  }
  return Status::Ok();
}

// Runs op k of strip `strip`, computing `rows`, through the registry as the executor does.
Status RunStripOp(const StageOpSource& ops, int32_t k, int32_t strip, RowRange rows,
                  const RowStageBuffers& buffers) {
  PreparedOp prepared = {};
  kernels::Isa isa;
  const char* name;
  {
    StageOp op;
    ARENASTORE_RETURN_IF_ERROR(Load(ops, k, &op));
    RowRange input_rows;
    StripOf(op, rows, &prepared.params, &input_rows);
    size_t scratch_bytes = 0;
    ARENASTORE_RETURN_IF_ERROR(StripScratchBytes(op, k, prepared.params, &scratch_bytes));
    const std::span<uint8_t> scratch = buffers.scratch[k];
    if (scratch_bytes > scratch.size()) {
      return Status::Error(ErrorCode::kKernelScratchTooSmall,
                           "stage op %d (%s), strip %d: %zu B of scratch given, %s needs %zu B; "
                           "size it with RowStageBufferBytes",
                           k, NameOf(op), strip, scratch.size(), kernels::IsaName(op.isa),
                           scratch_bytes)
          .WithOp(k);
    }
    prepared.operands = op.operands;
    ARENASTORE_RETURN_IF_ERROR(
        BindStrip(op, k, ops.count, strip, input_rows, rows, buffers, &prepared.operands));
    prepared.scratch = scratch.first(scratch_bytes);
    isa = op.isa;
    name = NameOf(op);
  }
  ARENASTORE_RETURN_IF_ERROR(ResolvePreparedEval(k, isa, &prepared));
  Status status = RunPrepared(prepared);
  if (!status.ok()) {
    status.WithOp(k).WithContext("stage op %d (%s), strip %d", k, name, strip);
  }
  return status;
}

int32_t StripCount(const StageRows& last_rows, int32_t strip_rows) {
  return static_cast<int32_t>((int64_t{last_rows.output_h} + strip_rows - 1) / strip_rows);
}

size_t Larger(size_t a, uint64_t b) { return b > a ? static_cast<size_t>(b) : a; }

enum class Measure { kInner, kInnerAndScratch };

// The strip walk RowStageBufferBytes and RowStageInnerBytes share: the most each op's strips
// write to its inner tensor and, with kInnerAndScratch, take of its scratch.
Result<RowStageBytes> MeasureStage(const StageOpSource& ops, int32_t strip_rows,
                                   Measure measure) {
  StageRows last_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  RowStageBytes bytes = {};
  RowRange computed[kMaxStageOps];
  StageOp op;
  for (int32_t s = 0; s < StripCount(last_rows, strip_rows); ++s) {
    ARENASTORE_RETURN_IF_ERROR(ComputedRows(ops, last_rows, strip_rows, s, computed));
    for (int32_t k = 0; k < ops.count; ++k) {
      if (computed[k].Rows() == 0) continue;  // skipped in this strip
      ARENASTORE_RETURN_IF_ERROR(Load(ops, k, &op));
      if (measure == Measure::kInnerAndScratch) {
        kernels::OpParams strip;
        RowRange input_rows;
        StripOf(op, computed[k], &strip, &input_rows);
        size_t scratch_bytes = 0;
        ARENASTORE_RETURN_IF_ERROR(StripScratchBytes(op, k, strip, &scratch_bytes));
        bytes.scratch_bytes[k] = Larger(bytes.scratch_bytes[k], scratch_bytes);
      }
      if (k + 1 == ops.count) continue;  // writes the stage output
      StageRows rows;
      ARENASTORE_RETURN_IF_ERROR(RowsOf(op, k, &rows));
      bytes.inner_bytes[k] =
          Larger(bytes.inner_bytes[k], uint64_t(computed[k].Rows()) * rows.output_row_bytes);
    }
  }
  return bytes;
}

Status LoadFromSpan(const void* context, int32_t k, StageOp* op) {
  *op = (*static_cast<const std::span<const StageOp>*>(context))[size_t(k)];
  return Status::Ok();
}

// Strip `strip` of a stage CheckStage accepted (its last op's rows `last_rows`): each op loads
// twice, for the rows it computes and to run them.
Status RunCheckedStrip(const StageOpSource& ops, const StageRows& last_rows, int32_t strip_rows,
                       int32_t strip, const RowStageBuffers& buffers) {
  RowRange computed[kMaxStageOps];
  ARENASTORE_RETURN_IF_ERROR(ComputedRows(ops, last_rows, strip_rows, strip, computed));
  for (int32_t k = 0; k < ops.count; ++k) {
    if (computed[k].Rows() == 0) continue;  // a later op reads none of its rows here
    ARENASTORE_RETURN_IF_ERROR(RunStripOp(ops, k, strip, computed[k], buffers));
  }
  return Status::Ok();
}

}  // namespace

StageOpSource SourceOf(const std::span<const StageOp>& ops) {
  return {static_cast<int32_t>(ops.size()), &ops, &LoadFromSpan};
}

Result<int32_t> RowStageStripCount(const StageOpSource& ops, int32_t strip_rows) {
  StageRows last_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  return StripCount(last_rows, strip_rows);
}

Result<RowStageBytes> RowStageBufferBytes(const StageOpSource& ops, int32_t strip_rows) {
  return MeasureStage(ops, strip_rows, Measure::kInnerAndScratch);
}

Result<RowStageBytes> RowStageInnerBytes(const StageOpSource& ops, int32_t strip_rows) {
  return MeasureStage(ops, strip_rows, Measure::kInner);
}

Result<RowStageWork> RowStageComputedRows(const StageOpSource& ops, int32_t strip_rows) {
  StageRows last_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  RowStageWork work = {};
  RowRange computed[kMaxStageOps];
  for (int32_t s = 0; s < StripCount(last_rows, strip_rows); ++s) {
    ARENASTORE_RETURN_IF_ERROR(ComputedRows(ops, last_rows, strip_rows, s, computed));
    for (int32_t k = 0; k < ops.count; ++k) work.computed_rows[k] += uint64_t(computed[k].Rows());
  }
  return work;
}

Result<int64_t> RowStageOutputRoomBytes(const StageOpSource& ops, int32_t strip_rows) {
  StageRows last_rows, first_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  StageOp first;
  ARENASTORE_RETURN_IF_ERROR(Load(ops, 0, &first));
  ARENASTORE_RETURN_IF_ERROR(RowsOf(first, 0, &first_rows));
  RowRange computed[kMaxStageOps];
  int64_t room = INT64_MAX;
  int64_t later_first_row = INT64_MAX;  // the first input row strips after s read
  // Backwards, so the later strips' first row is known when strip s's end is.
  for (int32_t s = StripCount(last_rows, strip_rows); s-- > 0;) {
    const int64_t output_end = int64_t{strip_rows} * (s + 1) < last_rows.output_h
                                   ? int64_t{strip_rows} * (s + 1)
                                   : last_rows.output_h;
    if (later_first_row != INT64_MAX) {
      const int64_t s_room = later_first_row * int64_t(first_rows.input_row_bytes) -
                             output_end * int64_t(last_rows.output_row_bytes);
      if (s_room < room) room = s_room;
    }
    ARENASTORE_RETURN_IF_ERROR(ComputedRows(ops, last_rows, strip_rows, s, computed));
    if (computed[0].Rows() == 0) continue;  // reads no input
    kernels::OpParams strip;
    RowRange input_rows;
    StripOf(first, computed[0], &strip, &input_rows);
    if (input_rows.Rows() > 0 && input_rows.begin < later_first_row) {
      later_first_row = input_rows.begin;
    }
  }
  return room;
}

Status RunRowStageStrip(const StageOpSource& ops, int32_t strip_rows, int32_t strip,
                        const RowStageBuffers& buffers) {
  StageRows last_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  const int32_t strip_count = StripCount(last_rows, strip_rows);
  ARENASTORE_CHECK_OR_RETURN(strip >= 0 && strip < strip_count, ErrorCode::kInvalidArgument,
                             "strip %d of a stage of %d strips", strip, strip_count);
  return RunCheckedStrip(ops, last_rows, strip_rows, strip, buffers);
}

// The chain is checked once, not per strip.
Status RunRowStage(const StageOpSource& ops, int32_t strip_rows, const RowStageBuffers& buffers) {
  StageRows last_rows;
  ARENASTORE_RETURN_IF_ERROR(CheckStage(ops, strip_rows, &last_rows));
  for (int32_t s = 0; s < StripCount(last_rows, strip_rows); ++s) {
    ARENASTORE_RETURN_IF_ERROR(RunCheckedStrip(ops, last_rows, strip_rows, s, buffers));
  }
  return Status::Ok();
}

}  // namespace arenastore::runtime
