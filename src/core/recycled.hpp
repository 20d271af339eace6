// SPDX-License-Identifier: MIT
// Containers whose buffer outlives them on their thread, for the next one of their type:
// the replay of every game builds the same few vectors (tags, lines, positions seen, the
// tree's nodes) and the writers the same string of text. Allocating and freeing them once
// a game cost about 0.7% of validate's instructions, and 2% of annotate's CPU time for the
// tree's nodes and the text written alone.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace chesstool {

namespace detail {

// A C (all of its interface: a std::vector or a std::string) that starts with the buffer
// the last one of its type left on this thread, if any, and leaves its own there when it
// dies, emptied. One buffer per type and thread is kept, the larger, and none over
// kMaxKeptBytes, so that a huge game does not leave its memory behind.
template <class C>
class Recycled : public C {
 public:
  static constexpr std::size_t kMaxKeptBytes = std::size_t{1} << 16;

  // Empty, with the spare buffer's room when there is one (reserve() then costs nothing).
  Recycled() {
    C& s = spare();
    if (s.capacity() > kInitialCapacity) this->swap(s);
  }
  Recycled(const Recycled& other) : C(other) {}
  Recycled(Recycled&& other) noexcept : C(std::move(other)) {}
  Recycled& operator=(const Recycled& other) {
    C::operator=(other);
    return *this;
  }
  Recycled& operator=(Recycled&& other) noexcept {
    C::operator=(std::move(other));
    return *this;
  }
  using C::operator=;  // from a plain C, a list, a character string
  ~Recycled() {
    C& s = spare();
    if (this->capacity() <= s.capacity() || this->capacity() > kMaxKeptBytes / sizeof(typename C::value_type)) return;
    this->clear();
    s.swap(*this);  // the smaller buffer, now this one's, is freed with it
  }

 private:
  static C& spare() {
    thread_local C buffer;
    return buffer;
  }
  // What an empty C holds without a buffer of its own (a string's short-string room).
  static constexpr std::size_t kInitialCapacity = C().capacity();
};

}  // namespace detail

template <class T>
using RecycledVector = detail::Recycled<std::vector<T>>;
using RecycledString = detail::Recycled<std::string>;

}  // namespace chesstool
