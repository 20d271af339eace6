// SPDX-License-Identifier: MIT
// Tests for output/display_width: the columns a terminal gives text.
#include <gtest/gtest.h>

#include <string>

#include "output/display_width.hpp"

namespace chesstool::output {
namespace {

TEST(DisplayWidth, ColumnsOfScriptsMarksAndWideCharacters) {
  EXPECT_EQ(display_width(""), 0);
  EXPECT_EQ(display_width("Carlsen, Magnus"), 15);
  EXPECT_EQ(display_width("Ørsted"), 6);
  EXPECT_EQ(display_width("محمد"), 4);
  EXPECT_EQ(display_width("مُحَمَّد"), 4);  // harakat take no column
  EXPECT_EQ(display_width("e\u0301e\u0301"), 2);  // decomposed accents: the marks take none
  EXPECT_EQ(display_width("राम"), 3);             // the vowel sign aa spaces (as wcwidth)
  EXPECT_EQ(display_width("अमिताभ"), 6);
  EXPECT_EQ(display_width("\u302E\uAD6D\u302F"), 6);  // the Hangul tone marks are wide spacing marks
  EXPECT_EQ(display_width("\u1112\u1161\u11AB"), 2);  // 한 in conjoining jamo: the syllable's two
  EXPECT_EQ(display_width("\u0600\u0661\u0662"), 3);  // the Arabic number sign takes a column
  EXPECT_TRUE(is_mark(0x0301));
  EXPECT_TRUE(is_mark(0x093F));  // the Devanagari vowel sign i
  EXPECT_FALSE(is_mark('e'));
  EXPECT_FALSE(is_mark(0x0915));
  EXPECT_EQ(display_width("李伟"), 4);
  EXPECT_EQ(display_width("中文中文"), 8);
  EXPECT_EQ(display_width("ｗｉｄｅ"), 8);  // fullwidth forms
  EXPECT_EQ(display_width("\u2068x\u2069"), 1);  // bidi isolates
  EXPECT_EQ(display_width("a\u200Bb"), 2);        // zero width space
}

TEST(DisplayWidth, BytesThatAreNotUtf8TakeAColumnEachControlsNone) {
  EXPECT_EQ(display_width("a\xFF" "b"), 3);
  EXPECT_EQ(display_width("\xE4\xB8"), 2);  // a cut 3-byte character: two bytes shown as two
  EXPECT_EQ(display_width("a\x1B" "b\x07"), 2);
  std::size_t i = 0;
  EXPECT_EQ(next_code_point("\xE4\xB8\xAD", i), 0x4E2D);
  EXPECT_EQ(i, 3u);
  i = 0;
  EXPECT_EQ(next_code_point("\xC3(", i), -1);
  EXPECT_EQ(i, 1u);
}

}  // namespace
}  // namespace chesstool::output
