// Listing: the rows of `arenastore ls` — stored model versions, newest first (by push time across
// models; by version within one), optionally filtered by model, kernel library version and
// target ISA. Called by the ls verb and the benchmarks. For one model, an indexed walk of the
// versions primary key; across models, a sort of the matching versions by push time (the
// newest page is kept, not the whole list); plus one read of the aliases, in one read
// transaction; nothing reads blob bytes. Heap OK; errors: kStore, kNotFound (an unknown model,
// with near-name suggestions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

struct ListFilter {
  std::string model;           // empty: every model
  std::string kernel_version;  // "1.0.0", or a prefix ending at a dot boundary: "1" or "1.0"
  std::string isa;             // kernels::IsaName
  int64_t limit = 0;           // 0: no limit
};

struct VersionRow {
  std::string model;
  int64_t version = 0;
  std::string sha256;
  uint64_t size_bytes = 0;
  std::string kernel_version;
  std::string target_isa;
  uint64_t planned_bytes = 0;
  std::string pushed_at;
  std::string note;
  std::vector<std::string> aliases;  // aliases pointing at this version, sorted
};

struct VersionList {
  std::vector<VersionRow> rows;  // at most filter.limit when a limit is set
  int64_t total = 0;             // versions matching the filter, ignoring the limit
};

Result<VersionList> ListVersions(Registry& registry, const ListFilter& filter);

}  // namespace arenastore::store
