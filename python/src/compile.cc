// compile: a built-in example, a .tflite file or a .tflite model's bytes -> an artifact and the
// summary `arenastore compile --json` prints, through the same CompileModel (tools/compile_model.h).
// Planning runs without the GIL.
#include <pybind11/stl.h>

#include <cstring>
#include <optional>

#include "python/src/artifact_handle.h"
#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "tools/compile_model.h"

namespace py = pybind11;

namespace arenastore::python {
namespace {

// `model`: the .tflite bytes, or None to read `model_path` (as the CLI reads its argument).
py::tuple Compile(const std::string& example, const std::optional<py::bytes>& model,
                  const std::string& model_path, const std::string& target,
                  const std::vector<std::string>& pools, const std::string& algorithm,
                  bool reorder, bool whole_tensors, std::optional<double> max_recompute,
                  const std::string& source) {
  cli::CompileRequest request;
  request.example = example;
  request.model_path = model_path;
  if (model.has_value()) {
    const std::string_view bytes(*model);
    request.model_bytes = cli::AlignedBytes(bytes.size());
    if (!bytes.empty()) std::memcpy(request.model_bytes.data(), bytes.data(), bytes.size());
  } else if (example.empty()) {
    request.model_bytes = ValueOrThrow(cli::ReadFileAligned(model_path));
  }
  request.target = target;
  request.pools = pools;
  request.algorithm = algorithm;
  request.reorder = reorder;
  request.whole_tensors = whole_tensors;
  request.max_recompute_percent = max_recompute;
  std::optional<Result<cli::CompiledArtifact>> compiled;
  {
    py::gil_scoped_release release;
    compiled.emplace(cli::CompileModel(request));
  }
  cli::CompiledArtifact artifact = ValueOrThrow(std::move(*compiled));
  const std::string summary = cli::CompileSummaryJson(artifact, source, reorder).dump();
  cli::LoadedArtifact loaded;
  loaded.source = source;
  const std::vector<uint8_t>& bytes = artifact.model.artifact;
  loaded.bytes = cli::AlignedBytes(bytes.size());
  if (!bytes.empty()) std::memcpy(loaded.bytes.data(), bytes.data(), bytes.size());
  loaded.sha256 = artifact.sha256;
  return py::make_tuple(OpenHandle(std::move(loaded)), summary);
}

}  // namespace

void BindCompile(py::module_& module) {
  module.def("compile", &Compile, py::arg("example"), py::arg("model"), py::arg("model_path"),
             py::arg("target"), py::arg("pools"), py::arg("algorithm"), py::arg("reorder"),
             py::arg("whole_tensors"), py::arg("max_recompute"), py::arg("source"));
}

}  // namespace arenastore::python
