// A one-line progress counter on stderr for long verbs (verify, bulk push, audits), shown only
// when stderr is a terminal that understands cursor control (not TERM=dumb), so logs, pipes and
// dumb terminals never see escape codes. Host-only; not thread-safe.
#pragma once

#include <cstdint>
#include <string>

namespace arenastore::cli {

class Progress {
 public:
  explicit Progress(std::string label);
  ~Progress();  // clears the line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void Update(int64_t done, int64_t total);
  // Erases the line, e.g. before printing results while the work goes on.
  void Clear();

 private:
  std::string label_;
  bool enabled_ = false;
  bool drawn_ = false;
  int last_percent_ = -1;
};

}  // namespace arenastore::cli
