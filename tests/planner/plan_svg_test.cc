// The plan picture: well-formed SVG with one rectangle per buffer (scratch distinct from
// tensors), one panel and one lower-bound line per pool that holds buffers, and the numbers a
// reader needs in its text.
#include "planner/plan_svg.h"

#include <gtest/gtest.h>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "tests/planner/plan_test_util.h"
#include "tests/tools/xml_document.h"

namespace arenastore::planner {
namespace {

using arenastore::testing::XmlElement;
using arenastore::testing::XmlParser;

std::unique_ptr<XmlElement> ParseOrFail(const std::string& svg) {
  XmlParser parser(svg);
  auto root = parser.Parse();
  EXPECT_NE(root, nullptr) << parser.error();
  return root;
}

TEST(PlanSvg, DrawsEveryBufferOnceWithScratchDistinctFromTensors) {
  const std::vector<BufferRequest> buffers = {
      Buffer("tensor 0 input", 1000, 0, 1), Buffer("tensor 1 conv/out", 2000, 1, 2),
      Buffer("scratch of op 1 (conv2d)", 512, 1, 1), Buffer("tensor 2 out", 100, 2, 2)};
  std::vector<BufferRequest> marked = buffers;
  marked[2].is_scratch = true;
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}};
  auto plan = PlanMemory(marked, pools, PlanOptions{});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  auto root = ParseOrFail(RenderPlanSvg(marked, pools, *plan, "tiny"));
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "svg");
  EXPECT_EQ(root->Attribute("xmlns"), "http://www.w3.org/2000/svg");
  EXPECT_EQ(root->Count("rect", "buffer"), 4);
  EXPECT_EQ(root->Count("rect", "scratch"), 1);
  EXPECT_EQ(root->Count("rect", "tensor"), 3);
  const XmlElement* scratch = root->Find("rect", "scratch");
  const XmlElement* tensor = root->Find("rect", "tensor");
  ASSERT_NE(scratch, nullptr);
  ASSERT_NE(tensor, nullptr);
  EXPECT_NE(scratch->Attribute("fill"), tensor->Attribute("fill"));
  EXPECT_NE(scratch->AllText().find("scratch of op 1 (conv2d): 512 B"), std::string::npos);
}

TEST(PlanSvg, MarksEachPoolsOwnLowerBound) {
  // Three buffers live together at step 1: 1000 + 2000 + 512 reserved as 1008 + 2000 + 512.
  std::vector<BufferRequest> buffers = {Buffer("a", 1000, 0, 1), Buffer("b", 2000, 1, 2),
                                        Buffer("c", 512, 1, 1), Buffer("d", 64, 0, 0, 16, 1)};
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}, {"dtcm", 0, 16}, {"io", 0, 16}};
  auto plan = PlanMemory(buffers, pools, PlanOptions{});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  const std::string svg = RenderPlanSvg(buffers, pools, *plan, "pools & <bounds>");
  auto root = ParseOrFail(svg);
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->Count("g", "pool"), 2);  // io holds nothing: no panel, but named
  EXPECT_EQ(root->Count("line", "lower-bound"), 2);
  EXPECT_NE(root->AllText().find("lower bound 3520 B"), std::string::npos) << svg;
  EXPECT_NE(root->AllText().find("pools with no buffers: io"), std::string::npos);
  EXPECT_NE(root->AllText().find("pools & <bounds>"), std::string::npos);  // escaped, then read
}

TEST(PlanSvg, DrawsEveryBuiltInExample) {
  for (const ExampleInfo& example : Examples()) {
    SCOPED_TRACE(example.name);
    CompileOptions options;
    options.pools = {{"dtcm", 16 * 1024, PoolKind::kWorkspace}, {"sram", 0, PoolKind::kWorkspace}};
    auto model = Compile(example.build(), options);
    ASSERT_TRUE(model.ok()) << model.status().message();
    auto root = ParseOrFail(
        RenderPlanSvg(model->assignment.buffers, model->pools, model->plan, example.name));
    ASSERT_NE(root, nullptr);
    EXPECT_EQ(root->Count("rect", "buffer"), static_cast<int>(model->assignment.buffers.size()));
    int scratch = 0;
    for (const BufferRequest& buffer : model->assignment.buffers) scratch += buffer.is_scratch;
    EXPECT_EQ(root->Count("rect", "scratch"), scratch);
  }
}

TEST(PlanSvg, EscapesEveryXmlSpecialCharacter) {
  EXPECT_EQ(EscapeXml("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&apos;");
}

}  // namespace
}  // namespace arenastore::planner
