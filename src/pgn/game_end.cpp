// SPDX-License-Identifier: MIT
// Adjudication of a mainline by the FIDE Laws (articles 5, 6.9 and 9).
#include "pgn/game_end.hpp"

#include <algorithm>
#include <cctype>

#include "core/movegen.hpp"

namespace chesstool::pgn {

namespace {

// How one position stands, in the documented order: checkmate, stalemate, insufficient
// material, fivefold repetition, 75-move rule.
Outcome outcome_of(const Position& pos, int repetitions) {
  Outcome o;
  if (count_legal(pos) == 0) {
    o.termination = pos.is_check() ? Termination::Checkmate : Termination::Stalemate;
    if (pos.is_check()) o.winner = ~pos.side_to_move();
  } else if (is_insufficient_material(pos)) {
    o.termination = Termination::InsufficientMaterial;
  } else if (repetitions >= 5) {
    o.termination = Termination::FivefoldRepetition;
  } else if (is_seventyfive_moves(pos)) {
    o.termination = Termination::SeventyFiveMoves;
  }
  return o;
}

}  // namespace

void GameEnd::start(const Position& pos) {
  last_count_ = history_.push(pos);
  last_ply_ = 0;
  if (is_insufficient_material(pos)) end_automatically(Termination::InsufficientMaterial, 0, pos);
}

void GameEnd::end_automatically(Termination termination, int ply, const Position& pos) {
  if (ended()) return;
  ended_.termination = termination;
  if (termination == Termination::Checkmate) ended_.winner = ~pos.side_to_move();
  ended_ply_ = ply;
}

void GameEnd::after_move(const Position& pos, int ply) {
  last_ply_ = ply;
  last_count_ = history_.push(pos);
  if (last_count_ >= 3 && !threefold_) threefold_ = Claim{ClaimKind::ThreefoldRepetition, ply, pos.side_to_move()};
  if (is_fifty_moves(pos) && !fifty_) fifty_ = Claim{ClaimKind::FiftyMoves, ply, pos.side_to_move()};
  if (ended()) return;
  // Mate and stalemate are found when a move fails or at the end: a following legal move
  // proves there was one. The automatic draws are checked here, cheapest test first.
  if (pos.halfmove_clock() == 0 && is_insufficient_material(pos)) {
    end_automatically(Termination::InsufficientMaterial, ply, pos);
  } else if (last_count_ >= 5) {
    end_automatically(is_checkmate(pos) ? Termination::Checkmate : Termination::FivefoldRepetition, ply, pos);
  } else if (is_seventyfive_moves(pos)) {
    // FIDE 9.6.2: unless the last move checkmated, which stands.
    end_automatically(is_checkmate(pos) ? Termination::Checkmate : Termination::SeventyFiveMoves, ply, pos);
  }
}

std::string GameEnd::ended_reason() const {
  return std::string(names_of(ended_.termination).words) + " at ply " + std::to_string(ended_ply_);
}

void GameEnd::finish(const Position& final_pos, GameReport& report) {
  const Outcome final_outcome = outcome_of(final_pos, last_count_);
  // The final position is where mate and stalemate end a game that did not end before.
  if (final_outcome.termination == Termination::Checkmate || final_outcome.termination == Termination::Stalemate)
    end_automatically(final_outcome.termination, last_ply_, final_pos);
  for (Color c : {White, Black}) final_can_mate_[c] = can_checkmate_at_all(final_pos, c);

  report.outcome = final_outcome;
  report.claims.clear();
  if (threefold_) report.claims.push_back(*threefold_);
  if (fifty_) report.claims.push_back(*fifty_);
  std::sort(report.claims.begin(), report.claims.end(), [](const Claim& a, const Claim& b) { return a.ply < b.ply; });
  if (ended() && ended_ply_ < last_ply_) report.ended_at = ended_ply_;
}

std::optional<ResultProblem> GameEnd::contradiction(const std::string& result, const std::string* termination) const {
  if (ended()) {
    const std::string expected(ended_.result());
    if (!result.empty() && result != expected)
      return ResultProblem{"result-contradicts-position",
                           "result '" + result + "' but the game ended by " + ended_reason() + ": expected '" + expected + "'"};
    return std::nullopt;
  }
  if (termination && (result == "1-0" || result == "0-1")) {
    std::string t = *termination;
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    Color winner = result == "1-0" ? White : Black;
    if (t.find("time") != std::string::npos && !final_can_mate_[winner])
      return ResultProblem{"time-forfeit-draw",
                           std::string("win on time for ") + (winner == White ? "white" : "black") +
                               ", who could not checkmate by any series of legal moves (FIDE 6.9): expected '1/2-1/2'"};
  }
  return std::nullopt;
}

}  // namespace chesstool::pgn
