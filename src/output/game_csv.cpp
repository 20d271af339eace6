// SPDX-License-Identifier: MIT
// convert --to csv: the columns of one game.
#include "output/game_csv.hpp"

#include "core/fen.hpp"
#include "openings/eco.hpp"
#include "output/csv.hpp"
#include "output/pgn_writer.hpp"
#include "rules/outcome.hpp"

namespace chesstool::output {

namespace {

std::string claims_text(const pgn::GameReport& r) {
  std::string out;
  for (const Claim& c : r.claims) {
    if (!out.empty()) out += ' ';
    out.append(name_of(c.kind)).append("@").append(std::to_string(c.ply));
  }
  return out;
}

std::string uci_text(const pgn::Game& game) {
  std::string out;
  write_uci_line(game, out);
  return out;
}

// The value of a computed column; opening is classified once per row, when asked.
std::string computed(std::string_view name, const pgn::Game& game, const pgn::GameReport& r,
                     std::optional<std::optional<openings::Opening>>& opening) {
  if (name == "plies") return std::to_string(r.plies);
  if (name == "status") return std::string(names_of(r.outcome.termination).json);
  if (name == "winner") return r.outcome.winner ? (*r.outcome.winner == White ? "white" : "black") : "";
  if (name == "ended_at") return r.ended_at ? std::to_string(*r.ended_at) : "";
  if (name == "claims") return claims_text(r);
  if (name == "start_fen") return game.start_fen;
  if (name == "final_fen") return r.final_position ? to_fen(*r.final_position) : "";
  if (name == "uci") return uci_text(game);
  if (!opening) opening = openings::classify(game);
  if (!*opening) return "";
  return std::string(name == "eco" ? (*opening)->eco : (*opening)->name);
}

bool is_computed(std::string_view name) {
  for (const CsvColumn& c : kCsvComputed)
    if (c.name == name) return true;
  return false;
}

}  // namespace

std::vector<std::string> default_csv_columns() {
  return {"Event", "Site", "Date", "Round", "White", "Black", "Result", "plies", "status"};
}

bool parse_csv_columns(std::string_view list, std::vector<std::string>& columns, std::string& why) {
  columns.clear();
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    if (name.empty()) {
      why = "an empty column name (give names separated by commas, e.g. White,Black,plies)";
      return false;
    }
    columns.emplace_back(name);
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

void append_csv_header(std::string& out, const std::vector<std::string>& columns) { append_csv_record(out, columns); }

void append_csv_row(std::string& out, const std::vector<std::string>& columns, const pgn::Game& game,
                    const pgn::GameReport& report) {
  std::vector<std::string> cells;
  cells.reserve(columns.size());
  std::optional<std::optional<openings::Opening>> opening;
  for (const std::string& name : columns) {
    if (is_computed(name)) {
      cells.push_back(computed(name, game, report, opening));
    } else {
      const std::string* tag = game.tag(name);
      cells.push_back(tag ? *tag : std::string());
    }
  }
  append_csv_record(out, cells);
}

}  // namespace chesstool::output
