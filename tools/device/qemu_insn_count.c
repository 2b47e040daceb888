/* A QEMU TCG plugin that counts the guest instructions a device image executes between marker
 * addresses: scripts/device_bench.sh loads it into qemu-system-arm to measure one Invoke and
 * each operator of it. Host C, built as a shared library by that script; not part of any image.
 *   -plugin qemu_insn_count.so,mark=ADDR,begin=ADDR,end=ADDR[,load=ADDR][,proof=ADDR],out=FILE
 * `mark` is a function the runner calls right before and right after Invoke; `begin`/`end` are
 * arenastore_op_begin/end (runtime/op_profile_hooks.h); `load` and `proof` bracket the runner's
 * artifact check at load (the view's verifier, operand rules and plan proof) and the plan proof
 * alone. At exit it writes, for the last window between two `mark` hits: "invoke INSNS VECTOR",
 * then "op K INSNS VECTOR" per begin/end pair (K counts pairs from 0); then "load INSNS VECTOR"
 * and "proof INSNS VECTOR" for the last window of each marker given. VECTOR is the M-profile
 * vector (MVE) instructions among them. Counts include the marker functions' own instructions
 * and the calls into them (a few per window). */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few declarations of QEMU's plugin API (include/qemu/qemu-plugin.h, API version 1, as in
 * QEMU 7.2) this plugin uses; Debian ships no header for it. */
typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void* userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void* userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
struct qemu_plugin_insn* qemu_plugin_tb_get_insn(const struct qemu_plugin_tb* tb, size_t idx);
const void* qemu_plugin_insn_data(const struct qemu_plugin_insn* insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn* insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn* insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn* insn,
                                                enum qemu_plugin_op op, void* ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn* insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void* userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* One vCPU (the boards are single-core), so plain counters are exact. */
static uint64_t executed_insns;
static uint64_t executed_vector_insns;

enum marker { kMark, kBegin, kEnd, kLoad, kProof, kMarkerCount };
static uint64_t marker_address[kMarkerCount];
static const char* out_path;

struct counts {
  uint64_t insns;
  uint64_t vector;
};
/* A window between two hits of one marker: the one being measured and the last complete one. */
struct window {
  struct counts start, last;
  bool open, complete;
};
static struct window invoke_window, load_window, proof_window;
/* Per-op pairs of the open window and of the last complete one. */
enum { kMaxOps = 4096 };
static struct counts op_start, open_ops[kMaxOps], last_ops[kMaxOps];
static size_t open_op_count, last_op_count;
static bool ops_overflowed;

static struct counts now(void) {
  struct counts c = {executed_insns, executed_vector_insns};
  return c;
}

static struct counts since(struct counts start) {
  struct counts c = {executed_insns - start.insns, executed_vector_insns - start.vector};
  return c;
}

/* Opens the window at one hit, closes it at the next; true when this hit closed it. */
static bool toggle(struct window* w) {
  const bool closing = w->open;
  if (closing) {
    w->last = since(w->start);
    w->complete = true;
  }
  w->open = !w->open;
  w->start = now();
  return closing;
}

static void on_mark(unsigned int vcpu, void* unused) {
  (void)vcpu;
  (void)unused;
  if (toggle(&invoke_window)) {
    memcpy(last_ops, open_ops, open_op_count * sizeof(open_ops[0]));
    last_op_count = open_op_count;
  }
  open_op_count = 0;
}

static void on_load(unsigned int vcpu, void* unused) {
  (void)vcpu;
  (void)unused;
  toggle(&load_window);
}

static void on_proof(unsigned int vcpu, void* unused) {
  (void)vcpu;
  (void)unused;
  toggle(&proof_window);
}

static void on_begin(unsigned int vcpu, void* unused) {
  (void)vcpu;
  (void)unused;
  op_start = now();
}

static void on_end(unsigned int vcpu, void* unused) {
  (void)vcpu;
  (void)unused;
  if (!invoke_window.open) return;
  if (open_op_count == kMaxOps) {
    ops_overflowed = true;
    return;
  }
  open_ops[open_op_count++] = since(op_start);
}

/* T32 encodings of M-profile vector instructions (Armv8.1-M MVE): 32-bit instructions whose first
 * halfword is 111x 11xx (the coprocessor, floating-point and vector space) and that are either in
 * the 111x 1111 vector data-processing space or use coprocessor number 14 or 15, which MVE
 * occupies (loads, stores, VMLADAV, VDUP, VPST, ...). Floating point (coprocessors 10 and 11)
 * and the MVE scalar shifts (ASRL, LSLL, ...) are not counted: they run on the scalar side. */
static bool is_vector_instruction(const uint8_t* bytes, size_t size) {
  if (size != 4) return false;
  const unsigned first = (unsigned)bytes[0] | ((unsigned)bytes[1] << 8);
  const unsigned second = (unsigned)bytes[2] | ((unsigned)bytes[3] << 8);
  if ((first & 0xEC00u) != 0xEC00u) return false;
  if ((first & 0xEF00u) == 0xEF00u) return true;
  return ((second >> 9) & 7u) == 7u;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  static const qemu_plugin_vcpu_udata_cb_t callbacks[kMarkerCount] = {on_mark, on_begin, on_end,
                                                                          on_load, on_proof};
  const size_t count = qemu_plugin_tb_n_insns(tb);
  for (size_t i = 0; i < count; ++i) {
    struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    const uint64_t address = qemu_plugin_insn_vaddr(insn);
    for (int m = 0; m < kMarkerCount; ++m) {
      /* A Thumb function's symbol has bit 0 set; its first instruction is at the even address. */
      if (marker_address[m] != 0 && address == (marker_address[m] & ~(uint64_t)1)) {
        qemu_plugin_register_vcpu_insn_exec_cb(insn, callbacks[m], QEMU_PLUGIN_CB_NO_REGS, NULL);
      }
    }
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed_insns,
                                               1);
    if (is_vector_instruction(qemu_plugin_insn_data(insn), qemu_plugin_insn_size(insn))) {
      qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                 &executed_vector_insns, 1);
    }
  }
}

static void on_exit(qemu_plugin_id_t id, void* unused) {
  (void)id;
  (void)unused;
  FILE* out = fopen(out_path, "w");
  if (out == NULL) {
    fprintf(stderr, "qemu_insn_count: cannot write '%s'\n", out_path);
    return;
  }
  if (!invoke_window.complete) {
    fprintf(out, "error no complete window: the mark address was hit fewer than twice\n");
  } else {
    fprintf(out, "invoke %" PRIu64 " %" PRIu64 "\n", invoke_window.last.insns,
            invoke_window.last.vector);
    for (size_t k = 0; k < last_op_count; ++k) {
      fprintf(out, "op %zu %" PRIu64 " %" PRIu64 "\n", k, last_ops[k].insns, last_ops[k].vector);
    }
    if (ops_overflowed) fprintf(out, "error more than %d ops in one window\n", kMaxOps);
  }
  const struct {
    const char* name;
    enum marker marker;
    const struct window* window;
  } extra[] = {{"load", kLoad, &load_window}, {"proof", kProof, &proof_window}};
  for (size_t i = 0; i < sizeof(extra) / sizeof(extra[0]); ++i) {
    if (marker_address[extra[i].marker] == 0) continue;
    if (extra[i].window->complete) {
      fprintf(out, "%s %" PRIu64 " %" PRIu64 "\n", extra[i].name, extra[i].window->last.insns,
              extra[i].window->last.vector);
    } else {
      fprintf(out, "error no complete %s window: its marker was hit fewer than twice\n",
              extra[i].name);
    }
  }
  fclose(out);
}

/* "key=value" with a hexadecimal (0x...) or decimal address. */
static bool parse_address(const char* arg, const char* key, uint64_t* address) {
  const size_t length = strlen(key);
  if (strncmp(arg, key, length) != 0 || arg[length] != '=') return false;
  char* end = NULL;
  *address = strtoull(arg + length + 1, &end, 0);
  return end != NULL && *end == '\0';
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const struct qemu_info_t* info,
                                                               int argc, char** argv) {
  (void)info;
  static const char* const keys[kMarkerCount] = {"mark", "begin", "end", "load", "proof"};
  for (int i = 0; i < argc; ++i) {
    bool known = strncmp(argv[i], "out=", 4) == 0;
    if (known) out_path = argv[i] + 4;
    for (int m = 0; m < kMarkerCount && !known; ++m) {
      known = parse_address(argv[i], keys[m], &marker_address[m]);
    }
    if (!known) {
      fprintf(stderr, "qemu_insn_count: unknown argument '%s' (mark=, begin=, end=, load=, proof=, out=)\n",
              argv[i]);
      return 1;
    }
  }
  if (out_path == NULL || marker_address[kMark] == 0) {
    fprintf(stderr, "qemu_insn_count: needs mark=ADDRESS and out=FILE\n");
    return 1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_exit, NULL);
  return 0;
}
