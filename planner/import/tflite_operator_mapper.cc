#include "planner/import/tflite_operator_mapper.h"

#include <optional>
#include <string>
#include <utility>

#include "ops/op_list.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {

#define ARENASTORE_DECLARE_TFLITE_MAPPING(id, name, Name, Options, options_id) \
  extern const TfliteOpMapping k##Name##Tflite;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_TFLITE_MAPPING)
#undef ARENASTORE_DECLARE_TFLITE_MAPPING

namespace {

// Every op's mapping (ops/<op>/<op>_tflite.cc), in op-list order.
const TfliteOpMapping* const kMappings[] = {
#define ARENASTORE_TFLITE_MAPPING(id, name, Name, Options, options_id) &k##Name##Tflite,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_TFLITE_MAPPING)
#undef ARENASTORE_TFLITE_MAPPING
};

bool Lists(const TfliteOpMapping& mapping, int32_t builtin) {
  for (int32_t k = 0; k < mapping.builtin_count; ++k) {
    if (mapping.builtins[k] == builtin) return true;
  }
  return false;
}

}  // namespace

bool IsMappableTfliteBuiltin(int32_t builtin) {
  for (const TfliteOpMapping* mapping : kMappings) {
    if (Lists(*mapping, builtin)) return true;
  }
  return false;
}

std::vector<int32_t> TfliteBuiltinsOf(kernels::OpKind kind) {
  const auto id = static_cast<size_t>(kind);
  if (id >= std::size(kMappings)) return {};
  const TfliteOpMapping& mapping = *kMappings[id];
  return {mapping.builtins, mapping.builtins + mapping.builtin_count};
}

// Several units may map one builtin, each its own operand types (QUANTIZE: quantize, requantize,
// quantize_float): the first that maps the operator wins, else the first one's reason stands.
Result<TfliteOperatorMapping> MapTfliteOperator(const TfliteModelReader& reader, int32_t op_index,
                                                const TfliteOperatorCode& code) {
  std::optional<TfliteOperatorMapping> refused;
  for (const TfliteOpMapping* mapping : kMappings) {
    if (!Lists(*mapping, code.builtin)) continue;
    TfliteOpMapper mapper(reader, op_index, code);
    ARENASTORE_RETURN_IF_ERROR(mapping->map(mapper));
    TfliteOperatorMapping& result = mapper.result();
    result.mapped = result.unsupported.empty();
    if (!result.mapped) {
      if (!refused) refused = std::move(result);
      continue;
    }
    // A mapping of an op with several outputs (split) lists them; every other op has one.
    if (result.op.outputs.empty()) result.op.outputs = {mapper.outputs()[0]};
    const auto* name = reader.tensor(mapper.outputs()[0]).name();
    if (name != nullptr) result.op.name = name->str();
    return std::move(result);
  }
  if (refused) return std::move(*refused);
  TfliteOperatorMapping unknown;
  unknown.unsupported = "no mapping";
  return unknown;
}

}  // namespace arenastore::planner
