// strided_slice's planner unit: its slice walk (the walk TensorFlow Lite Micro's StridedSlice
// takes), written to SliceOptions, read back and compared as planner/slice_walk_lowering.h does for
// every unit that carries the walk.
// Its TensorFlow Lite mapping: STRIDED_SLICE -> a graph op with StridedSliceAttributes: the
// constant begin/end/strides operands and the masks resolved per input dimension exactly as
// TensorFlow Lite Micro's reference StridedSlice walks them (indices padded at the front to the
// input's rank, negative indices, clamping, begin/end masks, offset, shrunk axes), or a reason it
// cannot run here (ellipsis and new axes, which TFLM's kernel ignores).
#include "kernels/strided_copy.h"
#include "planner/op_unit.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kStridedSlicePlanner = SliceWalkPlanner<StridedSliceAttributes>();

namespace strided_slice_mapping {

constexpr int64_t kMaxIndex = int64_t{1} << 30;

int64_t Clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

struct Masks {
  int32_t begin = 0, end = 0, shrink = 0;
  bool offset = false;
};

// One input dimension of TFLM's walk: its first index and its element count.
void ResolveAxis(int64_t size, int64_t begin, int64_t end, int64_t stride, bool begin_mask,
                 bool end_mask, bool shrink, bool offset, int32_t* first, int32_t* count) {
  int64_t start = begin < 0 ? begin + size : begin;
  start = stride > 0 ? Clamp(start, 0, size) : Clamp(start, -1, size - 1);
  if (begin_mask) start = stride > 0 ? 0 : size - 1;
  int64_t stop;
  if (shrink) {
    stop = start >= size ? start : start + 1;
  } else {
    stop = offset ? end + start : end;
    if (stop < 0) stop += size;
    stop = stride > 0 ? Clamp(stop, 0, size) : Clamp(stop, -1, size - 1);
    if (end_mask) stop = stride > 0 ? size : -1;
  }
  // TFLM loops while index < stop (stride > 0) or index > stop (stride < 0).
  const int64_t span = stride > 0 ? stop - start : start - stop;
  const int64_t step = stride > 0 ? stride : -stride;
  const int64_t n = span > 0 ? (span + step - 1) / step : 0;
  *first = static_cast<int32_t>(n > 0 ? start : 0);
  *count = static_cast<int32_t>(n);
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(4, 4));
  if (!m.Constant({1, 2, 3}, "begin, end and strides")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> begin, m.IntegerOperand(1, "begin"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> end, m.IntegerOperand(2, "end"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> strides, m.IntegerOperand(3, "strides"));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::StridedSliceOptions* o,
                              m.OptionsOf<tfl::StridedSliceOptions>(false));
  Masks masks;
  if (o != nullptr) {
    if (o->ellipsis_mask() != 0 || o->new_axis_mask() != 0) {
      m.Refuse("ellipsis_mask or new_axis_mask set");
      return Status::Ok();
    }
    masks = {o->begin_mask(), o->end_mask(), o->shrink_axis_mask(), o->offset()};
  }
  const std::vector<int32_t> shape = m.reader().ShapeOf(m.input(0));
  const size_t rank = shape.size();
  const size_t given = begin.size();
  if (end.size() != given || strides.size() != given || given > rank) {
    return m.Fail(fmt::format("begin, end and strides have {}, {} and {} entries for rank {}",
                              given, end.size(), strides.size(), rank));
  }
  if (rank == 0 || rank > 5) {
    m.Refuse(fmt::format("rank {} (TFLM slices ranks 1 to 5)", rank));
    return Status::Ok();
  }
  StridedSliceAttributes a;
  const size_t pad = rank - given;  // TFLM pads missing indices at the front, fully taken
  for (size_t d = 0; d < rank; ++d) {
    int32_t first = 0, count = 0;
    if (d < pad) {
      ResolveAxis(shape[d], 0, 1, 1, true, true, false, false, &first, &count);
      a.begin.push_back(first);
      a.stride.push_back(1);
      a.count.push_back(count);
      continue;
    }
    const size_t i = d - pad;
    if (strides[i] == 0 || strides[i] < -kMaxIndex || strides[i] > kMaxIndex ||
        begin[i] < -kMaxIndex || begin[i] > kMaxIndex || end[i] < -kMaxIndex ||
        end[i] > kMaxIndex) {
      return m.Fail(fmt::format("dimension {}: begin {}, end {}, stride {} out of range", d,
                                begin[i], end[i], strides[i]));
    }
    const auto bit = [&](int32_t mask) { return ((mask >> i) & 1) != 0; };
    ResolveAxis(shape[d], begin[i], end[i], strides[i], bit(masks.begin), bit(masks.end),
                bit(masks.shrink), masks.offset, &first, &count);
    a.begin.push_back(first);
    a.stride.push_back(static_cast<int32_t>(strides[i]));
    a.count.push_back(count);
  }
  int64_t elements = 1;
  for (int32_t n : a.count) elements *= n;
  int64_t output_elements = 1;
  for (int32_t n : m.reader().ShapeOf(m.output())) output_elements *= n;
  if (elements != output_elements) {
    m.Refuse(fmt::format("TFLM's walk yields {} elements, the output holds {}", elements,
                         output_elements));
  }
  return m.EmitByteMove(kernels::OpKind::kStridedSlice, a);
}

}  // namespace strided_slice_mapping

// TensorFlow Lite's STRIDED_SLICE (builtin 45).
extern const TfliteOpMapping kStridedSliceTflite = {{45}, 1, &strided_slice_mapping::Map};

}  // namespace arenastore::planner
