// Which devices a fleet verb acts on: listed ids, every device of one hardware, or of one
// device class. Called by `fleet deploy` and `fleet rm`. Heap OK.
// Errors: kInvalidArgument (not exactly one kind of selection), kNotFound (ids not in the
// fleet, listed; a hardware or class with no devices, naming the known ones), kStore.
#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

struct DeviceSelector {
  std::vector<std::string> device_ids;
  std::string hardware;
  std::string class_key;  // 12 hex digits, as `fleet ls --class` prints them
};

// The selected device ids, sorted; never empty on success.
Result<std::vector<std::string>> SelectDevices(Registry& registry, const DeviceSelector& selector);

}  // namespace arenastore::store
