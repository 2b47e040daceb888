// Format: the bounded printf the runtime builds every message with. Its 64-bit integers are
// printed by 16-bit long division (no libgcc 64-bit division on a 32-bit core), so these pin
// the digits at the edges of each 16-bit step and of the 64-bit range against snprintf.
#include "base/format.h"

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <limits>
#include <string>

namespace arenastore {
namespace {

std::string Formatted(const char* format, unsigned long long value) {
  char buffer[64];
  Format(buffer, sizeof(buffer), format, value);
  return buffer;
}

std::string Printf(const char* format, unsigned long long value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format, value);
  return buffer;
}

TEST(Format, PrintsEvery64BitUnsignedEdgeAsPrintfDoes) {
  const unsigned long long values[] = {0,
                                       9,
                                       10,
                                       0xffff,
                                       0x10000,
                                       0xffffffffull,
                                       0x100000000ull,
                                       4294967296ull * 10 - 1,
                                       0x0000ffffffffffffull,
                                       10000000000000000000ull,
                                       std::numeric_limits<unsigned long long>::max()};
  for (unsigned long long value : values) {
    EXPECT_EQ(Formatted("%llu", value), Printf("%llu", value)) << value;
    EXPECT_EQ(Formatted("%llx", value), Printf("%llx", value)) << value;
  }
}

TEST(Format, PrintsSigned64BitExtremes) {
  char buffer[64];
  Format(buffer, sizeof(buffer), "%lld %lld", std::numeric_limits<long long>::min(),
         std::numeric_limits<long long>::max());
  EXPECT_STREQ(buffer, "-9223372036854775808 9223372036854775807");
}

TEST(Format, TruncatesToTheCapacityAndTerminates) {
  char buffer[8];
  EXPECT_EQ(Format(buffer, sizeof(buffer), "%llu", 18446744073709551615ull), 7u);
  EXPECT_STREQ(buffer, "1844674");
}

TEST(Format, PrintsAStringPrecisionLikePrintf) {
  char ours[64];
  char theirs[64];
  const char* digest = "sha256:0123456789abcdef0123456789abcdef";
  Format(ours, sizeof(ours), "(%zu B, %.19s) of (%llu B)", size_t{48336}, digest, 93887ull);
  std::snprintf(theirs, sizeof(theirs), "(%zu B, %.19s) of (%llu B)", size_t{48336}, digest,
                93887ull);
  EXPECT_STREQ(ours, theirs);
  EXPECT_STREQ(ours, "(48336 B, sha256:0123456789ab) of (93887 B)");
  Format(ours, sizeof(ours), "[%.0s][%.99s]", "gone", "short");
  EXPECT_STREQ(ours, "[][short]");
}

TEST(Format, AStarPrecisionStopsAtTheGivenLengthWithoutReadingFurther) {
  // Not NUL-terminated where the precision ends: only three characters may be read.
  const char view[3] = {'k', 'w', 's'};
  char buffer[32];
  Format(buffer, sizeof(buffer), "'%.*s' %d", 3, view, 7);
  EXPECT_STREQ(buffer, "'kws' 7");
  Format(buffer, sizeof(buffer), "'%.*s'", -1, "whole");  // negative: no precision, as printf
  EXPECT_STREQ(buffer, "'whole'");
}

}  // namespace
}  // namespace arenastore
