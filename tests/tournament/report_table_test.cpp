// SPDX-License-Identifier: MIT
// Tests for tournament/report_table: bidi isolates, the text table, CSV quoting
// (the texts: report_texts_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tournament/report_table.hpp"

namespace chesstool {
namespace {


TEST(ReportTable, BidiIsolates) {
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

TEST(ReportTable, GeneratedColumnsRenderAsStoredOnes) {
  // A crosstable's cells are made row by row as the table is rendered (held at once, a
  // 5,000-player crosstable took 1 GB): the text is the same as with the cells stored.
  tournament::TextTable stored;
  stored.header = {"#", "Name", "1", "2", "Pts"};
  stored.rows = {{"1", "Ann", "×", "1½", "1.5"}, {"2", "Bob", "½0", "×", "0.5"}};
  stored.right_aligned = {true, false, false, false, true};
  stored.isolated = {false, true, false, false, false};
  tournament::TextTable generated = stored;
  generated.rows = {{"1", "Ann", "1.5"}, {"2", "Bob", "0.5"}};
  generated.generated_at = 2;
  generated.generated = [&stored](std::size_t row) {
    return std::vector<std::string>(stored.rows[row].begin() + 2, stored.rows[row].begin() + 4);
  };
  EXPECT_EQ(tournament::render_text_table(generated), tournament::render_text_table(stored));
  EXPECT_EQ(tournament::render_text_table(stored), "#  Name  1   2   Pts\n1  Ann   ×   1½  1.5\n2  Bob   ½0  ×   0.5\n");
}

TEST(ReportTable, ResultsToCheckAfterTheExcludedGames) {
  tournament::EventReport r;
  r.excluded.push_back({"e.pgn", "", 3, 30, "C", "D", "*", {tournament::ExclusionReason::Unfinished, "*"}});
  // Two problems of one game make one line; another game its own, also one with the same
  // file and number (the file named twice).
  r.result_warnings.push_back({"e.pgn", "", 1, 1, "A", "B", "0-1", "result-mismatch", "m", 12, 5, 0});
  r.result_warnings.push_back({"e.pgn", "", 1, 1, "A", "B", "0-1", "result-contradicts-position", "c", 7, 1, 0});
  r.result_warnings.push_back({"e.pgn", "", 2, 15, "B", "A", "1-0", "time-forfeit-draw", "t", 21, 1, 1});
  r.result_warnings.push_back({"e.pgn", "", 2, 15, "B", "A", "1-0", "time-forfeit-draw", "t", 21, 1, 3});
  const std::string text = tournament::render_report_text(r, output::Lang::En, false);
  EXPECT_NE(text.find("Excluded games:\n  e.pgn:30: game 3, C - D, *: unfinished game (result *)\n\n"
                      "Results to check (counted as recorded):\n"
                      "  e.pgn:1: game 1, A - B, 0-1: result-mismatch, result-contradicts-position\n"
                      "  e.pgn:15: game 2, B - A, 1-0: time-forfeit-draw\n"
                      "  e.pgn:15: game 2, B - A, 1-0: time-forfeit-draw\n"),
            std::string::npos)
      << text;
  EXPECT_NE(tournament::render_report_text(r, output::Lang::Ar, false).find("نتائج يجب التحقق منها"), std::string::npos);
  const std::string json = tournament::render_report_json(r, false);
  EXPECT_NE(json.find("\"excluded_count\":1,\"result_warning_count\":4,"), std::string::npos) << json;
  EXPECT_NE(json.find("\"result_warnings\":[{\"file\":\"e.pgn\",\"game\":1,\"line\":1,\"white\":\"A\",\"black\":\"B\","
                      "\"result\":\"0-1\",\"code\":\"result-mismatch\",\"message\":\"m\",\"problem_line\":12,"
                      "\"problem_column\":5},"),
            std::string::npos)
      << json;
  // None: no section, an empty array.
  r.result_warnings.clear();
  EXPECT_EQ(tournament::render_report_text(r, output::Lang::En, false).find("Results to check"), std::string::npos);
  EXPECT_NE(tournament::render_report_json(r, false).find("\"result_warning_count\":0,"), std::string::npos);
  EXPECT_NE(tournament::render_report_json(r, false).find("\"result_warnings\":[]"), std::string::npos);
}

}  // namespace
}  // namespace chesstool
