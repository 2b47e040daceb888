// The I/O copy hook: every byte the executor moves into an input tensor or out of an output
// tensor goes through arenastore_io_memcpy. The default (io_memcpy.cc) is a plain memcpy,
// defined weak in its own translation unit so firmware can override it, e.g. with DMA, and
// tests can count bytes. Must not allocate; must copy exactly `bytes` bytes before returning.
#pragma once

#include <cstddef>

extern "C" void arenastore_io_memcpy(void* destination, const void* source, size_t bytes);
