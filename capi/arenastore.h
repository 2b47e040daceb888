/* arenastore.h: the C API of arenastore's runtime, for firmware written in C (C99 or later) or
 * any language with a C FFI. Verify an artifact from a byte span, run the gate for this runtime
 * (or a what-if identity) and walk its findings, create an executor over caller-provided pool
 * buffers, copy inputs and outputs, invoke, reset state. A thin layer over the C++ runtime
 * (runtime/): every object lives in storage the caller provides, nothing allocates, and no
 * exception crosses it. Fallible calls return 0 or an error code and fill an optional
 * arenastore_error. Not thread-safe per object; distinct objects are independent. */
#ifndef ARENASTORE_H
#define ARENASTORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The kernel library this header was released with; arenastore_kernel_library_version() is the
 * one linked in (they differ only when headers and library come from different installs). */
#define ARENASTORE_KERNEL_LIBRARY_VERSION_MAJOR 1
#define ARENASTORE_KERNEL_LIBRARY_VERSION_MINOR 20
#define ARENASTORE_KERNEL_LIBRARY_VERSION_PATCH 0

/* ---- errors ---- */

/* Codes are arenastore's stable ErrorCode values (they appear in the CLI's JSON too). */
#define ARENASTORE_OK 0
#define ARENASTORE_INVALID_ARGUMENT 100
#define ARENASTORE_FORMAT_TOO_SMALL 200
#define ARENASTORE_FORMAT_MISALIGNED 201
#define ARENASTORE_FORMAT_BAD_IDENTIFIER 202
#define ARENASTORE_FORMAT_UNSUPPORTED_VERSION 203
#define ARENASTORE_FORMAT_VERIFIER_FAILED 204
#define ARENASTORE_FORMAT_INVALID_FIELD 205
#define ARENASTORE_GATE_REJECTED 300
#define ARENASTORE_ARENA_TOO_SMALL 400
#define ARENASTORE_ARENA_MISALIGNED 401
#define ARENASTORE_ARENA_MISSING_POOL 402
#define ARENASTORE_KERNEL_SCRATCH_TOO_SMALL 500
#define ARENASTORE_KERNEL_UNSUPPORTED 501
#define ARENASTORE_KERNEL_INVALID_PARAMS 502

#define ARENASTORE_ERROR_MESSAGE_BYTES 160

typedef struct arenastore_error {
  int32_t code;                                 /* ARENASTORE_OK or one of the codes above */
  int32_t op_index;                             /* the operator the error is about, or -1 */
  char message[ARENASTORE_ERROR_MESSAGE_BYTES]; /* NUL-terminated, truncated if longer */
} arenastore_error;

/* "format_invalid_field", ...: the code's stable name; "unknown" for other values. */
const char* arenastore_error_code_name(int32_t code);

/* ---- this runtime ---- */

typedef struct arenastore_version {
  uint16_t major;
  uint16_t minor;
  uint16_t patch;
} arenastore_version;

arenastore_version arenastore_kernel_library_version(void);
/* The kernel ISA this runtime runs: "ref", "arm_dsp", "arm_mve", "x86_avx2", "x86_avx512vnni". */
const char* arenastore_runtime_isa(void);
/* The operators built into this runtime, by name ("conv2d", ...), index 0 .. count - 1;
 * arenastore_built_op_name returns NULL past the end. */
size_t arenastore_built_op_count(void);
const char* arenastore_built_op_name(size_t index);

/* ---- artifacts ---- */

/* A verified artifact: a view of the caller's bytes, which must stay unchanged and outlive it
 * (and every executor created from it). Storage only; use the functions below. */
typedef struct arenastore_artifact {
  union {
    uint64_t words[12];
    void* pointer;
  } opaque;
} arenastore_artifact;

/* Verifies `size` bytes at `bytes` (16-byte aligned, as `arenastore export` lays them out). */
int32_t arenastore_artifact_open(arenastore_artifact* artifact, const void* bytes, size_t size,
                                 arenastore_error* error);
/* The same, giving the memory plan's proof `workspace_bytes` at `workspace` to work in: memory no
 * executor has bound yet, such as the arena the executor will take next (it is overwritten).
 * With 12 B per tensor and operator of the model (any real model's arena holds that many) the
 * proof checks the plan in one pass, O(n log n); with less, or none, it checks it a block pair
 * at a time from a small array on the stack: quadratic in the number of blocks. */
int32_t arenastore_artifact_open_with_workspace(arenastore_artifact* artifact, const void* bytes,
                                                size_t size, void* workspace,
                                                size_t workspace_bytes, arenastore_error* error);
int32_t arenastore_artifact_operator_count(const arenastore_artifact* artifact);
int32_t arenastore_artifact_pool_count(const arenastore_artifact* artifact);
/* Pool `index`'s name and planned bytes; NULL and 0 past the end. */
const char* arenastore_artifact_pool_name(const arenastore_artifact* artifact, int32_t index);
size_t arenastore_artifact_pool_bytes(const arenastore_artifact* artifact, int32_t index);

/* ---- the gate ---- */

typedef enum arenastore_policy {
  ARENASTORE_POLICY_DEFAULT = 0,
  ARENASTORE_POLICY_STRICT = 1,
  ARENASTORE_POLICY_FALLBACK = 2
} arenastore_policy;

typedef enum arenastore_verdict {
  ARENASTORE_ACCEPT = 0,
  ARENASTORE_WARN = 1, /* accepted with warnings */
  ARENASTORE_REJECT = 2
} arenastore_verdict;

/* A memory the device offers for the pool of the same name. */
typedef struct arenastore_pool_capacity {
  const char* name;
  size_t bytes;
} arenastore_pool_capacity;

/* A what-if runtime: another kernel library version or ISA than this one's. */
typedef struct arenastore_identity {
  arenastore_version kernel_library_version;
  const char* isa; /* as arenastore_runtime_isa() names them */
} arenastore_identity;

/* One thing the gate found. Storage only; read it with the functions below. */
typedef struct arenastore_finding {
  union {
    uint64_t words[10];
    void* pointer;
  } opaque;
} arenastore_finding;

typedef struct arenastore_gate_report {
  arenastore_verdict verdict;
  int32_t finding_count;    /* every finding; may exceed the capacity given */
  int32_t findings_stored;  /* how many were written */
  size_t reclaimable_bytes; /* scratch a re-plan would give back */
} arenastore_gate_report;

/* May `identity` (NULL: this runtime) run the artifact in the memories `capacities` offers
 * (capacity_count 0: not checked)? Writes up to `finding_capacity` findings and, when
 * `variant_count` covers every operator, the kernel variant each op must run, for
 * arenastore_executor_create. An unknown ISA name in `identity` is ARENASTORE_INVALID_ARGUMENT,
 * reported as a reject with no findings. Never fails otherwise. */
arenastore_gate_report arenastore_gate(const arenastore_artifact* artifact,
                                       const arenastore_identity* identity,
                                       arenastore_policy policy,
                                       const arenastore_pool_capacity* capacities,
                                       size_t capacity_count, arenastore_finding* findings,
                                       size_t finding_capacity, uint8_t* variant_per_op,
                                       size_t variant_count);

/* "scratch_short", "isa_mismatch", ...; 1 when the finding rejects, 0 when it warns; the
 * operator it is about, or -1; one line for a person (as `arenastore check` prints it), written
 * NUL-terminated into `text` (returns the characters written). */
const char* arenastore_finding_kind(const arenastore_finding* finding);
int arenastore_finding_rejects(const arenastore_finding* finding);
int32_t arenastore_finding_op_index(const arenastore_finding* finding);
size_t arenastore_finding_text(const arenastore_finding* finding, char* text, size_t capacity);

/* ---- the executor ---- */

/* A caller-owned memory for the pool of the same name; its bytes must outlive the executor. */
typedef struct arenastore_pool_buffer {
  const char* name;
  void* bytes;
  size_t size;
} arenastore_pool_buffer;

/* Places the artifact's pools in the device's memories (`memories`: name, start, size) as
 * arenastore_gate judges them under `policy`: strict puts each pool in the memory of its name;
 * otherwise a pool named like a memory goes there and the rest go where they fit, several to one
 * memory if need be, each at an offset aligned for it (a memory must start aligned to 16 B, or
 * more for a pool that asks it). Writes, for each pool i (pool_capacity must cover them all),
 * the buffer to bind, `pools[i]` = {pool name, its start inside its memory, planned bytes}, ready
 * for arenastore_executor_create, and (unless NULL) the memory it went to in memory_of_pool[i].
 * Errors: ARENASTORE_ARENA_TOO_SMALL (naming the pool, the memory and the bytes missing),
 * ARENASTORE_ARENA_MISSING_POOL (strict: no memory of a pool's name), ARENASTORE_INVALID_ARGUMENT.
 */
int32_t arenastore_place_pools(const arenastore_artifact* artifact, arenastore_policy policy,
                               const arenastore_pool_buffer* memories, size_t memory_count,
                               arenastore_pool_buffer* pools, int32_t* memory_of_pool,
                               size_t pool_capacity, arenastore_error* error);

/* Runs an artifact's operators out of the caller's pools. Storage only. */
typedef struct arenastore_executor {
  union {
    uint64_t words[40];
    void* pointer;
  } opaque;
} arenastore_executor;

/* Bytes (and their alignment) of caller memory in which arenastore_executor_create lowers every
 * operator once, so arenastore_invoke only calls kernels; without it each invoke lowers each op
 * again (less RAM, more instructions). */
size_t arenastore_prepared_bytes(const arenastore_artifact* artifact);
#define ARENASTORE_PREPARED_ALIGNMENT 8

/* Binds every pool by name and checks what Invoke needs (pool sizes and alignment, kernels and
 * their scratch). `variant_per_op` (from arenastore_gate, kept alive by the caller) may be NULL:
 * every op then runs this runtime's ISA. `prepared` (NULL, or at least arenastore_prepared_bytes
 * aligned to ARENASTORE_PREPARED_ALIGNMENT, kept alive by the caller) holds the ops lowered once.
 * Errors: ARENASTORE_ARENA_* (pools), ARENASTORE_KERNEL_* (operators),
 * ARENASTORE_INVALID_ARGUMENT (prepared memory too small or misaligned). Variable tensors start
 * at their initial values. */
int32_t arenastore_executor_create(arenastore_executor* executor,
                                   const arenastore_artifact* artifact,
                                   const arenastore_pool_buffer* pools, size_t pool_count,
                                   const uint8_t* variant_per_op, size_t variant_count,
                                   void* prepared, size_t prepared_bytes, arenastore_error* error);
int32_t arenastore_input_count(const arenastore_executor* executor);
int32_t arenastore_output_count(const arenastore_executor* executor);
/* The tensor's byte count; 0 for an index out of range. */
size_t arenastore_input_bytes(const arenastore_executor* executor, int32_t index);
size_t arenastore_output_bytes(const arenastore_executor* executor, int32_t index);
/* Copy exactly the tensor's byte count in or out (ARENASTORE_INVALID_ARGUMENT otherwise). */
int32_t arenastore_set_input(arenastore_executor* executor, int32_t index, const void* bytes,
                             size_t size, arenastore_error* error);
int32_t arenastore_get_output(const arenastore_executor* executor, int32_t index, void* bytes,
                              size_t size, arenastore_error* error);
/* Runs the model once. Set the inputs before every invoke: the plan may reuse an input's bytes
 * for later tensors, so after an invoke they no longer hold what was set. */
int32_t arenastore_invoke(arenastore_executor* executor, arenastore_error* error);
/* Sets every variable tensor back to its initial value (a new sequence of frames). */
void arenastore_reset_state(arenastore_executor* executor);

#ifdef __cplusplus
}
#endif

#endif /* ARENASTORE_H */
