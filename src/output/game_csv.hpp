// SPDX-License-Identifier: MIT
// convert --to csv: one RFC 4180 row per game, its columns tag names or the computed
// names of the validate JSON game record (plies, status, ...), with a header row.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pgn/game.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::output {

// The names of the computed columns, comma-separated, in the order the manual lists them
// (for --help); any other column name is a tag.
std::string csv_computed_names();

// The Seven Tag Roster, plies and status.
std::vector<std::string> default_csv_columns();
// "Event,WhiteElo,plies" as columns; empty names are an error (false, why set).
bool parse_csv_columns(std::string_view list, std::vector<std::string>& columns, std::string& why);

// The header row: the column names, each as csv_text writes a text (a name such as "=x"
// gets its leading ').
void append_csv_header(std::string& out, const std::vector<std::string>& columns);
// One row: tags as the game has them (the first of a name; empty when missing), the
// computed columns from the game and its report.
void append_csv_row(std::string& out, const std::vector<std::string>& columns, const pgn::Game& game,
                    const pgn::GameReport& report);

}  // namespace chesstool::output
