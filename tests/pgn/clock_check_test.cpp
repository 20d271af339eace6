// SPDX-License-Identifier: MIT
// The clock check: clocks above what the time control gives, clocks that grow by more
// than a move adds, each said once per game; and through the replayer, the
// clock-inconsistent warning at the comment that holds the clock.
#include "pgn/clock_check.hpp"

#include <gtest/gtest.h>

#include <string>

#include "pgn/replay.hpp"
#include "support/raw_game.hpp"

namespace chesstool::pgn {
namespace {

TEST(ClockCheck, AcceptsClocksWithinTheTimeControl) {
  const std::string tag = "180+2";
  ClockCheck c;
  c.start(&tag);
  ASSERT_TRUE(c.active());
  EXPECT_FALSE(c.clock(White, 1, 180));    // the first move: 180 + 2 allowed
  EXPECT_FALSE(c.clock(White, 2, 181.5));  // gained 1.5 of the 2
  EXPECT_FALSE(c.clock(White, 3, 183));    // gained 1.5 again, and 184 allowed
  EXPECT_FALSE(c.clock(Black, 1, 179));
  EXPECT_FALSE(c.clock(Black, 5, 120));    // moves 2 to 4 without clocks: walked through
}

TEST(ClockCheck, FlagsAClockAboveTheTimeControlOnce) {
  const std::string tag = "180+2";
  ClockCheck c;
  c.start(&tag);
  auto fault = c.clock(White, 2, 210);
  ASSERT_TRUE(fault);
  EXPECT_EQ(*fault, "white's clock shows 3:30, more than the time control 180+2 allows by this move (3:04)");
  EXPECT_FALSE(c.clock(White, 3, 211));  // still above, but said once (and grown by less than 2 s)
}

TEST(ClockCheck, FlagsAClockThatGrowsMoreThanTheMoveAdds) {
  const std::string tag = "300+0";
  ClockCheck c;
  c.start(&tag);
  EXPECT_FALSE(c.clock(Black, 10, 64));
  auto fault = c.clock(Black, 11, 104);
  ASSERT_TRUE(fault);
  EXPECT_EQ(*fault, "black's clock grows from 1:04 to 1:44, more than the move adds (0 s)");
  // Across a move without a clock too: the moves between add nothing here.
  ClockCheck gap;
  gap.start(&tag);
  EXPECT_FALSE(gap.clock(White, 10, 64));
  fault = gap.clock(White, 12, 104);
  ASSERT_TRUE(fault);
  EXPECT_EQ(*fault, "white's clock grows from 1:04 to 1:44 over 2 moves, more than they add (0 s)");
  // With an increment, by what every move between added.
  const std::string increment = "300+5";
  ClockCheck paid;
  paid.start(&increment);
  EXPECT_FALSE(paid.clock(Black, 3, 100));
  EXPECT_FALSE(paid.clock(Black, 6, 114));  // three moves: up to 15 s
  EXPECT_TRUE(paid.clock(Black, 8, 126));   // two moves: up to 10 s, and a second of rounding
}

TEST(ClockCheck, TheNextPeriodsTimeIsNoFault) {
  const std::string tag = "40/5400+30:1800+30";
  ClockCheck c;
  c.start(&tag);
  EXPECT_FALSE(c.clock(White, 39, 600));
  EXPECT_FALSE(c.clock(White, 40, 600 + 1800 + 20));  // the 30 minutes of the second period
  EXPECT_TRUE(c.clock(White, 41, 600 + 1800 + 20 + 120));
}

TEST(ClockCheck, InactiveWithoutAUsableTag) {
  for (const char* v : {"?", "-", "*180", "nonsense"}) {
    const std::string tag = v;
    ClockCheck c;
    c.start(&tag);
    EXPECT_FALSE(c.active()) << v;
    EXPECT_FALSE(c.clock(White, 1, 99999)) << v;
  }
  ClockCheck none;
  none.start(nullptr);
  EXPECT_FALSE(none.active());
}

TEST(ClockCheck, ClockText) {
  EXPECT_EQ(clock_text(64), "1:04");
  EXPECT_EQ(clock_text(3909), "1:05:09");
  EXPECT_EQ(clock_text(5.5), "0:05.5");
  EXPECT_EQ(clock_text(-3), "-0:03");
}

TEST(ClockCheck, TheReplayerWarnsAtTheClocksComment) {
  const char* text =
      "[Event \"x\"]\n[TimeControl \"180+2\"]\n[Result \"*\"]\n\n"
      "1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 (2. Nc3 {[%clk 0:09:00]}) {[%clk 0:03:30]} Nc6 *\n";
  const GameReport r = check_game(testing::raw_game(text));
  ASSERT_EQ(r.warnings.size(), 0u) << "a clock after a variation belongs to the next move: " << r.warnings[0].message;
  const char* plain =
      "[Event \"x\"]\n[TimeControl \"180+2\"]\n[Result \"*\"]\n\n"
      "1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:03:30]} Nc6 *\n";
  const GameReport w = check_game(testing::raw_game(plain));
  ASSERT_EQ(w.warnings.size(), 1u);
  EXPECT_EQ(w.warnings[0].code, "clock-inconsistent");
  EXPECT_EQ(w.warnings[0].ply, 3);
  EXPECT_EQ(w.warnings[0].line, 5u);
  EXPECT_EQ(w.warnings[0].message,
            "after 2.Nf3, white's clock shows 3:30, more than the time control 180+2 allows by this move (3:04)");
  EXPECT_TRUE(w.valid);
}

// A game with this TimeControl and movetext, checked.
GameReport clock_game(const std::string& time_control, const std::string& movetext) {
  return check_game(testing::raw_game("[Event \"x\"]\n[TimeControl \"" + time_control + "\"]\n[Result \"*\"]\n\n" +
                                      movetext + " *\n"));
}

TEST(ClockCheck, TheReplayerChecksTheLastClockAfterAMove) {
  // Two comments after 1.e4, each with a clock: the last is the move's clock (as convert
  // reads it), so the first, above the time control, is no fault.
  EXPECT_EQ(clock_game("300+0", "1. e4 {[%clk 0:09:50]} {[%clk 0:04:50]} e5 {[%clk 0:04:50]}").warnings.size(), 0u);
  // The other way round the last one is the fault, said at its own comment.
  const GameReport r = clock_game("300+0", "1. e4 {[%clk 0:04:50]} {[%clk 0:09:50]}");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].column, 25u);
  EXPECT_EQ(r.warnings[0].message,
            "after 1.e4, white's clock shows 9:50, more than the time control 300+0 allows by this move (5:00)");
}

TEST(ClockCheck, TheReplayerComparesClocksAcrossAMoveWithout) {
  // 2.Nf3 has no clock: 3.Bb5's is compared with 1.e4's, and 300+0 adds nothing.
  const GameReport r =
      clock_game("300+0", "1. e4 {[%clk 0:04:00]} e5 {[%clk 0:04:59]} 2. Nf3 Nc6 {[%clk 0:04:58]} 3. Bb5 {[%clk 0:04:55]}");
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].message, "after 3.Bb5, white's clock grows from 4:00 to 4:55 over 2 moves, more than they add (0 s)");
}

TEST(ClockCheck, TheReplayerCountsMovesFromTheSetUpPositionsNumber) {
  // From move 39: 40.Ng1 completes the first period of 40/5400:1800, which adds 30 minutes.
  const char* text =
      "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/4p3/8/8/8/8/4P3/4K1N1 w - - 0 39\"]\n[TimeControl \"40/5400:1800\"]\n"
      "[Result \"*\"]\n\n39. Nf3 {[%clk 0:10:00]} Kd7 40. Ng1 {[%clk 0:39:00]} *\n";
  EXPECT_EQ(check_game(testing::raw_game(text)).warnings.size(), 0u);
  // The same game from move 1 is a fault: the second period starts at move 40, not 2.
  std::string from_one = text;
  from_one.replace(from_one.find("0 39"), 4, "0 1").replace(from_one.find("39. Nf3"), 7, "1. Nf3");
  from_one.replace(from_one.find("40. Ng1"), 7, "2. Ng1");
  const GameReport r = check_game(testing::raw_game(from_one));
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, "clock-inconsistent");
}

}  // namespace
}  // namespace chesstool::pgn
