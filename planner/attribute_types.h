// The attribute vocabulary graph operators share: TensorFlow Lite's padding and fused
// activation, and the attribute sets several ops have in common (2-D pooling windows, the fused
// activation of elementwise ops). Each op's own attributes (ops/<op>/<op>_attributes.h) build on
// these. Host-only plain structs.
#pragma once

#include <cstdint>

namespace arenastore::planner {

enum class Padding : uint8_t { kSame = 0, kValid = 1 };
enum class Activation : uint8_t { kNone = 0, kRelu = 1, kRelu6 = 2, kReluN1To1 = 3 };

struct Pool2dAttributes {
  Padding padding = Padding::kValid;
  int32_t filter_h = 1, filter_w = 1;
  int32_t stride_h = 1, stride_w = 1;
  Activation activation = Activation::kNone;
};

struct ElementwiseAttributes {
  Activation activation = Activation::kNone;
};

}  // namespace arenastore::planner
