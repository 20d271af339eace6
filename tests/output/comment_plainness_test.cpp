// SPDX-License-Identifier: MIT
// The PGN writer's test for a comment written as it stands: the 16- and 8-bytes-at-a-time
// paths answer what the byte loop answers, at every length and wherever the odd byte is.
#include "output/comment_plainness.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace chesstool::output::detail {
namespace {

TEST(CommentPlainness, ByteLoopDefinesIt) {
  EXPECT_EQ(plainness_bytewise("+0.35/14 1.2s"), Plainness::Ascii);
  EXPECT_EQ(plainness_bytewise("[%clk 0:03:00]"), Plainness::Ascii);
  EXPECT_EQ(plainness_bytewise("caf\xC3\xA9 noir"), Plainness::Unicode);
  EXPECT_EQ(plainness_bytewise(""), Plainness::No);
  EXPECT_EQ(plainness_bytewise(" book"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("book "), Plainness::No);
  EXPECT_EQ(plainness_bytewise("a  b"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("a\tb"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("a\nb"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("a}b"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("a\x7F"), Plainness::No);
  EXPECT_EQ(plainness_bytewise("\xC2\x85x"), Plainness::No);
}

// Texts of every length up to 70 from a few bytes that matter (blanks, '}', controls,
// 0xC2, high bytes) among ordinary ones, and every pair of blanks at every place.
TEST(CommentPlainness, FastPathsMatchTheByteLoop) {
  const std::string odd = std::string(" }\x7F\xC2\xC3\x80\t\n\x01~!|", 12) + std::string(1, '\0');
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::size_t> pick(0, odd.size() - 1);
  std::uniform_int_distribution<int> percent(0, 99);
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int round = 0; round < 300; ++round) {
      std::string s(n, 'a');
      const int rate = round % 3 == 0 ? 2 : round % 3 == 1 ? 10 : 40;
      for (char& c : s)
        if (percent(rng) < rate) c = odd[pick(rng)];
      ASSERT_EQ(plainness(s), plainness_bytewise(s)) << '"' << s << '"';
    }
    for (std::size_t i = 0; i + 1 < n; ++i) {
      std::string s(n, 'x');
      s[i] = s[i + 1] = ' ';
      ASSERT_EQ(plainness(s), Plainness::No) << n << ' ' << i;
      if (i + 2 < n) {
        s[i + 1] = 'y';
        ASSERT_EQ(plainness(s), plainness_bytewise(s)) << n << ' ' << i;
      }
    }
  }
}

}  // namespace
}  // namespace chesstool::output::detail
