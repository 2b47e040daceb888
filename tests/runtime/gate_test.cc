// The gate's rule table (DESIGN.md), one rule per test, with the findings' exact wording.
#include "runtime/gate.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "tests/runtime/artifact_fixture.h"

// Counts every heap allocation in this test binary, so a test can prove the gate makes none.
namespace {
size_t g_allocations = 0;
}  // namespace

// GCC pairs the replaced operator new with free() across inlining and warns; the pairing is
// exactly what a replacement does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(size_t bytes) {
  ++g_allocations;
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace arenastore::runtime {
namespace {

using kernels::Isa;
using namespace testing;  // NOLINT: the fixture's vocabulary reads best unqualified

struct Judged {
  std::unique_ptr<OpenedArtifact> artifact;  // findings' pool names point into its bytes
  GateReport report;
  std::vector<Finding> findings;
  std::vector<Isa> variants;
};

Judged Judge(const ArtifactSpec& spec, RuntimeIdentity identity = ThisRuntime(),
             GatePolicy policy = GatePolicy::kDefault,
             const std::vector<PoolCapacity>& capacities = {}) {
  Judged judged;
  judged.artifact = std::make_unique<OpenedArtifact>(spec);
  const OpenedArtifact& artifact = *judged.artifact;
  EXPECT_TRUE(artifact.ok()) << artifact.status().message();
  if (!artifact.ok()) return judged;
  judged.findings.resize(16);
  judged.variants.assign(static_cast<size_t>(artifact.view().operator_count()), Isa::kArmDsp);
  judged.report =
      EvaluateGate(artifact.view(), identity, policy, capacities, judged.findings, judged.variants);
  judged.findings.resize(static_cast<size_t>(judged.report.findings_stored));
  return judged;
}

std::string Text(const Finding& finding) {
  char text[256];
  FormatFinding(finding, text, sizeof(text));
  return text;
}

std::vector<uint64_t> RefNeeds() { return KernelScratchBytes(TinyModelSpec(), Isa::kRef); }

RuntimeIdentity Identity(Isa isa) { return {kernels::kLibraryVersion, isa}; }

TEST(Gate, ThisRuntimeIsThisKernelLibraryOnTheReferenceIsa) {
  const RuntimeIdentity identity = ThisRuntime();
  EXPECT_EQ(identity.kernel_version.major, kernels::kLibraryVersion.major);
  EXPECT_EQ(identity.kernel_version.minor, kernels::kLibraryVersion.minor);
  EXPECT_EQ(identity.isa, Isa::kRef);
}

TEST(Gate, AcceptsExactScratchSilently) {
  const std::vector<uint64_t> needs = RefNeeds();
  ASSERT_GT(needs[kMeanOp], 0u) << "mean/ref keeps an int32 sum per output in scratch";
  const Judged judged = Judge(TinyModelSizedFor(Isa::kRef));
  EXPECT_EQ(judged.report.verdict, Verdict::kAccept);
  EXPECT_EQ(judged.report.finding_count, 0);
  EXPECT_EQ(judged.report.reclaimable_bytes, 0u);
  EXPECT_EQ(judged.variants, std::vector<Isa>(4, Isa::kRef));
}

TEST(Gate, RejectsWhenRuntimeNeedsMoreScratch) {
  std::vector<uint64_t> planned = RefNeeds();
  const uint64_t needed = planned[kMeanOp];
  ASSERT_GT(needed, 8u);
  planned[kMeanOp] = needed - 8;
  const Judged judged = Judge(TinyModelSpec(planned));
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  const Finding& finding = judged.findings[0];
  EXPECT_EQ(finding.kind, FindingKind::kScratchShort);
  EXPECT_TRUE(finding.rejects);
  EXPECT_EQ(finding.op_index, kMeanOp);
  EXPECT_EQ(finding.op_kind, kernels::OpKind::kMean);
  EXPECT_EQ(finding.planned_bytes, needed - 8);
  EXPECT_EQ(finding.required_bytes, needed);
  EXPECT_EQ(Text(finding), "op 1 (mean): planned " + std::to_string(needed - 8) +
                               " B, runtime needs " + std::to_string(needed) +
                               " B; re-plan with `arenastore replan`");
}

TEST(Gate, RejectsAnOpWithoutScratchWhoseKernelNeedsSome) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kMeanOp] = 0;  // no scratch entry at all
  const Judged judged = Judge(TinyModelSpec(planned));
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].op_index, kMeanOp);
  EXPECT_EQ(judged.findings[0].planned_bytes, 0u);
}

TEST(Gate, WarnsWhenRuntimeNeedsLessScratch) {
  std::vector<uint64_t> planned = RefNeeds();
  const uint64_t needed = planned[kMeanOp];
  planned[kMeanOp] = needed + 256;
  const Judged judged = Judge(TinyModelSpec(planned));
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  EXPECT_EQ(judged.report.reclaimable_bytes, 256u);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kScratchSurplus);
  EXPECT_FALSE(judged.findings[0].rejects);
  EXPECT_EQ(Text(judged.findings[0]), "op 1 (mean): planned " + std::to_string(needed + 256) +
                                          " B, runtime needs " + std::to_string(needed) +
                                          " B; a re-plan would reclaim 256 B");
}

TEST(Gate, SumsReclaimableBytesOverOperators) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kConvOp] += 100;
  planned[kSoftmaxOp] += 28;
  const Judged judged = Judge(TinyModelSpec(planned));
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  EXPECT_EQ(judged.report.finding_count, 2);
  EXPECT_EQ(judged.report.reclaimable_bytes, 128u);
}

TEST(Gate, StrictRejectsAnyDifference) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kMeanOp] += 16;
  const Judged judged = Judge(TinyModelSpec(planned), ThisRuntime(), GatePolicy::kStrict);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kScratchSurplus);
  EXPECT_TRUE(judged.findings[0].rejects);
  EXPECT_NE(Text(judged.findings[0]).find("strict policy rejects any difference"),
            std::string::npos);
}

TEST(Gate, StrictAcceptsExactScratch) {
  const Judged judged = Judge(TinyModelSizedFor(Isa::kRef), ThisRuntime(), GatePolicy::kStrict);
  EXPECT_EQ(judged.report.verdict, Verdict::kAccept);
}

TEST(Gate, RejectsKernelMajorMismatchAndStillListsScratchFindings) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kMeanOp] -= 4;
  ArtifactSpec spec = TinyModelSpec(planned);
  spec.kernel_version = {static_cast<uint16_t>(kernels::kLibraryVersion.major + 1), 2, 3};
  const Judged judged = Judge(spec);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 2u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kKernelMajorMismatch);
  EXPECT_TRUE(judged.findings[0].rejects);
  EXPECT_EQ(judged.findings[0].op_index, -1);
  const kernels::LibraryVersion v = kernels::kLibraryVersion;
  EXPECT_EQ(Text(judged.findings[0]),
            "kernel library: planned against " + std::to_string(v.major + 1) +
                ".2.3, runtime has " + std::to_string(v.major) + "." + std::to_string(v.minor) +
                "." + std::to_string(v.patch) +
                "; major versions differ, re-plan with `arenastore replan`");
  EXPECT_EQ(judged.findings[1].kind, FindingKind::kScratchShort);
}

TEST(Gate, AcceptsKernelMinorAndPatchDifferences) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.kernel_version.minor += 3;
  spec.kernel_version.patch += 1;
  EXPECT_EQ(Judge(spec).report.verdict, Verdict::kAccept);
}

TEST(Gate, WarnsOnIsaMismatch) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.target_isa = static_cast<uint8_t>(Isa::kArmMve);
  const Judged judged = Judge(spec);
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kIsaMismatch);
  EXPECT_FALSE(judged.findings[0].rejects);
  EXPECT_EQ(judged.findings[0].isa, Isa::kArmMve);
  EXPECT_EQ(judged.findings[0].runtime_isa, Isa::kRef);
  EXPECT_EQ(Text(judged.findings[0]),
            "target ISA: planned for arm_mve, runtime is ref; scratch is re-checked per operator");
}

TEST(Gate, StrictRejectsIsaMismatch) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.target_isa = static_cast<uint8_t>(Isa::kX86Avx2);
  const Judged judged = Judge(spec, ThisRuntime(), GatePolicy::kStrict);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_TRUE(judged.findings[0].rejects);
}

TEST(Gate, RejectsUnknownOpKind) {
  ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  spec.ops[kSoftmaxOp].kind = 200;
  spec.ops[kSoftmaxOp].options = nullptr;
  const Judged judged = Judge(spec);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kUnknownOpKind);
  EXPECT_EQ(judged.findings[0].op_index, kSoftmaxOp);
  EXPECT_EQ(
      Text(judged.findings[0]),
      "op 3 (unknown kind 200): this runtime does not know the operator; upgrade the runtime");
}

TEST(Gate, RejectsAnOpTheRuntimeWasBuiltWithoutNamingIt) {
  RuntimeIdentity identity = ThisRuntime();
  identity.ops = kernels::OpSet::All();
  identity.ops.words[static_cast<int>(kernels::OpKind::kSoftmax) / 32] &=
      ~(1u << (static_cast<int>(kernels::OpKind::kSoftmax) % 32));
  const Judged judged = Judge(TinyModelSizedFor(Isa::kRef), identity);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kOpNotBuilt);
  EXPECT_EQ(judged.findings[0].op_index, kSoftmaxOp);
  EXPECT_EQ(Text(judged.findings[0]),
            "op 3 (softmax): this runtime was built without softmax; deploy to one built with it");
  EXPECT_EQ(Judge(TinyModelSizedFor(Isa::kRef), ThisRuntime()).report.verdict, Verdict::kAccept);
}

// A reshape copies bytes of any type; an int16 one (16x8 models) has its own kernel row.
TEST(Gate, AcceptsAnInt16Reshape) {
  ArtifactSpec spec;
  spec.tensors = {ActivationTensor("input", {4}, 0.5f, 0),
                  ActivationTensor("output", {2, 2}, 0.5f, 0)};
  spec.tensors[0].type = schema::DataType::INT16;
  spec.tensors[1].type = schema::DataType::INT16;
  spec.ops = {
      {static_cast<uint8_t>(kernels::OpKind::kReshape), {0}, {1}, ReshapeOptionsWriter(), {}}};
  spec.inputs = {0};
  spec.outputs = {1};
  PlanSequentially(&spec);
  const Judged judged = Judge(spec);
  EXPECT_EQ(judged.report.verdict, Verdict::kAccept);
  EXPECT_TRUE(judged.findings.empty());
}

// In a full build every op whose operands admit int16 has an int16 kernel, so no valid artifact
// reaches a missing one here; the finding's text is checked on its own.
TEST(Gate, NamesOpAndDtypeOfAMissingKernel) {
  Finding finding = {};
  finding.kind = FindingKind::kKernelMissing;
  finding.rejects = true;
  finding.op_index = 0;
  finding.op_kind = kernels::OpKind::kReshape;
  finding.pool_index = -1;
  finding.dtype = kernels::KernelDtype::kInt16;
  EXPECT_EQ(Text(finding), "op 0 (reshape): this runtime has no int16 kernel for it");
}

TEST(Gate, RejectsPoolCapacityBelowPlan) {
  const ArtifactSpec spec = TinyModelSizedFor(Isa::kRef);
  const size_t planned = spec.pools[0].planned_bytes;
  const Judged small = Judge(spec, ThisRuntime(), GatePolicy::kDefault, {{"sram", planned - 1}});
  EXPECT_EQ(small.report.verdict, Verdict::kReject);
  ASSERT_EQ(small.findings.size(), 1u);
  EXPECT_EQ(small.findings[0].kind, FindingKind::kPoolTooSmall);
  EXPECT_EQ(small.findings[0].pool_index, 0);
  EXPECT_EQ(Text(small.findings[0]), "pool 0 'sram': plan needs " + std::to_string(planned) +
                                         " B, memory 'sram' has " + std::to_string(planned - 1) +
                                         " B; 1 B missing, re-plan for this device's capacity");
  const Judged exact =
      Judge(spec, ThisRuntime(), GatePolicy::kDefault, {{"dtcm", 64}, {"sram", planned}});
  EXPECT_EQ(exact.report.verdict, Verdict::kAccept);
}

TEST(Gate, PlacesAPoolIntoAMemoryOfAnotherName) {
  const Judged judged =
      Judge(TinyModelSizedFor(Isa::kRef), ThisRuntime(), GatePolicy::kDefault, {{"dtcm", 1 << 20}});
  EXPECT_EQ(judged.report.verdict, Verdict::kAccept);
}

TEST(Gate, StrictRejectsAPoolTheDeviceHasNoMemoryOfThatNameFor) {
  const Judged judged =
      Judge(TinyModelSizedFor(Isa::kRef), ThisRuntime(), GatePolicy::kStrict, {{"dtcm", 1 << 20}});
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kPoolMissing);
  EXPECT_NE(Text(judged.findings[0]).find("the device provides no pool of that name"),
            std::string::npos);
}

// A host can judge an artifact for a device of another ISA: the size functions of every ISA
// are in every build.
TEST(Gate, WhatIfIdentityJudgesWithThatIsasSizeFunctions) {
  const std::vector<uint64_t> ref_needs = RefNeeds();
  for (int i = 0; i < kernels::kIsaCount; ++i) {
    const auto isa = static_cast<Isa>(i);
    const std::vector<uint64_t> needs = KernelScratchBytes(TinyModelSpec(), isa);
    ArtifactSpec own = TinyModelSizedFor(isa);
    own.target_isa = static_cast<uint8_t>(isa);
    EXPECT_EQ(Judge(own, Identity(isa)).report.verdict, Verdict::kAccept) << kernels::IsaName(isa);

    const Judged judged = Judge(TinyModelSizedFor(Isa::kRef), Identity(isa));
    size_t differing = 0;
    for (const Finding& finding : judged.findings) {
      if (finding.op_index < 0) continue;
      ++differing;
      EXPECT_EQ(finding.required_bytes, needs[static_cast<size_t>(finding.op_index)]);
      EXPECT_EQ(finding.planned_bytes, ref_needs[static_cast<size_t>(finding.op_index)]);
    }
    size_t expected = 0;
    for (size_t op = 0; op < needs.size(); ++op) expected += needs[op] != ref_needs[op] ? 1 : 0;
    EXPECT_EQ(differing, expected) << kernels::IsaName(isa);
  }
}

TEST(Gate, FallbackRejectsWhenNoVariantFits) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kMeanOp] = 1;
  const Judged judged = Judge(TinyModelSpec(planned), ThisRuntime(), GatePolicy::kFallback);
  EXPECT_EQ(judged.report.verdict, Verdict::kReject);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kScratchShort);
}

bool CpuRuns(Isa runtime, Isa candidate) {
  return candidate == Isa::kRef || candidate == runtime ||
         (runtime == Isa::kX86Avx512Vnni && candidate == Isa::kX86Avx2) ||
         (runtime == Isa::kArmMve && candidate == Isa::kArmDsp);
}

// Where the runtime's own variant needs more than planned, the fastest variant a CPU of the
// runtime's ISA runs whose need fits is chosen (preference avx512vnni > avx2 > mve > dsp > ref).
TEST(Gate, FallbackRunsTheFastestFittingVariantAndWarns) {
  const Isa preference[] = {Isa::kX86Avx512Vnni, Isa::kX86Avx2, Isa::kArmMve, Isa::kArmDsp,
                            Isa::kRef};
  const ArtifactSpec base = TinyModelSpec();
  bool exercised = false;
  for (Isa runtime : preference) {
    const std::vector<uint64_t> needs = KernelScratchBytes(base, runtime);
    for (int32_t op = 0; op < 4; ++op) {
      // The smallest need among the variants that CPU runs.
      std::optional<uint64_t> smallest;
      for (Isa candidate : preference) {
        const kernels::KernelEntry* entry =
            kernels::ResolveKernel(static_cast<kernels::OpKind>(base.ops[op].kind),
                                   kernels::KernelDtype::kInt8, candidate);
        if (!CpuRuns(runtime, candidate)) continue;
        if (candidate != Isa::kRef && entry->isa != candidate) continue;
        const uint64_t need = KernelScratchBytes(base, candidate)[static_cast<size_t>(op)];
        if (!smallest || need < *smallest) smallest = need;
      }
      if (!smallest || *smallest >= needs[static_cast<size_t>(op)]) continue;
      std::vector<uint64_t> planned = needs;
      planned[static_cast<size_t>(op)] = *smallest;
      ArtifactSpec spec = TinyModelSpec(planned);
      spec.target_isa = static_cast<uint8_t>(runtime);
      const Judged judged = Judge(spec, Identity(runtime), GatePolicy::kFallback);
      EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
      ASSERT_EQ(judged.findings.size(), 1u);
      EXPECT_EQ(judged.findings[0].kind, FindingKind::kFallbackVariant);
      EXPECT_EQ(judged.findings[0].runtime_isa, runtime);
      const Isa chosen = judged.variants[static_cast<size_t>(op)];
      EXPECT_EQ(judged.findings[0].isa, chosen);
      EXPECT_NE(chosen, runtime);
      // Fastest fitting: no variant earlier in the preference list fits.
      for (Isa faster : preference) {
        if (faster == chosen) break;
        const kernels::KernelEntry* entry = kernels::ResolveKernel(
            static_cast<kernels::OpKind>(base.ops[op].kind), kernels::KernelDtype::kInt8, faster);
        if (!CpuRuns(runtime, faster) || entry->isa != faster) continue;
        EXPECT_GT(KernelScratchBytes(base, faster)[static_cast<size_t>(op)], *smallest);
      }
      exercised = true;
    }
  }
  if (!exercised) {
    GTEST_SKIP() << "no op of the tiny model has a runnable variant needing less scratch than "
                    "another ISA's; the fallback path waits for such variants";
  }
}

// A host judging a what-if runtime must choose what that runtime's device would: the choice
// depends on sizes and the runtime's ISA, not on which evaluators the judging build carries
// (this host build has no Arm evaluators, an Arm device build no x86 ones).
TEST(Gate, FallbackChoosesLikeTheDeviceWhateverThisBuildCanRun) {
  const ArtifactSpec base = TinyModelSpec();
  bool exercised = false;
  for (const auto& [runtime, slower] :
       {std::pair{Isa::kArmMve, Isa::kArmDsp}, std::pair{Isa::kX86Avx512Vnni, Isa::kX86Avx2}}) {
    const std::vector<uint64_t> needs = KernelScratchBytes(base, runtime);
    const std::vector<uint64_t> slower_needs = KernelScratchBytes(base, slower);
    for (int32_t op = 0; op < 4; ++op) {
      const auto kind = static_cast<kernels::OpKind>(base.ops[op].kind);
      const auto i = static_cast<size_t>(op);
      if (!kernels::HasOwnVariant(kind, kernels::KernelDtype::kInt8, slower) ||
          slower_needs[i] >= needs[i])
        continue;
      std::vector<uint64_t> planned = needs;
      planned[i] = slower_needs[i];
      ArtifactSpec spec = TinyModelSpec(planned);
      spec.target_isa = static_cast<uint8_t>(runtime);
      const Judged judged = Judge(spec, Identity(runtime), GatePolicy::kFallback);
      EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings) << kernels::IsaName(runtime);
      EXPECT_EQ(judged.variants[i], slower) << kernels::IsaName(runtime) << " op " << op;
      exercised = true;
    }
  }
  if (!exercised) {
    GTEST_SKIP() << "no op of the tiny model needs less scratch on a slower variant of the same "
                    "CPU family";
  }
}

TEST(Gate, CountsFindingsBeyondTheCallersCapacity) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kConvOp] += 4;
  planned[kMeanOp] = 0;
  const OpenedArtifact artifact(TinyModelSpec(planned));
  ASSERT_TRUE(artifact.ok());
  Finding one[1];
  const GateReport report =
      EvaluateGate(artifact.view(), ThisRuntime(), GatePolicy::kDefault, {}, one, {});
  EXPECT_EQ(report.finding_count, 2);
  EXPECT_EQ(report.findings_stored, 1);
  EXPECT_EQ(one[0].kind, FindingKind::kScratchSurplus);
  EXPECT_EQ(report.verdict, Verdict::kReject);  // from the finding that did not fit
}

TEST(Gate, NeverAllocates) {
  std::vector<uint64_t> planned = RefNeeds();
  planned[kConvOp] += 4;
  const OpenedArtifact artifact(TinyModelSpec(planned));
  ASSERT_TRUE(artifact.ok());
  std::vector<Finding> findings(8);
  std::vector<Isa> variants(4);
  const PoolCapacity capacities[] = {{"sram", 1 << 20}};
  char text[256];
  const size_t before = g_allocations;
  for (GatePolicy policy : {GatePolicy::kDefault, GatePolicy::kStrict, GatePolicy::kFallback}) {
    const GateReport report =
        EvaluateGate(artifact.view(), ThisRuntime(), policy, capacities, findings, variants);
    for (int32_t i = 0; i < report.findings_stored; ++i) FormatFinding(findings[i], text, 256);
  }
  EXPECT_EQ(g_allocations, before);
}

TEST(Gate, PolicyNamesRoundTrip) {
  for (GatePolicy policy : {GatePolicy::kDefault, GatePolicy::kStrict, GatePolicy::kFallback}) {
    GatePolicy parsed = GatePolicy::kDefault;
    ASSERT_TRUE(ParseGatePolicy(GatePolicyName(policy), &parsed));
    EXPECT_EQ(parsed, policy);
  }
  GatePolicy parsed;
  EXPECT_FALSE(ParseGatePolicy("lenient", &parsed));
  EXPECT_FALSE(ParseGatePolicy("", &parsed));
  EXPECT_FALSE(ParseGatePolicy(nullptr, &parsed));
  EXPECT_STREQ(GatePolicyName(GatePolicy::kFallback), "fallback");
}

TEST(Gate, FindingKindsHaveStableNames) {
  EXPECT_STREQ(FindingKindName(FindingKind::kScratchShort), "scratch_short");
  EXPECT_STREQ(FindingKindName(FindingKind::kScratchSurplus), "scratch_surplus");
  EXPECT_STREQ(FindingKindName(FindingKind::kUnknownOpKind), "unknown_op_kind");
  EXPECT_STREQ(FindingKindName(FindingKind::kKernelMajorMismatch), "kernel_major_mismatch");
  EXPECT_STREQ(FindingKindName(FindingKind::kPoolTooSmall), "pool_too_small");
  EXPECT_STREQ(FindingKindName(FindingKind::kPoolMissing), "pool_missing");
  EXPECT_STREQ(FindingKindName(FindingKind::kIsaMismatch), "isa_mismatch");
  EXPECT_STREQ(FindingKindName(FindingKind::kFallbackVariant), "fallback_variant");
  EXPECT_STREQ(FindingKindName(FindingKind::kOpNotBuilt), "op_not_built");
  EXPECT_STREQ(FindingKindName(FindingKind::kKernelMissing), "kernel_missing");
}

}  // namespace
}  // namespace arenastore::runtime
