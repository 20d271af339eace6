// SPDX-License-Identifier: MIT
// `chesstool annotate`: writes games back as PGN with the FIDE adjudication as comments and tags, optionally in place.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/choices.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "cli/verbatim_games.hpp"
#include "core/recycled.hpp"
#include "io/archive_reader.hpp"
#include "io/compressor.hpp"
#include "openings/eco.hpp"
#include "output/annotation_texts.hpp"
#include "output/annotator.hpp"
#include "pgn/movetext_parser.hpp"
#include "pgn/replay.hpp"
#include "output/pgn_writer.hpp"
#include "output/terminal_text.hpp"
#include "output/game_output.hpp"

namespace chesstool::cli {

namespace {

struct AnnotateCliOptions {
  std::vector<std::string> paths;
  std::string output;
  std::string compress;  // --compress: the format of standard output
  bool in_place = false;
  bool force = false;
  std::string lang = "en";
  bool quiet = false;
  bool eco = false;  // --eco: ECO and Opening tags from the classification
  int jobs = 0;
};

// The line written before a game that does not replay. A ';' comment runs to the end of
// its line and may stand before the tag section (PGN spec 5), so the game's own bytes
// follow unchanged; a later run recognises the line by this prefix and the text after it
// (own_warning_at) and drops it before adding the current one, so the warnings never
// pile up.
constexpr std::string_view kWarningPrefix = "; chesstool: ";

// Whether the line at text[at] is a warning line an earlier run wrote (kWarningPrefix, the
// InvalidGame text of any language, ": "): only these are dropped, not a user's own
// "; chesstool: ..." comment, which is kept as any comment is.
bool own_warning_at(const std::string& text, std::size_t at) {
  if (text.compare(at, kWarningPrefix.size(), kWarningPrefix) != 0) return false;
  const std::string_view rest = std::string_view(text).substr(at + kWarningPrefix.size());
  for (std::size_t l = 0; l < output::kLangCount; ++l) {
    const std::string_view says = output::annotation_text(output::TextId::InvalidGame, output::Lang(l));
    if (rest.size() > says.size() + 1 && rest.compare(0, says.size(), says) == 0 && rest[says.size()] == ':' &&
        rest[says.size() + 1] == ' ')
      return true;
  }
  return false;
}

// The message on the warning line, as the writer writes text (control characters as
// blanks), and with a '}' as ')', as in the writer's comments: a game left with its
// '{' comment open before this line would otherwise end it there and swallow the line
// ("'{' comment is never closed by '}'"), and the next run would read other games.
std::string warning_text(std::string_view message) {
  std::string text = output::blank_controls(message);
  std::replace(text.begin(), text.end(), '}', ')');
  return text;
}

// One game, processed on a worker thread.
struct Annotated {
  RecycledString text;  // what to write: the annotated game, or the warning line and the raw text
  bool valid = true;
  bool empty = false;  // nothing but an earlier run's warning line: nothing to write
  std::optional<pgn::Diagnostic> result_warning;
  pgn::GameReport report;  // the replay's findings: errors of a game that does not replay, tags for messages
};

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where the last line end of text is, as find_last_of("\r\n") (which calls memchr once
// per character it passes: most of the game's last line).
std::size_t last_line_end(const std::string& text) {
  for (std::size_t i = text.size(); i > 0; --i)
    if (text[i - 1] == '\n' || text[i - 1] == '\r') return i - 1;
  return std::string::npos;
}

// Whether the game's last line is an earlier run's warning line: one the parser reads as a
// ';' comment, not the same words inside a '{' comment (a log quoted in a game).
bool ends_with_own_warning(const pgn::RawGame& raw, std::size_t eol) {
  return own_warning_at(raw.text, eol + 1) && pgn::line_comment_at(raw, eol + 1);
}

// Whether drop_own_warnings has anything to drop: a warning line first or last.
bool holds_own_warnings(const pgn::RawGame& raw) {
  if (own_warning_at(raw.text, 0)) return true;
  // Nearly every game has no ';' at all: one memchr says so, where the walk back to the
  // last line end would read a whole movetext written on one line (lichess's database).
  if (std::memchr(raw.text.data(), ';', raw.text.size()) == nullptr) return false;
  const std::size_t eol = last_line_end(raw.text);
  return eol != std::string::npos && ends_with_own_warning(raw, eol);
}

// Drops the warning lines an earlier run put before this game (see kWarningPrefix),
// keeping the game's position in the source right for its diagnostics.
void drop_own_warnings(pgn::RawGame& raw) {
  std::size_t cut = 0;
  std::uint64_t lines = 0;
  while (own_warning_at(raw.text, cut)) {
    std::size_t eol = raw.text.find_first_of("\r\n", cut);
    if (eol == std::string::npos) {
      cut = raw.text.size();
      break;
    }
    cut = eol + (raw.text.compare(eol, 2, "\r\n") == 0 ? 2 : 1);
    ++lines;
    // Blank lines go; the blanks that start the game's own line stay (a '%' after them
    // must not land in column 1, where it would start an escape line).
    for (std::size_t i = cut; i < raw.text.size() && is_blank(raw.text[i]); ++i) {
      if (raw.text[i] != '\n' && raw.text[i] != '\r') continue;
      if (raw.text[i] == '\n' || raw.text.compare(i, 2, "\r\n") != 0) ++lines;  // CRLF: at its LF
      cut = i + 1;
    }
  }
  if (cut > 0) {
    raw.text.erase(0, cut);
    raw.line += lines;
    raw.byte_offset += cut;
    raw.column = 1;
  }
  // After a game without a termination marker, the next game's warning line is read as
  // the end of this one (the splitter ends a game at the next '[' line, not at a comment).
  for (;;) {
    const std::size_t eol = last_line_end(raw.text);
    if (eol == std::string::npos) break;
    if (!ends_with_own_warning(raw, eol)) break;
    // The line end before it is the game's own last one now (line_end_of reads it).
    raw.crlf_after = raw.text[eol] == '\n' && eol > 0 && raw.text[eol - 1] == '\r';
    std::size_t end = eol;
    while (end > 0 && is_blank(raw.text[end - 1])) --end;
    raw.text.erase(end);
  }
}

// "message [code]" of a game's first error in source order, on one line, for the warning line.
std::string first_error(const pgn::GameReport& report) {
  const auto errors = output::in_source_order(report, false);
  std::string s = errors.empty() ? std::string("does not replay") : errors[0]->message + " [" + errors[0]->code + "]";
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

Annotated annotate_one(const pgn::RawGame& input, output::Lang lang, bool eco) {
  Annotated a;
  // A copy only for the rare game with our warning lines to drop.
  const bool own_warnings = holds_own_warnings(input);
  pgn::RawGame trimmed;
  if (own_warnings) {
    trimmed = input;
    drop_own_warnings(trimmed);
  }
  const pgn::RawGame& raw = own_warnings ? trimmed : input;
  if (raw.text.empty()) {
    a.empty = true;
    return a;
  }
  pgn::ReplayOptions replay;
  replay.keep = pgn::Keep::Tree;
  replay.check_comments = false;  // the clocks are not annotate's to check
  replay.move_tags_to_game = true;  // a valid game's tags are read from the game (below)
  pgn::Replayer replayer(replay, &raw);
  pgn::parse_game(raw, replayer);
  a.report = replayer.take_report();
  if (!a.report.valid) {
    a.valid = false;
    const std::string_view eol = pgn::line_end_of(raw);  // the game's own: CRLF stays CRLF
    a.text = std::string(kWarningPrefix) + std::string(output::annotation_text(output::TextId::InvalidGame, lang)) + ": " +
             warning_text(first_error(a.report));  // the game's own bytes follow
    a.text.append(eol);
    // A game without tags may start only because an empty line comes before its "1." (the
    // game before it has no termination marker): an empty line after the warning keeps
    // it so, or the next read would take it for more of that game. Not before a NUL,
    // which after an empty line would start a game of its own, without the warning.
    const std::size_t first = raw.text.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && raw.text[first] != '[' && raw.text[first] != '\0') a.text.append(eol);
    a.text.append(raw.text).append(eol);
    return a;
  }
  pgn::Game game = replayer.take_game();
  if (eco) openings::apply_eco_tags(game);
  // The replay's own adjudication: the mainline is not played a second time.
  const output::Adjudication adj = output::adjudication_of(replayer.game_end(), a.report, game.tag("Termination"));
  output::AnnotateOptions options;
  options.lang = lang;
  const std::string* tag = game.tag("Result");
  const std::string tag_before = tag ? *tag : std::string();
  const output::AnnotateNotes notes = output::annotate_game(game, adj, options);
  if (notes.replaced_result) {
    // The warning points at the value replaced: the Result tag's when it said another
    // result, else the marker's (a right tag beside a wrong marker: the marker).
    const bool tag_replaced = !tag_before.empty() && tag_before != "*" && tag_before != game.result;
    const std::optional<pgn::SourceLoc> written = tag_replaced ? replayer.result_tag_place() : replayer.marker_place();
    pgn::Diagnostic d;
    d.severity = pgn::Severity::Warning;
    d.code = "result-replaced";
    d.line = written ? written->line : raw.line;
    d.column = written ? written->column : raw.column;
    if (notes.cannot_win_on_time)
      d.message = fmt::format("result '{}' replaced by '{}': a win on time for {}, who could not checkmate by any series "
                              "of legal moves, is a draw (FIDE 6.9)",
                              *notes.replaced_result, game.result, *notes.cannot_win_on_time == White ? "white" : "black");
    else
      d.message = fmt::format("result '{}' replaced by '{}': the game ended by {} at ply {}", *notes.replaced_result,
                              game.result, names_of(adj.end.termination).words, adj.end_ply);
    a.result_warning = std::move(d);
  } else if (const std::string* written = game.tag("Result"); written && *written != game.result) {
    // A Result tag that disagrees with the marker is kept, both as they were: said as
    // validate says it, since the output carries the disagreement on. (An automatic end
    // wrote its result into both, also over a '*', which is no result replaced.)
    for (const pgn::Diagnostic& w : a.report.warnings)
      if (w.code == "result-mismatch") a.result_warning = w;
  }
  // The warnings printed name the players (the replay moved the tags into the game).
  if (a.result_warning || output::tells_of_left_out_input(a.report)) a.report.tags = game.tags;
  output::write_pgn(game, a.text);
  return a;
}

void print_invalid(const std::string& file, const pgn::GameReport& report) {
  for (const auto* d : output::in_source_order(report, false)) err_line(output::render_diagnostic(file, report, *d));
}

struct AnnotateCounts {
  std::uint64_t annotated = 0, invalid = 0, io_errors = 0;
  std::uint64_t escape_lines_left_out = 0;  // of the last annotate_files call
};

void io_error(AnnotateCounts& t, const std::string& message) {
  ++t.io_errors;
  error(message);
}

// Annotates every game of files into out; false when reading one of them failed.
bool annotate_files(const AnnotateCliOptions& o, output::Lang lang, const std::vector<std::string>& files, OutputFile& out,
                    AnnotateCounts& t) {
  std::vector<std::string> names;
  for (const auto& f : files) names.push_back(display_name(f));
  const int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  bool read_ok = true;
  bool first = true;
  const bool eco = o.eco;
  std::uint64_t copied_escape_lines = 0;  // in games copied unchanged (of the file being read)
  t.escape_lines_left_out = 0;
  auto work = [lang, eco](std::size_t, const pgn::RawGame& raw) { return annotate_one(raw, lang, eco); };
  PipelineSink<Annotated> sink;
  sink.io_error = [&](std::size_t, const std::string& e) {
    read_ok = false;
    io_error(t, e);
  };
  // The last game written, when it was copied as read and did not end at its marker: the
  // next, as written (its warning line too), may run into it (joining).
  std::string open_game, open_eol;
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, Annotated&& a) {
    if (a.empty) return true;
    if (!first) {
      const Joining join = open_game.empty() ? Joining::Apart : joining(open_game, open_eol, a.text);
      if (join == Joining::WithMarker) {
        out.write("*");
        out.write(open_eol);
      }
      if (join == Joining::Merged && !o.quiet)
        err_line(merged_game_warning(display_name(names[f], raw.member), raw.line));
      out.write("\n");  // a blank line between games (PGN spec 8)
    }
    first = false;
    out.write(a.text);
    open_game.clear();
    if (!a.valid && (!raw.has_movetext || !raw.ended_at_marker)) {
      open_eol = pgn::line_end_of(raw);
      open_game.assign(a.text, 0, a.text.size() - open_eol.size());  // without its last line end
    }
    if (a.valid) {
      ++t.annotated;
      if (!o.quiet) {
        // What the output leaves out, as validate words it, and the result replaced.
        const std::string file = display_name(names[f], raw.member);
        for (const auto& line : output::left_out_diagnostics(file, a.report)) err_line(line);
        if (a.result_warning) err_line(output::render_diagnostic(file, a.report, *a.result_warning));
      }
    } else {
      ++t.invalid;
      copied_escape_lines += pgn::escape_lines_in(raw);  // a copy keeps them (not a '%' line inside a comment)
      if (!o.quiet) print_invalid(display_name(names[f], raw.member), a.report);
    }
    return !out.failed();  // a full disk: stop reading
  };
  sink.note = [&](std::size_t f, const io::InputNote& note) {
    if (!o.quiet) print_input_note(names[f], note);
  };
  sink.file_done = [&](std::size_t f, const FileRead& read) {
    const std::uint64_t left_out = read.escape_lines - std::min(read.escape_lines, copied_escape_lines);
    copied_escape_lines = 0;
    t.escape_lines_left_out += left_out;
    // --in-place refuses to drop them (annotate_in_place), and says so as an error.
    if (const std::string note = output::escape_lines_left_out(names[f], left_out); !note.empty() && !o.quiet && !o.in_place)
      err_line(note);
  };
  run_pipeline<Annotated>(files, jobs, work, sink);
  return read_ok;
}

// Rewrites one file through a temporary file in its directory and rename(), which POSIX
// makes atomic: at every moment the path holds either the whole old or the whole new file.
void annotate_in_place(const AnnotateCliOptions& o, output::Lang lang, const std::string& path, AnnotateCounts& t) {
  // A FIFO or a device is refused here, before anything opens it (opening a FIFO to read
  // its format would wait for a writer).
  OutputFile out;
  std::string e;
  if (!out.open_in_place(path, o.force, e)) return io_error(t, e);
  // The output is plain PGN: writing it under a .gz or .zip name would make the file
  // unreadable (and an archive's other members would be lost).
  const io::InputFormat format = io::file_format(path);
  if (format != io::InputFormat::Plain && format != io::InputFormat::Binary) {
    out.discard();
    const bool archive = format == io::InputFormat::Zip || format == io::InputFormat::Tar;
    return io_error(t, fmt::format("cannot rewrite {} in place: it is {}{}", path, archive ? "a " : "",
                                   std::string(io::format_name(format)) + (archive ? " archive" : "-compressed")));
  }
  const bool read_ok = annotate_files(o, lang, {path}, out, t);
  if (!read_ok) {
    out.discard();
    errf("chesstool: {} left unchanged", path);
    return;
  }
  if (t.escape_lines_left_out > 0) {
    // Rewriting would take the user's escape lines out of the file: not without a word.
    out.discard();
    return io_error(t, fmt::format("{}: {} escape line{} ('%' in column 1, PGN standard section 6) would be lost: "
                                   "left unchanged (annotate it into another file with -o)",
                                   path, t.escape_lines_left_out, t.escape_lines_left_out == 1 ? "" : "s"));
  }
  if (!out.finish(true)) ++t.io_errors;
}

ExitCode run_annotate(const AnnotateCliOptions& o) {
  const std::optional<output::Lang> lang = output::lang_from_code(o.lang);
  if (!lang) {
    error(fmt::format("unknown language '{}'", o.lang));
    return ExitCode::Error;
  }
  InputList inputs = expand_inputs(o.paths);
  const bool stdin_input = std::find(inputs.files.begin(), inputs.files.end(), "-") != inputs.files.end();
  if (o.in_place && !o.output.empty()) {
    error("--in-place rewrites each input file: it cannot be used with -o");
    return ExitCode::Error;
  }
  if (!o.compress.empty() && (o.in_place || (!o.output.empty() && o.output != "-"))) {
    error("--compress is for standard output: -o FILE is compressed by its name (.gz, .zst, .bz2, .xz), and "
          "--in-place keeps each file's format");
    return ExitCode::Error;
  }
  if (o.in_place && stdin_input) {
    error("--in-place needs files: standard input cannot be rewritten");
    return ExitCode::Error;
  }
  // Never overwrite an input without --in-place: the rename would replace it.
  if (!o.in_place)
    if (auto clash = find_output_clash(inputs.files, {{"-o", o.output}})) {
      error(*clash + " (--in-place rewrites a file)");
      return ExitCode::Error;
    }

  AnnotateCounts t;
  for (const auto& e : inputs.errors) io_error(t, e.message);
  if (o.in_place) {
    // A file reached twice (named twice, or beside a link to it) is rewritten once: a
    // second rewrite would find the file changed under it by the first.
    for (const std::string& again : drop_files_named_again(inputs))
      if (!o.quiet) warning(fmt::format("{} is named more than once: it is rewritten once", output::terminal_safe(again)));
    for (const auto& f : inputs.files) annotate_in_place(o, *lang, f, t);
  } else {
    OutputFile out;
    std::string e;
    if (!out.open(o.output, e) || (!o.compress.empty() && !out.compress_stdout(*io::compression_from_word(o.compress), e))) {
      io_error(t, e);
      return ExitCode::Error;
    }
    annotate_files(o, *lang, inputs.files, out, t);
    if (!out.finish(t.io_errors == 0)) ++t.io_errors;
  }
  if (t.invalid && !o.quiet)
    errf("chesstool: {} annotated, {} not replayable (copied unchanged after a warning line)", t.annotated, t.invalid);
  if (t.io_errors) return ExitCode::Error;
  if (t.invalid) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_annotate(CLI::App& app) {
  auto o = std::make_shared<AnnotateCliOptions>();
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  app.add_option("-o,--output", o->output, "Write the annotated games to FILE instead of standard output");
  app.add_option("--compress", o->compress, "Compress standard output: gzip, zstd, bzip2 or xz (files: by name)")
      ->check(CLI::IsMember(compression_choices()));
  auto* in_place = app.add_flag("--in-place", o->in_place, "Rewrite each input file (through a temporary file and an atomic rename)");
  app.add_flag("--force", o->force, "With --in-place: also rewrite a file whose permissions do not let you write it")
      ->needs(in_place);
  app.add_option("--lang", o->lang, "Language of the annotation comments: en (default) or ar")
      ->check(CLI::IsMember(lang_codes()));
  app.add_option("-j,--jobs", o->jobs, "Games annotated in parallel (default: all cores)")->check(CLI::Range(1, 1024));
  app.add_flag("-q,--quiet", o->quiet, "Print no diagnostics, warnings or summary on standard error (I/O errors still are)");
  app.add_flag("--eco", o->eco, "Add or correct the ECO and Opening tags from the opening table");
  return [o]() { return run_annotate(*o); };
}

}  // namespace chesstool::cli
