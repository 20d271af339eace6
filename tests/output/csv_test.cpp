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

}  // namespace
}  // namespace chesstool::output
