// Whether two artifacts' operators carry options that compute the same thing, for
// artifact_equivalence's proof that a re-plan computes what the original does. Every field of
// the options table is compared, walked from the artifact schema's own reflection data, so a
// field added to an op's .fbs is compared without anyone listing it; an op names only the
// fields that may differ (PlannerOp::options_not_compared). Host-only; reads verified artifacts.
#pragma once

#include <cstring>
#include <span>
#include <string_view>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// Both absent or empty, or both of one size with equal elements.
template <typename T>
bool SameVector(const flatbuffers::Vector<T>* a, const flatbuffers::Vector<T>* b) {
  const size_t a_size = a == nullptr ? 0 : a->size();
  const size_t b_size = b == nullptr ? 0 : b->size();
  if (a_size != b_size) return false;
  return a_size == 0 || std::memcmp(a->Data(), b->Data(), a_size * sizeof(T)) == 0;
}

// Empty when both operators carry the same options type with, in every field but
// `not_compared`, equal values: an absent field reads as its schema default, vectors and nested
// tables (a requantization) compare element by element. Otherwise the first differing field's
// name ("type" when the tables' types differ), pointing into the embedded schema.
std::string_view DifferingOptionsField(const schema::Operator& a, const schema::Operator& b,
                                       std::span<const std::string_view> not_compared);

}  // namespace arenastore::planner
