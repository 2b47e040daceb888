// What op units' read functions (ops/<op>/<op>_planner.cc) share when they turn an artifact's
// options table back into graph attributes for re-planning: padding and activation decoding and
// vector copies. Host-only; reads verified artifacts.
#pragma once

#include <cstring>
#include <vector>

#include "base/result.h"
#include "planner/attribute_types.h"
#include "planner/graph.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// EXPLICIT padding (written by producers other than our planner) is read as SAME here and
// resolved once the whole graph is known (the op's PaddingHooks, artifact_reader.cc).
template <typename Options>
Padding ReadPadding(const Options& options) {
  return options.padding() == schema::Padding::VALID ? Padding::VALID : Padding::SAME;
}

// The window fields a filter-window options table records (padding, strides, dilations where it
// has them, activation), back into the op's attributes.
template <typename Attributes, typename Options>
Attributes ReadWindow(const Options& o) {
  Attributes a;
  a.padding = ReadPadding(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  if constexpr (requires { o.dilation_h(); }) {
    a.dilation_h = o.dilation_h();
    a.dilation_w = o.dilation_w();
  }
  a.activation = o.activation();
  return a;
}

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
