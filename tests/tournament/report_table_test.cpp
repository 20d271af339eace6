// SPDX-License-Identifier: MIT
// Tests for tournament/report_table: display widths, bidi isolates, the text table, CSV quoting
// (the texts: report_texts_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "tournament/report_table.hpp"

namespace chesstool {
namespace {


TEST(ReportTable, DisplayWidthAndIsolates) {
  EXPECT_EQ(tournament::display_width("Ørsted"), 6);
  EXPECT_EQ(tournament::display_width("محمد"), 4);
  EXPECT_EQ(tournament::display_width("مُحَمَّد"), 4);  // harakat take no column
  EXPECT_EQ(tournament::display_width("李伟"), 4);
  EXPECT_EQ(tournament::display_width("\u2068x\u2069"), 1);
  // A stray PDI or override inside a name is shown escaped so it cannot end the isolate;
  // left-to-right text gets no isolate at all, right-to-left text does.
  EXPECT_EQ(tournament::bidi_isolate("a\u2069b\u202Ec"), "a\\u2069b\\u202Ec");
  EXPECT_EQ(tournament::bidi_isolate("a\x1B]0;x\x07"), "a\\x1B]0;x\\x07");
  EXPECT_EQ(tournament::bidi_isolate("Carlsen, Magnus"), "Carlsen, Magnus");
  EXPECT_EQ(tournament::bidi_isolate("محمد\u202E"), "\u2068محمد\\u202E\u2069");
  EXPECT_EQ(tournament::bidi_isolate("Li \u05D0"), "\u2068Li \u05D0\u2069");  // Hebrew
  EXPECT_TRUE(tournament::has_rtl("ﻻ"));  // Arabic presentation form
  EXPECT_FALSE(tournament::has_rtl("Ørsted 李伟"));
  tournament::TextTable t;
  t.header = {"Name", "Pts"};
  t.rows = {{"محمد الأحمد", "2.5"}, {"Li", "2"}};
  t.right_aligned = {false, true};
  t.isolated = {true, false};
  EXPECT_EQ(tournament::render_text_table(t),
            "Name         Pts\n"
            "\u2068محمد الأحمد\u2069  2.5\n"
            "Li             2\n");
}

}  // namespace
}  // namespace chesstool
