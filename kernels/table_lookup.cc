#include "kernels/table_lookup.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels {

Status CheckTableLookupParams(const TableLookupParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.table != nullptr && p.elements >= 0, "%s",
                          p.table == nullptr ? "no table" : "negative element count");
  return Status::Ok();
}

namespace ref {

size_t TableLookupScratchBytes(const TableLookupParams&) { return 0; }

Status TableLookup(const TableLookupParams& params, const int8_t* input, int8_t* output,
                   std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH("table_lookup/ref", scratch.size(), TableLookupScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTableLookupParams(params, "table_lookup/ref"));
  const int8_t* table = params.table + 128;
  for (int32_t i = 0; i < params.elements; ++i) output[i] = table[input[i]];
  return Status::Ok();
}

}  // namespace ref
}  // namespace arenastore::kernels
