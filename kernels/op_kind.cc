#include "kernels/op_kind.h"

namespace arenastore::kernels {
namespace {

constexpr const char* kOpKindNames[kOpKindCount] = {
#define ARENASTORE_OP_NAME(id, name, Name, Options, options_id) #name,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_NAME)
#undef ARENASTORE_OP_NAME
};
constexpr const char* kDtypeNames[kKernelDtypeCount] = {"int8", "int16"};

using internal::SameName;

}  // namespace

const char* OpKindName(OpKind kind) {
  const int index = static_cast<int>(kind);
  return index < kOpKindCount ? kOpKindNames[index] : nullptr;
}

const char* IsaName(Isa isa) {
  const int index = static_cast<int>(isa);
  return index < kIsaCount ? internal::kIsaNames[index] : nullptr;
}

const char* KernelDtypeName(KernelDtype dtype) {
  const int index = static_cast<int>(dtype);
  return index < kKernelDtypeCount ? kDtypeNames[index] : nullptr;
}

bool ParseOpKind(const char* name, OpKind* kind) {
  for (int i = 0; i < kOpKindCount; ++i) {
    if (SameName(name, kOpKindNames[i])) {
      *kind = static_cast<OpKind>(i);
      return true;
    }
  }
  return false;
}

bool ParseKernelDtype(const char* name, KernelDtype* dtype) {
  for (int i = 0; i < kKernelDtypeCount; ++i) {
    if (SameName(name, kDtypeNames[i])) {
      *dtype = static_cast<KernelDtype>(i);
      return true;
    }
  }
  return false;
}

}  // namespace arenastore::kernels
