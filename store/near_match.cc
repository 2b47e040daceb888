#include "store/near_match.h"

#include <algorithm>
#include <numeric>

namespace arenastore::store {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> NearMatches(std::string_view typed,
                                     const std::vector<std::string>& candidates, size_t limit) {
  const size_t budget = std::max<size_t>(2, typed.size() / 3);
  std::vector<std::pair<size_t, std::string>> scored;
  for (const std::string& candidate : candidates) {
    const size_t distance = EditDistance(typed, candidate);
    const bool prefix = !typed.empty() && candidate.starts_with(typed);
    if (distance <= budget || prefix) scored.emplace_back(prefix ? 0 : distance, candidate);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> matches;
  for (size_t i = 0; i < scored.size() && i < limit; ++i) matches.push_back(scored[i].second);
  return matches;
}

std::string DidYouMean(const std::vector<std::string>& matches) {
  if (matches.empty()) return "";
  std::string text = " (did you mean ";
  for (size_t i = 0; i < matches.size(); ++i) {
    if (i > 0) text += i + 1 == matches.size() ? " or " : ", ";
    text += matches[i];
  }
  return text + "?)";
}

}  // namespace arenastore::store
