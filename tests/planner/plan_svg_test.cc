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

// The character data of every <text> element: what the chart shows without hovering.
void CollectShownTexts(const XmlElement& element, std::vector<std::string>* texts) {
  if (element.name == "text") texts->push_back(element.AllText());
  for (const auto& child : element.children) CollectShownTexts(*child, texts);
}

std::vector<std::string> ShownTexts(const XmlElement& root) {
  std::vector<std::string> texts;
  CollectShownTexts(root, &texts);
  return texts;
}

bool Shows(const std::vector<std::string>& texts, const std::string& part) {
  for (const std::string& text : texts) {
    if (text.find(part) != std::string::npos) return true;
  }
  return false;
}

TEST(PlanSvg, NamesTheLargestBuffersAndThePeakOnTheChartAndTheRestInTooltips) {
  // Steps 0-5; the peak is step 2, where the input, the conv output and the bias are live.
  const std::vector<BufferRequest> buffers = {
      Buffer("input image", 40000, 0, 2), Buffer("conv1/out", 30000, 1, 3),
      Buffer("tiny bias", 16, 2, 2), Buffer("pool/out", 8000, 3, 5)};
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}};
  auto plan = PlanMemory(buffers, pools, PlanOptions{});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  const std::string svg = RenderPlanSvg(buffers, pools, *plan, "named");
  auto root = ParseOrFail(svg);
  ASSERT_NE(root, nullptr);
  const std::vector<std::string> shown = ShownTexts(*root);

  EXPECT_TRUE(Shows(shown, "input image")) << svg;
  EXPECT_TRUE(Shows(shown, "conv1/out")) << svg;
  EXPECT_EQ(root->Count("text", "buffer-label"), 3) << svg;  // the bias has no room
  EXPECT_FALSE(Shows(shown, "tiny bias")) << svg;
  EXPECT_NE(root->AllText().find("tiny bias: 16 B at offset"), std::string::npos);  // tooltip

  // 40000 + 30000 + 16 reserved as 40000 + 30000 + 16 = 70016 B, at step 2.
  EXPECT_EQ(root->Count("line", "peak-step"), 1);
  const XmlElement* peak = root->Find("text", "peak-label");
  ASSERT_NE(peak, nullptr) << svg;
  EXPECT_EQ(peak->AllText(), "peak at step 2: 68.4 KiB live in 3 buffers");

  EXPECT_EQ(RenderPlanSvg(buffers, pools, *plan, "named"), svg);  // deterministic
}

TEST(PlanSvg, CutsALongNameWithAnEllipsisToFitItsRectangle) {
  const std::string long_name = "tensor 7 " + std::string(300, 'x') + " end";
  const std::vector<BufferRequest> buffers = {Buffer(long_name, 4096, 0, 1),
                                              Buffer("other", 1024, 2, 3)};
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}};
  auto plan = PlanMemory(buffers, pools, PlanOptions{});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  auto root = ParseOrFail(RenderPlanSvg(buffers, pools, *plan, "long"));
  ASSERT_NE(root, nullptr);
  const XmlElement* label = root->Find("text", "buffer-label");
  ASSERT_NE(label, nullptr);
  const std::string shown = label->AllText();
  EXPECT_EQ(shown.rfind("tensor 7 xxx", 0), 0u) << shown;
  EXPECT_EQ(shown.substr(shown.size() - 3), "\xE2\x80\xA6") << shown;  // U+2026
  EXPECT_LT(shown.size(), long_name.size());
  EXPECT_NE(root->AllText().find(long_name + ": 4096 B"),
            std::string::npos);  // whole, in the tooltip
}

TEST(PlanSvg, EscapesEveryXmlSpecialCharacter) {
  EXPECT_EQ(EscapeXml("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&apos;");
}

}  // namespace
}  // namespace arenastore::planner
