// SPDX-License-Identifier: MIT
// `chesstool board`: a position (a FEN, or a game's position after some ply) as a
// terminal diagram or an SVG picture.
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/input_paths.hpp"
#include "cli/output_file.hpp"
#include "core/fen.hpp"
#include "core/san.hpp"
#include "core/uci.hpp"
#include "io/source.hpp"
#include "output/board_diagram.hpp"
#include "output/board_last_move.hpp"
#include "output/game_output.hpp"
#include "output/terminal_text.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/encoding.hpp"
#include "pgn/input_games.hpp"
#include "pgn/replay.hpp"

namespace chesstool::cli {

namespace {

struct BoardOptions {
  std::vector<std::string> position;  // the FEN's fields (quoting is optional), startpos, -, or a PGN file
  std::string svg;
  std::string last_move;
  std::vector<std::string> arrows;
  std::vector<std::string> highlights;
  int size = 400;
  bool flip = false;
  bool coordinates = true;
  bool ascii = false;
  bool unicode = false;
  std::uint64_t game = 1;
  std::string ply = "end";
  bool game_given = false;  // --game or --ply was given: the position is a game's
};

// What is drawn: the position, and for a game its header line and its marks.
struct Shown {
  Position pos;
  output::DiagramOptions diagram;
  std::string header;  // "game 3 "White - Black", after 21. Nf3 (ply 41 of 80)"; empty for a FEN
};

// --arrow and --highlight into the diagram options; false (with the error said) on a bad one.
bool add_marks(const BoardOptions& o, output::DiagramOptions& d) {
  for (const std::string& a : o.arrows) {
    auto arrow = output::parse_arrow(a);
    if (!arrow) {
      error(fmt::format("--arrow {}: not an arrow such as e2e4 or Re2e4 (colour G, R, Y or B, then two different squares)", a));
      return false;
    }
    d.arrows.push_back(*arrow);
  }
  for (const std::string& h : o.highlights) {
    auto square = output::parse_highlight(h);
    if (!square) {
      error(fmt::format("--highlight {}: not a square such as d4 or Gd4 (colour G, R, Y or B, then the square)", h));
      return false;
    }
    d.highlights.push_back(*square);
  }
  return true;
}

// [%cal] and [%csl] of a comment as marks; a colour letter other than G, R, Y and B is
// drawn green.
void add_comment_marks(std::string_view comment, output::DiagramOptions& d) {
  const pgn::CommentData c = pgn::parse_comment_commands(comment);
  for (const pgn::Arrow& a : c.arrows) {
    auto arrow = output::parse_arrow(a.from + a.to);
    if (!arrow) continue;  // from == to: nothing to draw
    arrow->color = output::mark_color(a.color).value_or(output::MarkColor::Green);
    d.arrows.push_back(*arrow);
  }
  for (const pgn::Highlight& h : c.highlights)
    if (auto square = output::parse_highlight(h.square)) {
      square->color = output::mark_color(h.color).value_or(output::MarkColor::Green);
      d.highlights.push_back(*square);
    }
}

// The ply --ply names in a game of `plies` half-moves, or nullopt when it is no number.
std::optional<std::uint64_t> parse_ply(const std::string& text, std::uint64_t plies) {
  if (text == "end") return plies;
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// The game's position after `ply` half-moves of its mainline, its last move highlighted
// and the marks of that move's comment (for ply 0, the comment before the first move).
void walk_to(const pgn::Game& game, std::uint64_t index, std::uint64_t ply, Shown& shown) {
  Position pos = game.start;
  std::string move_text = "start position";
  for (std::uint64_t i = 0; i < ply; ++i) {
    const Move m = game.moves[i].move;
    if (i + 1 == ply) {
      move_text = fmt::format("after {}{} {}", pos.fullmove_number(), pos.side_to_move() == White ? "." : "...",
                              to_san(pos, m));
      if (!m.is_null()) shown.diagram.last_move = output::parse_last_move(to_uci(pos, m));
    }
    pos.make_move(m);
  }
  shown.pos = pos;
  if (ply > 0)
    add_comment_marks(game.moves[ply - 1].comment_after, shown.diagram);
  else
    add_comment_marks(game.moves.empty() ? game.comment : game.moves.front().comment_before(), shown.diagram);
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  shown.header = fmt::format("game {} \"{} - {}\", {} (ply {} of {})", index, white ? *white : "?", black ? *black : "?",
                             move_text, ply, game.moves.size());
}

// Reads the path's games up to --game, replays that one (nothing in the file is trusted)
// and walks to --ply. Exit status 2 for an input that cannot be read and for a game or a
// ply that is not there, 1 for a game that does not replay (its first error is printed
// as validate prints it).
ExitCode load_game(const BoardOptions& o, const std::string& path, Shown& shown) {
  io::ByteSource source(path);
  if (source.error()) {
    error(*source.error());
    return ExitCode::Error;
  }
  pgn::InputGames games(source);
  pgn::RawGame raw;
  std::uint64_t count = 0;
  while (count < o.game && games.next(raw)) ++count;
  if (count < o.game) {
    if (source.error())
      error(games.error_message());
    else
      error(fmt::format("{} has {} game{}: there is no game {}", display_name(path), count, count == 1 ? "" : "s", o.game));
    return ExitCode::Error;
  }
  const pgn::Replayed replayed = pgn::build_game(raw, pgn::Keep::Tree);
  if (!replayed.ok()) {
    const std::string where = display_name(display_name(path), raw.member);
    if (const pgn::Diagnostic* first = replayed.error()) err_line(output::render_diagnostic(where, replayed.report, *first));
    error(fmt::format("game {} does not replay, so it has no position to draw", o.game));
    return ExitCode::Negative;
  }
  const std::uint64_t plies = replayed.game.moves.size();
  const std::optional<std::uint64_t> ply = parse_ply(o.ply, plies);
  if (!ply) {
    error(fmt::format("--ply {}: not a ply number (0 is the start position) or end", o.ply));
    return ExitCode::Error;
  }
  if (*ply > plies) {
    error(fmt::format("game {} has {} pl{}: there is no ply {}", o.game, plies, plies == 1 ? "y" : "ies", *ply));
    return ExitCode::Error;
  }
  walk_to(replayed.game, o.game, *ply, shown);
  return ExitCode::Ok;
}

// The FEN of the command line (or of standard input's first line) into shown.pos; a
// single argument that is no FEN but names a file makes it a game (game_file is set).
ExitCode load_fen(const BoardOptions& o, Shown& shown, std::string& game_file) {
  std::string text;
  for (const auto& part : o.position) {
    if (!text.empty()) text += ' ';
    text += part;
  }
  if (text == "-") {
    // The first line of standard input, e.g. from `chesstool convert --to fen | tail -1`.
    if (stdin_was_closed() || !std::getline(std::cin, text)) {
      struct stat st {};
      const bool directory = ::fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode);
      error(stdin_was_closed() ? "error reading standard input: it is closed"
            : directory        ? "cannot read standard input: Is a directory"
                               : "no FEN on standard input");
      return ExitCode::Error;
    }
    if (!text.empty() && text.back() == '\r') text.pop_back();
    text.erase(0, text.size() - pgn::without_bom(text).size());  // as convert --from fen
  }
  FenResult r = parse_fen(fen_or_startpos(text));
  if (r.ok()) {
    shown.pos = r.position;
    return ExitCode::Ok;
  }
  // One argument that is no FEN but names a file (spaces in its name allowed) is a game.
  struct stat st {};
  const bool single = o.position.size() == 1 && o.position[0] != "-";
  const int stat_error = single && stat(text.c_str(), &st) != 0 ? errno : 0;
  if (single && stat_error == 0) {
    game_file = text;
    return ExitCode::Ok;
  }
  if (single && text.find(' ') == std::string::npos)
    error(fmt::format("'{}' is neither a FEN (invalid FEN: {}) nor a file ({})", text, r.error->to_string(),
                      std::strerror(stat_error)));
  else
    error(fmt::format("invalid FEN: {}", r.error->to_string()));
  return ExitCode::Error;  // a bad argument, not data found wrong
}

// The position and its marks, from a FEN or a game.
ExitCode load(const BoardOptions& o, Shown& shown) {
  std::string game_file;
  if (o.game_given) {
    // A position given with them (several FEN fields, or one FEN or startpos that names
    // no file) is said as such, not as a file that cannot be opened.
    std::string words;
    for (const auto& part : o.position) words += (words.empty() ? "" : " ") + part;
    struct stat st {};
    const bool position =
        words != "-" && ::stat(words.c_str(), &st) != 0 && parse_fen(fen_or_startpos(words)).ok();
    if (position || o.position.size() != 1) {
      error(std::string("--game and --ply read one PGN file (or - for standard input)") +
            (position ? ", not a position: draw a FEN without them" : ""));
      return ExitCode::Error;
    }
    game_file = o.position[0];
  } else if (ExitCode e = load_fen(o, shown, game_file); e != ExitCode::Ok) {
    return e;
  }
  // Refused before anything is read or written: an output (the picture, or standard
  // output) that is the game's file would overwrite it, and standard output redirected
  // onto the picture's file would lose one of the two.
  std::vector<NamedOutput> outputs{{"standard output", ""}};
  if (!o.svg.empty() && !is_standard_output(o.svg)) outputs.push_back({"--svg", o.svg});
  std::vector<std::string> inputs;
  if (!game_file.empty()) inputs.push_back(game_file);
  if (auto clash = find_output_clash(inputs, outputs)) {
    error(*clash);
    return ExitCode::Error;
  }
  if (!game_file.empty()) {
    if (!o.last_move.empty()) {
      error("--lastmove is for a FEN: a game's diagram highlights the move the game played");
      return ExitCode::Error;
    }
    if (ExitCode e = load_game(o, game_file, shown); e != ExitCode::Ok) return e;
  } else if (!o.last_move.empty()) {
    output::LastMoveCheck check = output::check_last_move(shown.pos, o.last_move);
    if (!check.squares) {
      error(fmt::format("--lastmove {}: {}", o.last_move, check.error));
      return ExitCode::Error;
    }
    shown.diagram.last_move = check.squares;
  }
  return add_marks(o, shown.diagram) ? ExitCode::Ok : ExitCode::Error;
}

// The diagram for standard output: the game's header line, then the board in text.
std::string text_diagram(const BoardOptions& o, const Shown& shown) {
  const bool tty = isatty(STDOUT_FILENO) != 0;
  std::string diagram;
  // Tag values come from the file: escaped before they reach a terminal.
  if (!shown.header.empty()) diagram = output::terminal_safe(shown.header) + "\n";
  if (o.ascii || (!o.unicode && !tty))
    diagram += output::ascii_diagram(shown.pos, shown.diagram);
  else
    diagram += output::unicode_diagram(shown.pos, tty, shown.diagram);
  return diagram;
}

ExitCode run_board(const BoardOptions& o) {
  Shown shown;
  if (ExitCode e = load(o, shown); e != ExitCode::Ok) return e;
  output::DiagramOptions& d = shown.diagram;
  d.flip = o.flip;
  d.coordinates = o.coordinates;
  d.size = o.size;
  OutputFile file;
  if (!o.svg.empty()) {
    std::string e;
    if (!file.open(o.svg, e)) {
      error(e);
      return ExitCode::Error;
    }
    file.write(output::svg_diagram(shown.pos, d));
    if (is_standard_output(o.svg)) return file.finish(true) ? ExitCode::Ok : ExitCode::Error;
  }
  // The text diagram first, the picture's file last: a standard output that fails
  // leaves the file as it was (OutputFile::finish).
  out(text_diagram(o, shown));
  if (file.is_open() && !file.finish(true)) return ExitCode::Error;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_board(CLI::App& app) {
  auto o = std::make_shared<BoardOptions>();
  app.add_option("position", o->position,
                 "The position: a FEN (quoted, or as separate fields), startpos, - to read a FEN from standard input, "
                 "or a PGN file (with --game/--ply, - reads PGN from standard input)")
      ->required();
  auto* svg = app.add_option("--svg", o->svg, "Also write the diagram as an SVG picture to FILE (- for standard output, then no text diagram)");
  app.add_option("--lastmove", o->last_move,
                 "Highlight this move, in UCI (e2e4), which must be the legal move that led to the FEN's position");
  // Games count from 1 (CLI::PositiveNumber's message prints a range of 300 digits).
  auto* game = app.add_option("--game", o->game, "Draw a position of the Nth game of the PGN file (default 1)")
                   ->check(whole_number(18, true, "games count from 1 (a number up to 18 digits)"));
  auto* ply = app.add_option("--ply", o->ply, "The position after this many half-moves of the game's mainline, or end (default)");
  app.add_flag("--flip", o->flip, "Black at the bottom");
  // Two flags, each set when it is read, so the last one given wins (CLI11's negated form
  // would show "{false}" in the help).
  // A flag's value counts too: --coordinates=false is --no-coordinates (a count of -1).
  app.add_flag_function("--coordinates", [o](std::int64_t count) { o->coordinates = count > 0; },
                        "Rank and file coordinates (default on)")
      ->trigger_on_parse();
  app.add_flag_function("--no-coordinates", [o](std::int64_t count) { o->coordinates = count <= 0; },
                        "No rank and file coordinates")
      ->trigger_on_parse();
  app.add_option("--size", o->size, "Width and height of the SVG picture in pixels (default 400)")
      ->check(CLI::Range(16, 10000))
      ->needs(svg);
  app.add_option("--arrow", o->arrows, "Draw an arrow in the SVG, e.g. e2e4 or Re2e4 (colour G, R, Y, B); repeatable")
      ->allow_extra_args(false)  // one arrow per --arrow, so the position may follow
      ->needs(svg);
  app.add_option("--highlight", o->highlights, "Highlight a square in the SVG, e.g. d4 or Yd4 (colour G, R, Y, B); repeatable")
      ->allow_extra_args(false)
      ->needs(svg);
  auto* ascii = app.add_flag("--ascii", o->ascii, "Plain ASCII diagram, even on a terminal");
  auto* unicode = app.add_flag("--unicode", o->unicode, "Unicode pieces even when standard output is not a terminal");
  ascii->excludes(unicode);
  return [o, game, ply]() {
    o->game_given = game->count() > 0 || ply->count() > 0;
    return run_board(*o);
  };
}

}  // namespace chesstool::cli
