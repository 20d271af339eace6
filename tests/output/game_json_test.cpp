// SPDX-License-Identifier: MIT
// Tests for output/game_json: the NDJSON game record's schema, and PGN -> JSON -> PGN round trips
// (a deep tree, every game of the corpus).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "pgn/game.hpp"
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

pgn::Game build(const std::string& text) {
  Replayed b = pgn::build_game(raw_game(text));
  EXPECT_TRUE(b.ok()) << text;
  return std::move(b.game);
}

std::vector<RawGame> games_of(const std::string& path) {
  io::ByteSource src(path);
  pgn::GameSplitter splitter(src);
  std::vector<RawGame> out;
  RawGame g;
  while (splitter.next(g)) out.push_back(g);
  return out;
}

// Feeds one line of our NDJSON to a Replayer as if it were PGN, event by event. A
// streaming reader with an explicit stack: no recursion, so deep variations are fine.
class JsonReplayer {
 public:
  explicit JsonReplayer(Replayer& b) : b_(b) {}

  // False when the text is not JSON of the expected shape.
  bool run(std::string_view s) {
    s_ = s;
    i_ = 0;
    enum Ctx { Game, Tags, Moves, Move, Nags, Vars, Skip };
    struct Frame {
      Ctx ctx = Skip;
      bool is_object = false;
      bool expect_key = true;
      std::string key;
      std::string san, comment_before, comment;
    };
    std::vector<Frame> st;
    std::string game_comment;
    bool started = false;
    auto open = [&](Ctx c, bool obj) {
      Frame& nf = st.emplace_back();
      nf.ctx = c;
      nf.is_object = obj;
    };
    skip_ws();
    if (!eat('{')) return false;
    open(Game, true);
    while (!st.empty()) {
      skip_ws();
      if (i_ >= s_.size()) return false;
      char c = s_[i_];
      Frame& f = st.back();
      if (c == ',') {
        ++i_;
        if (f.is_object) f.expect_key = true;
        continue;
      }
      if (c == '}' || c == ']') {
        ++i_;
        Ctx done = f.ctx;
        st.pop_back();
        if (done == Moves && !st.empty() && st.back().ctx == Vars) b_.end_variation(pgn::SourceLoc{});
        continue;
      }
      if (f.is_object && f.expect_key) {
        if (!string(f.key)) return false;
        skip_ws();
        if (!eat(':')) return false;
        f.expect_key = false;
        continue;
      }
      // A value.
      const std::string key = f.is_object ? f.key : "";
      if (c == '{' || c == '[') {
        ++i_;
        Ctx parent = f.ctx;
        if (parent == Game && key == "tags") {
          open(Tags, true);
        } else if (parent == Game && key == "moves") {
          b_.begin_movetext();
          started = true;
          if (!game_comment.empty()) b_.comment(game_comment, {});
          open(Moves, false);
        } else if (parent == Moves && c == '{') {
          open(Move, true);
        } else if (parent == Move && key == "nags") {
          if (!f.comment_before.empty()) b_.comment(f.comment_before, {});
          b_.san(f.san, {});
          if (!f.comment.empty()) b_.comment(f.comment, {});
          open(Nags, false);
        } else if (parent == Move && key == "variations") {
          open(Vars, false);
        } else if (parent == Vars && c == '[') {
          b_.begin_variation({});
          open(Moves, false);
        } else {
          open(Skip, c == '{');
        }
        continue;
      }
      std::string value;
      bool is_null = false;
      if (c == '"') {
        if (!string(value)) return false;
      } else {
        std::size_t start = i_;
        while (i_ < s_.size() && std::string_view(",}] \n").find(s_[i_]) == std::string_view::npos) ++i_;
        value = std::string(s_.substr(start, i_ - start));
        is_null = value == "null";
      }
      if (f.ctx == Tags) b_.tag(key, value, {});
      if (f.ctx == Game && key == "comment") game_comment = value;
      if (f.ctx == Game && key == "result") b_.result(value, {});
      if (f.ctx == Move && key == "san") f.san = value;
      if (f.ctx == Move && key == "comment_before") f.comment_before = value;
      if (f.ctx == Move && key == "comment" && !is_null) f.comment = value;
      if (f.ctx == Nags) b_.nag(std::stoi(value), {});
    }
    if (!started) b_.begin_movetext();
    b_.end_game();
    return true;
  }

 private:
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  static void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }
  bool hex4(unsigned& v) {
    if (i_ + 4 > s_.size()) return false;
    v = unsigned(std::stoul(std::string(s_.substr(i_, 4)), nullptr, 16));
    i_ += 4;
    return true;
  }
  bool string(std::string& out) {
    out.clear();
    if (!eat('"')) return false;
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return false;
      char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          unsigned cp;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            i_ += 2;
            unsigned lo;
            if (!hex4(lo)) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          put_utf8(out, cp);
          break;
        }
        default: out += e;  // \" \\ \/
      }
    }
    return eat('"');
  }

  Replayer& b_;
  std::string_view s_;
  std::size_t i_ = 0;
};

std::string pgn_of(const pgn::Game& g) {
  std::string out;
  output::write_pgn(g, out);
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
  JsonReplayer r(b);
  ASSERT_TRUE(r.run(json)) << where << "\n" << json.substr(0, 500);
  ASSERT_TRUE(b.report().valid) << where << ": " << b.report().errors.front().message;
  pgn::Game back = b.take_game();
  ASSERT_EQ(pgn_of(g), pgn_of(back)) << where;
  ASSERT_EQ(g.start_fen, back.start_fen) << where;
}

TEST(GameJson, JsonSchema) {
  pgn::Game g = build("[White \"A \\\"B\\\"\"]\n{intro} 1. e4 $1 {x} e5 (1... c5) {y} 2. Nf3 1-0");
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
  text += std::string(10000, ')') + " *";
  pgn::Game g = build(text);
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
      for (const RawGame& rg : games_of(file)) {
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
  pgn::Game g = build("1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. N5d4 e5 5. e4 Nxe4 6. Qe2 Nf6 7. Qxe5 *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_NE(json.find("{\"san\":\"Nbd4\",\"uci\":\"b5d4\""), std::string::npos) << json;
  EXPECT_NE(json.find("{\"san\":\"Qxe5+\",\"uci\":\"e2e5\""), std::string::npos) << json;
  pgn::Game mate = build("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0");
  json.clear();
  output::append_game_json(json, mate);
  EXPECT_NE(json.find("{\"san\":\"Qxf7#\",\"uci\":\"h5f7\""), std::string::npos) << json;
  EXPECT_EQ(field_after(json, "result"), "\"1-0\"");
}

TEST(GameJson, TextIsEscapedAndTheRecordIsOneLine) {
  pgn::Game g = build("[Event \"a\\\\b\"]\n[Site \"tab\there\"]\n1. e4 {line one\nline two \"quoted\"} *");
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
  pgn::Game g = build("[Event \"e\"]\n{only words} *");
  std::string json;
  output::append_game_json(json, g);
  EXPECT_EQ(json, "{\"tags\":{\"Event\":\"e\"},\"start_fen\":\"" + std::string(kStartFen) +
                      "\",\"comment\":\"only words\",\"moves\":[],\"result\":\"*\"}");
}

TEST(GameJson, FenStartAndEnPassantInTheMoveFens) {
  // From a set-up position: start_fen is the FEN tag's position, each move's fen the
  // position after it; after c7-c5 next to the b5 pawn the FEN names c6 (a capture is
  // possible), after the quiet reply it does not.
  pgn::Game g = build("[SetUp \"1\"]\n[FEN \"4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 1\"]\n1... c5 2. Kd1 *");
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

}  // namespace
}  // namespace chesstool
