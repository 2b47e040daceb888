#include "store/fleet_class.h"

#include <algorithm>
#include <cctype>

#include "kernels/op_kind.h"
#include "store/pool_text.h"
#include "store/sha256.h"

namespace arenastore::store {
namespace {

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
    auto pool = ParsePoolText(item);
    // The same words as --pool, as data in the file (kInvalidInput), not a flag.
    if (!pool.ok())
      return Status::Error(ErrorCode::kInvalidInput, "pools: %s", pool.status().message());
    ARENASTORE_CHECK_OR_RETURN(!pool->kind_given, ErrorCode::kInvalidInput,
                               "pools: '%s': a device's pools have no kind; write NAME=SIZE",
                               std::string(item).c_str());
    for (const PoolCapacityRecord& earlier : pools) {
      ARENASTORE_CHECK_OR_RETURN(earlier.name != pool->name, ErrorCode::kInvalidInput,
                                 "pools: '%s' is listed twice", pool->name.c_str());
    }
    pools.push_back({pool->name, pool->bytes});
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

std::vector<std::string> ClassAttributeProblems(const DeviceClassAttributes& a) {
  std::vector<std::string> problems;
  const bool printable = std::all_of(a.hardware.begin(), a.hardware.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  });
  if (a.hardware.empty() || a.hardware.size() > 128 || !printable) {
    problems.push_back("hardware: '" + a.hardware + "' must be 1-128 printable ASCII characters");
  }
  kernels::Isa isa;
  if (!kernels::ParseIsa(a.isa.c_str(), &isa)) {
    problems.push_back("isa: '" + a.isa +
                       "' is not one of ref, arm_dsp, arm_mve, x86_avx2, x86_avx512vnni");
  }
  std::string_view version = a.kernel_version;
  if (!ParseVersionNumber(&version, false) || !ParseVersionNumber(&version, false) ||
      !ParseVersionNumber(&version, true)) {
    problems.push_back("kernel_version: '" + a.kernel_version +
                       "' is not MAJOR.MINOR.PATCH (e.g. 1.2.0)");
  }
  if (a.pools.empty()) problems.push_back("pools: a device needs at least one memory pool");
  return problems;
}

Status ValidateClassAttributes(const DeviceClassAttributes& a) {
  const std::vector<std::string> problems = ClassAttributeProblems(a);
  if (problems.empty()) return Status::Ok();
  return Status::Error(ErrorCode::kInvalidInput, "%s", problems.front().c_str());
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
