// SPDX-License-Identifier: MIT
// `chesstool convert`: every game (or FEN line) of the inputs into PGN, UCI, LAN, FEN, EPD or NDJSON.
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/choices.hpp"
#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "cli/verbatim_games.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "core/epd.hpp"
#include "core/fen.hpp"
#include "core/recycled.hpp"
#include "pgn/encoding.hpp"
#include "pgn/json_games.hpp"
#include "pgn/text_lines.hpp"
#include "pgn/replay.hpp"
#include "output/pgn_writer.hpp"
#include "io/compressor.hpp"
#include "io/source.hpp"
#include "openings/eco.hpp"
#include "output/game_json.hpp"
#include "output/formats.hpp"
#include "output/game_csv.hpp"
#include "output/game_output.hpp"

namespace chesstool::cli {

namespace {

using output::Format;
using output::format_info;
using output::kFormats;

struct ConvertOptions {
  std::vector<std::string> paths;
  Format to = Format::Pgn;
  std::string from = "pgn";
  std::string output;
  std::string rejects;
  bool reduced = false;
  bool eco = false;  // --eco: ECO and Opening tags from the classification, opening fields in JSON
  std::string compress;  // --compress: the format of standard output
  std::vector<std::string> strip;  // --strip: comment commands left out of PGN, each value as given
  pgn::StripCommands strip_set;
  std::string fields;                    // --fields: the CSV columns as given
  std::vector<std::string> csv_columns;  // parsed, or the default ones
  bool quiet = false;
  int jobs = 0;
};

// One game's outcome, computed on a worker thread.
struct Converted {
  RecycledString text;     // the converted game, empty when rejected
  bool valid = true;
  pgn::GameReport report;  // the replay's findings, kept for a rejected game only
  std::optional<pgn::GameReport> left_out;  // pgn or json: warnings of input it leaves out
};

struct ConvertCounts {
  std::uint64_t converted = 0, rejected = 0, io_errors = 0;
};

// Prints the errors of a rejected game like validate does, in source order.
void print_rejection(const std::string& file, const pgn::GameReport& report) {
  for (const auto* d : output::in_source_order(report, false)) err_line(output::render_diagnostic(file, report, *d));
}

ExitCode convert_fen_lines(const ConvertOptions& o, const InputList& inputs, OutputFile& out, OutputFile* rejects, ConvertCounts& t) {
  // One line: false when an output failed.
  auto convert_line = [&](const std::string& name, const pgn::TextLine& l) {
    // Without its line end and a BOM (at any line's start, as the PGN reader: where files
    // were concatenated); a blank line was not handed out.
    const std::string_view line = l.text;
    const std::uint64_t line_no = l.line;
    std::string_view trimmed = line;
    while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t')) trimmed.remove_prefix(1);
    while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t')) trimmed.remove_suffix(1);
    if (trimmed.empty()) return true;
    const EpdLine epd = read_epd_line(trimmed);
    FenResult r = parse_fen(fen_or_startpos(epd.fen));  // "startpos" as fen, board and perft read it
    // The operations are wrong only where the position is right: the position's fault first.
    if (r.ok() && epd.error) r.error = FenError{"EPD operations", *epd.error, epd.error_column};
    // A counter parse_fen finds wrong came from an operation, at its place in the line.
    if (!r.ok() && r.error->field == "halfmove clock" && epd.hmvc_column) r.error->column = epd.hmvc_column;
    if (!r.ok() && r.error->field == "fullmove number" && epd.fmvn_column) r.error->column = epd.fmvn_column;
    if (!r.ok()) {
      ++t.rejected;
      if (!o.quiet)
        errf("{}:{}:{}: error: invalid FEN: {} [invalid-fen]", name, line_no,
             std::size_t(trimmed.data() - line.data()) + r.error->shown_column(), r.error->to_string());
      if (rejects) {
        rejects->write(line);
        rejects->write(l.line_end);  // as it was read
      }
      return !(rejects && rejects->failed());
    }
    std::string text;
    switch (o.to) {
      case Format::Fen: text = to_fen(r.position) + "\n"; break;
      case Format::Epd:
        text = output::to_epd(r.position, epd.operations);
        text += '\n';
        break;
      case Format::Json:
        output::append_position_json(text, r.position);
        text += '\n';
        break;
      case Format::Pgn: {
        pgn::Game g;
        g.start = r.position;
        g.start_fen = to_fen(r.position);
        g.tags = {{"SetUp", "1"}, {"FEN", g.start_fen}};
        // Its castling rights read as Chess960's only beside a Variant tag: other readers take
        // an X-FEN "KQkq" with the king off e1 for standard chess.
        if (r.position.is_chess960()) g.tags.insert(g.tags.begin(), {"Variant", "Chess960"});
        if (t.converted) text += '\n';
        output::write_pgn(g, text);
        break;
      }
      case Format::Uci:
      case Format::Lan:
      case Format::Csv: break;  // made of moves: refused for --from fen before this
    }
    ++t.converted;
    out.write(text);
    return !(out.failed() || (rejects && rejects->failed()));
  };
  for (const auto& path : inputs.files) {
    io::ByteSource source(path, io::MemberKind::Fen);  // of an archive, its .fen and .epd members
    while (source.next_member()) {
      const std::string name = display_name(display_name(path), source.member());
      // A line at a time as the bytes come: memory holds the longest line (at most
      // kMaxGameBytes, as a PGN game), however long the file.
      pgn::TextLines lines(source, "the FEN", " \t");  // a line of \f is no blank line, but a FEN that is wrong
      for (pgn::TextLine l; lines.next(l);)
        if (!convert_line(name, l)) return ExitCode::Error;
      if (source.error()) break;
    }
    if (source.error()) {
      ++t.io_errors;
      error(*source.error());
    }
  }
  return ExitCode::Ok;
}

// PGN games in, every game replayed and written in the --to format; a game that does not
// replay is reported and, with --rejects, written there as it was.
void convert_games(const ConvertOptions& o, const InputList& inputs, OutputFile& out, OutputFile* rejects, ConvertCounts& t) {
  std::vector<std::string> names;
  for (const auto& f : inputs.files) names.push_back(display_name(f));
  const int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  const Format to = o.to;
  const bool reduced = o.reduced;
  const bool eco = o.eco;
  const pgn::StripCommands strip = o.strip_set;
  const std::vector<std::string>* columns = &o.csv_columns;
  auto work = [to, reduced, eco, strip, columns](std::size_t, const pgn::RawGame& raw) {
    pgn::ReplayOptions replay;
    replay.keep = format_info(to).mainline_only ? pgn::Keep::Mainline : pgn::Keep::Tree;
    replay.check_comments = false;  // convert reports errors only: no clock warnings to look for
    replay.move_tags_to_game = true;  // the formats read the tags from the game
    pgn::Replayed r = pgn::replay_game(raw, replay);
    Converted c;
    c.valid = r.ok();
    if (c.valid) {
      if (eco) openings::apply_eco_tags(r.game);
      output::format_game(r.game, to, {reduced, eco, strip, columns, &r.report}, c.text);
      c.left_out = output::left_out_report(r.report, r.game, to, reduced);
    } else {
      c.report = std::move(r.report);
    }
    return c;
  };
  PipelineSink<Converted> sink;
  sink.io_error = [&](std::size_t, const std::string& e) {
    ++t.io_errors;
    error(e);
  };
  VerbatimGames verbatim;  // the rejected games, as they were read
  // --rejects - beside PGN on standard output: one stream, a blank line between any two games.
  const bool shared = rejects && is_standard_output(o.rejects) && is_standard_output(o.output);
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, Converted&& c) {
    if (c.valid) {
      if ((t.converted || (shared && t.rejected)) && format_info(to).multi_line) out.write("\n");
      out.write(c.text);
      ++t.converted;
      if (shared) verbatim.closed_by_other(*rejects);
      if (c.left_out && !o.quiet)
        for (const auto& line : output::left_out_diagnostics(display_name(names[f], raw.member), *c.left_out)) err_line(line);
    } else {
      if (!o.quiet) print_rejection(display_name(names[f], raw.member), c.report);
      std::uint64_t written = shared ? t.rejected + t.converted : t.rejected;
      // As it was read: CRLF stays CRLF.
      if (rejects && !verbatim.write(*rejects, written, raw, raw.text) && !o.quiet)
        err_line(merged_game_warning(display_name(names[f], raw.member), raw.line));
      ++t.rejected;
    }
    return !out.failed() && !(rejects && rejects->failed());  // a full disk: stop reading
  };
  sink.note = [&](std::size_t f, const io::InputNote& note) {
    if (!o.quiet) print_input_note(names[f], note);
  };
  sink.file_done = [&](std::size_t f, const FileRead& read) {
    if (o.quiet || format_info(to).mainline_only || o.reduced) return;  // formats that keep no text beside moves
    if (const std::string note = output::escape_lines_left_out(names[f], read.escape_lines); !note.empty())
      err_line(note);
  };
  run_pipeline<Converted>(inputs.files, jobs, work, sink);
}

// One NDJSON game record through the Replayer, written like a PGN game (rejected when a
// move does not replay or the record cannot be read).
void convert_json_record(const ConvertOptions& o, const std::string& name, const pgn::TextLine& rec, std::uint64_t index,
                         OutputFile& out, OutputFile* rejects, ConvertCounts& t) {
  pgn::ReplayOptions replay;
  replay.keep = format_info(o.to).mainline_only ? pgn::Keep::Mainline : pgn::Keep::Tree;
  replay.check_comments = false;  // convert reports errors only
  replay.move_tags_to_game = true;  // the formats read the tags from the game
  pgn::RawGame place;  // where the record is, for the report; no PGN text
  place.index = index;
  place.line = rec.line;
  place.byte_offset = rec.byte_offset;
  pgn::Replayer replayer(replay, &place);
  pgn::visit_json_game(rec.text, rec.line, rec.byte_offset, replayer);
  pgn::GameReport report = replayer.take_report();
  pgn::Game game = replayer.take_game();
  if (!report.valid) {
    ++t.rejected;
    if (!o.quiet) print_rejection(name, report);
    if (rejects) {
      rejects->write(rec.text);
      rejects->write(rec.line_end);  // as it was read
    }
    return;
  }
  // The warnings of what the output leaves out, as for a PGN game (an empty variation).
  if (!o.quiet)
    if (const auto left_out = output::left_out_report(report, game, o.to, o.reduced))
      for (const auto& line : output::left_out_diagnostics(name, *left_out)) err_line(line);
  if (o.eco) openings::apply_eco_tags(game);
  std::string text;
  if (t.converted && format_info(o.to).multi_line) text += '\n';
  output::format_game(game, o.to, {o.reduced, o.eco, o.strip_set, &o.csv_columns, &report}, text);
  out.write(text);
  ++t.converted;
}

// --from json: the NDJSON of convert --to json, one record per line, read a line at a time.
void convert_json_records(const ConvertOptions& o, const InputList& inputs, OutputFile& out, OutputFile* rejects, ConvertCounts& t) {
  for (const auto& path : inputs.files) {
    io::ByteSource source(path, io::MemberKind::Json);  // of an archive, its .json, .ndjson and .jsonl members
    std::uint64_t cut_line = 0;
    while (source.next_member()) {
      const std::string name = display_name(display_name(path), source.member());
      pgn::TextLines lines(source);
      pgn::TextLine rec;
      std::uint64_t index = 0;
      while (lines.next(rec)) {
        convert_json_record(o, name, rec, ++index, out, rejects, t);
        if (out.failed() || (rejects && rejects->failed())) return;
      }
      cut_line = lines.cut_line();
      if (source.error()) break;
    }
    if (source.error()) {
      ++t.io_errors;
      // As for PGN: the record the fault cut off is left out, and named.
      error(*source.error() +
            (cut_line ? "; the record at line " + std::to_string(cut_line) + ", cut off there, is left out" : ""));
    }
  }
}

// One --strip value, words separated by commas, added to `set`; false with `why` for a
// word that is none or an empty item ("clk,,eval", a comma at an end, ''), which is a
// slip, not a request. The option splits its values here: CLI11's splitting drops the
// empty items without a word.
bool add_strip_words(std::string_view value, pgn::StripCommands& set, std::string& why) {
  std::string_view rest = value;
  for (int item = 1;; ++item) {
    const std::size_t comma = rest.find(',');
    const std::string_view w = rest.substr(0, comma);
    if (w == "clk") set.clk = true;
    else if (w == "emt") set.emt = true;
    else if (w == "eval") set.eval = true;
    else if (w == "arrows") set.arrows = true;
    else if (w.empty())
      why = (value.empty() ? std::string("the value is empty") : fmt::format("item {} of '{}' is empty", item, value)) +
            " (name clk, emt, eval or arrows, comma-separated)";
    else
      why = fmt::format("'{}' not in {{clk,emt,eval,arrows}}", w);
    if (!why.empty()) return false;
    if (comma == std::string_view::npos) return true;
    rest.remove_prefix(comma + 1);
  }
}

// The --strip values as a set (add_strip_words checked them while parsing); false (with
// the message printed) for it, --reduced or --eco with a format they do not change.
bool parse_strip(ConvertOptions& o) {
  std::string why;
  for (const auto& value : o.strip) add_strip_words(value, o.strip_set, why);
  if (o.strip_set.any() && o.to != Format::Pgn) {
    error(o.to == Format::Json
              ? std::string("--strip is for --to pgn (JSON has each command as a field of its own)")
              : std::string("--strip is for --to pgn (--to ").append(format_info(o.to).name).append(" writes no comments)"));
    return false;
  }
  if (o.reduced && o.to != Format::Pgn) {
    error("--reduced is for --to pgn: the reduced export format of PGN");
    return false;
  }
  // The move lists and positions carry no tags: --eco would change nothing they write.
  if (o.eco && o.to != Format::Pgn && o.to != Format::Json && o.to != Format::Csv) {
    error(std::string("--eco is for --to pgn, json or csv (--to ").append(format_info(o.to).name).append(" writes no tags)"));
    return false;
  }
  return true;
}

// The --fields list as the CSV columns (the default ones without it); false (with the
// message printed) for a bad list or --fields without --to csv.
bool parse_fields(ConvertOptions& o) {
  if (o.fields.empty()) {
    o.csv_columns = output::default_csv_columns();
    return true;
  }
  if (o.to != Format::Csv) {
    error("--fields is for --to csv");
    return false;
  }
  std::string why;
  if (!output::parse_csv_columns(o.fields, o.csv_columns, why)) {
    error("--fields: " + why);
    return false;
  }
  return true;
}

// Why --rejects cannot share standard output with the converted games, if it cannot. The
// rejected inputs are written as they were read (PGN games, FEN lines, NDJSON records):
// they may share it with output of that format only, not with a stream of another (NDJSON,
// CSV, UCI lines ...) that they would corrupt, nor with a compressed one, where they would
// land between its bytes.
std::optional<std::string> rejects_clash(const ConvertOptions& o) {
  if (o.rejects.empty() || !is_standard_output(o.rejects) || !is_standard_output(o.output)) return std::nullopt;
  if (format_info(o.to).name != o.from) {
    const std::string_view as_read = o.from == "fen" ? "FEN lines" : o.from == "json" ? "NDJSON records" : "PGN";
    return fmt::format("--rejects writes the rejected input as read ({}) and --to {} is on standard output: name a file "
                       "for one of them",
                       as_read, format_info(o.to).name);
  }
  if (o.compress.empty()) return std::nullopt;
  const io::Compression c = *io::compression_from_word(o.compress);
  std::string_view suffix;
  for (const io::CompressionInfo& i : io::kCompressions)
    if (i.compression == c) suffix = i.suffix;
  return fmt::format("--rejects writes the rejected input uncompressed and --compress {} compresses standard output: "
                     "name a file for the rejects (a {} name compresses them too)",
                     io::compression_name(c), suffix);
}

ExitCode run_convert(const ConvertOptions& o) {
  if (o.from == "fen" && format_info(o.to).has_moves) {
    error("--from fen gives positions without moves: use --to fen, epd, json or pgn");
    return ExitCode::Error;
  }
  if (const auto clash = rejects_clash(o)) {
    error(*clash);
    return ExitCode::Error;
  }
  InputList inputs = expand_inputs(o.paths);
  std::vector<NamedOutput> outputs = {{"-o", o.output}};
  if (!o.rejects.empty()) outputs.push_back({"--rejects", o.rejects});
  if (auto clash = find_output_clash(inputs.files, outputs)) {
    error(*clash);
    return ExitCode::Error;
  }
  ConvertCounts t;
  for (const auto& e : inputs.errors) {
    ++t.io_errors;
    error(e.message);
  }
  if (!o.compress.empty() && !o.output.empty() && o.output != "-") {
    error("--compress is for standard output: -o " + o.output + " is compressed by its name (.gz, .zst, .bz2, .xz)");
    return ExitCode::Error;
  }
  OutputFile out;
  std::string open_error;
  if (!out.open(o.output, open_error) ||
      (!o.compress.empty() && !out.compress_stdout(*io::compression_from_word(o.compress), open_error))) {
    error(open_error);
    return ExitCode::Error;
  }
  if (o.to == Format::Csv) {  // the header row, also for an input without games
    std::string header;
    output::append_csv_header(header, o.csv_columns);
    out.write(header);
  }
  std::unique_ptr<OutputFile> rejects;
  if (!o.rejects.empty()) {
    rejects = std::make_unique<OutputFile>();
    if (!rejects->open(o.rejects, open_error)) {
      error(open_error);
      return ExitCode::Error;
    }
  }

  if (o.from == "fen")
    convert_fen_lines(o, inputs, out, rejects.get(), t);
  else if (o.from == "json")
    convert_json_records(o, inputs, out, rejects.get(), t);
  else
    convert_games(o, inputs, out, rejects.get(), t);

  // The outputs replace their targets only when every input was read.
  const bool inputs_ok = t.io_errors == 0;
  for (OutputFile* f : {&out, rejects.get()})
    if (f && !f->finish(inputs_ok)) ++t.io_errors;
  const bool will_write = rejects && rejects->will_be_written(t.io_errors == 0);
  if (t.rejected && !o.quiet)
    errf("chesstool: {} converted, {} rejected (left out{})", t.converted, t.rejected,
         will_write ? ", written to " + o.rejects : "");
  if (t.io_errors) return ExitCode::Error;
  if (t.rejected) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_convert(CLI::App& app) {
  auto o = std::make_shared<ConvertOptions>();
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  auto to_name = std::make_shared<std::string>();
  std::vector<std::string> names;
  for (const auto& f : kFormats) names.emplace_back(f.name);
  std::string format_list;
  for (std::size_t k = 0; k < names.size(); ++k)
    format_list += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + names[k];
  app.add_option("-t,--to", *to_name, "Output format: " + format_list)
      ->required()
      ->check(CLI::IsMember(names));
  app.add_option("--from", o->from,
                 "Input format: pgn (default), fen (one FEN or EPD per line) or json (the NDJSON of --to json)")
      ->check(CLI::IsMember({"pgn", "fen", "json"}));
  app.add_option("-o,--output", o->output, "Write the converted games to FILE instead of standard output");
  app.add_flag("--reduced", o->reduced, "PGN: the reduced export format (the Seven Tag Roster, no comments, NAGs or variations)");
  // The check's description lists the words as CLI::IsMember would, for --help and the completion.
  const CLI::Validator strip_words(
      [](std::string& value) {
        pgn::StripCommands set;
        std::string why;
        return add_strip_words(value, set, why) ? std::string() : why;
      },
      "{clk,emt,eval,arrows}");
  app.add_option("--strip", o->strip, "PGN: leave out these comment commands: clk, emt, eval, arrows (comma-separated)")
      ->allow_extra_args(false)
      ->check(strip_words);
  app.add_option("--fields", o->fields,
                 "CSV: the columns, comma-separated: tag names, or the computed " + output::csv_computed_names());
  app.add_flag("--eco", o->eco, "Add or correct the ECO and Opening tags from the opening table (JSON: eco, opening, eco_ply)");
  app.add_option("--rejects", o->rejects, "Write every game that does not replay, unchanged, to FILE");
  app.add_option("--compress", o->compress, "Compress standard output: gzip, zstd, bzip2 or xz (files: by name)")
      ->check(CLI::IsMember(compression_choices()));
  app.add_flag("-q,--quiet", o->quiet, "Print no diagnostics: of rejected games, and of what PGN or JSON output leaves out");
  app.add_option("-j,--jobs", o->jobs, "Games converted in parallel (default: all cores)")->check(CLI::Range(1, 1024));
  return [o, to_name]() {
    for (const auto& f : kFormats)
      if (f.name == *to_name) o->to = f.format;
    if (!parse_strip(*o) || !parse_fields(*o)) return ExitCode::Error;
    return run_convert(*o);
  };
}

}  // namespace chesstool::cli
