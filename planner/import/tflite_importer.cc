#include "planner/import/tflite_importer.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
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
      if (!IsMappableTfliteBuiltin(code.builtin)) Tally(code, "");
      codes_.push_back(std::move(code));
    }
    return Status::Ok();
  }

  // Tensors an operator lists only as intermediates (an LSTM's, shape [0] when the converter
  // left them unsized): TensorFlow Lite Micro's kernels never read them, so neither do we.
  std::vector<bool> IntermediateOnlyTensors() const {
    std::vector<bool> intermediate(reader_.tensor_count(), false);
    std::vector<bool> operand(reader_.tensor_count(), false);
    auto mark = [&](const flatbuffers::Vector<int32_t>* list, std::vector<bool>& marks) {
      if (list == nullptr) return;
      for (int32_t t : *list) {
        if (t >= 0 && t < reader_.tensor_count()) marks[t] = true;
      }
    };
    mark(reader_.subgraph().inputs(), operand);
    mark(reader_.subgraph().outputs(), operand);
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      mark(reader_.op(i).inputs(), operand);
      mark(reader_.op(i).outputs(), operand);
      mark(reader_.op(i).intermediates(), intermediate);
    }
    for (int32_t t = 0; t < reader_.tensor_count(); ++t)
      intermediate[t] = intermediate[t] && !operand[t];
    return intermediate;
  }

  // Everything that must hold before any operator is interpreted.
  Status CheckStructure() {
    const std::vector<bool> skipped = IntermediateOnlyTensors();
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) {
      if (skipped[t]) continue;
      ARENASTORE_RETURN_IF_ERROR(reader_.CheckTensor(t));
    }
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      ARENASTORE_RETURN_IF_ERROR(reader_.CheckOperatorIndices(i));
    }
    return CheckOperatorOrder();
  }

  // Operators run in file order, so each reads only what an earlier operator (or the caller, or
  // the file's constants) wrote. Checked over every operand of every operator, before any is
  // mapped: an operand a mapping drops (RESHAPE's shape) still closes a cycle in the file.
  Status CheckOperatorOrder() const {
    std::vector<int32_t> producer(reader_.tensor_count(), -1);
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      const auto* outputs = reader_.op(i).outputs();
      if (outputs == nullptr) continue;
      for (int32_t t : *outputs) {
        if (t >= 0 && producer[t] < 0) producer[t] = i;
      }
    }
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      const auto* inputs = reader_.op(i).inputs();
      if (inputs == nullptr) continue;
      for (int32_t t : *inputs) {
        if (t < 0 || producer[t] < i) continue;
        return Status::Error(ErrorCode::kImportMalformed,
                             "operator %d (%s) reads %s, which operator %d (%s) writes %s: the "
                             "operators form a cycle; the model file is malformed",
                             i, codes_[i].label.c_str(), reader_.TensorLabel(t).c_str(),
                             producer[t], codes_[producer[t]].label.c_str(),
                             producer[t] == i ? "itself" : "later")
            .WithOp(i);
      }
    }
    return Status::Ok();
  }

  Status MapOperators() {
    for (int32_t i = 0; i < reader_.operator_count(); ++i) {
      const TfliteOperatorCode& code = codes_[i];
      ARENASTORE_ASSIGN_OR_RETURN(TfliteOperatorMapping mapping,
                                  MapTfliteOperator(reader_, i, code));
      if (!mapping.note.empty()) result_.notes.push_back(mapping.note);
      if (!mapping.mapped) {
        Tally(code, mapping.unsupported);
        continue;
      }
      ops_.push_back(std::move(mapping.op));
      source_op_.push_back(i);
      checks_operand_types_.push_back(mapping.checks_operand_types);
    }
    return Status::Ok();
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

  static std::vector<int32_t> Edges(const flatbuffers::Vector<int32_t>* list) {
    return list == nullptr ? std::vector<int32_t>{}
                           : std::vector<int32_t>(list->begin(), list->end());
  }

  // Keeps the tensors the graph uses, in file order, and renumbers every reference to them.
  Status BuildGraph() {
    Graph& graph = result_.graph;
    graph.inputs = Edges(reader_.subgraph().inputs());
    graph.outputs = Edges(reader_.subgraph().outputs());
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

  // Tensors only mappings that check their operand types touch (the conversions QUANTIZE from
  // float, DEQUANTIZE and CAST; the ops that move or compare int16 activations of 16x8 models)
  // may also be int16 or float32, each mapping refusing what it cannot run; every other op's are
  // int8, int32 or bool, and a float one there means the model computes in float.
  std::vector<bool> ConversionOnlyTensors() const {
    std::vector<bool> touched(reader_.tensor_count(), false);
    std::vector<bool> strict(reader_.tensor_count(), false);
    for (size_t i = 0; i < ops_.size(); ++i) {
      for (const auto* list : {&ops_[i].inputs, &ops_[i].outputs}) {
        for (int32_t t : *list) {
          if (t < 0) continue;
          touched[t] = true;
          if (!checks_operand_types_[i]) strict[t] = true;
        }
      }
    }
    std::vector<bool> lenient(reader_.tensor_count(), false);
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) lenient[t] = touched[t] && !strict[t];
    return lenient;
  }

  Status RefuseUnsupportedTensors(const std::vector<bool>& used) const {
    const std::vector<bool> conversion_only = ConversionOnlyTensors();
    std::vector<std::string> problems;
    int32_t first = -1;
    bool computes_in_float = false;
    for (int32_t t = 0; t < reader_.tensor_count(); ++t) {
      if (!used[t]) continue;
      std::string why = reader_.UnsupportedFeatureOf(t);
      const tfl::TensorType type = reader_.TensorTypeOf(t);
      // INT64: the biases of a 16x8 LSTM, whose mapping checks every operand type.
      const bool wide = type == tfl::TensorType::INT16 || type == tfl::TensorType::FLOAT32 ||
                        type == tfl::TensorType::INT64;
      if (why.empty() && type != tfl::TensorType::INT8 && type != tfl::TensorType::INT32 &&
          type != tfl::TensorType::BOOL && !(wide && conversion_only[t])) {
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
    return Status::Error(
               ErrorCode::kImportUnsupported,
               "unsupported tensors (int8, int32 and bool; float32 only into or out of QUANTIZE, "
               "DEQUANTIZE and CAST, int16 as the activations of the operators that have int16 "
               "kernels): %s",
               text.c_str())
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
  std::vector<std::pair<std::string, int>> unsupported_;  // "SVDF v4" -> count, first seen first
  std::vector<Op> ops_;                     // mapped, with TFLite tensor indices until BuildGraph
  std::vector<int32_t> source_op_;          // per graph op: its TFLite operator index
  std::vector<bool> checks_operand_types_;  // per graph op: its mapping checked operand types
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
