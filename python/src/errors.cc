#include "python/src/errors.h"

#include "python/src/bindings.h"
#include "tools/error_report.h"
#include "tools/exit_code.h"

namespace py = pybind11;

namespace arenastore::python {

void Raise(const Status& status, const std::string& details_json) {
  const int exit_code = static_cast<int>(cli::ExitCodeFor(status));
  py::object error = py::module_::import("arenastore.errors")
                         .attr("_error_for")(exit_code, ToString(status.code()),
                                             cli::ForPeople(status.message(), false),
                                             details_json);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

void BindErrors(py::module_& module) {
  // The mapping's own numbers, so the Python classes are checked against it (tests/python).
  py::dict exit_codes;
  exit_codes["ok"] = static_cast<int>(cli::kExitOk);
  exit_codes["error"] = static_cast<int>(cli::kExitError);
  exit_codes["usage"] = static_cast<int>(cli::kExitUsage);
  exit_codes["rejected"] = static_cast<int>(cli::kExitRejected);
  exit_codes["integrity"] = static_cast<int>(cli::kExitIntegrity);
  module.attr("EXIT_CODES") = exit_codes;
}

}  // namespace arenastore::python
