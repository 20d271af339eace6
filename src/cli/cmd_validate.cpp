// SPDX-License-Identifier: MIT
// `chesstool validate`: replays every game of every input and reports each problem.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "cli/progress.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "pgn/replay.hpp"
#include "openings/eco.hpp"
#include "output/game_json.hpp"
#include "output/game_output.hpp"
#include "output/json.hpp"
#include "output/terminal_text.hpp"

namespace chesstool::cli {

namespace {

struct ValidateOptions {
  std::vector<std::string> paths;
  bool json = false;
  bool quiet = false;
  bool strict = false;
  bool eco = false;  // --eco: classify, warn eco-mismatch, opening fields in JSON
  int jobs = 0;
  std::uint64_t max_errors = 0;
  std::uint64_t game_offset = 0;
};

// One game's findings; opening_json holds the JSON opening fields under --eco.
struct Checked {
  pgn::GameReport report;
  std::string opening_json;
};

// validate --eco's replay: the classifier watches the mainline on the way, and a tag that
// disagrees with it becomes an eco-mismatch warning at the game's first line.
Checked check_with_eco(const pgn::RawGame& raw, pgn::ReplayOptions options, bool json) {
  openings::Classifier classifier;
  options.observer = &classifier;
  Checked c;
  c.report = pgn::check_game(raw, options);
  std::optional<openings::Opening> opening;
  if (c.report.valid) {
    opening = classifier.opening();
    if (auto message = openings::eco_mismatch(c.report.tags, classifier)) {
      pgn::Diagnostic d;
      d.severity = pgn::Severity::Warning;
      d.code = "eco-mismatch";
      d.line = c.report.line;
      d.column = c.report.column;
      d.ply = opening->ply;
      d.message = *message;
      c.report.warnings.push_back(std::move(d));
    }
  }
  if (json) c.opening_json = output::opening_json_fields(opening);
  return c;
}

struct ValidateTotals {
  OpenedFiles files;
  std::uint64_t games = 0, valid = 0, invalid = 0, errors = 0, warnings = 0, plies = 0, io_errors = 0;
  std::uint64_t bytes = 0, lines = 0;  // input read, for renumbering split archives
  bool stopped_early = false;          // --max-errors was reached
  std::uint64_t not_read = 0;          // games after that: split and counted, not checked
};

// A game's errors and warnings together, in source order (lenient notation grouped).
void print_diagnostics(const std::string& where, const pgn::GameReport& g) {
  if (g.errors.empty() && g.warnings.empty()) return;
  for (const pgn::Diagnostic& d : output::for_text(g)) err_line(output::render_diagnostic(where, g, d));
}

// The closing line on standard error and, with --json, the summary record.
void write_summary(const ValidateOptions& o, const ValidateTotals& t, double seconds) {
  if (!o.quiet) {
    std::string line = fmt::format(
        "chesstool: {} file{}, {} game{}: {} valid, {} invalid, {} warning{}, {} {} replayed in {:.2f} s", t.files.count(),
        t.files.count() == 1 ? "" : "s", t.games, t.games == 1 ? "" : "s", t.valid, t.invalid, t.warnings,
        t.warnings == 1 ? "" : "s", t.plies, t.plies == 1 ? "ply" : "plies", seconds);
    if (t.stopped_early)
      line += fmt::format("; stopped after {} invalid game{}; {} game{} not read", t.invalid, t.invalid == 1 ? "" : "s",
                          t.not_read, t.not_read == 1 ? "" : "s");
    if (o.json && stdout_failed()) line += "; stopped: the records could not be written";
    err_line(line);
  }
  if (o.json) {
    output::JsonObject s;
    s.field("type", "summary").field("files", t.files.count()).field("games", t.games).field("valid", t.valid);
    s.field("invalid", t.invalid).field("errors", t.errors).field("warnings", t.warnings).field("plies", t.plies);
    s.field("io_errors", t.io_errors).field("bytes", t.bytes).field("lines", t.lines);
    s.field("stopped_early", t.stopped_early).field("not_read", t.not_read).field("seconds", seconds);
    out_data(std::move(s).str() + "\n");
  }
}

// One checked game: counted, its diagnostics on standard error, its record with --json.
void report_game(const ValidateOptions& o, const std::string& name, const pgn::RawGame& raw, Checked& checked,
                 ValidateTotals& t, ProgressLine* progress) {
  pgn::GameReport& g = checked.report;
  g.index += o.game_offset;
  ++t.games;
  t.plies += std::uint64_t(g.plies);
  t.errors += g.error_count();
  t.warnings += g.warning_count();
  if (g.valid) ++t.valid; else ++t.invalid;
  if (!o.quiet) {
    if (progress && (!g.errors.empty() || !g.warnings.empty())) progress->clear();
    print_diagnostics(display_name(name, raw.member), g);
  }
  if (o.json) {
    std::string record = output::game_json(name, raw.member, g);
    if (o.eco) record.insert(record.size() - 1, "," + checked.opening_json);  // before the closing brace
    out_data(record + "\n");
  }
  if (progress) progress->update(name, t.games, t.invalid, t.bytes + raw.byte_offset + raw.text.size());
}

// Set once --max-errors is reached. On a cache line of its own: the workers read it for
// every game, and the sink writes the counters beside it on run_validate's stack frame for
// every game (with --jobs, a line both used would pass between the cores each time).
struct alignas(64) StopFlag {
  std::atomic<bool> value{false};
};

ExitCode run_validate(const ValidateOptions& o) {
  auto start = std::chrono::steady_clock::now();
  InputList inputs = expand_inputs(o.paths);
  if (o.json)
    if (auto clash = find_output_clash(inputs.files, {{"--json", ""}})) {
      error(*clash);
      return ExitCode::Error;
    }
  const bool progress = !o.quiet && isatty(STDERR_FILENO);
  ValidateTotals t;
  // --quiet silences findings in games, never a file that could not be read.
  auto io_error = [&](const std::string& file, const std::string& message) {
    ++t.io_errors;
    error(message);
    if (o.json) out_data(output::io_error_json(file, message) + "\n");
  };
  for (const auto& e : inputs.errors) io_error(e.path, e.message);

  std::optional<ProgressLine> progress_line;
  if (progress) progress_line.emplace(plain_input_size(inputs.files));
  std::vector<std::string> names;
  for (const auto& f : inputs.files) names.push_back(display_name(f));

  pgn::ReplayOptions check;
  check.strict = o.strict;
  // Without JSON or --eco the tags only name a game whose problems are printed.
  check.tags_only_with_problems = !o.json && !o.eco;
  int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));

  PipelineSink<Checked> sink;
  sink.io_error = [&](std::size_t f, const std::string& message) {
    if (progress) progress_line->clear();
    io_error(names[f], message);
  };
  // Set once --max-errors is reached: the games after it are only counted (the input is
  // still split to its end, so the summary can say how many were not read).
  StopFlag stop;
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, Checked&& checked) {
    t.files.saw(f);
    if (t.stopped_early) {
      ++t.not_read;
      return true;
    }
    report_game(o, names[f], raw, checked, t, progress_line ? &*progress_line : nullptr);
    if (o.json && stdout_failed()) return false;  // nowhere to write: stop reading
    if (o.max_errors && t.invalid >= o.max_errors) {
      t.stopped_early = true;
      stop.value.store(true, std::memory_order_relaxed);
    }
    return true;
  };
  sink.note = [&](std::size_t f, const io::InputNote& note) {
    if (o.quiet) return;
    if (progress) progress_line->clear();
    print_input_note(names[f], note);
  };
  sink.file_done = [&](std::size_t f, const FileRead& read) {
    t.files.saw(f);
    t.bytes += read.bytes;
    t.lines += read.line_ends;
  };
  const bool eco = o.eco, json = o.json;
  // check by value, in the work's own storage, for the same reason.
  auto work = [check, &stop, eco, json](std::size_t, const pgn::RawGame& raw) {
    if (stop.value.load(std::memory_order_relaxed)) return Checked{};  // only counted
    return eco ? check_with_eco(raw, check, json) : Checked{pgn::check_game(raw, check), {}};
  };
  run_pipeline<Checked>(inputs.files, jobs, work, sink);

  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (progress) progress_line->clear();
  write_summary(o, t, seconds);
  if (t.io_errors) return ExitCode::Error;
  if (t.invalid || (o.strict && t.warnings)) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_validate(CLI::App& app) {
  auto o = std::make_shared<ValidateOptions>();
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  app.add_flag("--json", o->json, "Print one NDJSON record per game, then a summary record");
  app.add_flag("-q,--quiet", o->quiet, "Print no diagnostics or summary on standard error");
  app.add_flag("--strict", o->strict, "Warn about lenient notation; warnings make the exit status 1");
  app.add_flag("--eco", o->eco, "Classify the opening: warn eco-mismatch on a disagreeing ECO or Opening tag; JSON eco, opening, eco_ply");
  app.add_option("-j,--jobs", o->jobs, "Games validated in parallel (default: all cores)")->check(CLI::Range(1, 1024));
  const CLI::Validator count = whole_number(15, false, "a whole number of at most 15 digits");
  app.add_option("--max-errors", o->max_errors, "Stop checking after this many invalid games (0, the default: no limit)")
      ->check(count);
  app.add_option("--game-offset", o->game_offset, "Add this to every game number (for split archives)")->check(count);
  return [o]() { return run_validate(*o); };
}

}  // namespace chesstool::cli
