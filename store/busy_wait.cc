#include "store/busy_wait.h"

#include <thread>

namespace arenastore::store {

BusyWait::BusyWait(int32_t timeout) : timeout_ms(timeout) {
  // Distinct per connection and per process, so concurrent waiters do not poll in lockstep.
  random_state = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(this)) ^
                 static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  random_state |= 1;
}

int BusyWaitHandler(void* context, int attempts) {
  auto* wait = static_cast<BusyWait*>(context);
  const auto now = std::chrono::steady_clock::now();
  if (attempts == 0) wait->started = now;
  const auto waited_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now - wait->started).count();
  if (waited_ms >= wait->timeout_ms) return 0;
  wait->random_state ^= wait->random_state << 13;  // xorshift64
  wait->random_state ^= wait->random_state >> 7;
  wait->random_state ^= wait->random_state << 17;
  const auto sleep_us = 1000 + static_cast<int64_t>(wait->random_state % 3000);
  std::this_thread::sleep_for(std::chrono::microseconds(sleep_us));
  return 1;
}

}  // namespace arenastore::store
