// ExecForm: how an operator's kernel places its output relative to its input, the execution
// form a plan chose for it (the artifact's Operator.form). Set in OpParams by the runtime's
// lowering; the registry runs (and sizes) the variant's kernel of that form, and a variant that
// lacks the form is the gate's reject. Freestanding constants.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels {

enum class ExecForm : uint8_t {
  kWhole = 0,      // the output has bytes of its own
  kOverInput = 1,  // the output overwrites its first input, which dies at this op: it starts at
                   // the input's first byte, or, larger than the input, ends at its last byte
                   // (OverInputLeadBytes); the kernel reads every input byte before it writes over
                   // it (keeping what it still needs in its declared scratch)
};
inline constexpr int kExecFormCount = 2;

// Where an output written over its input starts, in bytes before the input's first byte: 0 when
// it is no larger than the input, else the difference (the two then end together).
constexpr uint64_t OverInputLeadBytes(uint64_t input_bytes, uint64_t output_bytes) {
  return output_bytes > input_bytes ? output_bytes - input_bytes : 0;
}

// How a variant's kernel of a form runs params against its own whole kernel: what the planner
// weighs before taking the form (KernelForm::speed). Ordered: each tier is slower than the last.
enum class FormSpeed : uint8_t {
  kAsWhole = 0,    // as fast: taken wherever it lowers the peak
  kOwnSlower = 1,  // the variant's own code, slower than its whole kernel: taken to fit the pools
  kReference = 2,  // ref's code, borrowed: slower still, taken last to fit the pools
};

// What a form's size function returns for params the form does not apply to (and the registry's
// ScratchBytesOf for a form a variant lacks): more than any plan holds, so no such variant fits.
inline constexpr size_t kFormMissingBytes = SIZE_MAX;

// "whole", "over-input"; nullptr for a value outside the enum.
constexpr const char* ExecFormName(ExecForm form) {
  switch (form) {
    case ExecForm::kWhole:
      return "whole";
    case ExecForm::kOverInput:
      return "over-input";
  }
  return nullptr;
}

}  // namespace arenastore::kernels
