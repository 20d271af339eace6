// SPDX-License-Identifier: MIT
// Tournament standings from decided games: scores, C.07 tie-breaks, ranks, and FIDE rating
// figures per rating list (standard, rapid, blitz), with the reason for each game not rated.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pgn/game_report.hpp"
#include "tournament/rating.hpp"
#include "tournament/tiebreak.hpp"
#include "tournament/time_control.hpp"

namespace chesstool::tournament {

// How a game that scores was not played over the board (C.07 16; Rating Regulations 5.1:
// never rated). NoMove: a result without a single move. OneSideMoved: only White moved
// (5.1 rates "any game where both players have made at least one move").
enum class Unplayed { No, NoMove, OneSideMoved, ForfeitTermination, ForfeitResult };

// One game that counts for the standings.
struct EventGame {
  std::string white, black;
  std::string white_fide_id, black_fide_id;  // empty when not given
  std::optional<int> white_elo, black_elo;   // nullopt for an unrated player
  int white_half_points = 0;                 // 2 white won, 1 draw, 0 black won
  int black_half_points = 0;                 // 2 - white's, or 0 for a double forfeit
  Unplayed unplayed = Unplayed::No;
  std::string result;                        // as recorded: "1-0", "+/-", ...
  std::string termination;                   // the Termination tag, may be empty
  TimeControlInfo time_control;              // from the TimeControl tag
  std::optional<int> round;                  // the Round tag's round number
  std::string date;                          // the Date tag, may be empty
  std::string site;
  std::string file;                          // where the game is, for listings
  std::string member;                        // the archive member holding it; empty for a plain file
  std::uint64_t index = 0, line = 0;
};

// Why a game does not count (never dropped silently: each is listed with its reason).
// Duplicate: the same game as one counted before it (the caller finds those: see
// cmd_report's collect); detail is where that game starts, FILE:LINE.
enum class ExclusionReason { Invalid, Unfinished, NoResult, NoPlayer, SamePlayer, Duplicate };

struct Exclusion {
  ExclusionReason reason = ExclusionReason::NoResult;
  std::string detail;  // the first error of an invalid game, the result found, ...
};

// The score of a result: {white, black} half points, or nullopt; `forfeit` tells whether it
// is one of the forfeits +/-, -/+ and -/-.
std::optional<std::pair<int, int>> result_points(std::string_view r, bool& forfeit);

// Decides whether a checked game counts: it must be valid (every move legal), have a
// decided result (1-0, 0-1, 1/2-1/2 in the Result tag, else the movetext marker; or a
// forfeit written +/-, -/+ or -/-), and two distinct named players. Fills `game` when
// it counts, else returns the reason. `assumed_tc` is the TimeControl used for games
// without one (nullptr: none).
std::optional<Exclusion> event_game_from(const pgn::GameReport& report, EventGame& game,
                                         const std::string* assumed_tc = nullptr);

// A rating tag value as a rating: a positive whole number, else nullopt (unrated: "",
// "0", "-", "?" ...).
std::optional<int> parse_elo(const std::string* value);
// A FideId tag value as an id: its digits without leading zeros, else "" (no FideId:
// "", "0", "-", "?", or anything but a whole number of up to 11 digits, the TRF field),
// so that placeholders never make two players one.
std::string fide_id(const std::string* value);

// Why a counted game is not rated, by the FIDE Rating Regulations (2024) and the Rapid
// and Blitz Rating Regulations (2024).
enum class NotRated {
  Rated, NoMove, Forfeit, UnknownClass, BelowMinimumTime, BothUnrated, OneSideMoved, FirstControlUnder30Moves,
  RatingGap600
};

// Standard 1.2: a move count in the first time control is at least 30 moves.
inline constexpr int kMinFirstControlMoves = 30;
// Rapid and blitz 1.1.2: a blitz game is rated with more than 3 minutes per player.
inline constexpr int kBlitzRatedAbove = 3;
// Rapid and blitz 7.3.1 (from 1 December 2024): a gap of 600 or more is not rated when a
// player is rated above 2600.
inline constexpr int kRapidBlitzMaxGap = 600;
inline constexpr int kRapidBlitzGapFromRating = 2600;

struct Rateability {
  NotRated why = NotRated::Rated;
  int minimum_minutes = 0;    // for BelowMinimumTime: what article 1.1 asks (or 3 for blitz)
  int rating_needing_it = 0;  // 2400 or 1800: the rating that sets the minimum, 0 for 60, -1 blitz
};
// With the players' ratings the game is rated with: their ratings in its list (see
// compute_standings), or alone the game's own tags.
Rateability rateability(const EventGame& g, std::optional<int> white_elo, std::optional<int> black_elo);
inline Rateability rateability(const EventGame& g) { return rateability(g, g.white_elo, g.black_elo); }
// "no_move", "forfeit", "unknown_time_control", "below_minimum_time", "both_unrated",
// "one_side_moved", "first_control_under_30_moves", "rating_gap_600".
const char* not_rated_code(NotRated n);

struct StandingsOptions {
  int k_default = kDefaultK;
  std::map<std::string, int> k_by_name;  // --k NAME=K: a name or a FideId
  std::vector<TieBreak> tiebreaks;        // empty: C.07's recommendation for the kind
  // --kind: the organiser's word, where the games mislead (a round robin with a game never
  // played nor recorded looks like a Swiss); none: told from the games.
  std::optional<EventKind> kind;
};

// One game from one player's side.
struct PlayedGame {
  std::size_t opponent = 0;  // index into Standings::players
  std::size_t game = 0;      // index into Standings::games
  int half_points = 0;       // 2, 1 or 0 for this player
  bool white = false;
  std::optional<int> own_elo, opponent_elo;
};

// A player's figures in one FIDE rating list (standard, rapid or blitz are separate).
struct ListFigures {
  TimeClass list = TimeClass::Standard;
  std::optional<int> rating;                  // first rating seen in this list's games
  int k = kDefaultK;
  int rateable_games = 0;                     // rateable games in this list
  std::optional<RatingChange> change;         // rated players
  std::optional<Performance> performance;     // without a rated opponent: none
  std::optional<InitialRating> initial;       // unrated players
};

struct PlayerStanding {
  std::string name;           // the most frequent spelling
  std::string key;            // identity: "id:..." or "name:..."
  std::string fide_id;        // may be empty
  std::optional<int> rating;  // first rating seen in the event's tags
  int rank = 0;               // 1-based; players equal on every criterion share it
  int games = 0, wins = 0, draws = 0, losses = 0;
  double points = 0;
  std::vector<std::optional<double>> tiebreaks;  // in Standings::tiebreaks order
  // Kept for the JSON contract: the DE, SB and BH values when in the list, else
  // direct_encounter nullopt and SB/BH computed all the same.
  std::optional<double> direct_encounter;
  double sonneborn_berger = 0;
  double buchholz = 0;
  int k = kDefaultK;  // --k or --k-default; once rated, the K of the player's only list
  bool k_given = false;       // --k named the player
  std::vector<ListFigures> lists;             // lists with a rateable game, in class order
  // The figures of the only list the player has rateable games in (nullopt when none or several).
  std::optional<RatingChange> rating_change;
  std::optional<Performance> performance;
  std::vector<PlayedGame> played;             // in input order
};

struct Standings {
  std::vector<PlayerStanding> players;  // sorted by rank; PlayedGame::opponent indexes this
  std::vector<EventGame> games;         // the counted games, in input order
  std::vector<Rateability> rateable;    // per game
  std::optional<int> average_rating;    // of the players with a rating, rounded half up
  int rated_players = 0;
  EventKind kind = EventKind::Swiss;
  bool kind_given = false;              // --kind said it (StandingsOptions::kind)
  bool default_tiebreaks = true;        // the list is C.07's recommendation
  std::vector<TieBreak> tiebreaks;
  int rounds = 0;                       // numbered rounds, else the most games of a player
  bool rounds_numbered = false;         // every game has a Round number
  std::vector<std::string> warnings;    // identity warnings
  std::vector<std::string> unmatched_k; // --k names that match no player
};

// Scores, tie-breaks, rating figures per list and ranks.
Standings compute_standings(std::vector<EventGame> games, const StandingsOptions& options);

// Player i's row of the crosstable: row[j] lists, in game order, the half points player i
// scored against player j (empty when they did not meet). A row at a time, and only when
// asked for: the whole table of an archive's thousands of players took gigabytes
// (20,000 players: 7 GB) whether it was printed or not.
std::vector<std::vector<int>> crosstable_row(const Standings& s, std::size_t i);

}  // namespace chesstool::tournament
