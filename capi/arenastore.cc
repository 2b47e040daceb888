// The C API (capi/arenastore.h) over the C++ runtime: each C object is storage holding the C++
// object, placed there by the create/open calls; errors become codes and messages. Freestanding,
// like the runtime it wraps: no heap, no exceptions, builds with arm-none-eabi-g++.
#include "capi/arenastore.h"

#include <cstring>
#include <new>
#include <span>
#include <type_traits>

#include "base/format.h"
#include "kernels/op_kind.h"
#include "kernels/op_set.h"
#include "kernels/runtime_isa.h"
#include "kernels/version.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/gate.h"

namespace arenastore::capi {
namespace {

// The ISA this runtime identifies as (kernels/runtime_isa.h), as runtime::ThisRuntime() does
// for the host.
using kernels::kRuntimeIsa;

static_assert(kernels::kLibraryVersion.major == ARENASTORE_KERNEL_LIBRARY_VERSION_MAJOR &&
                  kernels::kLibraryVersion.minor == ARENASTORE_KERNEL_LIBRARY_VERSION_MINOR &&
                  kernels::kLibraryVersion.patch == ARENASTORE_KERNEL_LIBRARY_VERSION_PATCH,
              "capi/arenastore.h's version macros name the kernel library built here");

// The C++ object inside the C storage `Storage`; the sizes are checked where it is placed.
template <typename Object, typename Storage>
Object* Inside(Storage* storage) {
  static_assert(sizeof(Object) <= sizeof(storage->opaque), "C storage too small for the object");
  static_assert(alignof(Object) <= alignof(decltype(storage->opaque)), "C storage misaligned");
  return std::launder(reinterpret_cast<Object*>(&storage->opaque));
}

template <typename Object, typename Storage>
const Object* Inside(const Storage* storage) {
  return Inside<Object>(const_cast<Storage*>(storage));
}

int32_t Report(const Status& status, arenastore_error* error) {
  const auto code = static_cast<int32_t>(status.code());
  if (error != nullptr) {
    error->code = code;
    error->op_index = status.op_index();
    Format(error->message, sizeof(error->message), "%s", status.message());
  }
  return code;
}

int32_t InvalidArgument(const char* message, arenastore_error* error) {
  return Report(Status::Error(ErrorCode::kInvalidArgument, "%s", message), error);
}

const runtime::ArtifactView& ViewOf(const arenastore_artifact* artifact) {
  return *Inside<runtime::ArtifactView>(artifact);
}

runtime::Executor& ExecutorOf(arenastore_executor* executor) {
  return *Inside<runtime::Executor>(executor);
}

const runtime::Executor& ExecutorOf(const arenastore_executor* executor) {
  return *Inside<runtime::Executor>(executor);
}

runtime::GatePolicy PolicyOf(arenastore_policy policy) {
  switch (policy) {
    case ARENASTORE_POLICY_DEFAULT:
      return runtime::GatePolicy::kDefault;
    case ARENASTORE_POLICY_STRICT:
      return runtime::GatePolicy::kStrict;
    case ARENASTORE_POLICY_FALLBACK:
      return runtime::GatePolicy::kFallback;
  }
  return runtime::GatePolicy::kStrict;  // not a policy this header defines: judge strictly
}

arenastore_verdict VerdictOf(runtime::Verdict verdict) {
  switch (verdict) {
    case runtime::Verdict::kAccept:
      return ARENASTORE_ACCEPT;
    case runtime::Verdict::kAcceptWithWarnings:
      return ARENASTORE_WARN;
    case runtime::Verdict::kReject:
      return ARENASTORE_REJECT;
  }
  return ARENASTORE_REJECT;
}

// At most kMaxCapacities pools are offered to the gate (the runtime binds at most kMaxPools).
constexpr size_t kMaxCapacities = runtime::kMaxPools;

}  // namespace
}  // namespace arenastore::capi

using namespace arenastore;        // NOLINT: the C functions below wrap these namespaces
using namespace arenastore::capi;  // NOLINT

extern "C" {

const char* arenastore_error_code_name(int32_t code) {
  return code == 0 ? "ok" : ToString(static_cast<ErrorCode>(code));
}

arenastore_version arenastore_kernel_library_version(void) {
  return {kernels::kLibraryVersion.major, kernels::kLibraryVersion.minor,
          kernels::kLibraryVersion.patch};
}

const char* arenastore_runtime_isa(void) { return kernels::IsaName(kRuntimeIsa); }

size_t arenastore_built_op_count(void) {
  return static_cast<size_t>(kernels::OpSet::Built().Count());
}

const char* arenastore_built_op_name(size_t index) {
  constexpr kernels::OpSet built = kernels::OpSet::Built();
  for (int op = 0; op < kernels::kOpKindCount; ++op) {
    const auto kind = static_cast<kernels::OpKind>(op);
    if (built.Has(kind) && index-- == 0) return kernels::OpKindName(kind);
  }
  return nullptr;
}

int32_t arenastore_artifact_open(arenastore_artifact* artifact, const void* bytes, size_t size,
                                 arenastore_error* error) {
  return arenastore_artifact_open_with_workspace(artifact, bytes, size, nullptr, 0, error);
}

int32_t arenastore_artifact_open_with_workspace(arenastore_artifact* artifact, const void* bytes,
                                                size_t size, void* workspace,
                                                size_t workspace_bytes, arenastore_error* error) {
  if (artifact == nullptr || (bytes == nullptr && size > 0) ||
      (workspace == nullptr && workspace_bytes > 0)) {
    return InvalidArgument(
        "arenastore_artifact_open: artifact, bytes and workspace must not be NULL", error);
  }
  auto view = runtime::ArtifactView::Create({static_cast<const uint8_t*>(bytes), size},
                                            {static_cast<uint8_t*>(workspace), workspace_bytes});
  if (!view.ok()) return Report(view.status(), error);
  new (&artifact->opaque) runtime::ArtifactView(view.value());
  return Report(Status::Ok(), error);
}

int32_t arenastore_artifact_operator_count(const arenastore_artifact* artifact) {
  return ViewOf(artifact).operator_count();
}

int32_t arenastore_artifact_pool_count(const arenastore_artifact* artifact) {
  return ViewOf(artifact).pool_count();
}

const char* arenastore_artifact_pool_name(const arenastore_artifact* artifact, int32_t index) {
  const runtime::ArtifactView& view = ViewOf(artifact);
  if (index < 0 || index >= view.pool_count() || view.pool(index).name() == nullptr) {
    return nullptr;
  }
  return view.pool(index).name()->c_str();
}

size_t arenastore_artifact_pool_bytes(const arenastore_artifact* artifact, int32_t index) {
  const runtime::ArtifactView& view = ViewOf(artifact);
  if (index < 0 || index >= view.pool_count()) return 0;
  return static_cast<size_t>(view.pool(index).planned_bytes());
}

arenastore_gate_report arenastore_gate(const arenastore_artifact* artifact,
                                       const arenastore_identity* identity,
                                       arenastore_policy policy,
                                       const arenastore_pool_capacity* capacities,
                                       size_t capacity_count, arenastore_finding* findings,
                                       size_t finding_capacity, uint8_t* variant_per_op,
                                       size_t variant_count) {
  const arenastore_gate_report refused = {ARENASTORE_REJECT, 0, 0, 0};
  runtime::RuntimeIdentity runtime_identity = {kernels::kLibraryVersion, kRuntimeIsa};
  if (identity != nullptr) {
    runtime_identity.kernel_version = {identity->kernel_library_version.major,
                                       identity->kernel_library_version.minor,
                                       identity->kernel_library_version.patch};
    if (identity->isa == nullptr || !kernels::ParseIsa(identity->isa, &runtime_identity.isa)) {
      return refused;
    }
  }
  if (capacity_count > kMaxCapacities || (capacities == nullptr && capacity_count > 0)) {
    return refused;
  }
  runtime::PoolCapacity pools[kMaxCapacities];
  for (size_t i = 0; i < capacity_count; ++i) pools[i] = {capacities[i].name, capacities[i].bytes};
  // The gate writes its findings packed at the start of the caller's array (a runtime::Finding
  // is no larger than the C storage for one), then each moves out to its own element, last
  // first, so no move overwrites a finding not yet moved.
  static_assert(std::is_trivially_copyable_v<runtime::Finding>);
  static_assert(sizeof(kernels::Isa) == sizeof(uint8_t));
  auto* packed = reinterpret_cast<runtime::Finding*>(findings);
  const size_t capacity = findings != nullptr ? finding_capacity : 0;
  const runtime::GateReport report =
      runtime::EvaluateGate(ViewOf(artifact), runtime_identity, PolicyOf(policy),
                            {pools, capacity_count}, {packed, capacity},
                            {reinterpret_cast<kernels::Isa*>(variant_per_op),
                             variant_per_op != nullptr ? variant_count : 0});
  for (int32_t i = report.findings_stored - 1; i > 0; --i) {
    std::memmove(&findings[i].opaque, &packed[i], sizeof(runtime::Finding));
  }
  const int32_t stored = report.findings_stored;
  return {VerdictOf(report.verdict), report.finding_count, stored, report.reclaimable_bytes};
}

const char* arenastore_finding_kind(const arenastore_finding* finding) {
  return runtime::FindingKindName(Inside<runtime::Finding>(finding)->kind);
}

int arenastore_finding_rejects(const arenastore_finding* finding) {
  return Inside<runtime::Finding>(finding)->rejects ? 1 : 0;
}

int32_t arenastore_finding_op_index(const arenastore_finding* finding) {
  return Inside<runtime::Finding>(finding)->op_index;
}

size_t arenastore_finding_text(const arenastore_finding* finding, char* text, size_t capacity) {
  return runtime::FormatFinding(*Inside<runtime::Finding>(finding), text, capacity);
}

size_t arenastore_prepared_bytes(const arenastore_artifact* artifact) {
  return sizeof(runtime::PreparedOp) * static_cast<size_t>(ViewOf(artifact).operator_count());
}

int32_t arenastore_place_pools(const arenastore_artifact* artifact, arenastore_policy policy,
                               const arenastore_pool_buffer* memories, size_t memory_count,
                               arenastore_pool_buffer* pools, int32_t* memory_of_pool,
                               size_t pool_capacity, arenastore_error* error) {
  if (artifact == nullptr || pools == nullptr || (memories == nullptr && memory_count > 0)) {
    return InvalidArgument("arenastore_place_pools: artifact, memories and pools must not be NULL",
                           error);
  }
  const runtime::ArtifactView& view = ViewOf(artifact);
  const auto pool_count = static_cast<size_t>(view.pool_count());
  if (pool_capacity < pool_count || memory_count > kMaxCapacities) {
    return Report(Status::Error(ErrorCode::kInvalidArgument,
                                "arenastore_place_pools: room for %zu pools of %zu, %zu memories "
                                "(at most %zu)",
                                pool_capacity, pool_count, memory_count, kMaxCapacities),
                  error);
  }
  runtime::PoolCapacity capacities[kMaxCapacities];
  for (size_t m = 0; m < memory_count; ++m) capacities[m] = {memories[m].name, memories[m].size};
  runtime::PoolPlace places[runtime::kMaxPools];
  const runtime::PlacementOutcome outcome = runtime::PlacePools(
      view, {capacities, memory_count}, runtime::PlacementRuleOf(PolicyOf(policy)), places);
  if (!outcome.placed) {
    const char* pool = view.pool(outcome.pool_index).name()->c_str();
    if (outcome.memory_index < 0) {
      return Report(Status::Error(ErrorCode::kArenaMissingPool,
                                  "pool %d '%s': no memory of that name (strict policy)",
                                  outcome.pool_index, pool),
                    error);
    }
    return Report(Status::Error(ErrorCode::kArenaTooSmall,
                                "pool %d '%s': needs %zu B, memory '%s' has %zu B; %zu B missing",
                                outcome.pool_index, pool, outcome.needed_bytes,
                                memories[outcome.memory_index].name, outcome.free_bytes,
                                outcome.needed_bytes - outcome.free_bytes),
                  error);
  }
  for (size_t p = 0; p < pool_count; ++p) {
    const arenastore_pool_buffer& memory = memories[places[p].memory_index];
    pools[p] = {view.pool(static_cast<int32_t>(p)).name()->c_str(),
                static_cast<uint8_t*>(memory.bytes) + places[p].offset_bytes,
                static_cast<size_t>(view.pool(static_cast<int32_t>(p)).planned_bytes())};
    if (memory_of_pool != nullptr) memory_of_pool[p] = places[p].memory_index;
  }
  return Report(Status::Ok(), error);
}

int32_t arenastore_executor_create(arenastore_executor* executor,
                                   const arenastore_artifact* artifact,
                                   const arenastore_pool_buffer* pools, size_t pool_count,
                                   const uint8_t* variant_per_op, size_t variant_count,
                                   void* prepared, size_t prepared_bytes, arenastore_error* error) {
  if (executor == nullptr || artifact == nullptr || (pools == nullptr && pool_count > 0)) {
    return InvalidArgument(
        "arenastore_executor_create: executor, artifact and pools must not be "
        "NULL",
        error);
  }
  if (pool_count > runtime::kMaxPools) {
    return Report(Status::Error(ErrorCode::kInvalidArgument,
                                "arenastore_executor_create: %zu pools given, at most %zu bind",
                                pool_count, static_cast<size_t>(runtime::kMaxPools)),
                  error);
  }
  static_assert(alignof(runtime::PreparedOp) <= ARENASTORE_PREPARED_ALIGNMENT);
  std::span<runtime::PreparedOp> prepared_ops;
  if (prepared != nullptr) {
    if (reinterpret_cast<uintptr_t>(prepared) % ARENASTORE_PREPARED_ALIGNMENT != 0 ||
        prepared_bytes < arenastore_prepared_bytes(artifact)) {
      return Report(Status::Error(ErrorCode::kInvalidArgument,
                                  "arenastore_executor_create: prepared memory of %zu B, needs "
                                  "%zu B aligned to %d",
                                  prepared_bytes, arenastore_prepared_bytes(artifact),
                                  ARENASTORE_PREPARED_ALIGNMENT),
                    error);
    }
    prepared_ops = {static_cast<runtime::PreparedOp*>(prepared),
                    prepared_bytes / sizeof(runtime::PreparedOp)};
  }
  runtime::PoolBuffer buffers[runtime::kMaxPools];
  for (size_t i = 0; i < pool_count; ++i) {
    buffers[i] = {pools[i].name, {static_cast<uint8_t*>(pools[i].bytes), pools[i].size}};
  }
  auto created = runtime::Executor::Create(ViewOf(artifact), {buffers, pool_count}, kRuntimeIsa,
                                           {reinterpret_cast<const kernels::Isa*>(variant_per_op),
                                            variant_per_op != nullptr ? variant_count : 0},
                                           prepared_ops);
  if (!created.ok()) return Report(created.status(), error);
  new (&executor->opaque) runtime::Executor(created.value());
  return Report(Status::Ok(), error);
}

int32_t arenastore_input_count(const arenastore_executor* executor) {
  return ExecutorOf(executor).view().input_count();
}

int32_t arenastore_output_count(const arenastore_executor* executor) {
  return ExecutorOf(executor).view().output_count();
}

size_t arenastore_input_bytes(const arenastore_executor* executor, int32_t index) {
  return ExecutorOf(executor).InputTensor(index).size();
}

size_t arenastore_output_bytes(const arenastore_executor* executor, int32_t index) {
  return ExecutorOf(executor).OutputTensor(index).size();
}

int32_t arenastore_set_input(arenastore_executor* executor, int32_t index, const void* bytes,
                             size_t size, arenastore_error* error) {
  if (bytes == nullptr && size > 0) {
    return InvalidArgument("arenastore_set_input: bytes must not be NULL", error);
  }
  return Report(ExecutorOf(executor).SetInput(index, {static_cast<const uint8_t*>(bytes), size}),
                error);
}

int32_t arenastore_get_output(const arenastore_executor* executor, int32_t index, void* bytes,
                              size_t size, arenastore_error* error) {
  if (bytes == nullptr && size > 0) {
    return InvalidArgument("arenastore_get_output: bytes must not be NULL", error);
  }
  // GetOutput only reads the executor's pools; the C++ method is non-const for symmetry.
  return Report(const_cast<runtime::Executor&>(ExecutorOf(executor))
                    .GetOutput(index, {static_cast<uint8_t*>(bytes), size}),
                error);
}

int32_t arenastore_invoke(arenastore_executor* executor, arenastore_error* error) {
  return Report(ExecutorOf(executor).Invoke(), error);
}

void arenastore_reset_state(arenastore_executor* executor) { ExecutorOf(executor).ResetState(); }

}  // extern "C"
