// SPDX-License-Identifier: MIT
// ForwardingVisitor: every event reaches the target, in order and unchanged, through a
// subclass that watches some of them; a null target only watches.
#include "pgn/forwarding_visitor.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgn/replay.hpp"
#include "support/raw_game.hpp"

namespace chesstool::pgn {
namespace {

// Writes down every event it gets.
struct Recorder final : Visitor {
  std::vector<std::string> events;
  void tag(std::string_view n, std::string_view v, const SourceLoc&) override { events.push_back("tag " + std::string(n) + "=" + std::string(v)); }
  void begin_movetext() override { events.push_back("movetext"); }
  void move_number(std::uint32_t n, bool black, const SourceLoc&) override {
    events.push_back("number " + std::to_string(n) + (black ? "..." : "."));
  }
  void san(std::string_view t, const SourceLoc& loc) override {
    events.push_back("san " + std::string(t) + "@" + std::to_string(loc.line) + ":" + std::to_string(loc.column));
  }
  void nag(int code, std::string_view, const SourceLoc&) override { events.push_back("nag " + std::to_string(code)); }
  void comment(std::string_view t, const SourceLoc&) override { events.push_back("comment " + std::string(t)); }
  void begin_variation(const SourceLoc&) override { events.push_back("("); }
  void end_variation(const SourceLoc&) override { events.push_back(")"); }
  void result(std::string_view t, const SourceLoc&) override { events.push_back("result " + std::string(t)); }
  void problem(Severity, std::string_view code, std::string, const SourceLoc&, std::string_view) override { events.push_back("problem " + std::string(code)); }
  void end_game() override { events.push_back("end"); }
};

// Counts the moves on the way.
struct MoveCounter final : ForwardingVisitor {
  using ForwardingVisitor::ForwardingVisitor;
  int moves = 0;
  void san(std::string_view t, const SourceLoc& loc) override {
    ++moves;
    ForwardingVisitor::san(t, loc);
  }
};

const char* kGame = "[Event \"e\"]\n[Result \"*\"]\n\n1. e4 {hi} (1. d4 $1) 1... e5 ) *\n";

TEST(ForwardingVisitor, PassesEveryEventOnUnchanged) {
  RawGame raw = testing::raw_game(kGame);
  Recorder direct;
  parse_game(raw, direct);
  Recorder forwarded;
  MoveCounter counter(&forwarded);
  parse_game(raw, counter);
  EXPECT_EQ(forwarded.events, direct.events);
  EXPECT_EQ(counter.moves, 3);
  // The recording holds what the game has, so the comparison above is not of two empty lists.
  ASSERT_GE(direct.events.size(), 12u);
  EXPECT_EQ(direct.events.front(), "tag Event=e");
  EXPECT_EQ(direct.events.back(), "end");
}

TEST(ForwardingVisitor, ANullTargetOnlyWatches) {
  MoveCounter counter(nullptr);
  parse_game(testing::raw_game(kGame), counter);
  EXPECT_EQ(counter.moves, 3);
}

TEST(ForwardingVisitor, FeedsTheReplayerAsTheParserWould) {
  RawGame raw = testing::raw_game("[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n");
  Replayer replayer(ReplayOptions{}, &raw);
  MoveCounter counter(&replayer);
  parse_game(raw, counter);
  EXPECT_FALSE(replayer.report().valid);
  EXPECT_EQ(replayer.report().errors.front().ply, 3);
  EXPECT_EQ(counter.moves, 3);
}

}  // namespace
}  // namespace chesstool::pgn
