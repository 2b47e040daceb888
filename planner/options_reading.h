// What op units' read functions (ops/<op>/<op>_planner.cc) share when they turn an artifact's
// options table back into graph attributes for re-planning: the read of an op with no fields and
// vector copies. (An EXPLICIT padding read whole is resolved once the graph is known:
// planner/artifact_reader.cc.) Host-only; reads verified artifacts.
#pragma once

#include <cstring>
#include <vector>

#include "base/result.h"
#include "planner/attribute_types.h"
#include "planner/graph.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// The read of an op whose attributes have no fields: its options table records nothing to read.
template <typename Attributes>
Result<OpAttributes> ReadNoFields(const schema::Operator& /*op*/) {
  return OpAttributes(Attributes{});
}

template <typename T>
std::vector<T> CopyVector(const flatbuffers::Vector<T>* values) {
  std::vector<T> out;
  if (values == nullptr) return out;
  out.resize(values->size());
  // memcpy: the Verifier aligns vectors only to 4 bytes, so 8-byte elements may be misaligned.
  if (!out.empty()) std::memcpy(out.data(), values->Data(), out.size() * sizeof(T));
  return out;
}

}  // namespace arenastore::planner
