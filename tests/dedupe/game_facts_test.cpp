// SPDX-License-Identifier: MIT
// dedupe/game_facts: one replay gives the key, the counts --keep compares and the
// --embedded grouping; what makes two games the same game.
#include "dedupe/game_facts.hpp"

#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace chesstool::dedupe
