// SPDX-License-Identifier: MIT
// convert --to csv: the columns of one game.
#include "output/game_csv.hpp"

#include "core/fen.hpp"
#include "openings/eco.hpp"
#include "output/csv.hpp"
#include "output/pgn_writer.hpp"
#include "pgn/movetext_parser.hpp"
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

// One row's inputs; the opening is classified once per row, when a column asks.
struct Row {
  const pgn::Game& game;
  const pgn::GameReport& r;
  std::optional<std::optional<openings::Opening>> opening;

  const std::optional<openings::Opening>& classified() {
    if (!opening) opening = openings::classify(game);
    return *opening;
  }
};

// The computed columns: the validate JSON game record's names, in the manual's order.
struct ComputedColumn {
  std::string_view name;
  std::string (*value)(Row&);
};
constexpr ComputedColumn kComputed[] = {
    {"plies", [](Row& row) { return std::to_string(row.r.plies); }},
    {"status", [](Row& row) { return std::string(names_of(row.r.outcome.termination).json); }},
    {"winner",
     [](Row& row) -> std::string {
       if (!row.r.outcome.winner) return "";
       return *row.r.outcome.winner == White ? "white" : "black";
     }},
    {"ended_at", [](Row& row) { return row.r.ended_at ? std::to_string(*row.r.ended_at) : std::string(); }},
    {"claims", [](Row& row) { return claims_text(row.r); }},
    {"start_fen", [](Row& row) { return row.game.start_fen; }},
    {"final_fen", [](Row& row) { return row.r.final_position ? to_fen(*row.r.final_position) : std::string(); }},
    {"uci", [](Row& row) { return uci_text(row.game); }},
    {"eco", [](Row& row) { return row.classified() ? std::string(row.classified()->eco) : std::string(); }},
    {"opening", [](Row& row) { return row.classified() ? std::string(row.classified()->name) : std::string(); }},
};

const ComputedColumn* computed_column(std::string_view name) {
  for (const ComputedColumn& c : kComputed)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace

std::string csv_computed_names() {
  std::string out;
  for (const ComputedColumn& c : kComputed) {
    if (!out.empty()) out += ", ";
    out += c.name;
  }
  return out;
}

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
    // Every other name is a tag's: one no tag can have would give an empty column.
    if (!computed_column(name) && !pgn::could_be_tag_name(name)) {
      why = std::string(name);
      why.insert(why.begin(), '\'');
      why += "' is not a tag name: a tag name has no blanks, control characters, quotes or ']'";
      return false;
    }
    columns.emplace_back(name);
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

void append_csv_header(std::string& out, const std::vector<std::string>& columns) {
  // A tag name is text too: "--fields =x" must not put a formula in the header row.
  std::vector<std::string> cells;
  cells.reserve(columns.size());
  for (const std::string& name : columns) cells.push_back(csv_text(name));
  append_csv_record(out, cells);
}

void append_csv_row(std::string& out, const std::vector<std::string>& columns, const pgn::Game& game,
                    const pgn::GameReport& report) {
  std::vector<std::string> cells;
  cells.reserve(columns.size());
  Row row{game, report, std::nullopt};
  for (const std::string& name : columns) {
    if (const ComputedColumn* c = computed_column(name)) {
      cells.push_back(c->value(row));
    } else {
      const std::string* tag = game.tag(name);
      cells.push_back(tag ? csv_text(*tag) : std::string());
    }
  }
  append_csv_record(out, cells);
}

}  // namespace chesstool::output
