// SPDX-License-Identifier: MIT
// The embedded commands of PGN comments as data (not yet wired into JSON output): [%clk], [%emt], [%eval], [%cal], [%csl]
// (lichess, ChessBase and study tools write them; PGN spec 8.2.5 leaves comments free).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chesstool::pgn {

struct Eval {
  std::optional<int> cp;    // centipawns from White's view
  std::optional<int> mate;  // moves to mate, negative when Black mates
  std::optional<int> depth;
};
struct Arrow {
  char color = 'G';
  std::string from, to;
};
struct Highlight {
  char color = 'G';
  std::string square;
};

struct CommentData {
  std::optional<double> clock;  // [%clk H:MM:SS(.f)]: seconds left
  std::optional<double> emt;    // [%emt H:MM:SS(.f)]: seconds the move took
  std::optional<Eval> eval;     // [%eval 0.17], [%eval #-4], [%eval 0.17,23]
  std::vector<Arrow> arrows;    // [%cal Ge2e4,Rd1d8]
  std::vector<Highlight> highlights;  // [%csl Gd4]
  std::string text;             // the comment without the commands understood, whitespace
                                // runs as one space (unchanged when there were none)
  bool has_commands() const {
    return clock || emt || eval || !arrows.empty() || !highlights.empty();
  }
};

// Splits comment into the commands understood and the rest. A command that is not
// well formed ([%clk 5:xx]) or not known ([%evp ...]) stays in text as it was.
CommentData parse_comment_commands(std::string_view comment);

}  // namespace chesstool::pgn
