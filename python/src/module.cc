// arenastore._core: the C++ half of the Python package `arenastore` (python/arenastore/ is the
// other half, which turns what this returns into Python objects). Imported by that package only.
#include "python/src/bindings.h"
#include "store/interrupt.h"

PYBIND11_MODULE(_core, module) {
  module.doc() = "arenastore's libraries as the CLI uses them; use the `arenastore` package";
  // Ctrl-C in Python is KeyboardInterrupt: the CLI's handlers, which end the process, stay out.
  arenastore::store::LeaveSignalsToTheHost();
  arenastore::python::BindErrors(module);
  arenastore::python::BindArtifact(module);
  arenastore::python::BindCompile(module);
  arenastore::python::BindSession(module);
  arenastore::python::BindStore(module);
}
