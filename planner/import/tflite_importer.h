// TensorFlow Lite importer: a .tflite file (int8, one subgraph, schema 3) -> the planner's Graph.
// Called by the compile pipeline and the CLI. Does not keep `bytes`; the Graph owns copies of
// every constant (heap OK). Never crashes on any input; the result has passed Graph::Validate()
// and every op's lowering (so shapes and quantization are consistent).
// Errors: kImportMalformed (bad identifier, truncated, indices or buffer ranges out of bounds,
// inconsistent shapes or sizes) naming the tensor or operator; kImportUnsupported listing EVERY
// unsupported operator with name, version and count ("SVDF v4 x1, ..."), or the tensors whose
// type or features we cannot run. QUANTIZE on a graph input and DEQUANTIZE on a graph output
// are removed (the caller converts); any other (DE)QUANTIZE is unsupported.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"

namespace arenastore::planner {

struct TfliteImport {
  Graph graph;
  // Decisions the user should know about, one sentence each: removed edge (DE)QUANTIZE ops,
  // dropped tensors, options we derived differently from the file.
  std::vector<std::string> notes;
};

// `source_name` becomes the graph's name (e.g. the file's stem).
Result<TfliteImport> ImportTfliteWithNotes(std::span<const uint8_t> bytes, std::string source_name);
Result<Graph> ImportTflite(std::span<const uint8_t> bytes, std::string source_name);

}  // namespace arenastore::planner
