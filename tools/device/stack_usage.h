// The stack's high-water mark: startup.cc paints the reserved stack with a pattern before
// main(); StackUsedBytes() finds the deepest byte that no longer holds it. Called by the runner
// to report static RAM honestly. Never allocates; approximate only if a function writes the
// pattern value itself at the very bottom of what it used.
#pragma once

#include <cstddef>

namespace arenastore::device {

size_t StackReservedBytes();
size_t StackUsedBytes();

}  // namespace arenastore::device
