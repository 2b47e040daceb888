// The re-plan proof's options comparison (planner/options_equivalence.h): every field of an
// options table is compared from the schema itself, absent fields read as their defaults, and an
// op's declared exceptions are skipped.
#include "planner/options_equivalence.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

// One operator of `kind` whose options table `write_options` builds, kept in its own buffer.
class OneOperator {
 public:
  template <typename WriteOptions>
  OneOperator(kernels::OpKind kind, WriteOptions write_options, bool force_defaults = false) {
    builder_.ForceDefaults(force_defaults);
    const auto [type, table] = write_options(builder_);
    const std::vector<int32_t> inputs = {0}, outputs = {1};
    builder_.Finish(schema::CreateOperatorDirect(builder_, static_cast<schema::OpKind>(kind),
                                                 &inputs, &outputs, type, table));
  }
  const schema::Operator& op() const {
    return *flatbuffers::GetRoot<schema::Operator>(builder_.GetBufferPointer());
  }

 private:
  flatbuffers::FlatBufferBuilder builder_;
};

using Options = std::pair<schema::OpOptions, flatbuffers::Offset<void>>;

OneOperator Cumsum(bool reverse, int32_t output_multiplier, bool force_defaults = false) {
  return OneOperator(
      kernels::OpKind::kCumsum,
      [&](flatbuffers::FlatBufferBuilder& b) {
        return Options{schema::OpOptions::CumsumOptions,
                       schema::CreateCumsumOptions(b, 1, false, reverse, -128, 127, 20, 1 << 30, -1,
                                                   output_multiplier, -3)
                           .Union()};
      },
      force_defaults);
}

OneOperator Conv(schema::Padding padding, int32_t pad_top, std::vector<int32_t> multipliers) {
  return OneOperator(kernels::OpKind::kConv2d, [&](flatbuffers::FlatBufferBuilder& b) {
    const std::vector<int32_t> shifts(multipliers.size(), -7);
    const auto requant = schema::CreateRequantizationDirect(b, &multipliers, &shifts);
    return Options{schema::OpOptions::Conv2dOptions,
                   schema::CreateConv2dOptions(b, padding, 1, 1, 1, 1, pad_top, 0,
                                               schema::Activation::NONE, -128, 127, requant)
                       .Union()};
  });
}

TEST(OptionsEquivalence, ComparesEveryFieldOfTheTableWithoutAList) {
  EXPECT_EQ(DifferingOptionsField(Cumsum(false, 1 << 29).op(), Cumsum(false, 1 << 29).op(), {}),
            "");
  EXPECT_EQ(DifferingOptionsField(Cumsum(false, 1 << 29).op(), Cumsum(true, 1 << 29).op(), {}),
            "reverse");
  EXPECT_EQ(
      DifferingOptionsField(Cumsum(false, 1 << 29).op(), Cumsum(false, (1 << 29) + 1).op(), {}),
      "output_multiplier");
}

TEST(OptionsEquivalence, ReadsAnAbsentFieldAsItsSchemaDefault) {
  // activation_min -128 and left_shift 20 are the schema's defaults: one producer omits them,
  // another writes them; both compute the same thing.
  EXPECT_EQ(DifferingOptionsField(Cumsum(false, 1 << 29).op(),
                                  Cumsum(false, 1 << 29, /*force_defaults=*/true).op(), {}),
            "");
}

TEST(OptionsEquivalence, ComparesNestedRequantizationElementByElement) {
  EXPECT_EQ(DifferingOptionsField(Conv(schema::Padding::VALID, 0, {1 << 30, 1 << 29}).op(),
                                  Conv(schema::Padding::VALID, 0, {1 << 30, 1 << 29}).op(), {}),
            "");
  EXPECT_EQ(DifferingOptionsField(Conv(schema::Padding::VALID, 0, {1 << 30, 1 << 29}).op(),
                                  Conv(schema::Padding::VALID, 0, {1 << 30, 1 << 28}).op(), {}),
            "requant");
}

TEST(OptionsEquivalence, SkipsOnlyTheFieldsTheOpDeclares) {
  const std::span<const std::string_view> conv_skips =
      PlannerOpOf(kernels::OpKind::kConv2d)->options_not_compared;
  const OneOperator same_pad = Conv(schema::Padding::SAME, 1, {1 << 30});
  const OneOperator explicit_pad = Conv(schema::Padding::EXPLICIT, 1, {1 << 30});
  EXPECT_EQ(DifferingOptionsField(same_pad.op(), explicit_pad.op(), conv_skips), "");
  EXPECT_EQ(DifferingOptionsField(same_pad.op(), explicit_pad.op(), {}), "padding");
  EXPECT_EQ(DifferingOptionsField(same_pad.op(), Conv(schema::Padding::EXPLICIT, 2, {1 << 30}).op(),
                                  conv_skips),
            "pad_top");
}

TEST(OptionsEquivalence, OptionsOfDifferentTypesDiffer) {
  EXPECT_EQ(DifferingOptionsField(Cumsum(false, 1 << 29).op(),
                                  Conv(schema::Padding::VALID, 0, {1 << 30}).op(), {}),
            "type");
}

}  // namespace
}  // namespace arenastore::planner
