#include "kernels/cpu_features.h"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#define ARENASTORE_X86_HOST 1
#include <cpuid.h>

#include <atomic>
#include <cstdlib>
#endif

namespace arenastore::kernels {
namespace {

constexpr uint32_t Bit(Isa isa) { return 1u << static_cast<unsigned>(isa); }
constexpr uint32_t kAllIsas = (1u << kIsaCount) - 1;

// Fastest first.
constexpr Isa kPreference[] = {Isa::kX86Avx512Vnni, Isa::kX86Avx2, Isa::kArmMve, Isa::kArmDsp,
                               Isa::kRef};

bool SameName(const char* a, const char* a_end, const char* b) {
  while (a != a_end && *b != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return a == a_end && *b == '\0';
}

// "ref,x86_avx2" -> bit mask; ref is always in it, so every op keeps a variant to run.
uint32_t ParseAllowList(const char* text) {
  uint32_t mask = Bit(Isa::kRef);
  while (*text != '\0') {
    const char* end = text;
    while (*end != '\0' && *end != ',') ++end;
    for (int i = 0; i < kIsaCount; ++i) {
      const auto isa = static_cast<Isa>(i);
      if (SameName(text, end, IsaName(isa))) mask |= Bit(isa);
    }
    text = *end == ',' ? end + 1 : end;
  }
  return mask;
}

#if defined(ARENASTORE_X86_HOST)

// Bits of cpuid leaf 1 ECX, leaf 7 EBX/ECX and XCR0 (Intel SDM vol. 2, CPUID; vol. 1, 13.3).
constexpr uint32_t kLeaf1Fma = 1u << 12, kLeaf1OsXsave = 1u << 27, kLeaf1Avx = 1u << 28;
constexpr uint32_t kLeaf7Avx2 = 1u << 5, kLeaf7Avx512F = 1u << 16, kLeaf7Avx512Bw = 1u << 30,
                   kLeaf7Avx512Vl = 1u << 31;
constexpr uint32_t kLeaf7EcxAvx512Vnni = 1u << 11;
constexpr uint64_t kXcr0Avx = 0x6;      // SSE and AVX (YMM) state
constexpr uint64_t kXcr0Avx512 = 0xe6;  // plus opmask, ZMM_Hi256 and Hi16_ZMM state

constexpr uint32_t kUnset = 0xffffffffu;
std::atomic<uint32_t> g_supported{kUnset};
std::atomic<uint32_t> g_allowed{kUnset};

uint64_t ReadXcr0() {
  uint32_t low = 0, high = 0;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (static_cast<uint64_t>(high) << 32) | low;
}

uint32_t DetectSupported() {
  uint32_t mask = Bit(Isa::kRef);
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return mask;
  const uint32_t leaf1_ecx = ecx;
  // Without OSXSAVE the OS does not save YMM/ZMM registers: no AVX of any kind.
  if ((leaf1_ecx & kLeaf1OsXsave) == 0 || (leaf1_ecx & kLeaf1Avx) == 0) return mask;
  const uint64_t xcr0 = ReadXcr0();
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return mask;
  const bool avx2 =
      (ebx & kLeaf7Avx2) != 0 && (leaf1_ecx & kLeaf1Fma) != 0 && (xcr0 & kXcr0Avx) == kXcr0Avx;
  if (avx2) mask |= Bit(Isa::kX86Avx2);
  const uint32_t avx512_bits = kLeaf7Avx512F | kLeaf7Avx512Bw | kLeaf7Avx512Vl;
  if (avx2 && (ebx & avx512_bits) == avx512_bits && (ecx & kLeaf7EcxAvx512Vnni) != 0 &&
      (xcr0 & kXcr0Avx512) == kXcr0Avx512) {
    mask |= Bit(Isa::kX86Avx512Vnni);
  }
  return mask;
}

uint32_t SupportedMask() {
  uint32_t mask = g_supported.load(std::memory_order_relaxed);
  if (mask == kUnset) {
    mask = DetectSupported();
    g_supported.store(mask, std::memory_order_relaxed);
  }
  return mask;
}

uint32_t EnvironmentAllowMask() {
  const char* text = std::getenv("ARENASTORE_ISA_ALLOW");
  return text == nullptr || *text == '\0' ? kAllIsas : ParseAllowList(text);
}

uint32_t AllowedMask() {
  uint32_t mask = g_allowed.load(std::memory_order_relaxed);
  if (mask == kUnset) {
    mask = EnvironmentAllowMask();
    g_allowed.store(mask, std::memory_order_relaxed);
  }
  return mask;
}

#else  // not x86: the compile target decides, and there is no environment to read.

uint32_t SupportedMask() {
  uint32_t mask = Bit(Isa::kRef);
#if defined(__ARM_FEATURE_DSP)
  mask |= Bit(Isa::kArmDsp);
#endif
#if defined(__ARM_FEATURE_MVE)
  mask |= Bit(Isa::kArmMve);
#endif
  return mask;
}

uint32_t g_allowed_override = kAllIsas;
uint32_t AllowedMask() { return g_allowed_override; }

#endif

bool IsaBuilt(Isa isa) {
  for (int op = 0; op < kOpKindCount; ++op) {
    for (const KernelEntry& entry : KernelsOf(static_cast<OpKind>(op))) {
      if (entry.isa == isa && entry.eval != nullptr) return true;
    }
  }
  return false;
}

}  // namespace

bool CpuSupportsIsa(Isa isa) {
  return static_cast<int>(isa) < kIsaCount && (SupportedMask() & Bit(isa)) != 0;
}

bool IsaAllowed(Isa isa) {
  return static_cast<int>(isa) < kIsaCount && (AllowedMask() & Bit(isa)) != 0;
}

void SetIsaAllowList(const char* comma_separated_isas) {
#if defined(ARENASTORE_X86_HOST)
  g_allowed.store(comma_separated_isas == nullptr ? EnvironmentAllowMask()
                                                  : ParseAllowList(comma_separated_isas),
                  std::memory_order_relaxed);
#else
  g_allowed_override =
      comma_separated_isas == nullptr ? kAllIsas : ParseAllowList(comma_separated_isas);
#endif
}

bool IsaRunnable(Isa isa) { return CpuSupportsIsa(isa) && IsaAllowed(isa) && IsaBuilt(isa); }

bool KernelRunnable(const KernelEntry& entry) {
  return entry.eval != nullptr && CpuSupportsIsa(entry.isa) && IsaAllowed(entry.isa);
}

Isa BestRunnableIsa() {
  for (const Isa isa : kPreference) {
    if (IsaRunnable(isa)) return isa;
  }
  return Isa::kRef;
}

}  // namespace arenastore::kernels
