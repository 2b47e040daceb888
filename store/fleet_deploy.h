// Deployments: which model version each device runs. Called by `fleet deploy` and audit --fix
// (which moves the devices of a rejected pair onto the re-planned version). Each call is one
// IMMEDIATE transaction; `deployed_by` records why. Both refuse, changing nothing, a version the
// store's signature policy refuses (store/signature_policy.h): under require-signature no path
// puts a device on a version without a trusted signature. Heap OK. Errors: those of
// SelectDevices, Resolve and EnforceSignaturePolicy (kSignature); kInvalidArgument for a digest
// no model version holds; kStore, kStoreBusy.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/fleet_selector.h"
#include "store/reference.h"
#include "store/registry.h"

namespace arenastore::store {

struct DeployOutcome {
  ResolvedVersion version;
  int64_t selected = 0;  // devices selected
  int64_t changed = 0;   // of which did not run this version already
};

Result<DeployOutcome> Deploy(Registry& registry, const DeviceSelector& selector,
                             std::string_view reference, const std::string& deployed_by);

// Deploys the version `reference` names (kws@4) to exactly these devices, which must exist.
Result<int64_t> DeployToDevices(Registry& registry, std::span<const std::string> device_ids,
                                std::string_view reference, const std::string& deployed_by);

}  // namespace arenastore::store
