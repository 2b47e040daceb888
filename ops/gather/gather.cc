#include "ops/gather/gather.h"

#include "kernels/kernel_rows.h"
#include "ops/gather/ref.h"

namespace arenastore::kernels {

Status CheckGatherParams(const GatherParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.batch_size >= 0 && p.outer_size >= 0 && p.coord_size >= 0 &&
                              p.axis_size >= 0 && p.inner_size >= 0,
                          "sizes batch %d, outer %d, coord %d, axis %d, inner %d", p.batch_size,
                          p.outer_size, p.coord_size, p.axis_size, p.inner_size);
  const int64_t rows = int64_t{p.batch_size} * p.outer_size;
  const int64_t input_bytes = rows * p.axis_size * p.inner_size;
  const int64_t output_bytes = rows * p.coord_size * p.inner_size;
  const int64_t index_count = int64_t{p.batch_size} * p.coord_size;
  ARENASTORE_CHECK_PARAMS(
      kernel, input_bytes <= INT32_MAX && output_bytes <= INT32_MAX && index_count <= INT32_MAX,
      "sizes exceed int32");
  ARENASTORE_CHECK_PARAMS(kernel, index_count == 0 || p.indices != nullptr,
                          "%lld indices but none given", static_cast<long long>(index_count));
  for (int64_t i = 0; i < index_count; ++i) {
    ARENASTORE_CHECK_PARAMS(kernel, p.indices[i] >= 0 && p.indices[i] < p.axis_size,
                            "indices[%lld] = %d not in [0, %d)", static_cast<long long>(i),
                            p.indices[i], p.axis_size);
  }
  return Status::Ok();
}

Status MakeGatherParams(const GatherShapes& s, int32_t axis, int32_t axis_dims, int32_t batch_dims,
                        const int32_t* indices, int32_t index_count, GatherParams* p) {
  constexpr ErrorCode kInvalid = ErrorCode::kKernelInvalidParams;
  ARENASTORE_CHECK_OR_RETURN(
      s.input_rank >= 1 && s.input_rank <= kMaxGatherRank && s.indices_rank >= 0 &&
          s.indices_rank <= kMaxGatherRank && s.output_rank >= 0 && s.output_rank <= kMaxGatherRank,
      kInvalid, "gather: ranks input %d, indices %d, output %d not in [1, %d]", s.input_rank,
      s.indices_rank, s.output_rank, kMaxGatherRank);
  ARENASTORE_CHECK_OR_RETURN(axis_dims >= 0 && axis >= 0 && axis + axis_dims <= s.input_rank &&
                                 (axis_dims > 0 || axis == 0),
                             kInvalid, "gather: axis %d spanning %d dims is outside rank %d", axis,
                             axis_dims, s.input_rank);
  ARENASTORE_CHECK_OR_RETURN(batch_dims >= 0 && batch_dims <= axis && batch_dims <= s.indices_rank,
                             kInvalid,
                             "gather: batch_dims %d must be in [0, min(axis %d, indices rank %d)]",
                             batch_dims, axis, s.indices_rank);
  *p = GatherParams{};
  int64_t batch = 1, outer = 1, axis_size = 1, inner = 1, coord = 1, count = 1;
  for (int32_t d = 0; d < s.input_rank; ++d) {
    const int32_t dim = s.input_shape[d];
    ARENASTORE_CHECK_OR_RETURN(dim >= 0, kInvalid, "gather: input dim %d is %d", d, dim);
    if (d < batch_dims) {
      ARENASTORE_CHECK_OR_RETURN(s.indices_shape[d] == dim, kInvalid,
                                 "gather: batch dim %d is %d in the input, %d in the indices", d,
                                 dim, s.indices_shape[d]);
      batch *= dim;
    } else if (d < axis) {
      outer *= dim;
    } else if (d < axis + axis_dims) {
      axis_size *= dim;
    } else {
      inner *= dim;
    }
  }
  for (int32_t d = 0; d < s.indices_rank; ++d) {
    ARENASTORE_CHECK_OR_RETURN(s.indices_shape[d] >= 0, kInvalid, "gather: indices dim %d is %d", d,
                               s.indices_shape[d]);
    count *= s.indices_shape[d];
    if (d >= batch_dims) coord *= s.indices_shape[d];
    ARENASTORE_CHECK_OR_RETURN(count <= INT32_MAX, kInvalid, "gather: too many indices");
  }
  ARENASTORE_CHECK_OR_RETURN(count == index_count, kInvalid,
                             "gather: %d indices for an indices shape of %lld", index_count,
                             static_cast<long long>(count));
  // The output is input[:axis] + indices[batch_dims:] + input[axis + axis_dims:].
  const int32_t expected_rank =
      axis + (s.indices_rank - batch_dims) + (s.input_rank - axis - axis_dims);
  bool agrees = s.output_rank == expected_rank;
  for (int32_t d = 0; agrees && d < expected_rank; ++d) {
    int32_t want;
    if (d < axis) {
      want = s.input_shape[d];
    } else if (d < axis + s.indices_rank - batch_dims) {
      want = s.indices_shape[d - axis + batch_dims];
    } else {
      want = s.input_shape[d - (s.indices_rank - batch_dims) + axis_dims];
    }
    agrees = s.output_shape[d] == want;
  }
  ARENASTORE_CHECK_OR_RETURN(agrees, kInvalid,
                             "gather: the output shape is not input[:axis] + "
                             "indices[batch_dims:] + input[axis + %d:]",
                             axis_dims);
  ARENASTORE_CHECK_OR_RETURN(
      batch * outer * axis_size * inner <= INT32_MAX && batch * outer * coord * inner <= INT32_MAX,
      kInvalid, "gather: tensor sizes exceed int32");
  p->indices = indices;
  p->batch_size = static_cast<int32_t>(batch);
  p->outer_size = static_cast<int32_t>(outer);
  p->coord_size = static_cast<int32_t>(coord);
  p->axis_size = static_cast<int32_t>(axis_size);
  p->inner_size = static_cast<int32_t>(inner);
  return CheckGatherParams(*p, "gather");
}

extern const OpKernels kGatherKernels =
    RefOnlyKernels<OpKind::kGather, &ref::GatherScratchBytes, &ref::Gather>();

}  // namespace arenastore::kernels
