// The kernel every int8 table-lookup op shares (ops whose params are TableLookupParams:
// the ops of ops/op_list.h whose options table is TableLookupOptions): one byte read per
// element, no scratch. Each op's unit lists it in its registry rows under its own name
// ("<op>/ref"), so reports and audits name the source op. Freestanding, never allocates.
// Errors: kKernelInvalidParams (no table, negative count), kKernelScratchTooSmall (checks on).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/params_check.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

// kKernelInvalidParams naming `kernel` when the table is missing or the count negative.
Status CheckTableLookupParams(const TableLookupParams& params, const char* kernel);

namespace ref {

size_t TableLookupScratchBytes(const TableLookupParams& params);

// output may equal input (in place).
Status TableLookup(const TableLookupParams& params, const int8_t* input, int8_t* output,
                   std::span<uint8_t> scratch);

}  // namespace ref
}  // namespace arenastore::kernels
