// The pieces of the Python module arenastore._core, one concept per file, each adding its
// classes and functions to the module (python/src/module.cc calls them all). Every function calls
// what the CLI verb of the same name calls (tools/), so Python and the CLI cannot drift apart.
#pragma once

#include <pybind11/pybind11.h>

namespace arenastore::python {

void BindErrors(pybind11::module_& module);    // errors.cc
void BindArtifact(pybind11::module_& module);  // artifact.cc
void BindCompile(pybind11::module_& module);   // compile.cc
void BindSession(pybind11::module_& module);   // session.cc
void BindStore(pybind11::module_& module);     // store.cc

}  // namespace arenastore::python
