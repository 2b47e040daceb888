// Fleet benchmarks (issue #5), each with a baseline measured in the same run:
//   Audit/100kDevices: RunAudit over 100,000 devices in 50 classes running 500 distinct
//     artifacts (tools/bench/synthetic_fleet.h), so 25,000 (class, artifact) pairs; the /record
//     variant also writes the run, its results and findings to the store. Baseline: the raw
//     gate, EvaluateGate on one artifact 25,000 times (the pure judging cost of the audit).
//     Target: the whole audit < 10 s on the reference machine.
//   Import/100kDevices: ImportDevices of the same 100,000 rows into an empty store. Baseline:
//     100,000 bare INSERTs of (id, class) into a plain table in one transaction.
// The fleet store is built once under /dev/shm when it exists (the point is not fsync).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "runtime/artifact_view.h"
#include "runtime/gate.h"
#include "store/audit_evaluate.h"
#include "store/audit_record.h"
#include "store/registry.h"
#include "store/transaction.h"
#include "tools/bench/synthetic_fleet.h"

namespace {

using namespace arenastore;
using Clock = std::chrono::steady_clock;

constexpr int64_t kDevices = 100000;
constexpr int32_t kClasses = 50;
constexpr int32_t kArtifacts = 500;

double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string FleetDir() {
  static const std::string path = [] {
    const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                           ? std::filesystem::path("/dev/shm")
                                           : std::filesystem::temp_directory_path();
    const auto dir = base / ("arenastore_fleet_bench_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    static const std::filesystem::path to_remove = dir;
    std::atexit([] {
      std::error_code error;
      std::filesystem::remove_all(to_remove, error);
    });
    return dir.string();
  }();
  return path;
}

struct Fleet {
  std::unique_ptr<store::Registry> registry;
  double build_s = 0;
};

// The synthetic fleet, built once: 500 artifacts pushed, 100,000 devices imported.
Fleet* FleetStore() {
  static Fleet* fleet = [] {
    auto* built = new Fleet;
    const Clock::time_point start = Clock::now();
    auto registry = store::Registry::Open(FleetDir() + "/fleet.db");
    if (!registry.ok()) return built;
    built->registry = std::make_unique<store::Registry>(std::move(registry.value()));
    if (!bench::PushSyntheticArtifacts(*built->registry, kArtifacts).ok()) {
      built->registry.reset();
      return built;
    }
    const auto rows = bench::SyntheticDevices(kDevices, kClasses, kArtifacts);
    auto imported = store::ImportDevices(*built->registry, rows, "bench");
    if (!imported.ok() || !imported->errors.empty()) built->registry.reset();
    built->build_s = Seconds(start);
    return built;
  }();
  return fleet;
}

// Seconds to gate one artifact `count` times against the arm_dsp runtime with one pool.
double RawGateSeconds(int64_t count) {
  const std::vector<uint8_t> bytes = bench::SyntheticArtifact(4);
  std::vector<uint64_t> aligned((bytes.size() + 7) / 8);
  std::memcpy(aligned.data(), bytes.data(), bytes.size());
  auto view = runtime::ArtifactView::Create(
      {reinterpret_cast<const uint8_t*>(aligned.data()), bytes.size()});
  if (!view.ok()) return 0;
  std::vector<runtime::Finding> findings(static_cast<size_t>(view->operator_count() + 8));
  const runtime::PoolCapacity pools[] = {{"sram", 65536}};
  const runtime::RuntimeIdentity identity{kernels::kLibraryVersion, kernels::Isa::kArmDsp};
  const Clock::time_point start = Clock::now();
  for (int64_t i = 0; i < count; ++i) {
    auto report =
        runtime::EvaluateGate(*view, identity, runtime::GatePolicy::kDefault, pools, findings, {});
    benchmark::DoNotOptimize(report);
  }
  return Seconds(start);
}

void BM_Audit_100kDevices(benchmark::State& state) {
  Fleet* fleet = FleetStore();
  if (fleet->registry == nullptr) return state.SkipWithError("could not build the fleet");
  const bool record = state.range(0) != 0;
  const double baseline_s = RawGateSeconds(int64_t{kClasses} * kArtifacts);
  store::AuditReport report;
  const Clock::time_point start = Clock::now();
  for (auto _ : state) {
    auto audited = store::RunAudit(*fleet->registry, {});
    if (!audited.ok()) return state.SkipWithError(audited.status().message());
    if (record) {
      const Status recorded = store::RecordAudit(*fleet->registry, &*audited);
      if (!recorded.ok()) return state.SkipWithError(recorded.message());
    }
    report = std::move(audited.value());
  }
  const double audit_s = Seconds(start) / static_cast<double>(state.iterations());
  const store::VerdictCounts totals = store::Totals(report);
  state.counters["audit_s"] = audit_s;
  state.counters["baseline_raw_gate_s"] = baseline_s;
  state.counters["x_baseline"] = audit_s / baseline_s;
  state.counters["evaluations"] = static_cast<double>(report.run.evaluation_count);
  state.counters["devices"] = static_cast<double>(report.run.device_count);
  state.counters["reject_pairs"] = static_cast<double>(totals.results[2]);
  state.counters["warn_pairs"] = static_cast<double>(totals.results[1]);
  state.counters["ok_pairs"] = static_cast<double>(totals.results[0]);
  state.counters["fleet_build_s"] = fleet->build_s;
}
BENCHMARK(BM_Audit_100kDevices)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("record")
    ->Iterations(2)
    ->Unit(benchmark::kMillisecond);

// 100,000 bare INSERTs in one transaction: the floor of any import of that many rows.
double RawInsertSeconds(const std::string& path, int64_t count) {
  auto db = store::Database::Open(path, {});
  if (!db.ok() || !db->Exec("CREATE TABLE raw (id TEXT PRIMARY KEY, class_id INTEGER)").ok()) {
    return 0;
  }
  const Clock::time_point start = Clock::now();
  auto transaction = store::Transaction::Begin(*db);
  auto insert = db->Prepare("INSERT INTO raw VALUES (?, ?)");
  if (!transaction.ok() || !insert.ok()) return 0;
  for (int64_t i = 0; i < count; ++i) {
    (void)insert->Reset();
    (void)insert->BindAll("dev-" + std::to_string(i), i % kClasses);
    (void)insert->Run();
  }
  (void)transaction->Commit();
  return Seconds(start);
}

void BM_Import_100kDevices(benchmark::State& state) {
  const std::string dir = FleetDir();
  const auto rows = bench::SyntheticDevices(kDevices, kClasses, kArtifacts);
  std::vector<store::DeviceRow> plain = rows;  // without deployments: no models in this store
  for (store::DeviceRow& row : plain) row.model_reference.clear();
  int run = 0;
  double import_s = 0;
  for (auto _ : state) {
    auto registry = store::Registry::Open(dir + "/import" + std::to_string(run++) + ".db");
    if (!registry.ok()) return state.SkipWithError(registry.status().message());
    const Clock::time_point start = Clock::now();
    auto imported = store::ImportDevices(*registry, plain, "bench");
    import_s += Seconds(start);
    if (!imported.ok()) return state.SkipWithError(imported.status().message());
  }
  import_s /= static_cast<double>(state.iterations());
  const double baseline_s = RawInsertSeconds(dir + "/raw.db", kDevices);
  state.counters["import_s"] = import_s;
  state.counters["baseline_raw_insert_s"] = baseline_s;
  state.counters["x_baseline"] = import_s / baseline_s;
}
BENCHMARK(BM_Import_100kDevices)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
