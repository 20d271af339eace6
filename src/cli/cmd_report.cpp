// SPDX-License-Identifier: MIT
// `chesstool report`: standings, tie-breaks, rating changes and time-control classes of an event.
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "pgn/annotation_texts.hpp"
#include "pgn/replay.hpp"
#include "report/report_table.hpp"
#include "report/standings.hpp"
#include "report/time_control.hpp"

namespace chesstool::cli {

namespace {

struct ReportOptions {
  std::vector<std::string> paths;
  bool json = false;
  bool csv = false;
  bool crosstable = false;
  std::vector<std::string> k;  // NAME=K
  int k_default = report::kDefaultK;
  std::string lang = "en";
  std::string event;  // empty: every game
};

// "NAME=K" with K one of the FIDE values; the name may itself hold '=' (split at the last).
bool parse_k(const std::string& spec, std::string& name, int& k) {
  const auto eq = spec.rfind('=');
  if (eq == std::string::npos || eq == 0) return false;
  name = spec.substr(0, eq);
  const std::string value = spec.substr(eq + 1);
  if (value == "10" || value == "20" || value == "40") {
    k = std::stoi(value);
    return true;
  }
  return false;
}

ExitCode run_report(const ReportOptions& o) {
  const auto lang = pgn::lang_from_code(o.lang);
  if (!lang) {
    error(fmt::format("unknown language '{}'", o.lang));
    return ExitCode::Error;
  }
  report::StandingsOptions standings_options;
  standings_options.k_default = o.k_default;
  report::EventReport rep;
  rep.k_default = o.k_default;
  for (const auto& spec : o.k) {
    std::string name;
    int k = 0;
    if (!parse_k(spec, name, k)) {
      error(fmt::format("--k expects NAME=K with K 10, 20 or 40 (FIDE rating regulations), got '{}'", spec));
      return ExitCode::Error;
    }
    standings_options.k_by_name[name] = k;
    rep.k_overrides.emplace_back(name, k);
  }

  InputList inputs = expand_inputs(o.paths);
  std::uint64_t io_errors = 0;
  for (const auto& e : inputs.errors) {
    ++io_errors;
    error(e.message);
  }
  std::vector<std::string> names;
  for (const auto& f : inputs.files) names.push_back(display_name(f));

  std::vector<report::EventGame> games;
  std::set<std::string> events;
  std::map<std::pair<bool, std::string>, std::size_t> tc_index;
  PipelineSink<pgn::GameReport> sink;
  sink.io_error = [&](std::size_t, const std::string& message) {
    ++io_errors;
    error(message);
  };
  sink.game = [&](std::size_t f, pgn::RawGame&&, pgn::GameReport&& g) {
    const std::string* event = g.tag("Event");
    if (!o.event.empty() && (!event || *event != o.event)) return true;  // another event: not ours
    ++rep.games_read;
    if (event) events.insert(*event);
    report::EventGame game;
    if (auto why = report::event_game_from(g, game)) {
      const std::string* w = g.tag("White");
      const std::string* b = g.tag("Black");
      const std::string* result = g.tag("Result");
      rep.excluded.push_back({names[f], g.index, g.line, w ? *w : "", b ? *b : "", result ? *result : g.result_token, *why});
      return true;
    }
    games.push_back(std::move(game));
    const std::string* tc = g.tag("TimeControl");
    auto key = std::make_pair(tc != nullptr, tc ? *tc : std::string());
    auto [it, added] = tc_index.emplace(key, rep.time_controls.size());
    if (added) rep.time_controls.push_back({tc != nullptr, key.second, report::classify_time_control(tc), 0});
    ++rep.time_controls[it->second].games;
    return true;
  };
  const int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  auto work = [](std::size_t, const pgn::RawGame& raw) { return pgn::check_game(raw, pgn::ReplayOptions{}); };
  run_pipeline<pgn::GameReport>(inputs.files, jobs, work, sink);

  rep.events.assign(events.begin(), events.end());
  rep.counted = games.size();
  rep.standings = report::compute_standings(games, standings_options);

  if (rep.events.size() > 1)
    warning(fmt::format("the games come from {} events and are ranked together; choose one with --event NAME",
                        rep.events.size()));
  for (const auto& [name, k] : rep.k_overrides)
    if (std::none_of(rep.standings.players.begin(), rep.standings.players.end(),
                     [&](const report::PlayerStanding& p) { return p.name == name; }))
      warning(fmt::format("--k {}={}: no player of that name", name, k));

  if (o.json) {
    out(report::render_report_json(rep, o.crosstable) + "\n");
  } else if (o.csv) {
    out(report::render_report_csv(rep, o.crosstable));
    // The CSV holds only the standings table: excluded games go to standard error.
    for (const auto& e : rep.excluded)
      errf("{}:{}: game {} excluded: {}", e.file, e.line, e.index, report::exclusion_text(e.exclusion, *lang));
  } else {
    out(report::render_report_text(rep, *lang, o.crosstable));
  }
  if (io_errors) return ExitCode::Error;
  if (!rep.excluded.empty()) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_report(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  app.add_option("path", o->paths, "PGN files, directories (searched for *.pgn, *.pgn.gz) or - for standard input");
  auto* json = app.add_flag("--json", o->json, "Print the report as one JSON object");
  auto* csv = app.add_flag("--csv", o->csv, "Print the standings as CSV (RFC 4180); excluded games go to standard error");
  json->excludes(csv);
  app.add_flag("--crosstable", o->crosstable, "Add a crosstable: one column per player, in standings order");
  app.add_option("--k", o->k, "K factor of one player, NAME=K with K 10, 20 or 40 (repeatable)")
      ->allow_extra_args(false);  // one NAME=K per --k, so paths may follow
  app.add_option("--k-default", o->k_default, "K factor of every other player (default 20)")
      ->check(CLI::IsMember({10, 20, 40}));
  app.add_option("--lang", o->lang, "Language of the headings and labels of the text report")
      ->check(CLI::IsMember({"en", "ar"}));
  app.add_option("--event", o->event, "Count only the games whose Event tag is exactly this");
  return [o]() { return run_report(*o); };
}

}  // namespace chesstool::cli
