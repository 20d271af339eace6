// SPDX-License-Identifier: MIT
// The lexers' byte scan: the 16- and 64-bytes-at-a-time paths find what the byte loops
// find, at every offset and alignment, and both find the first byte of the set.
#include "pgn/byte_scan.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace chesstool::pgn {
namespace {

const unsigned char* bytes(const std::string& s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// The block paths of skip_movetext_run that this CPU can run.
#if CHESSTOOL_HAVE_AVX2_PATH
const std::vector<bool> kBlockPaths = detect_cpu().avx2 ? std::vector<bool>{false, true} : std::vector<bool>{false};
#else
const std::vector<bool> kBlockPaths = {false};
#endif

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

// The splitter's mid-line skip, 64 bytes at a time, against its byte loop: random soups
// dense in the bytes that matter (comments open and closed, stray braces, line ends,
// stops), from every start offset, so that comments begin, end and run across every
// position of a block.
TEST(ByteScan, MovetextRunMatchesScalarOnSoups) {
  std::mt19937 rng(11);
  const std::string alphabet = "{{}}\n\r\n\r\n-()[;*ae4 N 12.0\t%\xEF/";
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  std::uniform_int_distribution<int> percent(0, 99);
  std::size_t past_a_block = 0;
  for (int round = 0; round < 400; ++round) {
    // Some soups are mostly plain text with long comments, so most blocks are clean.
    const bool sparse = round % 2 == 0;
    std::string s(static_cast<std::size_t>(40 + round % 260), 'a');
    for (char& c : s)
      if (!sparse || percent(rng) < 8) c = alphabet[pick(rng)];
    const auto* b = bytes(s);
    for (std::size_t from = 0; from <= s.size(); ++from) {
      detail::LineEnds slow_lines;
      const auto* slow = detail::skip_movetext_run_scalar(b + from, b + s.size(), slow_lines);
      for (const bool avx2 : kBlockPaths) {  // SSE2, and AVX2 where the CPU has it
        detail::LineEnds fast_lines;
        const auto* fast = detail::skip_movetext_run(b + from, b + s.size(), fast_lines, avx2);
        ASSERT_EQ(fast - b, slow - b) << "avx2 " << avx2 << " round " << round << " from " << from << ": " << s;
        ASSERT_EQ(fast_lines.count, slow_lines.count) << "avx2 " << avx2 << " round " << round << " from " << from;
        ASSERT_EQ(fast_lines.last, slow_lines.last) << "avx2 " << avx2 << " round " << round << " from " << from;
      }
      if (slow - b - long(from) >= 64) ++past_a_block;
    }
  }
  EXPECT_GT(past_a_block, 1000u);  // the sparse soups do skip whole blocks
}

TEST(ByteScan, MovetextRunSkipsCommentsAndStopsWhereTheByteLoopDoes) {
  const auto run = [](const std::string& s) {
    detail::LineEnds lines;
    return detail::skip_movetext_run(bytes(s), bytes(s) + s.size(), lines) - bytes(s);
  };
  const std::string clocks = "e4 { [%clk 0:03:00] } e5 { [%clk 0:02:58] } Nf3 { [%clk 0:02:59] } Nc6 { [%clk 0:02:57] } ";
  EXPECT_EQ(run(clocks + "O-O"), long(clocks.size()) + 3);  // a castling's '-' is no result's
  EXPECT_EQ(run(clocks + "1-0"), long(clocks.size()) + 1);  // a result's '-'
  EXPECT_EQ(run(clocks + "1/2-1/2"), long(clocks.size()) + 3);
  EXPECT_EQ(run(clocks + "0-1 "), long(clocks.size()) + 1);
  EXPECT_EQ(run(clocks + "\n"), long(clocks.size()));
  // A comment longer than a block, closed on its line: skipped.
  const std::string long_comment = "Bb5 {" + std::string(150, 'x') + "} a6 ";
  EXPECT_EQ(run(long_comment + "*"), long(long_comment.size()));
  // A comment that runs on to a line of text is passed over; one that runs on to an
  // empty line, or to a line that starts with a blank or a BOM, stops the skip at its '{'.
  const std::string wrapped = std::string(70, 'a') + " {runs on\nand on} (";
  EXPECT_EQ(run(wrapped), long(wrapped.size()) - 1);
  for (const std::string next_line : {"\n", " x", "\t", "\r\n", "\xEF\xBB\xBF["}) {
    const std::string broken = std::string(70, 'a') + " {runs on\n" + next_line + "and on} (";
    EXPECT_EQ(run(broken), 71) << next_line;
  }
  // A stray '}' is plain movetext; the '{' inside a comment is comment text.
  const std::string strays = std::string(60, 'a') + "} e4 {a { b} d4 ;";
  EXPECT_EQ(run(strays), long(strays.size()) - 1);
  // A comment cut by the end of the text stops at its '{' (the splitter refills).
  const std::string cut = std::string(100, 'a') + "{ no end";
  EXPECT_EQ(run(cut), 100);
  EXPECT_EQ(run(std::string(200, 'a')), 200);
}

// The line ends the skip passes over are counted as the splitter counts them (a CRLF
// once), and the last one is where the next line starts, across block boundaries too.
TEST(ByteScan, MovetextRunCountsTheLineEndsItPassesOver) {
  for (const std::string eol : {"\n", "\r", "\r\n"}) {
    for (std::size_t pad = 1; pad < 70; ++pad) {  // (a line end at the start is a stop)
      std::string s = std::string(pad, 'a') + eol + "e4 {x" + eol + "y}" + eol + "Nf3" + eol + "1-0";
      detail::LineEnds lines;
      const auto* b = bytes(s);
      const auto* stop = detail::skip_movetext_run(b, b + s.size(), lines);
      ASSERT_EQ(stop - b, long(s.size()) - 2) << pad;
      ASSERT_EQ(lines.count, 4u) << pad;
      ASSERT_EQ(lines.last - b, long(s.size()) - 4) << pad;  // the last byte of the last line end
      // A line end followed by what is not a plain line start stops the skip.
      for (const std::string next : {" e4", "%x", "[A \"b\"]", "\xEF\xBB\xBF" "1.", "$1", "{c}"}) {
        const std::string t = std::string(pad, 'a') + eol + next;
        detail::LineEnds none;
        EXPECT_EQ(detail::skip_movetext_run(bytes(t), bytes(t) + t.size(), none) - bytes(t), long(pad)) << next;
        EXPECT_EQ(none.count, 0u);
      }
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
