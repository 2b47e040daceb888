#include "tools/numeric_option.h"

#include <cerrno>
#include <cstdlib>

namespace arenastore::cli {
namespace {

CLI::Validator AtLeast(long long minimum, const char* what) {
  return CLI::Validator(
      [minimum, what](std::string& text) -> std::string {
        char* end = nullptr;
        errno = 0;
        const long long value = std::strtoll(text.c_str(), &end, 10);
        if (end == text.c_str() || *end != '\0')
          return text + " is not a whole number; give " + what;
        if (errno == ERANGE) return text + " is too large; give " + what;
        if (value < 0) return text + " is negative; give " + what;
        if (value < minimum) return text + " is too small; give " + what;
        return "";
      },
      what);
}

}  // namespace

CLI::Validator NonNegative() { return AtLeast(0, "0 or more"); }
CLI::Validator Positive() { return AtLeast(1, "1 or more"); }

}  // namespace arenastore::cli
