#include "tools/bench/kernel_bench_results.h"

#include <cstdio>
#include <ctime>

namespace arenastore::bench {

double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

BenchResults& BenchResults::Get() {
  static BenchResults results;
  return results;
}

void BenchResults::Record(const std::string& row, const std::string& column, int64_t iterations,
                          double seconds) {
  if (iterations <= 0) return;
  const double us = seconds * 1e6 / static_cast<double>(iterations);
  Entry& entry = entries_[{row, column}];
  if (iterations > entry.iterations || (iterations == entry.iterations && us < entry.us)) {
    entry.iterations = iterations;
    entry.us = us;
    entry.why_not.clear();
  }
}

void BenchResults::NotAvailable(const std::string& row, const std::string& column,
                                const std::string& why) {
  entries_[{row, column}] = Entry{0, 0, why};
}

void BenchResults::Failed(const std::string& row, const std::string& column,
                          const std::string& why) {
  entries_[{row, column}] = Entry{0, 0, why, true};
  failures_.push_back(row + " / " + column + ": " + why);
}

std::optional<double> BenchResults::Us(const std::string& row, const std::string& column) const {
  const auto found = entries_.find({row, column});
  if (found == entries_.end() || found->second.iterations == 0) return std::nullopt;
  return found->second.us;
}

std::string BenchResults::Cell(const std::string& row, const std::string& column) const {
  const auto found = entries_.find({row, column});
  if (found == entries_.end()) return "-";
  if (found->second.failed) return "FAILED";
  if (found->second.iterations == 0) return "n/a";
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f", found->second.us);
  return text;
}

}  // namespace arenastore::bench
