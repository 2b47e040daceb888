// The Armv7E-M DSP extension's SIMD32 operations the arm_dsp kernels use (two 16-bit lanes in a
// 32-bit register), as ACLE intrinsics when compiled with __ARM_FEATURE_DSP and as exact
// portable emulations otherwise, so the very same kernel code runs, and is tested against
// kernels/ref, on any host. Header-only, freestanding, allocation-free.
// Lane convention: "low" is bits 0..15, "high" bits 16..31; products and sums wrap like the
// instructions (the kernels never rely on the Q flag).
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__ARM_FEATURE_DSP)
#include <arm_acle.h>
#endif

namespace arenastore::kernels::arm_dsp {

// Four bytes at any alignment (Armv7-M's LDR handles unaligned words).
inline uint32_t LoadWord(const void* address) {
  uint32_t word;
  std::memcpy(&word, address, sizeof(word));
  return word;
}

inline void StoreWord(void* address, uint32_t word) { std::memcpy(address, &word, sizeof(word)); }

// Two int16 lanes packed into one word.
inline uint32_t PackPair(int32_t low, int32_t high) {
  return (static_cast<uint32_t>(low) & 0xffffu) | (static_cast<uint32_t>(high) << 16);
}

inline int32_t LowLane(uint32_t pair) { return static_cast<int16_t>(pair & 0xffffu); }
inline int32_t HighLane(uint32_t pair) { return static_cast<int16_t>(pair >> 16); }

inline uint32_t RotateRight8(uint32_t word) { return (word >> 8) | (word << 24); }

#if defined(__ARM_FEATURE_DSP)

// (int16)byte0, (int16)byte2.
inline uint32_t Sxtb16(uint32_t word) {
  return static_cast<uint32_t>(__sxtb16(static_cast<int32_t>(word)));
}
// pair + ((int16)byte0, (int16)byte2), lane-wise modulo 2^16.
inline uint32_t Sxtab16(uint32_t pair, uint32_t word) {
  return static_cast<uint32_t>(__sxtab16(static_cast<int32_t>(pair), static_cast<int32_t>(word)));
}
// (int16)byte1, (int16)byte3: SXTB16's rotate operand, one instruction instead of two.
inline uint32_t Sxtb16High(uint32_t word) {
  uint32_t result;
  __asm__("sxtb16 %0, %1, ror #8" : "=r"(result) : "r"(word));
  return result;
}
// pair + ((int16)byte1, (int16)byte3), lane-wise modulo 2^16, in one instruction.
inline uint32_t Sxtab16High(uint32_t pair, uint32_t word) {
  uint32_t result;
  __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(result) : "r"(pair), "r"(word));
  return result;
}
// a + b saturated to int32.
inline int32_t SaturatingAdd(int32_t a, int32_t b) { return __qadd(a, b); }
// accumulator + low(a) * low(b) + high(a) * high(b).
inline int32_t Smlad(uint32_t a, uint32_t b, int32_t accumulator) {
  return __smlad(static_cast<int32_t>(a), static_cast<int32_t>(b), accumulator);
}
// accumulator + low(a) * low(b).
inline int32_t Smlabb(uint32_t a, uint32_t b, int32_t accumulator) {
  return __smlabb(static_cast<int32_t>(a), static_cast<int32_t>(b), accumulator);
}
// accumulator + high(a) * high(b).
inline int32_t Smlatt(uint32_t a, uint32_t b, int32_t accumulator) {
  return __smlatt(static_cast<int32_t>(a), static_cast<int32_t>(b), accumulator);
}
// accumulator + low(a) * high(b).
inline int32_t Smlabt(uint32_t a, uint32_t b, int32_t accumulator) {
  return __smlabt(static_cast<int32_t>(a), static_cast<int32_t>(b), accumulator);
}

#else  // portable emulation, lane for lane

inline int32_t SignExtendByte(uint32_t word, int byte) {
  return static_cast<int8_t>((word >> (8 * byte)) & 0xffu);
}

inline uint32_t Sxtb16(uint32_t word) {
  return PackPair(SignExtendByte(word, 0), SignExtendByte(word, 2));
}

inline uint32_t Sxtab16(uint32_t pair, uint32_t word) {
  return PackPair(LowLane(pair) + SignExtendByte(word, 0),
                  HighLane(pair) + SignExtendByte(word, 2));
}

inline uint32_t Sxtb16High(uint32_t word) { return Sxtb16(RotateRight8(word)); }

inline uint32_t Sxtab16High(uint32_t pair, uint32_t word) {
  return Sxtab16(pair, RotateRight8(word));
}

inline int32_t SaturatingAdd(int32_t a, int32_t b) {
  const int64_t sum = int64_t{a} + int64_t{b};
  return sum > INT32_MAX ? INT32_MAX : (sum < INT32_MIN ? INT32_MIN : static_cast<int32_t>(sum));
}

inline int32_t Smlad(uint32_t a, uint32_t b, int32_t accumulator) {
  const uint32_t sum = static_cast<uint32_t>(accumulator) +
                       static_cast<uint32_t>(LowLane(a) * LowLane(b)) +
                       static_cast<uint32_t>(HighLane(a) * HighLane(b));
  return static_cast<int32_t>(sum);
}

inline int32_t Smlabb(uint32_t a, uint32_t b, int32_t accumulator) {
  return static_cast<int32_t>(static_cast<uint32_t>(accumulator) +
                              static_cast<uint32_t>(LowLane(a) * LowLane(b)));
}

inline int32_t Smlatt(uint32_t a, uint32_t b, int32_t accumulator) {
  return static_cast<int32_t>(static_cast<uint32_t>(accumulator) +
                              static_cast<uint32_t>(HighLane(a) * HighLane(b)));
}

inline int32_t Smlabt(uint32_t a, uint32_t b, int32_t accumulator) {
  return static_cast<int32_t>(static_cast<uint32_t>(accumulator) +
                              static_cast<uint32_t>(LowLane(a) * HighLane(b)));
}

#endif

// The four int8 values of `word` plus `offset` each, as the pairs (v0, v2) and (v1, v3).
// `offset_pair` is PackPair(offset, offset); |value + offset| must fit int16.
struct OffsetPairs {
  uint32_t even;  // (v0 + offset, v2 + offset)
  uint32_t odd;   // (v1 + offset, v3 + offset)
};

inline OffsetPairs WidenWithOffset(uint32_t word, uint32_t offset_pair) {
  return {Sxtab16(offset_pair, word), Sxtab16High(offset_pair, word)};
}

}  // namespace arenastore::kernels::arm_dsp
