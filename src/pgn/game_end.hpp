// SPDX-License-Identifier: MIT
// Follows a game's mainline for the FIDE ends: automatic ends, draw claims, result checks.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/outcome.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::pgn {

// A result that cannot be true, with its stable code.
struct ResultProblem {
  std::string code;
  std::string message;
};

class GameEnd {
 public:
  // The start position of the mainline (it may already be dead or drawn).
  void start(const Position& pos);
  // The position reached by mainline ply `ply`. Inline, as it runs after every move: the
  // usual position (seen less than three times, reached by a reversible move, the clock
  // under 100 half-moves, no dead-position test pending) changes nothing but the history,
  // and the rest is decided in after_move_rest.
  void after_move(const Position& pos, int ply) {
    last_ply_ = ply;
    last_count_ = history_.push(pos);
    if (last_count_ < 3 && pos.halfmove_clock() != 0 && !is_fifty_moves(pos) && !recheck_dead_) return;
    after_move_rest(pos, ply);
  }
  // Whether the game already ended automatically (dead position, fivefold, 75 moves),
  // and why, in words ("fivefold repetition at ply 16").
  bool ended() const { return ended_.is_over(); }
  std::string ended_reason() const;
  // The first automatic end and the ply it happened at (0: the start position), for tools
  // that annotate the ply itself (annotate). None until one happened; checkmate and
  // stalemate are only known after finish().
  const Outcome& ended_outcome() const { return ended_; }
  int ended_ply() const { return ended_ply_; }
  // How many times the last position reached has occurred (FIDE 9.2: a claim at three).
  int repetitions() const { return last_count_; }
  // Fills outcome, claims and ended_at for the final mainline position.
  void finish(const Position& final_pos, GameReport& report);
  // Checks a recorded result ("1-0", ...) against how the game ended; the Termination tag
  // (or a final comment, note_text_after_last_move) tells wins on time, which FIDE 6.9
  // makes draws when the winner could not mate: "time-forfeit-draw" for bare material,
  // "win-on-time-unwinnable" for what rules/dead_position.hpp proves beyond it.
  std::optional<ResultProblem> contradiction(const std::string& result, const std::string* termination) const;
  // Whether the record says the game was lost on time: the Termination tag names time (as
  // lichess and most servers write it), or the text after the last move says so
  // (says_lost_on_time), read only when the tag does not.
  bool lost_on_time(const std::string* termination) const;
  // After finish(): false when it is proved that `side` could not checkmate by any series
  // of legal moves from the final position (FIDE 6.9): bare material, else the proofs of
  // rules/dead_position.hpp. True whenever nothing is proved.
  bool could_checkmate(Color side) const;
  // The game's text after its last mainline move (comments, the result), read by
  // contradiction() for a "forfeits on time" only when the Termination tag says nothing.
  // Must stay valid until then.
  void note_text_after_last_move(std::string_view text) { after_last_move_ = text; }

 private:
  void end_automatically(Termination termination, int ply, const Position& pos);
  // The dead-position test where pawns_all_blocked(pos) holds; sets recheck_dead_.
  void check_dead_position(const Position& pos, int ply);

  // after_move once the history has the position: claims, then the automatic ends.
  void after_move_rest(const Position& pos, int ply);

  RepetitionHistory history_;
  int last_count_ = 1;
  int last_ply_ = 0;
  std::optional<Claim> threefold_, fifty_;
  Outcome ended_;  // the first automatic end
  int ended_ply_ = 0;
  bool final_can_mate_[2] = {true, true};
  Position final_pos_;
  bool recheck_dead_ = false;  // the last dead-position test failed transiently
  std::string_view after_last_move_;
};

// The text of a game after its tag pairs (and the blanks, line ends and escape lines
// before and among them): for a game without moves, what follows its last move.
std::string_view text_after_tag_pairs(std::string_view text);

// True when a comment says a game was lost on time ("White forfeits on time", "lost on
// time", "time forfeit", "flag fell"; any letter case).
bool says_lost_on_time(std::string_view comment);

}  // namespace chesstool::pgn
