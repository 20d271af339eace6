// SPDX-License-Identifier: MIT
// A std::vector whose buffer outlives it on its thread, for the next one of its type: the
// replay of every game builds the same few vectors (tags, lines, positions seen), and
// allocating and freeing them once a game cost about 0.7% of validate.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace chesstool {

// A vector (all of std::vector's interface) that starts with the buffer the last one of
// its type left on this thread, if any, and leaves its own there when it dies, emptied.
// One buffer per type and thread is kept, the larger, and none over kMaxKeptBytes, so
// that a huge game does not leave its memory behind.
template <class T>
class RecycledVector : public std::vector<T> {
 public:
  static constexpr std::size_t kMaxKeptBytes = std::size_t{1} << 16;

  // Empty, with the spare buffer's room when there is one (reserve() then costs nothing).
  RecycledVector() {
    std::vector<T>& s = spare();
    if (s.capacity() > 0) this->swap(s);
  }
  RecycledVector(const RecycledVector& other) : std::vector<T>(other) {}
  RecycledVector(RecycledVector&& other) noexcept : std::vector<T>(std::move(other)) {}
  RecycledVector& operator=(const RecycledVector& other) {
    std::vector<T>::operator=(other);
    return *this;
  }
  RecycledVector& operator=(RecycledVector&& other) noexcept {
    std::vector<T>::operator=(std::move(other));
    return *this;
  }
  ~RecycledVector() {
    std::vector<T>& s = spare();
    if (this->capacity() <= s.capacity() || this->capacity() > kMaxKeptBytes / sizeof(T)) return;
    this->clear();
    s.swap(*this);  // the smaller buffer, now this vector's, is freed with it
  }

 private:
  static std::vector<T>& spare() {
    thread_local std::vector<T> buffer;
    return buffer;
  }
};

}  // namespace chesstool
