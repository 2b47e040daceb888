// InterleaveSlabs: the copy behind the ref concatenation and pack kernels. For each outer index
// in turn, input k's outer-th slab is copied after input k-1's, so the output holds the inputs
// side by side along the joined axis. Invariant: a slab whose source already sits where it would
// be written (the planner had its producer write it in place) is left. Freestanding, header-only,
// never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels::ref {

// `slab_elements(k)`: the bytes of one of input k's slabs (one outer index's worth).
template <typename SlabElements>
void InterleaveSlabs(const int8_t* const* inputs, int32_t num_inputs, ptrdiff_t outer_size,
                     SlabElements&& slab_elements, int8_t* output) {
  for (ptrdiff_t outer = 0; outer < outer_size; ++outer) {
    for (int32_t k = 0; k < num_inputs; ++k) {
      const ptrdiff_t slab = slab_elements(k);
      const int8_t* source = inputs[k] + outer * slab;
      if (source != output) {  // else the planner had its producer write it in place
        for (ptrdiff_t i = 0; i < slab; ++i) output[i] = source[i];
      }
      output += slab;
    }
  }
}

}  // namespace arenastore::kernels::ref
