#include "ops/op_list.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

#define ARENASTORE_DECLARE_CASES(id, name, Name, Options, options_id) \
  std::vector<OpCase> Name##Cases();
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_CASES)
#undef ARENASTORE_DECLARE_CASES

std::vector<OpCase> CasesOf(kernels::OpKind kind) {
  using Generator = std::vector<OpCase> (*)();
  static constexpr Generator kGenerators[kernels::kOpKindCount] = {
#define ARENASTORE_CASES(id, name, Name, Options, options_id) &Name##Cases,
      ARENASTORE_FOR_EACH_OP(ARENASTORE_CASES)
#undef ARENASTORE_CASES
  };
  const int index = static_cast<int>(kind);
  return index < kernels::kOpKindCount ? kGenerators[index]() : std::vector<OpCase>{};
}

}  // namespace arenastore::planner
