// SPDX-License-Identifier: MIT
// Tests for pgn/comment_commands; the lichess sample of the corpus as the real-world check.
#include <gtest/gtest.h>

#include <string>

#include "support/archive_support.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/replay.hpp"
#include "support/paths.hpp"

namespace chesstool::pgn {
namespace {

TEST(CommentCommands, ClocksEvalsArrowsAndTheRest) {
  auto d = parse_comment_commands(" [%eval 0.17] [%clk 0:05:00] ");
  EXPECT_EQ(d.clock, 300.0);
  ASSERT_TRUE(d.eval);
  EXPECT_EQ(d.eval->cp, 17);
  EXPECT_FALSE(d.eval->depth);
  EXPECT_EQ(d.text, "");
  d = parse_comment_commands("Zeitnot! [%clk 1:02:03.25] [%emt 0:00:12] [%eval -1.5,23]");
  EXPECT_EQ(d.clock, 3723.25);
  EXPECT_EQ(d.emt, 12.0);
  EXPECT_EQ(d.eval->cp, -150);
  EXPECT_EQ(d.eval->depth, 23);
  EXPECT_EQ(d.text, "Zeitnot!");
  d = parse_comment_commands("[%eval #-4] mate [%cal Ge2e4,Rd1d8] in [%csl Gd4,Yh8] four");
  EXPECT_EQ(d.eval->mate, -4);
  ASSERT_EQ(d.arrows.size(), 2u);
  EXPECT_EQ(d.arrows[1].color, 'R');
  EXPECT_EQ(d.arrows[1].from, "d1");
  EXPECT_EQ(d.arrows[1].to, "d8");
  ASSERT_EQ(d.highlights.size(), 2u);
  EXPECT_EQ(d.highlights[1].square, "h8");
  EXPECT_EQ(d.text, "mate in four");
}

TEST(CommentCommands, MalformedOrUnknownCommandsStayText) {
  auto d = parse_comment_commands("[%clk 5:xx] [%evp 1,2,3] [%cal Ge2e9] [%eval abc]");
  EXPECT_FALSE(d.has_commands());
  EXPECT_EQ(d.text, "[%clk 5:xx] [%evp 1,2,3] [%cal Ge2e9] [%eval abc]");
  d = parse_comment_commands("keep  these   spaces");  // no command: unchanged
  EXPECT_EQ(d.text, "keep  these   spaces");
  d = parse_comment_commands("[%clk 0:01:00] [%clk 5:xx]");
  EXPECT_EQ(d.clock, 60.0);
  EXPECT_EQ(d.text, "[%clk 5:xx]");
  d = parse_comment_commands("unclosed [%clk 0:01:00");
  EXPECT_FALSE(d.clock);
}

TEST(CommentCommands, LichessSampleHasAClockOnEveryMove) {
  const std::string path = testing::corpus_path("archives/lichess-db-sample-first1MB.pgn");
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "corpus not available: " << path;
  const auto games = testing::read_games(path);
  ASSERT_GE(games.games.size(), 400u);
  std::size_t moves = 0, clocks = 0, evals = 0;
  for (const auto& text : games.games) {
    RawGame raw;
    raw.text = text;
    Replayed r = build_game(raw);
    if (!r.ok()) continue;
    for (const auto& n : r.game.moves) {
      ++moves;
      const auto d = parse_comment_commands(n.comment_after);
      if (d.clock) ++clocks;
      if (d.eval) ++evals;
      if (d.clock) {
        ASSERT_LE(*d.clock, 3 * 3600.0) << n.comment_after;
      }
    }
  }
  ASSERT_GT(moves, 10000u);
  EXPECT_EQ(clocks, moves);  // lichess writes [%clk] after every move
  EXPECT_GT(evals, 0u);      // and [%eval] in analysed games
}

}  // namespace
}  // namespace chesstool::pgn
