// SPDX-License-Identifier: MIT
// `chesstool fen`: checks FENs and prints them in canonical form.
#include <fmt/core.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "core/fen.hpp"
#include "io/archive_reader.hpp"
#include "output/json.hpp"
#include "pgn/encoding.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::cli {

namespace {

struct FenOptions {
  std::vector<std::string> fens;
  bool json = false;
  bool quiet = false;
};

// Checks one FEN; prints the canonical form (or a JSON record) to stdout and the error,
// named by `where`, to stderr. Returns whether it was valid.
bool check_one(const FenOptions& o, const std::string& text, const std::string& where, bool from_stdin,
               std::uint64_t number) {
  FenResult r = parse_fen(fen_or_startpos(text));
  if (o.json) {
    output::JsonObject rec;
    rec.field("type", "fen").field(from_stdin ? "line" : "arg", number).field("input", text).field("valid", r.ok());
    if (r.ok()) {
      rec.field("fen", to_fen(r.position)).field("chess960", r.position.is_chess960()).null_field("error");
    } else {
      // The manual lists "chess960" in every record: unknown for a FEN that is not valid.
      rec.null_field("fen").null_field("chess960").raw_field("error", output::JsonObject()
                                                   .field("field", r.error->field)
                                                   .field("message", r.error->message)
                                                   .field("column", std::uint64_t(r.error->shown_column()))
                                                   .str());
    }
    out_data(std::move(rec).str() + "\n");
  } else if (r.ok()) {
    out(to_fen(r.position) + "\n");
  }
  if (!r.ok() && !o.quiet) {
    errf("{}:{}: error: invalid FEN: {} [invalid-fen]", where, r.error->shown_column(), r.error->to_string());
    // A file named where a FEN goes: say how its lines are read.
    struct stat st {};
    if (!from_stdin && text.find(' ') == std::string::npos && ::stat(text.c_str(), &st) == 0)
      errf("chesstool: note: '{}' is a file: fen reads FENs from its arguments or from standard input "
           "(chesstool fen < {}), convert --from fen from files",
           text, text);
  }
  return r.ok();
}

// What standard input is, from its first bytes, when it is no plain text (UTF-16, an
// archive, compressed data, an image): the error that says so, or "".
std::string not_plain_text(std::string_view head) {
  std::string what;
  const io::InputFormat format = io::sniff_format(head, &what);
  if (format == io::InputFormat::Plain) return {};
  if (format != io::InputFormat::Binary)
    return fmt::format("standard input is {} data: fen reads plain text (convert --from fen --to fen reads this)",
                       io::format_name(format));
  return "cannot read standard input: it is " + what;
}

// Standard input a line at a time (without its line end: LF, CRLF or a CR alone), to `line` until it returns false;
// false, with error saying why, when reading failed or a line ran past kMaxGameBytes.
// Standard output is flushed before every read that may wait, not before every line: a
// program that writes a FEN and waits for its answer gets it, and a pipe full of lines is
// still answered a block at a time.
bool for_each_stdin_line(const std::function<bool(std::string_view, std::uint64_t)>& line, std::string& error) {
  std::string buf;
  std::size_t pos = 0, scan = 0;  // the line starts at pos; no line end before scan
  std::uint64_t n = 0;
  // The last line ended in a CR that ended what was read, handed out at once (a program
  // may wait for the answer): an LF right after it is the rest of that line end.
  bool lf_may_follow = false;
  bool sniffed = false;  // not_plain_text has looked at the input's start
  // Whether the input's start shows it is no plain text: told once, before any line is read.
  const auto not_text = [&] {
    sniffed = true;
    error = not_plain_text(buf);
    return !error.empty();
  };
  std::vector<char> chunk(std::size_t(64) << 10);
  for (;;) {
    const auto too_long = [&] {
      error = fmt::format("the FEN at line {} of standard input runs past {} MiB: it and the rest of the input are not read",
                          n + 1, pgn::kMaxGameBytes >> 20);
      return false;
    };
    if (std::size_t end = buf.find_first_of("\r\n", scan); end != std::string::npos) {
      if (std::exchange(lf_may_follow, false) && end == pos && buf[end] == '\n') {
        pos = scan = end + 1;
        continue;
      }
      if (end - pos > pgn::kMaxGameBytes) return too_long();
      if (!line(std::string_view(buf).substr(pos, end - pos), ++n)) return true;
      if (buf[end] == '\r' && end + 1 < buf.size() && buf[end + 1] == '\n') ++end;  // CRLF
      else if (buf[end] == '\r' && end + 1 == buf.size()) lf_may_follow = true;
      pos = scan = end + 1;
      continue;
    }
    buf.erase(0, pos);
    pos = 0;
    scan = buf.size();
    if (buf.size() > pgn::kMaxGameBytes) return too_long();
    flush_stdout();
    const ssize_t got = ::read(STDIN_FILENO, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      // As the other commands word it (io::ByteSource).
      error = errno == EISDIR       ? "cannot read standard input: Is a directory"
              : stdin_was_closed() ? "error reading standard input: it is closed"
                                   : fmt::format("error reading standard input: {}", std::strerror(errno));
      return false;
    }
    if (got == 0) {
      if (!sniffed && !buf.empty() && not_text()) return false;
      if (!buf.empty()) line(buf, ++n);  // a last line without its line end
      return true;
    }
    buf.append(chunk.data(), std::size_t(got));
    // What the input is, told from its first bytes once there are enough to tell UTF-16
    // (16) or a line is whole, before any line is read as a FEN.
    if (!sniffed && (buf.size() >= 16 || buf.find('\n') != std::string::npos) && not_text()) return false;
  }
}

}  // namespace

Runner setup_fen(CLI::App& app) {
  auto o = std::make_shared<FenOptions>();
  app.add_option("fen", o->fens, "FENs to check (or the word startpos); one per line on standard input when none is given, or -");
  app.add_flag("--json", o->json, "Print one JSON record per FEN (NDJSON)");
  app.add_flag("-q,--quiet", o->quiet, "Do not print errors on standard error");
  return [o]() {
    bool all_ok = true;
    if (o->fens.size() == 1 && o->fens[0] == "-") o->fens.clear();  // "-" is standard input, as elsewhere
    if (!o->fens.empty()) {
      for (std::size_t i = 0; i < o->fens.size(); ++i)
        all_ok &= check_one(*o, o->fens[i], fmt::format("<arg {}>", i + 1), false, i + 1);
    } else {
      // Standard output appended to the file standard input reads would feed the output
      // back in, for ever.
      if (auto clash = find_output_clash({"-"}, {{"standard output", ""}})) {
        error(*clash);
        return ExitCode::Error;
      }
      std::string failure;
      const bool read_ok = for_each_stdin_line(
          [&](std::string_view line, std::uint64_t n) {
            line = pgn::without_bom(line);  // any line's, as convert --from fen
            if (line.find_first_not_of(" \t\r") == std::string_view::npos) return true;  // blank lines are not FENs
            all_ok &= check_one(*o, std::string(line), fmt::format("<stdin>:{}", n), true, n);
            return !stdout_failed();
          },
          failure);
      if (!read_ok) {
        error(failure);
        return ExitCode::Error;
      }
    }
    return all_ok ? ExitCode::Ok : ExitCode::Negative;
  };
}

}  // namespace chesstool::cli
