#include "kernels/op_kind.h"

namespace arenastore::kernels {
namespace {

constexpr const char* kOpKindNames[kOpKindCount] = {
    "conv2d",
    "depthwise_conv2d",
    "fully_connected",
    "batch_matmul",
    "transpose_conv2d",
    "average_pool2d",
    "max_pool2d",
    "add",
    "mul",
    "softmax",
    "reshape",
    "pad",
    "concatenation",
};
constexpr const char* kIsaNames[kIsaCount] = {"ref", "arm_dsp", "arm_mve", "x86_avx2",
                                              "x86_avx512vnni"};

bool Equal(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

}  // namespace

const char* OpKindName(OpKind kind) {
  const int index = static_cast<int>(kind);
  return index < kOpKindCount ? kOpKindNames[index] : nullptr;
}

const char* IsaName(Isa isa) {
  const int index = static_cast<int>(isa);
  return index < kIsaCount ? kIsaNames[index] : nullptr;
}

bool ParseOpKind(const char* name, OpKind* kind) {
  for (int i = 0; i < kOpKindCount; ++i) {
    if (Equal(name, kOpKindNames[i])) {
      *kind = static_cast<OpKind>(i);
      return true;
    }
  }
  return false;
}

bool ParseIsa(const char* name, Isa* isa) {
  for (int i = 0; i < kIsaCount; ++i) {
    if (Equal(name, kIsaNames[i])) {
      *isa = static_cast<Isa>(i);
      return true;
    }
  }
  return false;
}

}  // namespace arenastore::kernels
