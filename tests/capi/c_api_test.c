/* The C API (capi/arenastore.h) driven from C99, as firmware would: accept, warn and reject at
 * the gate, bad bytes, short pools, a run whose output equals the host CLI's, and state reset.
 * Compiled as C with -std=c99 -Wall -Wextra -Werror -pedantic; run by run_c_api_test.sh:
 *   c_api_test DIR   with DIR holding what that script prepares (artifacts, inputs, outputs).
 * Prints one line per check; exit status 0 when every check holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arenastore.h"

static int failures = 0;

#define CHECK(condition, what)                                       \
  do {                                                               \
    if (condition) {                                                 \
      printf("ok   %s\n", what);                                     \
    } else {                                                         \
      printf("FAIL %s (%s, line %d)\n", what, #condition, __LINE__); \
      ++failures;                                                    \
    }                                                                \
  } while (0)

/* Whole files, 16-byte aligned as the artifact format wants; static, like firmware. */
static union {
  unsigned char bytes[1 << 20];
  long double align;
} file_storage[3];

static size_t read_file(const char* dir, const char* name, int slot) {
  char path[1024];
  FILE* file;
  size_t size;
  sprintf(path, "%.900s/%s", dir, name);
  file = fopen(path, "rb");
  if (file == NULL) {
    printf("FAIL cannot open %s\n", path);
    exit(1);
  }
  size = fread(file_storage[slot].bytes, 1, sizeof(file_storage[slot].bytes), file);
  fclose(file);
  return size;
}

/* Pools for an artifact: one static region carved into its pools, 16-byte aligned each. */
static union {
  unsigned char bytes[1 << 20];
  long double align;
} pool_storage;

static size_t bind_pools(const arenastore_artifact* artifact, arenastore_pool_buffer* buffers,
                         size_t shortfall_bytes) {
  size_t used = 0;
  int32_t i;
  for (i = 0; i < arenastore_artifact_pool_count(artifact); ++i) {
    size_t bytes = arenastore_artifact_pool_bytes(artifact, i);
    buffers[i].name = arenastore_artifact_pool_name(artifact, i);
    buffers[i].bytes = pool_storage.bytes + used;
    buffers[i].size = bytes > shortfall_bytes ? bytes - shortfall_bytes : bytes;
    used += (bytes + 15) / 16 * 16;
  }
  return (size_t)arenastore_artifact_pool_count(artifact);
}

/* Room for the ops lowered once (arenastore_prepared_bytes). */
static union {
  unsigned char bytes[64 * 1024];
  long double align;
} prepared_storage;

static void check_this_runtime(void) {
  arenastore_version version = arenastore_kernel_library_version();
  CHECK(version.major == ARENASTORE_KERNEL_LIBRARY_VERSION_MAJOR &&
            version.minor == ARENASTORE_KERNEL_LIBRARY_VERSION_MINOR,
        "the linked kernel library is the header's");
  CHECK(strcmp(arenastore_runtime_isa(), "ref") == 0, "a host runtime identifies as ref");
  CHECK(arenastore_built_op_count() > 60 && arenastore_built_op_name(0) != NULL &&
            arenastore_built_op_name(arenastore_built_op_count()) == NULL,
        "the built operators are listed by name");
}

static void check_bad_bytes(const char* dir) {
  arenastore_artifact artifact;
  arenastore_error error;
  size_t size = read_file(dir, "ds-cnn.ref.arena", 0);
  int32_t code;
  code = arenastore_artifact_open(&artifact, file_storage[0].bytes, size / 2, &error);
  CHECK(code != ARENASTORE_OK && error.code == code && error.message[0] != '\0',
        "a truncated artifact is refused with a message");
  memset(file_storage[0].bytes, 0x5a, 4096);
  code = arenastore_artifact_open(&artifact, file_storage[0].bytes, 4096, &error);
  CHECK(code == ARENASTORE_FORMAT_BAD_IDENTIFIER || code == ARENASTORE_FORMAT_VERIFIER_FAILED ||
            code == ARENASTORE_FORMAT_TOO_SMALL || code == ARENASTORE_FORMAT_INVALID_FIELD,
        "bytes that are not an artifact are refused as a format error");
  printf("     (said: %s: %s)\n", arenastore_error_code_name(code), error.message);
  code = arenastore_artifact_open(&artifact, NULL, 16, NULL);
  CHECK(code == ARENASTORE_INVALID_ARGUMENT, "NULL bytes are an invalid argument");
}

/* One frame: ds-cnn's input in, its output out, equal to the expected bytes (slots 1 and 2). */
static int runs_to_expected(arenastore_executor* executor, size_t input_bytes,
                            size_t expected_bytes) {
  static unsigned char output[4096];
  arenastore_error error;
  memset(output, 0, sizeof(output));
  return arenastore_set_input(executor, 0, file_storage[1].bytes, input_bytes, &error) ==
             ARENASTORE_OK &&
         arenastore_invoke(executor, &error) == ARENASTORE_OK &&
         arenastore_get_output(executor, 0, output, expected_bytes, &error) == ARENASTORE_OK &&
         memcmp(output, file_storage[2].bytes, expected_bytes) == 0;
}

static void check_accept_and_run(const char* dir) {
  arenastore_artifact artifact;
  arenastore_executor executor;
  arenastore_finding findings[8];
  arenastore_pool_buffer pools[4];
  arenastore_error error;
  uint8_t variants[64];
  static unsigned char output[4096];
  size_t size = read_file(dir, "ds-cnn.ref.arena", 0);
  size_t input_bytes = read_file(dir, "ds-cnn.input.bin", 1);
  size_t expected_bytes = read_file(dir, "ds-cnn.expected.bin", 2);
  arenastore_gate_report report;
  CHECK(arenastore_artifact_open(&artifact, file_storage[0].bytes, size, &error) == ARENASTORE_OK,
        "a ref artifact opens");
  report = arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, NULL, 0, findings, 8,
                           variants, sizeof(variants));
  CHECK(report.verdict == ARENASTORE_ACCEPT && report.finding_count == 0,
        "this runtime accepts what was planned for it");
  CHECK(arenastore_executor_create(&executor, &artifact, pools, bind_pools(&artifact, pools, 0),
                                   variants, (size_t)arenastore_artifact_operator_count(&artifact),
                                   NULL, 0, &error) == ARENASTORE_OK,
        "an executor binds the planned pools");
  CHECK(arenastore_input_bytes(&executor, 0) == input_bytes &&
            arenastore_output_bytes(&executor, 0) == expected_bytes,
        "input and output sizes are the model's");
  CHECK(arenastore_set_input(&executor, 0, file_storage[1].bytes, input_bytes - 1, &error) ==
            ARENASTORE_INVALID_ARGUMENT,
        "an input one byte short is refused");
  CHECK(arenastore_set_input(&executor, 0, file_storage[1].bytes, input_bytes, &error) ==
                ARENASTORE_OK &&
            arenastore_invoke(&executor, &error) == ARENASTORE_OK &&
            arenastore_get_output(&executor, 0, output, expected_bytes, &error) == ARENASTORE_OK,
        "set input, invoke, get output");
  CHECK(memcmp(output, file_storage[2].bytes, expected_bytes) == 0,
        "the output equals `arenastore run` on the host, byte for byte");

  /* Lowered once into caller memory: the same output; too little memory is refused. */
  CHECK(arenastore_prepared_bytes(&artifact) <= sizeof(prepared_storage.bytes),
        "the prepared ops fit the test's buffer");
  CHECK(arenastore_executor_create(&executor, &artifact, pools, bind_pools(&artifact, pools, 0),
                                   NULL, 0, prepared_storage.bytes,
                                   arenastore_prepared_bytes(&artifact) - 1,
                                   &error) == ARENASTORE_INVALID_ARGUMENT,
        "prepared memory one byte short is refused");
  CHECK(arenastore_executor_create(&executor, &artifact, pools, bind_pools(&artifact, pools, 0),
                                   NULL, 0, prepared_storage.bytes, sizeof(prepared_storage.bytes),
                                   &error) == ARENASTORE_OK &&
            runs_to_expected(&executor, input_bytes, expected_bytes),
        "ops lowered once into caller memory give the same output");

  /* The plan's proof may work in the arena before the executor binds it: the proof overwrites
   * it, the executor then owns it, and the output is the same. */
  memset(pool_storage.bytes, 0xA5, sizeof(pool_storage.bytes));
  CHECK(arenastore_artifact_open_with_workspace(&artifact, file_storage[0].bytes, size,
                                                pool_storage.bytes, sizeof(pool_storage.bytes),
                                                &error) == ARENASTORE_OK,
        "an artifact opens with the unbound arena as the proof's workspace");
  CHECK(pool_storage.bytes[0] != 0xA5 || pool_storage.bytes[4] != 0xA5,
        "the proof worked in the workspace");
  CHECK(arenastore_artifact_open_with_workspace(&artifact, file_storage[0].bytes, size, NULL, 64,
                                                &error) == ARENASTORE_INVALID_ARGUMENT,
        "a NULL workspace with a size is refused");
  CHECK(arenastore_artifact_open_with_workspace(&artifact, file_storage[0].bytes, size,
                                                pool_storage.bytes, sizeof(pool_storage.bytes),
                                                &error) == ARENASTORE_OK &&
            arenastore_executor_create(&executor, &artifact, pools,
                                       bind_pools(&artifact, pools, 0), NULL, 0, NULL, 0,
                                       &error) == ARENASTORE_OK &&
            runs_to_expected(&executor, input_bytes, expected_bytes),
        "after the proof used the arena, the executor's output is the same");
}

static void check_warn_and_reject(const char* dir) {
  arenastore_artifact artifact;
  arenastore_finding findings[8];
  arenastore_gate_report report;
  arenastore_identity next_major = {{2, 0, 0}, "ref"};
  arenastore_identity unknown_isa = {{1, 12, 0}, "z80"};
  arenastore_pool_capacity small[2];
  char text[256];
  int32_t i;
  int warned_only = 1;
  size_t size = read_file(dir, "ds-cnn.arm_mve.arena", 0);
  CHECK(arenastore_artifact_open(&artifact, file_storage[0].bytes, size, NULL) == ARENASTORE_OK,
        "an arm_mve artifact opens");
  report =
      arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, NULL, 0, findings, 8, NULL, 0);
  for (i = 0; i < report.findings_stored; ++i)
    warned_only &= !arenastore_finding_rejects(&findings[i]);
  CHECK(report.verdict == ARENASTORE_WARN && report.findings_stored > 0 && warned_only,
        "a ref runtime warns about an artifact planned for arm_mve");
  CHECK(strcmp(arenastore_finding_kind(&findings[0]), "isa_mismatch") == 0 ||
            strcmp(arenastore_finding_kind(&findings[0]), "scratch_surplus") == 0,
        "the first finding names its kind");
  CHECK(arenastore_finding_text(&findings[0], text, sizeof(text)) > 0 && strlen(text) > 10,
        "a finding reads as one line");
  printf("     (first finding: %s)\n", text);
  report =
      arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_STRICT, NULL, 0, findings, 8, NULL, 0);
  CHECK(report.verdict == ARENASTORE_REJECT, "the strict policy rejects what the default warns");
  report = arenastore_gate(&artifact, &next_major, ARENASTORE_POLICY_DEFAULT, NULL, 0, findings, 8,
                           NULL, 0);
  CHECK(report.verdict == ARENASTORE_REJECT && report.findings_stored >= 1 &&
            strcmp(arenastore_finding_kind(&findings[0]), "kernel_major_mismatch") == 0 &&
            arenastore_finding_rejects(&findings[0]) == 1,
        "a what-if runtime of kernel library 2.0.0 rejects it");
  report = arenastore_gate(&artifact, &unknown_isa, ARENASTORE_POLICY_DEFAULT, NULL, 0, findings, 8,
                           NULL, 0);
  CHECK(report.verdict == ARENASTORE_REJECT && report.finding_count == 0,
        "an ISA the library does not know is refused");
  for (i = 0; i < 2; ++i) {
    small[i].name = arenastore_artifact_pool_name(&artifact, i);
    small[i].bytes = arenastore_artifact_pool_bytes(&artifact, i) / 2;
  }
  report =
      arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, small, 2, findings, 1, NULL, 0);
  CHECK(report.verdict == ARENASTORE_REJECT && report.findings_stored == 1 &&
            report.finding_count > 1,
        "pools offering half the plan are rejected; findings beyond the capacity are counted");
}

static void check_short_pools(const char* dir) {
  arenastore_artifact artifact;
  arenastore_executor executor;
  arenastore_pool_buffer pools[4];
  arenastore_error error;
  size_t size = read_file(dir, "ds-cnn.ref.arena", 0);
  int32_t code;
  arenastore_artifact_open(&artifact, file_storage[0].bytes, size, NULL);
  code = arenastore_executor_create(&executor, &artifact, pools, bind_pools(&artifact, pools, 1),
                                    NULL, 0, NULL, 0, &error);
  CHECK(code == ARENASTORE_ARENA_TOO_SMALL && strstr(error.message, "pool") != NULL,
        "a pool one byte short of the plan is refused, naming the pool");
  printf("     (said: %s)\n", error.message);
  code = arenastore_executor_create(&executor, &artifact, pools, 0, NULL, 0, NULL, 0, &error);
  CHECK(code == ARENASTORE_ARENA_MISSING_POOL, "no pools at all: the missing one is named");
}

static void check_state_reset(const char* dir) {
  arenastore_artifact artifact;
  arenastore_executor executor;
  arenastore_pool_buffer pools[4];
  unsigned char first[64], second[64], again[64];
  size_t size = read_file(dir, "svdf-kws.ref.arena", 0);
  size_t frame_bytes;
  size_t output_bytes;
  arenastore_artifact_open(&artifact, file_storage[0].bytes, size, NULL);
  CHECK(arenastore_executor_create(&executor, &artifact, pools, bind_pools(&artifact, pools, 0),
                                   NULL, 0, NULL, 0, NULL) == ARENASTORE_OK,
        "a stateful model binds its workspace and state pools");
  read_file(dir, "svdf-kws.input.bin", 1);
  frame_bytes = arenastore_input_bytes(&executor, 0);
  output_bytes = arenastore_output_bytes(&executor, 0);
  arenastore_set_input(&executor, 0, file_storage[1].bytes, frame_bytes, NULL);
  arenastore_invoke(&executor, NULL);
  arenastore_get_output(&executor, 0, first, output_bytes, NULL);
  arenastore_invoke(&executor, NULL);
  arenastore_get_output(&executor, 0, second, output_bytes, NULL);
  arenastore_reset_state(&executor);
  arenastore_invoke(&executor, NULL);
  arenastore_get_output(&executor, 0, again, output_bytes, NULL);
  CHECK(memcmp(first, second, output_bytes) != 0,
        "the same frame twice gives another output: state carries over");
  CHECK(memcmp(first, again, output_bytes) == 0, "after a reset the first output comes back");
}

/* A device described by one physical memory: the gate accepts the stateful model's workspace
 * and state pools in it, arenastore_place_pools says where each went, the executor runs there;
 * one byte short, both name the memory and the byte missing. */
static void check_one_ram_memory(const char* dir) {
  arenastore_artifact artifact;
  arenastore_executor executor;
  arenastore_gate_report report;
  arenastore_finding findings[4];
  arenastore_pool_buffer pools[4];
  arenastore_pool_buffer ram;
  arenastore_pool_capacity capacity;
  arenastore_error error;
  int32_t memory_of_pool[4] = {-1, -1, -1, -1};
  size_t size = read_file(dir, "svdf-kws.ref.arena", 0);
  size_t total, first, second;
  char text[256];
  arenastore_artifact_open(&artifact, file_storage[0].bytes, size, NULL);
  CHECK(arenastore_artifact_pool_count(&artifact) == 2, "svdf-kws plans a workspace and a state");
  /* Largest first, the next at a 16-byte boundary after it. */
  first = arenastore_artifact_pool_bytes(&artifact, 0);
  second = arenastore_artifact_pool_bytes(&artifact, 1);
  total = first >= second ? (first + 15) / 16 * 16 + second : (second + 15) / 16 * 16 + first;
  capacity.name = "ram";
  capacity.bytes = total;
  report = arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, &capacity, 1, findings, 4,
                           NULL, 0);
  CHECK(report.verdict == ARENASTORE_ACCEPT, "one ram memory holding both pools is accepted");
  report = arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_STRICT, &capacity, 1, findings, 4,
                           NULL, 0);
  CHECK(report.verdict == ARENASTORE_REJECT &&
            strcmp(arenastore_finding_kind(&findings[0]), "pool_missing") == 0,
        "the strict policy matches pools to memories by name");
  ram.name = "ram";
  ram.bytes = pool_storage.bytes;
  ram.size = total;
  CHECK(arenastore_place_pools(&artifact, ARENASTORE_POLICY_DEFAULT, &ram, 1, pools,
                               memory_of_pool, 4, &error) == ARENASTORE_OK,
        "both pools are placed in the one memory");
  CHECK(memory_of_pool[0] == 0 && memory_of_pool[1] == 0 &&
            strcmp(pools[1].name, arenastore_artifact_pool_name(&artifact, 1)) == 0 &&
            ((unsigned char*)pools[1].bytes >= (unsigned char*)pools[0].bytes + pools[0].size ||
             (unsigned char*)pools[0].bytes >= (unsigned char*)pools[1].bytes + pools[1].size) &&
            (unsigned char*)pools[0].bytes + pools[0].size <= pool_storage.bytes + total &&
            (unsigned char*)pools[1].bytes + pools[1].size <= pool_storage.bytes + total,
        "each pool has its own bytes inside the memory");
  CHECK(arenastore_executor_create(&executor, &artifact, pools, 2, NULL, 0, NULL, 0, &error) ==
            ARENASTORE_OK,
        "the executor binds the placed pools");
  read_file(dir, "svdf-kws.input.bin", 1);
  CHECK(arenastore_set_input(&executor, 0, file_storage[1].bytes,
                             arenastore_input_bytes(&executor, 0), NULL) == ARENASTORE_OK &&
            arenastore_invoke(&executor, &error) == ARENASTORE_OK,
        "and runs there");
  capacity.bytes = total - 1;
  report = arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, &capacity, 1, findings, 4,
                           NULL, 0);
  arenastore_finding_text(&findings[0], text, sizeof(text));
  CHECK(report.verdict == ARENASTORE_REJECT && strstr(text, "memory 'ram'") != NULL &&
            strstr(text, "1 B missing") != NULL,
        "one byte short is rejected naming the memory and the byte");
  ram.size = total - 1;
  CHECK(arenastore_place_pools(&artifact, ARENASTORE_POLICY_DEFAULT, &ram, 1, pools, NULL, 4,
                               &error) == ARENASTORE_ARENA_TOO_SMALL &&
            strstr(error.message, "1 B missing") != NULL,
        "placing one byte short says so");
  CHECK(arenastore_place_pools(&artifact, ARENASTORE_POLICY_DEFAULT, &ram, 1, pools, NULL, 1,
                               &error) == ARENASTORE_INVALID_ARGUMENT,
        "room for fewer pools than the artifact has is an invalid argument");
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: c_api_test DIR (prepared by run_c_api_test.sh)\n");
    return 2;
  }
  check_this_runtime();
  check_bad_bytes(argv[1]);
  check_accept_and_run(argv[1]);
  check_warn_and_reject(argv[1]);
  check_short_pools(argv[1]);
  check_state_reset(argv[1]);
  check_one_ram_memory(argv[1]);
  printf("%s: %d failed\n", failures == 0 ? "c_api_test passed" : "c_api_test FAILED", failures);
  return failures == 0 ? 0 : 1;
}
