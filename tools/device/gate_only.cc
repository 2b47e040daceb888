// The smallest useful firmware: verify an artifact and ask the gate, nothing else (no
// executor, so no proof of the memory plan either: ArtifactView::CreateForGate). Built to measure
// what the runtime and gate cost in code size on each board (scripts/device_size_report.sh); also
// runnable:
//   qemu-system-arm ... -semihosting-config enable=on,target=native,arg=gate_only,arg=M.arena
// Prints the verdict line and exits 0 (accept or warn), 3 (reject) or 1 (unreadable).
#include "kernels/version.h"
#include "runtime/gate.h"
#include "tools/device/board_memory.h"
#include "tools/device/console.h"
#include "tools/device/device_isa.h"
#include "tools/device/semihosting.h"

namespace {

using namespace arenastore;

int32_t ReadArtifact(const char* path) {
  const int32_t handle = device::SemihostingOpen(path, device::OpenMode::kReadBinary);
  if (handle < 0) return -1;
  const int32_t length = device::SemihostingFileLength(handle);
  int32_t read = -1;
  if (length >= 0 && static_cast<size_t>(length) <= device::ArtifactBuffer().size()) {
    read = device::SemihostingRead(handle, device::ArtifactBuffer().data(),
                                   static_cast<size_t>(length));
  }
  device::SemihostingClose(handle);
  return read == length ? read : -1;
}

}  // namespace

int main() {
  static char line[256];
  if (!device::SemihostingCommandLine(line, sizeof(line))) return 2;
  const char* path = line;
  while (*path != '\0' && *path != ' ') ++path;
  while (*path == ' ') ++path;
  const int32_t bytes = ReadArtifact(path);
  if (bytes < 0) return 1;
  auto view = runtime::ArtifactView::CreateForGate(
      device::ArtifactBuffer().first(static_cast<size_t>(bytes)));
  if (!view.ok()) {
    device::ConsoleError("%s\n", view.status().message());
    return 1;
  }
  constexpr kernels::Isa isa = device::kDeviceIsa;
  const runtime::GateReport report = runtime::EvaluateGate(
      view.value(), {kernels::kLibraryVersion, isa}, runtime::GatePolicy::kDefault, {}, {});
  device::ConsolePrint("%s: %d findings, %s\n", path, report.finding_count,
                       report.verdict == runtime::Verdict::kReject ? "reject" : "accept");
  return report.verdict == runtime::Verdict::kReject ? 3 : 0;
}
