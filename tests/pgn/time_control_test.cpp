// SPDX-License-Identifier: MIT
// The TimeControl tag's periods (PGN standard 9.6.1) and a player's walk through them.
#include "pgn/time_control.hpp"

#include <gtest/gtest.h>

#include <string>

namespace chesstool::pgn {
namespace {

TimeControl parse_tc(const std::string& v) { return parse_time_control(&v); }

TEST(TimeControlTag, ReadsEveryForm) {
  TimeControl tc = parse_tc("40/5400+30:1800+30");
  ASSERT_EQ(tc.problem, TimeProblem::None);
  ASSERT_EQ(tc.periods.size(), 2u);
  EXPECT_EQ(tc.periods[0].moves, 40);
  EXPECT_EQ(tc.periods[0].seconds, 5400);
  EXPECT_EQ(tc.periods[0].increment, 30);
  EXPECT_EQ(tc.periods[1].moves, 0);
  EXPECT_EQ(tc.periods[1].seconds, 1800);
  TimeControl sand = parse_tc("*180");
  ASSERT_EQ(sand.periods.size(), 1u);
  EXPECT_TRUE(sand.periods[0].sandclock);
  EXPECT_EQ(parse_tc("300").periods.at(0).seconds, 300);
}

TEST(TimeControlTag, ProblemsHaveNoPeriods) {
  EXPECT_EQ(parse_time_control(nullptr).problem, TimeProblem::Missing);
  EXPECT_EQ(parse_tc("?").problem, TimeProblem::Unknown);
  EXPECT_EQ(parse_tc("-").problem, TimeProblem::Untimed);
  for (const char* bad : {"", "abc", "40/", "/300", "0/300", "300+", "*0", "*180:60", "60:*180", "1234567890", "300++2"}) {
    const TimeControl tc = parse_tc(bad);
    EXPECT_EQ(tc.problem, TimeProblem::Unparseable) << bad;
    EXPECT_TRUE(tc.periods.empty()) << bad;
  }
  EXPECT_STREQ(time_problem_text(TimeProblem::Missing), "no TimeControl tag");
  EXPECT_STREQ(time_problem_text(TimeProblem::None), "");
}

TEST(PeriodWalk, IncrementsAndTheNextPeriodsTime) {
  const TimeControl tc = parse_tc("40/5400+30:1800+30");
  PeriodWalk w(tc.periods);
  EXPECT_EQ(w.start(), 5400);
  for (int m = 1; m < 40; ++m) ASSERT_EQ(w.next_move(), 30) << m;
  EXPECT_EQ(w.next_move(), 30 + 1800);  // move 40 completes the first period
  for (int m = 41; m < 200; ++m) ASSERT_EQ(w.next_move(), 30) << m;  // sudden death
  EXPECT_EQ(w.last_increment(), 30);
}

TEST(PeriodWalk, ALastPeriodWithAMoveCountRepeats) {
  const TimeControl tc = parse_tc("40/7200");
  PeriodWalk w(tc.periods);
  std::int64_t total = w.start();
  for (int m = 1; m <= 80; ++m) total += w.next_move();
  EXPECT_EQ(total, 3 * 7200);  // two hours more after move 40 and after move 80
  const TimeControl blitz = parse_tc("180+2");
  PeriodWalk b(blitz.periods);
  EXPECT_EQ(b.start(), 180);
  EXPECT_EQ(b.next_move(), 2);
}

}  // namespace
}  // namespace chesstool::pgn
