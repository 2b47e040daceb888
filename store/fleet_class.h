// Device classes: the compatibility attributes a device shares with others (hardware, ISA,
// runtime kernel version, pool capacities), their text forms and the class key (a hash of
// them). Called by fleet import, listing, deploy and the audit. Heap OK; pure functions.
// Errors: kInvalidInput naming the field and what is allowed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace arenastore::store {

struct PoolCapacityRecord {
  std::string name;
  uint64_t capacity_bytes = 0;
};

struct DeviceClassAttributes {
  std::string hardware;
  std::string isa;                        // kernels::IsaName
  std::string kernel_version;             // "major.minor.patch" of the runtime the devices run now
  std::vector<PoolCapacityRecord> pools;  // sorted by name, names unique
};

// "sram=256K;dtcm=64K" (each item as store/pool_text.h spells a pool: sram:256K works too, a
// kind does not); sorted by name on return.
Result<std::vector<PoolCapacityRecord>> ParsePoolCapacities(std::string_view text);
// "dtcm=65536;sram=262144": the stored and hashed form.
std::string CanonicalPools(const std::vector<PoolCapacityRecord>& pools);
// "dtcm=64K;sram=256K": for people (exact: K or M only when the size divides evenly).
std::string PoolsText(const std::vector<PoolCapacityRecord>& pools);

// Checks hardware (1-128 printable characters), ISA (a known name) and kernel version (three
// numbers); the pools must come from ParsePoolCapacities. The first problem as a Status...
Status ValidateClassAttributes(const DeviceClassAttributes& attributes);
// ... or every problem, one message each, so an import can list them all at once.
std::vector<std::string> ClassAttributeProblems(const DeviceClassAttributes& attributes);

// 12 lowercase hex digits of SHA-256 over the canonical attributes.
std::string ClassKey(const DeviceClassAttributes& attributes);

// Device ids: 1-128 of [A-Za-z0-9._:-].
Status ValidateDeviceId(std::string_view id);

}  // namespace arenastore::store
