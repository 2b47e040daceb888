// A one-line progress counter on stderr for long verbs (verify, bulk push), shown only when
// stderr is a terminal so logs and pipes stay clean. Host-only; not thread-safe.
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

 private:
  std::string label_;
  bool enabled_ = false;
  bool drawn_ = false;
  int last_percent_ = -1;
};

}  // namespace arenastore::cli
