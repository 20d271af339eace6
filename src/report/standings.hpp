// SPDX-License-Identifier: MIT
// Tournament standings from decided games: scores, FIDE tie-breaks, ranks, rating changes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pgn/game_report.hpp"
#include "report/rating.hpp"

namespace chesstool::report {

// One game that counts for the standings.
struct EventGame {
  std::string white, black;
  std::string white_fide_id, black_fide_id;  // empty when not given
  std::optional<int> white_elo, black_elo;   // nullopt for an unrated player
  int white_half_points = 0;                 // 2 white won, 1 draw, 0 black won
};

// Why a game does not count (never dropped silently: each is listed with its reason).
enum class ExclusionReason { Invalid, Unfinished, NoResult, NoPlayer, SamePlayer };

struct Exclusion {
  ExclusionReason reason = ExclusionReason::NoResult;
  std::string detail;  // the first error of an invalid game, the result found, ...
};

// Decides whether a checked game counts: it must be valid (every move legal), have a
// decided result (1-0, 0-1, 1/2-1/2 in the Result tag, else the movetext marker), and
// two distinct named players. Fills `game` when it counts, else returns the reason.
std::optional<Exclusion> event_game_from(const pgn::GameReport& report, EventGame& game);

// A rating tag value as a rating: a positive whole number, else nullopt (unrated: "",
// "0", "-", "?" ...).
std::optional<int> parse_elo(const std::string* value);

struct StandingsOptions {
  int k_default = kDefaultK;
  std::map<std::string, int> k_by_name;  // --k NAME=K
};

// One game from one player's side.
struct PlayedGame {
  std::size_t opponent = 0;  // index into Standings::players
  int half_points = 0;       // 2, 1 or 0 for this player
  bool white = false;
  std::optional<int> own_elo, opponent_elo;
};

struct PlayerStanding {
  std::string name;
  std::string fide_id;        // first one seen, may be empty
  std::optional<int> rating;  // first rating seen in the event's tags
  int rank = 0;               // 1-based; players equal on every criterion share it
  int games = 0, wins = 0, draws = 0, losses = 0;
  double points = 0;
  // FIDE Tie-Break Regulations (C.07, 2023): direct encounter (6), number of wins (7.1),
  // Sonneborn-Berger (9.1), Buchholz (8.1). direct_encounter is set only for a group of
  // players level on points who have all met each other.
  std::optional<double> direct_encounter;
  double sonneborn_berger = 0;
  double buchholz = 0;
  int k = kDefaultK;
  std::optional<RatingChange> rating_change;  // nullopt for an unrated player
  std::optional<Performance> performance;     // nullopt without a rated opponent
  std::vector<PlayedGame> played;             // in input order
};

struct Standings {
  std::vector<PlayerStanding> players;  // sorted by rank; PlayedGame::opponent indexes this
  std::optional<int> average_rating;    // of the players with a rating, rounded half up
  int rated_players = 0;
};

// Scores, tie-breaks and rating figures. Order: points, direct encounter, wins,
// Sonneborn-Berger, Buchholz (C.07 13 recommends DE, wins, SB for round-robins); players
// level on all share a rank and are listed by name.
Standings compute_standings(const std::vector<EventGame>& games, const StandingsOptions& options);

// Points of `player` against each opponent in game order: crosstable[i][j] lists the half
// points player i scored against player j (empty when they did not meet).
std::vector<std::vector<std::vector<int>>> crosstable(const Standings& s);

}  // namespace chesstool::report
