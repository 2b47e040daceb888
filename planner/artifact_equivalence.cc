#include "planner/artifact_equivalence.h"

#include <cstring>
#include <functional>

#include "kernels/op_kind.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

template <typename T>
bool SameVector(const flatbuffers::Vector<T>* a, const flatbuffers::Vector<T>* b) {
  const size_t a_size = a == nullptr ? 0 : a->size();
  const size_t b_size = b == nullptr ? 0 : b->size();
  if (a_size != b_size) return false;
  return a_size == 0 || std::memcmp(a->Data(), b->Data(), a_size * sizeof(T)) == 0;
}

template <typename Table, typename... Getters>
bool SameFields(const Table* a, const Table* b, Getters... getters) {
  if (a == nullptr || b == nullptr) return a == b;
  return ((std::invoke(getters, a) == std::invoke(getters, b)) && ...);
}

bool SameRequant(const schema::Requantization* a, const schema::Requantization* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return SameVector(a->multiplier(), b->multiplier()) && SameVector(a->shift(), b->shift());
}

// Null when the op kind has no requantization table.
const schema::Requantization* RequantOf(const schema::Operator& op) {
  switch (static_cast<OpKind>(op.kind())) {
    case OpKind::kConv2d:
      return op.options_as_Conv2dOptions()->requant();
    case OpKind::kDepthwiseConv2d:
      return op.options_as_DepthwiseConv2dOptions()->requant();
    case OpKind::kFullyConnected:
      return op.options_as_FullyConnectedOptions()->requant();
    case OpKind::kBatchMatmul:
      return op.options_as_BatchMatmulOptions()->requant();
    case OpKind::kTransposeConv2d:
      return op.options_as_TransposeConv2dOptions()->requant();
    default:
      return nullptr;
  }
}

// The padding enum is not compared: the kernels use only pad_top/pad_left and the shapes, and
// an EXPLICIT pad is read back as the SAME or VALID that the comparison then proves equal.
bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  using namespace schema;  // NOLINT: the getter lists below read best unqualified
  switch (static_cast<OpKind>(a.kind())) {
    case OpKind::kConv2d: {
      const auto *x = a.options_as_Conv2dOptions(), *y = b.options_as_Conv2dOptions();
      using O = Conv2dOptions;
      return SameFields(x, y, &O::stride_h, &O::stride_w, &O::dilation_h, &O::dilation_w,
                        &O::pad_top, &O::pad_left, &O::activation, &O::activation_min,
                        &O::activation_max);
    }
    case OpKind::kDepthwiseConv2d: {
      const auto *x = a.options_as_DepthwiseConv2dOptions(),
                 *y = b.options_as_DepthwiseConv2dOptions();
      using O = DepthwiseConv2dOptions;
      return SameFields(x, y, &O::stride_h, &O::stride_w, &O::dilation_h, &O::dilation_w,
                        &O::pad_top, &O::pad_left, &O::depth_multiplier, &O::activation,
                        &O::activation_min, &O::activation_max);
    }
    case OpKind::kFullyConnected: {
      const auto *x = a.options_as_FullyConnectedOptions(),
                 *y = b.options_as_FullyConnectedOptions();
      using O = FullyConnectedOptions;
      return SameFields(x, y, &O::activation, &O::activation_min, &O::activation_max,
                        &O::keep_num_dims);
    }
    case OpKind::kBatchMatmul: {
      const auto *x = a.options_as_BatchMatmulOptions(), *y = b.options_as_BatchMatmulOptions();
      using O = BatchMatmulOptions;
      return SameFields(x, y, &O::adj_x, &O::adj_y, &O::activation_min, &O::activation_max);
    }
    case OpKind::kTransposeConv2d: {
      const auto *x = a.options_as_TransposeConv2dOptions(),
                 *y = b.options_as_TransposeConv2dOptions();
      using O = TransposeConv2dOptions;
      return SameFields(x, y, &O::stride_h, &O::stride_w, &O::pad_top, &O::pad_left, &O::activation,
                        &O::activation_min, &O::activation_max);
    }
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d: {
      using O = Pool2dOptions;
      return SameFields(a.options_as_Pool2dOptions(), b.options_as_Pool2dOptions(), &O::padding,
                        &O::filter_h, &O::filter_w, &O::stride_h, &O::stride_w, &O::pad_top,
                        &O::pad_left, &O::activation, &O::activation_min, &O::activation_max);
    }
    case OpKind::kAdd: {
      using O = AddOptions;
      return SameFields(a.options_as_AddOptions(), b.options_as_AddOptions(), &O::activation,
                        &O::activation_min, &O::activation_max, &O::left_shift,
                        &O::input1_multiplier, &O::input1_shift, &O::input2_multiplier,
                        &O::input2_shift, &O::output_multiplier, &O::output_shift);
    }
    case OpKind::kMul: {
      using O = MulOptions;
      return SameFields(a.options_as_MulOptions(), b.options_as_MulOptions(), &O::activation,
                        &O::activation_min, &O::activation_max, &O::output_multiplier,
                        &O::output_shift);
    }
    case OpKind::kSoftmax: {
      using O = SoftmaxOptions;
      return SameFields(a.options_as_SoftmaxOptions(), b.options_as_SoftmaxOptions(), &O::beta,
                        &O::input_multiplier, &O::input_left_shift, &O::diff_min);
    }
    case OpKind::kReshape:
      return a.options_type() == b.options_type();
    case OpKind::kPad: {
      const auto *x = a.options_as_PadOptions(), *y = b.options_as_PadOptions();
      return x != nullptr && y != nullptr && SameVector(x->before(), y->before()) &&
             SameVector(x->after(), y->after());
    }
    case OpKind::kConcatenation: {
      using O = ConcatenationOptions;
      return SameFields(a.options_as_ConcatenationOptions(), b.options_as_ConcatenationOptions(),
                        &O::axis);
    }
  }
  return false;
}

bool SameQuantization(const schema::Quantization* a, const schema::Quantization* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return SameVector(a->scale(), b->scale()) && SameVector(a->zero_point(), b->zero_point()) &&
         a->quantized_dimension() == b->quantized_dimension();
}

bool SameTensor(const runtime::ArtifactView& va, const schema::Tensor& a,
                const runtime::ArtifactView& vb, const schema::Tensor& b) {
  if (a.type() != b.type() || !SameVector(a.shape(), b.shape()) ||
      !SameQuantization(a.quantization(), b.quantization()) || (a.pool() < 0) != (b.pool() < 0) ||
      a.bytes() != b.bytes()) {
    return false;
  }
  if (a.pool() >= 0) return true;
  return std::memcmp(va.ConstantData(a), vb.ConstantData(b), static_cast<size_t>(a.bytes())) == 0;
}

Status Differs(const char* what) {
  return Status::Error(ErrorCode::kPlanInvalid,
                       "the re-planned artifact would not compute what the original does: %s; "
                       "nothing was stored",
                       what);
}

// The planner derives requantization, pads and activation ranges from scales and shapes; an
// artifact whose producer recorded other values cannot be re-planned without changing outputs.
Status OpDiffers(const schema::Operator& op, int32_t index, const char* aspect) {
  const char* kind = kernels::OpKindName(static_cast<OpKind>(op.kind()));
  return Status::Error(ErrorCode::kPlanInvalid,
                       "the re-planned artifact would not compute what the original does: op %d "
                       "(%s) %s differ from what this planner derives from the artifact's scales "
                       "and shapes; nothing was stored",
                       index, kind == nullptr ? "unknown" : kind, aspect)
      .WithOp(index);
}

}  // namespace

Status CheckSameComputation(const runtime::ArtifactView& original,
                            const runtime::ArtifactView& replanned) {
  const schema::Artifact& a = original.artifact();
  const schema::Artifact& b = replanned.artifact();
  if (original.tensor_count() != replanned.tensor_count() ||
      original.operator_count() != replanned.operator_count() ||
      !SameVector(a.inputs(), b.inputs()) || !SameVector(a.outputs(), b.outputs())) {
    return Differs("the graph's tensors, operators, inputs or outputs differ");
  }
  for (int32_t t = 0; t < original.tensor_count(); ++t) {
    if (!SameTensor(original, original.tensor(t), replanned, replanned.tensor(t))) {
      return Differs("the type, shape, quantization or constant bytes of a tensor differ")
          .WithTensor(t);
    }
  }
  for (int32_t i = 0; i < original.operator_count(); ++i) {
    const schema::Operator& x = original.op(i);
    const schema::Operator& y = replanned.op(i);
    if (x.kind() != y.kind() || !SameVector(x.inputs(), y.inputs()) ||
        !SameVector(x.outputs(), y.outputs()) || !original.IsKnownOpKind(i)) {
      return OpDiffers(x, i, "kind or operands");
    }
    if (!SameOptions(x, y)) return OpDiffers(x, i, "options");
    if (!SameRequant(RequantOf(x), RequantOf(y))) return OpDiffers(x, i, "requantization");
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
