// The one spelling of a memory pool wherever a person types one (--pool of compile, check and
// replan; the fleet CSV's pools column): NAME:SIZE or NAME=SIZE, SIZE in bytes or K, KiB, M, MiB
// (k, m too), up to 1 TiB; compile and replan also take NAME:SIZE:io. NAME is 1-64 of
// [A-Za-z0-9_.-]. Heap OK; pure. Errors: kInvalidArgument naming the text and what is allowed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "planner/compile.h"

namespace arenastore::store {

struct PoolText {
  std::string name;
  uint64_t bytes = 0;
  planner::PoolKind kind = planner::PoolKind::kWorkspace;
  bool kind_given = false;
};

Result<PoolText> ParsePoolText(std::string_view text);

// A size alone (SIZE above), e.g. a memory limit; `what` names it in the error.
Result<uint64_t> ParseByteSize(std::string_view what, std::string_view size);

// `--pool` values, in the order given (the planner's preference order); a pool given twice is
// refused.
Result<std::vector<planner::PoolConfig>> ParsePoolOptions(const std::vector<std::string>& texts);

}  // namespace arenastore::store
