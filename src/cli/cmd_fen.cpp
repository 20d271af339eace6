// SPDX-License-Identifier: MIT
// `chesstool fen`: checks FENs and prints them in canonical form.
#include <fmt/core.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "core/fen.hpp"
#include "output/json.hpp"
#include "pgn/encoding.hpp"

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
  }
  return r.ok();
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
      // No flush of standard output before every read (std::cin is tied to std::cout, which
      // is stdout's buffer): a write a line made 100,000 lines 100,000 write calls. And a
      // line too long to hold is "out of memory", not a read that failed (getline keeps
      // the bad_alloc to itself unless badbit throws).
      std::cin.tie(nullptr);
      std::cin.exceptions(std::ios::badbit);
      std::string line;
      std::uint64_t n = 0;
      while (!stdout_failed() && std::getline(std::cin, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r') line.pop_back();  // a CRLF line end
        line.erase(0, line.size() - pgn::without_bom(line).size());  // any line's, as convert --from fen
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are not FENs
        all_ok &= check_one(*o, line, fmt::format("<stdin>:{}", n), true, n);
      }
      // std::cin reads through stdio's stdin (synced, the default): a read that failed
      // (standard input a directory, an I/O error) ends the lines as the end of the file
      // would, and only ferror tells the two apart.
      if (std::cin.bad() || stdin_was_closed() || std::ferror(stdin)) {
        struct stat st {};
        const bool directory = ::fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode);
        error(directory ? "cannot read standard input: Is a directory" : "reading standard input failed");
        return ExitCode::Error;
      }
    }
    return all_ok ? ExitCode::Ok : ExitCode::Negative;
  };
}

}  // namespace chesstool::cli
