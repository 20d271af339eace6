// SPDX-License-Identifier: MIT
// Adjudication of a mainline by the FIDE Laws (articles 5, 6.9 and 9).
#include "pgn/game_end.hpp"

#include <algorithm>
#include <cctype>

#include "core/movegen.hpp"

namespace chesstool::pgn {

namespace {

// Status of one position in the documented order: checkmate, stalemate, insufficient
// material, fivefold repetition, 75-move rule.
GameStatus status_of(const Position& pos, int repetitions) {
  if (count_legal(pos) == 0) return pos.is_check() ? GameStatus::Checkmate : GameStatus::Stalemate;
  if (is_insufficient_material(pos)) return GameStatus::InsufficientMaterial;
  if (repetitions >= 5) return GameStatus::FivefoldRepetition;
  if (is_seventyfive_moves(pos)) return GameStatus::SeventyFiveMoves;
  return GameStatus::Ongoing;
}

}  // namespace

const char* status_words(GameStatus s) {
  switch (s) {
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::InsufficientMaterial: return "insufficient material";
    case GameStatus::FivefoldRepetition: return "fivefold repetition";
    case GameStatus::SeventyFiveMoves: return "75-move rule";
    case GameStatus::Ongoing: break;
  }
  return "ongoing";
}

void GameEnd::start(const Position& pos) {
  last_count_ = history_.push(pos);
  last_ply_ = 0;
  if (is_insufficient_material(pos)) end_automatically(GameStatus::InsufficientMaterial, 0, pos);
}

void GameEnd::end_automatically(GameStatus status, int ply, const Position& pos) {
  if (ended()) return;
  ended_status_ = status;
  ended_ply_ = ply;
  if (status == GameStatus::Checkmate) ended_winner_ = int(~pos.side_to_move());
}

void GameEnd::after_move(const Position& pos, int ply) {
  last_ply_ = ply;
  last_count_ = history_.push(pos);
  if (last_count_ >= 3 && !threefold_ply_) threefold_ply_ = ply;
  if (can_claim_fifty_moves(pos) && !fifty_ply_) fifty_ply_ = ply;
  if (ended()) return;
  // Mate and stalemate are found when a move fails or at the end: a following legal move
  // proves there was one. The automatic draws are checked here, cheapest test first.
  if (pos.halfmove_clock() == 0 && is_insufficient_material(pos)) {
    end_automatically(GameStatus::InsufficientMaterial, ply, pos);
  } else if (last_count_ >= 5) {
    end_automatically(is_checkmate(pos) ? GameStatus::Checkmate : GameStatus::FivefoldRepetition, ply, pos);
  } else if (is_seventyfive_moves(pos)) {
    // FIDE 9.6.2: unless the last move checkmated, which stands.
    end_automatically(is_checkmate(pos) ? GameStatus::Checkmate : GameStatus::SeventyFiveMoves, ply, pos);
  }
}

std::string GameEnd::ended_reason() const {
  return std::string(status_words(ended_status_)) + " at ply " + std::to_string(ended_ply_);
}

void GameEnd::finish(const Position& final_pos, GameReport& report) {
  final_status_ = status_of(final_pos, last_count_);
  if (final_status_ == GameStatus::Checkmate) final_winner_ = int(~final_pos.side_to_move());
  // The final position is where mate and stalemate end a game that did not end before.
  if (final_status_ == GameStatus::Checkmate || final_status_ == GameStatus::Stalemate)
    end_automatically(final_status_, last_ply_, final_pos);
  for (Color c : {White, Black}) final_can_mate_[c] = can_checkmate_at_all(final_pos, c);

  report.status = final_status_;
  report.winner = final_winner_;
  report.claims.clear();
  if (threefold_ply_) report.claims.push_back({"threefold_repetition", *threefold_ply_});
  if (fifty_ply_) report.claims.push_back({"fifty_moves", *fifty_ply_});
  std::sort(report.claims.begin(), report.claims.end(), [](const DrawClaim& a, const DrawClaim& b) { return a.ply < b.ply; });
  if (ended() && ended_ply_ < last_ply_) report.ended_at = ended_ply_;
}

std::optional<ResultProblem> GameEnd::contradiction(const std::string& result, const std::string* termination) const {
  if (ended()) {
    std::string expected = ended_status_ == GameStatus::Checkmate ? (ended_winner_ == 0 ? "1-0" : "0-1") : "1/2-1/2";
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
