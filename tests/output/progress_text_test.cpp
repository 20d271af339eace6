// SPDX-License-Identifier: MIT
// The progress line's text: what it says, and that it never takes more columns than the
// terminal has (less one), however long the path or narrow the terminal.
#include "output/progress_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace chesstool::output {
namespace {

std::size_t columns(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

TEST(ProgressText, SaysCountsPercentAndTimeLeft) {
  EXPECT_EQ(progress_text("a.pgn", 120, 3, std::nullopt, std::nullopt, 80), "validating a.pgn: 120 games, 3 invalid");
  EXPECT_EQ(progress_text("a.pgn", 120, 3, 0.425, 75.0, 80), "validating a.pgn: 120 games, 3 invalid, 42%, 1:15 left");
  EXPECT_EQ(progress_text("a.pgn", 1, 0, 0.001, 3725.0, 80), "validating a.pgn: 1 games, 0 invalid, 0%, 1:02:05 left");
  EXPECT_EQ(progress_text("a.pgn", 9, 0, 1.7, std::nullopt, 80), "validating a.pgn: 9 games, 0 invalid, 100%");
}

TEST(ProgressText, ALongNameIsCutFromTheLeftToFitTheTerminal) {
  const std::string name = "/archives/lichess/2024/" + std::string(200, 'x') + "/lichess_db_2024-05.pgn";
  const std::string line = progress_text(name, 5, 0, 0.5, 10.0, 80);
  EXPECT_EQ(columns(line), 79u);
  EXPECT_EQ(line.rfind("validating ...", 0), 0u) << line;
  EXPECT_NE(line.find("lichess_db_2024-05.pgn: 5 games, 0 invalid, 50%, 0:10 left"), std::string::npos) << line;
}

TEST(ProgressText, NeverWiderThanTheTerminal) {
  const std::string names[] = {"a.pgn", "d\xC3\xA9j\xC3\xA0/partie-\xE2\x99\x9E.pgn", std::string(300, 'n')};
  for (const std::string& name : names)
    for (int width = 0; width <= 120; ++width) {
      const std::string line = progress_text(name, 123456, 789, 0.5, 99.0, width);
      ASSERT_LE(columns(line), std::size_t(width > 0 ? width - 1 : 0)) << width << " " << line;
      // Whole UTF-8 characters only: no lead byte without its continuation bytes.
      if (!line.empty()) {
        const unsigned char last = static_cast<unsigned char>(line.back());
        ASSERT_TRUE(last < 0x80 || (last & 0xC0) == 0x80) << width;
      }
    }
  // A narrow terminal keeps the end of the name, a narrower one the counts alone.
  const std::string narrow = progress_text(std::string(300, 'n'), 1, 2, std::nullopt, std::nullopt, 50);
  EXPECT_EQ(narrow, "validating ..." + std::string(15, 'n') + ": 1 games, 2 invalid");
  EXPECT_EQ(progress_text(std::string(300, 'n'), 1, 2, 0.5, std::nullopt, 30), "1 games, 2 invalid, 50%");
}

}  // namespace
}  // namespace chesstool::output
