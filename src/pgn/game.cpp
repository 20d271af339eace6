// SPDX-License-Identifier: MIT
// GameBuilder: replays a parsed game into a Game tree with explicit stacks; iterative tree release.
#include "pgn/game.hpp"

#include "core/fen.hpp"
#include "core/san.hpp"
#include "pgn/start_position.hpp"

namespace chesstool::pgn {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Consecutive comments become one, separated by a space (an empty one adds nothing).
void append_comment(std::string& to, std::string_view text) {
  text = trim(text);
  if (text.empty()) return;
  if (!to.empty()) to += ' ';
  to += text;
}

std::string move_label(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? "." : "...");
}

}  // namespace

void release_line(Line& line) {
  // Moving every variation out onto a work list before its node dies keeps each
  // destructor shallow: nodes are destroyed holding only empty lines.
  std::vector<Line> pending;
  pending.push_back(std::move(line));
  line.clear();
  while (!pending.empty()) {
    Line l = std::move(pending.back());
    pending.pop_back();
    for (Node& n : l)
      for (Line& v : n.variations)
        if (!v.empty()) pending.push_back(std::move(v));
  }
}

Game& Game::operator=(Game&& other) noexcept {
  if (this != &other) {
    release_line(moves);
    tags = std::move(other.tags);
    start = other.start;
    start_fen = std::move(other.start_fen);
    moves = std::move(other.moves);
    comment = std::move(other.comment);
    result = std::move(other.result);
  }
  return *this;
}

const std::string* Game::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return &v;
  return nullptr;
}

GameBuilder::GameBuilder(const BuildOptions& options) : options_(options) {}

GameBuilder::~GameBuilder() = default;

void GameBuilder::fail(std::string_view code, std::string message, SourceLoc loc) {
  if (!error_) error_ = BuildError{std::string(code), std::move(message), loc};
}

void GameBuilder::tag(std::string_view name, std::string_view value, SourceLoc) {
  for (const auto& [k, v] : game_.tags)
    if (k == name) return;  // the parser warned (duplicate-tag); the first one counts, as in validate
  game_.tags.emplace_back(std::string(name), std::string(value));
}

void GameBuilder::start() {
  if (started_) return;
  started_ = true;
  StartPosition sp = resolve_start_position(game_.tags);
  if (!sp.ok) {
    const StartNote& n = sp.notes.back();
    fail(n.code, n.message, SourceLoc{});
    return;
  }
  game_.start = sp.position;
  game_.start_fen = to_fen(sp.position);
  game_.moves.reserve(128);  // most games fit: no regrowth while replaying
  Frame& root = stack_.emplace_back();
  root.line = &game_.moves;
  root.pos() = sp.position;
}

void GameBuilder::begin_movetext() { start(); }

void GameBuilder::san(std::string_view token, SourceLoc loc) {
  if (error_ || stack_.empty()) return;
  Frame& f = stack_.back();
  SanParse parsed = parse_san(token);
  if (!parsed.ok()) {
    fail("malformed-move", "malformed move " + move_label(f.pos()) + std::string(token) + ": " + parsed.message, loc);
    return;
  }
  // resolve_san writes the position after the move only on success, so it can go
  // straight into the other slot; then the slots swap roles.
  SanResolution r = resolve_san(f.pos(), parsed.token, &f.prev());
  if (!r.ok()) {
    fail(san_error_code(r.error), "illegal move " + move_label(f.pos()) + std::string(token) + ": " + r.message, loc);
    return;
  }
  if (r.move.is_null() && stack_.size() == 1) {
    fail("null-move", "null move " + move_label(f.pos()) + std::string(token) + " in the mainline: not a legal game", loc);
    return;
  }
  f.cur ^= 1;
  f.has_move = true;
  f.after_variation = false;
  if (!f.line) return;
  Node& n = f.line->emplace_back();
  n.move = r.move;
  if (options_.mainline_only) return;
  n.san_written = token;
  if (parsed.token.glyph) n.nags.push_back(parsed.token.glyph);
  if (!f.pending.empty()) {
    n.comment_before = std::move(f.pending);
    f.pending.clear();
  }
}

void GameBuilder::nag(int code, SourceLoc) {
  if (error_ || stack_.empty() || options_.mainline_only) return;
  Frame& f = stack_.back();
  // A NAG before any move of its line has no move to annotate: it is dropped.
  if (f.line && !f.line->empty()) f.line->back().nags.push_back(code);
}

void GameBuilder::comment(std::string_view text, SourceLoc) {
  if (error_ || options_.mainline_only) return;
  if (stack_.empty()) {
    append_comment(game_.comment, text);
    return;
  }
  Frame& f = stack_.back();
  if (!f.line) return;
  // After a variation closed, a comment introduces the next move rather than
  // commenting on the move the variation replaced.
  if (f.line->empty() || f.after_variation)
    append_comment(f.pending, text);
  else
    append_comment(f.line->back().comment_after, text);
}

void GameBuilder::begin_variation(SourceLoc loc) {
  if (error_ || stack_.empty()) return;
  if (!stack_.back().has_move) {
    fail("variation-without-move", "variation before any move", loc);
    return;
  }
  // An alternative to the last move: it starts from the position before that move.
  Line* v = nullptr;
  if (stack_.back().line && !options_.mainline_only) v = &stack_.back().line->back().variations.emplace_back();
  Position from = stack_.back().prev();
  Frame& child = stack_.emplace_back();  // invalidates references into stack_
  child.line = v;
  child.pos() = from;
}

void GameBuilder::flush_pending(Frame& f) {
  if (f.pending.empty()) return;
  if (f.line && !f.line->empty()) append_comment(f.line->back().comment_after, f.pending);
  f.pending.clear();
}

void GameBuilder::end_variation(SourceLoc) {
  if (error_ || stack_.size() < 2) return;
  flush_pending(stack_.back());  // a variation without moves loses its comments with it
  const bool kept = stack_.back().line != nullptr;
  stack_.pop_back();
  Frame& parent = stack_.back();
  if (kept) {
    auto& vars = parent.line->back().variations;
    if (vars.back().empty()) {
      // "( )" or "( {text} )": nothing to replay, and nothing written, so the comments
      // around it stay with the move before it.
      vars.pop_back();
      return;
    }
  }
  parent.after_variation = true;
}

void GameBuilder::result(std::string_view token, SourceLoc) { game_.result = std::string(token); }

void GameBuilder::problem(Severity severity, std::string_view code, std::string message, SourceLoc loc) {
  if (severity == Severity::Error) fail(code, std::move(message), loc);
}

void GameBuilder::end_game() {
  if (!started_) start();
  if (error_) return;
  while (stack_.size() > 1) end_variation(SourceLoc{});
  if (!stack_.empty()) {
    Frame& root = stack_.back();
    if (root.line->empty()) {
      append_comment(game_.comment, root.pending);
      root.pending.clear();
    } else {
      flush_pending(root);
    }
  }
  stack_.clear();
}

BuildResult build_game(const RawGame& raw, const BuildOptions& options) {
  GameBuilder builder(options);
  parse_game(raw, builder);
  BuildResult out;
  out.error = builder.error();
  if (!out.error) out.game = builder.take();
  return out;
}

}  // namespace chesstool::pgn
