// SPDX-License-Identifier: MIT
// terminal_safe: what a PGN file could send to a terminal is shown escaped; all else is kept.
#include "output/terminal_text.hpp"

#include <gtest/gtest.h>

namespace chesstool::output {
namespace {

TEST(TerminalSafe, KeepsPrintableTextOfEveryScript) {
  for (const char* s : {"Carlsen, Magnus", "Ørsted", "محمد الأحمد", "李伟", "Nf3 {½} e4!?", ""}) {
    EXPECT_TRUE(is_terminal_safe(s)) << s;
    EXPECT_EQ(terminal_safe(s), s);
  }
}

TEST(TerminalSafe, EscapesC0ControlsAndDelete) {
  EXPECT_EQ(terminal_safe("\x1B]0;pwned\x07"), "\\x1B]0;pwned\\x07");
  EXPECT_EQ(terminal_safe("a\nb\tc\rd"), "a\\x0Ab\\x09c\\x0Dd");
  EXPECT_EQ(terminal_safe(std::string_view("x\0y", 3)), "x\\x00y");
  EXPECT_EQ(terminal_safe("\x7F"), "\\x7F");
  EXPECT_FALSE(is_terminal_safe("\x1B[31m"));
}

TEST(TerminalSafe, EscapesC1ControlsAndBidiOverrides) {
  EXPECT_EQ(terminal_safe("\u009B31m"), "\\u009B31m");  // CSI as a C1 control
  EXPECT_EQ(terminal_safe("\u0085"), "\\u0085");
  for (char32_t cp : {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF}) {
    std::string s;
    s += char(0xE0 | (cp >> 12));
    s += char(0x80 | ((cp >> 6) & 0x3F));
    s += char(0x80 | (cp & 0x3F));
    char expected[16];
    std::snprintf(expected, sizeof expected, "\\u%04X", unsigned(cp));
    EXPECT_EQ(terminal_safe(s), expected);
  }
  // Neighbours of the ranges are ordinary characters.
  EXPECT_EQ(terminal_safe("\u2029\u202F\u2065\u206A\u00A0"), "\u2029\u202F\u2065\u206A\u00A0");
}

TEST(TerminalSafe, EscapesBytesThatAreNotUtf8) {
  EXPECT_EQ(terminal_safe("caf\xE9"), "caf\\xE9");           // Latin-1
  EXPECT_EQ(terminal_safe("\xC0\xAF"), "\\xC0\\xAF");         // overlong '/'
  EXPECT_EQ(terminal_safe("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // a surrogate
  EXPECT_EQ(terminal_safe("\xE2\x82"), "\\xE2\\x82");         // cut short at the end
  EXPECT_EQ(terminal_safe("\xF4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");  // above U+10FFFF
}

TEST(TerminalSafe, LinesKeepTheirEndsAndLoseTheCrOfCrlf) {
  EXPECT_EQ(output::terminal_safe_lines("[Event \"a\x1b[2J\"]\r\n\r\n1. e4 *\n"), "[Event \"a\\x1B[2J\"]\n\n1. e4 *\n");
  // A lone CR, a tab and a bidi override inside a line are shown escaped; a last line
  // without its end stays without.
  EXPECT_EQ(output::terminal_safe_lines("a\rb\tc\nd\u202e"), "a\\x0Db\\x09c\nd\\u202E");
  EXPECT_EQ(output::terminal_safe_lines(""), "");
  EXPECT_EQ(output::terminal_safe_lines("\n\n"), "\n\n");
}

}  // namespace
}  // namespace chesstool::output
