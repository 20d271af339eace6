// SPDX-License-Identifier: MIT
// Tests for output/game_output: the compiler-style diagnostic line (GNU format
// "file:line:col: severity: message" plus the game's context and the code), the order in
// which diagnostics are shown, and the validate game record with the fields chesstool(1)
// documents, in its order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "output/game_output.hpp"
#include "pgn/replay.hpp"
#include "support/raw_game.hpp"

namespace chesstool::output {
namespace {

using chesstool::testing::raw_game;

pgn::Diagnostic diag(pgn::Severity s, std::uint64_t line, std::uint32_t column, std::string code) {
  pgn::Diagnostic d;
  d.severity = s;
  d.line = line;
  d.column = column;
  d.code = std::move(code);
  d.message = "about " + d.code;
  return d;
}

// Every key of the documented record must appear, and in this order.
void expect_keys_in_order(const std::string& json, const std::vector<std::string>& keys) {
  std::size_t at = 0;
  for (const std::string& k : keys) {
    const std::size_t p = json.find("\"" + k + "\":", at);
    ASSERT_NE(p, std::string::npos) << k << " missing or out of order in " << json;
    at = p + 1;
  }
}

TEST(GameOutput, DiagnosticLineNamesFileLocationGameAndCode) {
  pgn::GameReport g;
  g.index = 2;
  g.tags = {{"White", "Carlsen, Magnus"}};
  pgn::Diagnostic d = diag(pgn::Severity::Warning, 3, 5, "some-code");
  EXPECT_EQ(render_diagnostic("f.pgn", g, d), "f.pgn:3:5: warning: about some-code (game 2 \"Carlsen, Magnus - ?\") [some-code]");
  d.severity = pgn::Severity::Error;
  d.fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  g.tags.clear();
  EXPECT_EQ(render_diagnostic("<stdin>", g, d),
            "<stdin>:3:5: error: about some-code (game 2, position 8/8/8/8/8/8/8/K6k w - - 0 1) [some-code]");
}

TEST(GameOutput, IllegalMoveFromTheReplayer) {
  // "Ke3" starts in column 13 of "1. e4 e5 2. Ke3 *"; it is read after 1. e4 e5, whose
  // FEN has no en passant square (no white pawn could take on e6).
  pgn::GameReport g = pgn::check_game(raw_game("1. e4 e5 2. Ke3 *"));
  ASSERT_FALSE(g.valid);
  ASSERT_FALSE(g.errors.empty());
  const std::string line = render_diagnostic("x.pgn", g, g.errors.front());
  EXPECT_EQ(line.rfind("x.pgn:1:13: error: ", 0), 0u) << line;
  EXPECT_NE(line.find("(game 1, position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"),
            std::string::npos)
      << line;
  EXPECT_EQ(line.substr(line.size() - g.errors.front().code.size() - 3), " [" + g.errors.front().code + "]");
}

TEST(GameOutput, ForTextGroupsLenientWarningsOfOneCode) {
  pgn::ReplayOptions strict;
  strict.strict = true;
  const pgn::GameReport g = pgn::check_game(
      raw_game("[Event \"x\"]\n[Result \"*\"]\n\n1. e2e4 e7e5 2. Ng1-f3 b8c6 3. Bf1-c4 Ng8-f6 4. Ke2 Be7 *\n"), strict);
  ASSERT_TRUE(g.valid);
  std::size_t coordinate = 0, long_algebraic = 0;
  for (const auto& d : g.warnings) {
    coordinate += d.code == "coordinate-move";
    long_algebraic += d.code == "long-algebraic";
  }
  ASSERT_EQ(coordinate, 3u);  // every one kept for JSON
  ASSERT_EQ(long_algebraic, 3u);
  const std::vector<pgn::Diagnostic> text = for_text(g);
  ASSERT_EQ(text.size(), 2u);
  EXPECT_EQ(text[0].code, "coordinate-move");
  EXPECT_EQ(text[0].message, "3 moves in lenient notation: coordinate notation (e2e4) instead of SAN (first: 1.e2e4)");
  EXPECT_EQ(text[0].column, 4u);
  EXPECT_EQ(text[1].code, "long-algebraic");
  EXPECT_EQ(text[1].message,
            "3 moves in lenient notation: long algebraic notation (Ng1-f3) instead of SAN (first: 2.Ng1-f3)");
  // A single one keeps its own message; other warnings and errors pass unchanged.
  const pgn::GameReport one = pgn::check_game(raw_game("[Result \"1-0\"]\n\n1. e2e4 e5 2. Ke3 0-1\n"), strict);
  const std::vector<pgn::Diagnostic> t = for_text(one);
  ASSERT_EQ(t.size(), one.errors.size() + one.warnings.size());
  EXPECT_EQ(t[0].code, "coordinate-move");
  EXPECT_EQ(t[0].message.rfind("lenient notation 1.e2e4: ", 0), 0u) << t[0].message;
}

TEST(GameOutput, InSourceOrderInterleavesErrorsAndWarnings) {
  pgn::GameReport g;
  g.errors = {diag(pgn::Severity::Error, 4, 1, "e1"), diag(pgn::Severity::Error, 2, 9, "e2")};
  g.warnings = {diag(pgn::Severity::Warning, 2, 3, "w1"), diag(pgn::Severity::Warning, 4, 1, "w2")};
  std::vector<std::string> got;
  for (const pgn::Diagnostic* d : in_source_order(g, true)) got.push_back(d->code);
  // By line, then column; at the same place the error (listed first) stays first.
  EXPECT_EQ(got, (std::vector<std::string>{"w1", "e2", "e1", "w2"}));
  got.clear();
  for (const pgn::Diagnostic* d : in_source_order(g, false)) got.push_back(d->code);
  EXPECT_EQ(got, (std::vector<std::string>{"e2", "e1"}));
}

TEST(GameOutput, GameRecordOfACheckmate) {
  // Fool's mate: Black mates, no claim, nothing played after the end.
  pgn::GameReport g = pgn::check_game(raw_game("[White \"A\"]\n[Black \"B\"]\n1. f3 e5 2. g4 Qh4# 0-1"));
  ASSERT_TRUE(g.valid);
  const std::string json = game_json("f.pgn", g);
  EXPECT_EQ(json.find('\n'), std::string::npos);
  expect_keys_in_order(json, {"type", "file", "game", "line", "byte_offset", "valid", "plies", "errors", "warnings",
                              "tags", "status", "winner", "claims", "ended_at", "final_fen"});
  EXPECT_EQ(json.find("\"member\""), std::string::npos);  // absent outside archives
  EXPECT_NE(json.find("\"type\":\"game\",\"file\":\"f.pgn\",\"game\":1,\"line\":1,\"byte_offset\":0,\"valid\":true,\"plies\":4"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"tags\":{\"White\":\"A\",\"Black\":\"B\"}"), std::string::npos) << json;
  EXPECT_NE(json.find("\"status\":\"checkmate\",\"winner\":\"black\",\"claims\":[],\"ended_at\":null"), std::string::npos)
      << json;
  EXPECT_NE(json.find("\"final_fen\":\"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\""), std::string::npos)
      << json;
}

TEST(GameOutput, GameRecordWithMemberClaimsAndEndedAt) {
  // The knights go out and back four times (the start position at plies 0, 4, 8, 12, 16:
  // a claim at 8, the automatic end at 16), then one more move is recorded.
  std::string moves;
  for (int i = 0; i < 4; ++i) moves += "Nf3 Nf6 Ng1 Ng8 ";
  pgn::GameReport g = pgn::check_game(raw_game(moves + "e4 1/2-1/2"));
  const std::string json = game_json("a.zip", "games/one.pgn", g);
  expect_keys_in_order(json, {"type", "file", "member", "game"});
  EXPECT_NE(json.find("\"file\":\"a.zip\",\"member\":\"games/one.pgn\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"claims\":[{\"kind\":\"threefold_repetition\",\"ply\":8}]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"ended_at\":16"), std::string::npos) << json;
  EXPECT_NE(json.find("\"winner\":null"), std::string::npos) << json;
}

TEST(GameOutput, DiagnosticsInTheRecordCarryTheirFields) {
  pgn::GameReport g;
  g.index = 1;
  pgn::Diagnostic d = diag(pgn::Severity::Error, 7, 2, "illegal-move");
  d.ply = 3;
  d.token = "Ke3\"";
  d.fen = "fen here";
  g.errors.push_back(d);
  g.valid = false;
  const std::string json = game_json("f.pgn", g);
  EXPECT_NE(json.find("\"errors\":[{\"code\":\"illegal-move\",\"line\":7,\"column\":2,\"ply\":3,\"token\":\"Ke3\\\"\","
                      "\"message\":\"about illegal-move\",\"fen\":\"fen here\"}],\"warnings\":[]"),
            std::string::npos)
      << json;
  EXPECT_EQ(json.find("final_fen"), std::string::npos);  // no final position: absent
}

}  // namespace
}  // namespace chesstool::output
