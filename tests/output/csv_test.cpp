// SPDX-License-Identifier: MIT
// RFC 4180 fields and records.
#include "output/csv.hpp"

#include <gtest/gtest.h>

namespace chesstool::output {
namespace {

TEST(Csv, QuotesOnlyWhatMustBeQuoted) {
  EXPECT_EQ(csv_field("Carlsen, Magnus"), "\"Carlsen, Magnus\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field(""), "");
}

TEST(Csv, RecordsEndWithCrlf) {
  std::string out;
  append_csv_record(out, {"a", "b,c", ""});
  append_csv_record(out, {"x"});
  EXPECT_EQ(out, "a,\"b,c\",\r\nx\r\n");
}

TEST(Csv, ALoneEmptyFieldIsNotABlankLine) {
  std::string out;
  append_csv_record(out, {""});
  append_csv_record(out, {"", ""});
  EXPECT_EQ(out, "\"\"\r\n,\r\n");
}

TEST(Csv, TextThatASpreadsheetTakesForAFormulaGetsAQuote) {
  // OWASP "CSV injection": a leading ' makes the cell text; the field is quoted.
  EXPECT_EQ(csv_field(csv_text("=HYPERLINK(\"http://x\",\"y\")")), "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  EXPECT_EQ(csv_field(csv_text("+1+cmd|' /C calc'!A0")), "\"'+1+cmd|' /C calc'!A0\"");
  EXPECT_EQ(csv_field(csv_text("-2+3")), "\"'-2+3\"");
  EXPECT_EQ(csv_field(csv_text("@SUM(A1)")), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_field(csv_text("\t=1")), "\"'\t=1\"");
  EXPECT_EQ(csv_field(csv_text("\r=1")), "\"'\r=1\"");
  // Anything else, a signed number included, stays as it is.
  // A lone sign too: Round "-" and TimeControl "-" are the PGN standard's values.
  for (const char* same : {"", "Carlsen, Magnus", "a=b", " =1", "-7", "+12", "-0.5", "1-0", "'t Hart", "-", "+"})
    EXPECT_EQ(csv_text(same), same);
  EXPECT_EQ(csv_text("-1.2.3"), "'-1.2.3");
  EXPECT_EQ(csv_field("'t Hart"), "\"'t Hart\"");
}

}  // namespace
}  // namespace chesstool::output
