// What op units' same_options functions (ops/<op>/<op>_planner.cc) share: field-by-field and
// vector comparison of two artifacts' options tables, for artifact_equivalence's proof that a
// re-plan computes what the original does. Host-only; reads verified artifacts.
#pragma once

#include <cstring>
#include <functional>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

template <typename T>
bool SameVector(const flatbuffers::Vector<T>* a, const flatbuffers::Vector<T>* b) {
  const size_t a_size = a == nullptr ? 0 : a->size();
  const size_t b_size = b == nullptr ? 0 : b->size();
  if (a_size != b_size) return false;
  return a_size == 0 || std::memcmp(a->Data(), b->Data(), a_size * sizeof(T)) == 0;
}

// Both tables absent, or both present with every listed getter equal.
template <typename Table, typename... Getters>
bool SameFields(const Table* a, const Table* b, Getters... getters) {
  if (a == nullptr || b == nullptr) return a == b;
  return ((std::invoke(getters, a) == std::invoke(getters, b)) && ...);
}

inline bool SameRequant(const schema::Requantization* a, const schema::Requantization* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return SameVector(a->multiplier(), b->multiplier()) && SameVector(a->shift(), b->shift());
}

}  // namespace arenastore::planner
