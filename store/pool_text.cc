#include "store/pool_text.h"

#include <algorithm>
#include <cctype>

namespace arenastore::store {
namespace {

constexpr uint64_t kMaxPoolBytes = uint64_t{1} << 40;

bool PoolNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

Status BadSize(std::string_view what, std::string_view size) {
  return Status::Error(ErrorCode::kInvalidArgument,
                       "%s: size '%s' is not a number of bytes above 0 (optionally with K, KiB, "
                       "M or MiB) up to 1 TiB",
                       std::string(what).c_str(), std::string(size).c_str());
}

}  // namespace

Result<uint64_t> ParseByteSize(std::string_view what, std::string_view size) {
  size_t digits = 0;
  uint64_t value = 0;
  while (digits < size.size() && std::isdigit(static_cast<unsigned char>(size[digits])) &&
         value <= kMaxPoolBytes) {
    value = value * 10 + static_cast<uint64_t>(size[digits++] - '0');
  }
  const std::string_view suffix = size.substr(digits);
  uint64_t unit = 0;
  if (suffix.empty()) unit = 1;
  if (suffix == "K" || suffix == "k" || suffix == "KiB") unit = 1024;
  if (suffix == "M" || suffix == "m" || suffix == "MiB") unit = 1024 * 1024;
  if (digits == 0 || unit == 0 || value == 0 || value > kMaxPoolBytes ||
      value * unit > kMaxPoolBytes) {
    return BadSize(what, size);
  }
  return value * unit;
}

namespace {

Status ParseKind(std::string_view text, std::string_view kind, PoolText* pool) {
  pool->kind_given = true;
  if (kind == "io") {
    pool->kind = planner::PoolKind::kIo;
    return Status::Ok();
  }
  if (kind == "state") {
    pool->kind = planner::PoolKind::kState;
    return Status::Ok();
  }
  if (kind == "workspace") return Status::Ok();
  return Status::Error(ErrorCode::kInvalidArgument,
                       "pool '%s': kind '%s' is not workspace, io or state",
                       std::string(text).c_str(), std::string(kind).c_str());
}

}  // namespace

Result<PoolText> ParsePoolText(std::string_view text) {
  const size_t separator = text.find_first_of(":=");
  const std::string_view name = text.substr(0, std::min(separator, text.size()));
  if (separator == std::string_view::npos || name.empty() || name.size() > 64 ||
      !std::all_of(name.begin(), name.end(), PoolNameChar)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "pool '%s' is not NAME:SIZE or NAME=SIZE (a name of [A-Za-z0-9_.-], e.g. "
                         "sram:256K)",
                         std::string(text).c_str());
  }
  PoolText pool;
  pool.name = std::string(name);
  std::string_view size = text.substr(separator + 1);
  const size_t kind = size.find(':');
  if (kind != std::string_view::npos) {
    ARENASTORE_RETURN_IF_ERROR(ParseKind(text, size.substr(kind + 1), &pool));
    size = size.substr(0, kind);
  }
  ARENASTORE_ASSIGN_OR_RETURN(pool.bytes, ParseByteSize("pool '" + std::string(text) + "'", size));
  return pool;
}

Result<std::vector<planner::PoolConfig>> ParsePoolOptions(const std::vector<std::string>& texts) {
  std::vector<planner::PoolConfig> pools;
  for (const std::string& text : texts) {
    auto parsed = ParsePoolText(text);
    if (!parsed.ok()) {
      Status status = parsed.status();
      return status.WithContext("--pool %s", text.c_str());
    }
    const PoolText& pool = parsed.value();
    for (const planner::PoolConfig& earlier : pools) {
      ARENASTORE_CHECK_OR_RETURN(earlier.name != pool.name, ErrorCode::kInvalidArgument,
                                 "--pool %s: pool '%s' is given twice; give each pool once",
                                 text.c_str(), pool.name.c_str());
    }
    pools.push_back({pool.name, static_cast<size_t>(pool.bytes), pool.kind});
  }
  return pools;
}

}  // namespace arenastore::store
