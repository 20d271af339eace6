// SPDX-License-Identifier: MIT
// The progress line's text: what it says, and that it never takes more columns than the
// terminal has (less one), however long the path or narrow the terminal.
#include "output/progress_text.hpp"

#include <gtest/gtest.h>

#include "output/display_width.hpp"

#include <string>

namespace chesstool::output {
namespace {

std::size_t columns(const std::string& s) { return std::size_t(display_width(s)); }

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
  std::string wide, marked;
  for (int i = 0; i < 60; ++i) wide += "\xE4\xB8\xAD";   // 中: two columns each
  for (int i = 0; i < 60; ++i) marked += "e\xCC\x81";     // e and a combining acute: one
  std::string devanagari;
  for (int i = 0; i < 60; ++i) devanagari += "\u0915\u093F";  // ki: a letter and its vowel sign, two
  const std::string names[] = {"a.pgn", "d\xC3\xA9j\xC3\xA0/partie-\xE2\x99\x9E.pgn", std::string(300, 'n'), wide,
                               marked};
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
  // Wide characters fill the room by their columns (25 left for the name: twelve of them);
  // a cut never leaves a combining mark without its letter.
  const std::string cjk = progress_text(wide, 1, 2, std::nullopt, std::nullopt, 60);
  const std::string expected = std::string("validating ...").append(wide, 0, 3 * 12).append(": 1 games, 2 invalid");
  EXPECT_EQ(cjk, expected) << cjk;
  for (int width = 40; width <= 80; ++width) {
    const std::string line = progress_text(marked, 1, 2, std::nullopt, std::nullopt, width);
    const std::size_t dots = line.find("...");
    if (dots != std::string::npos) {
      EXPECT_EQ(line[dots + 3], 'e') << width << " " << line;
    }
    const std::string ki = progress_text(devanagari, 1, 2, std::nullopt, std::nullopt, width);
    const std::size_t ki_dots = ki.find("...");
    if (ki_dots != std::string::npos) {
      EXPECT_EQ(ki.compare(ki_dots + 3, 3, "\u0915"), 0) << width << " " << ki;  // the letter, not its sign
    }
  }
  // A narrow terminal keeps the end of the name, a narrower one the counts alone.
  const std::string narrow = progress_text(std::string(300, 'n'), 1, 2, std::nullopt, std::nullopt, 50);
  EXPECT_EQ(narrow, std::string("validating ...").append(15, 'n').append(": 1 games, 2 invalid"));
  EXPECT_EQ(progress_text(std::string(300, 'n'), 1, 2, 0.5, std::nullopt, 30), "1 games, 2 invalid, 50%");
}

}  // namespace
}  // namespace chesstool::output
