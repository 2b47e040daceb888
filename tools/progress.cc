#include "tools/progress.h"

#include <unistd.h>

#include <cstdio>

namespace arenastore::cli {

Progress::Progress(std::string label) : label_(std::move(label)), enabled_(isatty(2) == 1) {}

Progress::~Progress() {
  if (drawn_) std::fputs("\r\033[K", stderr);
}

void Progress::Update(int64_t done, int64_t total) {
  if (!enabled_ || total <= 0) return;
  const int percent = static_cast<int>(100 * done / total);
  if (percent == last_percent_ && done != total) return;  // redraw at most once per percent
  last_percent_ = percent;
  std::fprintf(stderr, "\r\033[K%s %lld/%lld (%d%%)", label_.c_str(), static_cast<long long>(done),
               static_cast<long long>(total), percent);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace arenastore::cli
