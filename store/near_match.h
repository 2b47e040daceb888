// Near matches for "did you mean" hints: names within a small edit distance of what the user
// typed, or sharing a prefix with it. Called by reference resolution for unknown models and
// aliases. Heap OK; O(candidates x length^2), fine for the few thousand names a store holds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arenastore::store {

// Levenshtein distance (insert, delete, substitute each cost 1).
size_t EditDistance(std::string_view a, std::string_view b);

// Up to `limit` candidates closest to `typed`, nearest first; only those within
// max(2, typed.size() / 3) edits, or that start with `typed`.
std::vector<std::string> NearMatches(std::string_view typed,
                                     const std::vector<std::string>& candidates, size_t limit = 3);

// " (did you mean kws or kws2?)" or "" when there are none.
std::string DidYouMean(const std::vector<std::string>& matches);

}  // namespace arenastore::store
