// SPDX-License-Identifier: MIT
// The formats a game can be written in (convert --to, filter --to): one table, and the
// one function that writes a replayed game in any of them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/comment_commands.hpp"
#include "pgn/game.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::output {

enum class Format { Pgn, Uci, Lan, Fen, Epd, Json, Csv };

// The one table of output formats: the --to choices, their help text and the bash
// completion come from it; how each format is written is format_game's switch.
struct FormatInfo {
  Format format;
  std::string_view name;
  bool mainline_only;  // needs only the mainline's moves: comments and variations are not kept
  bool multi_line;     // a game takes several lines: games are separated by an empty line
  bool has_moves;      // made of moves: --from fen (positions only) cannot feed it
};
inline constexpr FormatInfo kFormats[] = {
    {Format::Pgn, "pgn", false, true, false},  {Format::Uci, "uci", true, false, true},
    {Format::Lan, "lan", true, false, true},   {Format::Fen, "fen", true, true, false},
    {Format::Epd, "epd", true, true, false},   {Format::Json, "json", false, false, false},
    {Format::Csv, "csv", true, false, true},
};
const FormatInfo& format_info(Format f);
std::optional<Format> format_from_name(std::string_view name);

struct FormatOptions {
  bool reduced = false;  // PGN: the reduced export format (no comments, NAGs or variations)
  bool eco = false;      // JSON: the opening fields
  pgn::StripCommands strip = {};  // PGN: comment commands left out (--strip)
  // CSV: the columns (--fields), and the game's replay report for the computed ones.
  const std::vector<std::string>* csv_columns = nullptr;
  const pgn::GameReport* report = nullptr;
};

// Appends `game` in format `to`, ending with a line end. PGN is written with its comment
// commands in canonical form (PgnWriteOptions::canonical_commands), as JSON reads them.
void format_game(const pgn::Game& game, Format to, const FormatOptions& options, std::string& out);

}  // namespace chesstool::output
