// SPDX-License-Identifier: MIT
// Game facts: one replay through pgn::Replayer, with a visitor in front that counts what
// --keep compares.
#include "dedupe/game_facts.hpp"

#include <string>

#include "pgn/replay.hpp"

namespace chesstool::dedupe {

namespace {

// Passes every token on to the replayer and counts the annotations on the way.
class CountingVisitor final : public pgn::Visitor {
 public:
  explicit CountingVisitor(pgn::Replayer& r) : r_(r) {}
  void tag(std::string_view name, std::string_view value, pgn::SourceLoc loc) override { r_.tag(name, value, loc); }
  void begin_movetext() override { r_.begin_movetext(); }
  void move_number(std::uint32_t n, bool black, pgn::SourceLoc loc) override { r_.move_number(n, black, loc); }
  void san(std::string_view token, pgn::SourceLoc loc) override {
    if (token.find_first_of("!?") != std::string_view::npos) ++annotations;
    r_.san(token, loc);
  }
  void nag(int code, pgn::SourceLoc loc) override {
    ++annotations;
    r_.nag(code, loc);
  }
  void comment(std::string_view text, pgn::SourceLoc loc) override {
    ++annotations;
    r_.comment(text, loc);
  }
  void begin_variation(pgn::SourceLoc loc) override {
    ++annotations;
    r_.begin_variation(loc);
  }
  void end_variation(pgn::SourceLoc loc) override { r_.end_variation(loc); }
  void result(std::string_view token, pgn::SourceLoc loc) override { r_.result(token, loc); }
  void problem(pgn::Severity s, std::string_view code, std::string message, pgn::SourceLoc loc) override {
    r_.problem(s, code, std::move(message), loc);
  }
  void end_game() override { r_.end_game(); }

  std::uint32_t annotations = 0;

 private:
  pgn::Replayer& r_;
};

std::uint32_t date_hash(const std::string* date) {
  if (!date || date->find_first_of("0123456789") == std::string::npos) return 0;
  const std::uint32_t h = std::uint32_t(hash64(*date));
  return h == 0 ? 1 : h;
}

}  // namespace

GameFacts read_game_facts(const pgn::RawGame& raw, bool with_prefixes) {
  pgn::ReplayOptions options;
  options.keep = pgn::Keep::Mainline;
  options.stop_at_first_error = true;  // validity is all dedupe asks
  pgn::Replayer replayer(options, &raw);
  CountingVisitor counting(replayer);
  pgn::parse_game(raw, counting);
  GameFacts f;
  f.report = replayer.take_report();
  f.valid = f.report.valid;
  if (!f.valid) return f;
  pgn::Game game = replayer.take_game();
  f.tags = std::uint32_t(f.report.tags.size());
  f.annotations = counting.annotations;
  f.plies = std::uint32_t(game.moves.size());
  const std::string* white = f.report.tag("White");
  const std::string* black = f.report.tag("Black");
  std::string players = white ? *white : std::string();
  players += '\0';
  if (black) players += *black;
  f.players = hash64(players);
  f.date = date_hash(f.report.tag("Date"));
  KeyBuilder kb;
  kb.start(game.start);
  for (const pgn::Node& n : game.moves) kb.push(n.move);
  f.key = kb.key();
  if (with_prefixes && f.plies > 1) {
    f.prefixes.reserve(f.plies - 1);
    for (std::size_t n = 1; n < f.plies; ++n) f.prefixes.push_back(kb.key(n));
  }
  f.report.tags.clear();  // not needed any more: the writer thread gets less to move
  return f;
}

}  // namespace chesstool::dedupe
