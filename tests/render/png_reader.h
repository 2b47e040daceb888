// Test helper: decodes the PNGs headless Chromium writes (8-bit RGB or RGBA, not interlaced)
// into RGB pixels with zlib, so rendering tests can check a screenshot is not blank and holds
// the colours the page draws. Header-only test code; heap OK; returns false with `error` set
// on anything else.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace arenastore::testing {

struct RgbImage {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint32_t> pixels;  // 0xRRGGBB, row by row
};

namespace png_detail {

inline uint32_t BigEndian32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | p[3];
}

inline uint8_t Paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return static_cast<uint8_t>(a);
  return static_cast<uint8_t>(pb <= pc ? b : c);
}

// Undoes the per-row filters (PNG spec, section 9) in place; rows are 1 + stride bytes.
inline bool Unfilter(std::vector<uint8_t>& data, size_t stride, size_t bpp, uint32_t height) {
  std::vector<uint8_t> previous(stride, 0);
  for (uint32_t y = 0; y < height; ++y) {
    uint8_t* row = &data[y * (stride + 1)];
    const uint8_t filter = row[0];
    uint8_t* pixels = row + 1;
    for (size_t i = 0; i < stride; ++i) {
      const int left = i >= bpp ? pixels[i - bpp] : 0;
      const int up = previous[i];
      const int up_left = i >= bpp ? previous[i - bpp] : 0;
      int add = 0;
      switch (filter) {
        case 0:
          break;
        case 1:
          add = left;
          break;
        case 2:
          add = up;
          break;
        case 3:
          add = (left + up) / 2;
          break;
        case 4:
          add = Paeth(left, up, up_left);
          break;
        default:
          return false;
      }
      pixels[i] = static_cast<uint8_t>(pixels[i] + add);
    }
    previous.assign(pixels, pixels + stride);
  }
  return true;
}

}  // namespace png_detail

inline bool ReadPng(const std::string& path, RgbImage* image, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), {});
  static const uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (file.size() < 8 || !std::equal(kSignature, kSignature + 8, file.begin())) {
    return *error = path + ": not a PNG", false;
  }
  std::vector<uint8_t> compressed;
  uint8_t colour_type = 0;
  for (size_t at = 8; at + 12 <= file.size();) {
    const uint32_t length = png_detail::BigEndian32(&file[at]);
    const std::string type(reinterpret_cast<const char*>(&file[at + 4]), 4);
    if (at + 12 + length > file.size()) return *error = path + ": truncated chunk", false;
    const uint8_t* body = &file[at + 8];
    if (type == "IHDR") {
      image->width = png_detail::BigEndian32(body);
      image->height = png_detail::BigEndian32(body + 4);
      colour_type = body[9];
      if (body[8] != 8 || (colour_type != 2 && colour_type != 6) || body[12] != 0) {
        return *error = path + ": only 8-bit RGB/RGBA, not interlaced", false;
      }
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), body, body + length);
    }
    at += 12 + length;
  }
  const size_t bpp = colour_type == 6 ? 4 : 3;
  const size_t stride = size_t{image->width} * bpp;
  std::vector<uint8_t> data((stride + 1) * image->height);
  uLongf size = static_cast<uLongf>(data.size());
  if (image->width == 0 ||
      uncompress(data.data(), &size, compressed.data(), static_cast<uLong>(compressed.size())) !=
          Z_OK ||
      size != data.size()) {
    return *error = path + ": bad image data", false;
  }
  if (!png_detail::Unfilter(data, stride, bpp, image->height)) {
    return *error = path + ": bad row filter", false;
  }
  image->pixels.clear();
  for (uint32_t y = 0; y < image->height; ++y) {
    const uint8_t* row = &data[y * (stride + 1) + 1];
    for (uint32_t x = 0; x < image->width; ++x) {
      const uint8_t* p = row + x * bpp;
      image->pixels.push_back(uint32_t{p[0]} << 16 | uint32_t{p[1]} << 8 | p[2]);
    }
  }
  return true;
}

}  // namespace arenastore::testing
