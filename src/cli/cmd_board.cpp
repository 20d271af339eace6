// SPDX-License-Identifier: MIT
// `chesstool board`: a position as a terminal diagram or an SVG picture.
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "core/fen.hpp"
#include "output/board_diagram.hpp"

namespace chesstool::cli {

namespace {

struct BoardOptions {
  std::vector<std::string> fen;  // the FEN's fields; quoting the FEN is optional
  std::string svg;
  std::string last_move;
  bool ascii = false;
  bool unicode = false;
};

ExitCode run_board(const BoardOptions& o) {
  std::string text;
  for (const auto& part : o.fen) text += (text.empty() ? "" : " ") + part;
  if (text == "-") {
    // The first line of standard input, e.g. from `chesstool convert --to fen | tail -1`.
    if (stdin_was_closed() || !std::getline(std::cin, text)) {
      error(stdin_was_closed() ? "reading standard input failed: it is closed" : "no FEN on standard input");
      return ExitCode::Error;
    }
    if (!text.empty() && text.back() == '\r') text.pop_back();
  }
  FenResult r = parse_fen(fen_or_startpos(text));
  if (!r.ok()) {
    error(fmt::format("invalid FEN: {}", r.error->to_string()));
    return ExitCode::Error;  // a bad argument, not data found wrong
  }
  output::DiagramOptions d;
  if (!o.last_move.empty()) {
    d.last_move = output::parse_last_move(o.last_move);
    if (!d.last_move) {
      error(fmt::format("--lastmove {}: not a UCI move such as e2e4", o.last_move));
      return ExitCode::Error;
    }
  }
  if (!o.svg.empty()) {
    std::string svg = output::svg_diagram(r.position, d);
    OutputFile file;
    std::string e;
    if (!file.open(o.svg, e)) {
      error(e);
      return ExitCode::Error;
    }
    file.write(svg);
    if (!file.finish(true)) return ExitCode::Error;
    if (o.svg == "-") return ExitCode::Ok;
  }
  const bool tty = isatty(STDOUT_FILENO) != 0;
  std::string diagram;
  if (o.ascii || (!o.unicode && !tty))
    diagram = output::ascii_diagram(r.position, d);
  else
    diagram = output::unicode_diagram(r.position, tty, d);
  out(diagram);
  return ExitCode::Ok;
}

}  // namespace

Runner setup_board(CLI::App& app) {
  auto o = std::make_shared<BoardOptions>();
  app.add_option("fen", o->fen, "The position as FEN (quoted, or as separate fields), startpos, or - to read it from standard input")
      ->required();
  app.add_option("--svg", o->svg, "Also write the diagram as an SVG picture to FILE (- for standard output, then no text diagram)");
  app.add_option("--lastmove", o->last_move, "Highlight the squares of this move, in UCI (e2e4)");
  auto* ascii = app.add_flag("--ascii", o->ascii, "Plain ASCII diagram, even on a terminal");
  auto* unicode = app.add_flag("--unicode", o->unicode, "Unicode pieces even when standard output is not a terminal");
  ascii->excludes(unicode);
  return [o]() { return run_board(*o); };
}

}  // namespace chesstool::cli
