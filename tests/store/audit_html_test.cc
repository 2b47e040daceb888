// The audit page: well-formed (XHTML, checked by a strict XML parser), self-contained (no
// scripts, no external resources), and it carries the numbers: verdict devices per hardware and
// per model, bytes reclaimable, the worst offenders first, text escaped.
#include "store/audit_html.h"

#include <gtest/gtest.h>

#include "store/speed_cost_text.h"
#include "tests/tools/xml_document.h"

namespace arenastore::store {
namespace {

using arenastore::testing::XmlElement;
using arenastore::testing::XmlParser;

AuditResult Result(const std::string& hardware, const std::string& model, int64_t devices,
                   AuditVerdict verdict, uint64_t reclaimable, bool curable,
                   const std::string& reasons) {
  AuditResult r;
  r.class_key = hardware == "nrf52" ? "aaaaaaaaaaaa" : "bbbbbbbbbbbb";
  r.hardware = hardware;
  r.isa = "arm_dsp";
  r.device_kernel_version = "1.1.0";
  r.pools = "sram=256K";
  r.model = model;
  r.version = 1;
  r.sha256 = std::string(64, 'e');
  r.device_count = devices;
  r.verdict = verdict;
  r.reclaimable_bytes = reclaimable;
  r.curable = curable;
  r.reasons = reasons;
  return r;
}

AuditReport Fleet() {
  AuditReport report;
  report.run.id = 4;
  report.run.runtime_kernel_version = "1.2.0";
  report.run.policy = "default";
  report.run.device_count = 1550;
  report.results = {
      Result("nrf52", "kws", 1000, AuditVerdict::kReject, 0, true,
             "scratch_short op 4 (average_pool2d) by 16 B"),
      Result("nrf52", "vww", 50, AuditVerdict::kReject, 0, false,
             "pool_too_small sram by 4096 B <&>"),
      Result("stm32h7", "kws", 300, AuditVerdict::kWarn, 64, false, "scratch_surplus op 2"),
      Result("stm32h7", "vww", 200, AuditVerdict::kOk, 0, false, "")};
  SortResults(&report.results);
  return report;
}

std::unique_ptr<XmlElement> Parse(const std::string& html) {
  XmlParser parser(html);
  auto root = parser.Parse();
  EXPECT_NE(root, nullptr) << parser.error();
  return root;
}

// The text of the first element with this class, e.g. a table cell or a card.
std::string TextOf(const XmlElement& root, const std::string& element,
                   const std::string& css_class) {
  const XmlElement* found = root.Find(element, css_class);
  return found == nullptr ? std::string("(missing)") : found->AllText();
}

TEST(AuditHtml, IsWellFormedAndSelfContained) {
  const std::string html = RenderAuditHtml(Fleet());
  auto root = Parse(html);
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "html");
  for (const char* external : {"script", "link", "img", "iframe", "object"}) {
    EXPECT_EQ(root->Count(external), 0) << external;
  }
  // The only URLs are the XML namespaces of the page and its inline SVG charts.
  size_t at = 0;
  int urls = 0;
  while ((at = html.find("http", at)) != std::string::npos) {
    EXPECT_TRUE(html.compare(at, 28, "http://www.w3.org/1999/xhtml") == 0 ||
                html.compare(at, 26, "http://www.w3.org/2000/svg") == 0)
        << html.substr(at, 40);
    ++urls;
    ++at;
  }
  EXPECT_EQ(urls, 3);
  EXPECT_EQ(root->Count("svg", "chart"), 2);
}

TEST(AuditHtml, ShowsTheTotalsAndBytesReclaimable) {
  auto root = Parse(RenderAuditHtml(Fleet()));
  ASSERT_NE(root, nullptr);
  const XmlElement* reject = root->Find("div", "total-reject");
  ASSERT_NE(reject, nullptr);
  EXPECT_NE(reject->AllText().find("1,050"), std::string::npos) << reject->AllText();
  EXPECT_NE(TextOf(*root, "div", "total-warn").find("300"), std::string::npos);
  EXPECT_NE(TextOf(*root, "div", "total-ok").find("200"), std::string::npos);
  EXPECT_NE(TextOf(*root, "div", "total-reclaimable").find("19,200"), std::string::npos);
  EXPECT_NE(TextOf(*root, "div", "total-curable").find("1"), std::string::npos);
}

TEST(AuditHtml, CountsDevicesByVerdictPerHardwareAndPerModel) {
  auto root = Parse(RenderAuditHtml(Fleet()));
  ASSERT_NE(root, nullptr);
  const XmlElement* hardware = root->Find("table", "by-hardware");
  ASSERT_NE(hardware, nullptr);
  ASSERT_EQ(hardware->Count("tr"), 3);  // header, nrf52, stm32h7
  const XmlElement& nrf52 = *hardware->children[1];
  EXPECT_EQ(nrf52.children[0]->AllText(), "nrf52");
  EXPECT_EQ(nrf52.children[3]->AllText(), "1,050");
  const XmlElement& stm32 = *hardware->children[2];
  EXPECT_EQ(stm32.children[1]->AllText(), "200");
  EXPECT_EQ(stm32.children[2]->AllText(), "300");
  EXPECT_EQ(stm32.children[4]->AllText(), "19,200");
  const XmlElement* model = root->Find("table", "by-model");
  ASSERT_NE(model, nullptr);
  ASSERT_EQ(model->Count("tr"), 3);
  EXPECT_EQ(model->children[1]->children[0]->AllText(), "kws");
  EXPECT_EQ(model->children[1]->children[3]->AllText(), "1,000");
  EXPECT_EQ(model->children[2]->children[3]->AllText(), "50");
  // One bar segment per non-zero (group, verdict): nrf52 reject; stm32h7 ok and warn;
  // kws reject and warn; vww reject and ok.
  EXPECT_EQ(root->Find("svg", "by-hardware")->Count("rect", "bar"), 3);
  EXPECT_EQ(root->Find("svg", "by-model")->Count("rect", "bar"), 4);
}

TEST(AuditHtml, ListsWorstOffendersRejectsFirstWithTheirReasonsEscaped) {
  auto root = Parse(RenderAuditHtml(Fleet()));
  ASSERT_NE(root, nullptr);
  const XmlElement* worst = root->Find("table", "worst");
  ASSERT_NE(worst, nullptr);
  ASSERT_EQ(worst->Count("tr"), 4);  // header, 2 rejects, 1 warning; the ok result is not listed
  EXPECT_EQ(worst->children[1]->children[0]->AllText(), "kws@1");
  EXPECT_EQ(worst->children[1]->children[7]->AllText(), "yes");
  EXPECT_EQ(worst->children[2]->children[8]->AllText(), "pool_too_small sram by 4096 B <&>");
  EXPECT_EQ(worst->children[3]->children[5]->AllText(), "warn");
}

TEST(AuditHtml, OpensWithAHeadlineVerdictAndTheNextCommands) {
  auto root = Parse(RenderAuditHtml(Fleet()));
  ASSERT_NE(root, nullptr);
  const std::string headline = TextOf(*root, "p", "headline");
  EXPECT_NE(headline.find("Not ready to upgrade:"), std::string::npos) << headline;
  EXPECT_NE(headline.find("1,050 devices would reject"), std::string::npos) << headline;
  EXPECT_NE(headline.find("1 of them a re-plan can cure"), std::string::npos) << headline;
  const std::string next = TextOf(*root, "ol", "next");
  EXPECT_NE(next.find("arenastore audit --fix"), std::string::npos) << next;
  EXPECT_NE(next.find("arenastore audit show 4 --csv"), std::string::npos) << next;
  AuditReport fine = Fleet();
  std::erase_if(fine.results,
                [](const AuditResult& r) { return r.verdict == AuditVerdict::kReject; });
  auto ready = Parse(RenderAuditHtml(fine));
  ASSERT_NE(ready, nullptr);
  EXPECT_NE(TextOf(*ready, "p", "headline").find("Ready to upgrade:"), std::string::npos);
  EXPECT_EQ(TextOf(*ready, "p", "headline").find("Not ready"), std::string::npos);
}

TEST(AuditHtml, PerOpDetailIsCollapsedUnderTheReasons) {
  AuditReport report = Fleet();
  AuditFinding finding;
  finding.message = "op 4 (average_pool2d): planned 240 B, runtime needs 256 B";
  report.results[0].findings = {finding, finding};
  auto root = Parse(RenderAuditHtml(report));
  ASSERT_NE(root, nullptr);
  const XmlElement* details = root->Find("details", "");
  ASSERT_NE(details, nullptr);
  EXPECT_NE(details->AllText().find("2 findings"), std::string::npos) << details->AllText();
  EXPECT_EQ(details->Count("li"), 2);
}

TEST(AuditHtml, ASignatureByARevokedKeyNamesTheKeyAndWhyItWasRevoked) {
  AuditReport report = Fleet();
  report.results[0].signature = SignatureState::kRevoked;
  report.results[0].revoked_key = "release";
  report.results[0].revocation_reason = "laptop <stolen>";
  report.results[1].signature = SignatureState::kUntrusted;
  auto root = Parse(RenderAuditHtml(report));
  ASSERT_NE(root, nullptr);
  const XmlElement* revoked = root->Find("td", "revoked");
  ASSERT_NE(revoked, nullptr);
  EXPECT_TRUE(revoked->HasClass("reject"));
  EXPECT_EQ(revoked->AllText(), "revoked key release: laptop <stolen>");
  const XmlElement* untrusted = root->Find("td", "untrusted");
  ASSERT_NE(untrusted, nullptr);
  EXPECT_EQ(untrusted->AllText(), "untrusted") << "a key never trusted names no revocation";
}

// The rows of the "classes" table for one class, as text.
std::vector<std::string> ClassRows(const XmlElement& root, const std::string& class_key) {
  std::vector<std::string> rows;
  const XmlElement* table = root.Find("table", "classes");
  if (table == nullptr) return rows;
  for (const auto& row : table->children) {
    if (row->Attribute("data-class") == class_key) rows.push_back(row->AllText());
  }
  return rows;
}

TEST(AuditHtml, ListsEachClassesDeviceIdsAndSaysHowManyMoreALongListHas) {
  AuditReport report = Fleet();
  for (AuditResult& r : report.results) {
    if (r.hardware == "stm32h7" && r.model == "kws") r.device_ids = {"h7-001", "h7-002", "h7-003"};
    if (r.hardware == "stm32h7" && r.model == "vww") {
      r.device_count = 2;
      r.device_ids = {"h7-100", "h7-<101>"};
    }
  }
  auto root = Parse(RenderAuditHtml(report));
  ASSERT_NE(root, nullptr);
  const std::vector<std::string> rows = ClassRows(*root, "bbbbbbbbbbbb");
  ASSERT_EQ(rows.size(), 2u);  // kws@1 and vww@1, under one class cell
  EXPECT_NE(rows[0].find("stm32h7"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("kws@1"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("h7-001, h7-002, h7-003 and 297 more"), std::string::npos) << rows[0];
  EXPECT_NE(rows[1].find("h7-100, h7-<101>"), std::string::npos) << rows[1];  // escaped, read
  EXPECT_EQ(rows[1].find("more"), std::string::npos) << rows[1];
  // A run recorded before the audit kept ids says so rather than listing none.
  const std::vector<std::string> nrf = ClassRows(*root, "aaaaaaaaaaaa");
  ASSERT_EQ(nrf.size(), 2u);
  EXPECT_NE(nrf[0].find("ids not recorded"), std::string::npos) << nrf[0];
}

TEST(AuditHtml, ShowsWhatEachPhysicalMemoryKeepsFree) {
  AuditReport report = Fleet();
  for (AuditResult& r : report.results) {
    if (r.hardware == "stm32h7" && r.model == "kws") {
      r.pools = "dtcm=64K;ram=1M";
      r.memory_free = {{"dtcm", 65536}, {"ram", 992248}};
    }
  }
  auto root = Parse(RenderAuditHtml(report));
  ASSERT_NE(root, nullptr);
  const std::vector<std::string> rows = ClassRows(*root, "bbbbbbbbbbbb");
  ASSERT_FALSE(rows.empty());
  EXPECT_NE(rows[0].find("dtcm: 65,536 B free"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("ram: 992,248 B free"), std::string::npos) << rows[0];
  EXPECT_EQ(root->Count("span", "memory-free"), 2);
  EXPECT_NE(ClassRows(*root, "aaaaaaaaaaaa")[0].find("not placed"), std::string::npos);
}

// The RAM a device of the class reserves for the version stands beside where its pools went, in
// every result's row and in the class's table; a run recorded before audits kept it says so
// rather than showing 0 B.
TEST(AuditHtml, ShowsTheDeviceRamEachVersionNeedsOnItsClass) {
  AuditReport report = Fleet();
  for (AuditResult& r : report.results) {
    if (r.hardware == "stm32h7" && r.model == "kws") {
      r.placement = "sram: sram 20,464 B, 241,680 B free";
      r.device_ram_bytes = 28432;
    }
  }
  auto root = Parse(RenderAuditHtml(report));
  ASSERT_NE(root, nullptr);
  const std::vector<std::string> rows = ClassRows(*root, "bbbbbbbbbbbb");
  ASSERT_EQ(rows.size(), 2u);  // kws@1, then vww@1
  EXPECT_NE(rows[0].find("28,432 B"), std::string::npos) << rows[0];
  EXPECT_NE(rows[1].find("not recorded"), std::string::npos) << rows[1];
  bool beside_placement = false;
  for (const auto& row : root->Find("table", "results")->children) {
    const std::string text = row->AllText();
    const size_t placement = text.find("241,680 B free");
    if (placement == std::string::npos) continue;
    const size_t ram = text.find("device RAM 28,432 B");
    beside_placement = ram != std::string::npos && ram > placement &&
                       text.find("bbbbbbbbbbbb", placement) > ram;  // before the class column
  }
  EXPECT_TRUE(beside_placement) << "the figure follows the class's placement";
  EXPECT_EQ(root->Count("span", "device-ram"), 1 + 1 + 1)  // worst offenders, classes, results
      << "no figure for the results that did not record one";
}

TEST(AuditHtml, AfterAFixSaysWhichVersionMovedWhereOnWhichDevices) {
  const AuditReport before = Fleet();
  AuditReport after = before;  // the re-audit, which carries the fix of run 3
  after.run.fix_of_run = 3;
  std::vector<FixAction>& moves = after.fix_moves;
  moves.resize(2);
  moves[0].rejected = before.results[0];  // kws@1 on nrf52, 1000 devices
  moves[0].rejected.device_ids = {"nrf-0001", "nrf-0002"};
  moves[0].fixed = true;
  moves[0].replanned_reference = "kws@2";
  moves[0].replanned_sha256 = std::string(64, 'f');
  moves[0].devices_moved = 1000;
  moves[0].before_bytes = 4096;
  moves[0].after_bytes = 4112;
  moves[0].replan_speed_cost = {1, 41, 10'000};
  moves[1].rejected = before.results[1];  // vww@1, which no re-plan cures
  moves[1].error = "pool sram needs 8,192 B, has 4,096 B";
  const std::string html = RenderAuditHtml(after);
  EXPECT_NE(html.find("<h2>Moved by audit --fix of run 3</h2>"), std::string::npos);
  auto root = Parse(html);
  ASSERT_NE(root, nullptr);
  const XmlElement* moved = root->Find("tr", "moved");
  ASSERT_NE(moved, nullptr);
  const std::string text = moved->AllText();
  EXPECT_NE(text.find("kws@1"), std::string::npos) << text;
  EXPECT_NE(text.find("re-planned to"), std::string::npos) << text;
  EXPECT_EQ(TextOf(*moved, "strong", ""), "kws@2");
  EXPECT_NE(text.find("nrf-0001, nrf-0002 and 998 more"), std::string::npos) << text;
  EXPECT_NE(text.find("4,096 \u2192 4,112"), std::string::npos) << text;
  EXPECT_NE(text.find(WithSpeedCostText(moves[0].replan_speed_cost)), std::string::npos)
      << "the move names its re-plan's row stages in the audit's words: " << text;
  const XmlElement* not_moved = root->Find("tr", "not-moved");
  ASSERT_NE(not_moved, nullptr);
  EXPECT_NE(not_moved->AllText().find("not moved: pool sram needs 8,192 B"), std::string::npos);
  // Without moves (a plain audit) there is no such section.
  auto plain = Parse(RenderAuditHtml(before));
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->Count("table", "moves"), 0);
}

TEST(AuditHtml, AnEmptyAuditIsStillAPage) {
  auto root = Parse(RenderAuditHtml(AuditReport{}));
  ASSERT_NE(root, nullptr);
  EXPECT_NE(TextOf(*root, "p", "none").find("No rejects"), std::string::npos);
}

}  // namespace
}  // namespace arenastore::store
