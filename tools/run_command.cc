// `arenastore run`: gate, bind host buffers for every planned pool, copy the inputs in, run
// every kernel from the planned arena, copy the outputs out; with --frames, frame after frame
// with the model's state kept between them. Refuses (exit 3) what the gate rejects, exactly as
// a device would.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>

#include "kernels/cpu_features.h"
#include "runtime/executor.h"
#include "runtime/op_params_builder.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"
#include "tools/artifact_source.h"
#include "tools/gate_report.h"
#include "tools/host_executor.h"
#include "tools/host_runtime.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/output_file.h"
#include "tools/store_access.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct RunOptions {
  std::string source;
  std::string db;  // for store references
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  int64_t random_seed = -1;
  int64_t repeat = 0;  // 0: one invoke, timed
  int64_t frames = 1;  // consecutive invokes on consecutive inputs, state kept between them
  std::string isa;     // empty: the artifact's target when this machine runs it
  std::string policy = "default";
  std::string max_memory = "1024M";  // the pools an artifact may ask this host for, in all
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

void FillRandom(std::span<uint8_t> bytes, uint64_t seed, int32_t input_index) {
  uint64_t state = seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(input_index) + 1;
  for (uint8_t& byte : bytes) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    byte = static_cast<uint8_t>((z ^ (z >> 31)) >> 56);
  }
}

// The artifact tensor behind graph input or output `i`.
const schema::Tensor& IoTensor(const schema::Artifact& artifact,
                               const flatbuffers::Vector<int32_t>& io, size_t i) {
  return *artifact.tensors()->Get(
      static_cast<flatbuffers::uoffset_t>(io.Get(static_cast<flatbuffers::uoffset_t>(i))));
}

// Random bytes are valid for every integer type except bool, whose bytes must be 0 or 1.
void MakeValid(std::span<uint8_t> bytes, schema::DataType type) {
  if (type != schema::DataType::BOOL) return;
  for (uint8_t& byte : bytes) byte &= 1;
}

// Element `k` of raw little-endian bytes of `type`, as the report shows it.
nlohmann::json ValueAt(std::span<const uint8_t> bytes, size_t k, schema::DataType type) {
  switch (type) {
    case schema::DataType::INT8:
      return static_cast<int8_t>(bytes[k]);
    case schema::DataType::BOOL:
      return bytes[k] != 0;
    case schema::DataType::INT16: {
      int16_t value;
      std::memcpy(&value, bytes.data() + k * sizeof(value), sizeof(value));
      return value;
    }
    case schema::DataType::INT32: {
      int32_t value;
      std::memcpy(&value, bytes.data() + k * sizeof(value), sizeof(value));
      return value;
    }
    case schema::DataType::INT64: {
      int64_t value;
      std::memcpy(&value, bytes.data() + k * sizeof(value), sizeof(value));
      return value;
    }
    case schema::DataType::FLOAT32: {
      float value;
      std::memcpy(&value, bytes.data() + k * sizeof(value), sizeof(value));
      return value;
    }
  }
  return bytes[k];
}

// Every input's bytes for every frame, frame after frame: read from the --input files (each
// holding `frames` consecutive tensors) or drawn from the seed.
Result<std::vector<AlignedBytes>> ReadInputFrames(const RunOptions& options,
                                                  runtime::Executor& executor,
                                                  const schema::Artifact& artifact) {
  const size_t input_count = artifact.inputs()->size();
  if (options.random_seed < 0 && options.inputs.size() != input_count) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "the model has %zu inputs; give --input once per input or "
                         "--random-input SEED",
                         input_count);
  }
  const auto frames = static_cast<size_t>(options.frames);
  std::vector<AlignedBytes> inputs;
  for (size_t i = 0; i < input_count; ++i) {
    const int32_t index = static_cast<int32_t>(i);
    const size_t needed = executor.InputTensor(index).size();
    const schema::DataType type = IoTensor(artifact, *artifact.inputs(), i).type();
    if (options.random_seed >= 0) {
      inputs.emplace_back(needed * frames);
      FillRandom(inputs.back().span(), static_cast<uint64_t>(options.random_seed), index);
      MakeValid(inputs.back().span(), type);
      continue;
    }
    ARENASTORE_ASSIGN_OR_RETURN(AlignedBytes bytes, ReadFileAligned(options.inputs[i]));
    if (bytes.size() != needed * frames) {
      return Status::Error(
          ErrorCode::kInvalidInput,
          "input %zu: %s has %zu bytes, the model's input %zu needs %zu raw %s "
          "bytes%s",
          i, options.inputs[i].c_str(), bytes.size(), i, needed * frames,
          runtime::DataTypeName(type),
          frames > 1 ? fmt::format(" ({} frames of {})", frames, needed).c_str() : "");
    }
    inputs.push_back(std::move(bytes));
  }
  return inputs;
}

Status SaveOutputs(const RunOptions& options, const std::vector<std::vector<uint8_t>>& outputs,
                   const schema::Artifact& artifact, nlohmann::json* report) {
  if (options.outputs.size() > outputs.size()) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "the model has %zu outputs, %zu --output given", outputs.size(),
                         options.outputs.size());
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::vector<uint8_t>& bytes = outputs[i];
    const schema::DataType type = IoTensor(artifact, *artifact.outputs(), i).type();
    const size_t element_bytes = std::max<size_t>(runtime::ElementBytes(type), 1);
    nlohmann::json values = nlohmann::json::array();
    for (size_t k = 0; k < bytes.size() / element_bytes && k < 64; ++k) {
      values.push_back(ValueAt(bytes, k, type));
    }
    nlohmann::json entry = {{"index", i}, {"bytes", bytes.size()}, {"first_values", values}};
    if (i < options.outputs.size()) {
      ARENASTORE_RETURN_IF_ERROR(
          WriteOutput(options.outputs[i], bytes, StreamableOutput(*options.json)));
      entry["file"] = options.outputs[i];
    }
    (*report)["outputs"].push_back(entry);
  }
  return Status::Ok();
}

void PrintRun(std::FILE* out, const nlohmann::json& report) {
  fmt::print(out, "ran {} ({} ops) as {} in {:.3f} ms\n", report["source"].get<std::string>(),
             report["operators"].size(), report["runtime_isa"].get<std::string>(),
             report["invoke_us"].get<double>() / 1000.0);
  if (report.contains("latency") && report["latency"].contains("frames")) {
    const auto& latency = report["latency"];
    fmt::print(out, "latency per frame over {} frames: median {:.1f} us, min {:.1f} us\n",
               latency["frames"].get<int64_t>(), latency["median_us"].get<double>(),
               latency["min_us"].get<double>());
  } else if (report.contains("latency")) {
    const auto& latency = report["latency"];
    fmt::print(
        out,
        "latency per invoke over {} invokes after a warm-up: median {:.1f} us, min {:.1f} us\n",
        latency["invokes"].get<int64_t>(), latency["median_us"].get<double>(),
        latency["min_us"].get<double>());
  }
  for (const auto& output : report["outputs"]) {
    std::string values;
    for (const auto& value : output["first_values"]) values += fmt::format(" {}", value.get<int>());
    fmt::print(out, "output {}: {} B{}{}\n", output["index"].get<size_t>(),
               output["bytes"].get<size_t>(),
               output.contains("file") ? " -> " + output["file"].get<std::string>() : "",
               output["bytes"].get<size_t>() <= 16 ? " :" + values : "");
  }
}

// Latency per invoke: one untimed warm-up (first-touch page faults, caches, branch predictors),
// then `repeat` timed invokes; a user can time a model without writing a benchmark.
struct Latency {
  int64_t invokes = 0;
  double median_us = 0;
  double min_us = 0;
};

Latency LatencyOf(std::vector<double> times_us) {
  std::sort(times_us.begin(), times_us.end());
  const size_t middle = times_us.size() / 2;
  Latency latency;
  latency.invokes = static_cast<int64_t>(times_us.size());
  latency.median_us =
      times_us.size() % 2 == 1 ? times_us[middle] : (times_us[middle - 1] + times_us[middle]) / 2;
  latency.min_us = times_us.front();
  return latency;
}

Result<double> TimedInvoke(runtime::Executor& executor) {
  const auto start = std::chrono::steady_clock::now();
  ARENASTORE_RETURN_IF_ERROR(executor.Invoke());
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(stop - start).count();
}

// One frame: `repeat` timed invokes after a warm-up. Each starts as one run would, from the
// caller's inputs and the initial state, set outside the timed part: the plan may reuse an input's
// bytes for later tensors, so an invoke that did not write them again would compute on garbage,
// and `--repeat` times a model without changing what it outputs.
// Several frames: each frame's inputs, one timed invoke, its outputs, state kept between them.
Result<Latency> RunFrames(const RunOptions& options, runtime::Executor& executor,
                          const std::vector<AlignedBytes>& inputs,
                          std::vector<std::vector<uint8_t>>* outputs) {
  std::vector<double> times_us;
  if (options.frames == 1) {
    const int64_t invokes = options.repeat > 0 ? options.repeat + 1 : 1;  // + the warm-up
    for (int64_t i = 0; i < invokes; ++i) {
      executor.ResetState();
      ARENASTORE_RETURN_IF_ERROR(SetFrame(executor, inputs, 0));
      ARENASTORE_ASSIGN_OR_RETURN(const double us, TimedInvoke(executor));
      if (i > 0 || invokes == 1) times_us.push_back(us);
    }
    ARENASTORE_RETURN_IF_ERROR(CollectOutputs(executor, outputs));
    return LatencyOf(std::move(times_us));
  }
  for (size_t frame = 0; frame < static_cast<size_t>(options.frames); ++frame) {
    ARENASTORE_RETURN_IF_ERROR(SetFrame(executor, inputs, frame));
    ARENASTORE_ASSIGN_OR_RETURN(const double us, TimedInvoke(executor));
    times_us.push_back(us);
    ARENASTORE_RETURN_IF_ERROR(CollectOutputs(executor, outputs));
  }
  return LatencyOf(std::move(times_us));
}

nlohmann::json OperatorsJson(const runtime::ArtifactView& view, const runtime::Executor& executor) {
  nlohmann::json operators = nlohmann::json::array();
  const auto& artifact = view.artifact();
  for (size_t i = 0; i < artifact.operators()->size(); ++i) {
    const auto op_index = static_cast<int32_t>(i);
    // The op's dtype picks its kernel row: lowered as the executor lowered it (it has run, so
    // lowering succeeds; int8 stands in only if it did not).
    kernels::OpParams params{};
    params.kind = static_cast<kernels::OpKind>(artifact.operators()->Get(i)->kind());
    if (!runtime::BuildOpParams(view, op_index, &params).ok()) {
      params.dtype = kernels::KernelDtype::kInt8;
    }
    // The kernel that ran: the variant's own, or ref for ops that variant does not specialise.
    const kernels::KernelEntry* kernel =
        kernels::ResolveKernel(params.kind, params.dtype, executor.VariantOf(op_index));
    nlohmann::json entry = {{"index", i},
                            {"kind", kernels::OpKindName(params.kind)},
                            {"dtype", kernels::KernelDtypeName(params.dtype)}};
    if (kernel != nullptr) {
      entry["variant"] = kernels::IsaName(kernel->isa);
      entry["kernel"] =
          fmt::format("{}/{}", kernels::OpKindName(kernel->op), kernels::IsaName(kernel->isa));
    }
    operators.push_back(std::move(entry));
  }
  return operators;
}

// What a device does with a rejected artifact: nothing. Says so, what a re-plan would change,
// and whether the fallback policy (slower variants whose scratch fits) would run it.
Status RefuseRejected(const RunOptions& options, const LoadedArtifact& loaded,
                      const runtime::ArtifactView& view, const HostRuntime& host,
                      runtime::GatePolicy policy, const GateRun& gate, std::FILE* out) {
  const GateAdvice advice = AdviseReplan(loaded, view, host.identity, policy, {});
  const bool fallback_runs =
      policy != runtime::GatePolicy::kFallback &&
      RunGate(view, host.identity, runtime::GatePolicy::kFallback, {}).report.verdict !=
          runtime::Verdict::kReject;
  if (*options.json) {
    nlohmann::json json = VerdictJson(gate, host, policy, advice);
    json["source"] = options.source;
    json["sha256"] = loaded.sha256;
    json["ran"] = false;
    json["fallback_runs"] = fallback_runs;
    EmitJson(json);
  } else {
    PrintGate(out, loaded.source, gate, host, policy);
    fmt::print(out, "nothing ran: the gate refuses this artifact, as a device would\n");
    PrintAdvice(out, advice, true);
    if (fallback_runs) {
      fmt::print(out,
                 "  or run it now with --policy fallback: ops whose planned scratch is short run "
                 "a slower variant that fits\n");
    }
  }
  return Status::Error(ErrorCode::kGateRejected, "%s rejected by the gate; nothing ran",
                       options.source.c_str());
}

Status RunRun(const RunOptions& options) {
  if ((options.random_seed >= 0) == !options.inputs.empty()) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "give --input FILE (one per model input) or --random-input SEED");
  }
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::GatePolicy policy, ParsePolicyOption(options.policy));
  ARENASTORE_ASSIGN_OR_RETURN(LoadedArtifact loaded, LoadArtifact(options.source, options.db));
  ARENASTORE_ASSIGN_OR_RETURN(runtime::ArtifactView view, OpenView(loaded));
  ARENASTORE_RETURN_IF_ERROR(CheckMemoryLimit(options.source, options.max_memory, view.artifact()));
  ARENASTORE_ASSIGN_OR_RETURN(const HostRuntime host,
                              HostRuntimeFor(options.isa, view.artifact(), IsaUse::kRunHere));
  const runtime::RuntimeIdentity& identity = host.identity;
  const GateRun gate = RunGate(view, identity, policy, {});
  // Tensor bytes written to stdout (`--output -`) keep it to themselves; people read stderr.
  std::FILE* out = stdout;
  for (const std::string& output : options.outputs) {
    if (IsStdout(output)) out = stderr;
  }
  if (gate.report.verdict == runtime::Verdict::kReject) {
    return RefuseRejected(options, loaded, view, host, policy, gate, out);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::unique_ptr<HostExecutor> host_executor,
                              HostExecutor::Create(view, identity.isa, gate.variant_per_op));
  runtime::Executor& executor = host_executor->executor();
  const auto& artifact = view.artifact();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<AlignedBytes> inputs,
                              ReadInputFrames(options, executor, artifact));
  std::vector<std::vector<uint8_t>> outputs(artifact.outputs()->size());
  ARENASTORE_ASSIGN_OR_RETURN(const Latency latency,
                              RunFrames(options, executor, inputs, &outputs));
  std::optional<GateAdvice> advice;
  if (gate.report.verdict != runtime::Verdict::kAccept) {
    advice = AdviseReplan(loaded, view, identity, policy, {});
  }
  nlohmann::json report = VerdictJson(gate, host, policy, advice);
  report["source"] = options.source;
  report["sha256"] = loaded.sha256;
  report["ran"] = true;
  report["runtime_isa"] = kernels::IsaName(identity.isa);
  report["invoke_us"] = latency.median_us;
  report["frames"] = options.frames;
  if (options.frames > 1) {
    report["latency"] = {
        {"frames", latency.invokes}, {"median_us", latency.median_us}, {"min_us", latency.min_us}};
  } else if (options.repeat > 0) {
    report["latency"] = {{"warmup_invokes", 1},
                         {"invokes", latency.invokes},
                         {"median_us", latency.median_us},
                         {"min_us", latency.min_us}};
  }
  report["operators"] = OperatorsJson(view, executor);
  report["outputs"] = nlohmann::json::array();
  ARENASTORE_RETURN_IF_ERROR(SaveOutputs(options, outputs, artifact, &report));
  if (*options.json) {
    EmitJson(report);
    return Status::Ok();
  }
  if (advice.has_value()) PrintVerdict(out, loaded.source, gate, host, policy, advice);
  PrintRun(out, report);
  return Status::Ok();
}

}  // namespace

Verb SetupRun(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* command = app.add_subcommand(
      "run", "Gate and run an artifact from its planned arena on raw int8 tensor bytes");
  command->add_option("artifact", options->source, kSourceHelp)->required();
  AddDbOption(command, &options->db);
  command->add_option("--input", options->inputs, "Raw bytes of an input tensor, once per input");
  command->add_option("--output", options->outputs, "Where to write an output tensor's raw bytes");
  command
      ->add_option("--random-input", options->random_seed,
                   "Fill every input with deterministic pseudo-random bytes from SEED")
      ->check(NonNegative());
  command->add_option("--isa", options->isa,
                      "Runtime ISA to play (ref, x86_avx2, x86_avx512vnni, native); default: the "
                      "artifact's target when this machine runs it, else ref (check judges as "
                      "the same)");
  command->add_option("--policy", options->policy,
                      "Gate policy: default, strict or fallback (ops whose planned scratch is "
                      "short run a slower variant that fits)");
  CLI::Option* repeat =
      command
          ->add_option("--repeat", options->repeat,
                       "Time N invokes after one warm-up and report the median and minimum latency")
          ->check(Positive());
  command
      ->add_option("--frames", options->frames,
                   "Run N consecutive frames: each --input file holds N tensors back to back, "
                   "each --output file receives N; a stateful model keeps its state between them")
      ->check(Positive())
      ->excludes(repeat);
  command->add_option("--max-memory", options->max_memory,
                      "Refuse an artifact whose pools ask for more than SIZE in all (K, M; "
                      "default 1024M), checked before allocating");
  command->add_flag("--json", *options->json,
                    "Print timing, per-op kernel variants and outputs as JSON");
  command->footer(
      "Example: arenastore run kws.arena --random-input 1 --output out.bin --repeat 100");
  return {command, [options] { return RunRun(*options); }, options->json};
}

}  // namespace arenastore::cli
