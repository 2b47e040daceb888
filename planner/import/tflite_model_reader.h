// TfliteModelReader: checked access to an untrusted TensorFlow Lite file, for the importer.
// Open() checks in layers: size -> identifier "TFL3" -> Verifier -> schema 3 -> one subgraph;
// accessors bounds-check buffers, shapes and quantization so nothing is read outside the file.
// Errors: kImportMalformed / kImportUnsupported naming the tensor or operator. Heap OK; does
// not own the caller's bytes (they must outlive it) unless it had to copy them to align them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"
#include "planner/import/tflite_schema_generated.h"

namespace arenastore::planner {

// What an operator is: a builtin code (max of the two code fields) and its version, or a
// custom operator's name.
struct TfliteOperatorCode {
  int32_t builtin = 0;
  int32_t version = 1;
  std::string custom_name;  // set for CUSTOM
  std::string label;        // "CONV_2D", "CUSTOM(SignalWindow)" or "BUILTIN_230"
};

class TfliteModelReader {
 public:
  static Result<TfliteModelReader> Open(std::span<const uint8_t> bytes);

  TfliteModelReader(TfliteModelReader&&) = default;
  TfliteModelReader& operator=(TfliteModelReader&&) = default;
  TfliteModelReader(const TfliteModelReader&) = delete;
  TfliteModelReader& operator=(const TfliteModelReader&) = delete;

  const tflite::SubGraph& subgraph() const { return *subgraph_; }
  int32_t tensor_count() const { return tensor_count_; }
  int32_t operator_count() const { return operator_count_; }
  const tflite::Tensor& tensor(int32_t index) const;
  const tflite::Operator& op(int32_t index) const;

  // "tensor 7 (conv1/weights)", the name shortened for messages.
  std::string TensorLabel(int32_t index) const;
  tflite::TensorType TensorTypeOf(int32_t index) const { return tensor(index).type(); }
  std::vector<int32_t> ShapeOf(int32_t index) const;

  // Checks one operator's code and its tensor indices (each in range or -1).
  Result<TfliteOperatorCode> OperatorCodeOf(int32_t op_index) const;
  Status CheckOperatorIndices(int32_t op_index) const;

  // Structural checks every tensor must pass: dims in [1, 2^24] and at most 2^31 elements,
  // buffer index and data range, data size versus shape and type, quantization counts.
  Status CheckTensor(int32_t index) const;
  // Why a structurally valid tensor cannot be imported (variable, sparse, custom
  // quantization); empty when it can.
  std::string UnsupportedFeatureOf(int32_t index) const;

  // The constant bytes of a tensor (inline or outside the FlatBuffer); empty for activations.
  std::span<const uint8_t> DataOf(int32_t index) const;
  bool IsConstant(int32_t index) const { return !DataOf(index).empty(); }
  // Values of a constant int32 or int64 tensor (paddings, shapes); kImportMalformed otherwise.
  Result<std::vector<int64_t>> IntegerConstant(int32_t index, const char* role) const;

  // Zero points as stored (empty when the tensor is not quantized). The Verifier only aligns
  // vectors to 4 bytes, so these int64 values are copied out rather than loaded in place.
  std::vector<int64_t> ZeroPointsOf(int32_t index) const;

  // The graph tensor for an int8 or int32 tensor; kImportUnsupported for other types.
  Result<Tensor> ToGraphTensor(int32_t index) const;

 private:
  TfliteModelReader() = default;
  Status CheckOpened();
  Status CheckBuffer(int32_t tensor_index, uint32_t buffer_index) const;
  Status CheckQuantization(int32_t index) const;
  Status CheckZeroPointRange(int32_t index) const;
  // The axis per-channel scales run along: the field, except 0 for a 1-D tensor.
  int32_t QuantizedAxisOf(int32_t index) const;
  std::span<const uint8_t> BufferBytes(uint32_t buffer_index) const;

  std::vector<uint64_t> aligned_copy_;  // only when the caller's bytes are misaligned
  std::span<const uint8_t> file_;
  const tflite::Model* model_ = nullptr;
  const tflite::SubGraph* subgraph_ = nullptr;
  int32_t tensor_count_ = 0;
  int32_t operator_count_ = 0;
};

// `name` cut to at most 60 characters ("abc...xyz") so long TensorFlow names keep messages short.
std::string ShortName(const std::string& name);

}  // namespace arenastore::planner
