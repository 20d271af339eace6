// SPDX-License-Identifier: MIT
// Tests for tournament/time_control: TimeControl tags (PGN standard 9.6.1) and FIDE classes.
#include <gtest/gtest.h>

#include <string>

#include "tournament/time_control.hpp"

namespace chesstool {
namespace {

using tournament::TimeClass;

// ---- Time control: PGN standard 9.6.1, FIDE Laws Appendices A.1 and B.1 ----

tournament::TimeControlInfo tc(const std::string& v) { return tournament::classify_time_control(&v); }

TEST(TimeControl, IssueExamples) {
  EXPECT_EQ(tc("5400+30").cls, TimeClass::Standard);
  EXPECT_EQ(*tc("5400+30").seconds, 120 * 60);
  EXPECT_EQ(tc("900+10").cls, TimeClass::Rapid);
  EXPECT_EQ(*tc("900+10").seconds, 25 * 60);
  EXPECT_EQ(tc("600+5").cls, TimeClass::Rapid);
  EXPECT_EQ(*tc("600+5").seconds, 15 * 60);
  EXPECT_EQ(tc("180+2").cls, TimeClass::Blitz);
  EXPECT_EQ(*tc("180+2").seconds, 5 * 60);
}

TEST(TimeControl, Boundaries) {
  EXPECT_EQ(tc("3600").cls, TimeClass::Standard);  // 60 minutes: standard
  EXPECT_EQ(tc("3599").cls, TimeClass::Rapid);
  EXPECT_EQ(tc("601").cls, TimeClass::Rapid);      // more than 10 minutes
  EXPECT_EQ(tc("600").cls, TimeClass::Blitz);      // 10 minutes or less
  EXPECT_EQ(tc("300+5").cls, TimeClass::Blitz);    // 5 + 5 = 10 minutes
}

TEST(TimeControl, MultiPeriodAndSandclock) {
  // 90 minutes for 40 moves, then 30 minutes with 30 s from move 41: over 60 moves
  // 5400 + 1800 + 20 x 30 = 7800 s.
  auto m = tc("40/5400:1800+30");
  EXPECT_EQ(m.cls, TimeClass::Standard);
  EXPECT_EQ(*m.seconds, 7800);
  ASSERT_EQ(m.periods.size(), 2u);
  EXPECT_EQ(m.periods[0].moves, 40);
  EXPECT_EQ(m.periods[1].increment, 30);
  // Increment from move 1: 5400 + 40 x 30 + 1800 + 20 x 30.
  EXPECT_EQ(*tc("40/5400+30:1800+30").seconds, 9000);
  // A repeating last period: 2 hours per 40 moves, two periods begin within 60 moves.
  EXPECT_EQ(*tc("40/7200").seconds, 14400);
  auto s = tc("*180");
  EXPECT_EQ(s.cls, TimeClass::Blitz);
  EXPECT_TRUE(s.periods[0].sandclock);
}

TEST(TimeControl, UnknownAndUnparseable) {
  EXPECT_EQ(tournament::classify_time_control(nullptr).problem, tournament::TimeProblem::Missing);
  EXPECT_EQ(tc("?").problem, tournament::TimeProblem::Unknown);
  EXPECT_EQ(tc("-").problem, tournament::TimeProblem::Untimed);
  for (const char* bad : {"", "90 min", "5400+", "+30", "40/", "/5400", "0/5400", "5400:", "*", "*180:60", "1e3", "-5"}) {
    auto i = tc(bad);
    EXPECT_EQ(i.cls, TimeClass::Unknown) << bad;
    EXPECT_EQ(i.problem, tournament::TimeProblem::Unparseable) << bad;
    EXPECT_FALSE(i.seconds) << bad;
  }
}

}  // namespace
}  // namespace chesstool
