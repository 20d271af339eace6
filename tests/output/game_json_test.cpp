// SPDX-License-Identifier: MIT
// Tests for output/game_json: the NDJSON game record's schema, its comment-command fields, and
// PGN -> JSON -> PGN round trips through pgn/json_games (a deep tree, every game of the corpus).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "pgn/game.hpp"
#include "pgn/json_games.hpp"
#include "pgn/replay.hpp"
#include "output/pgn_writer.hpp"
#include "io/source.hpp"
#include "output/game_json.hpp"
#include "support/paths.hpp"
#include "support/raw_game.hpp"

namespace chesstool {
namespace {

namespace fs = std::filesystem;
using pgn::Replayed;
using pgn::Replayer;
using pgn::RawGame;

using chesstool::testing::raw_game;

pgn::Game json_build(const std::string& text) {
  Replayed b = pgn::build_game(raw_game(text));
  EXPECT_TRUE(b.ok()) << text;
  return std::move(b.game);
}

std::vector<RawGame> json_games_of(const std::string& path) {
  io::ByteSource src(path);
  pgn::GameSplitter splitter(src);
  std::vector<RawGame> out;
  RawGame g;
  while (splitter.next(g)) out.push_back(g);
  return out;
}

// The export PGN convert writes: comment commands in their canonical form.
std::string pgn_of(const pgn::Game& g) {
  std::string out;
  output::PgnWriteOptions o;
  o.canonical_commands = true;
  output::write_pgn(g, out, o);
  return out;
}

// PGN -> JSON -> (replayed) PGN must give the PGN of the original.
void expect_json_round_trip(const pgn::Game& g, const std::string& where) {
  std::string json;
  output::append_game_json(json, g);
  ASSERT_EQ(json.find('\n'), std::string::npos) << where;  // NDJSON: one line
  pgn::ReplayOptions keep_tree;
  keep_tree.keep = pgn::Keep::Tree;
  Replayer b(keep_tree);
  pgn::visit_json_game(json, 1, 0, b);
  ASSERT_TRUE(b.report().valid) << where << ": " << b.report().errors.front().message << "\n" << json.substr(0, 500);
  pgn::Game back = b.take_game();
  ASSERT_EQ(pgn_of(g), pgn_of(back)) << where;
  ASSERT_EQ(g.start_fen, back.start_fen) << where;
}

TEST(GameJson, JsonSchema) {
  pgn::Game g = json_build("[White \"A \\\"B\\\"\"]\n{intro} 1. e4 $1 {x} e5 (1... c5) {y} 2. Nf3 1-0");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(json,
            "{\"tags\":{\"White\":\"A \\\"B\\\"\"},\"start_fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\","
            "\"moves\":[{\"san\":\"e4\",\"uci\":\"e2e4\",\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\","
            "\"comment_before\":\"intro\",\"comment\":\"x\",\"nags\":[1],\"variations\":[]},"
            "{\"san\":\"e5\",\"uci\":\"e7e5\",\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\","
            "\"comment\":null,\"nags\":[],\"variations\":[[{\"san\":\"c5\",\"uci\":\"c7c5\","
            "\"fen\":\"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\",\"comment\":null,\"nags\":[],"
            "\"variations\":[]}]]},"
            "{\"san\":\"Nf3\",\"uci\":\"g1f3\",\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\","
            "\"comment_before\":\"y\",\"comment\":null,\"nags\":[],\"variations\":[]}],\"result\":\"1-0\"}");
  expect_json_round_trip(g, "schema");
}

TEST(GameJson, JsonRoundTripOfTenThousandNestedVariations) {
  std::string text = "1. e4 ";
  for (int i = 0; i < 10000; ++i) text += i % 2 ? "(1. e4 {c} " : "(1. d4 $2 ";
  // Appended in steps: on std::string(10000, ')') + " *" GCC 12 warns (-Warray-bounds, a
  // false positive) once the test is inlined differently.
  text.append(10000, ')');
  text += " *";
  pgn::Game g = json_build(text);
  expect_json_round_trip(g, "deep");
}

TEST(GameJsonCorpus, PgnToJsonToPgnGivesTheSameGames) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  std::size_t n = 0;
  for (const char* dir : {"pgn/valid", "pgn/lenient", "pgn/chess960", "archives"}) {
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(chesstool::testing::corpus_path(dir)))
      if (e.path().extension() == ".pgn") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
      for (const RawGame& rg : json_games_of(file)) {
        Replayed b = pgn::build_game(rg);
        if (!b.ok()) continue;
        ++n;
        expect_json_round_trip(b.game, file + " game " + std::to_string(rg.index));
        if (::testing::Test::HasFatalFailure()) return;
      }
  }
  EXPECT_GT(n, 1000u);
}


// The value of one top-level or move field, found by its key's text (the tests' records
// are small and their keys unique where this is used).
std::string field_after(const std::string& json, const std::string& key) {
  const std::size_t p = json.find("\"" + key + "\":");
  if (p == std::string::npos) return "<missing " + key + ">";
  const std::size_t v = p + key.size() + 3;
  if (json[v] != '"') return json.substr(v, json.find_first_of(",}]", v) - v);
  std::size_t e = v + 1;
  while (json[e] != '"') e += json[e] == '\\' ? 2 : 1;
  return json.substr(v, e + 1 - v);
}

TEST(GameJson, SanIsCanonicalWhateverTheInputWrote) {
  // The record gives SAN as the PGN standard writes it (8.2.3): the check and mate marks,
  // and a file rather than a rank to tell two knights apart (8.2.3.4) -- here both
  // knights, on b5 and f3, reach d4.
  pgn::Game g = json_build("1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. N5d4 e5 5. e4 Nxe4 6. Qe2 Nf6 7. Qxe5 *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_NE(json.find("{\"san\":\"Nbd4\",\"uci\":\"b5d4\""), std::string::npos) << json;
  EXPECT_NE(json.find("{\"san\":\"Qxe5+\",\"uci\":\"e2e5\""), std::string::npos) << json;
  pgn::Game mate = json_build("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0");
  json.clear();
  output::append_game_json(json, mate);
  EXPECT_NE(json.find("{\"san\":\"Qxf7#\",\"uci\":\"h5f7\""), std::string::npos) << json;
  EXPECT_EQ(field_after(json, "result"), "\"1-0\"");
}

TEST(GameJson, TextIsEscapedAndTheRecordIsOneLine) {
  pgn::Game g = json_build("[Event \"a\\\\b\"]\n[Site \"tab\there\"]\n1. e4 {line one\nline two \"quoted\"} *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(json.find('\n'), std::string::npos);
  EXPECT_EQ(json.find('\t'), std::string::npos);
  EXPECT_EQ(field_after(json, "Event"), "\"a\\\\b\"");  // the PGN escape \\ is one backslash
  EXPECT_EQ(field_after(json, "Site"), "\"tab\\there\"");
  EXPECT_EQ(field_after(json, "comment"), "\"line one\\nline two \\\"quoted\\\"\"");
  expect_json_round_trip(g, "escapes");
}

TEST(GameJson, CommentWithoutMovesIsAGameField) {
  pgn::Game g = json_build("[Event \"e\"]\n{only words} *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(json, "{\"tags\":{\"Event\":\"e\"},\"start_fen\":\"" + std::string(kStartFen) +
                      "\",\"comment\":\"only words\",\"moves\":[],\"result\":\"*\"}");
}

TEST(GameJson, FenStartAndEnPassantInTheMoveFens) {
  // From a set-up position: start_fen is the FEN tag's position, each move's fen the
  // position after it; after c7-c5 next to the b5 pawn the FEN names c6 (a capture is
  // possible), after the quiet reply it does not.
  pgn::Game g = json_build("[SetUp \"1\"]\n[FEN \"4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 1\"]\n1... c5 2. Kd1 *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(field_after(json, "start_fen"), "\"4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 1\"");
  EXPECT_NE(json.find("\"fen\":\"4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 2\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"fen\":\"4k3/8/8/1Pp5/8/8/8/3K4 b - - 1 2\""), std::string::npos) << json;
}

TEST(GameJson, PositionRecordHasNoTagsNoMoves) {
  // convert --from fen: the same object with empty tags and moves, result "*".
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 17";
  const FenResult r = parse_fen(fen);
  ASSERT_TRUE(r.ok());
  std::string json;
  output::append_position_json(json, r.position);
  EXPECT_EQ(json, "{\"tags\":{},\"start_fen\":\"" + fen + "\",\"moves\":[],\"result\":\"*\"}");
}

TEST(GameJson, OpeningFields) {
  // The --eco fields, documented in game_json.hpp: null when the game reached no named
  // position; the name is a JSON string like any other.
  EXPECT_EQ(output::opening_json_fields(std::nullopt), "\"eco\":null,\"opening\":null,\"eco_ply\":null");
  const openings::Opening o{"C60", "Ruy Lopez \"Spanish\"", 5};
  EXPECT_EQ(output::opening_json_fields(o), "\"eco\":\"C60\",\"opening\":\"Ruy Lopez \\\"Spanish\\\"\",\"eco_ply\":5");
}

// A game of one move whose comment after it is `comment`, as JSON.
std::string json_of_comment(const std::string& comment) {
  pgn::Game g = json_build(std::string("1. e4 {").append(comment).append("} *"));
  std::string json;
  output::append_game_json(json, g);
  return json;
}

TEST(GameJson, ClockEmtAndEvalAreNumbers) {
  const std::string json = json_of_comment("[%eval 0.17] [%clk 0:05:00]");
  EXPECT_EQ(field_after(json, "comment"), "null");  // nothing left but the commands
  EXPECT_EQ(field_after(json, "clock"), "300");
  EXPECT_NE(json.find("\"eval\":{\"cp\":17}"), std::string::npos) << json;
  EXPECT_EQ(json.find("\"emt\""), std::string::npos) << json;  // absent, not null
  // Fractions of a second are kept; hours count.
  EXPECT_EQ(field_after(json_of_comment("[%clk 1:02:03.25]"), "clock"), "3723.25");
  EXPECT_EQ(field_after(json_of_comment("[%emt 0:00:07.5]"), "emt"), "7.5");
  // Centipawns from White's view, rounded; mates with their sign; depth when given.
  EXPECT_NE(json_of_comment("[%eval -1.256]").find("\"eval\":{\"cp\":-126}"), std::string::npos);
  EXPECT_NE(json_of_comment("[%eval #-4]").find("\"eval\":{\"mate\":-4}"), std::string::npos);
  EXPECT_NE(json_of_comment("[%eval 0.17,23]").find("\"eval\":{\"cp\":17,\"depth\":23}"), std::string::npos);
}

TEST(GameJson, ArrowsAndHighlightsAreLists) {
  const std::string json = json_of_comment("Look [%cal Ge2e4,Rd1d8] here [%csl Gd4]");
  EXPECT_EQ(field_after(json, "comment"), "\"Look here\"");
  EXPECT_NE(json.find("\"arrows\":[{\"color\":\"G\",\"from\":\"e2\",\"to\":\"e4\"},"
                      "{\"color\":\"R\",\"from\":\"d1\",\"to\":\"d8\"}]"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"highlights\":[{\"color\":\"G\",\"square\":\"d4\"}]"), std::string::npos) << json;
}

TEST(GameJson, MalformedAndUnknownCommandsStayInTheComment) {
  const std::string json = json_of_comment("[%clk 5:xx] [%evp 1,2]");
  EXPECT_EQ(field_after(json, "comment"), "\"[%clk 5:xx] [%evp 1,2]\"");
  EXPECT_EQ(json.find("\"clock\""), std::string::npos) << json;
}

TEST(GameJson, CommandsRoundTripThroughTheReader) {
  pgn::Game g = json_build("{intro [%clk 0:01:00]} 1. e4 {[%clk 0:03:00] [%eval 0.2]} e5 {text [%emt 0:00:02.5] "
                      "[%csl Rd4,Ge5] [%cal Gg1f3]} (1... c5 {[%eval #3,40]}) 2. Nf3 *");
  expect_json_round_trip(g, "commands");
  // A comment before a move keeps its text as written, commands included.
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(field_after(json, "comment_before"), "\"intro [%clk 0:01:00]\"");
}

}  // namespace
}  // namespace chesstool
