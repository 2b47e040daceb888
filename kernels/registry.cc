#include "kernels/registry.h"

#include "kernels/kernel_rows.h"
#include "kernels/op_set.h"
#include "ops/op_selection.h"

namespace arenastore::kernels {

// Each op's rows, defined in its unit; only the built ops' are referenced (and linked).
#define ARENASTORE_DECLARE_OP_KERNELS(id, name, Name, Options, options_id) \
  extern const OpKernels k##Name##Kernels;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_OP_KERNELS)
#undef ARENASTORE_DECLARE_OP_KERNELS

namespace {

// Indexed by OpKind; null for an op this build was compiled without.
constexpr const OpKernels* kOpKernels[kOpKindCount] = {
#define ARENASTORE_OP_KERNELS(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, &k##Name##Kernels, nullptr),
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_KERNELS)
#undef ARENASTORE_OP_KERNELS
};

}  // namespace

namespace internal {

Status CheckOperandCount(const OpOperands& operands, int32_t required, int32_t inputs_taken,
                         const char* op, Isa isa) {
  ARENASTORE_CHECK_OR_RETURN(operands.num_inputs >= required && operands.num_inputs <= inputs_taken,
                             ErrorCode::kKernelInvalidParams,
                             "%s/%s: given %d inputs, takes %d to %d", op, IsaName(isa),
                             operands.num_inputs, required, inputs_taken);
  for (int32_t i = 0; i < required; ++i) {
    ARENASTORE_CHECK_OR_RETURN(operands.inputs[i] != nullptr, ErrorCode::kKernelInvalidParams,
                               "%s/%s: input %d is null", op, IsaName(isa), i);
  }
  ARENASTORE_CHECK_OR_RETURN(operands.num_outputs >= 1 && operands.outputs[0] != nullptr,
                             ErrorCode::kKernelInvalidParams, "%s/%s: output is null", op,
                             IsaName(isa));
  return Status::Ok();
}

}  // namespace internal

bool OpBuilt(OpKind op) {
  const int index = static_cast<int>(op);
  return index < kOpKindCount && kOpKernels[index] != nullptr;
}

std::span<const KernelEntry> KernelsOf(OpKind op) {
  if (!OpBuilt(op)) return {};
  const OpKernels& kernels = *kOpKernels[static_cast<int>(op)];
  return {kernels.entries, static_cast<size_t>(kernels.count)};
}

namespace {

// The position of (dtype, isa) in op's rows; -1 when none (or when any index is unknown).
int PositionOf(OpKind op, KernelDtype dtype, Isa isa) {
  const auto d = static_cast<unsigned>(dtype);
  const auto i = static_cast<unsigned>(isa);
  if (!OpBuilt(op) || d >= kKernelDtypeCount || i >= kIsaCount) return -1;
  if (!kInt16Built && dtype == KernelDtype::kInt16) return -1;
  return kOpKernels[static_cast<int>(op)]->position[d][i];
}

}  // namespace

const KernelEntry* ResolveKernel(OpKind op, KernelDtype dtype, Isa isa) {
  int position = PositionOf(op, dtype, isa);
  if (position < 0) position = PositionOf(op, dtype, Isa::kRef);
  return position < 0 ? nullptr : &kOpKernels[static_cast<int>(op)]->entries[position];
}

bool HasOwnVariant(OpKind op, KernelDtype dtype, Isa isa) {
  return PositionOf(op, dtype, isa) >= 0;
}

const SplitKernel* SplitKernelOf(const KernelEntry* entry) {
  return entry == nullptr || entry->eval == nullptr ? nullptr : entry->split;
}

namespace {

// `entry`'s kernel of `form` whether or not it applies to given params; kOverInput is the one
// form besides kWhole (kernels/exec_form.h).
const KernelForm* DeclaredForm(const KernelEntry* entry, ExecForm form) {
  return entry != nullptr && form == ExecForm::kOverInput ? entry->over_input : nullptr;
}

}  // namespace

const KernelForm* FormOf(const KernelEntry* entry, ExecForm form, const OpParams& params) {
  const KernelForm* found = DeclaredForm(entry, form);
  return found != nullptr && found->scratch_bytes(params) != kFormMissingBytes ? found : nullptr;
}

FormSpeed SpeedOfForm(const OpParams& params, Isa isa) {
  const KernelForm* form =
      FormOf(ResolveKernel(params.kind, params.dtype, isa), params.form, params);
  return form != nullptr && form->speed != nullptr ? form->speed(params) : FormSpeed::kAsWhole;
}

FormSpeed AlwaysReference(const OpParams& /*params*/) { return FormSpeed::kReference; }

EvalFn EvalOf(const KernelEntry& entry, const OpParams& params) {
  if (params.form == ExecForm::kWhole) return entry.eval;
  const KernelForm* form = FormOf(&entry, params.form, params);
  return form != nullptr ? form->eval : nullptr;
}

size_t ScratchBytesOf(const KernelEntry& entry, const OpParams& params) {
  if (params.form == ExecForm::kWhole) return entry.scratch_bytes(params);
  const KernelForm* form = DeclaredForm(&entry, params.form);
  return form != nullptr ? form->scratch_bytes(params) : kFormMissingBytes;
}

size_t ScratchBytes(const OpParams& params, Isa isa) {
  const KernelEntry* entry = ResolveKernel(params.kind, params.dtype, isa);
  return entry != nullptr ? ScratchBytesOf(*entry, params) : 0;
}

Status Eval(const OpParams& params, Isa isa, const OpOperands& operands,
            std::span<uint8_t> scratch) {
  const KernelEntry* entry = ResolveKernel(params.kind, params.dtype, isa);
  ARENASTORE_CHECK_OR_RETURN(
      entry != nullptr, ErrorCode::kKernelUnsupported, "%s (%s) is not compiled into this build",
      OpKindName(params.kind) != nullptr ? OpKindName(params.kind) : "unknown operator",
      KernelDtypeName(params.dtype));
  ARENASTORE_CHECK_OR_RETURN(entry->eval != nullptr, ErrorCode::kKernelUnsupported,
                             "%s/%s is not compiled into this build", OpKindName(entry->op),
                             IsaName(entry->isa));
  const EvalFn eval = EvalOf(*entry, params);
  ARENASTORE_CHECK_OR_RETURN(
      eval != nullptr, ErrorCode::kKernelUnsupported, "%s/%s has no %s form for these params",
      OpKindName(entry->op), IsaName(entry->isa),
      ExecFormName(params.form) != nullptr ? ExecFormName(params.form) : "unknown");
  return eval(params, operands, scratch);
}

}  // namespace arenastore::kernels
