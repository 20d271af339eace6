// SPDX-License-Identifier: MIT
// Replaying games: legality in mainline and variations, diagnostics, corpus verdicts.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/check_text.hpp"
#include "support/paths.hpp"

using chesstool::pgn::GameReport;
using chesstool::pgn::GameStatus;
using chesstool::testing::check_file;
using chesstool::testing::check_text;
using chesstool::testing::has_code;
namespace fs = std::filesystem;

namespace {
const char* kTags = "[Event \"t\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n";
std::string game(const std::string& result, const std::string& moves) {
  return std::string(kTags) + "[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n";
}
}  // namespace

TEST(GameChecker, ValidGameReplaysEveryPly) {
  auto games = check_text(game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].valid);
  EXPECT_EQ(games[0].plies, 7);
  EXPECT_TRUE(games[0].errors.empty());
  EXPECT_TRUE(games[0].warnings.empty());
  EXPECT_EQ(games[0].status, GameStatus::Checkmate);
  EXPECT_EQ(games[0].winner, 0);
}

TEST(GameChecker, IllegalMoveNamesPlyTokenAndPosition) {
  auto games = check_text(game("*", "1. e4 Qa1"));
  ASSERT_EQ(games.size(), 1u);
  const GameReport& g = games[0];
  EXPECT_FALSE(g.valid);
  EXPECT_EQ(g.plies, 1);
  ASSERT_EQ(g.errors.size(), 1u);
  const auto& e = g.errors[0];
  EXPECT_EQ(e.code, "illegal-move");
  EXPECT_EQ(e.ply, 2);
  EXPECT_EQ(e.token, "Qa1");
  EXPECT_EQ(e.line, 9u);
  EXPECT_EQ(e.column, 7u);
  EXPECT_NE(e.message.find("1...Qa1"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("black queen"), std::string::npos) << e.message;
  EXPECT_EQ(e.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(GameChecker, VariationsAreReplayedFromTheirBranchPoint) {
  // 2...Nc6 is legal in the variation; 2...Ke7?? after 2.Nf3 is legal too; the illegal
  // move sits in a nested variation and carries the ply it would have in the game.
  auto ok = check_text(game("*", "1. e4 e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6 3. d3)) 2... Nc6"));
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_TRUE(ok[0].valid) << (ok[0].errors.empty() ? "" : ok[0].errors[0].message);
  EXPECT_EQ(ok[0].plies, 4);
  auto bad = check_text(game("*", "1. e4 e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6 3. Bg5)) 2... Nc6"));
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_FALSE(bad[0].valid);
  ASSERT_EQ(bad[0].errors.size(), 1u);
  EXPECT_EQ(bad[0].errors[0].ply, 5);
  EXPECT_EQ(bad[0].plies, 4);  // the mainline is complete
}

TEST(GameChecker, CommentStartingALineBetweenMovesKeepsOneGame) {
  auto games = check_text(game("*", "1. e4 e5\n{ [%eval 0.2] } 2. Nf3 Nc6"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].valid);
  EXPECT_EQ(games[0].plies, 4);
}

TEST(GameChecker, NullMoveIsAnErrorInTheMainlineAndAWarningInAVariation) {
  auto main = check_text(game("*", "1. e4 -- 2. d4"));
  ASSERT_EQ(main.size(), 1u);
  EXPECT_FALSE(main[0].valid);
  EXPECT_TRUE(has_code(main[0].errors, "null-move"));
  auto variation = check_text(game("*", "1. e4 e5 (1... -- 2. d4) 2. Nf3"));
  ASSERT_EQ(variation.size(), 1u);
  EXPECT_TRUE(variation[0].valid);
  EXPECT_TRUE(has_code(variation[0].warnings, "null-move"));
  auto in_check = check_text(game("*", "1. e4 f5 2. Qh5+ --"));
  EXPECT_FALSE(in_check[0].valid);
  EXPECT_TRUE(has_code(in_check[0].errors, "null-move-in-check"));
}

TEST(GameChecker, LenientNotationWarnsOnlyInStrictMode) {
  std::string text = game("*", "1. e2e4 e7e5 2. Ng1-f3 Nb8c6 3. Bb5 a6 4. 0-0");
  auto lenient = check_text(text);
  EXPECT_TRUE(lenient[0].valid);
  EXPECT_TRUE(lenient[0].warnings.empty());
  auto strict = check_text(text, true);
  EXPECT_TRUE(strict[0].valid);
  EXPECT_GE(strict[0].warnings.size(), 4u);
}

TEST(GameChecker, VariantGamesAreUnsupportedNotIllegal) {
  auto games = check_text("[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. N@f3 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].valid);
  ASSERT_EQ(games[0].errors.size(), 1u);
  EXPECT_EQ(games[0].errors[0].code, "unsupported-variant");
}

TEST(GameChecker, Chess960GameFromFenCastles) {
  std::string text =
      "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n"
      "[Result \"*\"]\n\n1. Ne3 Ne6 2. O-O O-O *\n";
  auto games = check_text(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].valid) << (games[0].errors.empty() ? "" : games[0].errors[0].message);
  EXPECT_EQ(games[0].plies, 4);
}

TEST(GameChecker, RecoversAtTheNextGameAfterABrokenOne) {
  std::string text = game("*", "1. e4 e5 2. Ke3") + "\n" + game("1-0", "1. d4 d5") + "\n" + "[Event \"x\"\n\n1. ((( e4\n" +
                     game("0-1", "1. c4 c5");
  auto games = check_text(text);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_FALSE(games[0].valid);
  EXPECT_TRUE(games[1].valid);
  EXPECT_FALSE(games[2].valid);
  EXPECT_TRUE(games[3].valid);
  EXPECT_EQ(games[3].index, 4u);
}

// The corpus folders with the verdicts their sources give (corpus/SOURCES.md).
TEST(CorpusVerdicts, ValidAndChess960FilesAreAllValid) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  int games = 0;
  for (const char* dir : {"pgn/valid", "pgn/chess960", "archives"}) {
    for (const auto& entry : fs::directory_iterator(chesstool::testing::corpus_path(dir))) {
      for (const auto& g : check_file(entry.path().string())) {
        ++games;
        EXPECT_TRUE(g.valid) << entry.path() << " game " << g.index << ": "
                             << (g.errors.empty() ? "" : g.errors[0].code + " " + g.errors[0].message);
      }
    }
  }
  EXPECT_GT(games, 2700);
}

TEST(CorpusVerdicts, InvalidFilesAreReported) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  for (const auto& entry : fs::directory_iterator(chesstool::testing::corpus_path("pgn/invalid"))) {
    // Result-tag files are reported as warnings (errors under --strict): FIDE results
    // are checked, but the moves themselves are legal.
    auto games = check_file(entry.path().string(), /*strict=*/true);
    bool reported = false;
    for (const auto& g : games) reported |= !g.valid;
    EXPECT_TRUE(reported) << entry.path();
  }
}

TEST(CorpusVerdicts, VariantFilesAreUnsupported) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  for (const auto& entry : fs::directory_iterator(chesstool::testing::corpus_path("pgn/variants"))) {
    for (const auto& g : check_file(entry.path().string())) {
      EXPECT_FALSE(g.valid) << entry.path();
      EXPECT_TRUE(has_code(g.errors, "unsupported-variant")) << entry.path() << " game " << g.index;
    }
  }
}

TEST(CorpusVerdicts, LenientFilesReplayExceptMainlineNullMoves) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  for (const auto& entry : fs::directory_iterator(chesstool::testing::corpus_path("pgn/lenient"))) {
    for (const auto& g : check_file(entry.path().string())) {
      if (!g.valid) {
        // Policy: a null move in the mainline makes the game not a legal game.
        ASSERT_FALSE(g.errors.empty());
        EXPECT_EQ(g.errors[0].code, "null-move") << entry.path() << " game " << g.index << ": " << g.errors[0].message;
      }
    }
  }
}
