// Bounded printf-style formatting for freestanding code (runtime, kernels, Status).
// Called by Status and by anything that must build a message without the heap: newlib's
// snprintf can pull malloc into a device image, this cannot. Supports %s %c %d %i %u %x %%
// with the l, ll and z length modifiers, and a string precision (%.19s, %.*s) as printf reads
// it; an unknown conversion is printed as written. Always NUL-terminates when capacity > 0;
// truncates.
#pragma once

#include <cstdarg>
#include <cstddef>

namespace arenastore {

// Returns the number of characters written, excluding the terminating NUL.
size_t FormatV(char* out, size_t capacity, const char* format, va_list args);
size_t Format(char* out, size_t capacity, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

}  // namespace arenastore
