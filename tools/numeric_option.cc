#include "tools/numeric_option.h"

#include <cerrno>
#include <cmath>
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

// A share of the model's MACs, in percent: "abc is not a number; give a percentage from 0 to
// 1000" rather than CLI11's "Value abc not in range 0.000000 to 1000.000000".
CLI::Validator Percentage(double largest) {
  const std::string what = "a percentage from 0 to " + std::to_string(static_cast<int>(largest));
  return CLI::Validator(
      [largest, what](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !std::isfinite(value))
          return text + " is not a number; give " + what;
        if (value < 0) return text + " is negative; give " + what;
        if (value > largest) return text + " is too large; give " + what;
        return "";
      },
      "PERCENT");
}

}  // namespace

CLI::Validator NonNegative() { return AtLeast(0, "0 or more"); }
CLI::Validator Positive() { return AtLeast(1, "1 or more"); }

CLI::Option* AddMaxRecomputeOption(CLI::App* command, std::optional<double>* percent,
                                   const std::string& description) {
  return command->add_option("--max-recompute", *percent, description)
      ->type_name("PERCENT")
      ->check(Percentage(1000.0));
}

}  // namespace arenastore::cli
