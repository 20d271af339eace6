// SPDX-License-Identifier: MIT
// PGN export format (PGN standard section 8) and the one-line-per-game formats of a replayed Game.
#pragma once

#include <string>
#include <string_view>

#include "pgn/comment_commands.hpp"
#include "pgn/game.hpp"

namespace chesstool::output {

struct PgnWriteOptions {
  bool reduced = false;          // reduced export format (spec 3.2.4): the Seven Tag Roster (and SetUp, FEN, Variant), no comments, NAGs or variations
  std::size_t line_width = 79;   // movetext lines never exceed this, unless a single word is longer (spec 8.2.1: "less than 80")
  // The commands of a comment after a move ([%eval], [%clk], [%emt], [%csl], [%cal]) written
  // in their canonical form and order (pgn::render_comment_commands), as convert does, so
  // that PGN and its JSON form give the same text; a comment without commands is unchanged.
  bool canonical_commands = false;
  pgn::StripCommands strip = {};  // commands left out (--strip); a comment emptied by it goes too
};


// text with each control character a blank, as the writer writes a tag value or comment:
// C0 (line ends too), DEL, and the C1 characters U+0080 to U+009F in UTF-8. For a line of
// PGN output chesstool writes itself about a game (annotate's warning line).
std::string blank_controls(std::string_view text);

// Appends game to out in export format, ending with the movetext's newline (callers put
// a blank line between games): tag names in their standard spelling (pgn::standard_tag_name;
// the first of names that become equal counts), the Seven Tag Roster first in its order
// (spec 8.1.1; missing ones filled with "?", "????.??.??" or the result, as is a Result
// tag whose value is no result), then the other
// tags in source order ([SetUp "1"] added before a FEN tag that lacks it, spec 9.7.1), tag values escaped
// (spec 8.1); then canonical SAN from the replayed moves, move numbers ("12." for White,
// "12..." for Black after a comment or variation, spec 8.2.2.2), NAGs as $n (one above
// $255 as text at the end of the move's comment: "{good $300}"), comments in braces with
// whitespace runs collapsed to one space, variations in parentheses, and the
// termination marker. A '}' inside a comment cannot be written in a brace comment
// (spec 8.2.5: they do not nest), so it is written as ')'; a control character in a tag
// value or comment (C0, DEL, C1) as a blank (spec 4.1, 7). Iterative: any depth is safe.
void write_pgn(const pgn::Game& game, std::string& out, const PgnWriteOptions& options = {});

// The termination marker to write: the movetext's, else a valid Result tag, else "*".
std::string game_result(const pgn::Game& game);

// One line (without newline) of the mainline moves in UCI, separated by spaces
// (castling e1g1 in standard chess, king-takes-rook in Chess960; null moves 0000).
void write_uci_line(const pgn::Game& game, std::string& out);
// The same in long algebraic notation (Ng1-f3, e7xd8=Q+).
void write_lan_line(const pgn::Game& game, std::string& out);
// One FEN per mainline position, the start included, each ending with a newline.
void write_fen_lines(const pgn::Game& game, std::string& out);
// The same as EPD: the four position fields plus "hmvc N; fmvn N;" operations.
void write_epd_lines(const pgn::Game& game, std::string& out);
// EPD of one position: "<four fields> hmvc N; fmvn N;", with operations (each ending
// in "; ", as "id \"x\"; bm e4; ") between the fields and hmvc.
std::string to_epd(const Position& pos, std::string_view operations = {});

}  // namespace chesstool::output
