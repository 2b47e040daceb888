#include "planner/plan_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "planner/lower_bound.h"

namespace arenastore::planner {
namespace {

constexpr double kWidthPx = 1000;
constexpr double kLeftPx = 90;  // room for byte labels
constexpr double kRightPx = 20;
constexpr double kPlotWidthPx = kWidthPx - kLeftPx - kRightPx;
constexpr double kPanelHeightPx = 240;
constexpr double kPanelGapPx = 70;  // pool heading above, step labels below
constexpr double kHeaderPx = 70;    // title and legend

// Blues that stay distinguishable side by side; neighbours in offset order differ.
constexpr const char* kTensorFills[] = {"#4e79a7", "#6b9bd1", "#3a5f8a", "#86b4e0", "#2f4b6e"};
constexpr const char* kScratchFill = "#f28e2b";
constexpr const char* kLowerBoundStroke = "#d62728";
// Fills dark enough for white text; the other tensor fills and the hatch take black text.
constexpr bool kTensorFillIsDark[] = {true, false, true, false, true};

// The largest buffers name themselves on the chart: at most this many per pool, and only those
// whose rectangle holds a line of text; every other name stays in its tooltip, so a plan of a
// few hundred buffers stays readable and the eye goes to the buffers that set its size.
constexpr size_t kNamedBuffersPerPool = 5;
constexpr double kLabelFontPx = 11;
constexpr double kLabelCharPx = 6.2;  // a generous average advance of an 11 px sans-serif glyph
constexpr double kLabelPaddingPx = 3;
// A name cut shorter than this says too little ("scratch o…"): it stays in the tooltip only.
constexpr size_t kLabelMinChars = 12;
constexpr const char* kEllipsis = "\xE2\x80\xA6";  // U+2026 in UTF-8, the SVG's encoding

// Exact below 10 KiB (where a reader compares with tables), three significant digits above.
std::string Bytes(size_t bytes) {
  const double kib = bytes / 1024.0;
  const double mib = kib / 1024.0;
  if (mib >= 100) return fmt::format("{:.0f} MiB", mib);
  if (mib >= 10) return fmt::format("{:.1f} MiB", mib);
  if (kib >= 1000) return fmt::format("{:.2f} MiB", mib);
  if (kib >= 100) return fmt::format("{:.0f} KiB", kib);
  if (kib >= 10) return fmt::format("{:.1f} KiB", kib);
  return fmt::format("{} B", bytes);
}

// `name` cut to `max_chars` characters, the last of them an ellipsis when cut. Counts UTF-8
// sequences, not bytes, and never splits one, so the label stays valid XML text.
std::string Truncated(const std::string& name, size_t max_chars) {
  auto is_start = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
  size_t chars = 0;
  for (char c : name) chars += is_start(c);
  if (chars <= max_chars) return name;
  if (max_chars == 0) return "";
  size_t kept = 0;
  size_t end = 0;
  for (; end < name.size(); ++end) {
    if (is_start(name[end]) && kept++ == max_chars - 1) break;
  }
  return name.substr(0, end) + kEllipsis;
}

std::string Steps(const BufferRequest& buffer) {
  if (buffer.first_step == buffer.last_step) return fmt::format("step {}", buffer.first_step);
  return fmt::format("steps {}-{}", buffer.first_step, buffer.last_step);
}

struct Panel {
  int32_t pool;
  std::vector<size_t> buffers;  // indices into the requests
  LiveSetPeak peak;             // this pool's own lower bound
  double top_px;
};

class Renderer {
 public:
  Renderer(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
           const MemoryPlan& plan)
      : buffers_(buffers), pools_(pools), plan_(plan) {
    for (const BufferRequest& buffer : buffers) steps_ = std::max(steps_, buffer.last_step + 1);
    steps_ = std::max(steps_, 1);
  }

  std::string Render(const std::string& title) {
    BuildPanels();
    const double height = kHeaderPx +
                          static_cast<double>(panels_.size()) * (kPanelHeightPx + kPanelGapPx) +
                          (empty_pools_.empty() ? 10 : 30);
    out_ += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" "
        "height=\"{1}\" viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        kWidthPx, height);
    out_ += fmt::format("<title>{}</title>\n", EscapeXml(title));
    Defs();
    out_ +=
        fmt::format("<rect class=\"background\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
                    kWidthPx, height);
    Header(title);
    for (const Panel& panel : panels_) DrawPanel(panel);
    if (!empty_pools_.empty()) {
      out_ +=
          fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#555\">pools with no buffers: {}</text>\n",
                      kLeftPx, height - 12, EscapeXml(empty_pools_));
    }
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  void BuildPanels() {
    for (size_t p = 0; p < pools_.size(); ++p) {
      Panel panel{static_cast<int32_t>(p), {}, {}, 0};
      std::vector<BufferRequest> in_pool;
      for (size_t i = 0; i < buffers_.size(); ++i) {
        if (plan_.placements[i].pool != panel.pool) continue;
        panel.buffers.push_back(i);
        in_pool.push_back(buffers_[i]);
      }
      if (panel.buffers.empty()) {
        empty_pools_ += (empty_pools_.empty() ? "" : ", ") + pools_[p].name;
        continue;
      }
      panel.peak = LargestLiveSet(in_pool);
      panel.top_px =
          kHeaderPx + static_cast<double>(panels_.size()) * (kPanelHeightPx + kPanelGapPx) + 40;
      panels_.push_back(std::move(panel));
    }
  }

  void Defs() {
    out_ += fmt::format(
        "<defs><pattern id=\"scratch-hatch\" width=\"6\" height=\"6\" "
        "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        "<rect width=\"6\" height=\"6\" fill=\"{}\"/>"
        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#8c4a0c\" stroke-width=\"2\"/>"
        "</pattern></defs>\n",
        kScratchFill);
  }

  void Header(const std::string& title) {
    const size_t total = plan_.PlannedBytes();
    out_ += fmt::format("<text x=\"{}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
                        kLeftPx, EscapeXml(title));
    out_ += fmt::format(
        "<text x=\"{}\" y=\"44\" fill=\"#333\">planned {} in {} pool(s), lower bound {} at step "
        "{}, algorithm {}; x: execution step, y: offset in the pool</text>\n",
        kLeftPx, Bytes(total), pools_.size(), Bytes(plan_.lower_bound_bytes), plan_.peak_step,
        EscapeXml(plan_.algorithm));
    const double y = 58;
    double x = kLeftPx;
    auto swatch = [&](const char* fill, const char* label) {
      out_ += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{}\" stroke=\"#222\" "
          "stroke-width=\"0.5\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
          x, y - 9, fill, x + 18, y, label);
      x += 110;
    };
    swatch(kTensorFills[0], "tensor");
    swatch("url(#scratch-hatch)", "scratch");
    out_ += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"{3}\" stroke-width=\"2\" "
        "stroke-dasharray=\"6 3\"/><text x=\"{4}\" y=\"{5}\">lower bound</text>\n",
        x, y - 4, x + 16, kLowerBoundStroke, x + 20, y);
    x += 120;
    out_ += fmt::format(
        "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#666\" stroke-width=\"1.5\"/>"
        "<text x=\"{3}\" y=\"{4}\">planned size</text>\n",
        x, y - 4, x + 16, x + 20, y);
  }

  void DrawPanel(const Panel& panel) {
    const PoolSpec& pool = pools_[panel.pool];
    const size_t planned = plan_.pool_bytes[panel.pool];
    const size_t range = std::max<size_t>({planned, panel.peak.bytes, 1});
    const double scale = kPlotWidthPx / steps_;
    const double bottom = panel.top_px + kPanelHeightPx;
    auto y_of = [&](size_t offset) {
      return bottom - static_cast<double>(offset) / static_cast<double>(range) * kPanelHeightPx;
    };
    out_ += fmt::format("<g class=\"pool\" data-pool=\"{}\">\n", EscapeXml(pool.name));
    const std::string capacity =
        pool.capacity_bytes == 0 ? "unbounded" : "capacity " + Bytes(pool.capacity_bytes);
    out_ += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">pool '{}': planned {}, lower bound {} "
        "({}), {} buffers, {}</text>\n",
        kLeftPx, panel.top_px - 12, EscapeXml(pool.name), Bytes(planned), Bytes(panel.peak.bytes),
        panel.peak.bytes == 0
            ? std::string("-")
            : fmt::format("{:.3f}x", static_cast<double>(planned) / panel.peak.bytes),
        panel.buffers.size(), capacity);
    out_ += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#f7f7f7\" stroke=\"#999\"/>\n",
        kLeftPx, panel.top_px, kPlotWidthPx, kPanelHeightPx);
    Axes(panel, range, scale, y_of);
    size_t shade = 0;
    std::vector<Box> boxes;
    for (size_t i : panel.buffers) {
      const BufferRequest& buffer = buffers_[i];
      const size_t offset = plan_.placements[i].offset;
      const double x = kLeftPx + buffer.first_step * scale;
      const double width = (buffer.last_step - buffer.first_step + 1) * scale;
      const double top = y_of(offset + buffer.bytes);
      const double height = std::max(y_of(offset) - top, 0.75);
      const size_t fill_index = shade % std::size(kTensorFills);
      if (!buffer.is_scratch) ++shade;
      const char* fill = buffer.is_scratch ? "url(#scratch-hatch)" : kTensorFills[fill_index];
      const bool dark = !buffer.is_scratch && kTensorFillIsDark[fill_index];
      boxes.push_back({i, x, top, width, height, dark});
      out_ += fmt::format(
          "<rect class=\"buffer {}\" x=\"{:.2f}\" y=\"{:.2f}\" width=\"{:.2f}\" height=\"{:.2f}\" "
          "fill=\"{}\" stroke=\"#1b1b1b\" stroke-width=\"0.4\"><title>{}: {} at offset {}, "
          "{}</title></rect>\n",
          buffer.is_scratch ? "scratch" : "tensor", x, top, std::max(width - 0.5, 0.5), height,
          fill, EscapeXml(buffer.name), Bytes(buffer.bytes), offset, Steps(buffer));
    }
    Labels(std::move(boxes));
    Marks(panel, planned, scale, y_of);
    out_ += "</g>\n";
  }

  // A buffer's rectangle as drawn, for its label.
  struct Box {
    size_t buffer;
    double x, top, width, height;
    bool dark_fill;
  };

  // Names the largest buffers inside their own rectangles. A valid plan keeps buffers live
  // together disjoint, and rectangles of buffers not live together apart in x, so labels inside
  // rectangles never overlap one another. Ties in size go to the earlier request: the same plan
  // always names the same buffers.
  void Labels(std::vector<Box> boxes) {
    std::stable_sort(boxes.begin(), boxes.end(), [&](const Box& a, const Box& b) {
      return buffers_[a.buffer].bytes > buffers_[b.buffer].bytes;
    });
    size_t named = 0;
    for (const Box& box : boxes) {
      if (named == kNamedBuffersPerPool) break;
      if (box.height < kLabelFontPx + 2) continue;
      const double room = (box.width - 2 * kLabelPaddingPx) / kLabelCharPx;
      const BufferRequest& buffer = buffers_[box.buffer];
      if (room < kLabelMinChars && room < static_cast<double>(buffer.name.size())) continue;
      out_ += fmt::format(
          "<text class=\"buffer-label\" x=\"{:.2f}\" y=\"{:.2f}\" font-size=\"{}\" fill=\"{}\" "
          "pointer-events=\"none\">{}</text>\n",
          box.x + kLabelPaddingPx, box.top + std::min(box.height, 2 * kLabelFontPx) / 2 + 4,
          kLabelFontPx, box.dark_fill ? "#ffffff" : "#111111",
          EscapeXml(Truncated(buffer.name, static_cast<size_t>(room))));
      ++named;
    }
  }

  template <typename YOf>
  void Axes(const Panel& panel, size_t range, double scale, const YOf& y_of) {
    for (int k = 0; k <= 4; ++k) {
      const size_t offset = range * k / 4;
      const double y = y_of(offset);
      out_ += fmt::format(
          "<line x1=\"{0}\" y1=\"{1:.2f}\" x2=\"{2}\" y2=\"{1:.2f}\" stroke=\"#e0e0e0\"/>"
          "<text x=\"{3}\" y=\"{4:.2f}\" text-anchor=\"end\" fill=\"#555\">{5}</text>\n",
          kLeftPx, y, kLeftPx + kPlotWidthPx, kLeftPx - 6, y + 4, Bytes(offset));
    }
    const int32_t every = std::max(1, steps_ / 20);
    for (int32_t step = 0; step < steps_; step += every) {
      out_ += fmt::format(
          "<text x=\"{:.2f}\" y=\"{:.2f}\" text-anchor=\"middle\" fill=\"#555\">{}</text>\n",
          kLeftPx + (step + 0.5) * scale, panel.top_px + kPanelHeightPx + 16, step);
    }
    // In the left margin, level with the step numbers: the row below is the peak's.
    out_ +=
        fmt::format("<text x=\"{}\" y=\"{:.2f}\" text-anchor=\"end\" fill=\"#555\">step</text>\n",
                    kLeftPx - 6, panel.top_px + kPanelHeightPx + 16);
  }

  template <typename YOf>
  void Marks(const Panel& panel, size_t planned, double scale, const YOf& y_of) {
    const double right = kLeftPx + kPlotWidthPx;
    out_ += fmt::format(
        "<line class=\"planned\" x1=\"{0}\" y1=\"{1:.2f}\" x2=\"{2}\" y2=\"{1:.2f}\" "
        "stroke=\"#666\" stroke-width=\"1.5\"/>\n",
        kLeftPx, y_of(planned), right);
    const double bound_y = y_of(panel.peak.bytes);
    out_ += fmt::format(
        "<line class=\"lower-bound\" x1=\"{0}\" y1=\"{1:.2f}\" x2=\"{2}\" y2=\"{1:.2f}\" "
        "stroke=\"{3}\" stroke-width=\"2\" stroke-dasharray=\"6 3\"><title>lower bound {4} "
        "(live at step {5})</title></line>\n",
        kLeftPx, bound_y, right, kLowerBoundStroke, Bytes(panel.peak.bytes), panel.peak.step);
    if (panel.peak.step >= 0) {
      // The peak on the chart: a marker line through the step where the live set is largest,
      // a dot where it meets the lower bound, and the step and bytes written under the step
      // numbers, from the line towards the side with more room.
      const double x = kLeftPx + (panel.peak.step + 0.5) * scale;
      const double bottom = panel.top_px + kPanelHeightPx;
      out_ += fmt::format(
          "<line class=\"peak-step\" x1=\"{0:.2f}\" y1=\"{1:.2f}\" x2=\"{0:.2f}\" y2=\"{2:.2f}\" "
          "stroke=\"{3}\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>\n",
          x, panel.top_px, bottom, kLowerBoundStroke);
      const size_t live = panel.peak.buffers.size();
      const std::string peak =
          fmt::format("peak at step {}: {} live in {} buffer{}", panel.peak.step,
                      Bytes(panel.peak.bytes), live, live == 1 ? "" : "s");
      out_ += fmt::format(
          "<circle class=\"peak-point\" cx=\"{:.2f}\" cy=\"{:.2f}\" r=\"3.5\" fill=\"{}\"><title>{}"
          "</title></circle>\n",
          x, bound_y, kLowerBoundStroke, peak);
      const bool left_half = x < kLeftPx + kPlotWidthPx / 2;
      out_ += fmt::format(
          "<text class=\"peak-label\" x=\"{:.2f}\" y=\"{:.2f}\" text-anchor=\"{}\" fill=\"{}\" "
          "font-weight=\"bold\">{}</text>\n",
          left_half ? x + 4 : x - 4, bottom + 32, left_half ? "start" : "end", kLowerBoundStroke,
          peak);
    }
    out_ += fmt::format(
        "<text x=\"{:.2f}\" y=\"{:.2f}\" text-anchor=\"end\" fill=\"{}\">lower bound {}</text>\n",
        right - 4, std::max(bound_y - 4, panel.top_px + 12), kLowerBoundStroke,
        Bytes(panel.peak.bytes));
  }

  std::span<const BufferRequest> buffers_;
  std::span<const PoolSpec> pools_;
  const MemoryPlan& plan_;
  int32_t steps_ = 0;
  std::vector<Panel> panels_;
  std::string empty_pools_;
  std::string out_;
};

}  // namespace

std::string EscapeXml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 at all.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
    }
  }
  return out;
}

std::string RenderPlanSvg(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                          const MemoryPlan& plan, const std::string& title) {
  return Renderer(buffers, pools, plan).Render(title);
}

}  // namespace arenastore::planner
