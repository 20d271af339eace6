// SPDX-License-Identifier: MIT
// FIDE rating arithmetic: expected score (table 8.1.2), rating change, performance rating
// (table 8.1.1), initial rating of an unrated player, average rating.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chesstool::tournament {

// FIDE Rating Regulations in force since 1 March 2024 (handbook B.02), as amended from
// 1 October 2025, article 8.3.1: a rating difference over 400 counts as 400, except for
// a player rated 2650 or more, who uses the real difference. The Rapid and Blitz Rating
// Regulations (1 March 2024) 7.3.1 keep the plain 400-point rule, with no exception.
inline constexpr int kRatingDifferenceCap = 400;
inline constexpr int kNoCapFromRating = 2650;
// K is 40, 20 or 10 (8.3.3, the same in the rapid and blitz regulations, 7.3.3); the PGN
// cannot tell age or games played.
inline constexpr int kDefaultK = 20;
// 8.3.3: "K = 10 once a player's published rating has reached 2400": a rating of 2400 or
// more has reached it.
inline constexpr int kTopK = 10;
inline constexpr int kTopKFromRating = 2400;
// 8.3.3 (rapid and blitz 7.3.3): when the number of games n of a rating period times K
// exceeds 700, K is the largest whole number with K x n not over 700.
inline constexpr int kMaxKTimesGames = 700;
int k_for_games(int k, int games);

// Which 400-point rule applies: the standard list's (8.3.1, with the 2650 exception) or
// the rapid and blitz lists' (7.3.1, without it).
enum class DifferenceRule { Standard, RapidBlitz };

// Expected score PD in hundredths (0..100) of a player rated `own` against `opponent`,
// read from table 8.1.2 with D = own - opponent, |D| counted as at most 400 (for the
// standard list only when own is under 2650). The higher rated player reads column H,
// the lower 1 - H.
int expected_hundredths(int own, int opponent, DifferenceRule rule = DifferenceRule::Standard);
// The same as a fraction (0.24 for 24).
double expected_score(int own, int opponent, DifferenceRule rule = DifferenceRule::Standard);

// FIDE rounding of a rating change (8.3.4, rapid and blitz 7.3.4): to the nearest whole
// number, 0.5 rounded away from zero (so +7.5 -> +8, -7.5 -> -8).
int round_rating_change(double change);
// The same for a change given exactly in hundredths of a point (1520 -> 15).
int round_rating_change_hundredths(std::int64_t hundredths);

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
  double expected = 0;   // sum of the expected scores PD
  double exact = 0;      // sum of K x (score - PD) per game
  int rounded = 0;       // exact rounded as FIDE does
};

// Rating change of a player rated `own` with coefficient k over the event's games against
// rated opponents (section 8.3): sum of K x (W - PD) per game, rounded once at the end.
// Computed in hundredths of a point, so the rounding never meets a binary fraction.
RatingChange rating_change(int own, int k, const std::vector<RatedGame>& games,
                           DifferenceRule rule = DifferenceRule::Standard);

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

// Initial rating of an unrated player (Rating Regulations 2024, section 7.1): at least
// five games against rated opponents; Ru = Ra + dp(p) where Ra and p count, besides the
// real games, two hypothetical opponents rated 1800 with whom the player drew; a score
// of zero is disregarded; Ru is at most 2200 and not published under the 1400 floor.
inline constexpr int kInitialMinGames = 5;
inline constexpr int kHypotheticalOpponent = 1800;
inline constexpr int kInitialRatingMax = 2200;
inline constexpr int kRatingFloor = 1400;

enum class InitialStatus { Rated, NotEnoughGames, ZeroScore, BelowFloor };

struct InitialRating {
  InitialStatus status = InitialStatus::NotEnoughGames;
  int games = 0;              // games against rated opponents
  std::optional<int> rating;  // set when status is Rated (or BelowFloor: the value found)
  bool capped = false;        // Ra + dp was over 2200
};

InitialRating initial_rating(const std::vector<RatedGame>& games);

// Mean of the ratings, rounded half up; nullopt for an empty list.
std::optional<int> average_rating(const std::vector<int>& ratings);

}  // namespace chesstool::tournament
