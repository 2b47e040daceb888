// What an operator's runtime unit (ops/<op>/<op>_runtime.cc) writes against: RuntimeOp and
// RuntimeUnit (its row), OpChecker (the operator being lowered, failing with the field's name),
// the verified tensors' readers and the bounded shape printer for messages. Families add their
// own lowering headers (runtime/*_lowering.h). Freestanding, allocation-free.
#pragma once

#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"
