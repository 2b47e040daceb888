// The compatibility corpus (tests/data/compat, artifacts planned by kernel libraries 1.2.0, 1.3.0
// and 1.8.0): the gate of this kernel library must judge each one exactly as the sizes say, for
// every runtime ISA and policy: accept when every op's planned scratch equals what the
// runtime's variant needs, warn when some need less (strict: reject), reject when any needs
// more unless the fallback policy finds a variant that CPU runs whose need fits. The manifest
// records what the planning library's own ref runtime said and what this library's says; a
// minor version only shrinks sizes, so nothing the planning library accepted is rejected now.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "kernels/version.h"
#include "runtime/artifact_stages.h"
#include "runtime/executor.h"
#include "runtime/gate.h"
#include "runtime/op_params_builder.h"
#include "runtime/schema/artifact_schema.h"
#include "tests/runtime/artifact_fixture.h"

namespace arenastore::runtime {
namespace {

using kernels::Isa;

const std::string kCorpusDir = std::string(ARENASTORE_SOURCE_DIR) + "/tests/data/compat/";

struct ManifestRow {
  std::string file;
  std::string planning_verdict;  // the planning library's ref runtime, default policy
  std::string verdict_now;       // this library's ref runtime, default policy
};

std::vector<ManifestRow> ReadManifest() {
  std::ifstream manifest(kCorpusDir + "MANIFEST.tsv");
  std::vector<ManifestRow> rows;
  std::string line;
  std::getline(manifest, line);  // header
  while (std::getline(manifest, line)) {
    std::istringstream fields(line);
    ManifestRow row;
    std::string findings;
    std::getline(fields, row.file, '\t');
    std::getline(fields, row.planning_verdict, '\t');
    std::getline(fields, findings, '\t');
    std::getline(fields, row.verdict_now, '\t');
    if (!row.file.empty()) rows.push_back(row);
  }
  return rows;
}

std::vector<uint8_t> ReadBytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

constexpr Isa kIsas[] = {Isa::kRef, Isa::kArmDsp, Isa::kArmMve, Isa::kX86Avx2, Isa::kX86Avx512Vnni};
constexpr GatePolicy kPolicies[] = {GatePolicy::kDefault, GatePolicy::kStrict,
                                    GatePolicy::kFallback};

// What a CPU whose runtime is `runtime` also runs (the gate's rule, restated).
bool CpuRuns(Isa runtime, Isa candidate) {
  return candidate == Isa::kRef || candidate == runtime ||
         (runtime == Isa::kX86Avx512Vnni && candidate == Isa::kX86Avx2) ||
         (runtime == Isa::kArmMve && candidate == Isa::kArmDsp);
}

// What `isa`'s variant needs for the op: a stage op is judged by its largest strip
// (runtime/artifact_stages.h), any other op by its whole params.
size_t NeededBytes(const ArtifactView& view, int32_t op, const kernels::OpParams& params, Isa isa) {
  const size_t staged = StageOpScratchBytes(view.artifact(), op, isa);
  return staged == kNotAStageOp ? kernels::ScratchBytes(params, isa) : staged;
}

bool SomeVariantFits(const ArtifactView& view, int32_t op, const kernels::OpParams& params,
                     Isa runtime, size_t planned) {
  for (const Isa candidate : kIsas) {
    if (!CpuRuns(runtime, candidate)) continue;
    if (candidate != Isa::kRef &&
        !kernels::HasOwnVariant(params.kind, kernels::KernelDtype::kInt8, candidate))
      continue;
    if (NeededBytes(view, op, params, candidate) <= planned) return true;
  }
  return false;
}

// The verdict the sizes call for, worked out from the artifact and the size functions alone.
Verdict ExpectedVerdict(const ArtifactView& view, Isa runtime, GatePolicy policy) {
  bool warn = false, reject = false;
  if (static_cast<Isa>(view.artifact().target_isa()) != runtime) {
    (policy == GatePolicy::kStrict ? reject : warn) = true;
  }
  for (int32_t op = 0; op < view.operator_count(); ++op) {
    kernels::OpParams params;
    EXPECT_TRUE(BuildOpParams(view, op, &params).ok());
    const size_t planned = view.PlannedScratchBytes(op);
    const size_t needed = NeededBytes(view, op, params, runtime);
    if (needed > planned) {
      if (policy == GatePolicy::kFallback && SomeVariantFits(view, op, params, runtime, planned)) {
        warn = true;
      } else {
        reject = true;
      }
    } else if (needed < planned) {
      (policy == GatePolicy::kStrict ? reject : warn) = true;
    }
  }
  return reject ? Verdict::kReject : warn ? Verdict::kAcceptWithWarnings : Verdict::kAccept;
}

const char* Name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kAccept:
      return "accept";
    case Verdict::kAcceptWithWarnings:
      return "warn";
    case Verdict::kReject:
      return "reject";
  }
  return "?";
}

struct Corpus {
  ManifestRow row;
  testing::AlignedBytes bytes;
};

std::vector<Corpus> LoadCorpus() {
  std::vector<Corpus> corpus;
  for (const ManifestRow& row : ReadManifest()) {
    const std::vector<uint8_t> bytes = ReadBytes(kCorpusDir + row.file);
    EXPECT_FALSE(bytes.empty()) << kCorpusDir + row.file << " is missing or empty";
    corpus.push_back({row, testing::AlignedBytes(bytes)});
  }
  return corpus;
}

GateReport Judge(const ArtifactView& view, Isa isa, GatePolicy policy) {
  std::vector<Finding> findings(64);
  std::vector<Isa> variants(static_cast<size_t>(view.operator_count()));
  return EvaluateGate(view, {kernels::kLibraryVersion, isa}, policy, {}, findings, variants);
}

// One corpus file as a runtime of this library and `isa` judges it by default, with the
// findings, and what the strict policy says.
struct JudgedFile {
  GateReport report{};
  std::vector<Finding> findings;
  Verdict strict = Verdict::kReject;
};

JudgedFile JudgeFile(const std::string& file, Isa isa) {
  const std::vector<uint8_t> bytes = ReadBytes(kCorpusDir + file);
  EXPECT_FALSE(bytes.empty()) << file;
  const testing::AlignedBytes aligned(bytes);
  auto view = ArtifactView::Create(aligned.span());
  EXPECT_TRUE(view.ok()) << file << ": " << view.status().message();
  JudgedFile judged;
  if (!view.ok()) return judged;
  judged.findings.resize(64);
  std::vector<Isa> variants(static_cast<size_t>(view->operator_count()));
  judged.report = EvaluateGate(*view, {kernels::kLibraryVersion, isa}, GatePolicy::kDefault, {},
                               judged.findings, variants);
  judged.findings.resize(static_cast<size_t>(judged.report.finding_count));
  judged.strict = Judge(*view, isa, GatePolicy::kStrict).verdict;
  return judged;
}

// Each file's name says the library that planned it ("ds-cnn-1.3.0-arm_mve.arena"), this one or
// an earlier one; 1.2.0, 1.3.0, 1.8.0, 1.10.0, 1.12.0, 1.14.0, 1.15.0 (format 1.3, ops written
// over their inputs) and 1.18.0 (format 1.4, row stages) are there.
TEST(CompatCorpus, HoldsArtifactsPlannedByEachEarlierKernelLibrary) {
  const std::vector<Corpus> corpus = LoadCorpus();
  ASSERT_GE(corpus.size(), 24u) << "the manifest lists the corpus; see its README";
  std::set<int> minors_seen;
  for (const Corpus& entry : corpus) {
    auto view = ArtifactView::Create(entry.bytes.span());
    ASSERT_TRUE(view.ok()) << entry.row.file << ": " << view.status().message();
    const schema::Version& version = *view->artifact().kernel_version();
    const std::string name =
        "-1." + std::to_string(version.minor()) + "." + std::to_string(version.patch()) + "-";
    EXPECT_NE(entry.row.file.find(name), std::string::npos) << entry.row.file;
    EXPECT_EQ(version.major(), kernels::kLibraryVersion.major) << entry.row.file;
    EXPECT_LE(version.minor(), kernels::kLibraryVersion.minor) << entry.row.file;
    minors_seen.insert(version.minor());
  }
  for (const int minor : {2, 3, 8, 10, 12, 14, 15, 18}) {
    EXPECT_EQ(minors_seen.count(minor), 1u) << "no artifact planned by 1." << minor << ".0";
  }
}

TEST(CompatCorpus, GateJudgesEveryArtifactAsTheSizesSayForEveryIsaAndPolicy) {
  for (const Corpus& entry : LoadCorpus()) {
    auto view = ArtifactView::Create(entry.bytes.span());
    ASSERT_TRUE(view.ok()) << entry.row.file;
    for (const Isa isa : kIsas) {
      for (const GatePolicy policy : kPolicies) {
        EXPECT_EQ(Name(Judge(*view, isa, policy).verdict),
                  Name(ExpectedVerdict(*view, isa, policy)))
            << entry.row.file << " as a " << kernels::IsaName(isa) << " runtime, policy "
            << GatePolicyName(policy);
      }
    }
  }
}

// A plan with state (1.10.0's svdf-kws): its state pool is judged against a device's capacity
// like any pool, so a device that keeps less state than the variables need is refused.
TEST(CompatCorpus, AStatePoolIsJudgedAgainstTheDevicesCapacity) {
  const testing::AlignedBytes bytes(ReadBytes(kCorpusDir + "svdf-kws-1.10.0-ref.arena"));
  auto view = ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  ASSERT_EQ(view->pool_count(), 2);
  ASSERT_EQ(view->pool(1).kind(), schema::PoolKind::STATE);
  EXPECT_EQ(view->pool(1).planned_bytes(), 640u);
  Finding findings[4];
  for (const size_t state_bytes : {size_t{639}, size_t{640}}) {
    const PoolCapacity capacities[] = {{"sram", 1024}, {"state", state_bytes}};
    const GateReport report = EvaluateGate(*view, {kernels::kLibraryVersion, Isa::kRef},
                                           GatePolicy::kDefault, capacities, findings, {});
    EXPECT_EQ(report.verdict, state_bytes < 640 ? Verdict::kReject : Verdict::kAccept)
        << state_bytes << " B of state";
  }
}

// A 16x8 plan with state (1.12.0's lstm-gesture): int16 activations through every op, its LSTM's
// hidden and cell state in a state pool; a ref runtime finds an int16 kernel for each op and
// accepts it, and a device keeping less state than planned is refused.
TEST(CompatCorpus, A16x8PlanWithStateIsJudgedOnItsInt16Kernels) {
  const testing::AlignedBytes bytes(ReadBytes(kCorpusDir + "lstm-gesture-1.12.0-ref.arena"));
  auto view = ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  ASSERT_EQ(view->pool_count(), 2);
  ASSERT_EQ(view->pool(1).kind(), schema::PoolKind::STATE);
  EXPECT_EQ(view->pool(1).planned_bytes(), 80u);
  EXPECT_EQ(view->tensor(view->artifact().inputs()->Get(0)).type(), schema::DataType::INT16);
  Finding findings[4];
  for (const size_t state_bytes : {size_t{79}, size_t{80}}) {
    const PoolCapacity capacities[] = {{"sram", 1024}, {"state", state_bytes}};
    const GateReport report = EvaluateGate(*view, {kernels::kLibraryVersion, Isa::kRef},
                                           GatePolicy::kDefault, capacities, findings, {});
    EXPECT_EQ(report.verdict, state_bytes < 80 ? Verdict::kReject : Verdict::kAccept)
        << state_bytes << " B of state";
  }
}

// The manifest's last column changes only with a reviewed size change (tests/data/compat/README).
TEST(CompatCorpus, TheRefRuntimeJudgesEachArtifactAsTheManifestRecords) {
  for (const Corpus& entry : LoadCorpus()) {
    auto view = ArtifactView::Create(entry.bytes.span());
    ASSERT_TRUE(view.ok()) << entry.row.file;
    EXPECT_EQ(Name(Judge(*view, Isa::kRef, GatePolicy::kDefault).verdict), entry.row.verdict_now)
        << entry.row.file;
  }
}

// Within major version 1 sizes only shrink, so an upgrade never strands a deployed model.
TEST(CompatCorpus, NothingThePlanningLibraryAcceptedIsRejectedNow) {
  for (const Corpus& entry : LoadCorpus()) {
    if (entry.row.planning_verdict == "reject") continue;
    auto view = ArtifactView::Create(entry.bytes.span());
    ASSERT_TRUE(view.ok()) << entry.row.file;
    EXPECT_NE(Judge(*view, Isa::kRef, GatePolicy::kDefault).verdict, Verdict::kReject)
        << entry.row.file << " was " << entry.row.planning_verdict;
  }
}

// The 1.8.0 -> 1.9.0 story: ref's average pool stopped keeping an int32 per channel, so a ref
// runtime accepts a 1.8.0 ds-cnn plan with one warning, the pool's 256 B reclaimable (strict
// rejects it until re-planned).
TEST(CompatCorpus, OldRefAveragePoolPlansWarnThatTheirScratchCanBeReclaimed) {
  const JudgedFile judged = JudgeFile("ds-cnn-1.8.0-ref.arena", Isa::kRef);
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  ASSERT_EQ(judged.findings.size(), 1u);
  EXPECT_EQ(judged.findings[0].kind, FindingKind::kScratchSurplus);
  EXPECT_EQ(judged.findings[0].op_kind, kernels::OpKind::kAveragePool2d);
  EXPECT_EQ(judged.findings[0].planned_bytes, 256u);  // 64 channels of int32
  EXPECT_EQ(judged.findings[0].required_bytes, 0u);
  EXPECT_EQ(judged.report.reclaimable_bytes, 256u);
  EXPECT_EQ(judged.strict, Verdict::kReject);
}

// The 1.12.0 -> 1.13.0 and 1.19.0 -> 1.20.0 stories: the M55's fully connected layer stopped
// keeping its weight rows' sums, and its depthwise layers their block buffer, so an arm_mve
// runtime accepts a 1.12.0 ds-cnn plan with a warning per layer: 48 B (12 outputs of int32) and
// 4,464 B for each of the four 3x3 depthwise layers to spare.
TEST(CompatCorpus, OldMvePlansWarnThatTheirScratchIsNotNeeded) {
  const JudgedFile judged = JudgeFile("ds-cnn-1.12.0-arm_mve.arena", Isa::kArmMve);
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  ASSERT_EQ(judged.findings.size(), 5u);
  int32_t depthwise = 0;
  for (const Finding& finding : judged.findings) {
    EXPECT_EQ(finding.kind, FindingKind::kScratchSurplus);
    EXPECT_EQ(finding.required_bytes, 0u);
    if (finding.op_kind == kernels::OpKind::kDepthwiseConv2d) {
      ++depthwise;
      EXPECT_EQ(finding.planned_bytes, 4'464u);
    } else {
      EXPECT_EQ(finding.op_kind, kernels::OpKind::kFullyConnected);
      EXPECT_EQ(finding.planned_bytes, 48u);
    }
  }
  EXPECT_EQ(depthwise, 4);
  EXPECT_EQ(judged.report.reclaimable_bytes, 4u * 4'464 + 48);
  EXPECT_EQ(judged.strict, Verdict::kReject);
}

// The story the corpus exists for: a 1.2.0 plan for x86_avx2 sized its convolutions as ref
// (1.2.0 had no x86 variants); the 1.3.0 AVX2 convolution needs more, so the default policy
// refuses the artifact and the fallback policy runs ref for those ops (ref's need fits).
TEST(CompatCorpus, OldX86PlansAreRefusedByDefaultAndRunRefUnderFallback) {
  const std::vector<uint8_t> bytes = ReadBytes(kCorpusDir + "ds-cnn-1.2.0-x86_avx2.arena");
  ASSERT_FALSE(bytes.empty());
  const testing::AlignedBytes aligned(bytes);
  auto view = ArtifactView::Create(aligned.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  EXPECT_EQ(Judge(*view, Isa::kX86Avx2, GatePolicy::kDefault).verdict, Verdict::kReject);
  std::vector<Finding> findings(64);
  std::vector<Isa> variants(static_cast<size_t>(view->operator_count()));
  const GateReport report = EvaluateGate(*view, {kernels::kLibraryVersion, Isa::kX86Avx2},
                                         GatePolicy::kFallback, {}, findings, variants);
  EXPECT_EQ(report.verdict, Verdict::kAcceptWithWarnings);
  bool some_ref = false;
  for (int32_t op = 0; op < view->operator_count(); ++op) {
    const auto kind = static_cast<kernels::OpKind>(view->op(op).kind());
    if (kind != kernels::OpKind::kConv2d) continue;
    some_ref = some_ref || variants[static_cast<size_t>(op)] == Isa::kRef;
  }
  EXPECT_TRUE(some_ref) << "no conv2d fell back to ref";
}

// The 1.3.0 -> 1.4.0 story: x86 transpose_conv2d now gathers per output pixel and needs less
// scratch than the 1.3.0 plan gave it, so an x86 runtime accepts the old plan with a warning
// naming the reclaimable bytes (strict rejects it) instead of re-planning being required.
TEST(CompatCorpus, OldX86TransposeConvPlansWarnThatScratchCanBeReclaimed) {
  const JudgedFile judged = JudgeFile("all-ops-1.3.0-x86_avx512vnni.arena", Isa::kX86Avx512Vnni);
  EXPECT_EQ(judged.report.verdict, Verdict::kAcceptWithWarnings);
  bool transpose_surplus = false;
  for (const Finding& finding : judged.findings) {
    if (finding.op_index < 0) continue;
    EXPECT_EQ(finding.op_kind, kernels::OpKind::kTransposeConv2d)
        << "only transpose_conv2d's size changed";
    transpose_surplus = transpose_surplus || finding.required_bytes < finding.planned_bytes;
  }
  EXPECT_TRUE(transpose_surplus);
  EXPECT_EQ(judged.strict, Verdict::kReject);
}

// The output of a 1.18.0 row-stage plan of mobilenet-v1 (format 1.4: strips, strip buffers, stage
// outputs over their inputs) on one input, its bytes on `isa`.
std::vector<uint8_t> RunCorpusFile(const std::string& file, Isa isa,
                                   const std::vector<uint8_t>& input) {
  const testing::AlignedBytes aligned(ReadBytes(kCorpusDir + file));
  auto view = ArtifactView::Create(aligned.span());
  EXPECT_TRUE(view.ok()) << file << ": " << view.status().message();
  if (!view.ok()) return {};
  testing::AlignedBytes pool(static_cast<size_t>(view->pool(0).planned_bytes()));
  const std::vector<PoolBuffer> pools = {{view->pool(0).name()->c_str(), pool.mutable_span()}};
  auto executor = Executor::Create(*view, pools, isa);
  EXPECT_TRUE(executor.ok()) << file << ": " << executor.status().message();
  if (!executor.ok()) return {};
  EXPECT_TRUE(executor->SetInput(0, input).ok());
  const Status status = executor->Invoke();
  EXPECT_TRUE(status.ok()) << file << ": " << status.message();
  std::vector<uint8_t> output(executor->OutputTensor(0).size());
  EXPECT_TRUE(executor->GetOutput(0, output).ok());
  return output;
}

// A row-stage plan gives the bytes the 1.2.0 whole-tensor plan of the same model gives.
TEST(CompatCorpus, ARowStagePlanRunsAsTheWholeTensorPlanOfItsModel) {
  const std::vector<uint8_t> input = testing::Pattern(96 * 96 * 3, 11, 251);
  const std::vector<uint8_t> whole = RunCorpusFile("mobilenet-v1-1.2.0-ref.arena", Isa::kRef, input);
  ASSERT_FALSE(whole.empty());
  EXPECT_EQ(RunCorpusFile("mobilenet-v1-1.18.0-ref-stages.arena", Isa::kRef, input), whole);
}

}  // namespace
}  // namespace arenastore::runtime
