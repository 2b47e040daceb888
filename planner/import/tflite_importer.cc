#include "planner/import/tflite_importer.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "planner/import/tflite_builtin_names.h"
#include "planner/import/tflite_model_reader.h"
#include "planner/import/tflite_operator_mapper.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

namespace tfl = tflite;

// At most this many problem tensors are named in one message; the rest are counted.
constexpr size_t kTensorsNamed = 3;

std::string TypeName(tfl::TensorType type) {
  const char* name = TfliteTensorTypeName(static_cast<int32_t>(type));
  return name != nullptr ? name : fmt::format("type {}", static_cast<int>(type));
}

class Importer {
 public:
  Importer(const TfliteModelReader& reader, std::string source_name) : reader_(reader) {
    result_.graph.name = std::move(source_name);
  }

  Result<TfliteImport> Run() {
    ARENASTORE_RETURN_IF_ERROR(ReadOperatorCodes());
    // An operator nobody here maps is the answer the user needs, whatever its tensors hold
    // (an LSTM's intermediates have shape [0]); it is named before any tensor is checked.
    ARENASTORE_RETURN_IF_ERROR(RefuseUnsupportedOperators());
    ARENASTORE_RETURN_IF_ERROR(CheckStructure());
    ARENASTORE_RETURN_IF_ERROR(MapOperators());
    ARENASTORE_RETURN_IF_ERROR(RefuseUnsupportedOperators());
    ARENASTORE_RETURN_IF_ERROR(BuildGraph());
    ARENASTORE_RETURN_IF_ERROR(CheckGraph());
    return std::move(result_);
  }

 private:
  // Every operator's code; the builtins no op unit maps are tallied as unsupported.
  Status ReadOperatorCodes() {
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      ARENASTORE_ASSIGN_OR_RETURN(TfliteOperatorCode code, reader_.OperatorCodeOf(i));
      if (!IsMappableTfliteBuiltin(code.builtin) && !IsQuantizeOrDequantize(code)) Tally(code, "");
      codes_.push_back(std::move(code));
    }
    return Status::Ok();
  }

  static bool IsQuantizeOrDequantize(const TfliteOperatorCode& code) {
    return code.builtin == static_cast<int32_t>(TfliteBuiltin::kQuantize) ||
           code.builtin == static_cast<int32_t>(TfliteBuiltin::kDequantize);
  }

  // Everything that must hold before any operator is interpreted.
  Status CheckStructure() {
    consumers_.assign(reader_.tensor_count(), 0);
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) {
      ARENASTORE_RETURN_IF_ERROR(reader_.CheckTensor(t));
    }
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      ARENASTORE_RETURN_IF_ERROR(reader_.CheckOperatorIndices(i));
      const auto* inputs = reader_.op(i).inputs();
      if (inputs == nullptr) continue;
      for (int32_t t : *inputs) {
        if (t >= 0) ++consumers_[t];
      }
    }
    return Status::Ok();
  }

  Status MapOperators() {
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      const TfliteOperatorCode& code = codes_[i];
      if (IsQuantizeOrDequantize(code)) {
        ARENASTORE_ASSIGN_OR_RETURN(const bool handled, ClassifyQuantizeOp(i, code));
        if (handled) continue;
      }
      ARENASTORE_ASSIGN_OR_RETURN(TfliteOperatorMapping mapping,
                                  MapTfliteOperator(reader_, i, code));
      if (!mapping.note.empty()) result_.notes.push_back(mapping.note);
      if (!mapping.mapped) {
        Tally(code, mapping.unsupported);
        continue;
      }
      ops_.push_back(std::move(mapping.op));
      source_op_.push_back(i);
    }
    return Status::Ok();
  }

  // A (DE)QUANTIZE between a non-int8 graph input/output and the int8 graph is the caller's
  // conversion, not part of the plan: drop it and let the int8 tensor be the graph's edge
  // (true). An int8 -> int8 QUANTIZE is an op like any other (false: map it); any other
  // conversion inside the graph is tallied as unsupported (true).
  Result<bool> ClassifyQuantizeOp(int32_t op_index, const TfliteOperatorCode& code) {
    const tfl::Operator& op = reader_.op(op_index);
    if (op.inputs() == nullptr || op.outputs() == nullptr || op.inputs()->size() != 1 ||
        op.outputs()->size() != 1 || op.inputs()->Get(0) < 0 || op.outputs()->Get(0) < 0) {
      return Status::Error(ErrorCode::kImportMalformed,
                           "operator %d (%s): needs exactly one input and one output", op_index,
                           code.label.c_str())
          .WithOp(op_index);
    }
    const int32_t in = op.inputs()->Get(0);
    const int32_t out = op.outputs()->Get(0);
    const bool in_int8 = reader_.TensorTypeOf(in) == tfl::TensorType::INT8;
    const bool out_int8 = reader_.TensorTypeOf(out) == tfl::TensorType::INT8;
    const bool quantize = code.builtin == static_cast<int32_t>(TfliteBuiltin::kQuantize);
    if (quantize && !in_int8 && out_int8 && IsListed(reader_.subgraph().inputs(), in) &&
        consumers_[in] == 1 && !IsListed(reader_.subgraph().outputs(), in)) {
      input_substitute_[in] = out;
      result_.notes.push_back(EdgeNote(op_index, code, in, out, "input", "quantize"));
      return true;
    }
    if (in_int8 && !out_int8 && IsListed(reader_.subgraph().outputs(), out) &&
        consumers_[out] == 0) {
      output_substitute_[out] = in;
      result_.notes.push_back(EdgeNote(op_index, code, out, in, "output", "convert"));
      return true;
    }
    if (quantize && in_int8 && out_int8) return false;
    Tally(code, fmt::format("{} -> {} inside the graph", TypeName(reader_.TensorTypeOf(in)),
                            TypeName(reader_.TensorTypeOf(out))));
    return true;
  }

  std::string EdgeNote(int32_t op_index, const TfliteOperatorCode& code, int32_t edge,
                       int32_t int8_tensor, const char* side, const char* verb) const {
    Result<Tensor> tensor = reader_.ToGraphTensor(int8_tensor);
    const std::string quantization =
        tensor.ok() ? fmt::format("scale {}, zero point {}", tensor->scale(), tensor->zero_point())
                    : "";
    return fmt::format(
        "removed operator {} ({}) on graph {} {} ({}): the graph {} is now int8 {} ({}); the "
        "caller must {} it",
        op_index, code.label, side, reader_.TensorLabel(edge), TypeName(reader_.TensorTypeOf(edge)),
        side, reader_.TensorLabel(int8_tensor), quantization, verb);
  }

  static bool IsListed(const flatbuffers::Vector<int32_t>* list, int32_t tensor) {
    return list != nullptr && std::find(list->begin(), list->end(), tensor) != list->end();
  }

  void Tally(const TfliteOperatorCode& code, const std::string& reason) {
    std::string key = fmt::format("{} v{}", code.label, code.version);
    if (!reason.empty()) key += " (" + reason + ")";
    for (auto& entry : unsupported_) {
      if (entry.first == key) {
        ++entry.second;
        return;
      }
    }
    unsupported_.emplace_back(std::move(key), 1);
  }

  Status RefuseUnsupportedOperators() const {
    if (unsupported_.empty()) return Status::Ok();
    std::vector<std::string> parts;
    for (const auto& [key, count] : unsupported_)
      parts.push_back(fmt::format("{} x{}", key, count));
    return Status::Error(ErrorCode::kImportUnsupported, "unsupported operators: %s",
                         fmt::format("{}", fmt::join(parts, ", ")).c_str());
  }

  std::vector<int32_t> Edges(const flatbuffers::Vector<int32_t>* list,
                             const std::map<int32_t, int32_t>& substitute) const {
    std::vector<int32_t> edges;
    if (list == nullptr) return edges;
    for (int32_t t : *list) {
      const auto it = substitute.find(t);
      edges.push_back(it != substitute.end() ? it->second : t);
    }
    return edges;
  }

  // Keeps the tensors the graph uses, in file order, and renumbers every reference to them.
  Status BuildGraph() {
    Graph& graph = result_.graph;
    graph.inputs = Edges(reader_.subgraph().inputs(), input_substitute_);
    graph.outputs = Edges(reader_.subgraph().outputs(), output_substitute_);
    std::vector<bool> used(reader_.tensor_count(), false);
    for (int32_t t : graph.inputs) used[t] = true;
    for (int32_t t : graph.outputs) used[t] = true;
    for (const Op& op : ops_) {
      for (int32_t t : op.inputs) used[t] = true;
      for (int32_t t : op.outputs) used[t] = true;
    }
    ARENASTORE_RETURN_IF_ERROR(RefuseUnsupportedTensors(used));
    std::vector<int32_t> new_index(reader_.tensor_count(), -1);
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) {
      if (!used[t]) continue;
      ARENASTORE_ASSIGN_OR_RETURN(Tensor tensor, reader_.ToGraphTensor(t));
      new_index[t] = static_cast<int32_t>(graph.tensors.size());
      graph.tensors.push_back(std::move(tensor));
    }
    const size_t dropped = static_cast<size_t>(reader_.tensor_count()) - graph.tensors.size();
    if (dropped > 0) {
      result_.notes.push_back(fmt::format(
          "dropped {} tensors no kept operator uses (shape operands, paddings, edge tensors)",
          dropped));
    }
    auto renumber = [&](std::vector<int32_t>& list) {
      for (int32_t& t : list) t = new_index[t];
    };
    renumber(graph.inputs);
    renumber(graph.outputs);
    for (Op& op : ops_) {
      renumber(op.inputs);
      renumber(op.outputs);
    }
    graph.ops = std::move(ops_);
    return Status::Ok();
  }

  Status RefuseUnsupportedTensors(const std::vector<bool>& used) const {
    std::vector<std::string> problems;
    int32_t first = -1;
    bool computes_in_float = false;
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) {
      if (!used[t]) continue;
      std::string why = reader_.UnsupportedFeatureOf(t);
      const tfl::TensorType type = reader_.TensorTypeOf(t);
      if (why.empty() && type != tfl::TensorType::INT8 && type != tfl::TensorType::INT32 &&
          type != tfl::TensorType::BOOL) {
        why = "is " + TypeName(type);
        computes_in_float |= type == tfl::TensorType::FLOAT32 || type == tfl::TensorType::FLOAT16;
      }
      if (why.empty()) continue;
      if (first < 0) first = t;
      problems.push_back(reader_.TensorLabel(t) + " " + why);
    }
    if (problems.empty()) return Status::Ok();
    std::string text = fmt::format(
        "{}", fmt::join(problems.begin(),
                        problems.begin() + std::min(problems.size(), kTensorsNamed), ", "));
    if (problems.size() > kTensorsNamed) {
      text += fmt::format(" and {} more", problems.size() - kTensorsNamed);
    }
    if (computes_in_float) {
      text +=
          "; the model computes in float inside the graph: quantize it fully to int8 "
          "(TFLiteConverter with a representative dataset)";
    }
    return Status::Error(ErrorCode::kImportUnsupported,
                         "unsupported tensors (int8, int32 and bool only): %s", text.c_str())
        .WithTensor(first);
  }

  // Graph invariants, then each op's lowering, which checks shapes and quantization per kind.
  Status CheckGraph() const {
    const Graph& graph = result_.graph;
    const Status valid = graph.Validate();
    if (!valid.ok()) return Malformed(valid, valid.op_index());
    for (size_t i = 0; i < graph.ops.size(); ++i) {
      const Result<LoweredOp> lowered = LowerOp(graph, i);
      if (!lowered.ok()) return Malformed(lowered.status(), static_cast<int32_t>(i));
    }
    return Status::Ok();
  }

  // Restates a graph-level failure as a malformed model, naming the TFLite operator.
  Status Malformed(const Status& cause, int32_t graph_op) const {
    if (graph_op < 0 || static_cast<size_t>(graph_op) >= source_op_.size()) {
      return Status::Error(ErrorCode::kImportMalformed, "%s", cause.message());
    }
    const int32_t op_index = source_op_[graph_op];
    return Status::Error(ErrorCode::kImportMalformed, "operator %d (%s): %s", op_index,
                         codes_[op_index].label.c_str(), cause.message())
        .WithOp(op_index);
  }

  const TfliteModelReader& reader_;
  std::vector<TfliteOperatorCode> codes_;
  std::vector<int32_t> consumers_;                        // per tensor: operators reading it
  std::map<int32_t, int32_t> input_substitute_;           // non-int8 graph input -> int8 tensor
  std::map<int32_t, int32_t> output_substitute_;          // non-int8 graph output -> int8 tensor
  std::vector<std::pair<std::string, int>> unsupported_;  // "SVDF v4" -> count, first seen first
  std::vector<Op> ops_;             // mapped, with TFLite tensor indices until BuildGraph
  std::vector<int32_t> source_op_;  // per graph op: its TFLite operator index
  TfliteImport result_;
};

}  // namespace

Result<TfliteImport> ImportTfliteWithNotes(std::span<const uint8_t> bytes,
                                           std::string source_name) {
  ARENASTORE_ASSIGN_OR_RETURN(TfliteModelReader reader, TfliteModelReader::Open(bytes));
  Importer importer(reader, std::move(source_name));
  return importer.Run();
}

Result<Graph> ImportTflite(std::span<const uint8_t> bytes, std::string source_name) {
  ARENASTORE_ASSIGN_OR_RETURN(TfliteImport imported,
                              ImportTfliteWithNotes(bytes, std::move(source_name)));
  return std::move(imported.graph);
}

}  // namespace arenastore::planner
