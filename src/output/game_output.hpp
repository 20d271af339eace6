// SPDX-License-Identifier: MIT
// Renders game reports as compiler-style diagnostics and as NDJSON records.
#pragma once

#include <string>
#include <vector>

#include "pgn/game_report.hpp"

namespace chesstool::output {

// The game's errors (and warnings, when asked) sorted by line and column, as a reader
// of the file meets them.
std::vector<const pgn::Diagnostic*> in_source_order(const pgn::GameReport& game, bool with_warnings);
// "file:line:col: error: message (game N "White - Black", position FEN) [code]"
std::string render_diagnostic(const std::string& file, const pgn::GameReport& game, const pgn::Diagnostic& d);
// One NDJSON line (without the newline) with "type": "game"; field names are a contract.
// member, the game's archive member, is written as "member" after "file" unless empty.
std::string game_json(const std::string& file, const std::string& member, const pgn::GameReport& game);
inline std::string game_json(const std::string& file, const pgn::GameReport& game) { return game_json(file, {}, game); }
// The JSON record of an input that could not be opened or read: {"type":"io_error",...}.
std::string io_error_json(const std::string& file, const std::string& message);

}  // namespace chesstool::output
