#include "store/fleet_class.h"

#include <algorithm>
#include <cctype>

#include "kernels/op_kind.h"
#include "store/sha256.h"

namespace arenastore::store {
namespace {

constexpr uint64_t kMaxPoolBytes = uint64_t{1} << 40;

bool PoolNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

Result<uint64_t> ParseSize(std::string_view text, std::string_view pool) {
  size_t digits = 0;
  uint64_t value = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])) &&
         value <= kMaxPoolBytes) {
    value = value * 10 + static_cast<uint64_t>(text[digits++] - '0');
  }
  const std::string_view suffix = text.substr(digits);
  uint64_t unit = 1;
  if (suffix == "K" || suffix == "k" || suffix == "KiB") {
    unit = 1024;
  } else if (suffix == "M" || suffix == "m" || suffix == "MiB") {
    unit = 1024 * 1024;
  } else if (!suffix.empty()) {
    digits = 0;
  }
  if (digits == 0 || value == 0 || value * unit > kMaxPoolBytes) {
    return Status::Error(ErrorCode::kInvalidInput,
                         "pool '%s': size '%s' is not a positive number of bytes (with "
                         "optional K or M) up to 1T",
                         std::string(pool).c_str(), std::string(text).c_str());
  }
  return value * unit;
}

bool ParseVersionNumber(std::string_view* text, bool last) {
  size_t digits = 0;
  uint32_t value = 0;
  while (digits < text->size() && std::isdigit(static_cast<unsigned char>((*text)[digits])) &&
         digits < 5) {
    value = value * 10 + static_cast<uint32_t>((*text)[digits++] - '0');
  }
  if (digits == 0 || value > 65535) return false;
  text->remove_prefix(digits);
  if (last) return text->empty();
  if (text->empty() || text->front() != '.') return false;
  text->remove_prefix(1);
  return true;
}

}  // namespace

Result<std::vector<PoolCapacityRecord>> ParsePoolCapacities(std::string_view text) {
  std::vector<PoolCapacityRecord> pools;
  while (!text.empty()) {
    const size_t end = std::min(text.find(';'), text.size());
    const std::string_view item = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const size_t equals = item.find('=');
    const std::string_view name = item.substr(0, std::min(equals, item.size()));
    if (equals == std::string_view::npos || name.empty() || name.size() > 64 ||
        !std::all_of(name.begin(), name.end(), PoolNameChar)) {
      return Status::Error(ErrorCode::kInvalidInput,
                           "pools: '%s' is not NAME=SIZE (name of [A-Za-z0-9_.-], e.g. "
                           "sram=256K;dtcm=64K)",
                           std::string(item).c_str());
    }
    ARENASTORE_ASSIGN_OR_RETURN(const uint64_t bytes, ParseSize(item.substr(equals + 1), name));
    for (const PoolCapacityRecord& pool : pools) {
      ARENASTORE_CHECK_OR_RETURN(pool.name != name, ErrorCode::kInvalidInput,
                                 "pools: '%s' is listed twice", std::string(name).c_str());
    }
    pools.push_back({std::string(name), bytes});
  }
  ARENASTORE_CHECK_OR_RETURN(!pools.empty(), ErrorCode::kInvalidInput,
                             "pools: empty; list the device's memories, e.g. sram=256K;dtcm=64K");
  std::sort(
      pools.begin(), pools.end(),
      [](const PoolCapacityRecord& a, const PoolCapacityRecord& b) { return a.name < b.name; });
  return pools;
}

std::string CanonicalPools(const std::vector<PoolCapacityRecord>& pools) {
  std::string text;
  for (const PoolCapacityRecord& pool : pools) {
    if (!text.empty()) text += ';';
    text += pool.name + "=" + std::to_string(pool.capacity_bytes);
  }
  return text;
}

std::string PoolsText(const std::vector<PoolCapacityRecord>& pools) {
  std::string text;
  for (const PoolCapacityRecord& pool : pools) {
    if (!text.empty()) text += ';';
    const uint64_t bytes = pool.capacity_bytes;
    std::string size = std::to_string(bytes);
    if (bytes % (1024 * 1024) == 0) {
      size = std::to_string(bytes / (1024 * 1024)) + "M";
    } else if (bytes % 1024 == 0) {
      size = std::to_string(bytes / 1024) + "K";
    }
    text += pool.name + "=" + size;
  }
  return text;
}

Status ValidateClassAttributes(const DeviceClassAttributes& a) {
  const bool printable = std::all_of(a.hardware.begin(), a.hardware.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  });
  ARENASTORE_CHECK_OR_RETURN(
      !a.hardware.empty() && a.hardware.size() <= 128 && printable, ErrorCode::kInvalidInput,
      "hardware: '%s' must be 1-128 printable ASCII characters", a.hardware.c_str());
  kernels::Isa isa;
  ARENASTORE_CHECK_OR_RETURN(kernels::ParseIsa(a.isa.c_str(), &isa), ErrorCode::kInvalidInput,
                             "isa: '%s' is not one of ref, arm_dsp, arm_mve, x86_avx2, "
                             "x86_avx512vnni",
                             a.isa.c_str());
  std::string_view version = a.kernel_version;
  ARENASTORE_CHECK_OR_RETURN(
      ParseVersionNumber(&version, false) && ParseVersionNumber(&version, false) &&
          ParseVersionNumber(&version, true),
      ErrorCode::kInvalidInput, "kernel_version: '%s' is not MAJOR.MINOR.PATCH (e.g. 1.2.0)",
      a.kernel_version.c_str());
  ARENASTORE_CHECK_OR_RETURN(!a.pools.empty(), ErrorCode::kInvalidInput,
                             "pools: a device needs at least one memory pool");
  return Status::Ok();
}

std::string ClassKey(const DeviceClassAttributes& a) {
  // Newlines cannot appear in any field (validated), so the encoding is unambiguous.
  const std::string canonical =
      a.hardware + "\n" + a.isa + "\n" + a.kernel_version + "\n" + CanonicalPools(a.pools);
  return Sha256Hex({reinterpret_cast<const uint8_t*>(canonical.data()), canonical.size()})
      .substr(0, 12);
}

Status ValidateDeviceId(std::string_view id) {
  const bool allowed = std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == ':' ||
           c == '-';
  });
  ARENASTORE_CHECK_OR_RETURN(!id.empty() && id.size() <= 128 && allowed, ErrorCode::kInvalidInput,
                             "device id '%s' must be 1-128 of [A-Za-z0-9._:-]",
                             std::string(id).c_str());
  return Status::Ok();
}

}  // namespace arenastore::store
