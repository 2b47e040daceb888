// Remote benchmarks against Debian's docker-registry started on loopback (skipped when it is
// not installed), each with a baseline of bare libcurl moving the same bytes in the same run:
//   RemotePush/100: `push MODEL --remote` of 100 small versions (HEADs before upload, config
//     and artifact blobs, version tags) into a fresh repository each iteration. Baseline: one
//     libcurl handle doing POST + PUT for each of the same blobs and PUT of the same manifests,
//     nothing checked. Target: within 2x.
//   RemotePull/100: `pull MODEL --all` of those 100 versions into an empty store each iteration
//     (tags, manifests, artifact blobs, referrers, every digest checked, every artifact
//     verified, one durable transaction). Baseline: libcurl GETs of the same manifests and
//     artifact blobs into memory (the bytes the pull moves; it needs no config). Target: 2x.
// Counters: ours_s, curl_s and x_curl (ours / curl) per 100 versions, requests made by ours.
#include <benchmark/benchmark.h>
#include <curl/curl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "store/push.h"
#include "store/remote/artifact_manifest.h"
#include "store/remote/oci_client.h"
#include "store/remote/remote_pull.h"
#include "store/remote/remote_push.h"
#include "tests/remote/registry_process.h"  // the tests' loopback registry starter
#include "tools/bench/synthetic_fleet.h"

namespace {

using namespace arenastore;
using namespace arenastore::store::remote;
using Clock = std::chrono::steady_clock;

constexpr int kVersions = 100;

double Seconds(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One model with kVersions small versions, a registry on loopback, and the documents of every
// version as the remote holds them (fetched once, for the libcurl baselines).
struct Bench {
  std::filesystem::path dir;
  std::unique_ptr<testing::RegistryProcess> registry;
  std::unique_ptr<store::Registry> store;
  struct Documents {
    std::string manifest;
    std::string config;
    std::vector<uint8_t> layer;
    std::string config_digest;
    std::string layer_digest;
  };
  std::vector<Documents> versions;
  std::string error;
};

Result<OciClient> Connect(const Bench& bench, const std::string& name_space) {
  RemoteEndpoint endpoint;
  endpoint.name = "bench";
  ARENASTORE_ASSIGN_OR_RETURN(endpoint.url, ParseRegistryUrl(bench.registry->Url(name_space)));
  return OciClient::Create(endpoint, {}, {});
}

// --- the libcurl baseline: one reused handle, no checks.
struct Curl {
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> easy{curl_easy_init(), curl_easy_cleanup};
  std::string location;
  std::string body;
};

size_t KeepBody(char* data, size_t size, size_t count, void* user) {
  static_cast<Curl*>(user)->body.append(data, size * count);
  return size * count;
}

size_t KeepLocation(char* data, size_t size, size_t count, void* user) {
  const std::string line(data, size * count);
  if (line.size() > 10 && strncasecmp(line.c_str(), "location: ", 10) == 0) {
    static_cast<Curl*>(user)->location = line.substr(10, line.find_first_of("\r\n") - 10);
  }
  return size * count;
}

long CurlSend(Curl& curl, const char* method, const std::string& url, std::string_view body,
              const char* header) {
  CURL* easy = curl.easy.get();
  curl_easy_reset(easy);
  curl.body.clear();
  curl_slist* headers = curl_slist_append(nullptr, header);
  headers = curl_slist_append(headers, "Expect:");
  curl_easy_setopt(easy, CURLOPT_URL, url.c_str());
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, KeepBody);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &curl);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, KeepLocation);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &curl);
  if (std::string_view(method) != "GET") {
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, method);
  }
  long status = 0;
  if (curl_easy_perform(easy) == CURLE_OK) curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  return status;
}

bool CurlPushBlob(Curl& curl, const std::string& base, std::string_view bytes,
                  const std::string& digest) {
  if (CurlSend(curl, "POST", base + "/blobs/uploads/", "", "Content-Type:") != 202) return false;
  const std::string put = curl.location +
                          (curl.location.find('?') == std::string::npos ? "?" : "&") +
                          "digest=" + digest;
  return CurlSend(curl, "PUT", put, bytes, "Content-Type: application/octet-stream") == 201;
}

std::string_view View(const std::vector<uint8_t>& bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

double CurlPush(const Bench& bench, const std::string& name_space) {
  Curl curl;
  const std::string base = bench.registry->Url() + "/v2/" + name_space + "/kws";
  const std::string content_type = "Content-Type: " + std::string(kImageManifestType);
  const Clock::time_point start = Clock::now();
  for (size_t i = 0; i < bench.versions.size(); ++i) {
    const Bench::Documents& v = bench.versions[i];
    if (!CurlPushBlob(curl, base, View(v.layer), v.layer_digest) ||
        !CurlPushBlob(curl, base, v.config, v.config_digest) ||
        CurlSend(curl, "PUT", base + "/manifests/" + std::to_string(i + 1), v.manifest,
                 content_type.c_str()) != 201) {
      return -1;
    }
  }
  return Seconds(start);
}

double CurlPull(const Bench& bench, const std::string& name_space) {
  Curl curl;
  const std::string base = bench.registry->Url() + "/v2/" + name_space + "/kws";
  const std::string accept = "Accept: " + std::string(kImageManifestType);
  const Clock::time_point start = Clock::now();
  for (size_t i = 0; i < bench.versions.size(); ++i) {
    const Bench::Documents& v = bench.versions[i];
    if (CurlSend(curl, "GET", base + "/manifests/" + std::to_string(i + 1), "", accept.c_str()) !=
            200 ||
        CurlSend(curl, "GET", base + "/blobs/" + v.layer_digest, "", "Accept: */*") != 200 ||
        curl.body.size() != v.layer.size()) {
      return -1;
    }
  }
  return Seconds(start);
}

// The documents of every pushed version, read back once (not timed).
Status FetchDocuments(Bench& bench, const std::string& name_space) {
  ARENASTORE_ASSIGN_OR_RETURN(OciClient client, Connect(bench, name_space));
  for (int version = 1; version <= kVersions; ++version) {
    ARENASTORE_ASSIGN_OR_RETURN(const std::optional<Manifest> manifest,
                                client.FetchManifest(name_space + "/kws", std::to_string(version)));
    if (!manifest.has_value()) return Status::Error(ErrorCode::kNotFound, "no version %d", version);
    ARENASTORE_ASSIGN_OR_RETURN(const ArtifactManifest parsed,
                                ParseArtifactManifest(manifest->bytes, "bench"));
    Bench::Documents documents;
    documents.manifest.assign(manifest->bytes.begin(), manifest->bytes.end());
    ARENASTORE_ASSIGN_OR_RETURN(const std::vector<uint8_t> config,
                                client.FetchBlob(name_space + "/kws", parsed.config));
    documents.config.assign(config.begin(), config.end());
    ARENASTORE_ASSIGN_OR_RETURN(documents.layer,
                                client.FetchBlob(name_space + "/kws", parsed.layer));
    documents.config_digest = parsed.config.digest;
    documents.layer_digest = parsed.layer.digest;
    bench.versions.push_back(std::move(documents));
  }
  return Status::Ok();
}

Status Setup(Bench& bench) {
  bench.dir = std::filesystem::temp_directory_path() /
              ("arenastore_remote_bench_" + std::to_string(getpid()));
  std::filesystem::remove_all(bench.dir);
  std::filesystem::create_directories(bench.dir);
  bench.registry = std::make_unique<testing::RegistryProcess>(bench.dir / "registry",
                                                              testing::RegistryOptions{});
  ARENASTORE_CHECK_OR_RETURN(bench.registry->Start(), ErrorCode::kRemoteUnreachable,
                             "docker-registry did not start");
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry store,
                              store::Registry::Open((bench.dir / "a.db").string()));
  bench.store = std::make_unique<store::Registry>(std::move(store));
  for (int i = 0; i < kVersions; ++i) {
    ARENASTORE_RETURN_IF_ERROR(
        store::Push(*bench.store, bench::SyntheticArtifact(i), {"kws", "", "", ""}).status());
  }
  ARENASTORE_ASSIGN_OR_RETURN(OciClient client, Connect(bench, "seed"));
  ARENASTORE_RETURN_IF_ERROR(PushToRemote(*bench.store, client, {"kws", 0}).status());
  return FetchDocuments(bench, "seed");
}

Bench* Shared() {
  static Bench* bench = [] {
    auto* made = new Bench();
    if (access(testing::kRegistryBinary, X_OK) != 0) {
      made->error = "docker-registry is not installed (scripts/install_deps.sh installs it)";
      return made;
    }
    const Status status = Setup(*made);
    if (!status.ok()) made->error = status.message();
    std::atexit([] {
      Shared()->registry.reset();
      std::error_code ignored;
      std::filesystem::remove_all(Shared()->dir, ignored);
    });
    return made;
  }();
  return bench;
}

void Report(benchmark::State& state, double ours_s, double curl_s, const OciClient& client) {
  const double iterations = static_cast<double>(state.iterations());
  state.counters["ours_s"] = ours_s / iterations;
  state.counters["curl_s"] = curl_s / iterations;
  state.counters["x_curl"] = ours_s / curl_s;
  state.counters["requests"] = static_cast<double>(client.transfer_stats().requests);  // last run
}

void BM_RemotePush_100(benchmark::State& state) {
  Bench* bench = Shared();
  if (!bench->error.empty()) return state.SkipWithError(bench->error.c_str());
  double ours_s = 0;
  double curl_s = 0;
  int run = 0;
  auto client = Connect(*bench, "push");
  if (!client.ok()) return state.SkipWithError(client.status().message());
  for (auto _ : state) {
    ++run;
    // A fresh repository each time, so every blob really travels.
    auto fresh = Connect(*bench, "push" + std::to_string(run));
    if (!fresh.ok()) return state.SkipWithError(fresh.status().message());
    const Clock::time_point start = Clock::now();
    auto pushed = PushToRemote(*bench->store, *fresh, {"kws", 0});
    ours_s += Seconds(start);
    if (!pushed.ok()) return state.SkipWithError(pushed.status().message());
    const double baseline = CurlPush(*bench, "curl-push" + std::to_string(run));
    if (baseline < 0) return state.SkipWithError("the libcurl baseline push failed");
    curl_s += baseline;
    client = std::move(fresh);
  }
  Report(state, ours_s, curl_s, *client);
}
BENCHMARK(BM_RemotePush_100)->Iterations(3)->Unit(benchmark::kMillisecond);

void BM_RemotePull_100(benchmark::State& state) {
  Bench* bench = Shared();
  if (!bench->error.empty()) return state.SkipWithError(bench->error.c_str());
  double ours_s = 0;
  double curl_s = 0;
  int run = 0;
  auto client = Connect(*bench, "seed");
  if (!client.ok()) return state.SkipWithError(client.status().message());
  for (auto _ : state) {
    auto target =
        store::Registry::Open((bench->dir / ("pull" + std::to_string(run++) + ".db")).string());
    auto fresh = Connect(*bench, "seed");
    if (!target.ok() || !fresh.ok()) return state.SkipWithError("cannot open the target store");
    const Clock::time_point start = Clock::now();
    auto pulled = PullFromRemote(*target, *fresh, {"kws", "", true});
    ours_s += Seconds(start);
    if (!pulled.ok()) return state.SkipWithError(pulled.status().message());
    if (pulled->artifacts_downloaded != kVersions) return state.SkipWithError("short pull");
    const double baseline = CurlPull(*bench, "seed");
    if (baseline < 0) return state.SkipWithError("the libcurl baseline pull failed");
    curl_s += baseline;
    client = std::move(fresh);
  }
  Report(state, ours_s, curl_s, *client);
}
BENCHMARK(BM_RemotePull_100)->Iterations(3)->Unit(benchmark::kMillisecond);

}  // namespace
