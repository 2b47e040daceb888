// What the kernel benchmark measured, kept for the ratio counters of later benchmarks in the
// same run (x XNNPACK, x ref, % of the VNNI peak) and for the summary tables printed at the
// end: per (row, column) the CPU time of one call, or why the column is n/a. A column is an ISA
// name ("ref", "x86_avx2", ...) or "xnnpack". Host-only benchmark code: heap OK; benchmarks run
// one at a time, so no locking.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arenastore::bench {

// CPU time of this thread, in seconds: the machine is shared, and time spent preempted by
// other processes is not the kernel's.
double ThreadCpuSeconds();

class BenchResults {
 public:
  static BenchResults& Get();

  // Keeps the measurement with the most iterations (the run Google Benchmark reports), and
  // the fastest of equal-length runs (repetitions).
  void Record(const std::string& row, const std::string& column, int64_t iterations,
              double seconds);
  void NotAvailable(const std::string& row, const std::string& column, const std::string& why);
  // A column that ran and was wrong (output differs from ref, kernel error): the run fails.
  void Failed(const std::string& row, const std::string& column, const std::string& why);
  // "row / column: why" of every failure, in the order they happened.
  const std::vector<std::string>& failures() const { return failures_; }

  std::optional<double> Us(const std::string& row, const std::string& column) const;
  // "n/a" for a column that could not run, "FAILED" for a wrong one, "-" for one that never
  // ran.
  std::string Cell(const std::string& row, const std::string& column) const;

  void SetPeakGmacs(double gmacs) { peak_gmacs_ = gmacs; }
  std::optional<double> peak_gmacs() const { return peak_gmacs_; }

 private:
  struct Entry {
    int64_t iterations = 0;
    double us = 0;
    std::string why_not;
    bool failed = false;
  };
  std::map<std::pair<std::string, std::string>, Entry> entries_;
  std::optional<double> peak_gmacs_;
  std::vector<std::string> failures_;
};

}  // namespace arenastore::bench
