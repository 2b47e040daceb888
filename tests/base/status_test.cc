#include "base/status.h"

#include <cstring>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "base/format.h"
#include "base/result.h"

namespace arenastore {
namespace {

TEST(Status, DefaultIsOk) {
  Status status;
  EXPECT_TRUE(status.ok());
  EXPECT_STREQ(status.message(), "");
  EXPECT_EQ(status.op_index(), -1);
}

TEST(Status, ErrorFormatsMessageAndKeepsLocation) {
  Status status = Status::Error(ErrorCode::kGateRejected, "op %d (%s): planned %zu B, needs %llu B",
                                7, "conv2d", size_t{1152}, 2304ull);
  status.WithOp(7).WithField("operators[7].scratch");
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.code(), ErrorCode::kGateRejected);
  EXPECT_STREQ(status.message(), "op 7 (conv2d): planned 1152 B, needs 2304 B");
  EXPECT_EQ(status.op_index(), 7);
  EXPECT_STREQ(status.field(), "operators[7].scratch");
  EXPECT_STREQ(ToString(status.code()), "gate_rejected");
}

TEST(Status, WithContextPrefixesMessage) {
  Status status = Status::Error(ErrorCode::kFormatInvalidField, "tensor 3: offset out of pool");
  status.WithContext("push %s", "kws");
  EXPECT_STREQ(status.message(), "push kws: tensor 3: offset out of pool");
  EXPECT_EQ(status.code(), ErrorCode::kFormatInvalidField);
}

TEST(Status, ErrorAndContextPrintStringPrecisionsInsteadOfTheirSpecification) {
  // Issue 33: "%.19s" was printed verbatim and every argument after it read at the wrong slot.
  const std::string digest = "sha256:" + std::string(64, 'e');
  const std::string_view reference = "hub/kws@prod and more";
  Status status = Status::Error(ErrorCode::kIntegrity, "(%zu B, %.19s) asked for (%llu B)",
                                size_t{48336}, digest.c_str(), 48337ull);
  status.WithContext("pull '%.*s'", 12, reference.data());
  EXPECT_STREQ(status.message(),
               "pull 'hub/kws@prod': (48336 B, sha256:eeeeeeeeeeee) asked for (48337 B)");
  EXPECT_EQ(std::string(status.message()).find("%."), std::string::npos);
}

TEST(Status, LongMessagesAreTruncatedAndTerminated) {
  std::string long_text(Status::kMessageBytes * 2, 'x');
  Status status = Status::Error(ErrorCode::kIo, "%s", long_text.c_str());
  EXPECT_EQ(std::strlen(status.message()), Status::kMessageBytes - 1);
}

TEST(Format, HandlesExtremesAndHex) {
  char buffer[64];
  Format(buffer, sizeof(buffer), "%lld|%u|%x|%c|%%", -9223372036854775807ll - 1, 4294967295u, 255u,
         'k');
  EXPECT_STREQ(buffer, "-9223372036854775808|4294967295|ff|k|%");
}

TEST(Format, NeverWritesPastCapacity) {
  char buffer[8];
  std::memset(buffer, 'z', sizeof(buffer));
  const size_t written = Format(buffer, 5, "%s", "abcdefgh");
  EXPECT_EQ(written, 4u);
  EXPECT_STREQ(buffer, "abcd");
  EXPECT_EQ(buffer[5], 'z');
}

Result<int> ParsePositive(int value) {
  if (value <= 0) return Status::Error(ErrorCode::kInvalidArgument, "%d is not positive", value);
  return value;
}

Status UsesAssignOrReturn(int value, int* out) {
  ARENASTORE_ASSIGN_OR_RETURN(*out, ParsePositive(value));
  return Status::Ok();
}

TEST(Result, CarriesValueOrStatus) {
  int out = 0;
  EXPECT_TRUE(UsesAssignOrReturn(5, &out).ok());
  EXPECT_EQ(out, 5);
  Status status = UsesAssignOrReturn(-1, &out);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_STREQ(status.message(), "-1 is not positive");
}

}  // namespace
}  // namespace arenastore
