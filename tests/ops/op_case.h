// OpCase: a small graph that exercises one operator, as its unit generates it (test support)
// (ops/<op>/<op>_cases.cc, built with GraphBuilder). The tests every op gets for free
// (tests/ops/op_contract_test.cc: variants equal ref inside their declared scratch, planner and
// runtime params agree, artifacts round-trip and re-plan to the same computation, hostile bytes
// are refused) run on every op's cases; the benchmarks may too. Host-only (heap OK).
#pragma once

#include <string>
#include <vector>

#include "kernels/op_kind.h"
#include "planner/graph.h"

namespace arenastore::planner {

struct OpCase {
  std::string name;  // e.g. "conv2d same stride 2"
  Graph graph;       // the op under test is its last operator
};

// The cases of `kind`'s unit (at least one per op of the list).
std::vector<OpCase> CasesOf(kernels::OpKind kind);

}  // namespace arenastore::planner
