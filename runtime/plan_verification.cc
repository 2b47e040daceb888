#include "runtime/plan_verification.h"

#include <cstdint>
#include <span>

#include "base/format.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "runtime/op_params_builder.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

// Weak (runtime/artifact_stages.h): null in an image that does not link row stages.
[[gnu::weak]] void WidenStageLifetimes(const schema::Artifact& artifact,
                                       void (*widen)(void* proof, int32_t item, int32_t first_step,
                                                     int32_t last_step),
                                       void* proof);
[[gnu::weak]] bool StageWritesOverInput(const schema::Artifact& artifact, int32_t input,
                                        int32_t input_last_step, int32_t output);
namespace {

using ull = unsigned long long;

// Buffers checked at once: a device keeps its frame small (the runner's stack budget is 2 KiB)
// and checks a large artifact a block pair at a time; a host checks hundreds in one pass.
#ifndef ARENASTORE_PLAN_CHECK_ENTRIES
#if defined(__arm__) || defined(__thumb__)
#define ARENASTORE_PLAN_CHECK_ENTRIES 8
#else
#define ARENASTORE_PLAN_CHECK_ENTRIES 1024
#endif
#endif
constexpr int32_t kEntries = ARENASTORE_PLAN_CHECK_ENTRIES;
static_assert(kEntries >= 2 && kEntries % 2 == 0, "two blocks of equal size");

constexpr int32_t kUnset = INT32_MIN;  // first: not written yet; last: not read yet
constexpr int32_t kMaxAliasDepth = 16;

// An item is a tensor (index < tensor count) or an operator's scratch (tensor count + op index).
struct Entry {
  int32_t item;
  int32_t first, last;  // steps (operator indices); -1 before the first, op count after the last
};

struct Placement {
  int32_t pool;
  uint64_t offset, bytes;
};

struct Block {
  int32_t begin, end;
  int32_t size() const { return end - begin; }
};

class PlanChecker {
 public:
  PlanChecker(const schema::Artifact& artifact, int32_t capacity, Status* status)
      : capacity_(capacity),
        artifact_(artifact),
        tensors_(static_cast<int32_t>(artifact.tensors()->size())),
        ops_(static_cast<int32_t>(artifact.operators()->size())),
        items_(tensors_ + ops_),
        status_(status) {}

  // `entries` holds capacity_ entries: the stack array or the caller's workspace.
  StatusRef Run(Entry* entries) {
    int32_t pool_items = 0;
    for (int32_t item = 0; item < items_; ++item) pool_items += IsPoolItem(item) ? 1 : 0;
    if (pool_items <= capacity_) return Check(entries, {0, items_}, {items_, items_});
    // Every pair of pool buffers meets in one load of two blocks.
    const int32_t half = capacity_ / 2;
    for (Block first = NextBlock(0, half); first.size() > 0; first = NextBlock(first.end, half)) {
      ARENASTORE_RETURN_IF_FAILED(Check(entries, first, {first.end, first.end}));
      for (Block second = NextBlock(first.end, half); second.size() > 0;
           second = NextBlock(second.end, half)) {
        ARENASTORE_RETURN_IF_FAILED(Check(entries, first, second));
      }
    }
    return StatusRef::Ok();
  }

 private:
  const schema::Tensor& TensorAt(int32_t t) const {
    return *artifact_.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  }
  const schema::Operator& OpAt(int32_t o) const {
    return *artifact_.operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
  }
  const char* TensorName(int32_t t) const {
    const flatbuffers::String* name = TensorAt(t).name();
    return name == nullptr ? "" : name->c_str();
  }
  const char* OpName(int32_t o) const {
    return kernels::OpKindName(static_cast<kernels::OpKind>(OpAt(o).kind()));
  }
  const char* PoolName(int32_t p) const {
    return artifact_.pools()->Get(static_cast<flatbuffers::uoffset_t>(p))->name()->c_str();
  }
  bool IsStatePool(int32_t p) const {
    return artifact_.pools()->Get(static_cast<flatbuffers::uoffset_t>(p))->kind() ==
           schema::PoolKind::STATE;
  }

  Placement PlacementOf(int32_t item) const {
    if (item < tensors_) {
      const schema::Tensor& t = TensorAt(item);
      return {t.pool(), t.offset(), t.bytes()};
    }
    const auto* scratch = OpAt(item - tensors_).scratch();
    if (scratch == nullptr || scratch->size() == 0) return {-1, 0, 0};
    const schema::Scratch& entry = *scratch->Get(0);
    return {entry.pool(), entry.offset(), entry.bytes()};
  }

  // A buffer some pool holds: an activation or state tensor, or a non-empty scratch (constants
  // live in the file and are never written, so no plan can make them collide).
  bool IsPoolItem(int32_t item) const {
    return item < tensors_ ? !IsConstant(TensorAt(item)) : PlacementOf(item).bytes > 0;
  }

  // The items from `begin` on up to (not including) the (limit + 1)-th pool buffer.
  Block NextBlock(int32_t begin, int32_t limit) const {
    int32_t end = begin, held = 0;
    while (end < items_ && (held < limit || !IsPoolItem(end))) {
      held += IsPoolItem(end) ? 1 : 0;
      ++end;
    }
    return {begin, end};
  }

  // Pool, offset, item: the order the sweep visits buffers in.
  bool Before(const Entry& a, const Entry& b) const {
    const Placement pa = PlacementOf(a.item), pb = PlacementOf(b.item);
    if (pa.pool != pb.pool) return pa.pool < pb.pool;
    if (pa.offset != pb.offset) return pa.offset < pb.offset;
    return a.item < b.item;
  }

  void SiftDown(Entry* entries, int32_t root, int32_t count) const {
    for (;;) {
      int32_t child = 2 * root + 1;
      if (child >= count) return;
      if (child + 1 < count && Before(entries[child], entries[child + 1])) ++child;
      if (!Before(entries[root], entries[child])) return;
      const Entry swap = entries[root];
      entries[root] = entries[child];
      entries[child] = swap;
      root = child;
    }
  }

  void HeapSort(Entry* entries, int32_t count) const {
    for (int32_t i = count / 2 - 1; i >= 0; --i) SiftDown(entries, i, count);
    for (int32_t end = count - 1; end > 0; --end) {
      const Entry swap = entries[0];
      entries[0] = entries[end];
      entries[end] = swap;
      SiftDown(entries, 0, end);
    }
  }

  // Where `item` sits among the loaded entries (in item order until the sort), or -1.
  static int32_t SlotOf(int32_t item, const Entry* entries, int32_t count) {
    int32_t low = 0, high = count;
    while (low < high) {
      const int32_t mid = low + (high - low) / 2;
      if (entries[mid].item < item) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low < count && entries[low].item == item ? low : -1;
  }

  // Lifetimes of the loaded items from the operator order; write-before-read on the way.
  StatusRef Lifetimes(Entry* entries, int32_t count) const {
    for (int32_t i = 0; i < count; ++i) {
      Entry& e = entries[i];
      if (e.item >= tensors_) {
        e.first = e.last = e.item - tensors_;  // scratch: its operator's step
      } else if (IsStatePool(TensorAt(e.item).pool())) {
        e.first = -1;  // reset by the executor, live between invokes
        e.last = ops_;
      }
    }
    for (flatbuffers::uoffset_t i = 0; i < artifact_.inputs()->size(); ++i) {
      const int32_t slot = SlotOf(artifact_.inputs()->Get(i), entries, count);
      if (slot < 0) continue;
      entries[slot].first = -1;  // the caller writes it before Invoke, even one no op reads
      if (entries[slot].last < -1) entries[slot].last = -1;
    }
    for (int32_t o = 0; o < ops_; ++o) {
      const schema::Operator& op = OpAt(o);
      for (flatbuffers::uoffset_t k = 0; k < op.inputs()->size(); ++k) {
        const int32_t t = op.inputs()->Get(k);
        const int32_t slot = t < 0 ? -1 : SlotOf(t, entries, count);
        if (slot < 0) continue;
        if (entries[slot].first == kUnset) return ReadBeforeWrite(o, static_cast<int32_t>(k), t);
        if (entries[slot].last < o) entries[slot].last = o;
      }
      for (flatbuffers::uoffset_t k = 0; k < op.outputs()->size(); ++k) {
        const int32_t t = op.outputs()->Get(k);
        const int32_t slot = SlotOf(t, entries, count);
        if (slot < 0) continue;
        if (entries[slot].first != kUnset) return WrittenTwice(o, t, entries[slot].first);
        entries[slot].first = o;
        if (entries[slot].last < o) entries[slot].last = o;
      }
    }
    for (flatbuffers::uoffset_t i = 0; i < artifact_.outputs()->size(); ++i) {
      const int32_t t = artifact_.outputs()->Get(i);
      const int32_t slot = SlotOf(t, entries, count);
      if (slot < 0) continue;
      if (entries[slot].first == kUnset) {
        const StatusRef failed =
            Reject(status_, "outputs",
                   "outputs[%u]: tensors[%d] '%s' is never written: no operator outputs it and it "
                   "is no graph input",
                   i, t, TensorName(t));
        status_->WithTensor(t);
        return failed;
      }
      entries[slot].last = ops_;  // the caller reads it after Invoke
    }
    WidenForStages(entries, count);
    return StatusRef::Ok();
  }

  // Row stages widen lifetimes (WidenStageLifetimes, runtime/artifact_stages.h says which and
  // why); an image without stages has refused any artifact with them and links none of it.
  struct LoadedEntries {
    Entry* entries;
    int32_t count;
  };
  static void Widen(void* loaded, int32_t item, int32_t first_step, int32_t last_step) {
    const auto& l = *static_cast<LoadedEntries*>(loaded);
    const int32_t slot = SlotOf(item, l.entries, l.count);
    if (slot < 0) return;
    Entry& e = l.entries[slot];
    if (first_step < e.first) e.first = first_step;
    if (last_step > e.last) e.last = last_step;
  }
  void WidenForStages(Entry* entries, int32_t count) const {
    if (WidenStageLifetimes == nullptr) return;
    LoadedEntries loaded{entries, count};
    WidenStageLifetimes(artifact_, &Widen, &loaded);
  }

  [[gnu::noinline]] StatusRef ReadBeforeWrite(int32_t o, int32_t k, int32_t t) const {
    int32_t writer = -1;
    for (int32_t w = o; w < ops_ && writer < 0; ++w) {
      const auto* outputs = OpAt(w).outputs();
      for (flatbuffers::uoffset_t j = 0; j < outputs->size(); ++j) {
        if (outputs->Get(j) == t) writer = w;
      }
    }
    StatusRef failed = StatusRef::Ok();
    if (writer >= 0) {
      failed =
          Reject(status_, "operators.inputs",
                 "operators[%d] (%s): inputs[%d] reads tensors[%d] '%s' before operators[%d] (%s) "
                 "writes it; the operator order is not a valid schedule",
                 o, OpName(o), k, t, TensorName(t), writer, OpName(writer));
    } else {
      failed = Reject(
          status_, "operators.inputs",
          "operators[%d] (%s): inputs[%d] reads tensors[%d] '%s', which no operator writes and "
          "which is no graph input, constant or state",
          o, OpName(o), k, t, TensorName(t));
    }
    status_->WithOp(o).WithTensor(t);
    return failed;
  }

  [[gnu::noinline]] StatusRef WrittenTwice(int32_t o, int32_t t, int32_t first) const {
    StatusRef failed = StatusRef::Ok();
    if (first < 0) {
      failed =
          Reject(status_, "operators.outputs",
                 "operators[%d] (%s) writes tensors[%d] '%s', a graph input or state variable that "
                 "no operator may overwrite",
                 o, OpName(o), t, TensorName(t));
    } else {
      failed = Reject(
          status_, "operators.outputs",
          "operators[%d] (%s) writes tensors[%d] '%s', already written by operators[%d] (%s)", o,
          OpName(o), t, TensorName(t), first, OpName(first));
    }
    status_->WithOp(o).WithTensor(t);
    return failed;
  }

  // Bytes into op `o`'s first input where its output `k` lies when the kernel finds it in place;
  // -1 when the kernel writes that output into bytes of its own (as its runtime unit declares
  // it: RuntimeOp::aliasing).
  int64_t OutputOffsetInInput(int32_t o, int32_t k) const {
    return PartStart(o, k, InputAliasing::kWhenContiguous);
  }

  // Bytes into op `o`'s output where its input `k` lies when the kernel finds it in place
  // (a concatenation's or pack's part, nothing before the axis); -1 otherwise.
  int64_t InputOffsetInOutput(int32_t o, int32_t k) const {
    return PartStart(o, k, InputAliasing::kGathersInputs);
  }

  // Where part `k` of op `o` starts in its whole when the op's kind aliases parts as `parts`
  // (an output in its input, or an input in its output) or whole tensors; -1 otherwise.
  [[gnu::noinline]] int64_t PartStart(int32_t o, int32_t k, InputAliasing parts) const {
    const RuntimeOp* unit = RuntimeOpOf(static_cast<kernels::OpKind>(OpAt(o).kind()));
    if (unit == nullptr) return -1;
    if (unit->aliasing.when == InputAliasing::kAlways) {
      return parts == InputAliasing::kWhenContiguous ? 0 : -1;
    }
    if (unit->aliasing.when != parts || unit->aliasing.part_start == nullptr) return -1;
    kernels::OpParams params;
    if (!BuildOpParams(artifact_, o, &params).ok()) return -1;
    return unit->aliasing.part_start(params, static_cast<size_t>(k));
  }

  // Whether `t` lies inside `host` exactly `offset` bytes in, in the same pool.
  bool LiesAt(int32_t t, int32_t host, int64_t offset) const {
    if (offset < 0 || host < 0 || host >= tensors_) return false;
    const Placement inner = PlacementOf(t), outer = PlacementOf(host);
    return inner.pool == outer.pool && inner.pool >= 0 &&
           outer.offset + static_cast<uint64_t>(offset) == inner.offset &&
           static_cast<uint64_t>(offset) + inner.bytes <= outer.bytes;
  }

  // The tensor whose bytes `t` lies in, exactly where its kernel finds it in place (the
  // planner's order: an output inside its input first, then an input inside its first
  // reader's output), or -1.
  int32_t AliasHost(int32_t t) const {
    for (int32_t o = 0; o < ops_; ++o) {
      const schema::Operator& op = OpAt(o);
      for (flatbuffers::uoffset_t k = 0; k < op.outputs()->size(); ++k) {
        if (op.outputs()->Get(k) != t) continue;
        const int32_t input = op.inputs()->size() == 0 ? -1 : op.inputs()->Get(0);
        if (LiesAt(t, input, OutputOffsetInInput(o, static_cast<int32_t>(k)))) return input;
      }
    }
    for (int32_t o = 0; o < ops_; ++o) {
      const schema::Operator& op = OpAt(o);
      for (flatbuffers::uoffset_t k = 0; k < op.inputs()->size(); ++k) {
        if (op.inputs()->Get(k) != t) continue;
        const int32_t output = op.outputs()->Get(0);
        return LiesAt(t, output, InputOffsetInOutput(o, static_cast<int32_t>(k))) ? output : -1;
      }
    }
    return -1;
  }

  int32_t AliasRoot(int32_t t) const {
    for (int32_t depth = 0; depth < kMaxAliasDepth; ++depth) {
      const int32_t host = AliasHost(t);
      if (host < 0) break;
      t = host;
    }
    return t;
  }

  bool Aliases(int32_t a, int32_t b) const {
    return a < tensors_ && b < tensors_ && AliasRoot(a) == AliasRoot(b);
  }

  // Whether `out` is written over `in` (ExecForm::kOverInput): the output of an operator of that
  // form, where the form puts it (at its first input's first byte, or ending at its last byte
  // when larger), the two live together only at that operator's step (the input's last read).
  bool WrittenOver(const Entry& in, const Entry& out) const {
    const int32_t o = out.first;
    if (in.item >= tensors_ || out.item >= tensors_ || o < 0 || in.last != o) return false;
    const schema::Operator& op = OpAt(o);
    if (op.form() != schema::ExecForm::OVER_INPUT || op.inputs()->size() == 0 ||
        op.inputs()->Get(0) != in.item || op.outputs()->Get(0) != out.item) {
      return false;
    }
    const Placement pi = PlacementOf(in.item), po = PlacementOf(out.item);
    return pi.pool == po.pool &&
           po.offset + kernels::OverInputLeadBytes(pi.bytes, po.bytes) == pi.offset;
  }

  // Whether `out` is a row stage's output written over the stage's input `in` where each strip
  // writes only input rows no later strip reads (StageWritesOverInput).
  bool StageWrittenOver(const Entry& in, const Entry& out) const {
    return StageWritesOverInput != nullptr && in.item < tensors_ && out.item < tensors_ &&
           StageWritesOverInput(artifact_, in.item, in.last, out.item);
  }

  [[gnu::noinline]] StatusRef Overlap(const Entry& x, const Entry& y) const {
    const int32_t step = x.first > y.first ? x.first : y.first;
    const Placement px = PlacementOf(x.item), py = PlacementOf(y.item);
    char what[2][64];
    const Entry* pair[2] = {&x, &y};
    for (int32_t i = 0; i < 2; ++i) {
      const int32_t item = pair[i]->item;
      const Placement p = i == 0 ? px : py;
      if (item < tensors_) {
        Format(what[i], sizeof(what[i]), "tensors[%d] '%s' [%llu, +%llu)", item, TensorName(item),
               static_cast<ull>(p.offset), static_cast<ull>(p.bytes));
      } else {
        Format(what[i], sizeof(what[i]), "operators[%d]'s scratch [%llu, +%llu)", item - tensors_,
               static_cast<ull>(p.offset), static_cast<ull>(p.bytes));
      }
    }
    StatusRef failed = StatusRef::Ok();
    if (step < 0) {
      failed = Reject(status_, "tensors.offset",
                      "plan: %s and %s overlap in pool '%s', both live before operators[0] runs",
                      what[0], what[1], PoolName(px.pool));
    } else {
      failed =
          Reject(status_, "tensors.offset",
                 "plan: %s and %s overlap in pool '%s', both live when operators[%d] (%s) runs",
                 what[0], what[1], PoolName(px.pool), step, OpName(step));
      status_->WithOp(step);
    }
    status_->WithPool(px.pool);
    if (x.item < tensors_) status_->WithTensor(x.item);
    return failed;
  }

  // Sorted by pool and offset: the buffers still covering the current offset are kept at the
  // front (every one of them overlaps the next buffer's first byte, so each pair of byte-sharing
  // buffers meets there); the rest of the array is the part not yet visited.
  // With two blocks loaded, pairs inside one block were checked when it was loaded alone.
  StatusRef Sweep(Entry* entries, int32_t count, Block a, Block b) const {
    int32_t active = 0;
    for (int32_t i = 0; i < count; ++i) {
      const Entry e = entries[i];
      const Placement pe = PlacementOf(e.item);
      int32_t kept = 0;
      for (int32_t j = 0; j < active; ++j) {
        const Entry x = entries[j];
        const Placement px = PlacementOf(x.item);
        if (px.pool != pe.pool || px.offset + px.bytes <= pe.offset) continue;
        entries[kept++] = x;
        const bool checked = b.size() > 0 && (x.item < a.end) == (e.item < a.end);
        const bool both_live = x.first <= e.last && e.first <= x.last;
        if (!checked && both_live && !Aliases(x.item, e.item) && !WrittenOver(x, e) &&
            !WrittenOver(e, x) && !StageWrittenOver(x, e) && !StageWrittenOver(e, x)) {
          return Overlap(x, e);
        }
      }
      entries[kept++] = e;
      active = kept;
    }
    return StatusRef::Ok();
  }

  // The pool buffers of blocks a and b (a before b), loaded in item order.
  StatusRef Check(Entry* entries, Block a, Block b) const {
    int32_t count = 0;
    for (const Block& block : {a, b}) {
      for (int32_t item = block.begin; item < block.end; ++item) {
        if (IsPoolItem(item)) entries[count++] = {item, kUnset, kUnset};
      }
    }
    ARENASTORE_RETURN_IF_FAILED(Lifetimes(entries, count));
    // Only buffers some step touches: pool tensors no operator reads or writes occupy nothing.
    int32_t live = 0;
    for (int32_t i = 0; i < count; ++i) {
      if (entries[i].first != kUnset) entries[live++] = entries[i];
    }
    HeapSort(entries, live);
    return Sweep(entries, live, a, b);
  }

  int32_t capacity_;  // even, in [2, kEntries]
  const schema::Artifact& artifact_;
  int32_t tensors_, ops_;
  int32_t items_;  // tensors, then one scratch item per operator
  Status* status_;
};

}  // namespace

namespace {

// The workspace's entries when it holds more than the stack array, else the stack array's.
Status Prove(const schema::Artifact& artifact, int32_t stack_entries,
             std::span<uint8_t> workspace) {
  Status status;
  Entry stack[kEntries];
  const uintptr_t address = reinterpret_cast<uintptr_t>(workspace.data());
  const size_t skip_bytes = (alignof(Entry) - address % alignof(Entry)) % alignof(Entry);
  const size_t room =
      workspace.size() > skip_bytes ? (workspace.size() - skip_bytes) / sizeof(Entry) : 0;
  if (room > static_cast<size_t>(stack_entries)) {
    const int32_t capacity = room >= INT32_MAX ? INT32_MAX - 1 : static_cast<int32_t>(room) & ~1;
    // The caller's bytes hold nothing yet (it has not bound them): they become entries.
    auto* entries = reinterpret_cast<Entry*>(workspace.data() + skip_bytes);
    static_cast<void>(PlanChecker(artifact, capacity, &status).Run(entries));
  } else {
    static_cast<void>(PlanChecker(artifact, stack_entries, &status).Run(stack));
  }
  return status;  // where Run wrote its failure
}

}  // namespace

size_t PlanProofOnePassBytes(const schema::Artifact& artifact) {
  const size_t items = artifact.tensors()->size() + artifact.operators()->size();
  return items * sizeof(Entry) + alignof(Entry);
}

Status VerifyPlan(const schema::Artifact& artifact, std::span<uint8_t> workspace) {
  return Prove(artifact, kEntries, workspace);
}

Status VerifyPlanInBlocks(const schema::Artifact& artifact, int32_t entries) {
  const int32_t capacity = entries < 2 ? 2 : entries > kEntries ? kEntries : entries & ~1;
  return Prove(artifact, capacity, {});
}

}  // namespace arenastore::runtime
