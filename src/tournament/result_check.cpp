// SPDX-License-Identifier: MIT
// The result problems among a game's diagnostics.
#include "tournament/result_check.hpp"

#include <algorithm>
#include <iterator>

#include "output/game_output.hpp"

namespace chesstool::tournament {

namespace {

// The codes of pgn/replay.cpp's result_problem calls, each with the rule it applies. Other
// warnings (clock-inconsistent, nag-without-move, ...) say nothing about who won.
constexpr std::string_view kResultProblemCodes[] = {
    // The game ended on the board (FIDE Laws 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead
    // position, 9.6 fivefold repetition and 75 moves) with another result than recorded.
    "result-contradicts-position",
    // Moves were recorded after such an end: the game ended there (the same Laws).
    "moves-after-game-end",
    // FIDE 6.9: a win on time by a player who could not checkmate by any series of legal
    // moves is a draw; bare material, then the proofs beyond it.
    "time-forfeit-draw",
    "win-on-time-unwinnable",
    // PGN standard 8.2.6: the termination marker must match the Result tag.
    "result-mismatch",
    // PGN standard 8.1.1.7: the Result tag, of the Seven Tag Roster, is missing or not one of
    // the four results, so the game counted by its termination marker alone (a forfeit
    // written +/-, -/+ or -/- in the tag counts as written: result_problems leaves it).
    "missing-result-tag",
    "malformed-result-tag",
};

}  // namespace

bool is_result_problem(std::string_view code) {
  return std::find(std::begin(kResultProblemCodes), std::end(kResultProblemCodes), code) != std::end(kResultProblemCodes);
}

std::vector<const pgn::Diagnostic*> result_problems(const pgn::GameReport& report, const std::string& counted) {
  const std::string* tag = report.tag("Result");
  const bool tag_counted = tag && *tag == counted;
  std::vector<const pgn::Diagnostic*> found;
  for (const pgn::Diagnostic* d : output::in_source_order(report, true))
    if (is_result_problem(d->code) && !(tag_counted && d->code == "malformed-result-tag")) found.push_back(d);
  return found;
}

ResultWarning result_warning(const EventGame& game, const pgn::Diagnostic& problem, std::uint64_t ordinal) {
  return {game.file,  game.member,  game.index,     game.line,    game.white,     game.black,
          game.result, problem.code, problem.message, problem.line, problem.column, ordinal};
}

}  // namespace chesstool::tournament
