// SPDX-License-Identifier: MIT
// Tests for tournament/rating: FIDE Rating Regulations (1 March 2024) tables 8.1.1 and 8.1.2,
// the 400-point rule per player, rating changes, performances and initial ratings.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "tournament/rating.hpp"

namespace chesstool {
namespace {

using tournament::expected_hundredths;

// Every row of table 8.1.2 as printed: the last D of the row and PD for the higher rated
// player. Typed from the regulations, independently of the table in rating.cpp.
const std::vector<std::pair<int, int>> kRows = {
    {3, 50},   {10, 51},  {17, 52},  {25, 53},  {32, 54},  {39, 55},  {46, 56},  {53, 57},  {61, 58},
    {68, 59},  {76, 60},  {83, 61},  {91, 62},  {98, 63},  {106, 64}, {113, 65}, {121, 66}, {129, 67},
    {137, 68}, {145, 69}, {153, 70}, {162, 71}, {170, 72}, {179, 73}, {188, 74}, {197, 75}, {206, 76},
    {215, 77}, {225, 78}, {235, 79}, {245, 80}, {256, 81}, {267, 82}, {278, 83}, {290, 84}, {302, 85},
    {315, 86}, {328, 87}, {344, 88}, {357, 89}, {374, 90}, {391, 91}, {411, 92}, {432, 93}, {456, 94},
    {484, 95}, {517, 96}, {559, 97}, {619, 98}, {735, 99}};

TEST(RatingTable812, EveryRangeEdgeBothColumns) {
  // Players of 2650 or more (both, here) use the real difference, so every row is reached: the
  // higher rated reads H, the lower 1 - H, on both sides of each edge (3/4, 10/11, ...).
  int prev_high = 49;
  for (const auto& [last_d, high] : kRows) {
    SCOPED_TRACE(last_d);
    EXPECT_EQ(high, prev_high + 1);
    EXPECT_EQ(expected_hundredths(3500, 3500 - last_d), high);
    EXPECT_EQ(expected_hundredths(3500 - last_d, 3500), 100 - high);
    EXPECT_EQ(expected_hundredths(3500, 3500 - last_d - 1), high + 1);
    EXPECT_EQ(expected_hundredths(3500 - last_d - 1, 3500), 100 - high - 1);
    prev_high = high;
  }
  EXPECT_EQ(expected_hundredths(3000, 2264), 100);  // D = 736: over 735
  EXPECT_EQ(expected_hundredths(2700, 2700), 50);
}

TEST(RatingTable812, EdgesUnder2650UpTo400) {
  for (const auto& [last_d, high] : kRows) {
    if (last_d >= 400) break;
    SCOPED_TRACE(last_d);
    EXPECT_EQ(expected_hundredths(2000 + last_d, 2000), high);
    EXPECT_EQ(expected_hundredths(2000, 2000 + last_d), 100 - high);
    EXPECT_EQ(expected_hundredths(2000 + last_d + 1, 2000), high + 1);
  }
  // 391/392 and 400/401: the row 392-411 gives .92/.08, and 401 counts as 400.
  EXPECT_EQ(expected_hundredths(2391, 2000), 91);
  EXPECT_EQ(expected_hundredths(2392, 2000), 92);
  EXPECT_EQ(expected_hundredths(2400, 2000), 92);
  EXPECT_EQ(expected_hundredths(2401, 2000), 92);
  EXPECT_EQ(expected_hundredths(2000, 2400), 8);
  EXPECT_EQ(expected_hundredths(2000, 2401), 8);
  EXPECT_EQ(expected_hundredths(1200, 2600), 8);
}

TEST(RatingTable812, FourHundredRuleAt2649And2650) {
  // 2649 is capped: D = 649 counts as 400. 2650 is not: D = 650 is in the row 620-735.
  EXPECT_EQ(expected_hundredths(2649, 2000), 92);
  EXPECT_EQ(expected_hundredths(2650, 2000), 99);
  EXPECT_EQ(expected_hundredths(2649, 1800), 92);
  EXPECT_EQ(expected_hundredths(2650, 1800), 100);  // D = 850
  // The issue's pair: the 1900 expects .08, the 2700 expects 1.00.
  EXPECT_EQ(expected_hundredths(1900, 2700), 8);
  EXPECT_EQ(expected_hundredths(2700, 1900), 100);
  // The rule is per player: the capped lower player and the uncapped higher player's
  // expectations need not add up to 1.
  EXPECT_EQ(expected_hundredths(2700, 2200) + expected_hundredths(2200, 2700), 96 + 8);
}

TEST(RatingChange, IssueSeedExample) {
  // 1600 against 1800, K = 20: PD 0.24. Win +15.2 -> +15, draw +5.2 -> +5, loss -4.8 -> -5.
  EXPECT_EQ(expected_hundredths(1600, 1800), 24);
  EXPECT_EQ(expected_hundredths(1800, 1600), 76);
  auto win = tournament::rating_change(1600, 20, {{1800, 1.0}});
  EXPECT_DOUBLE_EQ(win.exact, 15.2);
  EXPECT_EQ(win.rounded, 15);
  auto draw = tournament::rating_change(1600, 20, {{1800, 0.5}});
  EXPECT_DOUBLE_EQ(draw.exact, 5.2);
  EXPECT_EQ(draw.rounded, 5);
  auto loss = tournament::rating_change(1600, 20, {{1800, 0.0}});
  EXPECT_DOUBLE_EQ(loss.exact, -4.8);
  EXPECT_EQ(loss.rounded, -5);
  auto other = tournament::rating_change(1800, 20, {{1600, 0.0}});
  EXPECT_DOUBLE_EQ(other.exact, -15.2);
  EXPECT_EQ(other.rounded, -15);
}

TEST(RatingChange, ThreeDrawsAgainst2400WithK40) {
  // 3 x (0.5 - 0.08) x 40 = 50.4 -> +50 (the logistic formula gave +49).
  auto c = tournament::rating_change(2000, 40, {{2400, 0.5}, {2400, 0.5}, {2400, 0.5}});
  EXPECT_DOUBLE_EQ(c.expected, 0.24);
  EXPECT_DOUBLE_EQ(c.exact, 50.4);
  EXPECT_EQ(c.rounded, 50);
}

TEST(RatingChange, RoundingHalfAwayFromZero) {
  // B.02 8.3.4 (rapid and blitz 7.3.4): "0.5 is rounded away from zero".
  EXPECT_EQ(tournament::round_rating_change(7.5), 8);
  EXPECT_EQ(tournament::round_rating_change(-7.5), -8);
  EXPECT_EQ(tournament::round_rating_change(-7.49), -7);
  EXPECT_EQ(tournament::round_rating_change(-7.51), -8);
  EXPECT_EQ(tournament::round_rating_change(0.49), 0);
  EXPECT_EQ(tournament::round_rating_change_hundredths(750), 8);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-750), -8);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-751), -8);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-449), -4);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-450), -5);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-451), -5);
  EXPECT_EQ(tournament::round_rating_change_hundredths(-50), -1);
  // A 2000 with K 10 draws a 1961 (D 39: PD .55) and loses to an 1850 (D 150: PD .70):
  // -0.5 - 7.0 = -7.5 -> -8 (half up would give -7).
  EXPECT_EQ(tournament::rating_change(2000, 10, {{1961, 0.5}, {1850, 0.0}}).rounded, -8);
  EXPECT_EQ(tournament::round_rating_change_hundredths(0), 0);
  EXPECT_EQ(tournament::round_rating_change_hundredths(49), 0);
  EXPECT_EQ(tournament::round_rating_change_hundredths(50), 1);
  // Summed, then rounded once: K 10, two wins at PD .50: 5 + 5 = 10.
  EXPECT_EQ(tournament::rating_change(2000, 10, {{2000, 1.0}, {2000, 1.0}}).rounded, 10);
  // Three draws of +5.2 each sum to +15.6 -> +16 (rounding each would give +15).
  EXPECT_EQ(tournament::rating_change(1600, 20, {{1800, 0.5}, {1800, 0.5}, {1800, 0.5}}).rounded, 16);
}

TEST(RatingChange, KTimesGamesAtMost700) {
  // 8.3.3: K x n over 700 gives the largest K with K x n <= 700.
  EXPECT_EQ(tournament::k_for_games(20, 35), 20);
  EXPECT_EQ(tournament::k_for_games(20, 36), 19);  // 720 > 700: 19 x 36 = 684
  EXPECT_EQ(tournament::k_for_games(40, 18), 38);  // 720 > 700: 38 x 18 = 684
  EXPECT_EQ(tournament::k_for_games(40, 17), 40);  // 680
  EXPECT_EQ(tournament::k_for_games(10, 71), 9);
  EXPECT_EQ(tournament::k_for_games(20, 0), 20);
}

TEST(RatingChange, RapidBlitzKeepThe400CapFor2650) {
  // Rapid and Blitz Rating Regulations 7.3.1: the 400-point rule without the 2650 exception.
  using tournament::DifferenceRule;
  EXPECT_EQ(expected_hundredths(2700, 1900, DifferenceRule::Standard), 100);
  EXPECT_EQ(expected_hundredths(2700, 1900, DifferenceRule::RapidBlitz), 92);
  EXPECT_EQ(expected_hundredths(1900, 2700, DifferenceRule::RapidBlitz), 8);
  EXPECT_EQ(expected_hundredths(2650, 2000, DifferenceRule::RapidBlitz), 92);
  EXPECT_EQ(expected_hundredths(2649, 2000, DifferenceRule::RapidBlitz), 92);
  EXPECT_EQ(expected_hundredths(2300, 2000, DifferenceRule::RapidBlitz), 85);
  // 2700 beats 2200 with K 10 in rapid: .92, +0.8 -> +1 (standard: .96, +0.4 -> 0).
  EXPECT_EQ(tournament::rating_change(2700, 10, {{2200, 1.0}}, DifferenceRule::RapidBlitz).rounded, 1);
}

TEST(RatingChange, NoCapFrom2650InChanges) {
  // 2700 beats 2200 with K 10: D 500 -> .96, change +0.4 -> 0. Under the cap it would be .92.
  EXPECT_EQ(tournament::rating_change(2700, 10, {{2200, 1.0}}).rounded, 0);
  EXPECT_EQ(tournament::rating_change(2649, 10, {{2149, 1.0}}).rounded, 1);  // .92: +0.8
}

TEST(RatingTable811, DpValues) {
  EXPECT_EQ(tournament::dp_from_percent(100), 800);
  EXPECT_EQ(tournament::dp_from_percent(99), 677);
  EXPECT_EQ(tournament::dp_from_percent(90), 366);
  EXPECT_EQ(tournament::dp_from_percent(75), 193);
  EXPECT_EQ(tournament::dp_from_percent(67), 125);
  EXPECT_EQ(tournament::dp_from_percent(51), 7);
  EXPECT_EQ(tournament::dp_from_percent(50), 0);
  EXPECT_EQ(tournament::dp_from_percent(33), -125);
  EXPECT_EQ(tournament::dp_from_percent(0), -800);
  for (int p = 0; p <= 100; ++p) EXPECT_EQ(tournament::dp_from_percent(p), -tournament::dp_from_percent(100 - p)) << p;
}

TEST(Performance, ByTable811) {
  // 6 of 9 against opponents averaging 2500: p = 0.67 (rounded), dp = 125.
  std::vector<tournament::RatedGame> g;
  for (int i = 0; i < 6; ++i) g.push_back({2500, 1.0});
  for (int i = 0; i < 3; ++i) g.push_back({2500, 0.0});
  auto p = tournament::performance_rating(g);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->average_opponent, 2500);
  EXPECT_EQ(p->percent, 67);
  EXPECT_EQ(p->rating, 2625);
  // Average rounded half up: (2000 + 2001) / 2 = 2000.5 -> 2001.
  p = tournament::performance_rating({{2000, 0.5}, {2001, 0.5}});
  EXPECT_EQ(p->average_opponent, 2001);
  EXPECT_EQ(p->rating, 2001);
  EXPECT_FALSE(tournament::performance_rating({}));
  EXPECT_EQ(tournament::average_rating({2000, 2001}), 2001);
  EXPECT_FALSE(tournament::average_rating({}));
}

TEST(InitialRating, FiveGamesTwoHypotheticalDraws) {
  // 3 of 5 against 2000s: with two draws against 1800s, Ra = (5 x 2000 + 3600) / 7 =
  // 1942.86 -> 1943, p = 4 / 7 = 0.57 -> dp 50: 1993.
  std::vector<tournament::RatedGame> g = {{2000, 1}, {2000, 1}, {2000, 1}, {2000, 0}, {2000, 0}};
  auto r = tournament::initial_rating(g);
  EXPECT_EQ(r.status, tournament::InitialStatus::Rated);
  EXPECT_EQ(r.rating, 1993);
  EXPECT_FALSE(r.capped);
  g.pop_back();
  r = tournament::initial_rating(g);
  EXPECT_EQ(r.status, tournament::InitialStatus::NotEnoughGames);
  EXPECT_EQ(r.games, 4);
  EXPECT_FALSE(r.rating);
}

TEST(InitialRating, CapFloorAndZero) {
  std::vector<tournament::RatedGame> wins(5, {2400, 1.0});
  // Ra (12000 + 3600) / 7 = 2228.57 -> 2229, p 6/7 = .86 -> 309: 2538, capped at 2200.
  auto r = tournament::initial_rating(wins);
  EXPECT_EQ(r.rating, 2200);
  EXPECT_TRUE(r.capped);
  std::vector<tournament::RatedGame> weak = {{1400, 0.5}, {1400, 0}, {1400, 0}, {1400, 0}, {1400, 0}};
  // Ra (7000 + 3600) / 7 = 1514.29 -> 1514, p 1.5/7 = .21 -> -230: 1284, under 1400.
  r = tournament::initial_rating(weak);
  EXPECT_EQ(r.status, tournament::InitialStatus::BelowFloor);
  EXPECT_EQ(r.rating, 1284);
  std::vector<tournament::RatedGame> zero(6, {2000, 0.0});
  EXPECT_EQ(tournament::initial_rating(zero).status, tournament::InitialStatus::ZeroScore);
}

}  // namespace
}  // namespace chesstool
