#include "ops/quantize_float/quantize_float.h"

#include "kernels/kernel_rows.h"
#include "ops/quantize_float/ref.h"

namespace arenastore::kernels {

using Rows = KernelRows<OpKind::kQuantizeFloat>;

// Kernels are keyed by their input's type; a float input is not int16, so this is the int8 row.
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::QuantizeFloatScratchBytes, &ref::QuantizeFloat>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::QuantizeFloatOverInputApplies,
                     &ref::QuantizeFloatScratchBytes, &ref::QuantizeFloat>),
};
extern const OpKernels kQuantizeFloatKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
