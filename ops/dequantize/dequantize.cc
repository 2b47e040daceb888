#include "ops/dequantize/dequantize.h"

#include "kernels/kernel_rows.h"
#include "ops/dequantize/ref.h"

namespace arenastore::kernels {

using Rows = KernelRows<OpKind::kDequantize>;

// One kernel serves both input types; the params say which.
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::DequantizeScratchBytes, &ref::Dequantize>(),
    Rows::Int16Row<Isa::kRef, &ref::DequantizeScratchBytes, &ref::Dequantize>(),
};
extern const OpKernels kDequantizeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
