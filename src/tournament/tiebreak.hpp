// SPDX-License-Identifier: MIT
// FIDE Tie-Break Regulations (handbook C.07): the tie-breaks by their C.07 codes, the
// default lists, and ranking players level on points.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chesstool::tournament {

// C.07 codes: DE (article 6), WIN, WON, BPG, BWG, PS (7.1-7.5), BH and its Cut-1 and
// Median-1 (8.1, modifiers 14.1 and 14.3), SB, KS (9.1, 9.2), ARO, AROC-1 (C.07 writes
// ARO-C1, accepted too), TPR (10.1, 10.2).
enum class TieBreak { DE, WIN, WON, BPG, BWG, PS, BH, BH_C1, BH_M1, SB, KS, ARO, AROC1, TPR };

// "DE", "BH-C1", "AROC-1": the code as C.07 writes it.
const char* tiebreak_code(TieBreak t);
// A code, case-insensitive; "BH/C1" and "ARO-C1" are accepted too. nullopt if unknown.
std::optional<TieBreak> parse_tiebreak(std::string_view code);
// A comma-separated list ("DE,WIN,SB"); false with a message naming the bad entry.
bool parse_tiebreak_list(std::string_view list, std::vector<TieBreak>& out, std::string& error);
// Every code, in the order above: for messages and the manual.
std::string all_tiebreak_codes();

// Round robin when every pair of players has a game scheduled, else Swiss.
enum class EventKind { RoundRobin, Swiss };
const char* event_kind_name(EventKind k);  // "round robin", "swiss"
// chesstool's default list for individual events of the kind (C.07 4.1 leaves the list
// to the Chief Organiser and gives no default).
std::vector<TieBreak> default_tiebreaks(EventKind kind);

// One game from one player's side, as the tie-breaks see it.
struct TbGame {
  std::size_t opponent = 0;
  int half_points = 0;   // 2, 1, 0 for this player
  bool white = false;
  bool played = true;    // false for a forfeit or a game without a move each (C.07 15.1)
  int round = 0;         // 1-based round (Round tag, else the player's game order)
  std::optional<int> opponent_rating;
};

struct TbPlayer {
  std::string name;  // for the final order of players level on everything
  int half_points = 0;
  std::vector<TbGame> games;
};

struct TbRanking {
  // values[p][t]: player p's value of tie-break t (nullopt: not applicable, as DE for a
  // player nobody was level with when DE was applied, or ARO without rated opponents).
  std::vector<std::vector<std::optional<double>>> values;
  std::vector<std::size_t> order;  // players in final order
  std::vector<int> rank;           // rank[p], 1-based, shared when level on everything
};

// The value of one tie-break for every player (DE, which depends on the group, gives
// nullopt here: rank_players() computes it).
// Unplayed games and rounds: a round robin treats forfeits as regular games (C.07 15.2); a
// Swiss manages unplayed rounds by article 16 (adjusted scores, the dummy opponent, the
// Cut-1 exception for voluntary unplayed rounds).
std::vector<std::optional<double>> tiebreak_values(const std::vector<TbPlayer>& players, TieBreak t, int rounds,
                                                   EventKind kind = EventKind::Swiss);

// Points first, then each tie-break in turn among the players still level (C.07 4.2).
// Players level after the last tie-break share the rank (C.07 would draw lots) and are
// listed by name. `rounds` is the number of rounds (for unplayed rounds and KS).
TbRanking rank_players(const std::vector<TbPlayer>& players, const std::vector<TieBreak>& list, int rounds,
                       EventKind kind = EventKind::Swiss);

}  // namespace chesstool::tournament
