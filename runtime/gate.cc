#include "runtime/gate.h"

#include "base/format.h"
#include "kernels/registry.h"
#include "kernels/runtime_isa.h"
#include "runtime/artifact_stages.h"
#include "runtime/artifact_validation.h"
#include "runtime/op_params_builder.h"

namespace arenastore::runtime {

// Weak (runtime/artifact_stages.h): null in an image without row stages, whose validation
// already refused an artifact that has them.
[[gnu::weak]] size_t StageOpScratchBytes(const schema::Artifact& artifact, int32_t op_index,
                                         kernels::Isa isa);

namespace {

using kernels::Isa;

// Fastest first; the fallback policy walks this list.
constexpr Isa kVariantPreference[] = {Isa::kX86Avx512Vnni, Isa::kX86Avx2, Isa::kArmMve,
                                      Isa::kArmDsp, Isa::kRef};

// RequiredBytes when `isa` has no variant of the op: more than any plan holds.
constexpr size_t kNoVariant = SIZE_MAX - 2;

const char* NameOr(const char* name, const char* fallback) {
  return name == nullptr ? fallback : name;
}

class Judge {
 public:
  Judge(const ArtifactView& view, const RuntimeIdentity& identity, GatePolicy policy,
        std::span<Finding> out)
      : view_(view), identity_(identity), policy_(policy), out_(out) {}

  void CheckKernelVersion() {
    const schema::Version& planned = *view_.artifact().kernel_version();
    if (planned.major() == identity_.kernel_version.major) return;
    Finding finding = Blank(FindingKind::kKernelMajorMismatch, true);
    finding.artifact_kernel_version = {planned.major(), planned.minor(), planned.patch()};
    Add(finding);
  }

  void CheckIsa() {
    const auto target = static_cast<Isa>(view_.artifact().target_isa());
    if (target == identity_.isa) return;
    Finding finding = Blank(FindingKind::kIsaMismatch, policy_ == GatePolicy::kStrict);
    finding.isa = target;
    Add(finding);
  }

  // Returns the variant the op runs.
  Isa CheckOperator(int32_t op_index) {
    Finding finding = Blank(FindingKind::kScratchShort, true);
    finding.op_index = op_index;
    finding.op_kind = static_cast<kernels::OpKind>(view_.op(op_index).kind());
    kernels::OpParams params;
    if (!identity_.ops.Has(finding.op_kind) || !view_.IsKnownOpKind(op_index) ||
        !BuildOpParams(view_, op_index, &params).ok()) {
      const bool listed = static_cast<int>(finding.op_kind) < kernels::kOpKindCount;
      finding.kind = listed ? FindingKind::kOpNotBuilt : FindingKind::kUnknownOpKind;
      Add(finding);
      return identity_.isa;
    }
    const size_t required = RequiredBytes(params, op_index, identity_.isa);
    if (required == kNoVariant) {
      finding.kind = FindingKind::kKernelMissing;
      finding.dtype = params.dtype;
      Add(finding);
      return identity_.isa;
    }
    finding.planned_bytes = view_.PlannedScratchBytes(op_index);
    finding.required_bytes = required;
    if (required == kernels::kFormMissingBytes) {
      // The variant lacks the planned form: rejected like a shortfall (a re-plan for this
      // runtime cures it), unless the fallback policy finds a variant that has it and fits.
      finding.kind = FindingKind::kFormMissing;
      finding.form = params.form;
      finding.required_bytes = 0;
    }
    if (required > finding.planned_bytes) return Short(params, finding);
    if (finding.required_bytes < finding.planned_bytes) {
      finding.kind = FindingKind::kScratchSurplus;
      finding.rejects = policy_ == GatePolicy::kStrict;
      reclaimable_bytes_ += finding.planned_bytes - finding.required_bytes;
      Add(finding);
    }
    return identity_.isa;
  }

  // Every pool must fit the device's memories: by name under the strict policy, else placed.
  void CheckPools(std::span<const PoolCapacity> capacities) {
    if (capacities.empty()) return;
    PoolPlace places[kMaxPools];
    const PlacementOutcome outcome =
        PlacePools(view_, capacities, PlacementRuleOf(policy_), places);
    if (outcome.placed) return;
    const bool missing = outcome.memory_index < 0;
    Finding finding = Blank(missing ? FindingKind::kPoolMissing : FindingKind::kPoolTooSmall, true);
    finding.pool_index = outcome.pool_index;
    finding.pool_name = view_.pool(outcome.pool_index).name()->c_str();
    finding.planned_bytes = outcome.needed_bytes;
    finding.required_bytes = outcome.free_bytes;
    if (!missing) finding.memory_name = capacities[static_cast<size_t>(outcome.memory_index)].name;
    Add(finding);
  }

  GateReport Report() const {
    GateReport report;
    report.verdict = rejected_    ? Verdict::kReject
                     : count_ > 0 ? Verdict::kAcceptWithWarnings
                                  : Verdict::kAccept;
    report.finding_count = count_;
    report.findings_stored = stored_;
    report.reclaimable_bytes = reclaimable_bytes_;
    return report;
  }

 private:
  // Out of line: inlined into each of its callers it cost a gate-only Cortex-M image 70 B.
  [[gnu::noinline]] Finding Blank(FindingKind kind, bool rejects) const {
    Finding finding;
    finding.kind = kind;
    finding.rejects = rejects;
    finding.op_index = -1;
    finding.op_kind = kernels::OpKind::kConv2d;
    finding.planned_bytes = 0;
    finding.required_bytes = 0;
    finding.pool_index = -1;
    finding.pool_name = nullptr;
    finding.memory_name = nullptr;
    finding.dtype = kernels::KernelDtype::kInt8;
    finding.form = kernels::ExecForm::kWhole;
    finding.isa = identity_.isa;
    finding.runtime_isa = identity_.isa;
    finding.artifact_kernel_version = identity_.kernel_version;
    finding.runtime_kernel_version = identity_.kernel_version;
    return finding;
  }

  // What `isa`'s variant needs for op `op_index`: a stage op runs on each strip's params, so the
  // most its largest strip needs; any other op its whole params'. kFormMissingBytes when the
  // variant lacks the planned form, kNoVariant when there is none.
  [[gnu::noinline]] size_t RequiredBytes(const kernels::OpParams& params, int32_t op_index,
                                         Isa isa) const {
    const kernels::KernelEntry* kernel = kernels::ResolveKernel(params.kind, params.dtype, isa);
    if (kernel == nullptr) return kNoVariant;
    const size_t staged = StageOpScratchBytes == nullptr
                              ? kNotAStageOp
                              : StageOpScratchBytes(view_.artifact(), op_index, isa);
    return staged == kNotAStageOp ? kernels::ScratchBytesOf(*kernel, params) : staged;
  }

  void Add(const Finding& finding) {
    if (static_cast<size_t>(stored_) < out_.size()) out_[static_cast<size_t>(stored_++)] = finding;
    ++count_;
    rejected_ = rejected_ || finding.rejects;
  }

  // The runtime's variant needs more than planned: reject, unless the fallback policy finds a
  // variant of this build that fits.
  Isa Short(const kernels::OpParams& params, Finding finding) {
    if (policy_ == GatePolicy::kFallback) {
      const Isa* fitting = FittingVariant(params, finding.op_index, finding.planned_bytes);
      if (fitting != nullptr) {
        finding.kind = FindingKind::kFallbackVariant;
        finding.rejects = false;
        finding.isa = *fitting;
        Add(finding);
        return *fitting;
      }
    }
    Add(finding);
    return identity_.isa;
  }

  // The candidates depend only on the runtime's identity (its ISA and what a CPU with that ISA
  // also runs) and on size functions, never on which evaluators this build carries: a host
  // judging a what-if runtime must pick the variant that runtime's device would pick.
  const Isa* FittingVariant(const kernels::OpParams& params, int32_t op_index,
                            size_t planned_bytes) const {
    for (const Isa& candidate : kVariantPreference) {
      if (!kernels::CpuRuns(identity_.isa, candidate)) continue;
      if (candidate != Isa::kRef && !kernels::HasOwnVariant(params.kind, params.dtype, candidate)) {
        continue;
      }
      // A variant without the planned form never fits (kFormMissingBytes), nor does none.
      if (RequiredBytes(params, op_index, candidate) <= planned_bytes) {
        return &candidate;
      }
    }
    return nullptr;
  }

  const ArtifactView& view_;
  const RuntimeIdentity& identity_;
  GatePolicy policy_;
  std::span<Finding> out_;
  int32_t count_ = 0;
  int32_t stored_ = 0;
  bool rejected_ = false;
  size_t reclaimable_bytes_ = 0;
};

size_t FormatScratch(const Finding& f, const char* op_name, char* out, size_t capacity) {
  switch (f.kind) {
    case FindingKind::kScratchShort:
      return Format(out, capacity,
                    "op %d (%s): planned %zu B, runtime needs %zu B; re-plan with "
                    "`arenastore replan`",
                    f.op_index, op_name, f.planned_bytes, f.required_bytes);
    case FindingKind::kScratchSurplus:
      return Format(out, capacity,
                    "op %d (%s): planned %zu B, runtime needs %zu B; a re-plan would reclaim %zu "
                    "B%s",
                    f.op_index, op_name, f.planned_bytes, f.required_bytes,
                    f.planned_bytes - f.required_bytes,
                    f.rejects ? " (the strict policy rejects any difference)" : "");
    default:
      return Format(out, capacity,
                    "op %d (%s): planned %zu B, the %s variant needs %zu B; running the %s "
                    "variant, which fits",
                    f.op_index, op_name, f.planned_bytes,
                    NameOr(kernels::IsaName(f.runtime_isa), "unknown"), f.required_bytes,
                    NameOr(kernels::IsaName(f.isa), "unknown"));
  }
}

}  // namespace

RuntimeIdentity ThisRuntime() { return {kernels::kLibraryVersion, Isa::kRef}; }

const char* GatePolicyName(GatePolicy policy) {
  switch (policy) {
    case GatePolicy::kDefault:
      return "default";
    case GatePolicy::kStrict:
      return "strict";
    case GatePolicy::kFallback:
      return "fallback";
  }
  return "unknown";
}

PlacementRule PlacementRuleOf(GatePolicy policy) {
  return policy == GatePolicy::kStrict ? PlacementRule::kByName : PlacementRule::kShared;
}

bool ParseGatePolicy(const char* name, GatePolicy* policy) {
  constexpr GatePolicy kPolicies[] = {GatePolicy::kDefault, GatePolicy::kStrict,
                                      GatePolicy::kFallback};
  if (name == nullptr) return false;
  for (GatePolicy candidate : kPolicies) {
    if (kernels::internal::SameName(name, GatePolicyName(candidate))) {
      *policy = candidate;
      return true;
    }
  }
  return false;
}

const char* FindingKindName(FindingKind kind) {
  switch (kind) {
    case FindingKind::kUnknownOpKind:
      return "unknown_op_kind";
    case FindingKind::kKernelMajorMismatch:
      return "kernel_major_mismatch";
    case FindingKind::kScratchShort:
      return "scratch_short";
    case FindingKind::kScratchSurplus:
      return "scratch_surplus";
    case FindingKind::kPoolTooSmall:
      return "pool_too_small";
    case FindingKind::kPoolMissing:
      return "pool_missing";
    case FindingKind::kIsaMismatch:
      return "isa_mismatch";
    case FindingKind::kFallbackVariant:
      return "fallback_variant";
    case FindingKind::kOpNotBuilt:
      return "op_not_built";
    case FindingKind::kKernelMissing:
      return "kernel_missing";
    case FindingKind::kFormMissing:
      return "form_missing";
  }
  return "unknown";
}

namespace {

// Everything but the device's memories; both EvaluateGate forms share it.
void JudgeRuntime(Judge& judge, const ArtifactView& view, std::span<kernels::Isa> variant_per_op) {
  judge.CheckKernelVersion();
  judge.CheckIsa();
  const int32_t op_count = view.operator_count();
  const bool record_variants = variant_per_op.size() >= static_cast<size_t>(op_count);
  for (int32_t i = 0; i < op_count; ++i) {
    const Isa variant = judge.CheckOperator(i);
    if (record_variants) variant_per_op[static_cast<size_t>(i)] = variant;
  }
}

}  // namespace

GateReport EvaluateGate(const ArtifactView& view, const RuntimeIdentity& identity,
                        GatePolicy policy, std::span<const PoolCapacity> capacities,
                        std::span<Finding> findings_out, std::span<kernels::Isa> variant_per_op) {
  Judge judge(view, identity, policy, findings_out);
  JudgeRuntime(judge, view, variant_per_op);
  judge.CheckPools(capacities);
  return judge.Report();
}

GateReport EvaluateGate(const ArtifactView& view, const RuntimeIdentity& identity,
                        GatePolicy policy, std::span<Finding> findings_out,
                        std::span<kernels::Isa> variant_per_op) {
  Judge judge(view, identity, policy, findings_out);
  JudgeRuntime(judge, view, variant_per_op);
  return judge.Report();
}

size_t FormatFinding(const Finding& f, char* out, size_t capacity) {
  const char* op_name = NameOr(kernels::OpKindName(f.op_kind), "unknown");
  const char* strict = f.rejects ? " (the strict policy rejects it)" : "";
  switch (f.kind) {
    case FindingKind::kUnknownOpKind:
      return Format(out, capacity,
                    "op %d (unknown kind %u): this runtime does not know the operator; upgrade "
                    "the runtime",
                    f.op_index, static_cast<unsigned>(f.op_kind));
    case FindingKind::kKernelMajorMismatch:
      return Format(out, capacity,
                    "kernel library: planned against %u.%u.%u, runtime has %u.%u.%u; major "
                    "versions differ, re-plan with `arenastore replan`",
                    f.artifact_kernel_version.major, f.artifact_kernel_version.minor,
                    f.artifact_kernel_version.patch, f.runtime_kernel_version.major,
                    f.runtime_kernel_version.minor, f.runtime_kernel_version.patch);
    case FindingKind::kPoolTooSmall:
      return Format(out, capacity,
                    "pool %d '%s': plan needs %zu B, memory '%s' has %zu B; %zu B missing, re-plan "
                    "for this device's capacity",
                    f.pool_index, NameOr(f.pool_name, "?"), f.planned_bytes,
                    NameOr(f.memory_name, "?"), f.required_bytes,
                    f.planned_bytes - f.required_bytes);
    case FindingKind::kPoolMissing:
      return Format(out, capacity,
                    "pool %d '%s': plan needs %zu B, the device provides no pool of that name "
                    "(the strict policy matches pools to memories by name)",
                    f.pool_index, NameOr(f.pool_name, "?"), f.planned_bytes);
    case FindingKind::kIsaMismatch:
      return Format(out, capacity,
                    "target ISA: planned for %s, runtime is %s; scratch is re-checked per "
                    "operator%s",
                    NameOr(kernels::IsaName(f.isa), "unknown"),
                    NameOr(kernels::IsaName(f.runtime_isa), "unknown"), strict);
    case FindingKind::kOpNotBuilt:
      return Format(out, capacity,
                    "op %d (%s): this runtime was built without %s; deploy to one built with it",
                    f.op_index, op_name, op_name);
    case FindingKind::kKernelMissing:
      return Format(out, capacity, "op %d (%s): this runtime has no %s kernel for it", f.op_index,
                    op_name, NameOr(kernels::KernelDtypeName(f.dtype), "unknown"));
    case FindingKind::kFormMissing:
      return Format(out, capacity,
                    "op %d (%s): planned in form %s, which %s/%s does not implement for it; "
                    "re-plan for this runtime with `arenastore replan`",
                    f.op_index, op_name, NameOr(kernels::ExecFormName(f.form), "unknown"), op_name,
                    NameOr(kernels::IsaName(f.isa), "unknown"));
    case FindingKind::kScratchShort:
    case FindingKind::kScratchSurplus:
    case FindingKind::kFallbackVariant:
      return FormatScratch(f, op_name, out, capacity);
  }
  return Format(out, capacity, "unknown finding");
}

}  // namespace arenastore::runtime
