// SPDX-License-Identifier: MIT
// FIDE rating arithmetic: expected score, rating change, performance rating, average rating.
#include "report/rating.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace chesstool::report {

namespace {

// FIDE Rating Regulations (1 March 2024) table 8.1.1: dp for p = 0.50 .. 1.00; the lower
// half is the negation (dp(1 - p) = -dp(p)).
constexpr std::array<int, 51> kDpUpperHalf = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

}  // namespace

double expected_score(int own, int opponent) {
  int d = own - opponent;
  // Rating regulations section 8: the 400-point rule, not applied to players of 2650+.
  if (own < kNoCapFromRating) d = std::clamp(d, -kRatingDifferenceCap, kRatingDifferenceCap);
  return 1.0 / (1.0 + std::pow(10.0, -double(d) / 400.0));
}

int round_rating_change(double change) {
  // The tiny bias keeps a sum meant to be exactly x.5 from falling just below it.
  return int(std::floor(change + 0.5 + 1e-9));
}

std::int64_t round_half_up_ratio(std::int64_t numerator, std::int64_t denominator) {
  return (2 * numerator + denominator) / (2 * denominator);
}

RatingChange rating_change(int own, int k, const std::vector<RatedGame>& games) {
  RatingChange c;
  for (const auto& g : games) {
    const double we = expected_score(own, g.opponent_rating);
    ++c.games;
    c.score += g.score;
    c.expected += we;
    c.exact += k * (g.score - we);
  }
  c.rounded = round_rating_change(c.exact);
  return c;
}

int dp_from_percent(int percent) {
  percent = std::clamp(percent, 0, 100);
  return percent >= 50 ? kDpUpperHalf[std::size_t(percent - 50)] : -kDpUpperHalf[std::size_t(50 - percent)];
}

std::optional<Performance> performance_rating(const std::vector<RatedGame>& games) {
  if (games.empty()) return std::nullopt;
  std::int64_t sum = 0, half_points = 0;
  for (const auto& g : games) {
    sum += g.opponent_rating;
    half_points += std::int64_t(std::lround(g.score * 2));
  }
  const auto n = std::int64_t(games.size());
  Performance p;
  p.games = int(n);
  p.average_opponent = int(round_half_up_ratio(sum, n));
  p.percent = int(round_half_up_ratio(half_points * 50, n));  // 100 x (half_points / 2) / n
  p.rating = p.average_opponent + dp_from_percent(p.percent);
  return p;
}

std::optional<int> average_rating(const std::vector<int>& ratings) {
  if (ratings.empty()) return std::nullopt;
  std::int64_t sum = 0;
  for (int r : ratings) sum += r;
  return int(round_half_up_ratio(sum, std::int64_t(ratings.size())));
}

}  // namespace chesstool::report
