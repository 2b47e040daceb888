// Store (read side): ls, show and verify on a store file, opened as the CLI's read verbs open it
// (read-only when the user cannot write it), answering in the documents `ls --json`, `show
// --json` and `verify --json` print. Each call opens the store anew, so Store objects hold only
// a path and threads may share them; store work runs without the GIL.
#include <pybind11/stl.h>

#include <optional>

#include "python/src/bindings.h"
#include "python/src/errors.h"
#include "store/listing.h"
#include "store/show.h"
#include "store/verify.h"
#include "tools/isa_option.h"
#include "tools/store_access.h"
#include "tools/verify_report.h"
#include "tools/version_details_format.h"

namespace py = pybind11;

namespace arenastore::python {
namespace {

// Runs `work` (returning Result<nlohmann::json>) without the GIL; raises its error with it.
template <typename Work>
std::string WithoutGil(Work work) {
  std::optional<Result<nlohmann::json>> result;
  {
    py::gil_scoped_release release;
    result.emplace(work());
  }
  return ValueOrThrow(std::move(*result)).dump();
}

std::string List(const std::string& db, const std::string& model,
                 const std::string& kernel_version, const std::string& isa, int64_t limit) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    store::ListFilter filter{model, kernel_version, isa, limit};
    if (!filter.isa.empty()) {
      ARENASTORE_ASSIGN_OR_RETURN(filter.isa, cli::IsaOptionName("--isa", filter.isa));
    }
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const store::VersionList list,
                                store::ListVersions(registry, filter));
    return cli::VersionListJson(registry.path(), list);
  });
}

std::string Show(const std::string& db, const std::string& reference) {
  return WithoutGil([&]() -> Result<nlohmann::json> {
    ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry,
                                cli::OpenRegistry(db, cli::StoreAccess::kRead));
    ARENASTORE_ASSIGN_OR_RETURN(const store::VersionDetails details,
                                store::Show(registry, reference));
    return cli::DetailsJson(details);
  });
}

// The report; a damaged store raises IntegrityError carrying it, as verify exits 4.
std::string Verify(const std::string& db) {
  std::optional<Result<store::Registry>> registry;
  std::optional<Result<store::VerifyReport>> report;
  {
    py::gil_scoped_release release;
    registry.emplace(cli::OpenRegistry(db, cli::StoreAccess::kRead));
    if (registry->ok()) report.emplace(store::VerifyStore(registry->value()));
  }
  ThrowIfError(registry->status());
  const store::VerifyReport verified = ValueOrThrow(std::move(*report));
  const std::string path = registry->value().path();
  const std::string json = cli::VerifyReportJson(path, verified).dump();
  const Status outcome = cli::VerifyOutcome(path, verified);
  if (!outcome.ok()) Raise(outcome, json);
  return json;
}

}  // namespace

void BindStore(py::module_& module) {
  module.def("store_ls", &List, py::arg("db"), py::arg("model"), py::arg("kernel_version"),
             py::arg("isa"), py::arg("limit"));
  module.def("store_show", &Show, py::arg("db"), py::arg("reference"));
  module.def("store_verify", &Verify, py::arg("db"));
}

}  // namespace arenastore::python
