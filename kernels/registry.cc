#include "kernels/registry.h"

#include "kernels/arm_dsp/add.h"
#include "kernels/arm_dsp/average_pool2d.h"
#include "kernels/arm_dsp/conv2d.h"
#include "kernels/arm_dsp/depthwise_conv2d.h"
#include "kernels/arm_dsp/fully_connected.h"
#include "kernels/arm_mve/add.h"
#include "kernels/arm_mve/average_pool2d.h"
#include "kernels/arm_mve/conv2d.h"
#include "kernels/arm_mve/depthwise_conv2d.h"
#include "kernels/arm_mve/fully_connected.h"
#include "kernels/ref/add.h"
#include "kernels/ref/average_pool2d.h"
#include "kernels/ref/batch_matmul.h"
#include "kernels/ref/concatenation.h"
#include "kernels/ref/conv2d.h"
#include "kernels/ref/depthwise_conv2d.h"
#include "kernels/ref/fully_connected.h"
#include "kernels/ref/max_pool2d.h"
#include "kernels/ref/mul.h"
#include "kernels/ref/pad.h"
#include "kernels/ref/reshape.h"
#include "kernels/ref/softmax.h"
#include "kernels/ref/transpose_conv2d.h"
// Cortex-M (M-profile) builds carry no x86 entries: a microcontroller's gate only sizes the
// variants its own core runs, and the x86 size functions would cost every image about 1.5 KiB.
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define ARENASTORE_REGISTER_X86 0
#else
#define ARENASTORE_REGISTER_X86 1
#endif
#if ARENASTORE_REGISTER_X86
#include "kernels/x86_avx2/add.h"
#include "kernels/x86_avx2/average_pool2d.h"
#include "kernels/x86_avx2/batch_matmul.h"
#include "kernels/x86_avx2/concatenation.h"
#include "kernels/x86_avx2/conv2d.h"
#include "kernels/x86_avx2/depthwise_conv2d.h"
#include "kernels/x86_avx2/fully_connected.h"
#include "kernels/x86_avx2/max_pool2d.h"
#include "kernels/x86_avx2/mul.h"
#include "kernels/x86_avx2/pad.h"
#include "kernels/x86_avx2/transpose_conv2d.h"
#include "kernels/x86_avx512vnni/add.h"
#include "kernels/x86_avx512vnni/average_pool2d.h"
#include "kernels/x86_avx512vnni/batch_matmul.h"
#include "kernels/x86_avx512vnni/concatenation.h"
#include "kernels/x86_avx512vnni/conv2d.h"
#include "kernels/x86_avx512vnni/depthwise_conv2d.h"
#include "kernels/x86_avx512vnni/fully_connected.h"
#include "kernels/x86_avx512vnni/max_pool2d.h"
#include "kernels/x86_avx512vnni/mul.h"
#include "kernels/x86_avx512vnni/pad.h"
#include "kernels/x86_avx512vnni/softmax.h"
#include "kernels/x86_avx512vnni/transpose_conv2d.h"
#endif

namespace arenastore::kernels {
namespace {

// Operand unpacking shared by the adapters: OpOperands carries untyped pointers in the order
// op_params.h documents; each adapter checks the count before it reads any.
const int8_t* Int8Input(const OpOperands& operands, int index) {
  return static_cast<const int8_t*>(operands.inputs[index]);
}

// The bias of conv-like ops is optional: absent (fewer inputs) or null means no bias.
const int32_t* OptionalBias(const OpOperands& operands, int index) {
  return operands.num_inputs > index ? static_cast<const int32_t*>(operands.inputs[index])
                                     : nullptr;
}

int8_t* Int8Output(const OpOperands& operands) { return static_cast<int8_t*>(operands.output); }

// `required` inputs must be present and non-null; up to `allowed` may be given.
Status CheckOperands(const OpOperands& operands, int32_t required, int32_t allowed,
                     const char* name) {
  ARENASTORE_CHECK_OR_RETURN(operands.num_inputs >= required && operands.num_inputs <= allowed,
                             ErrorCode::kKernelInvalidParams, "%s: given %d inputs, takes %d to %d",
                             name, operands.num_inputs, required, allowed);
  for (int32_t i = 0; i < required; ++i) {
    ARENASTORE_CHECK_OR_RETURN(operands.inputs[i] != nullptr, ErrorCode::kKernelInvalidParams,
                               "%s: input %d is null", name, i);
  }
  ARENASTORE_CHECK_OR_RETURN(operands.output != nullptr, ErrorCode::kKernelInvalidParams,
                             "%s: output is null", name);
  return Status::Ok();
}

// ---- ref adapters: OpParams/OpOperands -> kernels/ref signatures ----

size_t Conv2dRefScratch(const OpParams& p) { return ref::Conv2dScratchBytes(p.conv2d); }
Status Conv2dRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/ref"));
  return ref::Conv2d(p.conv2d, Int8Input(o, 0), Int8Input(o, 1), OptionalBias(o, 2), Int8Output(o),
                     scratch);
}

size_t DepthwiseConv2dRefScratch(const OpParams& p) {
  return ref::DepthwiseConv2dScratchBytes(p.depthwise_conv2d);
}
Status DepthwiseConv2dRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/ref"));
  return ref::DepthwiseConv2d(p.depthwise_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                              OptionalBias(o, 2), Int8Output(o), scratch);
}

size_t FullyConnectedRefScratch(const OpParams& p) {
  return ref::FullyConnectedScratchBytes(p.fully_connected);
}
Status FullyConnectedRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "fully_connected/ref"));
  return ref::FullyConnected(p.fully_connected, Int8Input(o, 0), Int8Input(o, 1),
                             OptionalBias(o, 2), Int8Output(o), scratch);
}

size_t BatchMatmulRefScratch(const OpParams& p) {
  return ref::BatchMatmulScratchBytes(p.batch_matmul);
}
Status BatchMatmulRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "batch_matmul/ref"));
  return ref::BatchMatmul(p.batch_matmul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}

size_t TransposeConv2dRefScratch(const OpParams& p) {
  return ref::TransposeConv2dScratchBytes(p.transpose_conv2d);
}
Status TransposeConv2dRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "transpose_conv2d/ref"));
  return ref::TransposeConv2d(p.transpose_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                              OptionalBias(o, 2), Int8Output(o), scratch);
}

size_t AveragePool2dRefScratch(const OpParams& p) {
  return ref::AveragePool2dScratchBytes(p.pool2d);
}
Status AveragePool2dRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "average_pool2d/ref"));
  return ref::AveragePool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}

size_t MaxPool2dRefScratch(const OpParams& p) { return ref::MaxPool2dScratchBytes(p.pool2d); }
Status MaxPool2dRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "max_pool2d/ref"));
  return ref::MaxPool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}

size_t AddRefScratch(const OpParams& p) { return ref::AddScratchBytes(p.add); }
Status AddRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "add/ref"));
  return ref::Add(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}

size_t MulRefScratch(const OpParams& p) { return ref::MulScratchBytes(p.mul); }
Status MulRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "mul/ref"));
  return ref::Mul(p.mul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}

size_t SoftmaxRefScratch(const OpParams& p) { return ref::SoftmaxScratchBytes(p.softmax); }
Status SoftmaxRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "softmax/ref"));
  return ref::Softmax(p.softmax, Int8Input(o, 0), Int8Output(o), scratch);
}

size_t ReshapeRefScratch(const OpParams& p) { return ref::ReshapeScratchBytes(p.reshape); }
Status ReshapeRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  // A graph reshape may carry its target shape as a second (constant) input; only the data
  // input matters here.
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 2, "reshape/ref"));
  return ref::Reshape(p.reshape, Int8Input(o, 0), Int8Output(o), scratch);
}

size_t PadRefScratch(const OpParams& p) { return ref::PadScratchBytes(p.pad); }
Status PadRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "pad/ref"));
  return ref::Pad(p.pad, Int8Input(o, 0), Int8Output(o), scratch);
}

size_t ConcatenationRefScratch(const OpParams& p) {
  return ref::ConcatenationScratchBytes(p.concatenation);
}
Status ConcatenationRefEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  const int32_t count = p.concatenation.num_inputs;
  ARENASTORE_CHECK_OR_RETURN(count >= 1 && count <= kMaxOpInputs, ErrorCode::kKernelInvalidParams,
                             "concatenation/ref: %d inputs, not in [1, %d]", count, kMaxOpInputs);
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, count, count, "concatenation/ref"));
  const int8_t* inputs[kMaxOpInputs];
  for (int32_t k = 0; k < count; ++k) inputs[k] = Int8Input(o, k);
  return ref::Concatenation(p.concatenation, inputs, Int8Output(o), scratch);
}

// ---- Arm adapters: size functions on every build (a host plans and gates for a device),
// eval only where the compiler targets the ISA (the DSP extension, or Helium) ----

size_t Conv2dArmDspScratch(const OpParams& p) { return arm_dsp::Conv2dScratchBytes(p.conv2d); }
size_t DepthwiseConv2dArmDspScratch(const OpParams& p) {
  return arm_dsp::DepthwiseConv2dScratchBytes(p.depthwise_conv2d);
}
size_t FullyConnectedArmDspScratch(const OpParams& p) {
  return arm_dsp::FullyConnectedScratchBytes(p.fully_connected);
}
size_t AveragePool2dArmDspScratch(const OpParams& p) {
  return arm_dsp::AveragePool2dScratchBytes(p.pool2d);
}
size_t AddArmDspScratch(const OpParams& p) { return arm_dsp::AddScratchBytes(p.add); }

size_t Conv2dArmMveScratch(const OpParams& p) { return arm_mve::Conv2dScratchBytes(p.conv2d); }
size_t DepthwiseConv2dArmMveScratch(const OpParams& p) {
  return arm_mve::DepthwiseConv2dScratchBytes(p.depthwise_conv2d);
}
size_t FullyConnectedArmMveScratch(const OpParams& p) {
  return arm_mve::FullyConnectedScratchBytes(p.fully_connected);
}
size_t AveragePool2dArmMveScratch(const OpParams& p) {
  return arm_mve::AveragePool2dScratchBytes(p.pool2d);
}
size_t AddArmMveScratch(const OpParams& p) { return arm_mve::AddScratchBytes(p.add); }

#if defined(__ARM_FEATURE_DSP)
Status Conv2dArmDspEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/arm_dsp"));
  return arm_dsp::Conv2d(p.conv2d, Int8Input(o, 0), Int8Input(o, 1), OptionalBias(o, 2),
                         Int8Output(o), scratch);
}
Status DepthwiseConv2dArmDspEval(const OpParams& p, const OpOperands& o,
                                 std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/arm_dsp"));
  return arm_dsp::DepthwiseConv2d(p.depthwise_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                  OptionalBias(o, 2), Int8Output(o), scratch);
}
Status FullyConnectedArmDspEval(const OpParams& p, const OpOperands& o,
                                std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "fully_connected/arm_dsp"));
  return arm_dsp::FullyConnected(p.fully_connected, Int8Input(o, 0), Int8Input(o, 1),
                                 OptionalBias(o, 2), Int8Output(o), scratch);
}
Status AveragePool2dArmDspEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "average_pool2d/arm_dsp"));
  return arm_dsp::AveragePool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status AddArmDspEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "add/arm_dsp"));
  return arm_dsp::Add(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
#define ARENASTORE_ARM_DSP_EVAL(adapter) &adapter
#else
#define ARENASTORE_ARM_DSP_EVAL(adapter) nullptr
#endif

#if defined(__ARM_FEATURE_MVE)
Status Conv2dArmMveEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/arm_mve"));
  return arm_mve::Conv2d(p.conv2d, Int8Input(o, 0), Int8Input(o, 1), OptionalBias(o, 2),
                         Int8Output(o), scratch);
}
Status DepthwiseConv2dArmMveEval(const OpParams& p, const OpOperands& o,
                                 std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/arm_mve"));
  return arm_mve::DepthwiseConv2d(p.depthwise_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                  OptionalBias(o, 2), Int8Output(o), scratch);
}
Status FullyConnectedArmMveEval(const OpParams& p, const OpOperands& o,
                                std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "fully_connected/arm_mve"));
  return arm_mve::FullyConnected(p.fully_connected, Int8Input(o, 0), Int8Input(o, 1),
                                 OptionalBias(o, 2), Int8Output(o), scratch);
}
Status AveragePool2dArmMveEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "average_pool2d/arm_mve"));
  return arm_mve::AveragePool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status AddArmMveEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "add/arm_mve"));
  return arm_mve::Add(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
#define ARENASTORE_ARM_MVE_EVAL(adapter) &adapter
#else
#define ARENASTORE_ARM_MVE_EVAL(adapter) nullptr
#endif

#if ARENASTORE_REGISTER_X86
// ---- x86_avx2 adapters: size functions on every build, eval where the compiler targets x86-64
// (the variant itself refuses to run on a CPU without the instructions) ----

size_t Conv2dX86Avx2Scratch(const OpParams& p) { return x86_avx2::Conv2dScratchBytes(p.conv2d); }
size_t DepthwiseConv2dX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::DepthwiseConv2dScratchBytes(p.depthwise_conv2d);
}
size_t FullyConnectedX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::FullyConnectedScratchBytes(p.fully_connected);
}
size_t BatchMatmulX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::BatchMatmulScratchBytes(p.batch_matmul);
}
size_t TransposeConv2dX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::TransposeConv2dScratchBytes(p.transpose_conv2d);
}
size_t AveragePool2dX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::AveragePool2dScratchBytes(p.pool2d);
}
size_t MaxPool2dX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::MaxPool2dScratchBytes(p.pool2d);
}
size_t AddX86Avx2Scratch(const OpParams& p) { return x86_avx2::AddScratchBytes(p.add); }
size_t MulX86Avx2Scratch(const OpParams& p) { return x86_avx2::MulScratchBytes(p.mul); }
size_t PadX86Avx2Scratch(const OpParams& p) { return x86_avx2::PadScratchBytes(p.pad); }
size_t ConcatenationX86Avx2Scratch(const OpParams& p) {
  return x86_avx2::ConcatenationScratchBytes(p.concatenation);
}

#if defined(__x86_64__)
Status Conv2dX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/x86_avx2"));
  return x86_avx2::Conv2d(p.conv2d, Int8Input(o, 0), Int8Input(o, 1), OptionalBias(o, 2),
                          Int8Output(o), scratch);
}
Status DepthwiseConv2dX86Avx2Eval(const OpParams& p, const OpOperands& o,
                                  std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/x86_avx2"));
  return x86_avx2::DepthwiseConv2d(p.depthwise_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                   OptionalBias(o, 2), Int8Output(o), scratch);
}
Status FullyConnectedX86Avx2Eval(const OpParams& p, const OpOperands& o,
                                 std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "fully_connected/x86_avx2"));
  return x86_avx2::FullyConnected(p.fully_connected, Int8Input(o, 0), Int8Input(o, 1),
                                  OptionalBias(o, 2), Int8Output(o), scratch);
}
Status BatchMatmulX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "batch_matmul/x86_avx2"));
  return x86_avx2::BatchMatmul(p.batch_matmul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o),
                               scratch);
}
Status TransposeConv2dX86Avx2Eval(const OpParams& p, const OpOperands& o,
                                  std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "transpose_conv2d/x86_avx2"));
  return x86_avx2::TransposeConv2d(p.transpose_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                   OptionalBias(o, 2), Int8Output(o), scratch);
}
Status AveragePool2dX86Avx2Eval(const OpParams& p, const OpOperands& o,
                                std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "average_pool2d/x86_avx2"));
  return x86_avx2::AveragePool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status MaxPool2dX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "max_pool2d/x86_avx2"));
  return x86_avx2::MaxPool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status AddX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "add/x86_avx2"));
  return x86_avx2::Add(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
Status MulX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "mul/x86_avx2"));
  return x86_avx2::Mul(p.mul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
Status PadX86Avx2Eval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "pad/x86_avx2"));
  return x86_avx2::Pad(p.pad, Int8Input(o, 0), Int8Output(o), scratch);
}
Status ConcatenationX86Avx2Eval(const OpParams& p, const OpOperands& o,
                                std::span<uint8_t> scratch) {
  const int32_t count = p.concatenation.num_inputs;
  ARENASTORE_CHECK_OR_RETURN(count >= 1 && count <= kMaxOpInputs, ErrorCode::kKernelInvalidParams,
                             "concatenation/x86_avx2: %d inputs, not in [1, %d]", count,
                             kMaxOpInputs);
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, count, count, "concatenation/x86_avx2"));
  const int8_t* inputs[kMaxOpInputs];
  for (int32_t k = 0; k < count; ++k) inputs[k] = Int8Input(o, k);
  return x86_avx2::Concatenation(p.concatenation, inputs, Int8Output(o), scratch);
}
#endif

// ---- x86_avx512vnni adapters: size functions on every build, eval where the compiler targets
// x86-64 (the variant itself refuses to run on a CPU without the instructions) ----

size_t Conv2dX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::Conv2dScratchBytes(p.conv2d);
}
size_t DepthwiseConv2dX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::DepthwiseConv2dScratchBytes(p.depthwise_conv2d);
}
size_t FullyConnectedX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::FullyConnectedScratchBytes(p.fully_connected);
}
size_t BatchMatmulX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::BatchMatmulScratchBytes(p.batch_matmul);
}
size_t TransposeConv2dX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::TransposeConv2dScratchBytes(p.transpose_conv2d);
}
size_t AveragePool2dX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::AveragePool2dScratchBytes(p.pool2d);
}
size_t MaxPool2dX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::MaxPool2dScratchBytes(p.pool2d);
}
size_t AddX86Avx512VnniScratch(const OpParams& p) { return x86_avx512vnni::AddScratchBytes(p.add); }
size_t MulX86Avx512VnniScratch(const OpParams& p) { return x86_avx512vnni::MulScratchBytes(p.mul); }
size_t PadX86Avx512VnniScratch(const OpParams& p) { return x86_avx512vnni::PadScratchBytes(p.pad); }
size_t SoftmaxX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::SoftmaxScratchBytes(p.softmax);
}
size_t ConcatenationX86Avx512VnniScratch(const OpParams& p) {
  return x86_avx512vnni::ConcatenationScratchBytes(p.concatenation);
}

#if defined(__x86_64__)
Status Conv2dX86Avx512VnniEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/x86_avx512vnni"));
  return x86_avx512vnni::Conv2d(p.conv2d, Int8Input(o, 0), Int8Input(o, 1), OptionalBias(o, 2),
                                Int8Output(o), scratch);
}
Status DepthwiseConv2dX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                        std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/x86_avx512vnni"));
  return x86_avx512vnni::DepthwiseConv2d(p.depthwise_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                         OptionalBias(o, 2), Int8Output(o), scratch);
}
// Split forms (kernels/kernel_state.h): inputs 1 and 2 (filter, bias) are prepared once.
constexpr uint32_t kFilterAndBias = 0b110;
Status Conv2dX86Avx512VnniPrepare(const OpParams& p, const OpOperands& o,
                                  std::span<uint8_t> scratch, KernelState* state) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "conv2d/x86_avx512vnni"));
  return x86_avx512vnni::Conv2dPrepare(p.conv2d, Int8Input(o, 1), OptionalBias(o, 2), scratch,
                                       state);
}
size_t Conv2dX86Avx512VnniSplitScratch(const OpParams& p) {
  return x86_avx512vnni::Conv2dSplitScratchBytes(p.conv2d);
}
Status Conv2dX86Avx512VnniRun(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch,
                              const KernelState& state) {
  return x86_avx512vnni::Conv2dRunPrepared(p.conv2d, Int8Input(o, 0), Int8Output(o), scratch,
                                           state);
}
Status DepthwiseConv2dX86Avx512VnniPrepare(const OpParams& p, const OpOperands& o,
                                           std::span<uint8_t> scratch, KernelState* state) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "depthwise_conv2d/x86_avx512vnni"));
  return x86_avx512vnni::DepthwiseConv2dPrepare(p.depthwise_conv2d, Int8Input(o, 1),
                                                OptionalBias(o, 2), scratch, state);
}
size_t DepthwiseConv2dX86Avx512VnniSplitScratch(const OpParams& p) {
  return x86_avx512vnni::DepthwiseConv2dSplitScratchBytes(p.depthwise_conv2d);
}
Status DepthwiseConv2dX86Avx512VnniRun(const OpParams& p, const OpOperands& o,
                                       std::span<uint8_t> scratch, const KernelState& state) {
  return x86_avx512vnni::DepthwiseConv2dRunPrepared(p.depthwise_conv2d, Int8Input(o, 0),
                                                    Int8Output(o), scratch, state);
}
Status AddX86Avx512VnniPrepare(const OpParams& p, const OpOperands&, std::span<uint8_t> scratch,
                               KernelState* state) {
  return x86_avx512vnni::AddPrepare(p.add, scratch, state);
}
Status AddX86Avx512VnniRun(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch,
                           const KernelState& state) {
  return x86_avx512vnni::AddRunPrepared(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o),
                                        scratch, state);
}
size_t AddX86Avx512VnniSplitScratch(const OpParams& p) {
  return x86_avx512vnni::AddSplitScratchBytes(p.add);
}
Status MulX86Avx512VnniPrepare(const OpParams& p, const OpOperands&, std::span<uint8_t> scratch,
                               KernelState* state) {
  return x86_avx512vnni::MulPrepare(p.mul, scratch, state);
}
Status MulX86Avx512VnniRun(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch,
                           const KernelState& state) {
  return x86_avx512vnni::MulRunPrepared(p.mul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o),
                                        scratch, state);
}
size_t MulX86Avx512VnniSplitScratch(const OpParams& p) {
  return x86_avx512vnni::MulSplitScratchBytes(p.mul);
}
Status FullyConnectedX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                       std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "fully_connected/x86_avx512vnni"));
  return x86_avx512vnni::FullyConnected(p.fully_connected, Int8Input(o, 0), Int8Input(o, 1),
                                        OptionalBias(o, 2), Int8Output(o), scratch);
}
Status BatchMatmulX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                    std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "batch_matmul/x86_avx512vnni"));
  return x86_avx512vnni::BatchMatmul(p.batch_matmul, Int8Input(o, 0), Int8Input(o, 1),
                                     Int8Output(o), scratch);
}
Status TransposeConv2dX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                        std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 3, "transpose_conv2d/x86_avx512vnni"));
  return x86_avx512vnni::TransposeConv2d(p.transpose_conv2d, Int8Input(o, 0), Int8Input(o, 1),
                                         OptionalBias(o, 2), Int8Output(o), scratch);
}
Status AveragePool2dX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                      std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "average_pool2d/x86_avx512vnni"));
  return x86_avx512vnni::AveragePool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status MaxPool2dX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                  std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "max_pool2d/x86_avx512vnni"));
  return x86_avx512vnni::MaxPool2d(p.pool2d, Int8Input(o, 0), Int8Output(o), scratch);
}
Status AddX86Avx512VnniEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "add/x86_avx512vnni"));
  return x86_avx512vnni::Add(p.add, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
Status MulX86Avx512VnniEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 2, 2, "mul/x86_avx512vnni"));
  return x86_avx512vnni::Mul(p.mul, Int8Input(o, 0), Int8Input(o, 1), Int8Output(o), scratch);
}
Status SoftmaxX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "softmax/x86_avx512vnni"));
  return x86_avx512vnni::Softmax(p.softmax, Int8Input(o, 0), Int8Output(o), scratch);
}
Status PadX86Avx512VnniEval(const OpParams& p, const OpOperands& o, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, 1, 1, "pad/x86_avx512vnni"));
  return x86_avx512vnni::Pad(p.pad, Int8Input(o, 0), Int8Output(o), scratch);
}
Status ConcatenationX86Avx512VnniEval(const OpParams& p, const OpOperands& o,
                                      std::span<uint8_t> scratch) {
  const int32_t count = p.concatenation.num_inputs;
  ARENASTORE_CHECK_OR_RETURN(count >= 1 && count <= kMaxOpInputs, ErrorCode::kKernelInvalidParams,
                             "concatenation/x86_avx512vnni: %d inputs, not in [1, %d]", count,
                             kMaxOpInputs);
  ARENASTORE_RETURN_IF_ERROR(CheckOperands(o, count, count, "concatenation/x86_avx512vnni"));
  const int8_t* inputs[kMaxOpInputs];
  for (int32_t k = 0; k < count; ++k) inputs[k] = Int8Input(o, k);
  return x86_avx512vnni::Concatenation(p.concatenation, inputs, Int8Output(o), scratch);
}
#endif

#if defined(__x86_64__)
#define ARENASTORE_X86_EVAL(adapter) &adapter
#else
#define ARENASTORE_X86_EVAL(adapter) nullptr
#endif
#endif  // ARENASTORE_REGISTER_X86

// Ordered by op, then ISA. A specialised variant is one more line after its op's ref line,
// e.g. {OpKind::kConv2d, Isa::kX86Avx2, "conv2d/x86_avx2", &x86_avx2::Conv2dScratch, eval},
// with eval null in builds that do not compile that ISA's code.
constexpr KernelEntry kKernels[] = {
    {OpKind::kConv2d, Isa::kRef, "conv2d/ref", &Conv2dRefScratch, &Conv2dRefEval},
    {OpKind::kConv2d, Isa::kArmDsp, "conv2d/arm_dsp", &Conv2dArmDspScratch,
     ARENASTORE_ARM_DSP_EVAL(Conv2dArmDspEval)},
    {OpKind::kConv2d, Isa::kArmMve, "conv2d/arm_mve", &Conv2dArmMveScratch,
     ARENASTORE_ARM_MVE_EVAL(Conv2dArmMveEval)},
#if ARENASTORE_REGISTER_X86
    {OpKind::kConv2d, Isa::kX86Avx2, "conv2d/x86_avx2", &Conv2dX86Avx2Scratch,
     ARENASTORE_X86_EVAL(Conv2dX86Avx2Eval)},
    {OpKind::kConv2d, Isa::kX86Avx512Vnni, "conv2d/x86_avx512vnni", &Conv2dX86Avx512VnniScratch,
     ARENASTORE_X86_EVAL(Conv2dX86Avx512VnniEval)},
#endif
    {OpKind::kDepthwiseConv2d, Isa::kRef, "depthwise_conv2d/ref", &DepthwiseConv2dRefScratch,
     &DepthwiseConv2dRefEval},
    {OpKind::kDepthwiseConv2d, Isa::kArmDsp, "depthwise_conv2d/arm_dsp",
     &DepthwiseConv2dArmDspScratch, ARENASTORE_ARM_DSP_EVAL(DepthwiseConv2dArmDspEval)},
    {OpKind::kDepthwiseConv2d, Isa::kArmMve, "depthwise_conv2d/arm_mve",
     &DepthwiseConv2dArmMveScratch, ARENASTORE_ARM_MVE_EVAL(DepthwiseConv2dArmMveEval)},
#if ARENASTORE_REGISTER_X86
    {OpKind::kDepthwiseConv2d, Isa::kX86Avx2, "depthwise_conv2d/x86_avx2",
     &DepthwiseConv2dX86Avx2Scratch, ARENASTORE_X86_EVAL(DepthwiseConv2dX86Avx2Eval)},
    {OpKind::kDepthwiseConv2d, Isa::kX86Avx512Vnni, "depthwise_conv2d/x86_avx512vnni",
     &DepthwiseConv2dX86Avx512VnniScratch, ARENASTORE_X86_EVAL(DepthwiseConv2dX86Avx512VnniEval)},
#endif
    {OpKind::kFullyConnected, Isa::kRef, "fully_connected/ref", &FullyConnectedRefScratch,
     &FullyConnectedRefEval},
    {OpKind::kFullyConnected, Isa::kArmDsp, "fully_connected/arm_dsp", &FullyConnectedArmDspScratch,
     ARENASTORE_ARM_DSP_EVAL(FullyConnectedArmDspEval)},
    {OpKind::kFullyConnected, Isa::kArmMve, "fully_connected/arm_mve", &FullyConnectedArmMveScratch,
     ARENASTORE_ARM_MVE_EVAL(FullyConnectedArmMveEval)},
#if ARENASTORE_REGISTER_X86
    {OpKind::kFullyConnected, Isa::kX86Avx2, "fully_connected/x86_avx2",
     &FullyConnectedX86Avx2Scratch, ARENASTORE_X86_EVAL(FullyConnectedX86Avx2Eval)},
    {OpKind::kFullyConnected, Isa::kX86Avx512Vnni, "fully_connected/x86_avx512vnni",
     &FullyConnectedX86Avx512VnniScratch, ARENASTORE_X86_EVAL(FullyConnectedX86Avx512VnniEval)},
#endif
    {OpKind::kBatchMatmul, Isa::kRef, "batch_matmul/ref", &BatchMatmulRefScratch,
     &BatchMatmulRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kBatchMatmul, Isa::kX86Avx2, "batch_matmul/x86_avx2", &BatchMatmulX86Avx2Scratch,
     ARENASTORE_X86_EVAL(BatchMatmulX86Avx2Eval)},
    {OpKind::kBatchMatmul, Isa::kX86Avx512Vnni, "batch_matmul/x86_avx512vnni",
     &BatchMatmulX86Avx512VnniScratch, ARENASTORE_X86_EVAL(BatchMatmulX86Avx512VnniEval)},
#endif
    {OpKind::kTransposeConv2d, Isa::kRef, "transpose_conv2d/ref", &TransposeConv2dRefScratch,
     &TransposeConv2dRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kTransposeConv2d, Isa::kX86Avx2, "transpose_conv2d/x86_avx2",
     &TransposeConv2dX86Avx2Scratch, ARENASTORE_X86_EVAL(TransposeConv2dX86Avx2Eval)},
    {OpKind::kTransposeConv2d, Isa::kX86Avx512Vnni, "transpose_conv2d/x86_avx512vnni",
     &TransposeConv2dX86Avx512VnniScratch, ARENASTORE_X86_EVAL(TransposeConv2dX86Avx512VnniEval)},
#endif
    {OpKind::kAveragePool2d, Isa::kRef, "average_pool2d/ref", &AveragePool2dRefScratch,
     &AveragePool2dRefEval},
    {OpKind::kAveragePool2d, Isa::kArmDsp, "average_pool2d/arm_dsp", &AveragePool2dArmDspScratch,
     ARENASTORE_ARM_DSP_EVAL(AveragePool2dArmDspEval)},
    {OpKind::kAveragePool2d, Isa::kArmMve, "average_pool2d/arm_mve", &AveragePool2dArmMveScratch,
     ARENASTORE_ARM_MVE_EVAL(AveragePool2dArmMveEval)},
#if ARENASTORE_REGISTER_X86
    {OpKind::kAveragePool2d, Isa::kX86Avx2, "average_pool2d/x86_avx2", &AveragePool2dX86Avx2Scratch,
     ARENASTORE_X86_EVAL(AveragePool2dX86Avx2Eval)},
    {OpKind::kAveragePool2d, Isa::kX86Avx512Vnni, "average_pool2d/x86_avx512vnni",
     &AveragePool2dX86Avx512VnniScratch, ARENASTORE_X86_EVAL(AveragePool2dX86Avx512VnniEval)},
#endif
    {OpKind::kMaxPool2d, Isa::kRef, "max_pool2d/ref", &MaxPool2dRefScratch, &MaxPool2dRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kMaxPool2d, Isa::kX86Avx2, "max_pool2d/x86_avx2", &MaxPool2dX86Avx2Scratch,
     ARENASTORE_X86_EVAL(MaxPool2dX86Avx2Eval)},
    {OpKind::kMaxPool2d, Isa::kX86Avx512Vnni, "max_pool2d/x86_avx512vnni",
     &MaxPool2dX86Avx512VnniScratch, ARENASTORE_X86_EVAL(MaxPool2dX86Avx512VnniEval)},
#endif
    {OpKind::kAdd, Isa::kRef, "add/ref", &AddRefScratch, &AddRefEval},
    {OpKind::kAdd, Isa::kArmDsp, "add/arm_dsp", &AddArmDspScratch,
     ARENASTORE_ARM_DSP_EVAL(AddArmDspEval)},
    {OpKind::kAdd, Isa::kArmMve, "add/arm_mve", &AddArmMveScratch,
     ARENASTORE_ARM_MVE_EVAL(AddArmMveEval)},
#if ARENASTORE_REGISTER_X86
    {OpKind::kAdd, Isa::kX86Avx2, "add/x86_avx2", &AddX86Avx2Scratch,
     ARENASTORE_X86_EVAL(AddX86Avx2Eval)},
    {OpKind::kAdd, Isa::kX86Avx512Vnni, "add/x86_avx512vnni", &AddX86Avx512VnniScratch,
     ARENASTORE_X86_EVAL(AddX86Avx512VnniEval)},
#endif
    {OpKind::kMul, Isa::kRef, "mul/ref", &MulRefScratch, &MulRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kMul, Isa::kX86Avx2, "mul/x86_avx2", &MulX86Avx2Scratch,
     ARENASTORE_X86_EVAL(MulX86Avx2Eval)},
    {OpKind::kMul, Isa::kX86Avx512Vnni, "mul/x86_avx512vnni", &MulX86Avx512VnniScratch,
     ARENASTORE_X86_EVAL(MulX86Avx512VnniEval)},
#endif
    {OpKind::kSoftmax, Isa::kRef, "softmax/ref", &SoftmaxRefScratch, &SoftmaxRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kSoftmax, Isa::kX86Avx512Vnni, "softmax/x86_avx512vnni", &SoftmaxX86Avx512VnniScratch,
     ARENASTORE_X86_EVAL(SoftmaxX86Avx512VnniEval)},
#endif
    {OpKind::kReshape, Isa::kRef, "reshape/ref", &ReshapeRefScratch, &ReshapeRefEval},
    {OpKind::kPad, Isa::kRef, "pad/ref", &PadRefScratch, &PadRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kPad, Isa::kX86Avx2, "pad/x86_avx2", &PadX86Avx2Scratch,
     ARENASTORE_X86_EVAL(PadX86Avx2Eval)},
    {OpKind::kPad, Isa::kX86Avx512Vnni, "pad/x86_avx512vnni", &PadX86Avx512VnniScratch,
     ARENASTORE_X86_EVAL(PadX86Avx512VnniEval)},
#endif
    {OpKind::kConcatenation, Isa::kRef, "concatenation/ref", &ConcatenationRefScratch,
     &ConcatenationRefEval},
#if ARENASTORE_REGISTER_X86
    {OpKind::kConcatenation, Isa::kX86Avx2, "concatenation/x86_avx2", &ConcatenationX86Avx2Scratch,
     ARENASTORE_X86_EVAL(ConcatenationX86Avx2Eval)},
    {OpKind::kConcatenation, Isa::kX86Avx512Vnni, "concatenation/x86_avx512vnni",
     &ConcatenationX86Avx512VnniScratch, ARENASTORE_X86_EVAL(ConcatenationX86Avx512VnniEval)},
#endif
};
constexpr int kKernelCount = static_cast<int>(sizeof(kKernels) / sizeof(kKernels[0]));

// Position in kKernels of each (op, ISA) variant, -1 where the ISA has none of its own: built
// at compile time so that resolving costs two array reads, with no constructor at start-up.
struct KernelIndex {
  int16_t position[kOpKindCount][kIsaCount];
};

consteval KernelIndex BuildIndex() {
  KernelIndex index{};
  for (auto& row : index.position) {
    for (int16_t& position : row) position = -1;
  }
  for (int i = 0; i < kKernelCount; ++i) {
    index.position[static_cast<int>(kKernels[i].op)][static_cast<int>(kKernels[i].isa)] =
        static_cast<int16_t>(i);
  }
  return index;
}
constexpr KernelIndex kIndex = BuildIndex();

consteval bool OrderedByOpThenIsa() {
  for (int i = 1; i < kKernelCount; ++i) {
    const int previous =
        static_cast<int>(kKernels[i - 1].op) * kIsaCount + static_cast<int>(kKernels[i - 1].isa);
    const int current =
        static_cast<int>(kKernels[i].op) * kIsaCount + static_cast<int>(kKernels[i].isa);
    if (previous >= current) return false;
  }
  return true;
}
static_assert(OrderedByOpThenIsa(), "kKernels must be sorted by op then ISA, without duplicates");

consteval bool EveryOpRunsOnRef() {
  for (int op = 0; op < kOpKindCount; ++op) {
    const int position = kIndex.position[op][static_cast<int>(Isa::kRef)];
    if (position < 0 || kKernels[position].eval == nullptr) return false;
  }
  for (const KernelEntry& entry : kKernels) {
    if (entry.scratch_bytes == nullptr || entry.name == nullptr) return false;
  }
  return true;
}
static_assert(EveryOpRunsOnRef(), "every op needs a ref entry with an eval function");

// The variants with a split form, by (op, ISA).
struct SplitEntry {
  OpKind op;
  Isa isa;
  SplitKernel split;
};
#if ARENASTORE_REGISTER_X86 && defined(__x86_64__)
constexpr SplitEntry kSplitKernels[] = {
    {OpKind::kConv2d,
     Isa::kX86Avx512Vnni,
     {&Conv2dX86Avx512VnniPrepare, &Conv2dX86Avx512VnniRun, &Conv2dX86Avx512VnniSplitScratch,
      kFilterAndBias}},
    {OpKind::kDepthwiseConv2d,
     Isa::kX86Avx512Vnni,
     {&DepthwiseConv2dX86Avx512VnniPrepare, &DepthwiseConv2dX86Avx512VnniRun,
      &DepthwiseConv2dX86Avx512VnniSplitScratch, kFilterAndBias}},
    {OpKind::kAdd,
     Isa::kX86Avx512Vnni,
     {&AddX86Avx512VnniPrepare, &AddX86Avx512VnniRun, &AddX86Avx512VnniSplitScratch, 0}},
    {OpKind::kMul,
     Isa::kX86Avx512Vnni,
     {&MulX86Avx512VnniPrepare, &MulX86Avx512VnniRun, &MulX86Avx512VnniSplitScratch, 0}},
};
#endif

}  // namespace

std::span<const KernelEntry> AllKernels() { return kKernels; }

const SplitKernel* SplitKernelOf(const KernelEntry* entry) {
#if ARENASTORE_REGISTER_X86 && defined(__x86_64__)
  if (entry == nullptr || entry->eval == nullptr) return nullptr;
  for (const SplitEntry& split : kSplitKernels) {
    if (split.op == entry->op && split.isa == entry->isa) return &split.split;
  }
#else
  static_cast<void>(entry);  // no variant compiled here has a split form
#endif
  return nullptr;
}

const KernelEntry* ResolveKernel(OpKind op, Isa isa) {
  const int op_index = static_cast<int>(op);
  if (op_index >= kOpKindCount) return nullptr;
  const int isa_index = static_cast<int>(isa);
  const int own = isa_index < kIsaCount ? kIndex.position[op_index][isa_index] : -1;
  return &kKernels[own >= 0 ? own : kIndex.position[op_index][static_cast<int>(Isa::kRef)]];
}

bool HasOwnVariant(OpKind op, Isa isa) {
  const int op_index = static_cast<int>(op);
  const int isa_index = static_cast<int>(isa);
  return op_index < kOpKindCount && isa_index < kIsaCount &&
         kIndex.position[op_index][isa_index] >= 0;
}

size_t ScratchBytes(const OpParams& params, Isa isa) {
  const KernelEntry* entry = ResolveKernel(params.kind, isa);
  return entry != nullptr ? entry->scratch_bytes(params) : 0;
}

Status Eval(const OpParams& params, Isa isa, const OpOperands& operands,
            std::span<uint8_t> scratch) {
  const KernelEntry* entry = ResolveKernel(params.kind, isa);
  ARENASTORE_CHECK_OR_RETURN(entry != nullptr, ErrorCode::kKernelUnsupported,
                             "unknown operator kind %d", static_cast<int>(params.kind));
  ARENASTORE_CHECK_OR_RETURN(entry->eval != nullptr, ErrorCode::kKernelUnsupported,
                             "%s is not compiled into this build", entry->name);
  return entry->eval(params, operands, scratch);
}

}  // namespace arenastore::kernels
