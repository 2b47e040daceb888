// TensorFlow Lite importer: a .tflite file (int8, one subgraph, schema 3) -> the planner's Graph,
// for the compile pipeline and the CLI. Keeps no reference to `bytes` (the Graph owns copies;
// heap OK); never crashes; a result has passed Graph::Validate() and every op's lowering.
// Errors: kImportMalformed naming the tensor or operator; kImportUnsupported listing EVERY
// unsupported operator as "NAME vVERSION xCOUNT", or the tensors whose types we cannot run.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"

namespace arenastore::planner {

// Edge conversions are ops like any other: a QUANTIZE on a float graph input or a DEQUANTIZE on a
// float graph output stays in the graph, so the artifact keeps the model's float interface.
struct TfliteImport {
  Graph graph;
  // Decisions the user should know about, one sentence each: dropped tensors, options we
  // derived differently from the file.
  std::vector<std::string> notes;
};

// `source_name` becomes the graph's name (e.g. the file's stem).
Result<TfliteImport> ImportTfliteWithNotes(std::span<const uint8_t> bytes, std::string source_name);
Result<Graph> ImportTflite(std::span<const uint8_t> bytes, std::string source_name);

}  // namespace arenastore::planner
