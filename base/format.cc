#include "base/format.h"

#include <cstdint>

namespace arenastore {
namespace {

// value /= divisor (2..16), returning the remainder. Long division in 16-bit digits keeps every
// step in 32 bits: a 32-bit core then divides with its own instruction instead of linking
// libgcc's 64-bit division (about 800 bytes on a Cortex-M) for the sake of printing.
unsigned DivideInPlace(unsigned long long* value, unsigned divisor) {
  unsigned long long quotient = 0;
  uint32_t remainder = 0;
  for (int shift = 48; shift >= 0; shift -= 16) {
    const uint32_t current = (remainder << 16) | static_cast<uint32_t>((*value >> shift) & 0xffff);
    quotient = (quotient << 16) | (current / divisor);
    remainder = current % divisor;
  }
  *value = quotient;
  return remainder;
}

class Writer {
 public:
  Writer(char* out, size_t capacity) : out_(out), capacity_(capacity) {}
  void Put(char c) {
    if (capacity_ > 0 && length_ + 1 < capacity_) out_[length_++] = c;
  }
  // At most `precision` characters (all when negative), never reading past them: a string
  // with a precision need not be NUL-terminated (printf's rule, which %.*s of a view relies on).
  void PutString(const char* s, int precision) {
    if (s == nullptr) s = "(null)";
    for (; precision != 0 && *s != '\0'; --precision) Put(*s++);
  }
  void PutUnsigned(unsigned long long value, unsigned base) {
    char digits[24];
    int count = 0;
    do {
      const unsigned digit = DivideInPlace(&value, base);
      digits[count++] = static_cast<char>(digit < 10 ? '0' + digit : 'a' + digit - 10);
    } while (value != 0);
    while (count > 0) Put(digits[--count]);
  }
  void PutSigned(long long value) {
    if (value < 0) {
      Put('-');
      // Negate in unsigned arithmetic so LLONG_MIN does not overflow.
      PutUnsigned(0ull - static_cast<unsigned long long>(value), 10);
    } else {
      PutUnsigned(static_cast<unsigned long long>(value), 10);
    }
  }
  size_t Finish() {
    if (capacity_ > 0) out_[length_] = '\0';
    return length_;
  }

 private:
  char* out_;
  size_t capacity_;
  size_t length_ = 0;
};

enum class Length { kInt, kLong, kLongLong, kSize };

}  // namespace

size_t FormatV(char* out, size_t capacity, const char* format, va_list args) {
  Writer writer(out, capacity);
  for (const char* p = format; *p != '\0'; ++p) {
    if (*p != '%') {
      writer.Put(*p);
      continue;
    }
    ++p;
    // A precision (.N or .*) limits a string; the callers give none to integers.
    int precision = -1;
    if (*p == '.') {
      ++p;
      precision = 0;
      if (*p == '*') {
        precision = va_arg(args, int);
        ++p;
      }
      while (*p >= '0' && *p <= '9') precision = precision * 10 + (*p++ - '0');
    }
    Length length = Length::kInt;
    if (*p == 'z') {
      length = Length::kSize;
      ++p;
    } else if (*p == 'l') {
      length = Length::kLong;
      ++p;
      if (*p == 'l') {
        length = Length::kLongLong;
        ++p;
      }
    }
    switch (*p) {
      case '%':
        writer.Put('%');
        break;
      case 'c':
        writer.Put(static_cast<char>(va_arg(args, int)));
        break;
      case 's':
        writer.PutString(va_arg(args, const char*), precision);
        break;
      case 'd':
      case 'i':
        switch (length) {
          case Length::kInt:
            writer.PutSigned(va_arg(args, int));
            break;
          case Length::kLong:
            writer.PutSigned(va_arg(args, long));
            break;
          case Length::kLongLong:
            writer.PutSigned(va_arg(args, long long));
            break;
          case Length::kSize:
            writer.PutSigned(static_cast<long long>(va_arg(args, size_t)));
            break;
        }
        break;
      case 'u':
      case 'x': {
        const unsigned base = *p == 'u' ? 10 : 16;
        switch (length) {
          case Length::kInt:
            writer.PutUnsigned(va_arg(args, unsigned), base);
            break;
          case Length::kLong:
            writer.PutUnsigned(va_arg(args, unsigned long), base);
            break;
          case Length::kLongLong:
            writer.PutUnsigned(va_arg(args, unsigned long long), base);
            break;
          case Length::kSize:
            writer.PutUnsigned(va_arg(args, size_t), base);
            break;
        }
        break;
      }
      case '\0':
        return writer.Finish();
      default:  // unknown conversion: print it verbatim so the bug is visible
        writer.Put('%');
        writer.Put(*p);
        break;
    }
  }
  return writer.Finish();
}

size_t Format(char* out, size_t capacity, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const size_t written = FormatV(out, capacity, format, args);
  va_end(args);
  return written;
}

}  // namespace arenastore
