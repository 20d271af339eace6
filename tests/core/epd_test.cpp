// SPDX-License-Identifier: MIT
// EPD lines: the counters of hmvc and fmvn, the other operations kept in order with their
// blanks collapsed, and every malformed operation refused at its own column.
#include "core/epd.hpp"

#include <gtest/gtest.h>

namespace chesstool {
namespace {

constexpr const char* kBare = "4k3/8/8/8/8/8/8/4K3 w - -";

TEST(Epd, AFenLineIsKeptAsItIs) {
  const EpdLine e = read_epd_line("4k3/8/8/8/8/8/8/4K3 w - - 3 40");
  EXPECT_EQ(e.fen, "4k3/8/8/8/8/8/8/4K3 w - - 3 40");
  EXPECT_TRUE(e.operations.empty());
  EXPECT_FALSE(e.error);
  // A fifth field that is no opcode is a FEN's clock, for parse_fen to judge.
  EXPECT_EQ(read_epd_line("4k3/8/8/8/8/8/8/4K3 w - - -1 1").fen, "4k3/8/8/8/8/8/8/4K3 w - - -1 1");
}

TEST(Epd, CountersComeFromTheirOperations) {
  const EpdLine e = read_epd_line(std::string(kBare) + " id \"a;b\";  bm  Kd1 ;c0 \"x  y\" ; hmvc 007; fmvn 12;");
  ASSERT_FALSE(e.error) << *e.error;
  EXPECT_EQ(e.fen, std::string(kBare) + " 7 12");
  EXPECT_EQ(e.operations, "id \"a;b\"; bm Kd1; c0 \"x  y\"; ");
  EXPECT_EQ(e.hmvc_column, 59u);
  EXPECT_EQ(e.fmvn_column, 69u);
  const EpdLine none = read_epd_line(std::string(kBare) + " bm Kd1;");
  EXPECT_EQ(none.fen, std::string(kBare) + " 0 1");
  EXPECT_EQ(none.hmvc_column, 0u);
  // A string may hold an escaped quote.
  EXPECT_FALSE(read_epd_line(std::string(kBare) + " id \"say \\\"hi\\\"; now\";").error);
}

TEST(Epd, MalformedOperationsAreRefusedWhereTheyStart) {
  struct Case {
    const char* operations;
    const char* error;
    std::size_t column;  // after kBare and its blank (27 is the first operation)
  };
  const Case cases[] = {
      {"id \"unterminated", "a string of operation 'id' is not closed", 27},
      {"bm Kd1", "operation 'bm' does not end in ';'", 27},
      {"bm Kd1; id \"x\" hmvc 7; fmvn 9;", "operation 'id' does not end in ';' before 'hmvc'", 35},
      {"hmvc x;", "operation 'hmvc' takes one whole number from 0 to 999999999", 27},
      {"hmvc -1;", "operation 'hmvc' takes one whole number from 0 to 999999999", 27},
      {"hmvc;", "operation 'hmvc' takes one whole number from 0 to 999999999", 27},
      {"hmvc 1 2;", "operation 'hmvc' takes one whole number from 0 to 999999999", 27},
      {"bm Kd1; fmvn 1000000000;", "operation 'fmvn' takes one whole number from 0 to 999999999", 35},
      {"hmvc 3; hmvc 4;", "operation 'hmvc' is given twice", 35},
      {"bm Kd1; 5 ;", "an operation starts with an opcode (a letter), not '5 ;'", 35},
  };
  for (const Case& c : cases) {
    const EpdLine e = read_epd_line(std::string(kBare) + " " + c.operations);
    ASSERT_TRUE(e.error) << c.operations;
    EXPECT_EQ(*e.error, c.error) << c.operations;
    EXPECT_EQ(e.error_column, c.column) << c.operations;
  }
}

}  // namespace
}  // namespace chesstool
