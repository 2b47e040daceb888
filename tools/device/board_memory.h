// The device runner's static memories: one buffer per named pool the board offers ("dtcm" in
// DTCM or the board's fastest RAM, "sram" in SRAM, the board's external RAM under its own
// name, and "state" for the variables a recurrent model keeps between invokes), plus buffers for the artifact file and the input/output files. Each buffer is a
// plain array placed by linker section (boards/sections.ld), sized per board in
// tools/device/CMakeLists.txt, so a board that cannot hold them fails to link.
// Called by the runner and the kernel check image. Never allocates; the buffers live forever.
#pragma once

#include <cstdint>
#include <span>

namespace arenastore::device {

struct BoardMemory {
  const char* name;          // the pool name an artifact must use to land here
  const char* where;         // the physical memory, for people: "DTCM", "FPGA SRAM", ...
  std::span<uint8_t> bytes;  // 16-byte aligned
};

// Pool memories in the order the runner offers them to the gate.
std::span<const BoardMemory> BoardPoolMemories();

// 16-byte aligned, as ArtifactView requires.
std::span<uint8_t> ArtifactBuffer();
std::span<uint8_t> InputBuffer();
std::span<uint8_t> OutputBuffer();

}  // namespace arenastore::device
