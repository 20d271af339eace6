// SPDX-License-Identifier: MIT
// Tests for pgn/game: the game tree the Replayer builds (mainline, variations from the move
// they replace, comments before and after moves, NAGs and suffix glyphs, tags), its
// non-recursive release, and what it refuses to build.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/fen.hpp"
#include "pgn/game.hpp"
#include "pgn/replay.hpp"
#include "support/raw_game.hpp"

namespace chesstool {
namespace {

using chesstool::testing::raw_game;

pgn::Game build(const std::string& text) {
  pgn::Replayed b = pgn::build_game(raw_game(text));
  EXPECT_TRUE(b.ok()) << text << "\n" << (b.error() ? b.error()->message : "");
  return std::move(b.game);
}

TEST(GameTree, RejectsWhatValidateRejects) {
  for (const char* text : {"1. e4 e5 2. Ke3 *", "1. e4 -- *", "( 1. e4 ) *", "1. e4 {unterminated", "1. e4 (1. d4 Kd7) *"}) {
    pgn::Replayed b = pgn::build_game(raw_game(text));
    EXPECT_FALSE(b.ok()) << text;
    EXPECT_FALSE(pgn::check_game(raw_game(text), pgn::ReplayOptions{}).valid) << text;
  }
  pgn::Replayed v = pgn::build_game(raw_game("[Variant \"atomic\"]\n1. e4 *"));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->code, "unsupported-variant");
}

// start_fen is written without to_fen for the standard start: it must still be to_fen of
// the start in every case the tags allow.
TEST(GameTree, StartFenIsTheFenOfTheStart) {
  for (const char* tags : {"", "[Variant \"Standard\"]\n", "[SetUp \"1\"]\n", "[Variant \"Chess960\"]\n",
                           "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n",
                           "[fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n",
                           "[Variant \"chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n"}) {
    pgn::Replayed b = pgn::build_game(raw_game(std::string(tags) + "\n*"));
    ASSERT_TRUE(b.ok()) << tags;
    EXPECT_EQ(b.game.start_fen, to_fen(b.game.start)) << tags;
  }
}

// The mainline's moves, kept in every mode: with Keep::Tree one per mainline node (not the
// variations' moves), with Keep::Mainline alone, the tree left empty.
TEST(GameTree, MainlineHoldsTheMainlinesMoves) {
  const std::string text =
      "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 {x} Nc6 $1 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *";
  const pgn::Game tree = build(text);
  ASSERT_EQ(tree.moves.size(), 7u);
  ASSERT_EQ(tree.mainline.size(), tree.moves.size());
  for (std::size_t i = 0; i < tree.moves.size(); ++i) EXPECT_EQ(tree.mainline[i], tree.moves[i].move) << i;
  pgn::ReplayOptions o;
  o.keep = pgn::Keep::Mainline;
  const pgn::Replayed line = pgn::replay_game(raw_game(text), o);
  ASSERT_TRUE(line.ok());
  EXPECT_TRUE(line.game.moves.empty());
  EXPECT_EQ(line.game.mainline, tree.mainline);
  // A game that fails keeps nothing.
  const pgn::Replayed bad = pgn::replay_game(raw_game("1. e4 e5 2. Ke3 *"), o);
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(bad.game.mainline.empty());
}

TEST(GameTree, VariationsBranchFromTheirMove) {
  pgn::Replayed b = pgn::build_game(raw_game("1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *"));
  ASSERT_TRUE(b.ok());
  const pgn::Game& g = b.game;
  ASSERT_EQ(g.moves.size(), 3u);
  ASSERT_EQ(g.moves[1].variations().size(), 1u);
  const pgn::Line& v = g.moves[1].variations()[0];
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].san_written.view(), "c5");
  ASSERT_EQ(v[1].variations().size(), 1u);
  EXPECT_EQ(v[1].variations()[0][0].san_written.view(), "c3");
}

TEST(GameTree, TenThousandSequentialVariationsAndLongLine) {
  std::string text;
  for (int i = 0; i < 2500; ++i) text += "Nf3 (Nc3) Nf6 (Nc6) Ng1 (Nh4) Ng8 (Nh5) ";
  text += "*";
  pgn::Replayed b = pgn::build_game(raw_game(text));
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b.game.moves.size(), 10000u);
}

TEST(GameTree, CommentsBeforeAndAfterMoves) {
  // PGN 8.2.5: a comment belongs where it stands. {a} precedes the first move, {b} and
  // {c} follow 1. e4 (joined by a space), {d} follows e5, {e} opens the variation.
  pgn::Game g = build("{a} 1. e4 {b} {c} e5 {d} (1... {e} c5) 2. Nf3 *");
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0].comment_before(), "a");
  EXPECT_EQ(g.moves[0].comment_after, "b c");
  EXPECT_EQ(g.moves[1].comment_after, "d");
  ASSERT_EQ(g.moves[1].variations().size(), 1u);
  EXPECT_EQ(g.moves[1].variations()[0][0].comment_before(), "e");
  EXPECT_EQ(g.moves[2].comment_before(), "");
  EXPECT_EQ(g.moves[2].comment_after, "");
  EXPECT_EQ(g.comment, "");  // the game has moves: no game-level comment
}

TEST(GameTree, NagsAndSuffixGlyphs) {
  // PGN 10: $1 = "!", $2 = "?", $3 = "!!", $4 = "??", $5 = "!?", $6 = "?!"; $n codes are
  // kept in source order (8.2.4).
  pgn::Game g = build("1. e4! e5?! 2. Nf3 $14 $1 Nc6!? *");
  ASSERT_EQ(g.moves.size(), 4u);
  EXPECT_EQ(g.moves[0].nags(), std::vector<int>{1});
  EXPECT_EQ(g.moves[1].nags(), std::vector<int>{6});
  EXPECT_EQ(g.moves[2].nags(), (std::vector<int>{14, 1}));
  EXPECT_EQ(g.moves[3].nags(), std::vector<int>{5});
  // The token as written, suffix and all.
  EXPECT_EQ(g.moves[0].san_written.view(), "e4!");
  EXPECT_EQ(g.moves[3].san_written.view(), "Nc6!?");
}

TEST(GameTree, WrittenSanKeepsTokensUpToItsSizeAndCutsLongerOnes) {
  // Every length up to the kept size comes back byte for byte (the short copy reads two
  // overlapping pieces, so each length takes another path), from a longer text's prefix.
  const std::string text = "Nbxd7+!?abcdefghijklmnop";
  for (std::size_t n = 0; n <= pgn::WrittenSan::kMaxBytes; ++n) {
    pgn::WrittenSan w(std::string_view(text).substr(0, n));
    EXPECT_EQ(w.view(), text.substr(0, n)) << n;
    EXPECT_EQ(w.size(), n);
  }
  const pgn::WrittenSan cut(text);
  EXPECT_EQ(cut.view(), text.substr(0, pgn::WrittenSan::kMaxBytes));
  // Assigning a shorter token leaves nothing of the longer one.
  pgn::WrittenSan w(std::string_view("Qxe8+!!"));
  w = std::string_view("e4");
  EXPECT_EQ(w.view(), "e4");
  EXPECT_TRUE(w == std::string_view("e4"));
}

TEST(GameTree, MovesAreThoseOfTheSan) {
  pgn::Game g = build("1. e4 e5 2. Nf3 *");
  const Position start = Position::startpos();
  EXPECT_EQ(g.start_fen, kStartFen);
  ASSERT_EQ(g.moves.size(), 3u);
  EXPECT_EQ(g.moves[0].move, Move(make_square(4, 1), make_square(4, 3)));  // e2-e4
  EXPECT_EQ(g.moves[2].move, Move(make_square(6, 0), make_square(5, 2)));  // g1-f3
  EXPECT_EQ(g.result, "*");
  EXPECT_TRUE(g.start == start);
}

TEST(GameTree, TagsInSourceOrderFirstDuplicateCounts) {
  pgn::Game g = build("[White \"A\"]\n[Black \"B\"]\n[White \"C\"]\n1. e4 *");
  ASSERT_NE(g.tag("White"), nullptr);
  EXPECT_EQ(*g.tag("White"), "A");
  EXPECT_EQ(g.tag("Event"), nullptr);
  ASSERT_EQ(g.tags.size(), 2u);
  EXPECT_EQ(g.tags[0].first, "White");
  EXPECT_EQ(g.tags[1].first, "Black");
}

TEST(GameTree, CommentOfAGameWithoutMovesAndMissingResult) {
  pgn::Game g = build("{just words}");
  EXPECT_TRUE(g.moves.empty());
  EXPECT_EQ(g.comment, "just words");
  EXPECT_EQ(g.result, "");  // no termination marker written
}

TEST(GameTree, ReleaseLineEmptiesADeepTree) {
  // Built by hand: the replayer checks variations only to pgn::kMaxVariationDepth, and the
  // tree must be released safely at any depth.
  constexpr int kDepth = 2 * static_cast<int>(pgn::kMaxVariationDepth);
  pgn::Game g;
  pgn::Line* line = &g.moves;
  for (int i = 0; i < kDepth; ++i) line = &line->emplace_back().extras().variations.emplace_back();
  line->emplace_back().san_written = "d4";
  ASSERT_EQ(g.moves.size(), 1u);
  pgn::release_line(g.moves);  // must not recurse 20,000 deep
  EXPECT_TRUE(g.moves.empty());
}

TEST(GameTree, TagsMoveToAKeptGameOnlyWhenAsked) {
  const std::string text = "[White \"W\"]\n[Black \"B\"]\n\n1. e4 *";
  pgn::ReplayOptions options;
  options.keep = pgn::Keep::Tree;
  const pgn::Replayed copied = pgn::replay_game(raw_game(text), options);
  ASSERT_TRUE(copied.ok());
  EXPECT_EQ(copied.game.tags.size(), 2u);
  EXPECT_EQ(copied.report.tags, copied.game.tags);
  options.move_tags_to_game = true;
  const pgn::Replayed moved = pgn::replay_game(raw_game(text), options);
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved.game.tags, copied.game.tags);
  EXPECT_TRUE(moved.report.tags.empty());
  // A game that does not replay is not kept: its report keeps the tags.
  const pgn::Replayed invalid = pgn::replay_game(raw_game("[White \"W\"]\n\n1. e5 *"), options);
  ASSERT_FALSE(invalid.ok());
  ASSERT_EQ(invalid.report.tags.size(), 1u);
  EXPECT_EQ(invalid.report.tags[0].second, "W");
}

TEST(GameTree, MoveAssignmentReleasesTheOldTree) {
  pgn::Game a = build("1. e4 (1. d4 (1. c4)) *");
  pgn::Game b = build("1. Nf3 *");
  a = std::move(b);
  ASSERT_EQ(a.moves.size(), 1u);
  EXPECT_EQ(a.moves[0].san_written.view(), "Nf3");
  EXPECT_TRUE(a.moves[0].variations().empty());
}

}  // namespace
}  // namespace chesstool
