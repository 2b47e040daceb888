/* The example firmware: the model linked in (model.h/model.c from `arenastore export`), the gate
 * run for this runtime with the pool the firmware gives it, one inference on a fixed input, the
 * verdict and the output printed. Only <arenastore.h> and the exported model are used. The
 * input is byte i = (31 * i + 7) mod 256, so the host can run the same (scripts/device_test.sh).
 * Exit status: 0 ran, 3 the gate rejected, 1 any other error. */
#include <stddef.h>
#include <stdint.h>

#include "arenastore.h"
#include "model.h"

void board_print(const char* text); /* board_console.cc */

static void print_number(uint32_t value) {
  char digits[11];
  int i = 10;
  digits[i] = '\0';
  do {
    digits[--i] = (char)('0' + value % 10);
    value /= 10;
  } while (value != 0);
  board_print(&digits[i]);
}

static void print_hex(const uint8_t* bytes, size_t count) {
  static const char kHex[] = "0123456789abcdef";
  char pair[3] = {0, 0, 0};
  size_t i;
  for (i = 0; i < count; ++i) {
    pair[0] = kHex[bytes[i] >> 4];
    pair[1] = kHex[bytes[i] & 15];
    board_print(pair);
  }
}

static int fail(const char* what, const arenastore_error* error) {
  board_print(what);
  board_print(": ");
  board_print(arenastore_error_code_name(error->code));
  board_print(": ");
  board_print(error->message);
  board_print("\n");
  return 1;
}

static const char* verdict_word(arenastore_verdict verdict) {
  switch (verdict) {
    case ARENASTORE_ACCEPT:
      return "ACCEPT";
    case ARENASTORE_WARN:
      return "WARN";
    case ARENASTORE_REJECT:
      return "REJECT";
  }
  return "REJECT";
}

int main(void) {
  static arenastore_artifact artifact;
  static arenastore_executor executor;
  static arenastore_finding findings[16];
  static uint8_t variants[256];
  static uint8_t input[MODEL_INPUT0_BYTES];
  static uint8_t output[MODEL_OUTPUT0_BYTES];
  /* Room to lower every op once, so each invoke only runs kernels (arenastore_prepared_bytes). */
  static union {
    uint8_t bytes[16 * 1024];
    uint64_t align;
  } prepared;
  const arenastore_pool_capacity capacity = {MODEL_POOL_DTCM_NAME, sizeof(model_pool_dtcm)};
  const arenastore_pool_buffer pool = {MODEL_POOL_DTCM_NAME, model_pool_dtcm,
                                       sizeof(model_pool_dtcm)};
  arenastore_version version = arenastore_kernel_library_version();
  arenastore_gate_report report;
  arenastore_error error;
  char text[256];
  int32_t i;
  size_t k;

  board_print("firmware: runtime ");
  print_number(version.major);
  board_print(".");
  print_number(version.minor);
  board_print(".");
  print_number(version.patch);
  board_print(", isa ");
  board_print(arenastore_runtime_isa());
  board_print(", ");
  print_number((uint32_t)arenastore_built_op_count());
  board_print(" ops built\n");

  /* The pool is not bound yet: the plan's proof works in it and checks the plan in one pass. */
  if (arenastore_artifact_open_with_workspace(&artifact, model_artifact, MODEL_ARTIFACT_BYTES,
                                              model_pool_dtcm, sizeof(model_pool_dtcm),
                                              &error) != 0) {
    return fail("artifact", &error);
  }
  report = arenastore_gate(&artifact, NULL, ARENASTORE_POLICY_DEFAULT, &capacity, 1, findings,
                           sizeof(findings) / sizeof(findings[0]), variants, sizeof(variants));
  board_print("verdict: ");
  board_print(verdict_word(report.verdict));
  board_print("\n");
  for (i = 0; i < report.findings_stored; ++i) {
    arenastore_finding_text(&findings[i], text, sizeof(text));
    board_print(arenastore_finding_rejects(&findings[i]) ? "  reject " : "  warn   ");
    board_print(text);
    board_print("\n");
  }
  if (report.verdict == ARENASTORE_REJECT) return 3;

  if (arenastore_executor_create(&executor, &artifact, &pool, 1, variants,
                                 (size_t)arenastore_artifact_operator_count(&artifact),
                                 prepared.bytes, sizeof(prepared.bytes), &error) != 0) {
    return fail("executor", &error);
  }
  for (k = 0; k < sizeof(input); ++k) input[k] = (uint8_t)(31u * k + 7u);
  if (arenastore_set_input(&executor, 0, input, sizeof(input), &error) != 0 ||
      arenastore_invoke(&executor, &error) != 0 ||
      arenastore_get_output(&executor, 0, output, sizeof(output), &error) != 0) {
    return fail("invoke", &error);
  }
  board_print("output: ");
  print_hex(output, sizeof(output));
  board_print("\n");
  return 0;
}
