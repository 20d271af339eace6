// SPDX-License-Identifier: MIT
// dedupe/game_facts: one replay gives the key, the counts --keep compares and the
// --embedded grouping; what makes two games the same game.
#include "dedupe/game_facts.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "io/source.hpp"
#include "pgn/game_splitter.hpp"
#include "support/paths.hpp"
#include "support/raw_game.hpp"

namespace chesstool::dedupe {
namespace {

GameFacts facts(const std::string& text, bool prefixes = false) {
  return read_game_facts(testing::raw_game(text), prefixes);
}

TEST(GameKey, TagsCommentsVariationsAndMoveNumbersDoNotMatter) {
  const GameFacts a = facts("[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n");
  const GameFacts b = facts(
      "[Event \"other\"]\n[White \"Someone else\"]\n[Result \"*\"]\n\n{intro} 1.e4 {best} 1... e5 $1 2.Nf3 (2. Bc4 Nf6) Nc6!? 3 "
      "Bb5 *\n");
  ASSERT_TRUE(a.valid && b.valid);
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.plies, 5u);
  EXPECT_EQ(a.annotations, 0u);
  EXPECT_EQ(b.annotations, 5u);  // {intro}, {best}, $1, the variation, !?
  EXPECT_EQ(a.tags, 2u);
  EXPECT_EQ(b.tags, 3u);
}

TEST(GameKey, MovesAndTheirOrderMatter) {
  const GameFacts a = facts("1. e4 e5 2. Nf3 Nc6 *");
  const GameFacts transposed = facts("1. Nf3 Nc6 2. e4 e5 *");  // same final position
  const GameFacts longer = facts("1. e4 e5 2. Nf3 Nc6 3. Bc4 *");
  EXPECT_NE(a.key, transposed.key);
  EXPECT_NE(a.key, longer.key);
}

TEST(GameKey, TheStartPositionMatters) {
  const GameFacts standard = facts("1. e4 e5 2. Nf3 Nc6 *");
  const GameFacts same_start = facts(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 *");
  const GameFacts no_h_pawn = facts(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 *");
  const GameFacts no_castling = facts(
      "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 *");
  ASSERT_TRUE(same_start.valid && no_h_pawn.valid && no_castling.valid);
  EXPECT_EQ(standard.key, same_start.key);
  EXPECT_NE(standard.key, no_h_pawn.key);
  EXPECT_NE(standard.key, no_castling.key);
}

TEST(GameKey, PrefixKeysAreTheKeysOfTheShorterGames) {
  const GameFacts full = facts("1. e4 e5 2. Nf3 Nc6 3. Bb5 *", true);
  ASSERT_EQ(full.prefixes.size(), 4u);
  EXPECT_EQ(full.prefixes[0], facts("1. e4 *").key);
  EXPECT_EQ(full.prefixes[3], facts("1. e4 e5 2. Nf3 Nc6 {cut off here} *").key);
  EXPECT_NE(full.prefixes[3], full.key);
}

TEST(GameKey, InvalidGamesHaveNoKey) {
  const GameFacts bad = facts("1. e4 e5 2. Ke3 *");
  EXPECT_FALSE(bad.valid);
  EXPECT_FALSE(bad.report.errors.empty());
  const GameFacts bad_variation = facts("1. e4 (1. Ke2) e5 *");
  EXPECT_FALSE(bad_variation.valid);  // validate's verdict: a variation counts too
}

TEST(GameKey, PlayersAndDates) {
  const GameFacts a = facts("[White \"A\"]\n[Black \"B\"]\n[Date \"2024.01.01\"]\n\n1. e4 *");
  const GameFacts swapped = facts("[White \"B\"]\n[Black \"A\"]\n[Date \"????.??.??\"]\n\n1. e4 *");
  const GameFacts glued = facts("[White \"AB\"]\n[Black \"\"]\n\n1. e4 *");
  EXPECT_NE(a.players, swapped.players);
  EXPECT_NE(a.players, glued.players);
  EXPECT_NE(a.date, 0u);
  EXPECT_EQ(swapped.date, 0u);  // no digit: unknown
  EXPECT_TRUE(dates_compatible(a.date, swapped.date));
  EXPECT_FALSE(dates_compatible(a.date, a.date + 1));
}

// A game without moves carries nothing but its tags: two are the same game only when
// their tag pairs (in any order) and results are equal, never by their (empty) moves.
TEST(GameKey, GamesWithoutMovesAreTheirTags) {
  const GameFacts a = facts("[Event \"Ch\"]\n[White \"Carlsen\"]\n[Black \"Caruana\"]\n[Result \"1-0\"]\n\n1-0\n");
  const GameFacts other = facts("[Event \"Ch\"]\n[White \"Nakamura\"]\n[Black \"Firouzja\"]\n[Result \"0-1\"]\n\n0-1\n");
  const GameFacts reordered = facts("[Result \"1-0\"]\n[Black \"Caruana\"]\n[White \"Carlsen\"]\n[Event \"Ch\"]\n\n1-0\n");
  const GameFacts more_tags =
      facts("[Event \"Ch\"]\n[White \"Carlsen\"]\n[Black \"Caruana\"]\n[Result \"1-0\"]\n[WhiteElo \"2830\"]\n\n1-0\n");
  const GameFacts swapped_value = facts("[Event \"Carlsen\"]\n[White \"Ch\"]\n[Black \"Caruana\"]\n[Result \"1-0\"]\n\n1-0\n");
  const GameFacts no_tags_a = facts("*\n");
  const GameFacts no_tags_b = facts("{just a comment} *\n");
  ASSERT_TRUE(a.valid && other.valid && reordered.valid && more_tags.valid && swapped_value.valid);
  EXPECT_EQ(a.plies, 0u);
  EXPECT_NE(a.key, other.key);
  EXPECT_EQ(a.key, reordered.key);
  EXPECT_NE(a.key, more_tags.key);
  EXPECT_NE(a.key, swapped_value.key);
  EXPECT_EQ(no_tags_a.key, no_tags_b.key);  // nothing tells them apart
  // Never the key of a game with moves from the same start, nor that of a game whose tags match.
  EXPECT_NE(no_tags_a.key, facts("1. e4 *").key);
  EXPECT_NE(a.key, facts("[Event \"Ch\"]\n[White \"Carlsen\"]\n[Black \"Caruana\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n").key);
}

// A broadcast's pairings (45 tag sections, no moves): 45 distinct games.
TEST(GameKey, CorpusPairingsWithoutMovesAreAllDistinct) {
  if (!testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  io::ByteSource src(testing::corpus_path("pgn/valid/scalachess-uzchesscup-headers-only.pgn"));
  ASSERT_FALSE(src.error().has_value()) << *src.error();
  pgn::GameSplitter splitter(src);
  pgn::RawGame g;
  std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
  std::size_t games = 0;
  while (splitter.next(g)) {
    const GameFacts f = read_game_facts(g, true);
    ASSERT_TRUE(f.valid);
    EXPECT_EQ(f.plies, 0u);
    EXPECT_TRUE(f.prefixes.empty());
    keys.insert({f.key.lo, f.key.hi});
    ++games;
  }
  EXPECT_EQ(games, 45u);
  EXPECT_EQ(keys.size(), 45u);
}

}  // namespace
}  // namespace chesstool::dedupe
