// SPDX-License-Identifier: MIT
// `chesstool report`: standings, C.07 tie-breaks, FIDE rating figures per list, rateability
// of each game, time-control classes and a TRF-16 file of an event.
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <iterator>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "cli/output_file.hpp"
#include "output/annotation_texts.hpp"
#include "output/game_output.hpp"
#include "pgn/replay.hpp"
#include "tournament/player_identity.hpp"
#include "tournament/report_table.hpp"
#include "tournament/result_check.hpp"
#include "tournament/standings.hpp"
#include "output/terminal_text.hpp"
#include "tournament/tiebreak.hpp"
#include "tournament/time_control.hpp"
#include "tournament/trf.hpp"

namespace chesstool::cli {

namespace {

struct ReportOptions {
  std::vector<std::string> paths;
  bool json = false;
  bool csv = false;
  bool crosstable = false;
  std::vector<std::string> k;  // NAME=K
  int k_default = tournament::kDefaultK;
  std::string lang = "en";
  std::string event;           // empty: every game
  std::string tiebreaks;       // empty: chesstool's default for the kind
  std::string kind;            // --kind: round-robin or swiss; empty: told from the games
  std::string time_control;    // for games without a TimeControl tag
  std::string trf;             // TRF-16 output file
  bool quiet = false;          // no warnings or excluded games on standard error
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

// The events a --event that matches nothing names in its message, at most.
constexpr std::size_t kEventsNamed = 20;

// What the games of the inputs gave.
struct Collected {
  std::vector<tournament::EventGame> games;
  // The events of the games taken, by name once invisible characters and outer blanks are
  // gone (as --event compares them), each as first written: "Ev1" and "Ev1 " are one.
  std::map<std::string, std::string> events;
  // For the message of a --event that matches nothing: the first kEventsNamed names of
  // every game read, in sorted order, and whether there were more. Not kept once a game
  // matched: memory grows with the event, not with the archive around it.
  std::set<std::string> all_events;
  bool more_events = false;
  std::map<std::pair<bool, std::string>, std::size_t> tc_index;
  // The games counted that have a Round tag, by what tells a game listed twice (see
  // duplicate_key): where the first is, for the copy's exclusion.
  std::map<std::string, std::string> listed;
  std::uint64_t io_errors = 0;
};

// A game checked, with a hash of its mainline's moves (a copy is told by them).
struct ReportedGame {
  pgn::GameReport report;
  std::uint64_t moves = 0;
};

// FNV-1a over the mainline's moves, as the replay plays them.
class MovesHash final : public pgn::MainlineObserver {
 public:
  bool start(const Position&) override { return true; }
  bool moved(Move move, const Position&, int) override {
    hash_ = (hash_ ^ move.raw()) * 0x100000001b3ULL;
    return true;
  }
  std::uint64_t hash() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

ReportedGame check_for_report(const pgn::RawGame& raw) {
  MovesHash moves;
  pgn::ReplayOptions options;
  options.observer = &moves;
  ReportedGame c{pgn::check_game(raw, options), 0};
  c.moves = moves.hash();
  return c;
}

// What a game listed twice shares with its first copy: the event, date, round, players and
// result, and the moves (as many plies, the same moves: a transposition is another game).
// "" for a game without a round, which cannot tell a copy from a rematch with the same
// moves (a quick draw repeated in a double round robin).
std::string duplicate_key(const ReportedGame& c, const tournament::EventGame& game) {
  const pgn::GameReport& g = c.report;
  const std::string* round = g.tag("Round");
  if (!round || round->empty() || *round == "?" || *round == "-") return {};
  const std::string* event = g.tag("Event");
  std::string key = tournament::normalize_name(event ? *event : "");
  // The players as report tells them apart ("Smith, John" is "Smith,John"), FideIds beside.
  for (const std::string& part : {game.date, *round, tournament::normalize_name(game.white), game.white_fide_id,
                                  tournament::normalize_name(game.black), game.black_fide_id, game.result})
    key.append(1, '\x1f').append(part);
  return key + fmt::format("\x1f{}\x1f{:x}", g.plies, c.moves);
}

// Compares --event with the Event tag once invisible characters and outer blanks are gone.
bool same_event(const std::string& wanted, const std::string* event) {
  return event && tournament::normalize_name(*event) == tournament::normalize_name(wanted);
}

void collect(const ReportOptions& o, const std::vector<std::string>& files, const std::vector<std::string>& names,
             tournament::EventReport& rep, Collected& c) {
  PipelineSink<ReportedGame> sink;
  sink.io_error = [&](std::size_t, const std::string& message) {
    ++c.io_errors;
    error(message);
  };
  sink.note = [&](std::size_t f, const io::InputNote& note) {
    if (!o.quiet) print_input_note(names[f], note);
  };
  const std::string* assumed = o.time_control.empty() ? nullptr : &o.time_control;
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, ReportedGame&& checked) {
    const pgn::GameReport& g = checked.report;
    const std::string* event = g.tag("Event");
    if (!o.event.empty() && rep.games_read == 0) {
      c.all_events.insert(event ? *event : "");
      if (c.all_events.size() > kEventsNamed) {
        c.all_events.erase(std::prev(c.all_events.end()));
        c.more_events = true;
      }
    }
    if (!o.event.empty() && !same_event(o.event, event)) return true;  // another event: not ours
    if (rep.games_read == 0) c.all_events.clear();
    ++rep.games_read;
    if (event) c.events.emplace(tournament::normalize_name(*event), *event);
    tournament::EventGame game;
    if (auto why = tournament::event_game_from(g, game, assumed)) {
      const std::string* w = g.tag("White");
      const std::string* b = g.tag("Black");
      const std::string* result = g.tag("Result");
      rep.excluded.push_back(
          {names[f], raw.member, g.index, g.line, w ? *w : "", b ? *b : "", result ? *result : g.result_token, *why});
      return true;
    }
    game.file = names[f];
    game.member = raw.member;
    // A game listed twice would count twice (two games in one round, which the TRF
    // refuses): the copy is excluded, naming the first.
    if (std::string key = duplicate_key(checked, game); !key.empty()) {
      const std::string here = fmt::format("{}:{}", display_name(names[f], raw.member), g.line);
      const auto [first, added] = c.listed.emplace(std::move(key), here);
      if (!added) {
        rep.excluded.push_back({names[f], raw.member, g.index, g.line, game.white, game.black, game.result,
                                {tournament::ExclusionReason::Duplicate, first->second}});
        return true;
      }
    }
    // Counted as recorded, but a result the replay questions is said, as validate says it.
    for (const pgn::Diagnostic& d : tournament::result_problems(g, game.result)) {
      if (!o.quiet) err_line(output::render_diagnostic(display_name(names[f], raw.member), g, d));
      rep.result_warnings.push_back(tournament::result_warning(game, d, c.games.size()));
    }
    const std::string* tc = g.tag("TimeControl");
    if ((!tc || *tc == "?") && assumed) tc = assumed;
    auto key = std::make_pair(tc != nullptr, tc ? *tc : std::string());
    auto [it, added] = c.tc_index.emplace(key, rep.time_controls.size());
    if (added) rep.time_controls.push_back({tc != nullptr, key.second, game.time_control, 0});
    ++rep.time_controls[it->second].games;
    c.games.push_back(std::move(game));
    return true;
  };
  const int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  auto work = [](std::size_t, const pgn::RawGame& raw) { return check_for_report(raw); };
  run_pipeline<ReportedGame>(files, jobs, work, sink);
}

// "a", "b" and "c" for a message that lists what exists.
std::string listing(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + ("'" + output::terminal_safe(i) + "'");
  return s.empty() ? "none" : s;
}

bool parse_options(const ReportOptions& o, tournament::StandingsOptions& so, tournament::EventReport& rep) {
  so.k_default = o.k_default;
  rep.k_default = o.k_default;
  rep.assumed_time_control = o.time_control;
  for (const auto& spec : o.k) {
    std::string name;
    int k = 0;
    if (!parse_k(spec, name, k)) {
      error(fmt::format("--k expects NAME=K with K 10, 20 or 40 (FIDE rating regulations), got '{}'", spec));
      return false;
    }
    so.k_by_name[name] = k;
    rep.k_overrides.emplace_back(name, k);
  }
  std::string e;
  if (!o.kind.empty()) so.kind = o.kind == "round-robin" ? tournament::EventKind::RoundRobin : tournament::EventKind::Swiss;
  if (!o.tiebreaks.empty() && !tournament::parse_tiebreak_list(o.tiebreaks, so.tiebreaks, e)) {
    error("--tiebreaks: " + e);
    return false;
  }
  if (!o.time_control.empty()) {
    const auto info = tournament::classify_time_control(&o.time_control);
    if (info.cls == tournament::TimeClass::Unknown) {
      error(fmt::format("--time-control '{}': {}", output::terminal_safe(o.time_control), tournament::time_problem_text(info.problem)));
      return false;
    }
  }
  return true;
}

// A --event or --k that matches nothing is a usage error: say what there is.
bool check_matches(const ReportOptions& o, const tournament::EventReport& rep, const Collected& c) {
  if (!o.event.empty() && rep.games_read == 0) {
    error(fmt::format("--event '{}' matches no game; the events are: {}{}", output::terminal_safe(o.event),
                      listing({c.all_events.begin(), c.all_events.end()}), c.more_events ? ", and more" : ""));
    return false;
  }
  if (rep.standings.unmatched_k.empty()) return true;
  std::vector<std::string> players;
  for (const auto& p : rep.standings.players) players.push_back(p.fide_id.empty() ? p.name : p.name + " (" + p.fide_id + ")");
  for (const auto& name : rep.standings.unmatched_k)
    error(fmt::format("--k '{}' matches no player (by name or FideId); the players are: {}", output::terminal_safe(name),
                      listing(players)));
  return false;
}

// As every output: a file already there is replaced only when every input was read.
bool write_trf(const ReportOptions& o, const tournament::EventReport& rep, bool inputs_ok) {
  std::string text, e;
  std::vector<std::string> cuts;
  if (!tournament::render_trf(rep, text, e, &cuts)) {
    error("--trf: " + e);
    return false;
  }
  if (!o.quiet)
    for (const std::string& cut : cuts) warning("--trf: " + cut);
  OutputFile f;
  if (!f.open(o.trf, e)) {
    error(e);
    return false;
  }
  f.write(text);
  return f.finish(inputs_ok);
}

ExitCode run_report(const ReportOptions& o) {
  const auto lang = output::lang_from_code(o.lang);
  if (!lang) {
    error(fmt::format("unknown language '{}'", o.lang));
    return ExitCode::Error;
  }
  tournament::StandingsOptions so;
  tournament::EventReport rep;
  if (!parse_options(o, so, rep)) return ExitCode::Error;
  // The report takes standard output: a TRF there would be mixed into it (a --json or
  // --csv stream that no reader could parse).
  if (!o.trf.empty() && is_standard_output(o.trf)) {
    error("the report is written to standard output: name a file for --trf");
    return ExitCode::Error;
  }
  InputList inputs = expand_inputs(o.paths);
  std::vector<NamedOutput> outputs{{"standard output", ""}};
  if (!o.trf.empty()) outputs.push_back({"--trf", o.trf});
  if (auto clash = find_output_clash(inputs.files, outputs)) {
    error(*clash);
    return ExitCode::Error;
  }
  Collected c;
  for (const auto& e : inputs.errors) {
    ++c.io_errors;
    error(e.message);
  }
  // A file named twice would have every game counted twice (then excluded as listed twice,
  // pointing at itself).
  for (const std::string& again : drop_files_named_again(inputs))
    if (!o.quiet) warning(fmt::format("{} is named more than once: its games are read once", output::terminal_safe(again)));
  std::vector<std::string> names;
  for (const auto& f : inputs.files) names.push_back(display_name(f));
  collect(o, inputs.files, names, rep, c);
  for (const auto& [key, written] : c.events) rep.events.push_back(written);
  rep.counted = c.games.size();
  rep.standings = tournament::compute_standings(std::move(c.games), so);
  if (!check_matches(o, rep, c)) return ExitCode::Error;
  if (!o.quiet) {
    if (rep.events.size() > 1)
      warning(fmt::format("the games come from {} events and are ranked together; choose one with --event NAME", rep.events.size()));
    for (const auto& w : rep.standings.warnings) warning(w);
  }

  if (o.json) {
    out_data(tournament::render_report_json(rep, o.crosstable) + "\n");
  } else if (o.csv) {
    out_data(tournament::render_report_csv(rep, o.crosstable));
    // The CSV holds only the standings table: excluded games go to standard error.
    if (!o.quiet)
      for (const auto& e : rep.excluded)
        errf("{}:{}: game {} excluded: {}", output::terminal_safe(display_name(e.file, e.member)), e.line, e.index,
             tournament::exclusion_text(e.exclusion, *lang));
  } else {
    out(tournament::render_report_text(rep, *lang, o.crosstable));
  }
  const bool trf_ok = o.trf.empty() || write_trf(o, rep, c.io_errors == 0);
  if (c.io_errors || !trf_ok) return ExitCode::Error;
  if (!rep.excluded.empty() || !rep.result_warnings.empty()) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_report(CLI::App& app) {
  auto o = std::make_shared<ReportOptions>();
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  auto* json = app.add_flag("--json", o->json, "Print the report as one JSON object");
  auto* csv = app.add_flag("--csv", o->csv, "Print the standings as CSV (RFC 4180); excluded games go to standard error");
  json->excludes(csv);
  app.add_flag("--crosstable", o->crosstable, "Add a crosstable: one column per player, in standings order");
  app.add_flag("-q,--quiet", o->quiet, "Print no warnings and, with --csv, no excluded games on standard error (errors still are)");
  app.add_option("--k", o->k, "K factor of one player, NAME=K (name or FideId) with K 10, 20 or 40 (repeatable)")
      ->allow_extra_args(false);  // one NAME=K per --k, so paths may follow
  app.add_option("--k-default", o->k_default, "K factor of every other player rated under 2400, in every list (default 20; 10 from 2400)")
      ->check(CLI::IsMember({10, 20, 40}));
  app.add_option("--lang", o->lang, "Language of the headings and labels of the text report: en (default) or ar")
      ->check(CLI::IsMember({"en", "ar"}));
  app.add_option("--event", o->event, "Count only the games whose Event tag is this (invisible characters ignored)");
  app.add_option("--tiebreaks", o->tiebreaks, "Tie-breaks by their C.07 codes, e.g. DE,WIN,SB (default: round robin DE,WIN,SB,KS; Swiss BH-C1,BH,DE,WIN)");
  app.add_option("--kind", o->kind, "The kind of event, where the games do not tell it: round-robin or swiss (default: round robin when every pair has a game)")
      ->check(CLI::IsMember({"round-robin", "swiss"}));
  app.add_option("--time-control", o->time_control, "TimeControl assumed for games without one, e.g. 5400+30");
  app.add_option("--trf", o->trf, "Also write the event to FILE as a FIDE Tournament Report File (TRF-16)");
  return [o]() { return run_report(*o); };
}

}  // namespace chesstool::cli
