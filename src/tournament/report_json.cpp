// SPDX-License-Identifier: MIT
// The event report as RFC 4180 CSV and as one JSON object (field names: chesstool(1)).
#include <fmt/core.h>

#include <cmath>

#include "output/csv.hpp"
#include "output/json.hpp"
#include "tournament/report_table.hpp"
#include "tournament/report_texts.hpp"

namespace chesstool::tournament {

namespace {

std::string points(double p) { return fmt::format("{}", p); }
double two_decimals(double v) { return std::round(v * 100) / 100; }

std::string array(const std::vector<std::string>& items) {
  std::string a = "[";
  for (std::size_t i = 0; i < items.size(); ++i) a += std::string(i ? "," : "") + items[i];
  return a + "]";
}

// Crosstable cell for CSV: "1", "0.5", "0" per game, separated by spaces.
std::string csv_cross(const std::vector<int>& results) {
  std::string out;
  for (int h : results) {
    if (!out.empty()) out += ' ';
    out += h == 2 ? "1" : h == 1 ? "0.5" : "0";  // appended in place: GCC 12 warns (-Wrestrict) on a temporary
  }
  return out;
}

const ListFigures* list_of(const PlayerStanding& p, TimeClass c) {
  for (const auto& f : p.lists)
    if (f.list == c) return &f;
  return nullptr;
}

constexpr TimeClass kLists[] = {TimeClass::Standard, TimeClass::Rapid, TimeClass::Blitz};

}  // namespace

std::string render_report_csv(const EventReport& r, bool with_crosstable) {
  const auto& players = r.standings.players;
  std::vector<std::string> header = {"rank", "name", "fide_id", "rating"};
  if (with_crosstable)
    for (std::size_t j = 0; j < players.size(); ++j) header.push_back(fmt::format("{}", j + 1));
  for (const char* h : {"games", "wins", "draws", "losses", "points", "direct_encounter", "sonneborn_berger", "buchholz",
                        "performance", "k", "rating_change", "rating_change_exact"})
    header.push_back(h);
  for (TieBreak t : r.standings.tiebreaks) header.push_back(tiebreak_code(t));
  for (TimeClass c : kLists) header.push_back(std::string(time_class_name(c)) + "_rating_change");
  std::string out;
  auto record = [&](const std::vector<std::string>& cells) { output::append_csv_record(out, cells); };
  record(header);
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = players[i];
    std::vector<std::string> row = {fmt::format("{}", p.rank), output::csv_text(p.name), output::csv_text(p.fide_id),
                                    p.rating ? fmt::format("{}", *p.rating) : ""};
    if (with_crosstable) {
      const auto cross = crosstable_row(r.standings, i);
      for (std::size_t j = 0; j < players.size(); ++j) row.push_back(i == j ? "" : csv_cross(cross[j]));
    }
    for (int v : {p.games, p.wins, p.draws, p.losses}) row.push_back(fmt::format("{}", v));
    row.push_back(points(p.points));
    row.push_back(p.direct_encounter ? points(*p.direct_encounter) : "");
    row.push_back(points(p.sonneborn_berger));
    row.push_back(points(p.buchholz));
    row.push_back(p.performance ? fmt::format("{}", p.performance->rating) : "");
    row.push_back(p.lists.size() > 1 ? std::string() : fmt::format("{}", p.k));  // several lists: each its own K
    row.push_back(p.rating_change ? fmt::format("{}", p.rating_change->rounded) : "");
    row.push_back(p.rating_change ? fmt::format("{:.2f}", p.rating_change->exact) : "");
    for (const auto& v : p.tiebreaks) row.push_back(v ? points(*v) : "");
    for (TimeClass c : kLists) {
      const ListFigures* f = list_of(p, c);
      row.push_back(f && f->change ? fmt::format("{}", f->change->rounded) : "");
    }
    record(row);
  }
  return out;
}

namespace {

// The games against rated opponents of a player without a rating change, as the text
// counts them: by the performance, else by the initial rating's count; nullopt for none.
std::optional<int> games_against_rated(const std::optional<Performance>& performance,
                                       const std::optional<InitialRating>& initial) {
  if (performance) return performance->games;
  if (initial) return initial->games;
  return std::nullopt;
}

std::string list_json(const ListFigures& f) {
  output::JsonObject o;
  if (f.rating) o.field("rating", *f.rating); else o.null_field("rating");
  o.field("k", f.k).field("rateable_games", f.rateable_games);
  if (f.change) {
    o.field("rated_games", f.change->games).field("score", f.change->score).field("expected", two_decimals(f.change->expected));
    o.field("rating_change", f.change->rounded).field("rating_change_exact", two_decimals(f.change->exact));
  } else {
    // An unrated player: the games against rated opponents still count (the text's Games
    // column, the initial rating's five games).
    if (const auto games = games_against_rated(f.performance, f.initial)) o.field("rated_games", *games);
    else o.null_field("rated_games");
    o.null_field("score").null_field("expected").null_field("rating_change").null_field("rating_change_exact");
  }
  if (f.performance)
    o.field("performance", f.performance->rating).field("average_opponent", f.performance->average_opponent).field("percent", f.performance->percent);
  else
    o.null_field("performance").null_field("average_opponent").null_field("percent");
  if (f.initial) {
    if (f.initial->status == InitialStatus::Rated) o.field("initial_rating", *f.initial->rating); else o.null_field("initial_rating");
    o.field("initial_rating_note", initial_text(*f.initial, output::Lang::En));
  } else {
    o.null_field("initial_rating").null_field("initial_rating_note");
  }
  return std::move(o).str();
}

std::string player_json(const EventReport& r, std::size_t i, bool with_crosstable) {
  const auto& p = r.standings.players[i];
  output::JsonObject o;
  o.field("rank", p.rank).field("name", p.name);
  if (p.fide_id.empty()) o.null_field("fide_id"); else o.field("fide_id", p.fide_id);
  if (p.rating) o.field("rating", *p.rating); else o.null_field("rating");
  o.field("games", p.games).field("wins", p.wins).field("draws", p.draws).field("losses", p.losses).field("points", p.points);
  if (p.direct_encounter) o.field("direct_encounter", *p.direct_encounter); else o.null_field("direct_encounter");
  o.field("sonneborn_berger", p.sonneborn_berger).field("buchholz", p.buchholz);
  // Rated in several lists, the player has a K in each ("lists"), none of its own.
  if (p.lists.size() > 1) o.null_field("k"); else o.field("k", p.k);
  if (p.rating_change) {
    o.field("rated_games", p.rating_change->games).field("expected", two_decimals(p.rating_change->expected));
    o.field("rating_change", p.rating_change->rounded).field("rating_change_exact", two_decimals(p.rating_change->exact));
  } else {
    const ListFigures* only = p.lists.size() == 1 ? &p.lists.front() : nullptr;
    if (const auto games = games_against_rated(p.performance, only ? only->initial : std::nullopt))
      o.field("rated_games", *games);
    else
      o.null_field("rated_games");
    o.null_field("expected").null_field("rating_change").null_field("rating_change_exact");
  }
  if (p.performance)
    o.field("performance", p.performance->rating).field("average_opponent", p.performance->average_opponent).field("percent", p.performance->percent);
  else
    o.null_field("performance").null_field("average_opponent").null_field("percent");
  output::JsonObject tbs;
  for (std::size_t t = 0; t < r.standings.tiebreaks.size(); ++t)
    if (p.tiebreaks[t]) tbs.field(tiebreak_code(r.standings.tiebreaks[t]), *p.tiebreaks[t]); else tbs.null_field(tiebreak_code(r.standings.tiebreaks[t]));
  o.raw_field("tiebreaks", std::move(tbs).str());
  output::JsonObject lists;
  for (const auto& f : p.lists) lists.raw_field(time_class_name(f.list), list_json(f));
  o.raw_field("lists", std::move(lists).str());
  if (with_crosstable) {
    std::vector<std::string> row;
    for (const auto& cell : crosstable_row(r.standings, i)) {
      std::vector<std::string> games;
      for (int h : cell) games.push_back(points(h / 2.0));
      row.push_back(array(games));
    }
    o.raw_field("crosstable", array(row));
  }
  return std::move(o).str();
}

std::string counted_game_json(const Standings& s, std::size_t k) {
  const EventGame& g = s.games[k];
  output::JsonObject o;
  o.field("file", g.file);
  if (!g.member.empty()) o.field("member", g.member);  // as excluded games and every other record have it
  o.field("game", g.index).field("line", g.line);
  if (g.round) o.field("round", *g.round); else o.null_field("round");
  o.field("white", g.white).field("black", g.black).field("result", g.result).field("class", time_class_name(g.time_control.cls));
  o.field("played", g.unplayed == Unplayed::No);
  const bool rated = s.rateable[k].why == NotRated::Rated;
  o.field("rateable", rated);
  if (rated) o.null_field("not_rated_code").null_field("not_rated_reason");
  else o.field("not_rated_code", not_rated_code(s.rateable[k].why)).field("not_rated_reason", not_rated_text(s.rateable[k], g, output::Lang::En));
  return std::move(o).str();
}

std::string result_warning_json(const ResultWarning& w) {
  output::JsonObject o;
  o.field("file", w.file);
  if (!w.member.empty()) o.field("member", w.member);
  o.field("game", w.index).field("line", w.line);
  o.field("white", w.white).field("black", w.black).field("result", w.result);
  o.field("code", w.code).field("message", w.message);
  o.field("problem_line", w.problem_line).field("problem_column", std::uint64_t(w.problem_column));
  return std::move(o).str();
}

void header_fields(const EventReport& r, output::JsonObject& o) {
  std::vector<std::string> events, tcs, ks, tbs, warnings;
  for (const auto& e : r.events) events.push_back(output::json_string(e));
  for (const auto& tc : r.time_controls) {
    output::JsonObject t;
    if (tc.present) t.field("value", tc.value); else t.null_field("value");
    t.field("class", time_class_name(tc.info.cls));
    if (tc.info.seconds) t.field("seconds_per_player", std::int64_t(*tc.info.seconds)); else t.null_field("seconds_per_player");
    if (tc.info.problem != TimeProblem::None) t.field("problem", time_problem_text(tc.info.problem)); else t.null_field("problem");
    tcs.push_back(std::move(t.field("games", tc.games)).str());
  }
  for (const auto& [name, value] : r.k_overrides) {
    output::JsonObject k;
    ks.push_back(std::move(k.field("name", name).field("k", value)).str());
  }
  // Without a game counted there is no event to tell the kind of, nor ties to break: as
  // the text says "-", only what the user chose is given (null, [] otherwise).
  const bool no_games = r.standings.players.empty();
  if (!(no_games && r.standings.default_tiebreaks))
    for (TieBreak t : r.standings.tiebreaks) tbs.push_back(output::json_string(tiebreak_code(t)));
  for (const auto& w : r.standings.warnings) warnings.push_back(output::json_string(w));
  o.field("type", "report").raw_field("events", array(events));
  o.field("games", r.games_read).field("counted", r.counted).field("excluded_count", std::uint64_t(r.excluded.size()));
  o.field("result_warning_count", std::uint64_t(r.result_warnings.size()));
  if (r.standings.average_rating) o.field("average_rating", *r.standings.average_rating); else o.null_field("average_rating");
  o.field("rated_players", r.standings.rated_players).raw_field("time_controls", array(tcs));
  o.field("k_default", r.k_default).raw_field("k_overrides", array(ks));
  if (no_games && !r.standings.kind_given)
    o.null_field("kind");
  else
    o.field("kind", r.standings.kind == EventKind::RoundRobin ? "round_robin" : "swiss");
  o.field("rounds", r.standings.rounds);
  o.field("kind_given", r.standings.kind_given);
  o.field("rounds_numbered", r.standings.rounds_numbered).raw_field("tiebreaks", array(tbs));
  o.field("tiebreaks_default", r.standings.default_tiebreaks).raw_field("warnings", array(warnings));

}

}  // namespace

std::string render_report_json(const EventReport& r, bool with_crosstable) {
  std::vector<std::string> players, counted, excluded;
  for (std::size_t i = 0; i < r.standings.players.size(); ++i) players.push_back(player_json(r, i, with_crosstable));
  for (std::size_t k = 0; k < r.standings.games.size(); ++k) counted.push_back(counted_game_json(r.standings, k));
  for (const auto& e : r.excluded) {
    output::JsonObject o;
    o.field("file", e.file);
    if (!e.member.empty()) o.field("member", e.member);
    o.field("game", e.index).field("line", e.line);
    o.field("white", e.white).field("black", e.black).field("result", e.result);
    o.field("reason", exclusion_code(e.exclusion.reason)).field("detail", e.exclusion.detail);
    excluded.push_back(std::move(o).str());
  }
  std::vector<std::string> result_warnings;
  for (const auto& w : r.result_warnings) result_warnings.push_back(result_warning_json(w));
  output::JsonObject o;
  header_fields(r, o);
  o.raw_field("players", array(players)).raw_field("counted_games", array(counted)).raw_field("excluded", array(excluded));
  o.raw_field("result_warnings", array(result_warnings));
  return std::move(o).str();
}

}  // namespace chesstool::tournament
