// SPDX-License-Identifier: MIT
// Decides one game against the criteria: tags from the raw text, then, only when a
// criterion needs them, the moves, through the one replayer and no further than the
// answer needs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "filter/criteria.hpp"
#include "pgn/game.hpp"
#include "pgn/game_splitter.hpp"
#include "pgn/replay.hpp"

namespace re2 {
class RE2;
}

namespace chesstool::filter {

// The answer for one game.
struct Verdict {
  bool met = false;       // every criterion holds
  bool selected = false;  // met, or with Criteria::invert not met: the game is written
  // Whether the game replays, when that became known: always with --valid/--invalid (the
  // full check of validate); otherwise false when a replay met an error (a move that is
  // not legal, a syntax error, a start position that cannot be set up) before its answer
  // was known, true when the whole mainline was replayed without one.
  std::optional<bool> valid;
  bool replayed = false;    // some moves were replayed
  std::optional<int> ply;   // where a position criterion (--reaches, else --material) held
  std::optional<std::string> split_value;  // the --split-by tag's value, nullopt when missing
  // With a keep asked of judge(): a selected game was replayed in full (kept), and
  // `game` holds it as kept when it replays.
  bool kept = false;
  std::optional<pgn::Game> game;
  pgn::GameReport report;  // when kept: the replay's report (convert --to csv's columns; the errors of a game that does not replay)
};

// Immutable after construction, so one Matcher serves every worker thread.
class Matcher {
 public:
  // split_tag: the tag whose value each verdict carries ("" for none).
  // criteria.opening must be a valid RE2 pattern (Where::regex_error says).
  Matcher(const Criteria& criteria, std::string split_tag = "");
  ~Matcher();
  Matcher(const Matcher&) = delete;
  Matcher& operator=(const Matcher&) = delete;
  // keep: what a selected game's replay keeps for the caller (filter --to converts it),
  // so the game is replayed once for both.
  Verdict judge(const pgn::RawGame& raw, pgn::Keep keep = pgn::Keep::Report) const;

 private:
  bool tags_hold(const class GameTags& tags) const;
  void judge_movetext(const pgn::RawGame& raw, pgn::Keep keep, Verdict& v) const;
  const Criteria& c_;
  std::string split_tag_;
  // The tags the criteria read; read_all_ when every tag is needed (--variant).
  std::vector<std::string> wanted_;
  bool read_all_ = false;
  std::unique_ptr<re2::RE2> opening_re_;  // criteria.opening, compiled
  std::unique_ptr<struct ReachTargets> reach_;  // criteria.reaches, worked out once
};

}  // namespace chesstool::filter
