// SPDX-License-Identifier: MIT
// FIDE rating arithmetic: expected score, rating change, performance rating, average rating.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace chesstool::report {

// FIDE Rating Regulations in force since 1 March 2024 (handbook B.02), section 8.
// A rating difference over 400 counts as 400, except for a player rated 2650 or more.
inline constexpr int kRatingDifferenceCap = 400;
inline constexpr int kNoCapFromRating = 2650;
// K is 40, 20 or 10 by the regulations; the PGN cannot tell age or games played.
inline constexpr int kDefaultK = 20;
inline bool is_fide_k(int k) { return k == 10 || k == 20 || k == 40; }

// Expected score of a player rated `own` against `opponent`: 1 / (1 + 10^(-D/400)) with
// D = own - opponent, |D| counted as at most 400 when own < 2650. The exact formula,
// not the two-decimal table 8.1.2 (which rounds it): results differ by at most 0.005 a game.
double expected_score(int own, int opponent);

// FIDE rounding of a rating change: to the nearest whole number, 0.5 rounded up whether
// the change is positive or negative (so +7.5 -> +8, -7.5 -> -7).
int round_rating_change(double change);

// Half up for non-negative integer ratios: average ratings, p in hundredths (FIDE rounds
// the average and the percentage score this way).
std::int64_t round_half_up_ratio(std::int64_t numerator, std::int64_t denominator);

// One game against a rated opponent: score is 1, 0.5 or 0 for the player.
struct RatedGame {
  int opponent_rating = 0;
  double score = 0;
};

struct RatingChange {
  int games = 0;         // games against rated opponents (the others are ignored)
  double score = 0;      // points in them
  double expected = 0;   // sum of the expected scores
  double exact = 0;      // sum of K x (score - expected) per game
  int rounded = 0;       // exact rounded as FIDE does
};

// Rating change of a player rated `own` with coefficient k over the event's games against
// rated opponents: sum of K x (W - We) per game, rounded once at the end.
RatingChange rating_change(int own, int k, const std::vector<RatedGame>& games);

// dp for a percentage score p given in hundredths 0..100 (FIDE table 8.1.1).
int dp_from_percent(int percent);

struct Performance {
  int games = 0;
  int average_opponent = 0;  // Ra, rounded half up
  int percent = 0;           // p in hundredths, rounded half up
  int rating = 0;            // Ra + dp(p)
};

// Performance rating over the games against rated opponents, by the FIDE table method
// Rp = Ra + dp(p); nullopt without any rated opponent.
std::optional<Performance> performance_rating(const std::vector<RatedGame>& games);

// Mean of the ratings, rounded half up; nullopt for an empty list.
std::optional<int> average_rating(const std::vector<int>& ratings);

}  // namespace chesstool::report
