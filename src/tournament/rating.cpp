// SPDX-License-Identifier: MIT
// FIDE rating arithmetic: expected score, rating change, performance and initial rating.
#include "tournament/rating.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace chesstool::tournament {

namespace {

// FIDE Rating Regulations (1 March 2024) table 8.1.1: dp for p = 0.50 .. 1.00; the lower
// half is the negation (dp(1 - p) = -dp(p)).
constexpr std::array<int, 51> kDpUpperHalf = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

// Table 8.1.2: the highest D of each row and PD of the higher rated player (H) in
// hundredths; the lower rated player's PD is 100 - H. D over 735 gives 1.00.
struct PdRow {
  int max_d;
  int high;
};
constexpr std::array<PdRow, 50> kPdTable = {{
    {3, 50},   {10, 51},  {17, 52},  {25, 53},  {32, 54},  {39, 55},  {46, 56},  {53, 57},  {61, 58},  {68, 59},
    {76, 60},  {83, 61},  {91, 62},  {98, 63},  {106, 64}, {113, 65}, {121, 66}, {129, 67}, {137, 68}, {145, 69},
    {153, 70}, {162, 71}, {170, 72}, {179, 73}, {188, 74}, {197, 75}, {206, 76}, {215, 77}, {225, 78}, {235, 79},
    {245, 80}, {256, 81}, {267, 82}, {278, 83}, {290, 84}, {302, 85}, {315, 86}, {328, 87}, {344, 88}, {357, 89},
    {374, 90}, {391, 91}, {411, 92}, {432, 93}, {456, 94}, {484, 95}, {517, 96}, {559, 97}, {619, 98}, {735, 99},
}};

constexpr bool pd_table_ordered() {
  for (std::size_t i = 1; i < kPdTable.size(); ++i)
    if (kPdTable[i].max_d <= kPdTable[i - 1].max_d || kPdTable[i].high != kPdTable[i - 1].high + 1) return false;
  return kPdTable.front().high == 50 && kPdTable.back().high == 99;
}
static_assert(pd_table_ordered(), "table 8.1.2 rows must rise by one hundredth");

int high_pd(int d) {  // d >= 0
  for (const auto& row : kPdTable)
    if (d <= row.max_d) return row.high;
  return 100;
}

}  // namespace

int expected_hundredths(int own, int opponent, DifferenceRule rule) {
  int d = own - opponent;
  // Article 8.3.1: the 400-point rule, applied per player; on the standard list not for a
  // player of 2650+ (amended from 1 October 2025). Rapid and blitz 7.3.1: always.
  if (rule == DifferenceRule::RapidBlitz || own < kNoCapFromRating)
    d = std::clamp(d, -kRatingDifferenceCap, kRatingDifferenceCap);
  return d >= 0 ? high_pd(d) : 100 - high_pd(-d);
}

double expected_score(int own, int opponent, DifferenceRule rule) {
  return expected_hundredths(own, opponent, rule) / 100.0;
}

int k_for_games(int k, int games) {
  if (games <= 0 || k * games <= kMaxKTimesGames) return k;
  return kMaxKTimesGames / games;
}

int round_rating_change(double change) {
  // 8.3.4: 0.5 away from zero. The tiny bias keeps a sum meant to be exactly x.5 from
  // falling just short of it.
  const double m = std::floor(std::fabs(change) + 0.5 + 1e-9);
  return int(change < 0 ? -m : m);
}

int round_rating_change_hundredths(std::int64_t hundredths) {
  // 8.3.4: to the nearest whole number, 0.5 rounded away from zero.
  const std::int64_t m = ((hundredths < 0 ? -hundredths : hundredths) + 50) / 100;
  return int(hundredths < 0 ? -m : m);
}

std::int64_t round_half_up_ratio(std::int64_t numerator, std::int64_t denominator) {
  return (2 * numerator + denominator) / (2 * denominator);
}

RatingChange rating_change(int own, int k, const std::vector<RatedGame>& games, DifferenceRule rule) {
  RatingChange c;
  std::int64_t expected = 0, change = 0;  // hundredths
  for (const auto& g : games) {
    const int pd = expected_hundredths(own, g.opponent_rating, rule);
    const auto w = std::int64_t(std::lround(g.score * 100));
    ++c.games;
    c.score += g.score;
    expected += pd;
    change += k * (w - pd);
  }
  c.expected = double(expected) / 100;
  c.exact = double(change) / 100;
  c.rounded = round_rating_change_hundredths(change);
  return c;
}

int dp_from_percent(int percent) {
  percent = std::clamp(percent, 0, 100);
  return percent >= 50 ? kDpUpperHalf[std::size_t(percent - 50)] : -kDpUpperHalf[std::size_t(50 - percent)];
}

namespace {

// Ra and p over the games plus `extra_draws` draws against opponents rated `extra_rating`.
Performance performance_with(const std::vector<RatedGame>& games, int extra_draws, int extra_rating) {
  std::int64_t sum = std::int64_t(extra_draws) * extra_rating, half_points = extra_draws;
  for (const auto& g : games) {
    sum += g.opponent_rating;
    half_points += std::int64_t(std::lround(g.score * 2));
  }
  const auto n = std::int64_t(games.size()) + extra_draws;
  Performance p;
  p.games = int(games.size());
  p.average_opponent = int(round_half_up_ratio(sum, n));
  p.percent = int(round_half_up_ratio(half_points * 50, n));  // 100 x (half_points / 2) / n
  p.rating = p.average_opponent + dp_from_percent(p.percent);
  return p;
}

}  // namespace

std::optional<Performance> performance_rating(const std::vector<RatedGame>& games) {
  if (games.empty()) return std::nullopt;
  return performance_with(games, 0, 0);
}

InitialRating initial_rating(const std::vector<RatedGame>& games) {
  InitialRating r;
  r.games = int(games.size());
  if (r.games < kInitialMinGames) return r;
  double score = 0;
  for (const auto& g : games) score += g.score;
  if (score == 0) {
    r.status = InitialStatus::ZeroScore;
    return r;
  }
  const Performance p = performance_with(games, 2, kHypotheticalOpponent);
  int value = p.rating;
  if (value > kInitialRatingMax) {
    value = kInitialRatingMax;
    r.capped = true;
  }
  r.rating = value;
  r.status = value < kRatingFloor ? InitialStatus::BelowFloor : InitialStatus::Rated;
  return r;
}

std::optional<int> average_rating(const std::vector<int>& ratings) {
  if (ratings.empty()) return std::nullopt;
  std::int64_t sum = 0;
  for (int r : ratings) sum += r;
  return int(round_half_up_ratio(sum, std::int64_t(ratings.size())));
}

}  // namespace chesstool::tournament
