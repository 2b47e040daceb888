// libFuzzer target: arbitrary bytes into the runtime's artifact view. The contract under test:
// never crash, hang or leak; refuse with a format error only; and anything accepted can be
// judged by the gate under every policy and, when the gate accepts, bound to pools (each up to
// kMaxPoolBytes) and run by the executor, without a kernel touching memory out of bounds.
// Seed with artifacts written by `arenastore compile` (e.g. of the built-in examples).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/gate.h"

namespace {

using arenastore::ErrorCode;
using namespace arenastore::runtime;  // NOLINT: a fuzz harness, short and flat

constexpr size_t kMaxPoolBytes = size_t{1} << 20;

struct alignas(64) Block {
  uint8_t bytes[64];
};

// Zero-filled, 64-byte aligned storage; the harness's own heap use is fine.
std::span<uint8_t> Aligned(std::vector<Block>* storage, size_t bytes) {
  storage->assign(bytes / sizeof(Block) + 1, Block{});
  return {storage->front().bytes, bytes};
}

bool IsFormatError(ErrorCode code) {
  return code >= ErrorCode::kFormatTooSmall && code <= ErrorCode::kFormatInvalidField;
}

void Run(const ArtifactView& view, std::span<const arenastore::kernels::Isa> variants) {
  std::vector<std::vector<Block>> storage(static_cast<size_t>(view.pool_count()));
  std::vector<PoolBuffer> buffers;
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    const uint64_t planned = view.pool(p).planned_bytes();
    if (planned > kMaxPoolBytes) return;
    buffers.push_back({view.pool(p).name()->c_str(),
                       Aligned(&storage[static_cast<size_t>(p)], static_cast<size_t>(planned))});
  }
  auto executor = Executor::Create(view, buffers, ThisRuntime().isa, variants);
  if (!executor.ok()) return;
  for (int32_t i = 0; i < view.input_count(); ++i) {
    std::span<uint8_t> input = executor->InputTensor(i);
    std::vector<uint8_t> bytes(input.size(), static_cast<uint8_t>(i * 37 + 11));
    if (!executor->SetInput(i, bytes).ok()) __builtin_trap();
  }
  (void)executor->Invoke();  // a kernel may refuse its params; it must not overrun
  for (int32_t i = 0; i < view.output_count(); ++i) {
    std::vector<uint8_t> bytes(executor->OutputTensor(i).size());
    if (!executor->GetOutput(i, bytes).ok()) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<Block> storage;
  const std::span<uint8_t> bytes = Aligned(&storage, size);
  if (size > 0) std::memcpy(bytes.data(), data, size);
  const auto view = ArtifactView::Create(bytes);
  if (!view.ok()) {
    if (!IsFormatError(view.status().code())) __builtin_trap();
    return 0;
  }
  std::vector<Finding> findings(16);
  std::vector<arenastore::kernels::Isa> variants(static_cast<size_t>(view->operator_count()));
  char text[256];
  GateReport last{};
  for (GatePolicy policy : {GatePolicy::kStrict, GatePolicy::kDefault, GatePolicy::kFallback}) {
    last = EvaluateGate(*view, ThisRuntime(), policy, {}, findings, variants);
    for (int32_t i = 0; i < last.findings_stored; ++i)
      FormatFinding(findings[i], text, sizeof(text));
  }
  if (last.verdict != Verdict::kReject) Run(*view, variants);
  return 0;
}
