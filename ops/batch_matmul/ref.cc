#include "ops/batch_matmul/ref.h"

#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "batch_matmul/ref";
constexpr int kBatchDims = 3;

// Where element (i, k) of an operand viewed as [m, depth] lies: at i * outer + k * inner, for
// storage [m, depth] or, transposed, [depth, m].
struct MatrixStrides {
  ptrdiff_t outer, inner;
};

MatrixStrides Strides(bool transposed, int32_t outer_count, int32_t inner_count) {
  return transposed ? MatrixStrides{1, outer_count} : MatrixStrides{inner_count, 1};
}

// Flat index of the operand's matrix that output batch (b0, b1, b2) reads; broadcast dims stay 0.
ptrdiff_t OperandBatch(const int32_t* dims, const int32_t* coordinate) {
  ptrdiff_t index = 0;
  for (int i = 0; i < kBatchDims; ++i) index = index * dims[i] + (dims[i] == 1 ? 0 : coordinate[i]);
  return index;
}

// One kernel for both widths: T is the operands' type (int8, or int16) and Acc the accumulator
// (int32, or int64 as TensorFlow Lite sums int16 products).
// Out of line, with its fields in locals walked by pointer: inlined into the batch walk, the
// inner loop ran out of registers and spilled on x86 (1.45x slower); the output is int8, which
// may alias anything, so the fields are read once here.
template <typename Acc, typename T>
[[gnu::noinline]] void MultiplyOneBatch(const BatchMatmulParams& p, const T* lhs, const T* rhs, T* output) {
  // lhs element (row, k); rhs element (col, k) of the transposed view, so both walk k.
  const MatrixStrides l = Strides(p.adj_x, p.rows, p.accum_depth);
  const MatrixStrides r = Strides(!p.adj_y, p.cols, p.accum_depth);
  const int32_t depth = p.accum_depth;
  const int32_t lhs_zero_point = p.lhs_zero_point, rhs_zero_point = p.rhs_zero_point;
  for (int32_t row = 0; row < p.rows; ++row) {
    for (int32_t col = 0; col < p.cols; ++col) {
      const T* a = lhs + row * l.outer;
      const T* b = rhs + col * r.outer;
      WrappingSum<Acc> acc;
      for (int32_t k = 0; k < depth; ++k, a += l.inner, b += r.inner) {
        acc.Add((*a - lhs_zero_point) * (*b - rhs_zero_point));
      }
      *output++ = RequantizeTo<T>(acc.value(), p.output_multiplier, p.output_shift,
                                  p.output_zero_point, p.activation_min, p.activation_max);
    }
  }
}

template <typename Acc, typename T>
void MultiplyAll(const BatchMatmulParams& p, const T* lhs, const T* rhs, T* output) {
  int32_t out_batch[kBatchDims];
  for (int i = 0; i < kBatchDims; ++i) {
    out_batch[i] = p.lhs_batch[i] > p.rhs_batch[i] ? p.lhs_batch[i] : p.rhs_batch[i];
  }
  const ptrdiff_t lhs_matrix = static_cast<ptrdiff_t>(p.rows) * p.accum_depth;
  const ptrdiff_t rhs_matrix = static_cast<ptrdiff_t>(p.accum_depth) * p.cols;
  const ptrdiff_t out_matrix = static_cast<ptrdiff_t>(p.rows) * p.cols;
  int32_t at[kBatchDims];
  for (at[0] = 0; at[0] < out_batch[0]; ++at[0]) {
    for (at[1] = 0; at[1] < out_batch[1]; ++at[1]) {
      for (at[2] = 0; at[2] < out_batch[2]; ++at[2]) {
        MultiplyOneBatch<Acc>(p, lhs + OperandBatch(p.lhs_batch, at) * lhs_matrix,
                              rhs + OperandBatch(p.rhs_batch, at) * rhs_matrix, output);
        output += out_matrix;
      }
    }
  }
}

}  // namespace

size_t BatchMatmulScratchBytes(const BatchMatmulParams&) { return 0; }

Status BatchMatmul(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                   int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), BatchMatmulScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBatchMatmulParams(params, kName));
  MultiplyAll<int32_t>(params, lhs, rhs, output);
  return Status::Ok();
}

size_t BatchMatmulInt16ScratchBytes(const BatchMatmulParams&) { return 0; }

Status BatchMatmulInt16(const BatchMatmulParams& params, const int16_t* lhs, const int16_t* rhs,
                        int16_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), BatchMatmulInt16ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBatchMatmulParams(params, kName, KernelDtype::kInt16));
  MultiplyAll<int64_t>(params, lhs, rhs, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
