// SPDX-License-Identifier: MIT
// The lexers' byte scan: the 16-bytes-at-a-time path finds what the byte loop finds, at
// every offset and alignment, and both find the first byte of the set.
#include "pgn/byte_scan.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace chesstool::pgn {
namespace {

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

TEST(ByteScan, FindsTheFirstByteOfTheSet) {
  const std::string s = "[Event \"x\"]\n\n1. e4 {a-b} 1-0\r\n";
  const auto* b = bytes(s);
  const auto* end = b + s.size();
  EXPECT_EQ(detail::find_any<'\n'>(b, end) - b, long(s.find('\n')));
  const auto* brace_or_minus = detail::find_any<'{', '-'>(b, end);
  EXPECT_EQ(brace_or_minus - b, long(s.find('{')));
  const auto* minus_or_cr = detail::find_any<'-', '\r'>(b + s.find('{'), end);
  EXPECT_EQ(minus_or_cr - b, long(s.find('-')));
  EXPECT_EQ(detail::find_any<'\r'>(b, end) - b, long(s.find('\r')));
  EXPECT_EQ(detail::find_any<'%'>(b, end), end);  // absent: the end
  EXPECT_EQ(detail::find_any<'x'>(end, end), end);  // empty range
  // A byte above 0x7F (compared unsigned) past the first 16-byte block.
  const std::string high = std::string(37, 'a') + "\xFF" + "b";
  EXPECT_EQ(detail::find_any<'\xFF'>(bytes(high), bytes(high) + high.size()) - bytes(high), 37);
}

TEST(ByteScan, FindAnyMatchesScalarAtEveryOffset) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int round = 0; round < 200; ++round) {
    std::string s(70, 'a');
    for (char& c : s)
      if (byte(rng) < 20) c = static_cast<char>(byte(rng) < 128 ? '\n' : byte(rng));
    const auto* b = bytes(s);
    for (std::size_t from = 0; from <= s.size(); ++from) {
      const auto* fast = detail::find_any<'\n', '\r', '-', '\xFF'>(b + from, b + s.size());
      const auto* slow = detail::find_any_scalar<'\n', '\r', '-', '\xFF'>(b + from, b + s.size());
      ASSERT_EQ(fast - b, slow - b) << "from " << from;
    }
  }
}

TEST(ByteScan, NulOrHighByteFoundWhereverItIs) {
  // Every length up to three blocks, the one odd byte at every position (or none).
  int found = 0;
  for (std::size_t len = 0; len <= 48; ++len)
    for (std::size_t at = 0; at <= len; ++at)
      for (const char odd : {'\0', '\x80', '\xFF', 'z'}) {
        std::string s(len, 'e');
        if (at < len) s[at] = odd;
        const auto* b = bytes(s);
        const bool fast = detail::has_nul_or_high(b, b + s.size());
        ASSERT_EQ(fast, detail::has_nul_or_high_scalar(b, b + s.size())) << len << " " << at;
        ASSERT_EQ(fast, at < len && odd != 'z') << len << " " << at;
        found += fast ? 1 : 0;
      }
  EXPECT_EQ(found, 3 * (48 * 49 / 2));
}

}  // namespace
}  // namespace chesstool::pgn
