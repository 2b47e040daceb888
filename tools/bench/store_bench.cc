// Store benchmarks, each with a baseline measured in the same run (ratios in the counters):
//   Push/OneTransactionEach: `arenastore push FILE` on small distinct artifacts, one durable
//     transaction each. Baseline: a bare durable INSERT of the same bytes into an SQLite table
//     with the store's settings (WAL, synchronous=FULL), i.e. the fsync-bound floor of any
//     durable push. Target: >= 500 pushes/s.
//   Push/Batched64: `arenastore push DIR`, 64 verified pushes per transaction.
//   Show and LsModel on a store with 100,000 versions (100 models x 1,000; plus one model
//     holding all 100,000); ls at the CLI's default page of 100 and with --limit 0. Baseline: a
//     primary-key point query / stepping the same rows raw. Targets: show < 5 ms, ls MODEL
//     < 50 ms.
//   Verify: MB/s re-hashing every blob, against OpenSSL SHA-256 over the same bytes in memory
//     (what sha256sum computes). Target: within 2x.
// Fixtures are built once in a temporary directory (on disk: push cost includes real fsyncs).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "store/listing.h"
#include "store/push.h"
#include "store/sha256.h"
#include "store/show.h"
#include "store/transaction.h"
#include "store/verify.h"

namespace {

using namespace arenastore;
using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string BenchDir() {
  static const std::string path = [] {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("arenastore_store_bench_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::atexit([] {
      std::error_code error;
      std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                      ("arenastore_store_bench_" + std::to_string(getpid())),
                                  error);
    });
    return dir.string();
  }();
  return path;
}

// A small artifact (a few KB: conv, reshape, FC, softmax) made distinct by the FC depth.
std::vector<uint8_t> SmallArtifact(int32_t depth) {
  planner::GraphBuilder builder("bench", 11);
  int32_t x = builder.Input("input", {1, 4, 4, 2}, 0.05f, 0);
  x = builder.Conv2d(x, 3, 3, 3, 1, planner::Padding::SAME, planner::Activation::RELU);
  x = builder.Reshape(x, {1, 48});
  x = builder.FullyConnected(x, depth, planner::Activation::NONE);
  builder.Output(builder.Softmax(x));
  auto compiled = planner::Compile(builder.Build(), {});
  return compiled.ok() ? compiled->artifact : std::vector<uint8_t>{};
}

// A ~260 KB artifact (two wide FC layers), distinct per seed.
std::vector<uint8_t> LargeArtifact(uint64_t seed) {
  planner::GraphBuilder builder("large", seed);
  int32_t x = builder.Input("input", {1, 256}, 0.05f, 0);
  x = builder.FullyConnected(x, 512, planner::Activation::RELU);
  x = builder.FullyConnected(x, 256, planner::Activation::NONE);
  builder.Output(builder.Softmax(x));
  auto compiled = planner::Compile(builder.Build(), {});
  return compiled.ok() ? compiled->artifact : std::vector<uint8_t>{};
}

const std::vector<std::vector<uint8_t>>& SmallArtifacts() {
  static const auto artifacts = [] {
    std::vector<std::vector<uint8_t>> list;
    for (int32_t depth = 2; depth < 2 + 1200; ++depth) list.push_back(SmallArtifact(depth));
    return list;
  }();
  return artifacts;
}

// Durable single-row inserts of the same bytes: the floor under any durable push.
double BaselineInsertsPerSecond(const std::vector<std::vector<uint8_t>>& blobs, size_t count) {
  const std::string path = BenchDir() + "/baseline.db";
  std::filesystem::remove(path);
  auto db = store::Database::Open(path, {});
  if (!db.ok() || !db->Exec("CREATE TABLE t (bytes BLOB NOT NULL) STRICT").ok()) return 0;
  const auto start = Clock::now();
  for (size_t i = 0; i < count; ++i) {
    auto transaction = store::Transaction::Begin(*db);
    auto insert = db->Prepare("INSERT INTO t (bytes) VALUES (?)");
    if (!transaction.ok() || !insert.ok() || !insert->BindBlob(1, blobs[i]).ok() ||
        !insert->Run().ok() || !transaction->Commit().ok()) {
      return 0;
    }
  }
  return static_cast<double>(count) / Seconds(start);
}

void BM_Push_OneTransactionEach(benchmark::State& state) {
  const auto& artifacts = SmallArtifacts();
  const std::string path = BenchDir() + "/push_each.db";
  std::filesystem::remove(path);
  auto registry = store::Registry::Open(path);
  if (!registry.ok()) return state.SkipWithError(registry.status().message());
  size_t next = 0;
  const auto start = Clock::now();
  for (auto _ : state) {
    auto pushed = store::Push(*registry, artifacts[next++ % artifacts.size()], {"kws", "", "", ""});
    if (!pushed.ok()) return state.SkipWithError(pushed.status().message());
  }
  const double push_per_s = static_cast<double>(state.iterations()) / Seconds(start);
  const double baseline = BaselineInsertsPerSecond(artifacts, 200);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["pushes_per_s"] = push_per_s;
  state.counters["baseline_inserts_per_s"] = baseline;
  state.counters["x_baseline_time"] = baseline / push_per_s;
  state.counters["artifact_bytes"] = static_cast<double>(artifacts[0].size());
}
BENCHMARK(BM_Push_OneTransactionEach)->Iterations(1000)->Unit(benchmark::kMillisecond);

void BM_Push_Batched64(benchmark::State& state) {
  const auto& artifacts = SmallArtifacts();
  std::vector<store::ArtifactMetadata> metadata;
  for (const auto& bytes : artifacts) metadata.push_back(*store::ReadArtifactMetadata(bytes));
  const std::string path = BenchDir() + "/push_batched.db";
  std::filesystem::remove(path);
  auto registry = store::Registry::Open(path);
  if (!registry.ok()) return state.SkipWithError(registry.status().message());
  size_t next = 0;
  const auto start = Clock::now();
  for (auto _ : state) {
    // What `push DIR` does per batch: verify each file, then one transaction.
    std::vector<store::ArtifactMetadata> verified;
    std::vector<store::PushItem> batch;
    for (int i = 0; i < 64; ++i) {
      const auto& bytes = artifacts[next++ % artifacts.size()];
      verified.push_back(*store::ReadArtifactMetadata(bytes));
    }
    for (int i = 0; i < 64; ++i) {
      const size_t index = (next - 64 + i) % artifacts.size();
      batch.push_back({artifacts[index], &verified[i], {"kws", "", "", ""}});
    }
    auto pushed = store::PushMany(*registry, batch);
    if (!pushed.ok()) return state.SkipWithError(pushed.status().message());
  }
  const double push_per_s = 64.0 * static_cast<double>(state.iterations()) / Seconds(start);
  state.SetItemsProcessed(64 * static_cast<int64_t>(state.iterations()));
  state.counters["pushes_per_s"] = push_per_s;
}
BENCHMARK(BM_Push_Batched64)->Iterations(16)->Unit(benchmark::kMillisecond);

// 100,000 versions by direct inserts in one transaction: `models` models, each with
// 100,000 / models versions of a handful of real artifacts, and prod/canary aliases.
std::unique_ptr<store::Registry> LargeStore(int models) {
  const std::string path = BenchDir() + "/large" + std::to_string(models) + ".db";
  std::filesystem::remove(path);
  auto registry = store::Registry::Open(path);
  if (!registry.ok()) return nullptr;
  const auto& artifacts = SmallArtifacts();
  for (int i = 0; i < 8; ++i) {
    if (!store::Push(*registry, artifacts[i], {"seed", "", "", ""}).ok()) return nullptr;
  }
  store::Database& db = registry->db();
  auto transaction = store::Transaction::Begin(db);
  auto model = db.Prepare("INSERT INTO models (name) VALUES (?)");
  auto bump = db.Prepare("UPDATE models SET last_version = ? WHERE id = ?");
  auto version = db.Prepare(
      "INSERT INTO versions (model_id, version, artifact_id, note) VALUES "
      "(?, ?, ?, 'bench')");
  if (!transaction.ok() || !model.ok() || !bump.ok() || !version.ok()) return nullptr;
  const int per_model = 100000 / models;
  for (int m = 0; m < models; ++m) {
    if (!model->Bind(1, "model" + std::to_string(m)).ok() || !model->Run().ok()) return nullptr;
    (void)model->Reset();
    const int64_t model_id = db.LastInsertRowId();
    for (int v = 1; v <= per_model; ++v) {
      if (!bump->BindAll(int64_t{v}, model_id).ok() || !bump->Run().ok()) return nullptr;
      (void)bump->Reset();
      if (!version->BindAll(model_id, int64_t{v}, int64_t{1 + v % 8}).ok() ||
          !version->Run().ok()) {
        return nullptr;
      }
      (void)version->Reset();
    }
    const std::string aliases = "INSERT INTO aliases (model_id, alias, version) VALUES (" +
                                std::to_string(model_id) + ", 'prod', " +
                                std::to_string(per_model / 2) + "), (" + std::to_string(model_id) +
                                ", 'canary', " + std::to_string(per_model) + ")";
    if (!db.Exec(aliases).ok()) return nullptr;
  }
  if (!transaction->Commit().ok() || !db.Exec("ANALYZE").ok()) return nullptr;
  return std::make_unique<store::Registry>(std::move(registry.value()));
}

store::Registry* Store(int models) {
  static std::unique_ptr<store::Registry> many = LargeStore(100);
  static std::unique_ptr<store::Registry> one = LargeStore(1);
  return models == 1 ? one.get() : many.get();
}

void BM_Show_100kVersions(benchmark::State& state) {
  store::Registry* registry = Store(static_cast<int>(state.range(0)));
  if (registry == nullptr) return state.SkipWithError("could not build the 100k-version store");
  const std::string model = "model" + std::to_string(state.range(0) == 1 ? 0 : 42);
  // Baseline: the cheapest read that still finds a version, a primary-key point query.
  auto point = registry->db().Prepare(
      "SELECT artifact_id FROM versions WHERE model_id = ? AND "
      "version = ?");
  if (!point.ok()) return state.SkipWithError("prepare");
  const auto baseline_start = Clock::now();
  for (int i = 0; i < 2000; ++i) {
    (void)point->BindAll(int64_t{1}, int64_t{1 + i % 100});
    (void)point->Step();
    (void)point->Reset();
  }
  const double baseline_us = Seconds(baseline_start) / 2000 * 1e6;
  const auto start = Clock::now();
  for (auto _ : state) {
    auto details = store::Show(*registry, model + "@prod");
    if (!details.ok()) return state.SkipWithError(details.status().message());
    benchmark::DoNotOptimize(details->metadata.operators.size());
  }
  const double show_us = Seconds(start) / static_cast<double>(state.iterations()) * 1e6;
  state.counters["show_us"] = show_us;
  state.counters["baseline_point_query_us"] = baseline_us;
  state.counters["x_baseline"] = show_us / baseline_us;
}
BENCHMARK(BM_Show_100kVersions)->Arg(100)->Arg(1)->ArgName("models")->Unit(benchmark::kMicrosecond);

// range(0): models in the 100,000-version store; range(1): --limit (0: every version).
void BM_LsModel_100kVersions(benchmark::State& state) {
  store::Registry* registry = Store(static_cast<int>(state.range(0)));
  if (registry == nullptr) return state.SkipWithError("could not build the 100k-version store");
  const std::string model = "model" + std::to_string(state.range(0) == 1 ? 0 : 42);
  auto model_id = registry->db().QueryInt("SELECT id FROM models WHERE name = '" + model + "'");
  // Baseline: stepping the same rows raw (version and digest), no filtering or structs.
  std::string raw_sql =
      "SELECT v.version, a.sha256 FROM versions v JOIN artifacts a ON a.id = v.artifact_id "
      "WHERE v.model_id = ? ORDER BY v.version DESC";
  if (state.range(1) > 0) raw_sql += " LIMIT " + std::to_string(state.range(1));
  auto raw = registry->db().Prepare(raw_sql);
  if (!model_id.ok() || !raw.ok()) return state.SkipWithError("prepare");
  const auto baseline_start = Clock::now();
  for (int i = 0; i < 5; ++i) {
    (void)raw->Bind(1, *model_id);
    while (*raw->Step()) {
    }
    (void)raw->Reset();
  }
  const double baseline_ms = Seconds(baseline_start) / 5 * 1e3;
  size_t rows = 0;
  const auto start = Clock::now();
  for (auto _ : state) {
    auto listed = store::ListVersions(*registry, {model, "", "", state.range(1)});
    if (!listed.ok()) return state.SkipWithError(listed.status().message());
    rows = listed->rows.size();
  }
  const double ls_ms = Seconds(start) / static_cast<double>(state.iterations()) * 1e3;
  state.counters["rows"] = static_cast<double>(rows);
  state.counters["ls_ms"] = ls_ms;
  state.counters["baseline_raw_rows_ms"] = baseline_ms;
  state.counters["x_baseline"] = ls_ms / baseline_ms;
}
// The CLI's default page (100 newest) and full listings of a 1,000- and a 100,000-version model.
BENCHMARK(BM_LsModel_100kVersions)
    ->Args({100, 100})
    ->Args({1, 100})
    ->Args({100, 0})
    ->Args({1, 0})
    ->ArgNames({"models", "limit"})
    ->Unit(benchmark::kMillisecond);

void BM_Verify_ThroughputVsSha256(benchmark::State& state) {
  static std::vector<std::vector<uint8_t>> blobs;
  static std::unique_ptr<store::Registry> registry;
  if (registry == nullptr) {
    const std::string path = BenchDir() + "/verify.db";
    std::filesystem::remove(path);
    auto opened = store::Registry::Open(path);
    if (!opened.ok()) return state.SkipWithError(opened.status().message());
    registry = std::make_unique<store::Registry>(std::move(opened.value()));
    for (uint64_t seed = 1; seed <= 96; ++seed) blobs.push_back(LargeArtifact(seed));
    std::vector<store::ArtifactMetadata> metadata;
    for (const auto& bytes : blobs) metadata.push_back(*store::ReadArtifactMetadata(bytes));
    std::vector<store::PushItem> items;
    for (size_t i = 0; i < blobs.size(); ++i)
      items.push_back({blobs[i], &metadata[i], {"large", "", "", ""}});
    if (!store::PushMany(*registry, items).ok()) return state.SkipWithError("push");
  }
  uint64_t total_bytes = 0;
  for (const auto& bytes : blobs) total_bytes += bytes.size();
  // Baseline: SHA-256 of the same bytes already in memory.
  const auto baseline_start = Clock::now();
  for (int i = 0; i < 3; ++i) {
    for (const auto& bytes : blobs) benchmark::DoNotOptimize(store::Sha256Hex(bytes));
  }
  const double sha_mb_s = 3.0 * static_cast<double>(total_bytes) / 1e6 / Seconds(baseline_start);
  const auto start = Clock::now();
  for (auto _ : state) {
    auto report = store::VerifyStore(*registry);
    if (!report.ok() || !report->ok()) return state.SkipWithError("verify failed");
  }
  const double verify_mb_s = static_cast<double>(state.iterations()) *
                             static_cast<double>(total_bytes) / 1e6 / Seconds(start);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * total_bytes));
  state.counters["store_mb"] = static_cast<double>(total_bytes) / 1e6;
  state.counters["verify_mb_s"] = verify_mb_s;
  state.counters["sha256_mb_s"] = sha_mb_s;
  state.counters["x_sha256_time"] = sha_mb_s / verify_mb_s;
}
BENCHMARK(BM_Verify_ThroughputVsSha256)->Iterations(5)->Unit(benchmark::kMillisecond);

}  // namespace
