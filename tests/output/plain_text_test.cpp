// SPDX-License-Identifier: MIT
// The PGN writer's tests for a comment or tag value written as it stands: the 16- and
// 8-bytes-at-a-time paths answer what the byte loops answer, at every length and wherever
// the odd byte is.
#include "output/plain_text.hpp"

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

TEST(TagValueVerbatim, ByteLoopDefinesIt) {
  EXPECT_TRUE(tag_value_verbatim_bytewise(""));
  EXPECT_TRUE(tag_value_verbatim_bytewise("2019-08-19T15:19:33.931 CEST"));
  EXPECT_TRUE(tag_value_verbatim_bytewise("Caf\xC3\xA9 {x} 'y'"));
  EXPECT_FALSE(tag_value_verbatim_bytewise("say \"hi\""));
  EXPECT_FALSE(tag_value_verbatim_bytewise("a\\b"));
  EXPECT_FALSE(tag_value_verbatim_bytewise("a\tb"));
  EXPECT_FALSE(tag_value_verbatim_bytewise("a\x7F"));
  EXPECT_FALSE(tag_value_verbatim_bytewise("\xC2\x85"));
}

TEST(TagValueVerbatim, FastPathMatchesTheByteLoop) {
  const std::string odd = std::string("\"\\\x7F\xC2\xC3\x80\t\n\x1F ~}", 12) + std::string(1, '\0');
  std::mt19937 rng(13);
  std::uniform_int_distribution<std::size_t> pick(0, odd.size() - 1);
  std::uniform_int_distribution<int> percent(0, 99);
  for (std::size_t n = 0; n <= 70; ++n) {
    for (int round = 0; round < 300; ++round) {
      std::string s(n, 'a');
      const int rate = round % 3 == 0 ? 1 : round % 3 == 1 ? 5 : 30;
      for (char& c : s)
        if (percent(rng) < rate) c = odd[pick(rng)];
      ASSERT_EQ(tag_value_verbatim(s), tag_value_verbatim_bytewise(s)) << '"' << s << '"';
    }
    for (std::size_t i = 0; i < n; ++i) {
      std::string s(n, 'x');
      s[i] = '"';
      ASSERT_FALSE(tag_value_verbatim(s)) << n << ' ' << i;
    }
  }
}

}  // namespace
}  // namespace chesstool::output::detail
