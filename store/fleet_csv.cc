#include "store/fleet_csv.h"

#include <map>
#include <optional>
#include <unordered_map>

namespace arenastore::store {
namespace {

enum Column { kDevice, kHardware, kIsa, kKernelVersion, kPools, kModel, kColumnCount };
constexpr const char* kColumnNames[kColumnCount] = {"device",         "hardware", "isa",
                                                    "kernel_version", "pools",    "model"};

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  return text;
}

// Splits one line into fields; nullopt (with *error set) for an unterminated quote.
std::optional<std::vector<std::string>> SplitFields(std::string_view line, std::string* error) {
  std::vector<std::string> fields;
  size_t pos = 0;
  while (true) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    std::string field;
    if (pos < line.size() && line[pos] == '"') {
      ++pos;
      while (true) {
        if (pos >= line.size()) {
          *error = "a quoted field is not closed";
          return std::nullopt;
        }
        if (line[pos] == '"' && pos + 1 < line.size() && line[pos + 1] == '"') {
          field += '"';
          pos += 2;
        } else if (line[pos] == '"') {
          ++pos;
          break;
        } else {
          field += line[pos++];
        }
      }
      const size_t comma = line.find(',', pos);
      if (!Trim(line.substr(pos, comma == std::string_view::npos ? line.npos : comma - pos))
               .empty()) {
        *error = "text after a closing quote";
        return std::nullopt;
      }
      pos = comma;
    } else {
      const size_t comma = line.find(',', pos);
      field = std::string(
          Trim(line.substr(pos, comma == std::string_view::npos ? line.npos : comma - pos)));
      pos = comma;
    }
    fields.push_back(std::move(field));
    if (pos == std::string_view::npos) return fields;
    ++pos;
  }
}

struct Header {
  int index_of[kColumnCount];  // -1: absent
  size_t field_count = 0;
};

std::optional<Header> ParseHeader(const std::vector<std::string>& fields, std::string* error) {
  Header header;
  std::fill(std::begin(header.index_of), std::end(header.index_of), -1);
  header.field_count = fields.size();
  for (size_t i = 0; i < fields.size(); ++i) {
    int column = -1;
    for (int c = 0; c < kColumnCount; ++c) {
      if (fields[i] == kColumnNames[c]) column = c;
    }
    if (column < 0 || header.index_of[column] >= 0) {
      *error = "header: column '" + fields[i] + "' is " +
               (column < 0 ? "unknown" : "listed twice") + "; expected " + kFleetCsvHeader +
               " (model optional)";
      return std::nullopt;
    }
    header.index_of[column] = static_cast<int>(i);
  }
  for (int c = 0; c < kModel; ++c) {
    if (header.index_of[c] < 0) {
      *error = std::string("header: required column '") + kColumnNames[c] + "' is missing; " +
               "expected " + kFleetCsvHeader + " (model optional)";
      return std::nullopt;
    }
  }
  return header;
}

// Every problem of the row; none when it can be imported.
std::vector<std::string> ParseRow(const Header& header, const std::vector<std::string>& fields,
                                  DeviceRow* row) {
  if (fields.size() != header.field_count) {
    return {std::to_string(fields.size()) + " fields, the header has " +
            std::to_string(header.field_count)};
  }
  auto field = [&](Column c) -> const std::string& { return fields[header.index_of[c]]; };
  std::vector<std::string> problems;
  row->device_id = field(kDevice);
  if (Status id = ValidateDeviceId(row->device_id); !id.ok()) problems.push_back(id.message());
  row->attributes.hardware = field(kHardware);
  row->attributes.isa = field(kIsa);
  row->attributes.kernel_version = field(kKernelVersion);
  if (header.index_of[kModel] >= 0) row->model_reference = field(kModel);
  auto pools = ParsePoolCapacities(field(kPools));
  if (pools.ok()) row->attributes.pools = std::move(pools.value());
  for (std::string& problem : ClassAttributeProblems(row->attributes)) {
    if (pools.ok() || !problem.starts_with("pools:")) problems.push_back(std::move(problem));
  }
  if (!pools.ok()) problems.push_back(pools.status().message());
  return problems;
}

constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";

}  // namespace

FleetCsv ParseFleetCsv(std::string_view text) {
  FleetCsv csv;
  std::optional<Header> header;
  std::unordered_map<std::string, int64_t> line_of_device;
  int64_t line_number = 0;
  if (text.starts_with(kUtf8ByteOrderMark)) text.remove_prefix(kUtf8ByteOrderMark.size());
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    if (Trim(line).empty() || Trim(line).front() == '#') continue;
    std::string error;
    auto fields = SplitFields(line, &error);
    if (!fields && !header) {
      csv.errors.push_back({line_number, "header: " + error});
      return csv;
    }
    if (!header) {
      header = ParseHeader(*fields, &error);
      if (!header) {
        csv.errors.push_back({line_number, error});
        return csv;  // without a header no row can be read
      }
      continue;
    }
    DeviceRow row;
    row.line = line_number;
    std::vector<std::string> problems{error};
    if (fields) problems = ParseRow(*header, *fields, &row);
    if (!row.model_reference.empty()) csv.references.push_back({line_number, row.model_reference});
    if (fields && ValidateDeviceId(row.device_id).ok()) {
      auto [previous, inserted] = line_of_device.emplace(row.device_id, line_number);
      if (!inserted) {
        problems.push_back("device '" + row.device_id + "' is already listed on line " +
                           std::to_string(previous->second));
      }
    }
    for (std::string& problem : problems) csv.errors.push_back({line_number, std::move(problem)});
    if (problems.empty()) csv.rows.push_back(std::move(row));
  }
  if (!header) {
    csv.errors.push_back(
        {line_number == 0 ? 1 : line_number,
         std::string("no header line; the first line must name the columns: ") + kFleetCsvHeader});
  }
  return csv;
}

}  // namespace arenastore::store
