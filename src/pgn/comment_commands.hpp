// SPDX-License-Identifier: MIT
// The embedded commands of PGN comments as data (JSON's clock, emt, eval, arrows and highlights): [%clk], [%emt], [%eval], [%cal], [%csl]
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
  std::optional<double> clock;  // [%clk H:MM:SS(.f)]: seconds left, at most 10^9
  std::optional<double> emt;    // [%emt H:MM:SS(.f)]: seconds the move took, at most 10^9
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
// What the replayer reads from every comment, without building the rest (a lichess game
// has a clock in the comment of every move): the [%clk] time, as
// parse_comment_commands(comment).clock, and each command named clk, emt, eval, cal or
// csl whose arguments cannot be read ("[%clk 5:xx]"), as written (views into comment, in
// order; none in nearly every comment).
struct CommentScan {
  std::optional<double> clock;
  std::vector<std::string_view> malformed;
  std::size_t clock_at = 0;  // where the clock's command starts in the comment (its '[')
};
CommentScan scan_comment(std::string_view comment);

// Seconds as [%clk] and [%emt] write them: H:MM:SS, with the fraction when there is one
// (7.25 -> "0:00:07.25"). Precondition: seconds is finite and not negative.
std::string format_duration(double seconds);
// An evaluation as [%eval] writes it: pawns with one or two decimals as lichess does
// ("0.17", "-1.5", "0.0"), or "#-4"; ",23" when a depth is given.
std::string format_eval(const Eval& eval);

// The commands of d written back, in one canonical form and order (lichess's: [%eval],
// [%clk], then [%emt], [%csl], [%cal], one command each, separated by spaces), followed
// by d.text. parse_comment_commands of the result gives d back (one [%csl] and one [%cal]
// hold all the squares and arrows), so writing twice gives the same text.
std::string render_comment_commands(const CommentData& d);

// True when the comment is the one shape nearly every server writes, "[%clk H:MM:SS]"
// alone with whole seconds, and already canonical: render_comment_commands of
// parse_comment_commands gives it back unchanged, so a writer can skip both. False for
// every other comment, canonical or not.
bool is_canonical_clock_comment(std::string_view comment);

// The commands a --strip list can name: clk, emt, eval, arrows (%cal and %csl).
struct StripCommands {
  bool clk = false, emt = false, eval = false, arrows = false;
  bool any() const { return clk || emt || eval || arrows; }
};
// d without the named commands.
void strip_commands(CommentData& d, const StripCommands& strip);

}  // namespace chesstool::pgn
