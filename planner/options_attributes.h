// Graph attributes that are an op's options table: ARENASTORE_ATTRIBUTES_ARE_OPTIONS(Name,
// Options) makes Name##Attributes the table's native struct (FlatBuffers' object API, generated
// on hosts from the op's ops/<op>/<op>_options.fbs), so the .fbs is the one list of the op's
// fields: its TFLite mapping fills the fields the model gives, its planner lowering the ones it
// derives, and the artifact writer and reader pack and unpack the struct whole
// (planner/options_struct_planning.h). Used by the generated ops/op_attributes.h. Host-only.
#pragma once

#include "runtime/schema/artifact_schema.h"

// A struct of its own per op (ops sharing one table still differ), deriving the table's fields.
#define ARENASTORE_ATTRIBUTES_ARE_OPTIONS(Name, Options) \
  namespace arenastore::planner {                        \
  struct Name##Attributes : schema::Options##T {};       \
  }
