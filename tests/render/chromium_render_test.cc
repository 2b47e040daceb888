// The pictures look like something in a real browser: headless Chromium (Debian's `chromium`)
// renders the plan SVG that `arenastore inspect --svg` writes and the audit HTML page, and the
// screenshots must not be blank: many colours, a good share of non-white pixels, and the exact
// fills the pictures use for tensors, scratch and each verdict. Skipped, saying why, where
// Chromium is absent. With ARENASTORE_SCREENSHOT_DIR set, the screenshots are kept there (that
// is how docs/plan_svg.png and docs/fleet_audit.png are made).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "store/audit_html.h"
#include "tests/render/png_reader.h"
#include "tests/tools/cli_runner.h"

namespace arenastore {
namespace {

using cli::testing::Quote;
using cli::testing::RunCli;
using cli::testing::TempDir;
using testing::ReadPng;
using testing::RgbImage;

// $ARENASTORE_CHROMIUM, else Debian's /usr/bin/chromium; empty when neither exists.
std::string FindChromium() {
  const char* configured = std::getenv("ARENASTORE_CHROMIUM");
  for (const std::string& candidate :
       {std::string(configured ? configured : ""), std::string("/usr/bin/chromium"),
        std::string("/usr/bin/chromium-browser")}) {
    if (!candidate.empty() && std::filesystem::exists(candidate)) return candidate;
  }
  return "";
}

#define SKIP_WITHOUT_CHROMIUM()                                                                \
  if (FindChromium().empty()) {                                                                \
    GTEST_SKIP() << "no Chromium (/usr/bin/chromium; apt-get install chromium, or set "        \
                    "ARENASTORE_CHROMIUM): the pictures are still checked by the XML parsers"; \
  }

// Screenshot of `page` (a local file) at width x height; containers need --no-sandbox, and
// a profile of its own keeps parallel tests from sharing a lock.
bool Screenshot(const std::string& page, const std::string& png, int width, int height,
                const TempDir& dir) {
  std::string command = "timeout 120 ";
  command.append(Quote(FindChromium()))
      .append(" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars")
      .append(" --no-first-run --user-data-dir=")
      .append(Quote(dir.File("profile")))
      .append(" --window-size=")
      .append(std::to_string(width))
      .append(",")
      .append(std::to_string(height))
      .append(" --screenshot=")
      .append(Quote(png))
      .append(" ")
      .append(Quote("file://" + std::filesystem::absolute(page).string()))
      .append(" >/dev/null 2>&1");
  return std::system(command.c_str()) == 0 && std::filesystem::exists(png);
}

void KeepScreenshot(const std::string& png, const std::string& name) {
  const char* dir = std::getenv("ARENASTORE_SCREENSHOT_DIR");
  if (dir == nullptr || *dir == '\0') return;
  std::filesystem::copy_file(png, std::filesystem::path(dir) / name,
                             std::filesystem::copy_options::overwrite_existing);
}

struct PixelCensus {
  std::set<uint32_t> colours;
  double non_white_share = 0;
  bool Has(uint32_t rgb) const { return colours.count(rgb) != 0; }
};

PixelCensus Census(const RgbImage& image) {
  PixelCensus census;
  size_t non_white = 0;
  for (uint32_t pixel : image.pixels) {
    census.colours.insert(pixel);
    non_white += pixel != 0xffffff;
  }
  census.non_white_share =
      image.pixels.empty() ? 0 : static_cast<double>(non_white) / image.pixels.size();
  return census;
}

PixelCensus RenderAndCount(const std::string& page, const std::string& name, int width, int height,
                           const TempDir& dir) {
  const std::string png = dir.File(name);
  EXPECT_TRUE(Screenshot(page, png, width, height, dir)) << "chromium could not render " << page;
  RgbImage image;
  std::string error;
  EXPECT_TRUE(ReadPng(png, &image, &error)) << error;
  EXPECT_EQ(image.width, static_cast<uint32_t>(width));
  KeepScreenshot(png, name);
  return Census(image);
}

TEST(ChromiumRender, PlanSvgFromInspectShowsTensorsAndScratch) {
  SKIP_WITHOUT_CHROMIUM();
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  const std::string svg = dir.File("plan.svg");
  // Two pools and the Arm MVE target, whose depthwise convolutions need scratch to draw.
  auto compiled = RunCli({"compile", "--example", "ds-cnn", "-o", artifact, "--target", "arm_mve",
                          "--pool", "dtcm:16K", "--pool", "sram:256K"});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  auto inspected = RunCli({"inspect", artifact, "--svg", svg});
  ASSERT_EQ(inspected.exit_code, 0) << inspected.err;
  const PixelCensus census = RenderAndCount(svg, "plan_svg.png", 1000, 760, dir);
  EXPECT_GT(census.colours.size(), 20u);
  EXPECT_GT(census.non_white_share, 0.05);
  EXPECT_TRUE(census.Has(0xf28e2b)) << "no scratch (orange) pixels";
  EXPECT_TRUE(census.Has(0x4e79a7) || census.Has(0x6b9bd1)) << "no tensor (blue) pixels";
}

store::AuditResult Result(const std::string& hardware, const std::string& model, int64_t devices,
                          store::AuditVerdict verdict, uint64_t reclaimable) {
  store::AuditResult result;
  result.class_key = std::string(12, hardware[0] == 'n' ? 'a' : 'b');
  result.hardware = hardware;
  result.isa = "arm_dsp";
  result.pools = "sram=256K";
  result.model = model;
  result.version = 1;
  result.sha256 = std::string(64, 'e');
  result.device_count = devices;
  result.verdict = verdict;
  result.reclaimable_bytes = reclaimable;
  result.curable = verdict == store::AuditVerdict::kReject;
  result.reasons = verdict == store::AuditVerdict::kReject ? "scratch_short op 4 by 16 B" : "";
  return result;
}

TEST(ChromiumRender, AuditPageShowsEveryVerdictsBars) {
  SKIP_WITHOUT_CHROMIUM();
  TempDir dir;
  store::AuditReport report;
  report.run.runtime_kernel_version = "1.2.0";
  report.run.policy = "default";
  report.results = {Result("nrf52", "kws", 1000, store::AuditVerdict::kReject, 0),
                    Result("stm32h7", "kws", 300, store::AuditVerdict::kWarn, 64),
                    Result("stm32h7", "vww", 700, store::AuditVerdict::kOk, 0)};
  store::SortResults(&report.results);
  const std::string page = dir.File("audit.html");
  std::ofstream(page) << store::RenderAuditHtml(report);
  const PixelCensus census = RenderAndCount(page, "fleet_audit.png", 1100, 900, dir);
  EXPECT_GT(census.colours.size(), 20u);
  EXPECT_GT(census.non_white_share, 0.02);
  EXPECT_TRUE(census.Has(0x3a9d5d)) << "no ok (green) bar";
  EXPECT_TRUE(census.Has(0xe0a030)) << "no warn (amber) bar";
  EXPECT_TRUE(census.Has(0xc8372d)) << "no reject (red) bar";
}

}  // namespace
}  // namespace arenastore
