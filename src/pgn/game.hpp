// SPDX-License-Identifier: MIT
// The game tree: tags, start position, moves with comments, NAGs and variations, built by replaying a parsed game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "pgn/movetext_parser.hpp"

namespace chesstool::pgn {

struct Node;
// A line of play: consecutive moves, each played in the position the previous one left.
using Line = std::vector<Node>;

// One move of a line.
struct Node {
  Move move;                    // legal in the position before it (Move::null() for "--" in a variation)
  std::string san_written;      // the token as it stood in the source, suffixes included ("0-0", "Nf3+!?")
  std::string comment_before;   // comments between the previous move's variations and this move (or before a line's first move), joined by a space
  std::string comment_after;    // comments after the move, joined by a space
  std::vector<int> nags;        // $n codes in source order, suffix glyphs ("!?") included (spec 8.2.4, 10)
  std::vector<Line> variations; // alternatives to this move (RAV, spec 8.2.5), each from the position before it
};

// Destroys a line without recursing into its variations, so a tree nested 10,000 deep
// cannot overflow the stack; line is left empty.
void release_line(Line& line);

// A fully replayed game. Move-only: copying would recurse through the variations.
class Game {
 public:
  Game() = default;
  Game(Game&&) noexcept = default;
  Game& operator=(Game&& other) noexcept;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  ~Game() { release_line(moves); }

  // First value of a tag, or nullptr.
  const std::string* tag(std::string_view name) const;

  std::vector<std::pair<std::string, std::string>> tags;  // in source order, first of duplicate names only, UTF-8
  Position start;          // after the FEN/SetUp/Variant tags (spec 9.7)
  std::string start_fen;   // to_fen(start)
  Line moves;              // the mainline
  std::string comment;     // comments of a game without moves
  std::string result;      // the termination marker as written ("1-0", "0-1", "1/2-1/2", "*"), empty when missing
};

// Why a game could not be built: the first error met (parser error, illegal or
// ambiguous move, null move in the mainline, variation before any move, bad set-up tags).
struct BuildError {
  std::string code;     // the stable validate code ("illegal-move", "invalid-fen", ...)
  std::string message;
  SourceLoc loc;
};

// A Visitor that replays every move (mainline and variations from their branch point)
// through the rules engine and keeps the tree; nothing is trusted from the file. It
// stops at the first error: a game either replays whole or not at all. Uses explicit
// stacks only, so any nesting depth is safe.
struct BuildOptions {
  // Keep only the mainline moves: comments, NAGs and the variations' moves are not
  // stored (variations are still replayed, so the same games are rejected). For the
  // mainline-only formats (UCI, LAN, FEN, EPD), where storing them would only cost time.
  bool mainline_only = false;
};

class GameBuilder final : public Visitor {
 public:
  explicit GameBuilder(const BuildOptions& options = {});
  ~GameBuilder() override;

  void tag(std::string_view name, std::string_view value, SourceLoc) override;
  void begin_movetext() override;
  void move_number(std::uint32_t, bool, SourceLoc) override {}
  void san(std::string_view token, SourceLoc loc) override;
  void nag(int code, SourceLoc) override;
  void comment(std::string_view text, SourceLoc) override;
  void begin_variation(SourceLoc loc) override;
  void end_variation(SourceLoc) override;
  void result(std::string_view token, SourceLoc) override;
  void problem(Severity severity, std::string_view code, std::string message, SourceLoc loc) override;
  void end_game() override;

  bool ok() const { return !error_.has_value(); }
  const std::optional<BuildError>& error() const { return error_; }
  // The game; call once, after end_game().
  Game take() { return std::move(game_); }

 private:
  struct Frame {
    Line* line;                 // nullptr for a variation replayed but not kept
    bool has_move = false;
    // The positions after and before the line's last move, in two slots that swap
    // roles, so a move costs no position copy.
    Position slot[2];
    int cur = 0;
    Position& pos() { return slot[cur]; }
    Position& prev() { return slot[cur ^ 1]; }
    std::string pending;        // comments waiting for the next move of this line
    bool after_variation = false;
  };
  void fail(std::string_view code, std::string message, SourceLoc loc);
  void start();
  void flush_pending(Frame& f);

  BuildOptions options_;
  Game game_;
  std::vector<Frame> stack_;
  std::optional<BuildError> error_;
  bool started_ = false;
};

// parse_game + GameBuilder: the game when every move replays, else the first error.
struct BuildResult {
  Game game;
  std::optional<BuildError> error;
  bool ok() const { return !error.has_value(); }
};
BuildResult build_game(const RawGame& raw, const BuildOptions& options = {});

}  // namespace chesstool::pgn
