// Session: an artifact set up to run on this host as `arenastore run` sets it up (policy, the ISA
// it plays, the memory limit, the gate, then HostExecutor), and frames run through it. Refuses
// what the gate rejects with GateRejected carrying the verdict `run --json` prints. Kernels run
// without the GIL; one mutex per session serialises its calls, so threads may share one.
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <mutex>

#include "python/src/artifact_handle.h"
#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"
#include "tools/gate_report.h"
#include "tools/host_executor.h"
#include "tools/host_runtime.h"

namespace py = pybind11;

namespace arenastore::python {
namespace {

class Session {
 public:
  static std::unique_ptr<Session> Open(std::shared_ptr<ArtifactHandle> artifact,
                                       const std::string& isa, const std::string& policy_text,
                                       const std::string& max_memory) {
    std::unique_ptr<Session> session(new Session());
    session->artifact_ = std::move(artifact);
    const cli::LoadedArtifact& loaded = session->artifact_->loaded;
    const runtime::ArtifactView& view = session->artifact_->view;
    const runtime::GatePolicy policy = ValueOrThrow(cli::ParsePolicyOption(policy_text));
    ThrowIfError(cli::CheckMemoryLimit(loaded.source, max_memory, view.artifact()));
    session->host_ =
        ValueOrThrow(cli::HostRuntimeFor(isa, view.artifact(), cli::IsaUse::kRunHere));
    session->gate_ = cli::RunGate(view, session->host_.identity, policy, {});
    std::optional<cli::GateAdvice> advice;
    if (session->gate_.report.verdict != runtime::Verdict::kAccept) {
      advice = cli::AdviseReplan(loaded, view, session->host_.identity, policy, {});
    }
    nlohmann::json verdict = cli::VerdictJson(session->gate_, session->host_, policy, advice);
    verdict["source"] = loaded.source;
    verdict["sha256"] = loaded.sha256;
    if (session->gate_.report.verdict == runtime::Verdict::kReject) {
      verdict["ran"] = false;
      Raise(Status::Error(ErrorCode::kGateRejected, "%s rejected by the gate; nothing ran",
                          loaded.source.c_str()),
            verdict.dump());
    }
    session->verdict_json_ = verdict.dump();
    session->executor_ = ValueOrThrow(
        cli::HostExecutor::Create(view, session->host_.identity.isa, session->gate_.variant_per_op));
    return session;
  }

  // `inputs`: one contiguous buffer per model input, `frames` tensors back to back in each.
  // Returns every output's bytes, `frames` tensors back to back. `reset`: start from the
  // model's initial state (a stateless run), else continue from the last call's.
  std::vector<py::bytes> Run(const std::vector<py::buffer>& inputs, int64_t frames, bool reset) {
    const runtime::ArtifactView& view = artifact_->view;
    runtime::Executor& executor = executor_->executor();
    const size_t input_count = view.artifact().inputs()->size();
    if (frames < 1) {
      Raise(Status::Error(ErrorCode::kInvalidArgument, "frames must be at least 1, not %lld",
                          static_cast<long long>(frames)));
    }
    if (inputs.size() != input_count) {
      Raise(Status::Error(ErrorCode::kInvalidArgument, "the model has %zu inputs, %zu given",
                          input_count, inputs.size()));
    }
    std::vector<cli::AlignedBytes> frame_bytes;
    for (size_t i = 0; i < input_count; ++i) {
      const py::buffer_info info = inputs[i].request();
      const size_t given = static_cast<size_t>(info.size * info.itemsize);
      const size_t needed = executor.InputTensor(static_cast<int32_t>(i)).size() *
                            static_cast<size_t>(frames);
      if (given != needed) {
        const schema::Tensor& tensor = *view.artifact().tensors()->Get(
            static_cast<flatbuffers::uoffset_t>(view.artifact().inputs()->Get(
                static_cast<flatbuffers::uoffset_t>(i))));
        Raise(Status::Error(ErrorCode::kInvalidInput,
                            "input %zu: %zu bytes given, the model's input %zu needs %zu raw %s "
                            "bytes (%lld frames)",
                            i, given, i, needed, runtime::DataTypeName(tensor.type()),
                            static_cast<long long>(frames)));
      }
      frame_bytes.emplace_back(needed);
      if (needed > 0) std::memcpy(frame_bytes.back().data(), info.ptr, needed);
    }
    std::vector<std::vector<uint8_t>> outputs(view.artifact().outputs()->size());
    Status status;
    {
      py::gil_scoped_release release;
      const std::lock_guard<std::mutex> lock(mutex_);
      status = RunFrames(executor, frame_bytes, static_cast<size_t>(frames), reset, &outputs);
    }
    ThrowIfError(status);
    std::vector<py::bytes> result;
    for (const std::vector<uint8_t>& bytes : outputs) {
      result.emplace_back(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    return result;
  }

  void Reset() {
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> lock(mutex_);
    executor_->executor().ResetState();
  }

  const std::string& verdict_json() const { return verdict_json_; }

 private:
  Session() = default;

  // As `run --frames` does: each frame's inputs, one invoke, its outputs.
  static Status RunFrames(runtime::Executor& executor, const std::vector<cli::AlignedBytes>& inputs,
                          size_t frames, bool reset, std::vector<std::vector<uint8_t>>* outputs) {
    if (reset) executor.ResetState();
    for (size_t frame = 0; frame < frames; ++frame) {
      ARENASTORE_RETURN_IF_ERROR(cli::SetFrame(executor, inputs, frame));
      ARENASTORE_RETURN_IF_ERROR(executor.Invoke());
      ARENASTORE_RETURN_IF_ERROR(cli::CollectOutputs(executor, outputs));
    }
    return Status::Ok();
  }

  std::shared_ptr<ArtifactHandle> artifact_;
  cli::HostRuntime host_;
  cli::GateRun gate_;  // the executor keeps its variant_per_op
  std::unique_ptr<cli::HostExecutor> executor_;
  std::string verdict_json_;
  std::mutex mutex_;
};

}  // namespace

void BindSession(py::module_& module) {
  py::class_<Session>(module, "SessionHandle")
      .def(py::init(&Session::Open), py::arg("artifact"), py::arg("isa"), py::arg("policy"),
           py::arg("max_memory"))
      .def("run", &Session::Run, py::arg("inputs"), py::arg("frames"), py::arg("reset"))
      .def("reset", &Session::Reset)
      .def_property_readonly("verdict", &Session::verdict_json);
}

}  // namespace arenastore::python
