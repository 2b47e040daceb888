// Result<T>: a value or the Status explaining why there is none.
// Used by every layer's fallible factories (`static Result<Executor> Create(...)`).
// Freestanding: stores T inline (no heap, no exceptions); accessing value() of an error is a
// programming bug and traps.
#pragma once

#include <new>
#include <type_traits>
#include <utility>

#include "base/status.h"

namespace arenastore {

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(const T& value) : has_value_(true) { new (&storage_) T(value); }        // NOLINT
  Result(T&& value) : has_value_(true) { new (&storage_) T(std::move(value)); }  // NOLINT
  Result(const Status& status) : status_(status) {                               // NOLINT
    if (status_.ok()) status_ = Status::Error(ErrorCode::kInvalidArgument, "Result from ok Status");
  }
  Result(const Result& other) : status_(other.status_), has_value_(other.has_value_) {
    if (has_value_) new (&storage_) T(other.value());
  }
  Result(Result&& other) noexcept : status_(other.status_), has_value_(other.has_value_) {
    if (has_value_) new (&storage_) T(std::move(other.value()));
  }
  Result& operator=(const Result& other) {
    if (this != &other) {
      Reset();
      status_ = other.status_;
      has_value_ = other.has_value_;
      if (has_value_) new (&storage_) T(other.value());
    }
    return *this;
  }
  Result& operator=(Result&& other) noexcept {
    if (this != &other) {
      Reset();
      status_ = other.status_;
      has_value_ = other.has_value_;
      if (has_value_) new (&storage_) T(std::move(other.value()));
    }
    return *this;
  }
  ~Result() { Reset(); }

  bool ok() const { return has_value_; }
  const Status& status() const { return status_; }

  T& value() & {
    if (!has_value_) __builtin_trap();
    return *std::launder(reinterpret_cast<T*>(&storage_));
  }
  const T& value() const& {
    if (!has_value_) __builtin_trap();
    return *std::launder(reinterpret_cast<const T*>(&storage_));
  }
  T&& value() && { return std::move(value()); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  void Reset() {
    if (has_value_) value().~T();
    has_value_ = false;
  }

  Status status_;
  bool has_value_ = false;
  alignas(T) unsigned char storage_[sizeof(T)];
};

}  // namespace arenastore

#define ARENASTORE_CONCAT_INNER(a, b) a##b
#define ARENASTORE_CONCAT(a, b) ARENASTORE_CONCAT_INNER(a, b)

// `ARENASTORE_ASSIGN_OR_RETURN(auto view, ArtifactView::Create(bytes));`
#define ARENASTORE_ASSIGN_OR_RETURN(lhs, expr)                       \
  auto ARENASTORE_CONCAT(arenastore_result_, __LINE__) = (expr);     \
  if (!ARENASTORE_CONCAT(arenastore_result_, __LINE__).ok())         \
    return ARENASTORE_CONCAT(arenastore_result_, __LINE__).status(); \
  lhs = std::move(ARENASTORE_CONCAT(arenastore_result_, __LINE__).value())
