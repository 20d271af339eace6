// SPDX-License-Identifier: MIT
// Tests for tournament/report_table and tournament/report_texts: widths, isolates, CSV quoting,
// durations with Arabic number agreement, Arabic punctuation.
#include <gtest/gtest.h>

#include <string>

#include "tournament/report_table.hpp"
#include "tournament/report_texts.hpp"

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

TEST(ReportTable, CsvQuoting) {
  EXPECT_EQ(tournament::csv_field("Carlsen, Magnus"), "\"Carlsen, Magnus\"");
  EXPECT_EQ(tournament::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(tournament::csv_field("plain"), "plain");
}

TEST(ReportTexts, Durations) {
  using output::Lang;
  EXPECT_EQ(tournament::duration_text(601, Lang::En), "10 min 1 s");
  EXPECT_EQ(tournament::duration_text(1500, Lang::En), "25 min");
  EXPECT_EQ(tournament::duration_text(45, Lang::En), "45 s");
  EXPECT_EQ(tournament::duration_text(7800, Lang::En), "130 min");
  // Arabic: 1 and 11+ singular, 2 dual, 3-10 plural.
  EXPECT_EQ(tournament::duration_text(60, Lang::Ar), "1 دقيقة");
  EXPECT_EQ(tournament::duration_text(120, Lang::Ar), "2 دقيقتان");
  EXPECT_EQ(tournament::duration_text(180, Lang::Ar), "3 دقائق");
  EXPECT_EQ(tournament::duration_text(600, Lang::Ar), "10 دقائق");
  EXPECT_EQ(tournament::duration_text(660, Lang::Ar), "11 دقيقة");
  EXPECT_EQ(tournament::duration_text(1500, Lang::Ar), "25 دقيقة");
  EXPECT_EQ(tournament::duration_text(6180, Lang::Ar), "103 دقائق");
  EXPECT_EQ(tournament::duration_text(601, Lang::Ar), "10 دقائق و1 ثانية");
  EXPECT_EQ(tournament::duration_text(183, Lang::Ar), "3 دقائق و3 ثوانٍ");
  EXPECT_EQ(tournament::comma(Lang::Ar), "، ");
  EXPECT_EQ(tournament::semicolon(Lang::Ar), "؛ ");
}

TEST(ReportTexts, EveryLabelTranslated) {
  for (std::size_t i = 0; i < std::size_t(tournament::T::Count); ++i) {
    const auto id = tournament::T(i);
    EXPECT_FALSE(tournament::tr(id, output::Lang::Ar).empty()) << i;
    // Only K stays as it is: every other Arabic label is Arabic.
    if (id != tournament::T::K) {
      EXPECT_TRUE(tournament::has_rtl(tournament::tr(id, output::Lang::Ar))) << tournament::tr(id, output::Lang::En);
    }
    EXPECT_EQ(tournament::tr(id, output::Lang::Ar).find(','), std::string::npos) << "Latin comma in " << i;
  }
}

}  // namespace
}  // namespace chesstool
