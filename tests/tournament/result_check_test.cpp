// SPDX-License-Identifier: MIT
// Tests for tournament/result_check: which diagnostics question a counted game's result.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgn/replay.hpp"
#include "tournament/result_check.hpp"
#include "tournament/standings.hpp"

namespace chesstool {
namespace {

pgn::GameReport replayed_game(const std::string& text) {
  pgn::RawGame raw;
  raw.text = text;
  raw.index = 1;
  raw.line = 1;
  return pgn::check_game(raw, {});
}

// The codes of a counted game's result problems.
std::vector<std::string> result_codes(const pgn::GameReport& g) {
  tournament::EventGame counted;
  EXPECT_FALSE(tournament::event_game_from(g, counted));
  std::vector<std::string> out;
  for (const pgn::Diagnostic& d : tournament::result_problems(g, counted.result)) out.push_back(d.code);
  return out;
}

const std::string kTwoPlayers = "[White \"A\"]\n[Black \"B\"]\n";

TEST(ResultCheck, CheckmateContradictedByTheResultTag) {
  // 4.Qxf7# ends the game (FIDE 5.1.1); the tag and the marker both say Black won.
  const auto g = replayed_game(kTwoPlayers + "[Result \"0-1\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 0-1\n");
  tournament::EventGame game;
  ASSERT_FALSE(tournament::event_game_from(g, game));  // counted, as recorded
  EXPECT_EQ(game.black_half_points, 2);
  const auto found = tournament::result_problems(g, game.result);
  ASSERT_EQ(found.size(), 1u);
  game.file = "e.pgn";
  const tournament::ResultWarning w = tournament::result_warning(game, found[0], 0);
  EXPECT_EQ(w.code, "result-contradicts-position");
  EXPECT_EQ(w.result, "0-1");
  EXPECT_EQ(w.file, "e.pgn");
  EXPECT_EQ(w.white, "A");
  EXPECT_EQ(w.problem_line, 3u);  // the Result tag, where the result is written
  EXPECT_NE(w.message.find("checkmate"), std::string::npos) << w.message;
}

TEST(ResultCheck, TagAndMarkerDisagree) {
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 0-1\n")),
            std::vector<std::string>{"result-mismatch"});
  // Counted by the marker alone: the tag is missing or no result value.
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "\n1. e4 e5 1-0\n")), std::vector<std::string>{"missing-result-tag"});
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"?\"]\n\n1. e4 e5 1-0\n")),
            std::vector<std::string>{"malformed-result-tag"});
  // A forfeit counts as its tag says it: validate's malformed-result-tag is no problem here.
  const auto forfeit = replayed_game(kTwoPlayers + "[Result \"+/-\"]\n\n1-0\n");
  ASSERT_FALSE(forfeit.warnings.empty());
  EXPECT_EQ(forfeit.warnings.front().code, "malformed-result-tag");
  EXPECT_TRUE(result_codes(forfeit).empty());
}

TEST(ResultCheck, ForfeitContradictedByTheGame) {
  // Black mated (FIDE 5.1.1) and the marker says 0-1, yet the tag gives White a forfeit win.
  const auto g = replayed_game(kTwoPlayers + "[Result \"+/-\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  const auto found = tournament::result_problems(g, "+/-");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "forfeit-contradicted");
  EXPECT_EQ(found[0].severity, pgn::Severity::Warning);
  EXPECT_EQ(found[0].line, 3u);  // the Result tag
  EXPECT_EQ(found[0].message, "forfeit '+/-' in the Result tag, but the game ended by checkmate at ply 4 ('0-1')");
  // The marker alone: a draw, or the other player's win, gives other points.
  const auto by_marker = replayed_game(kTwoPlayers + "[Result \"-/+\"]\n\n1. e4 e5 1/2-1/2\n");
  EXPECT_EQ(result_codes(by_marker), std::vector<std::string>{"forfeit-contradicted"});
  EXPECT_EQ(tournament::result_problems(by_marker, "-/+")[0].message,
            "forfeit '-/+' in the Result tag, but the movetext's result is '1/2-1/2'");
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"-/-\"]\n\n1. e4 e5 1-0\n")),
            std::vector<std::string>{"forfeit-contradicted"});
  // Stalemate (FIDE 5.2.1) is a draw, as the marker says, not White's forfeit win.
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"+/-\"]\n[FEN \"7k/5Q2/8/8/8/8/8/K7 w - - 0 1\"]\n"
                                                   "[SetUp \"1\"]\n\n1. Kb1 1/2-1/2\n")),
            std::vector<std::string>{"forfeit-contradicted"});
  // In source order: the marker's own problem (after a mate, '*' cannot be) comes after.
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"+/-\"]\n\n1. f3 e5 2. g4 Qh4# *\n")),
            (std::vector<std::string>{"forfeit-contradicted", "result-contradicts-position"}));
  // What agrees with the forfeit, or decides nothing, is no problem: the usual forfeit.
  EXPECT_TRUE(result_codes(replayed_game(kTwoPlayers + "[Result \"+/-\"]\n\n1-0\n")).empty());
  EXPECT_TRUE(result_codes(replayed_game(kTwoPlayers + "[Result \"-/+\"]\n\n*\n")).empty());
  EXPECT_TRUE(result_codes(replayed_game(kTwoPlayers + "[Result \"-/-\"]\n\n1. e4 *\n")).empty());
  EXPECT_TRUE(result_codes(replayed_game(kTwoPlayers + "[Result \"-/+\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")).empty());
}

TEST(ResultCheck, WinOnTimeWithoutMatingMaterialAndMovesAfterTheEnd) {
  // FIDE 6.9: white has a bare king, so white's win on time is a draw.
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2q w - - 0 1\"]\n"
                                                   "[SetUp \"1\"]\n[Termination \"time forfeit\"]\n\n1. Kd2 Qh2+ 2. Ke3 1-0\n")),
            std::vector<std::string>{"time-forfeit-draw"});
  // 1.Kxd1 leaves two bare kings, a dead position that ends the game (FIDE 5.2.2).
  EXPECT_EQ(result_codes(replayed_game(kTwoPlayers + "[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/8/3qK3 w - - 0 1\"]\n"
                                                   "[SetUp \"1\"]\n\n1. Kxd1 Ke7 2. Ke2 1/2-1/2\n")),
            std::vector<std::string>{"moves-after-game-end"});
}

TEST(ResultCheck, OtherWarningsSayNothingAboutTheResult) {
  // A NAG without a move and a clock that goes up: warnings, but no result problem.
  const auto g = replayed_game(kTwoPlayers + "[Result \"1-0\"]\n\n$1 1. e4 {[%clk 0:10:00]} e5 {[%clk 0:10:00]} "
                                    "2. Nf3 {[%clk 0:20:00]} 1-0\n");
  EXPECT_FALSE(g.warnings.empty());
  EXPECT_TRUE(result_codes(g).empty());
  EXPECT_TRUE(tournament::is_result_problem("win-on-time-unwinnable"));
  EXPECT_FALSE(tournament::is_result_problem("clock-inconsistent"));
  EXPECT_FALSE(tournament::is_result_problem("nag-without-move"));
}

}  // namespace
}  // namespace chesstool
