#include "ops/rsqrt/rsqrt.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/rsqrt/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::rsqrt, kRsqrtArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kRsqrt, KernelDtype::kInt8, "rsqrt/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::RsqrtInt16>(OpKind::kRsqrt,
                                                                               "rsqrt/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kRsqrtKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
