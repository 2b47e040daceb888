// logistic's TensorFlow Lite mapping: LOGISTIC on int8 or int16 tensors -> a graph op with
// LogisticAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 14 is TensorFlow Lite's LOGISTIC.
extern const TfliteOpMapping kLogisticTflite = {
    {14}, 1, &MapActivationsOf<kernels::OpKind::kLogistic, LogisticAttributes, 1>};

}  // namespace arenastore::planner
