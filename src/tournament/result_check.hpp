// SPDX-License-Identifier: MIT
// Which of the replay's diagnostics say that a game's recorded result may be wrong: report
// scores a game by its recorded result and lists these for the arbiter to check.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/game_report.hpp"
#include "tournament/standings.hpp"

namespace chesstool::tournament {

// Whether a diagnostic code is one of the result problems (the table in result_check.cpp).
bool is_result_problem(std::string_view code);

// The result problems of a game counted with the result `counted` (EventGame::result),
// errors and warnings alike, in source order: the replay's (a Result tag that is no PGN
// result but was counted as written, a forfeit such as +/-, is none of them), and
// forfeit-contradicted, which only report gives as the replay knows no forfeits: a forfeit
// counted in a game whose final position or termination marker gives other points.
std::vector<pgn::Diagnostic> result_problems(const pgn::GameReport& report, const std::string& counted);

// A counted game's result problem: the game still counts with the result recorded, and is
// listed so that the arbiter checks it.
struct ResultWarning {
  std::string file;
  std::string member;  // the archive member holding the game ("" for a plain file)
  std::uint64_t index = 0, line = 0;
  std::string white, black, result;  // result: as counted
  std::string code, message;         // the diagnostic's, as validate gives them
  std::uint64_t problem_line = 0;    // where the diagnostic points
  std::uint32_t problem_column = 0;
  // The game's place among the counted games: a game's warnings share it, and two games
  // may share file, member and number (a file named twice, a tar member appended again).
  std::uint64_t ordinal = 0;
};

// The warning of a counted game (file, member and place filled) about one result problem;
// `ordinal` as ResultWarning's.
ResultWarning result_warning(const EventGame& game, const pgn::Diagnostic& problem, std::uint64_t ordinal);

}  // namespace chesstool::tournament
