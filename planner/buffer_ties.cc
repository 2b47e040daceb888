#include "planner/buffer_ties.h"

#include <algorithm>

namespace arenastore::planner {
namespace {

// Offset of `buffer` from its tree's root, and the root; ties must be acyclic.
std::pair<int32_t, int64_t> RootOf(std::span<const BufferRequest> buffers, int32_t buffer) {
  int64_t offset = 0;
  while (buffers[buffer].tied_to >= 0) {
    offset += buffers[buffer].tied_offset_bytes;
    buffer = buffers[buffer].tied_to;
  }
  return {buffer, offset};
}

Status CheckTie(std::span<const BufferRequest> buffers, size_t index) {
  const BufferRequest& buffer = buffers[index];
  const char* name = buffer.name.c_str();
  ARENASTORE_CHECK_OR_RETURN(buffer.tied_to >= 0 &&
                                 static_cast<size_t>(buffer.tied_to) < buffers.size() &&
                                 static_cast<size_t>(buffer.tied_to) != index,
                             ErrorCode::kInvalidArgument,
                             "buffer %zu '%s': tied to buffer %d, which is not another of "
                             "the %zu buffers",
                             index, name, buffer.tied_to, buffers.size());
  const BufferRequest& other = buffers[buffer.tied_to];
  ARENASTORE_CHECK_OR_RETURN(
      other.pinned_pool == buffer.pinned_pool && other.alignment == buffer.alignment &&
          buffer.tied_offset_bytes % buffer.alignment == 0,
      ErrorCode::kInvalidArgument,
      "buffer %zu '%s': tied to '%s' at %lld B, but a tie needs the same "
      "pinned pool and alignment and an offset that keeps it",
      index, name, other.name.c_str(), static_cast<long long>(buffer.tied_offset_bytes));
  const int64_t offset = buffer.tied_offset_bytes;
  const auto self_bytes = static_cast<int64_t>(buffer.bytes);
  const auto other_bytes = static_cast<int64_t>(other.bytes);
  const bool inside = offset >= 0 && offset + self_bytes <= other_bytes;
  const bool around = offset <= 0 && other_bytes - offset <= self_bytes;
  ARENASTORE_CHECK_OR_RETURN(inside || around, ErrorCode::kInvalidArgument,
                             "buffer %zu '%s': tied to '%s' at %lld B, where neither holds the "
                             "other",
                             index, name, other.name.c_str(), static_cast<long long>(offset));
  size_t hops = 0;
  for (int32_t at = buffer.tied_to; at >= 0; at = buffers[at].tied_to) {
    ARENASTORE_CHECK_OR_RETURN(++hops <= buffers.size(), ErrorCode::kInvalidArgument,
                               "buffer %zu '%s': its ties form a cycle", index, name);
  }
  return Status::Ok();
}

bool LiveTogether(const BufferRequest& a, const BufferRequest& b) {
  return a.first_step <= b.last_step && b.first_step <= a.last_step;
}

}  // namespace

size_t SharedBytes(const BufferRequest& a, const BufferRequest& b, int64_t b_minus_a_bytes) {
  const int64_t begin = std::max<int64_t>(0, b_minus_a_bytes);
  const int64_t end = std::min(static_cast<int64_t>(ReservedBytes(a)),
                               b_minus_a_bytes + static_cast<int64_t>(ReservedBytes(b)));
  return end > begin ? static_cast<size_t>(end - begin) : 0;
}

TieUnits ResolveTies(std::span<const BufferRequest> buffers) {
  const size_t count = buffers.size();
  TieUnits units;
  units.root.resize(count);
  units.offset_bytes.assign(count, 0);
  units.extent_bytes.assign(count, 0);
  units.members.resize(count);
  std::vector<int64_t> from_root(count, 0);
  std::vector<int64_t> lowest(count, 0);
  for (size_t i = 0; i < count; ++i) {
    const auto [root, offset] = RootOf(buffers, static_cast<int32_t>(i));
    units.root[i] = root;
    from_root[i] = offset;
    lowest[root] = std::min(lowest[root], offset);
  }
  for (size_t i = 0; i < count; ++i) {
    const int32_t root = units.root[i];
    units.offset_bytes[i] = static_cast<size_t>(from_root[i] - lowest[root]);
    units.extent_bytes[root] =
        std::max(units.extent_bytes[root], units.offset_bytes[i] + ReservedBytes(buffers[i]));
    if (static_cast<size_t>(root) != i) units.members[root].push_back(static_cast<int32_t>(i));
  }
  for (size_t i = 0; i < count; ++i) {
    if (units.root[i] == static_cast<int32_t>(i)) {
      units.members[i].insert(units.members[i].begin(), static_cast<int32_t>(i));
    }
  }
  return units;
}

Status CheckTies(std::span<const BufferRequest> buffers) {
  bool any = false;
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i].tied_to < 0) continue;
    ARENASTORE_RETURN_IF_ERROR(CheckTie(buffers, i));
    any = true;
  }
  if (!any) return Status::Ok();
  const TieUnits units = ResolveTies(buffers);
  for (const std::vector<int32_t>& members : units.members) {
    for (size_t x = 0; x < members.size(); ++x) {
      for (size_t y = x + 1; y < members.size(); ++y) {
        const int32_t a = members[x], b = members[y];
        if (Tied(buffers, a, b) || !LiveTogether(buffers[a], buffers[b])) continue;
        const int64_t b_minus_a = static_cast<int64_t>(units.offset_bytes[b]) -
                                  static_cast<int64_t>(units.offset_bytes[a]);
        if (SharedBytes(buffers[a], buffers[b], b_minus_a) == 0) continue;
        return Status::Error(ErrorCode::kInvalidArgument,
                             "buffers %d '%s' and %d '%s': their ties put them on the same bytes "
                             "while both are live, and they are not tied to each other",
                             a, buffers[a].name.c_str(), b, buffers[b].name.c_str());
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
