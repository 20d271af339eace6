// SPDX-License-Identifier: MIT
// What checking one game found: its tags, how far it replayed, its diagnostics and outcome.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/outcome.hpp"
#include "core/position.hpp"
#include "pgn/movetext_parser.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::pgn {

// One problem in one game. code is a stable kebab-case name that scripts may rely on
// (documented in chesstool(1)); ply is the half-move count from the game's start
// position (first move = ply 1; a move in a variation has the ply it would have in the
// game), 0 when the problem is not tied to a move.
struct Diagnostic {
  Severity severity = Severity::Error;
  std::string code;
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  int ply = 0;
  std::string token;    // the offending token as written, may be empty
  std::string message;  // lower-case, no trailing period
  std::string fen;      // position in which the token was read, may be empty
};

// The four results of PGN (spec 8.2.6), one table for the checks and the bash completion.
inline constexpr std::string_view kResults[] = {"1-0", "0-1", "1/2-1/2", "*"};
inline bool is_result(std::string_view s) {
  for (const std::string_view r : kResults)
    if (s == r) return true;
  return false;
}

struct GameReport {
  std::uint64_t index = 0;  // 1-based within its file
  std::uint64_t line = 0;   // line where the game starts
  std::uint32_t column = 1;  // column where the game starts
  std::uint64_t byte_offset = 0;
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, UTF-8
  bool valid = true;   // every move of the mainline and all variations legal, movetext parses
  int plies = 0;       // mainline half-moves replayed before the first error
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
  // How the final mainline position reached stands (JSON "status" and "winner").
  Outcome outcome;
  std::vector<Claim> claims;  // in ply order
  std::optional<int> ended_at;  // ply at which the game ended automatically, when moves followed
  // The final mainline position reached (as final_fen in JSON; kept as a position so
  // that runs without JSON never format it).
  std::optional<Position> final_position;
  std::string result_token;  // termination marker in the movetext, may be empty
  // Problems found beyond the kMaxListedProblems listed (pgn/replay.hpp): counted only.
  // When there are any, one too-many-problems diagnostic (an error when any of them is
  // one) stands for them in errors or warnings.
  std::uint64_t unlisted_errors = 0;
  std::uint64_t unlisted_warnings = 0;

  // Every problem found, listed or not; the too-many-problems diagnostic is not one.
  std::uint64_t error_count() const { return errors.size() + unlisted_errors - (unlisted_errors > 0 ? 1 : 0); }
  std::uint64_t warning_count() const {
    return warnings.size() + unlisted_warnings - (unlisted_errors == 0 && unlisted_warnings > 0 ? 1 : 0);
  }

  // The tag `name` as PGN output writes it (pgn/standard_tags.hpp: [result] is Result).
  const std::string* tag(std::string_view name) const { return tag_value_any_case(tags, name); }
  // The result the game records, as the PGN writer chooses it: the Result tag when that is
  // one of the four results, else the termination marker (empty when there is none).
  const std::string& recorded_result() const {
    const std::string* t = tag("Result");
    return t && is_result(*t) ? *t : result_token;
  }
};

}  // namespace chesstool::pgn
