// SPDX-License-Identifier: MIT
// Tests for tournament/report_texts: durations with Arabic number agreement, Arabic
// punctuation, every label translated.
#include <gtest/gtest.h>

#include <string>

#include "tournament/report_table.hpp"
#include "tournament/report_texts.hpp"

namespace chesstool {
namespace {

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
