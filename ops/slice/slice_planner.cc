// slice's planner unit: its slice walk (begin and size from its constant operands; strides all 1),
// checked, written to SliceOptions, read back and compared as planner/slice_walk_lowering.h does
// for every unit that carries the walk.
// Its TensorFlow Lite mapping: SLICE -> a graph op with SliceAttributes (the constant begin and
// size operands folded into one walk per input dimension, size -1 meaning "to the end" as
// TensorFlow Lite Micro's Slice reads it), or a reason it cannot run here.
#include "kernels/strided_copy.h"
#include "planner/op_unit.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSlicePlanner = SliceWalkPlanner<SliceAttributes>();

namespace slice_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  if (!m.Constant({1, 2}, "begin and size")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> begin, m.IntegerOperand(1, "begin"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> size, m.IntegerOperand(2, "size"));
  const std::vector<int32_t> shape = m.reader().ShapeOf(m.input(0));
  const size_t rank = shape.size();
  if (begin.size() != rank || size.size() != rank) {
    return m.Fail(fmt::format("begin and size have {} and {} entries for rank {}", begin.size(),
                              size.size(), rank));
  }
  if (rank == 0 || rank > 5) {
    m.Refuse(fmt::format("rank {} (TFLM slices ranks 1 to 5)", rank));
    return Status::Ok();
  }
  SliceAttributes a;
  for (size_t d = 0; d < rank; ++d) {
    const int64_t count = size[d] == -1 ? shape[d] - begin[d] : size[d];
    if (begin[d] < 0 || count < 0 || begin[d] + count > shape[d]) {
      return m.Fail(fmt::format("dimension {}: begin {} size {} leave the size {}", d, begin[d],
                                size[d], shape[d]));
    }
    a.begin.push_back(count > 0 ? static_cast<int32_t>(begin[d]) : 0);
    a.stride.push_back(1);
    a.count.push_back(static_cast<int32_t>(count));
  }
  return m.EmitByteMove(kernels::OpKind::kSlice, a);
}

}  // namespace slice_mapping

// TensorFlow Lite's SLICE (builtin 65).
extern const TfliteOpMapping kSliceTflite = {{65}, 1, &slice_mapping::Map};

}  // namespace arenastore::planner
