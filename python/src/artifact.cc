// Artifact bindings: load (a file or a store reference, as check/run/inspect read them), from
// bytes, describe (what `inspect --json` prints, plus the peak live set `compile` prints), the
// operators (`arenastore ops`), the gate's verdict (`arenastore check --json`) and the plan
// picture (`arenastore inspect --svg`).
#include <pybind11/stl.h>

#include <cstring>

#include "planner/artifact_reader.h"
#include "python/src/artifact_handle.h"
#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "store/sha256.h"
#include "tools/artifact_description.h"
#include "tools/gate_judgement.h"
#include "tools/operator_set.h"
#include "tools/plan_picture.h"

namespace py = pybind11;

namespace arenastore::python {

std::shared_ptr<ArtifactHandle> OpenHandle(cli::LoadedArtifact loaded) {
  const runtime::ArtifactView view = ValueOrThrow(cli::OpenView(loaded));
  // Moving the bytes moves their heap buffer, which the view keeps pointing at.
  return std::shared_ptr<ArtifactHandle>(new ArtifactHandle{std::move(loaded), view});
}

namespace {

std::shared_ptr<ArtifactHandle> Load(const std::string& source, const std::string& db) {
  return OpenHandle(ValueOrThrow(cli::LoadArtifact(source, db)));
}

std::shared_ptr<ArtifactHandle> FromBytes(const py::bytes& data, const std::string& source) {
  const std::string_view bytes(data);
  cli::LoadedArtifact loaded;
  loaded.source = source;
  loaded.bytes = cli::AlignedBytes(bytes.size());
  if (!bytes.empty()) std::memcpy(loaded.bytes.data(), bytes.data(), bytes.size());
  loaded.sha256 = store::Sha256Hex(loaded.bytes.span());
  return OpenHandle(std::move(loaded));
}

std::string Describe(const ArtifactHandle& handle) {
  return cli::Describe(handle.loaded, handle.view).dump();
}

std::string Ops(const ArtifactHandle& handle) {
  return cli::NamesOf(ValueOrThrow(cli::KindsOf(handle.loaded.source, handle.view)));
}

// The verdict as `check --json` prints it; a rejection is a verdict here, not an exception
// (run raises GateRejected).
std::string Check(const ArtifactHandle& handle, const std::string& isa, const std::string& policy,
                  const std::vector<std::string>& pools) {
  const cli::CheckSettings settings = ValueOrThrow(cli::ParseCheckSettings(isa, policy, pools));
  const cli::Judgement judgement =
      ValueOrThrow(cli::JudgeArtifact(handle.loaded, handle.view, settings));
  nlohmann::json json =
      cli::VerdictJson(judgement.run, judgement.host, judgement.policy, judgement.advice);
  json["source"] = handle.loaded.source;
  json["sha256"] = handle.loaded.sha256;
  return json.dump();
}

}  // namespace

void BindArtifact(py::module_& module) {
  py::class_<ArtifactHandle, std::shared_ptr<ArtifactHandle>>(module, "ArtifactHandle")
      .def_static("load", &Load, py::arg("source"), py::arg("db") = "")
      .def_static("from_bytes", &FromBytes, py::arg("data"), py::arg("source"))
      .def_property_readonly("bytes",
                             [](const ArtifactHandle& handle) {
                               const auto span = handle.loaded.bytes.span();
                               return py::bytes(reinterpret_cast<const char*>(span.data()),
                                                span.size());
                             })
      .def_property_readonly("sha256",
                             [](const ArtifactHandle& handle) { return handle.loaded.sha256; })
      .def_property_readonly("source",
                             [](const ArtifactHandle& handle) { return handle.loaded.source; })
      .def("describe", &Describe)
      .def("ops", &Ops)
      .def("plan_svg",
           [](const ArtifactHandle& handle) {
             return ValueOrThrow(cli::PlanSvg(handle.loaded, handle.view));
           })
      .def("check", &Check, py::arg("isa"), py::arg("policy"), py::arg("pools"));
}

}  // namespace arenastore::python
