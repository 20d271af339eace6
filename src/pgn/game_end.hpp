// SPDX-License-Identifier: MIT
// Follows a game's mainline for the FIDE ends: automatic ends, draw claims, result checks.
#pragma once

#include <optional>
#include <string>

#include "core/outcome.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::pgn {

// A result that cannot be true, with its stable code.
struct ResultProblem {
  std::string code;
  std::string message;
};

// How an automatic end is named in messages and in the Termination tag ("checkmate",
// "stalemate", "insufficient material", "fivefold repetition", "75-move rule").
const char* status_words(GameStatus s);

class GameEnd {
 public:
  // The start position of the mainline (it may already be dead or drawn).
  void start(const Position& pos);
  // The position reached by mainline ply `ply`.
  void after_move(const Position& pos, int ply);
  // Whether the game already ended automatically (dead position, fivefold, 75 moves),
  // and why, in words ("fivefold repetition at ply 16").
  bool ended() const { return ended_status_ != GameStatus::Ongoing; }
  std::string ended_reason() const;
  // The first automatic end and the ply it happened at (0: the start position), for tools
  // that annotate the ply itself (annotate). Ongoing until one happened; checkmate and
  // stalemate are only known after finish().
  GameStatus ended_status() const { return ended_status_; }
  int ended_ply() const { return ended_ply_; }
  // Fills status, winner, claims and ended_at for the final mainline position.
  void finish(const Position& final_pos, GameReport& report);
  // Checks a recorded result ("1-0", ...) against how the game ended; the Termination tag
  // tells wins on time (FIDE 6.9).
  std::optional<ResultProblem> contradiction(const std::string& result, const std::string* termination) const;

 private:
  void end_automatically(GameStatus status, int ply, const Position& pos);

  RepetitionHistory history_;
  int last_count_ = 1;
  int last_ply_ = 0;
  std::optional<int> threefold_ply_, fifty_ply_;
  GameStatus ended_status_ = GameStatus::Ongoing;  // first automatic end
  int ended_ply_ = 0;
  std::optional<int> ended_winner_;
  GameStatus final_status_ = GameStatus::Ongoing;
  std::optional<int> final_winner_;
  bool final_can_mate_[2] = {true, true};
};

}  // namespace chesstool::pgn
