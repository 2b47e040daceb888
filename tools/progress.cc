#include "tools/progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace arenastore::cli {

namespace {

// Redrawing one line takes "\r" and "erase to end of line", which a dumb terminal prints as
// garbage.
bool TerminalRedraws() {
  const char* term = std::getenv("TERM");
  return isatty(2) == 1 && term != nullptr && term[0] != '\0' && std::strcmp(term, "dumb") != 0;
}

}  // namespace

Progress::Progress(std::string label) : label_(std::move(label)), enabled_(TerminalRedraws()) {}

Progress::~Progress() { Clear(); }

void Progress::Clear() {
  if (drawn_) std::fputs("\r\033[K", stderr);
  drawn_ = false;
  last_percent_ = -1;
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
