// The artifact schema (flatc's header generated from artifact.fbs), included only through
// here. On 32-bit Arm, FlatBuffers' FLATBUFFERS_MAX_BUFFER_SIZE (2^31 - 1) is an unsigned long
// long and the Verifier divides it by an element size once per vector, which links libgcc's
// 64-bit division (746 B of code) into every device image for that one division. The same
// value as a 32-bit constant divides in one instruction. Only Arm builds redefine it; there
// every FlatBuffers user is a runtime file that includes this header, so all see one value.
#pragma once

#if defined(__arm__)
#include <flatbuffers/base.h>
static_assert(sizeof(::flatbuffers::soffset_t) == 4, "FlatBuffers offsets are 32-bit");
#undef FLATBUFFERS_MAX_BUFFER_SIZE
#define FLATBUFFERS_MAX_BUFFER_SIZE 0x7fffffffu
#endif

#include "runtime/schema/artifact_generated.h"
