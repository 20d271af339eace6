// SPDX-License-Identifier: MIT
// RecycledVector and RecycledString: a buffer passes to the next one of its type on the same thread.
#include "core/recycled.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace chesstool {
namespace {

// Each test its own element type, so that no other vector's buffer is in the way.
template <int kTest>
struct Counted {
  static inline int alive = 0;
  int value = 0;
  explicit Counted(int v) : value(v) { ++alive; }
  Counted(const Counted& other) : value(other.value) { ++alive; }
  ~Counted() { --alive; }
};

TEST(RecycledVector, TheNextVectorStartsWithTheBufferEmptied) {
  using T = Counted<1>;
  const T* buffer = nullptr;
  {
    RecycledVector<T> first;
    EXPECT_EQ(first.capacity(), 0u);  // nothing left by an earlier one
    first.reserve(50);
    for (int i = 0; i < 7; ++i) first.emplace_back(i);
    buffer = first.data();
  }
  EXPECT_EQ(T::alive, 0);  // the elements died with their vector
  RecycledVector<T> next;
  EXPECT_TRUE(next.empty());
  EXPECT_GE(next.capacity(), 50u);
  EXPECT_EQ(next.data(), buffer);
  next.emplace_back(3);
  EXPECT_EQ(next[0].value, 3);
}

TEST(RecycledVector, OfTwoAliveTheLargerBufferIsKept) {
  using T = Counted<2>;
  const T* larger = nullptr;
  {
    RecycledVector<T> a;
    RecycledVector<T> b;  // a holds the spare (none yet), so b starts with nothing too
    a.reserve(10);
    b.reserve(100);
    larger = b.data();
  }
  RecycledVector<T> c;
  EXPECT_GE(c.capacity(), 100u);
  EXPECT_EQ(c.data(), larger);
  RecycledVector<T> d;  // c holds it: d starts empty-handed
  EXPECT_EQ(d.capacity(), 0u);
}

TEST(RecycledVector, AHugeBufferIsFreedNotKept) {
  using T = Counted<3>;
  {
    RecycledVector<T> huge;
    huge.reserve(RecycledVector<T>::kMaxKeptBytes / sizeof(T) + 1);
  }
  RecycledVector<T> next;
  EXPECT_EQ(next.capacity(), 0u);
}

TEST(RecycledVector, CopiesAndMovesAreVectors) {
  using T = Counted<4>;
  RecycledVector<T> a;
  a.emplace_back(1);
  a.emplace_back(2);
  RecycledVector<T> copy(a);
  copy.emplace_back(3);
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(copy.size(), 3u);
  RecycledVector<T> moved(std::move(copy));
  EXPECT_EQ(moved.size(), 3u);
  EXPECT_EQ(moved[2].value, 3);
  a = moved;
  EXPECT_EQ(a.size(), 3u);
  RecycledVector<T> assigned;
  assigned = std::move(moved);
  EXPECT_EQ(assigned.size(), 3u);
  EXPECT_EQ(T::alive, 6);  // a's three and assigned's three
}

TEST(RecycledVector, ABufferStaysOnItsThread) {
  using T = Counted<5>;
  {
    RecycledVector<T> here;
    here.reserve(20);
  }
  std::size_t there_capacity = 1;
  std::thread([&] {
    RecycledVector<T> there;
    there_capacity = there.capacity();
  }).join();
  EXPECT_EQ(there_capacity, 0u);
  RecycledVector<T> here_again;
  EXPECT_GE(here_again.capacity(), 20u);
}

// Strings have one type: each test runs on a thread of its own, where no other string
// left a buffer.
TEST(RecycledString, TheNextStringStartsWithTheBufferEmptied) {
  std::thread([] {
    const char* buffer = nullptr;
    {
      RecycledString first;
      EXPECT_EQ(first.capacity(), std::string().capacity());  // nothing left by an earlier one
      first.reserve(1000);
      first = "a game's text";
      buffer = first.data();
    }
    RecycledString next;
    EXPECT_TRUE(next.empty());
    EXPECT_GE(next.capacity(), 1000u);
    EXPECT_EQ(next.data(), buffer);
    next += "the next game";
    EXPECT_EQ(next, "the next game");
  }).join();
}

TEST(RecycledString, AShortStringLeavesNothingAndAHugeOneIsFreed) {
  std::thread([] {
    {
      RecycledString shortish;
      shortish = "e4";
    }
    {
      RecycledString huge;
      huge.reserve(RecycledString::kMaxKeptBytes + 1);
    }
    RecycledString next;
    EXPECT_EQ(next.capacity(), std::string().capacity());
  }).join();
}

TEST(RecycledString, AssignsFromAndReadsAsAString) {
  std::thread([] {
    RecycledString s;
    s = std::string("1. e4 e5");
    s.append(" 2. Nf3");
    const std::string& plain = s;
    EXPECT_EQ(plain, "1. e4 e5 2. Nf3");
    RecycledString copy(s);
    RecycledString moved(std::move(copy));
    EXPECT_EQ(moved, "1. e4 e5 2. Nf3");
    moved = s;
    moved += '!';
    EXPECT_EQ(s, "1. e4 e5 2. Nf3");
    EXPECT_EQ(moved, "1. e4 e5 2. Nf3!");
  }).join();
}

}  // namespace
}  // namespace chesstool
