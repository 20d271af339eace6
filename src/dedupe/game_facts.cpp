// SPDX-License-Identifier: MIT
// Game facts: one replay through pgn::Replayer, with a visitor in front that counts what
// --keep compares.
#include "dedupe/game_facts.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "pgn/forwarding_visitor.hpp"
#include "pgn/replay.hpp"

namespace chesstool::dedupe {

namespace {

// Passes every token on to the replayer and counts the annotations on the way, and keeps
// every tag pair as written, a repeated name's too (the replay keeps the first value of a
// name): --keep most-tags counts them, and they are what a game without moves is.
class CountingVisitor final : public pgn::ForwardingVisitor {
 public:
  CountingVisitor(pgn::Replayer& r, std::string_view text) : ForwardingVisitor(&r), text_(text) {}
  void tag(std::string_view name, std::string_view value, const pgn::SourceLoc& loc) override {
    tags.emplace_back(kept(name), kept(value));
    ForwardingVisitor::tag(name, value, loc);
  }
  void san(std::string_view token, const pgn::SourceLoc& loc) override {
    // A plain loop: find_first_of calls memchr once per character.
    for (const char c : token)
      if (c == '!' || c == '?') {
        ++annotations;
        break;
      }
    ForwardingVisitor::san(token, loc);
  }
  void nag(int code, std::string_view written, const pgn::SourceLoc& loc) override {
    ++annotations;
    ForwardingVisitor::nag(code, written, loc);
  }
  void comment(std::string_view text, const pgn::SourceLoc& loc) override {
    ++annotations;
    ForwardingVisitor::comment(text, loc);
  }
  void begin_variation(const pgn::SourceLoc& loc) override {
    ++annotations;
    ForwardingVisitor::begin_variation(loc);
  }

  std::uint32_t annotations = 0;
  std::vector<std::pair<std::string_view, std::string_view>> tags;  // in the game's text, or in copies_

 private:
  // A view that outlives the call: the parser's own when it points into the game's text
  // (nearly every tag), else a copy (a value unescaped or converted into its scratch).
  std::string_view kept(std::string_view s) {
    if (s.empty() || (s.data() >= text_.data() && s.data() + s.size() <= text_.data() + text_.size())) return s;
    return copies_.emplace_back(s);
  }
  std::string_view text_;
  std::deque<std::string> copies_;  // a deque: its strings stay where they are as it grows
};

std::uint32_t date_hash(const std::string* date) {
  if (!date || date->find_first_of("0123456789") == std::string::npos) return 0;
  const std::uint32_t h = std::uint32_t(hash64(*date));
  return h == 0 ? 1 : h;
}

// What identifies a game without moves: it carries nothing but its tags and its
// termination marker, so two such games are the same game only when their tag pairs
// (in any order) and markers are equal. Each string is length-prefixed, so no two
// different sets give the same bytes.
std::string moveless_content(const pgn::GameReport& report,
                             std::vector<std::pair<std::string_view, std::string_view>> tags) {
  std::sort(tags.begin(), tags.end());
  std::string out;
  auto put = [&out](std::string_view s) {
    const std::uint64_t n = s.size();
    out.append(reinterpret_cast<const char*>(&n), sizeof n);
    out += s;
  };
  put(report.result_token);
  for (const auto& [name, value] : tags) {
    put(name);
    put(value);
  }
  return out;
}

// The result a game records: its Result tag when that is one of the four, else its
// termination marker (as the PGN writer chooses).
std::uint8_t result_code(const pgn::GameReport& report) {
  const std::string& r = report.recorded_result();
  return r == "1-0" ? 1 : r == "0-1" ? 2 : r == "1/2-1/2" ? 3 : kUnfinished;
}

}  // namespace

GameFacts read_game_facts(const pgn::RawGame& raw, bool with_prefixes) {
  pgn::ReplayOptions options;
  options.keep = pgn::Keep::Mainline;
  options.stop_at_first_error = true;  // validity is all dedupe asks
  options.check_comments = false;
  pgn::Replayer replayer(options, &raw);
  CountingVisitor counting(replayer, raw.text);
  pgn::parse_game(raw, counting);
  GameFacts f;
  f.report = replayer.take_report();
  f.valid = f.report.valid;
  if (!f.valid) {
    // Invalid games are rare: read again whole, so that every error after the first is
    // said too, as validate says them.
    f.report = pgn::check_game(raw);
    return f;
  }
  pgn::Game game = replayer.take_game();
  f.tags = std::uint32_t(counting.tags.size());
  f.annotations = counting.annotations;
  f.plies = std::uint32_t(game.mainline.size());
  const std::string* white = f.report.tag("White");
  const std::string* black = f.report.tag("Black");
  std::string players = white ? *white : std::string();
  players += '\0';
  if (black) players += *black;
  f.players = hash64(players);
  f.date = date_hash(f.report.tag("Date"));
  f.result = result_code(f.report);
  KeyBuilder kb;
  kb.start(game.start);
  for (const Move m : game.mainline) kb.push(m);
  // A game without moves would otherwise share the key of every other moveless game
  // from its start position (a broadcast's pairings all dropped as one).
  f.key = f.plies == 0 ? kb.key_without_moves(moveless_content(f.report, std::move(counting.tags))) : kb.key();
  if (with_prefixes) kb.prefix_keys(f.prefixes);
  f.report.tags.clear();  // not needed any more: less to move to the delivering thread
  return f;
}

}  // namespace chesstool::dedupe
