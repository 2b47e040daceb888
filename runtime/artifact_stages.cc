#include "runtime/artifact_stages.h"

#include "base/format.h"
#include "kernels/exec_form.h"
#include "runtime/op_params_builder.h"
#include "runtime/row_strip_unit.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

using ull = unsigned long long;

const schema::Operator& OpAt(const schema::Artifact& artifact, int32_t o) {
  return *artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
}

const char* NameOf(const schema::Artifact& artifact, int32_t o) {
  const char* name = kernels::OpKindName(static_cast<kernels::OpKind>(OpAt(artifact, o).kind()));
  return name == nullptr ? "unknown" : name;
}

// outputs[0] of op `o`, or -1 when it has none (unvalidated artifacts too).
int32_t FirstOutput(const schema::Artifact& artifact, int32_t o) {
  const auto* outputs = OpAt(artifact, o).outputs();
  return outputs == nullptr || outputs->size() == 0 ? -1 : outputs->Get(0);
}

bool Lists(const flatbuffers::Vector<int32_t>& list, int32_t t) {
  for (flatbuffers::uoffset_t i = 0; i < list.size(); ++i) {
    if (list.Get(i) == t) return true;
  }
  return false;
}

// "stage s op k (kind, operators[o]): " before `format`.
struct StageOpRef {
  const schema::Artifact& artifact;
  int32_t s, k, o;
};

template <typename... Args>
Status Refuse(const StageOpRef& at, const char* format, Args... args) {
  char what[160];
  Format(what, sizeof(what), format, args...);
  Status status = InvalidField("stages", "stage %d op %d (%s, operators[%d]): %s", at.s, at.k,
                               NameOf(at.artifact, at.o), at.o, what);
  status.WithOp(at.o);
  return status;
}

// Invariant 1: the stage's ops exist, follow the previous stage's and number 2 to kMaxStageOps.
Status CheckExtent(const schema::Artifact& artifact, int32_t s, int64_t* previous_end) {
  const schema::RowStage& stage = StageAt(artifact, s);
  const int64_t first = stage.first_op(), count = stage.op_count();
  const int64_t ops = artifact.operators()->size();
  if (count < 2 || count > kMaxStageOps || first < *previous_end || first + count > ops) {
    return InvalidField("stages",
                        "stage %d: operators [%lld, +%lld): a stage holds 2 to %d operators of the "
                        "%lld, after the previous stage's (which ends at %lld)",
                        s, static_cast<long long>(first), static_cast<long long>(count),
                        kMaxStageOps, static_cast<long long>(ops),
                        static_cast<long long>(*previous_end));
  }
  *previous_end = first + count;
  return Status::Ok();
}

// Invariant 2 for op k of the stage.
Status CheckChainLink(const StageOpRef& at) {
  const schema::Operator& op = OpAt(at.artifact, at.o);
  if (op.outputs()->size() != 1 || op.inputs()->size() == 0) {
    return Refuse(at, "%u inputs and %u outputs; a stage op reads one tensor and writes one",
                  op.inputs()->size(), op.outputs()->size());
  }
  const int32_t previous = at.k == 0 ? -1 : FirstOutput(at.artifact, at.o - 1);
  if (at.k > 0 && op.inputs()->Get(0) != previous) {
    return Refuse(at, "inputs[0] is tensors[%d], not op %d's output tensors[%d]: not a chain",
                  op.inputs()->Get(0), at.k - 1, previous);
  }
  for (flatbuffers::uoffset_t i = 1; i < op.inputs()->size(); ++i) {
    const int32_t t = op.inputs()->Get(i);
    if (t >= 0 && !IsConstant(*at.artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t)))) {
      return Refuse(at, "inputs[%u] is tensors[%d], an activation; only inputs[0] may be one", i,
                    t);
    }
  }
  return Status::Ok();
}

// Invariant 3 for the inner tensor op k writes.
Status CheckInnerTensor(const StageOpRef& at) {
  const schema::Artifact& artifact = at.artifact;
  const int32_t t = FirstOutput(artifact, at.o);
  const schema::Tensor& tensor = *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  const bool state = artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(tensor.pool()))
                         ->kind() == schema::PoolKind::STATE;
  if (Lists(*artifact.inputs(), t) || Lists(*artifact.outputs(), t) || state) {
    return Refuse(at, "its output tensors[%d] is a graph input, output or state variable, which "
                  "must exist whole", t);
  }
  for (int32_t reader = 0; reader < static_cast<int32_t>(artifact.operators()->size()); ++reader) {
    if (reader != at.o + 1 && Lists(*OpAt(artifact, reader).inputs(), t)) {
      return Refuse(at, "its output tensors[%d] is also read by operators[%d] (%s); only the "
                    "next stage op may read it", t, reader, NameOf(artifact, reader));
    }
  }
  return Status::Ok();
}

// Invariant 4 for op k: a row-strip unit that accepts its params; *rows: its rows.
Status CheckStrips(const StageOpRef& at, const kernels::OpParams& params, OpRows* rows) {
  const RowStripUnit* unit = RowStripUnitOf(params.kind);
  if (unit == nullptr) return Refuse(at, "cannot run strip by strip (no row-strip unit here)");
  if (!unit->rows(params, rows)) {
    return Refuse(at, "its params do not strip (more than one image, a padded batch axis or a "
                  "form other than whole)");
  }
  return Status::Ok();
}

// Stage ops lowered from the artifact when the runner loads them: whole params, a variant, no
// operands (valid artifacts, or stages whose ops ValidateStage lowered).
struct ArtifactStageOps {
  const schema::Artifact* artifact;
  int32_t first_op;
  kernels::Isa isa;
};

Status LoadFromArtifact(const void* context, int32_t k, StageOp* op) {
  const auto& ops = *static_cast<const ArtifactStageOps*>(context);
  op->isa = ops.isa;
  op->operands = {};
  return BuildOpParams(*ops.artifact, ops.first_op + k, &op->params);
}

StageOpSource SourceOf(const schema::Artifact& artifact, int32_t s,
                       const ArtifactStageOps& context) {
  return {StageAt(artifact, s).op_count(), &context, &LoadFromArtifact};
}

// Invariant 5: each inner tensor's bytes are its strip buffer's, exactly.
Status CheckInnerBytes(const schema::Artifact& artifact, int32_t s) {
  const schema::RowStage& stage = StageAt(artifact, s);
  const ArtifactStageOps context = {&artifact, stage.first_op(), kernels::Isa::kRef};
  const Result<RowStageBytes> bytes =
      RowStageInnerBytes(SourceOf(artifact, s, context), stage.strip_rows());
  if (!bytes.ok()) {
    return InvalidField("stages", "stage %d: %s", s, bytes.status().message());
  }
  for (int32_t k = 0; k + 1 < stage.op_count(); ++k) {
    const int32_t o = stage.first_op() + k, t = FirstOutput(artifact, o);
    const uint64_t recorded =
        artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t))->bytes();
    if (recorded != bytes.value().inner_bytes[k]) {
      return Refuse({artifact, s, k, o},
                    "tensors[%d].bytes is %llu, its largest strip of %d rows needs %llu; re-plan "
                    "the model",
                    t, static_cast<ull>(recorded), stage.strip_rows(),
                    static_cast<ull>(bytes.value().inner_bytes[k]));
    }
  }
  return Status::Ok();
}

// Out of line, as every function holding a stage op's params: they are in a frame only while a
// stage is handled, never in the frames every artifact's validation or scratch check passes
// through (the device runner's stack is 2 KiB).
[[gnu::noinline]] Status ValidateStage(const schema::Artifact& artifact, int32_t s) {
  const schema::RowStage& stage = StageAt(artifact, s);
  OpRows rows = {};
  for (int32_t k = 0; k < stage.op_count(); ++k) {
    const StageOpRef at = {artifact, s, k, stage.first_op() + k};
    ARENASTORE_RETURN_IF_ERROR(CheckChainLink(at));
    if (k + 1 < stage.op_count()) ARENASTORE_RETURN_IF_ERROR(CheckInnerTensor(at));
    kernels::OpParams params = {};
    ARENASTORE_RETURN_IF_ERROR(BuildOpParams(artifact, at.o, &params));
    ARENASTORE_RETURN_IF_ERROR(CheckStrips(at, params, &rows));
  }
  if (stage.strip_rows() < 1 || stage.strip_rows() > rows.output_h) {
    return InvalidField("stages", "stage %d: strips of %d rows; its last op writes %d rows", s,
                        stage.strip_rows(), rows.output_h);
  }
  return CheckInnerBytes(artifact, s);
}

}  // namespace

int32_t StageStartingAt(const schema::Artifact& artifact, int32_t op_index) {
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    if (StageAt(artifact, s).first_op() == op_index) return s;
  }
  return -1;
}

int32_t StageHolding(const schema::Artifact& artifact, int32_t op_index) {
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    const schema::RowStage& stage = StageAt(artifact, s);
    if (op_index >= stage.first_op() && op_index - stage.first_op() < stage.op_count()) return s;
  }
  return -1;
}

bool IsStageInnerTensor(const schema::Artifact& artifact, int32_t t) {
  const int64_t ops = artifact.operators() == nullptr ? 0 : artifact.operators()->size();
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    const schema::RowStage& stage = StageAt(artifact, s);
    const int64_t first = stage.first_op() < 0 ? 0 : stage.first_op();
    const int64_t end = int64_t{stage.first_op()} + stage.op_count() - 1;  // the last op's
    for (int64_t o = first; o < end && o < ops; ++o) {
      if (FirstOutput(artifact, static_cast<int32_t>(o)) == t) return true;
    }
  }
  return false;
}

namespace {

Status ValidateEveryStage(const schema::Artifact& artifact) {
  int64_t previous_end = 0;
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    ARENASTORE_RETURN_IF_ERROR(CheckExtent(artifact, s, &previous_end));
    ARENASTORE_RETURN_IF_ERROR(ValidateStage(artifact, s));
  }
  return Status::Ok();
}

}  // namespace

StatusRef ValidateStages(const schema::Artifact& artifact, Status* status) {
  *status = ValidateEveryStage(artifact);
  return status->ok() ? StatusRef::Ok() : StatusRef::Failed(*status);
}

namespace {

[[gnu::noinline]] size_t StageOpScratchBytesIn(const schema::Artifact& artifact, int32_t s,
                                               int32_t op_index, kernels::Isa isa) {
  const schema::RowStage& stage = StageAt(artifact, s);
  const ArtifactStageOps context = {&artifact, stage.first_op(), isa};
  const Result<RowStageBytes> need =
      RowStageBufferBytes(SourceOf(artifact, s, context), stage.strip_rows());
  return need.ok() ? need.value().scratch_bytes[op_index - stage.first_op()]
                   : kernels::kFormMissingBytes;
}

}  // namespace

size_t StageOpScratchBytes(const schema::Artifact& artifact, int32_t op_index, kernels::Isa isa) {
  const int32_t s = StageHolding(artifact, op_index);
  return s < 0 ? kNotAStageOp : StageOpScratchBytesIn(artifact, s, op_index, isa);
}

void WidenStageLifetimes(const schema::Artifact& artifact,
                         void (*widen)(void* proof, int32_t item, int32_t first_step,
                                       int32_t last_step),
                         void* proof) {
  const auto tensors = static_cast<int32_t>(artifact.tensors()->size());
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    const schema::RowStage& stage = StageAt(artifact, s);
    const int32_t first = stage.first_op(), last = first + stage.op_count() - 1;
    const auto& ops = *artifact.operators();
    widen(proof, ops.Get(static_cast<flatbuffers::uoffset_t>(first))->inputs()->Get(0), last,
          last);
    widen(proof, ops.Get(static_cast<flatbuffers::uoffset_t>(last))->outputs()->Get(0), first,
          first);
    for (int32_t o = first; o <= last; ++o) widen(proof, tensors + o, first, last);
  }
}

namespace {

// The room stage `s`'s output has in its input's bytes (RowStageOutputRoomBytes); INT64_MIN when
// its ops do not load.
[[gnu::noinline]] int64_t StageOutputRoomBytes(const schema::Artifact& artifact, int32_t s) {
  const schema::RowStage& stage = StageAt(artifact, s);
  const ArtifactStageOps context = {&artifact, stage.first_op(), kernels::Isa::kRef};
  const Result<int64_t> room =
      RowStageOutputRoomBytes(SourceOf(artifact, s, context), stage.strip_rows());
  return room.ok() ? room.value() : INT64_MIN;
}

}  // namespace

bool StageWritesOverInput(const schema::Artifact& artifact, int32_t input, int32_t input_last_step,
                          int32_t output) {
  for (int32_t s = 0; s < StageCount(artifact); ++s) {
    const schema::RowStage& stage = StageAt(artifact, s);
    const int32_t last = stage.first_op() + stage.op_count() - 1;
    if (OpAt(artifact, stage.first_op()).inputs()->Get(0) != input ||
        FirstOutput(artifact, last) != output) {
      continue;
    }
    const schema::Tensor& in = *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(input));
    const schema::Tensor& out =
        *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(output));
    if (input_last_step != last || Lists(*artifact.outputs(), input) || in.pool() != out.pool()) {
      return false;
    }
    const int64_t out_from_in = static_cast<int64_t>(out.offset()) - static_cast<int64_t>(in.offset());
    return out_from_in <= StageOutputRoomBytes(artifact, s);
  }
  return false;
}

}  // namespace arenastore::runtime
