// SPDX-License-Identifier: MIT
// Tests for dedupe/key_table: lookups, growth, and what a key costs.
#include "dedupe/key_table.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace chesstool::dedupe {
namespace {

TEST(KeyTable, FindsWhatWasInsertedAndNothingElse) {
  KeyTable<std::uint32_t> t;
  std::mt19937_64 rng(42);
  constexpr std::uint32_t kCount = 200000;
  for (std::uint32_t i = 1; i <= kCount; ++i) {
    auto [v, inserted] = t.insert(GameKey{rng(), rng()}, i);
    ASSERT_TRUE(inserted);
    ASSERT_EQ(*v, i);
  }
  EXPECT_EQ(t.size(), kCount);
  std::mt19937_64 again(42);
  for (std::uint32_t i = 1; i <= kCount; ++i) {
    const GameKey k{again(), again()};
    auto [v, inserted] = t.insert(k, 0);
    ASSERT_FALSE(inserted);
    ASSERT_EQ(*v, i);
    ASSERT_NE(t.find(k), nullptr);
  }
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(t.find(GameKey{again(), again()}), nullptr);
  // Keys differing in one word only are different keys.
  EXPECT_EQ(t.find(GameKey{1, 2}), nullptr);
  t.insert(GameKey{1, 2}, 7);
  EXPECT_EQ(t.find(GameKey{1, 3}), nullptr);
  EXPECT_EQ(t.find(GameKey{2, 2}), nullptr);
}

TEST(KeyTable, CostsAtMostTwentySevenBytesAKey) {
  KeyTable<std::uint32_t> t;
  static_assert(KeyTable<std::uint32_t>::kEntryBytes() == 20);
  std::mt19937_64 rng(7);
  for (std::uint32_t i = 1; i <= 1000000; ++i) {
    t.insert(GameKey{rng(), rng()}, i);
    if (i % 100000 == 0) {
      EXPECT_LE(double(t.bytes()) / i, 27.0 + 16.0 * 64 * 20 / i) << i;  // + each shard's minimum
    }
  }
}

TEST(KeyTable, TheZeroKeyIsAKeyLikeAnyOther) {
  KeyTable<std::uint32_t> t;
  EXPECT_EQ(t.find(GameKey{0, 0}), nullptr);
  EXPECT_TRUE(t.insert(GameKey{0, 0}, 5).second);
  ASSERT_NE(t.find(GameKey{0, 0}), nullptr);
  EXPECT_EQ(*t.find(GameKey{0, 0}), 5u);
}

TEST(KeyTable, ForEachValueVisitsEveryKey) {
  KeyTable<std::uint32_t> t;
  for (std::uint32_t i = 1; i <= 5000; ++i) t.insert(GameKey{i * 0x9E3779B97F4A7C15ULL, i}, i);
  std::uint64_t sum = 0;
  t.for_each_value([&](std::uint32_t& v) { sum += v; });
  EXPECT_EQ(sum, 5000ull * 5001 / 2);
}

}  // namespace
}  // namespace chesstool::dedupe
