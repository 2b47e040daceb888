// The one spelling of a memory pool wherever a person types one: `--pool` of compile, check and
// replan, and the pools column of a fleet CSV (items separated by ';'). NAME:SIZE or NAME=SIZE;
// NAME is 1-64 of [A-Za-z0-9_.-]; SIZE is bytes, or a number with K, KiB, M or MiB (k, m too),
// more than 0 and at most 1 TiB; compile and replan also take a kind, NAME:SIZE:io (or
// :workspace). A list naming one pool twice is refused. Called by the CLI's options and by
// store/fleet_class.h. Heap OK; pure. Errors: kInvalidArgument naming the text and what is
// allowed.
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

// `--pool` values, in the order given (the planner's preference order).
Result<std::vector<planner::PoolConfig>> ParsePoolOptions(const std::vector<std::string>& texts);

}  // namespace arenastore::store
