// SPDX-License-Identifier: MIT
// Renders game reports as compiler-style diagnostics and as NDJSON records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "output/formats.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::output {

// The game's errors (and warnings, when asked) sorted by line and column, as a reader
// of the file meets them.
std::vector<const pgn::Diagnostic*> in_source_order(const pgn::GameReport& game, bool with_warnings);
// Whether a warning's code tells of input that a game written in `to` leaves out: for PGN
// and JSON, a tag given twice, a NAG or a variation without a move, a result inside a
// variation, a NAG too large to keep (not when reduced: it leaves them out by design);
// for PGN also a Result tag that holds no result (the marker's is written). None for
// the formats of the mainline only. The commands that rewrite games print these.
bool tells_of_left_out_input(std::string_view code, Format to = Format::Pgn, bool reduced = false);
// Whether one of the report's warnings does, and those warnings as render_diagnostic
// lines, in source order (the report's tags name the players).
bool tells_of_left_out_input(const pgn::GameReport& report, Format to = Format::Pgn, bool reduced = false);
std::vector<std::string> left_out_diagnostics(const std::string& file, const pgn::GameReport& report,
                                              Format to = Format::Pgn, bool reduced = false);
// The file-level warning of a command that rewrites games (annotate, convert to PGN or
// JSON) when the file had escape lines ('%' in column 1, PGN standard section 6): no game
// keeps them, so the output has not got them. Empty when there were none.
std::string escape_lines_left_out(const std::string& file, std::uint64_t escape_lines);
// For a game written in `to`: its report, with the game's tags to name the players, when
// a warning tells of input the format leaves out and the format writes the whole game
// (PGN or JSON, not reduced); nullopt otherwise (UCI, FEN...: the mainline only, by design).
std::optional<pgn::GameReport> left_out_report(const pgn::GameReport& report, const pgn::Game& game, Format to,
                                               bool reduced);
// The diagnostics as validate prints them: in source order, with the lenient-notation
// warnings of one code (--strict) made one line at the first of them, "135 moves in
// lenient notation: ... (first: 1.e2e4)". JSON keeps every one.
std::vector<pgn::Diagnostic> for_text(const pgn::GameReport& game);
// "file:line:col: error: message (game N "White - Black", position FEN) [code]"
std::string render_diagnostic(const std::string& file, const pgn::GameReport& game, const pgn::Diagnostic& d);
// One NDJSON line (without the newline) with "type": "game"; field names are a contract.
// member, the game's archive member, is written as "member" after "file" unless empty.
std::string game_json(const std::string& file, const std::string& member, const pgn::GameReport& game);
inline std::string game_json(const std::string& file, const pgn::GameReport& game) { return game_json(file, {}, game); }
// The JSON record of an input that could not be opened or read: {"type":"io_error",...}.
std::string io_error_json(const std::string& file, const std::string& message);

}  // namespace chesstool::output
