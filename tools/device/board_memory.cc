#include "tools/device/board_memory.h"

namespace arenastore::device {
namespace {

// Sizes come from tools/device/CMakeLists.txt per board; sections from boards/sections.ld.
alignas(16) uint8_t fast_pool[ARENASTORE_DEVICE_FAST_POOL_BYTES]
    __attribute__((section(".pool_fast")));
alignas(16) uint8_t sram_pool[ARENASTORE_DEVICE_SRAM_POOL_BYTES]
    __attribute__((section(".pool_sram")));
alignas(16) uint8_t ext_pool[ARENASTORE_DEVICE_EXT_POOL_BYTES] __attribute__((section(".ext")));
// A recurrent model's variables: memory the firmware keeps from one invoke to the next. In the
// external RAM, beside the artifact: the SRAM region is sized for the "sram" pool exactly.
constexpr size_t kStatePoolBytes = 4096;
alignas(16) uint8_t state_pool[kStatePoolBytes] __attribute__((section(".ext")));
alignas(16) uint8_t artifact[ARENASTORE_DEVICE_ARTIFACT_BYTES] __attribute__((section(".ext")));
alignas(16) uint8_t input[ARENASTORE_DEVICE_IO_BYTES] __attribute__((section(".ext")));
alignas(16) uint8_t output[ARENASTORE_DEVICE_IO_BYTES] __attribute__((section(".ext")));

const BoardMemory kPoolMemories[] = {
    {"dtcm", ARENASTORE_DEVICE_FAST_POOL_WHERE, fast_pool},
    {"sram", ARENASTORE_DEVICE_SRAM_POOL_WHERE, sram_pool},
    {ARENASTORE_DEVICE_EXT_POOL_NAME, ARENASTORE_DEVICE_EXT_POOL_WHERE, ext_pool},
    {"state", "external RAM, kept between invokes", state_pool},
};

}  // namespace

std::span<const BoardMemory> BoardPoolMemories() { return kPoolMemories; }
std::span<uint8_t> ArtifactBuffer() { return artifact; }
std::span<uint8_t> InputBuffer() { return input; }
std::span<uint8_t> OutputBuffer() { return output; }

}  // namespace arenastore::device
