#include "planner/options_equivalence.h"

#include <flatbuffers/reflection.h>

#include <algorithm>
#include <array>
#include <bit>
#include <string>

namespace arenastore::planner {

// The artifact schema's reflection data (flatc --schema), embedded by planner/CMakeLists.txt.
extern const unsigned char kArtifactSchemaBfbs[];

namespace {

static_assert(std::endian::native == std::endian::little,
              "scalars are compared as FlatBuffers stores them: little-endian bytes");

using flatbuffers::Table;

const reflection::Schema& ArtifactSchema() {
  static const reflection::Schema* schema = reflection::GetSchema(kArtifactSchemaBfbs);
  return *schema;
}

const reflection::Object& ObjectAt(int32_t index) {
  return *ArtifactSchema().objects()->Get(static_cast<flatbuffers::uoffset_t>(index));
}

// A scalar field's bytes as stored, or its schema default encoded the same way when absent, so
// a producer that writes defaults and one that omits them compare equal.
std::array<uint8_t, 8> ScalarBytes(const Table& table, const reflection::Field& field) {
  std::array<uint8_t, 8> bytes{};
  const reflection::BaseType base = field.type()->base_type();
  const size_t size = flatbuffers::GetTypeSize(base);
  if (const uint8_t* stored = table.GetAddressOf(field.offset())) {
    std::memcpy(bytes.data(), stored, size);
  } else if (base == reflection::Float) {
    const auto value = static_cast<float>(field.default_real());
    std::memcpy(bytes.data(), &value, sizeof(value));
  } else if (base == reflection::Double) {
    const double value = field.default_real();
    std::memcpy(bytes.data(), &value, sizeof(value));
  } else {
    const int64_t value = field.default_integer();
    std::memcpy(bytes.data(), &value, size);
  }
  return bytes;
}

bool SameField(const Table& a, const Table& b, const reflection::Field& field);

// The name of the first field (in the schema's name order) whose values differ; empty when
// every compared field is equal. A table absent on one side only differs as a whole.
std::string_view FirstDifference(const Table* a, const Table* b, const reflection::Object& object,
                                 std::span<const std::string_view> not_compared) {
  if (a == nullptr || b == nullptr) return a == b ? std::string_view() : std::string_view("table");
  for (const reflection::Field* field : *object.fields()) {
    const std::string_view name = field->name()->string_view();
    if (std::find(not_compared.begin(), not_compared.end(), name) != not_compared.end()) continue;
    if (!SameField(*a, *b, *field)) return name;
  }
  return {};
}

bool SameTable(const Table* a, const Table* b, const reflection::Object& object,
               std::span<const std::string_view> not_compared);

bool SameString(const flatbuffers::String* a, const flatbuffers::String* b) {
  const std::string_view x = a == nullptr ? std::string_view() : a->string_view();
  const std::string_view y = b == nullptr ? std::string_view() : b->string_view();
  return x == y;
}

// Vectors of scalars compare as bytes; of strings and tables element by element. Absent reads
// as empty.
bool SameVectorField(const Table& a, const Table& b, const reflection::Field& field) {
  const auto* x = flatbuffers::GetFieldAnyV(a, field);
  const auto* y = flatbuffers::GetFieldAnyV(b, field);
  const flatbuffers::uoffset_t size = x == nullptr ? 0 : x->size();
  if (size != (y == nullptr ? 0 : y->size())) return false;
  if (size == 0) return true;
  const reflection::BaseType element = field.type()->element();
  if (flatbuffers::IsScalar(element)) {
    return std::memcmp(x->Data(), y->Data(), size * flatbuffers::GetTypeSize(element)) == 0;
  }
  const reflection::Object* elements =
      element == reflection::Obj ? &ObjectAt(field.type()->index()) : nullptr;
  if (elements != nullptr && elements->is_struct()) {  // structs lie in the vector itself
    return std::memcmp(x->Data(), y->Data(), size * static_cast<size_t>(elements->bytesize())) == 0;
  }
  for (flatbuffers::uoffset_t i = 0; i < size; ++i) {
    if (element == reflection::String) {
      if (!SameString(flatbuffers::GetAnyVectorElemPointer<const flatbuffers::String>(x, i),
                      flatbuffers::GetAnyVectorElemPointer<const flatbuffers::String>(y, i))) {
        return false;
      }
    } else if (element == reflection::Obj) {
      if (!SameTable(flatbuffers::GetAnyVectorElemPointer<const Table>(x, i),
                     flatbuffers::GetAnyVectorElemPointer<const Table>(y, i), *elements, {})) {
        return false;
      }
    } else {
      return false;  // a vector of unions: no options table holds one
    }
  }
  return true;
}

bool SameField(const Table& a, const Table& b, const reflection::Field& field) {
  const reflection::BaseType base = field.type()->base_type();
  if (flatbuffers::IsScalar(base)) return ScalarBytes(a, field) == ScalarBytes(b, field);
  if (base == reflection::String) {
    return SameString(flatbuffers::GetFieldS(a, field), flatbuffers::GetFieldS(b, field));
  }
  if (base == reflection::Vector) return SameVectorField(a, b, field);
  if (base == reflection::Obj) {
    const reflection::Object& object = ObjectAt(field.type()->index());
    if (object.is_struct()) {
      const uint8_t* x = a.GetAddressOf(field.offset());
      const uint8_t* y = b.GetAddressOf(field.offset());
      if (x == nullptr || y == nullptr) return x == y;
      return std::memcmp(x, y, static_cast<size_t>(object.bytesize())) == 0;
    }
    return SameTable(flatbuffers::GetFieldT(a, field), flatbuffers::GetFieldT(b, field), object,
                     {});
  }
  return false;  // a union inside an options table: none holds one
}

bool SameTable(const Table* a, const Table* b, const reflection::Object& object,
               std::span<const std::string_view> not_compared) {
  return FirstDifference(a, b, object, not_compared).empty();
}

}  // namespace

std::string_view DifferingOptionsField(const schema::Operator& a, const schema::Operator& b,
                                       std::span<const std::string_view> not_compared) {
  if (a.options_type() != b.options_type()) return "type";
  if (a.options_type() == schema::OpOptions::NONE) return {};
  const std::string name =
      std::string("arenastore.schema.") + schema::EnumNameOpOptions(a.options_type());
  const reflection::Object* object = ArtifactSchema().objects()->LookupByKey(name.c_str());
  if (object == nullptr) return "type";  // a type this build's schema does not know
  return FirstDifference(static_cast<const Table*>(a.options()),
                         static_cast<const Table*>(b.options()), *object, not_compared);
}

}  // namespace arenastore::planner
