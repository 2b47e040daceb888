// The fleet audit's scripted scenario (issue #5): classes of several hardware and ISAs,
// artifacts planned through an injected sizer with scratch deliberately below and above what
// this build's kernels need, deployed across the fleet. Every expected verdict, reason, device
// count and reclaimable byte is computed here from the two plans (skewed and true), not by the
// gate.
#include "store/audit_evaluate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "planner/compile.h"
#include "planner/graph.h"
#include "planner/graph_builder.h"
#include "runtime/artifact_view.h"
#include "runtime/device_ram.h"
#include "store/audit_diff.h"
#include "store/audit_record.h"
#include "store/fleet_deploy.h"
#include "store/fleet_inventory.h"
#include "store/grouped_number.h"
#include "tests/planner/artifact_runner.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using kernels::Isa;

// Plans an op's scratch `skew` away from the kernel's need: kShort halves every non-zero need,
// kLong adds 48 B to it; kExact is the kernels' own size function.
enum class Skew { kExact, kShort, kLong };

class SkewedSizer final : public planner::ScratchSizer {
 public:
  explicit SkewedSizer(Skew skew) : skew_(skew) {}
  size_t ScratchBytes(const kernels::OpParams& params, Isa isa) const override {
    const size_t need = kernels::ScratchBytes(params, isa);
    if (need == 0 || skew_ == Skew::kExact) return need;
    return skew_ == Skew::kShort ? need / 2 : need + 48;
  }

 private:
  Skew skew_;
};

constexpr const char* kOpNames[] = {"conv2d", "mean", "reshape", "fully_connected", "softmax"};

planner::Graph ScenarioGraph(int32_t depth) {
  planner::GraphBuilder builder("scenario", 11);
  int32_t x = builder.Input("input", {1, 6, 6, 4}, 0.05f, 0);
  x = builder.Conv2d(x, 8, 3, 3, 1, planner::Padding::SAME, planner::Activation::RELU);
  planner::MeanAttributes over_height;  // ref keeps an int32 sum per output in scratch
  over_height.axes = {1};
  over_height.keep_dims = true;
  x = builder.Operator(kernels::OpKind::kMean, {x}, over_height, {1, 1, 6, 8}, 0.05f, 0);
  x = builder.Reshape(x, {1, 48});
  x = builder.FullyConnected(x, depth, planner::Activation::NONE);
  builder.Output(builder.Softmax(x));
  return builder.Build();
}

planner::CompiledModel CompileFor(Isa isa, Skew skew, int32_t depth) {
  const SkewedSizer sizer(skew);
  planner::CompileOptions options;
  options.target_isa = isa;
  options.sizer = &sizer;
  auto compiled = planner::Compile(ScenarioGraph(depth), options);
  EXPECT_TRUE(compiled.ok()) << compiled.status().message();
  return compiled.ok() ? std::move(compiled.value()) : planner::CompiledModel{};
}

// "c2-d7": device 7 of class 2 (built with += : GCC 12 misreads chains of + on temporaries).
std::string DeviceId(size_t class_index, int device) {
  std::string id = "c";
  id += std::to_string(class_index);
  id += "-d";
  id += std::to_string(device);
  return id;
}

struct ClassSpec {
  std::string hardware;
  Isa isa;
  std::string device_version;
  std::string pools;
  uint64_t sram_bytes;
  int devices;
};

// What the test expects for one (class, model version) pair, computed from the plans.
struct Expected {
  AuditVerdict verdict = AuditVerdict::kOk;
  std::string reasons;
  uint64_t reclaimable_bytes = 0;
  int64_t devices = 0;
  bool curable = false;
};

// "a; b": appended with operator+= only (GCC 12 misreads chains of + on temporaries).
void Append(std::string* list, const std::string& item) {
  if (!list->empty()) *list += "; ";
  *list += item;
}

// "op 1 (mean) short of scratch by 16 B" or "2 ops short of scratch, largest 16 B".
std::string OpsPhrase(const std::vector<std::pair<size_t, uint64_t>>& ops, const std::string& one,
                      const std::string& many) {
  uint64_t largest = 0;
  for (const auto& [op, bytes] : ops) largest = std::max(largest, bytes);
  if (ops.size() == 1) {
    return "op " + std::to_string(ops[0].first) + " (" + kOpNames[ops[0].first] + ") " + one + " " +
           GroupedBytes(largest);
  }
  return std::to_string(ops.size()) + " ops " + many + ", largest " + GroupedBytes(largest);
}

Expected Expect(const planner::CompiledModel& planned, const planner::CompiledModel& truth,
                uint64_t sram_capacity_bytes) {
  std::vector<std::pair<size_t, uint64_t>> short_ops, spare_ops;
  uint64_t surplus_bytes = 0;
  for (size_t op = 0; op < truth.scratch_bytes.size(); ++op) {
    const size_t have = planned.scratch_bytes[op], need = truth.scratch_bytes[op];
    if (have < need) {
      short_ops.emplace_back(op, need - have);
    } else if (have > need) {
      spare_ops.emplace_back(op, have - need);
      surplus_bytes += have - need;
    }
  }
  const uint64_t pool_bytes = planned.plan.pool_bytes[0];
  std::string pool_reason;
  if (pool_bytes > sram_capacity_bytes) {
    pool_reason = "pool sram short by " + GroupedBytes(pool_bytes - sram_capacity_bytes);
  }
  Expected e;
  if (!short_ops.empty() || !pool_reason.empty()) {
    e.verdict = AuditVerdict::kReject;
    if (!short_ops.empty()) {
      e.reasons = OpsPhrase(short_ops, "short of scratch by", "short of scratch");
    }
    if (!pool_reason.empty()) Append(&e.reasons, pool_reason);
    // A pool below the plan's own lower bound is beyond any re-plan.
    e.curable = pool_reason.empty() || planned.plan.lower_bound_bytes <= sram_capacity_bytes;
  } else if (!spare_ops.empty()) {
    e.verdict = AuditVerdict::kWarn;
    e.reasons = OpsPhrase(spare_ops, "has scratch to spare:", "have scratch to spare");
    e.reclaimable_bytes = surplus_bytes;
  }
  return e;
}

class FleetAudit : public testing::RegistryTest {
 protected:
  void SetUp() override {
    RegistryTest::SetUp();
    classes_ = {
        {"nrf5340", Isa::kArmDsp, "1.1.0", "sram=256K", 256 * 1024, 30},
        {"nrf5340", Isa::kArmDsp, "1.1.0", "sram=96", 96, 5},  // a board too small for any plan
        {"corstone-300", Isa::kArmMve, "1.1.0", "sram=512K;dtcm=64K", 512 * 1024, 20},
        {"edge-pc", Isa::kX86Avx2, "1.2.0", "sram=16M", 16 * 1024 * 1024, 12},
        {"simulator", Isa::kRef, "1.0.3", "sram=64K", 64 * 1024, 9},
    };
    std::vector<DeviceRow> rows;
    for (size_t c = 0; c < classes_.size(); ++c) {
      for (int d = 0; d < classes_[c].devices; ++d) {
        DeviceRow row;
        row.line = static_cast<int64_t>(rows.size() + 2);
        row.device_id = DeviceId(c, static_cast<int>(d));
        row.attributes.hardware = classes_[c].hardware;
        row.attributes.isa = kernels::IsaName(classes_[c].isa);
        row.attributes.kernel_version = classes_[c].device_version;
        row.attributes.pools = *ParsePoolCapacities(classes_[c].pools);
        rows.push_back(row);
      }
    }
    auto imported = ImportDevices(registry(), rows, "scenario");
    ASSERT_TRUE(imported.ok()) << imported.status().message();
    ASSERT_TRUE(imported->errors.empty());
    PushAndDeploy();
  }

  // For each ISA a model "kws_<isa>" with v1 exact, v2 short, v3 long (different output depths
  // would make the digests differ anyway; the skew alone must differ too), deployed so that each
  // class runs all three: devices d % 3 == 0 run v1, 1 run v2, 2 run v3. Device d == 4 of the
  // simulator class runs nothing (undeployed).
  void PushAndDeploy() {
    std::map<Isa, std::vector<planner::CompiledModel>>& plans = plans_;
    for (const ClassSpec& c : classes_) {
      if (plans.count(c.isa) > 0) continue;
      truth_[c.isa] = CompileFor(c.isa, Skew::kExact, 5);
      for (Skew skew : {Skew::kExact, Skew::kShort, Skew::kLong}) {
        plans[c.isa].push_back(CompileFor(c.isa, skew, 5));
        const std::string model = std::string("kws_") + kernels::IsaName(c.isa);
        auto pushed = Push(registry(), plans[c.isa].back().artifact, {model, "", "", ""});
        ASSERT_TRUE(pushed.ok()) << pushed.status().message();
        ASSERT_TRUE(pushed->new_version) << model << ": skews must give distinct artifacts";
      }
    }
    for (size_t c = 0; c < classes_.size(); ++c) {
      const std::string model = std::string("kws_") + kernels::IsaName(classes_[c].isa);
      for (int v = 0; v < 3; ++v) {
        std::vector<std::string> ids;
        for (int d = v; d < classes_[c].devices; d += 3) {
          if (classes_[c].isa == Isa::kRef && d == 4) continue;
          ids.push_back(DeviceId(c, d));
        }
        auto deployed =
            Deploy(registry(), {ids, "", ""}, model + "@" + std::to_string(v + 1), "scenario");
        ASSERT_TRUE(deployed.ok()) << deployed.status().message();
        Expected e = Expect(plans[classes_[c].isa][static_cast<size_t>(v)], truth_[classes_[c].isa],
                            classes_[c].sram_bytes);
        e.devices = static_cast<int64_t>(ids.size());
        expected_[{ClassKeyOf(classes_[c]), model, v + 1}] = e;
      }
    }
  }

  static std::string ClassKeyOf(const ClassSpec& c) {
    return ClassKey(
        {c.hardware, kernels::IsaName(c.isa), c.device_version, *ParsePoolCapacities(c.pools), ""});
  }

  std::vector<ClassSpec> classes_;
  // Per ISA, the plans pushed as versions 1 (exact), 2 (short) and 3 (long).
  std::map<Isa, std::vector<planner::CompiledModel>> plans_;
  std::map<Isa, planner::CompiledModel> truth_;
  std::map<std::tuple<std::string, std::string, int64_t>, Expected> expected_;
};

TEST_F(FleetAudit, ScenarioHasScratchOnEveryIsaSoSkewsMatter) {
  for (const auto& [isa, truth] : truth_) {
    EXPECT_GT(truth.scratch_bytes[0] + truth.scratch_bytes[1], 0u)
        << kernels::IsaName(isa) << ": conv2d or mean needs scratch";
  }
}

TEST_F(FleetAudit, EveryPairGetsTheVerdictReasonsAndBytesComputedFromThePlans) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_EQ(report->results.size(), expected_.size());
  for (const AuditResult& r : report->results) {
    SCOPED_TRACE(r.hardware + " " + r.pools + " " + r.Reference());
    const auto found = expected_.find({r.class_key, r.model, r.version});
    ASSERT_NE(found, expected_.end());
    const Expected& e = found->second;
    EXPECT_EQ(AuditVerdictName(r.verdict), std::string(AuditVerdictName(e.verdict)));
    EXPECT_EQ(r.reasons, e.reasons);
    EXPECT_EQ(r.reclaimable_bytes, e.reclaimable_bytes);
    EXPECT_EQ(r.device_count, e.devices);
    EXPECT_EQ(r.curable, e.curable);
  }
}

TEST_F(FleetAudit, TotalsCountResultsDevicesAndReclaimableBytes) {
  VerdictCounts expected;
  for (const auto& [key, e] : expected_) {
    const int v = static_cast<int>(e.verdict);
    expected.results[v] += 1;
    expected.devices[v] += e.devices;
    expected.reclaimable_device_bytes += e.reclaimable_bytes * static_cast<uint64_t>(e.devices);
    expected.curable_rejects += e.verdict == AuditVerdict::kReject && e.curable;
  }
  // The scenario exercises every verdict, and rejects both curable and not.
  for (int v = 0; v < kAuditVerdictCount; ++v) EXPECT_GT(expected.results[v], 0) << v;
  EXPECT_GT(expected.curable_rejects, 0);
  EXPECT_LT(expected.curable_rejects, expected.results[2]);

  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const VerdictCounts totals = Totals(*report);
  for (int v = 0; v < kAuditVerdictCount; ++v) {
    EXPECT_EQ(totals.results[v], expected.results[v]) << AuditVerdictName(AuditVerdict(v));
    EXPECT_EQ(totals.devices[v], expected.devices[v]) << AuditVerdictName(AuditVerdict(v));
  }
  EXPECT_EQ(totals.reclaimable_device_bytes, expected.reclaimable_device_bytes);
  EXPECT_EQ(totals.curable_rejects, expected.curable_rejects);
  EXPECT_EQ(report->run.device_count, 30 + 5 + 20 + 12 + 9);
  EXPECT_EQ(report->run.undeployed_devices, 1);
  EXPECT_EQ(report->run.class_count, 5);
  EXPECT_EQ(report->run.artifact_count, 12);
  // Two nrf5340 classes share the arm_dsp artifacts: pairs, not devices, are gated.
  EXPECT_EQ(report->run.evaluation_count, static_cast<int64_t>(expected_.size()));
  EXPECT_EQ(report->results.front().verdict, AuditVerdict::kReject);
}

TEST_F(FleetAudit, TheIsaFilterAuditsOnlyThoseClasses) {
  AuditOptions options;
  options.isas = {"arm_mve", "x86_avx2"};
  auto report = RunAudit(registry(), options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  EXPECT_EQ(report->run.class_count, 2);
  EXPECT_EQ(report->run.device_count, 32);
  for (const AuditResult& r : report->results) EXPECT_NE(r.isa, "arm_dsp");
  options.isas = {"riscv"};
  auto bad = RunAudit(registry(), options);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(std::string(bad.status().message()).find("'riscv'"), std::string::npos);
}

TEST_F(FleetAudit, ARuntimeOfAnotherKernelMajorRejectsEveryPairAsCurable) {
  AuditOptions options;
  options.runtime_kernel_version = {static_cast<uint16_t>(kernels::kLibraryVersion.major + 1), 0,
                                    0};
  auto report = RunAudit(registry(), options);
  ASSERT_TRUE(report.ok()) << report.status().message();
  const std::string reason = "planned with kernel library " +
                             VersionText(kernels::kLibraryVersion) + ", runtime has " +
                             VersionText(options.runtime_kernel_version);
  for (const AuditResult& r : report->results) {
    SCOPED_TRACE(r.hardware + " " + r.pools + " " + r.Reference());
    EXPECT_EQ(r.verdict, AuditVerdict::kReject);
    EXPECT_NE(r.reasons.find(reason), std::string::npos) << r.reasons;
    const Expected& e = expected_.at({r.class_key, r.model, r.version});
    EXPECT_EQ(r.curable, e.verdict != AuditVerdict::kReject || e.curable);
  }
}

// The page and the JSON list a pair's devices by id and what its memories keep free: the ids come
// from the deployments, ascending as strings; the free bytes from the class's capacity less the
// plan's pool.
TEST_F(FleetAudit, EachPairNamesItsDevicesAndTheBytesEachMemoryKeepsFree) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  const std::string big_nrf = ClassKeyOf(classes_[0]);
  const AuditResult* exact = nullptr;
  for (const AuditResult& r : report->results) {
    if (r.class_key == big_nrf && r.version == 1) exact = &r;
  }
  ASSERT_NE(exact, nullptr);
  std::vector<std::string> ids;
  for (int d = 0; d < classes_[0].devices; d += 3) ids.push_back(DeviceId(0, d));
  std::sort(ids.begin(), ids.end());  // "c0-d0", "c0-d12", ..., "c0-d9"
  EXPECT_EQ(exact->device_ids, ids);
  EXPECT_EQ(exact->UnlistedDevices(), 0);
  const uint64_t pool = CompileFor(Isa::kArmDsp, Skew::kExact, 5).plan.pool_bytes[0];
  EXPECT_EQ(exact->memory_free, (std::vector<MemoryFree>{{"sram", 256 * 1024 - pool}}));
  EXPECT_NE(exact->placement.find(GroupedBytes(256 * 1024 - pool) + " free"), std::string::npos)
      << exact->placement;
}

// What a device of the class reserves for the version, in all: on a Cortex-M class (ref, arm_dsp,
// arm_mve) the plan's pools plus one Cortex-M PreparedOp per operator (in a runtime built with
// the version's ops) and the executor; on the
// x86 class what this host's executor keeps for it. The same figure `inspect` gives.
TEST_F(FleetAudit, EachPairSaysTheDeviceRamTheVersionNeedsOnItsClasssIsa) {
  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  std::map<std::string, Isa> isa_of;
  for (const ClassSpec& c : classes_) isa_of[ClassKeyOf(c)] = c.isa;
  for (const AuditResult& r : report->results) {
    SCOPED_TRACE(r.hardware + " " + r.pools + " " + r.Reference());
    const Isa isa = isa_of.at(r.class_key);
    const planner::CompiledModel& plan = plans_.at(isa).at(static_cast<size_t>(r.version - 1));
    auto aligned = arenastore::testing::AlignedCopy(plan.artifact);
    auto view = runtime::ArtifactView::Create(aligned.span());
    ASSERT_TRUE(view.ok());
    if (isa == Isa::kX86Avx2) {
      EXPECT_EQ(r.device_ram_bytes, runtime::DeviceRamOf(*view, isa).total_bytes());
      continue;
    }
    const uint64_t pools = plan.PlannedBytes();
    const runtime::OpSelection ops = runtime::OpsOf(*view);
    const uint64_t operators = plan.scratch_bytes.size();  // one scratch size per operator
    EXPECT_EQ(r.device_ram_bytes, pools + operators * runtime::CortexMPreparedOpBytes(ops) +
                                      runtime::kCortexMExecutorBytes);
  }
}

TEST_F(FleetAudit, RecordedRunsReadBackAsRunAndDiffBetweenRuntimes) {
  auto now = RunAudit(registry(), {});
  ASSERT_TRUE(now.ok());
  ASSERT_TRUE(RecordAudit(registry(), &*now).ok());
  EXPECT_GT(now->run.id, 0);
  AuditOptions next_major;
  next_major.runtime_kernel_version = {static_cast<uint16_t>(kernels::kLibraryVersion.major + 1), 0,
                                       0};
  next_major.note = "what if 2.0";
  auto later = RunAudit(registry(), next_major);
  ASSERT_TRUE(later.ok());
  ASSERT_TRUE(RecordAudit(registry(), &*later).ok());

  auto runs = ListAuditRuns(registry(), 0);
  ASSERT_TRUE(runs.ok());
  ASSERT_EQ(runs->size(), 2u);
  EXPECT_EQ((*runs)[0].id, later->run.id);
  EXPECT_EQ((*runs)[0].note, "what if 2.0");

  auto read = ReadAudit(registry(), now->run.id);
  ASSERT_TRUE(read.ok()) << read.status().message();
  EXPECT_EQ(read->run.evaluation_count, now->run.evaluation_count);
  ASSERT_EQ(read->results.size(), now->results.size());
  for (size_t i = 0; i < read->results.size(); ++i) {
    const AuditResult &a = now->results[i], &b = read->results[i];
    EXPECT_EQ(std::tie(a.class_key, a.model, a.version, a.reasons, a.reclaimable_bytes, a.curable,
                       a.device_count, a.sha256, a.pools, a.placement, a.memory_free, a.device_ids,
                       a.device_ram_bytes),
              std::tie(b.class_key, b.model, b.version, b.reasons, b.reclaimable_bytes, b.curable,
                       b.device_count, b.sha256, b.pools, b.placement, b.memory_free, b.device_ids,
                       b.device_ram_bytes));
    ASSERT_EQ(a.findings.size(), b.findings.size());
    for (size_t f = 0; f < a.findings.size(); ++f) {
      EXPECT_EQ(a.findings[f].message, b.findings[f].message);
    }
  }
  EXPECT_EQ(ReadAudit(registry(), 99).status().code(), ErrorCode::kNotFound);

  const AuditDiff diff = DiffAudits(*read, *later);
  int64_t became_rejects = 0;
  for (const auto& [key, e] : expected_) became_rejects += e.verdict != AuditVerdict::kReject;
  int64_t verdict_changes = 0;
  for (const AuditChange& change : diff.changes) {
    verdict_changes += change.kind == AuditChange::Kind::kVerdictChanged;
    EXPECT_EQ(change.b.verdict, AuditVerdict::kReject);
  }
  EXPECT_EQ(verdict_changes, became_rejects);
  // Every reject also gains the kernel_major reason: every pair changed one way or the other.
  EXPECT_EQ(diff.changes.size(), expected_.size());
}

TEST_F(FleetAudit, AuditDiffListsPairsThatAppearOrDisappear) {
  auto before = RunAudit(registry(), {});
  ASSERT_TRUE(before.ok());
  ASSERT_TRUE(RemoveDevices(registry(), {{}, "edge-pc", ""}).ok());
  auto after = RunAudit(registry(), {});
  ASSERT_TRUE(after.ok());
  const AuditDiff diff = DiffAudits(*before, *after);
  ASSERT_EQ(diff.changes.size(), 3u);
  for (const AuditChange& change : diff.changes) {
    EXPECT_EQ(change.kind, AuditChange::Kind::kRemoved);
    EXPECT_EQ(change.hardware, "edge-pc");
  }
}

// What a later build may change of a pair beside its verdict -- the device RAM it needs, where
// its pools go and what each memory keeps, its signature -- is a change the diff lists, naming
// every field that changed with both runs' values.
TEST_F(FleetAudit, AuditDiffListsChangedDeviceRamPlacementFreeMemoryAndSignature) {
  auto a = RunAudit(registry(), {});
  ASSERT_TRUE(a.ok()) << a.status().message();
  AuditReport b = *a;
  size_t placed = b.results.size();
  for (size_t i = 0; i < b.results.size(); ++i) {
    if (!b.results[i].memory_free.empty()) placed = i;
  }
  ASSERT_LT(placed, b.results.size()) << "a pair whose pools were placed";
  AuditResult& grown = b.results[placed];
  grown.device_ram_bytes += 64;
  grown.memory_free[0].free_bytes -= 64;
  grown.placement += " (grown)";
  AuditResult& revoked = b.results[placed == 0 ? 1 : 0];
  revoked.signature = SignatureState::kRevoked;
  revoked.revoked_key = "release";

  const AuditDiff diff = DiffAudits(*a, b);
  ASSERT_EQ(diff.changes.size(), 2u);
  for (const AuditChange& change : diff.changes) {
    SCOPED_TRACE(change.model + "@" + std::to_string(change.version) + " on " + change.hardware);
    EXPECT_EQ(change.a.verdict, change.b.verdict);
    if (change.class_key == grown.class_key && change.version == grown.version) {
      EXPECT_EQ(change.kind, AuditChange::Kind::kMemoryChanged);
      EXPECT_EQ(change.fields,
                (std::vector<AuditField>{AuditField::kDeviceRam, AuditField::kPlacement,
                                         AuditField::kMemoryFree}));
      EXPECT_EQ(change.b.device_ram_bytes, change.a.device_ram_bytes + 64);
      EXPECT_EQ(change.b.memory_free[0].free_bytes + 64, change.a.memory_free[0].free_bytes);
      EXPECT_EQ(change.b.placement, change.a.placement + " (grown)");
      EXPECT_EQ(std::string(AuditChangeKindName(change.kind)), "memory");
    } else {
      EXPECT_EQ(change.kind, AuditChange::Kind::kSignatureChanged);
      EXPECT_EQ(change.fields, (std::vector<AuditField>{AuditField::kSignature}));
      EXPECT_EQ(change.b.revoked_key, "release");
    }
  }
}

// A run recorded before the audit kept a field (device RAM: migration 0014; device ids and free
// bytes: 0013; signatures: 0008) reads back without it: that is not a change.
TEST_F(FleetAudit, AuditDiffDoesNotCompareFieldsTheOlderRunDidNotRecord) {
  auto now = RunAudit(registry(), {});
  ASSERT_TRUE(now.ok()) << now.status().message();
  AuditReport old = *now;
  for (AuditResult& r : old.results) {
    r.device_ram_bytes = 0;
    r.device_ids.clear();
    r.memory_free.clear();
    r.placement.clear();
    r.signature = SignatureState::kUnknown;
  }
  EXPECT_TRUE(DiffAudits(old, *now).changes.empty());
  EXPECT_TRUE(DiffAudits(*now, old).changes.empty());
}

// A selective runtime build (ARENASTORE_OPS) is its own class: a model using an op the class's
// runtime lacks is rejected there by name, and no re-plan cures it; the same hardware built with
// every op the model uses runs it. The class's ops are recorded with the result.
TEST_F(FleetAudit, AClassWhoseRuntimeLacksAnOpRejectsModelsUsingItByName) {
  std::vector<DeviceRow> rows;
  for (const char* ops :
       {"conv2d,fully_connected,mean,reshape", "conv2d,fully_connected,mean,reshape,softmax"}) {
    for (int d = 0; d < 2; ++d) {
      DeviceRow row;
      row.line = static_cast<int64_t>(rows.size() + 2);
      row.device_id = "sel-" + std::to_string(rows.size());
      row.attributes = {"nrf5340", "arm_dsp", "1.1.0", *ParsePoolCapacities("sram=256K"),
                        *CanonicalOps(ops)};
      rows.push_back(row);
    }
  }
  auto imported = ImportDevices(registry(), rows, "selective builds");
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  ASSERT_TRUE(imported->errors.empty());
  ASSERT_TRUE(
      Deploy(registry(), {{"sel-0", "sel-1", "sel-2", "sel-3"}, "", ""}, "kws_arm_dsp@1", "t")
          .ok());

  auto report = RunAudit(registry(), {});
  ASSERT_TRUE(report.ok()) << report.status().message();
  ASSERT_TRUE(RecordAudit(registry(), &*report).ok());
  auto read = ReadAudit(registry(), report->run.id);
  ASSERT_TRUE(read.ok()) << read.status().message();
  int judged = 0;
  for (const AuditResult& r : read->results) {
    if (r.ops.empty()) continue;  // the scenario's classes: full builds
    ++judged;
    SCOPED_TRACE(r.ops);
    EXPECT_EQ(r.device_count, 2);
    if (r.ops.find("softmax") == std::string::npos) {
      EXPECT_EQ(r.verdict, AuditVerdict::kReject);
      EXPECT_NE(r.reasons.find("op 4 (softmax) is an operator this runtime was built without"),
                std::string::npos)
          << r.reasons;
      EXPECT_FALSE(r.curable);
    } else {
      EXPECT_EQ(r.verdict, AuditVerdict::kOk) << r.reasons;
    }
  }
  EXPECT_EQ(judged, 2);
}

}  // namespace
}  // namespace arenastore::store
