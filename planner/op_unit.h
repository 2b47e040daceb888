// What an operator's planner unit (ops/<op>/<op>_planner.cc) writes against: the TFLite mapper
// and the mappings families share (import), the Lowering of one graph operator, the fixed-point
// arithmetic TensorFlow Lite prepares ops with, and the PlannerOp rows with the options they
// write and read back. Families add their own planning headers (planner/*_lowering.h). Host-only.
#pragma once

#include "planner/empty_options_planning.h"
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_struct_planning.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"
#include "planner/quantized_operands.h"
