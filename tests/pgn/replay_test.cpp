// SPDX-License-Identifier: MIT
// Replaying games: legality in mainline and variations, diagnostics, corpus verdicts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <vector>

#include "core/excerpt.hpp"
#include "core/fen.hpp"
#include "core/san.hpp"
#include "core/uci.hpp"
#include "pgn/replay.hpp"
#include "support/check_text.hpp"
#include "support/raw_game.hpp"
#include "support/paths.hpp"
#include "support/random_positions.hpp"

using chesstool::pgn::GameReport;
using chesstool::Termination;
using chesstool::testing::check_file;
using chesstool::testing::check_text;
using chesstool::testing::has_code;
namespace fs = std::filesystem;

namespace {
const char* kTags = "[Event \"t\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n";
std::string replay_game(const std::string& result, const std::string& moves) {
  return std::string(kTags) + "[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n";
}
}  // namespace

TEST(GameChecker, ValidGameReplaysEveryPly) {
  auto games = check_text(replay_game("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].valid);
  EXPECT_EQ(games[0].plies, 7);
  EXPECT_TRUE(games[0].errors.empty());
  EXPECT_TRUE(games[0].warnings.empty());
  EXPECT_EQ(games[0].outcome.termination, Termination::Checkmate);
  EXPECT_EQ(games[0].outcome.winner, chesstool::White);
}

TEST(GameChecker, IllegalMoveNamesPlyTokenAndPosition) {
  auto games = check_text(replay_game("*", "1. e4 Qa1"));
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

// An unexpected token is the diagnostic's token too, cut as a move token is; the
// message stays as it was.
TEST(GameChecker, UnexpectedTokenIsTheDiagnosticToken) {
  const std::string tag = "[White \"" + std::string(60, 'x') + "\"]";
  auto games = check_text(replay_game("*", "1. e4 <br " + tag + " e5"));
  ASSERT_EQ(games.size(), 1u);
  const GameReport& g = games[0];
  ASSERT_EQ(g.errors.size(), 2u);
  EXPECT_EQ(g.errors[0].code, "unexpected-token");
  EXPECT_EQ(g.errors[0].token, "<br");
  EXPECT_EQ(g.errors[0].message, "unexpected token '<br'");
  EXPECT_EQ(g.errors[1].code, "unexpected-token");
  EXPECT_EQ(g.errors[1].token, chesstool::excerpt(tag));
  EXPECT_EQ(g.errors[1].token.size(), chesstool::kExcerptBytes + 3);
  EXPECT_EQ(g.errors[1].message, "tag pair '" + chesstool::excerpt(tag) + "' inside movetext ignored");
}

TEST(GameChecker, VariationsAreReplayedFromTheirBranchPoint) {
  // 2...Nc6 is legal in the variation; 2...Ke7?? after 2.Nf3 is legal too; the illegal
  // move sits in a nested variation and carries the ply it would have in the game.
  auto ok = check_text(replay_game("*", "1. e4 e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6 3. d3)) 2... Nc6"));
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_TRUE(ok[0].valid) << (ok[0].errors.empty() ? "" : ok[0].errors[0].message);
  EXPECT_EQ(ok[0].plies, 4);
  auto bad = check_text(replay_game("*", "1. e4 e5 2. Nf3 (2. Bc4 Nc6 (2... Nf6 3. Bg5)) 2... Nc6"));
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_FALSE(bad[0].valid);
  ASSERT_EQ(bad[0].errors.size(), 1u);
  EXPECT_EQ(bad[0].errors[0].ply, 5);
  EXPECT_EQ(bad[0].plies, 4);  // the mainline is complete
}

TEST(GameChecker, CommentStartingALineBetweenMovesKeepsOneGame) {
  auto games = check_text(replay_game("*", "1. e4 e5\n{ [%eval 0.2] } 2. Nf3 Nc6"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].valid);
  EXPECT_EQ(games[0].plies, 4);
}

TEST(GameChecker, NullMoveIsAnErrorInTheMainlineAndAWarningInAVariation) {
  auto main = check_text(replay_game("*", "1. e4 -- 2. d4"));
  ASSERT_EQ(main.size(), 1u);
  EXPECT_FALSE(main[0].valid);
  EXPECT_TRUE(has_code(main[0].errors, "null-move"));
  auto variation = check_text(replay_game("*", "1. e4 e5 (1... -- 2. d4) 2. Nf3"));
  ASSERT_EQ(variation.size(), 1u);
  EXPECT_TRUE(variation[0].valid);
  EXPECT_TRUE(has_code(variation[0].warnings, "null-move"));
  auto in_check = check_text(replay_game("*", "1. e4 f5 2. Qh5+ --"));
  EXPECT_FALSE(in_check[0].valid);
  EXPECT_TRUE(has_code(in_check[0].errors, "null-move-in-check"));
}

TEST(GameChecker, LenientNotationWarnsOnlyInStrictMode) {
  std::string text = replay_game("*", "1. e2e4 e7e5 2. Ng1-f3 Nb8c6 3. Bb5 a6 4. 0-0");
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

TEST(GameChecker, Chess960WithoutFenWarnsAndReplaysFromTheStandardPosition) {
  // Every spelling start_position.cpp takes for Chess960.
  for (const char* variant : {"Chess960", "chess960", "Chess 960", "chess-960", "Fischerandom", "fischerandom",
                              "FischerRandom", "Fischer Random", "960", "Freestyle"}) {
    std::string text = std::string("[Variant \"") + variant + "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
    for (bool strict : {false, true}) {
      auto games = check_text(text, strict);
      ASSERT_EQ(games.size(), 1u) << variant;
      const GameReport& g = games[0];
      EXPECT_TRUE(g.valid) << variant << (g.errors.empty() ? "" : ": " + g.errors[0].message);
      EXPECT_EQ(g.plies, 3) << variant;  // replayed from the standard position
      ASSERT_EQ(g.warnings.size(), 1u) << variant << " strict " << strict;
      const auto& w = g.warnings[0];
      EXPECT_EQ(w.code, "chess960-without-fen");
      EXPECT_EQ(w.token, variant);
      EXPECT_EQ(w.ply, 0);
      EXPECT_NE(w.message.find("FEN"), std::string::npos) << w.message;
    }
  }
}

TEST(GameChecker, Chess960WithoutFenOnlyWhenThereIsNoFen) {
  // A FEN tag (even spelled "fen") says which start position was played: no warning.
  const std::string fen = "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1";
  for (const char* fen_tag : {"FEN", "fen"}) {
    auto games = check_text(std::string("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[") + fen_tag + " \"" + fen +
                            "\"]\n[Result \"*\"]\n\n1. Ne3 *\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_TRUE(games[0].valid);
    EXPECT_FALSE(has_code(games[0].warnings, "chess960-without-fen")) << fen_tag;
  }
  // Standard chess without FEN is the standard position: no warning either.
  for (const char* variant : {"Standard", "normal", ""}) {
    auto games = check_text(std::string("[Variant \"") + variant + "\"]\n[Result \"*\"]\n\n1. e4 *\n", true);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_TRUE(games[0].warnings.empty()) << variant << ": " << games[0].warnings[0].code;
  }
  // [SetUp "1"] without FEN in a Chess960 game: both warnings.
  auto setup = check_text("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n1. e4 *\n");
  ASSERT_EQ(setup.size(), 1u);
  EXPECT_TRUE(setup[0].valid);
  EXPECT_TRUE(has_code(setup[0].warnings, "setup-without-fen"));
  EXPECT_TRUE(has_code(setup[0].warnings, "chess960-without-fen"));
  // An invalid FEN is an error and nothing else is said about the start position.
  auto bad = check_text("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"8/8 w\"]\n[Result \"*\"]\n\n1. e4 *\n");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_FALSE(bad[0].valid);
  EXPECT_TRUE(has_code(bad[0].errors, "invalid-fen"));
  EXPECT_FALSE(has_code(bad[0].warnings, "chess960-without-fen"));
}

TEST(GameChecker, RecoversAtTheNextGameAfterABrokenOne) {
  std::string text = replay_game("*", "1. e4 e5 2. Ke3") + "\n" + replay_game("1-0", "1. d4 d5") + "\n" + "[Event \"x\"\n\n1. ((( e4\n" +
                     replay_game("0-1", "1. c4 c5");
  auto games = check_text(text);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_FALSE(games[0].valid);
  EXPECT_TRUE(games[1].valid);
  EXPECT_FALSE(games[2].valid);
  EXPECT_TRUE(games[3].valid);
  EXPECT_EQ(games[3].index, 4u);
}

// The corpus folders with the verdicts their sources give (corpus/SOURCES.md).
//
// These tests must not pass on nothing: when the corpus is there, each asserts a floor on
// the files and games it went through, a little below what the corpus holds today:
//   pgn/valid 62 files, 221 games; pgn/chess960 1 file, 4 games; archives 4 files,
//   2493 games; pgn/invalid 16 files, 30 games; pgn/variants 5 files, 8 games;
//   pgn/lenient 28 files, 350 games.
// Without the corpus (CHESSTOOL_CORPUS_DIR absent) they are skipped.
namespace {

// The files of one corpus folder, sorted; a missing folder is a failure (the corpus
// itself is there, the callers checked).
std::vector<fs::path> corpus_folder(const char* dir) {
  std::vector<fs::path> out;
  const fs::path path = chesstool::testing::corpus_path(dir);
  if (!fs::is_directory(path)) {
    ADD_FAILURE() << "corpus folder missing: " << path;
    return out;
  }
  for (const auto& entry : fs::directory_iterator(path))
    if (entry.is_regular_file()) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(CorpusVerdicts, ValidAndChess960FilesAreAllValid) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::size_t files = 0, games = 0;
  for (const char* dir : {"pgn/valid", "pgn/chess960", "archives"}) {
    for (const auto& file : corpus_folder(dir)) {
      ++files;
      for (const auto& g : check_file(file.string())) {
        ++games;
        EXPECT_TRUE(g.valid) << file << " game " << g.index << ": "
                             << (g.errors.empty() ? "" : g.errors[0].code + " " + g.errors[0].message);
      }
    }
  }
  EXPECT_GE(files, 60u);    // 67 today
  EXPECT_GE(games, 2700u);  // 2718 today
}

TEST(CorpusVerdicts, InvalidFilesAreReported) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::size_t files = 0, games = 0;
  for (const auto& file : corpus_folder("pgn/invalid")) {
    ++files;
    // Result-tag files are reported as warnings (errors under --strict): FIDE results
    // are checked, but the moves themselves are legal.
    auto reports = check_file(file.string(), /*strict=*/true);
    games += reports.size();
    bool reported = false;
    for (const auto& g : reports) reported |= !g.valid;
    EXPECT_TRUE(reported) << file;
  }
  EXPECT_GE(files, 13u);  // 16 today
  EXPECT_GE(games, 25u);  // 30 today
}

TEST(CorpusVerdicts, VariantFilesAreUnsupported) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::size_t files = 0, games = 0;
  for (const auto& file : corpus_folder("pgn/variants")) {
    ++files;
    for (const auto& g : check_file(file.string())) {
      ++games;
      EXPECT_FALSE(g.valid) << file;
      EXPECT_TRUE(has_code(g.errors, "unsupported-variant")) << file << " game " << g.index;
    }
  }
  EXPECT_GE(files, 4u);  // 5 today
  EXPECT_GE(games, 6u);  // 8 today
}

TEST(CorpusVerdicts, LenientFilesReplayExceptMainlineNullMoves) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::size_t files = 0, games = 0;
  for (const auto& file : corpus_folder("pgn/lenient")) {
    ++files;
    for (const auto& g : check_file(file.string())) {
      ++games;
      if (!g.valid) {
        // Policy: a null move in the mainline makes the game not a legal game.
        ASSERT_FALSE(g.errors.empty());
        EXPECT_EQ(g.errors[0].code, "null-move") << file << " game " << g.index << ": " << g.errors[0].message;
      }
    }
  }
  EXPECT_GE(files, 24u);   // 28 today
  EXPECT_GE(games, 300u);  // 350 today
}

namespace {

// Records what the replayer shows it; wants `limit` positions at most.
struct RecordingObserver final : chesstool::pgn::MainlineObserver {
  std::vector<int> plies;
  std::vector<std::string> fens;
  int limit = 1000;
  bool start(const chesstool::Position& pos) override { return seen(pos, 0); }
  bool moved(chesstool::Move, const chesstool::Position& after, int ply) override { return seen(after, ply); }
  bool seen(const chesstool::Position& pos, int ply) {
    plies.push_back(ply);
    fens.push_back(chesstool::to_fen(pos));
    return int(plies.size()) < limit;
  }
};

struct ObservedReplay {
  chesstool::pgn::GameReport report;
  bool mainline_replayed = false, stopped = false;
};
ObservedReplay observe(const std::string& text, RecordingObserver& obs, chesstool::pgn::ReplayOptions options = {}) {
  options.observer = &obs;
  chesstool::pgn::RawGame raw = chesstool::testing::raw_game(text);
  chesstool::pgn::Replayer replayer(options, &raw);
  chesstool::pgn::parse_game(raw, replayer);
  ObservedReplay r;
  r.mainline_replayed = replayer.mainline_replayed();
  r.stopped = replayer.stopped();
  r.report = replayer.take_report();
  return r;
}

}  // namespace

TEST(ReplayObserver, SeesTheStartAndEveryMainlineMoveNotTheVariations) {
  RecordingObserver obs;
  ObservedReplay r = observe(replay_game("*", "1. e4 (1. d4 d5) 1... e5 (1... c5 2. Nf3) 2. Nf3"), obs);
  EXPECT_EQ(obs.plies, (std::vector<int>{0, 1, 2, 3}));
  ASSERT_EQ(obs.fens.size(), 4u);
  EXPECT_EQ(obs.fens[0], chesstool::to_fen(chesstool::Position::startpos()));
  EXPECT_EQ(obs.fens[3], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_TRUE(r.mainline_replayed);
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(r.report.plies, 3);
}

TEST(ReplayObserver, DoneObserverIsNotCalledAgainAndTheReplayGoesOnUnlessAsked) {
  RecordingObserver obs;
  obs.limit = 2;
  ObservedReplay r = observe(replay_game("*", "1. e4 e5 2. Nf3 Nc6 3. Ke3"), obs);
  EXPECT_EQ(obs.plies, (std::vector<int>{0, 1}));
  EXPECT_FALSE(r.report.valid);  // the replay went on and found the illegal move
  EXPECT_FALSE(r.stopped);

  RecordingObserver stopper;
  stopper.limit = 2;
  chesstool::pgn::ReplayOptions o;
  o.stop_with_observer = true;
  ObservedReplay s = observe(replay_game("*", "1. e4 e5 2. Nf3 Nc6 3. Ke3"), stopper, o);
  EXPECT_EQ(stopper.plies, (std::vector<int>{0, 1}));
  EXPECT_TRUE(s.stopped);
  EXPECT_TRUE(s.report.valid);  // nothing after the stop was looked at
  EXPECT_EQ(s.report.plies, 1);
  EXPECT_FALSE(s.mainline_replayed);
}

TEST(ReplayObserver, MainlineOnlySkipsVariationsAndAnErrorStopsTheObserver) {
  chesstool::pgn::ReplayOptions o;
  o.mainline_only = true;
  RecordingObserver obs;
  ObservedReplay r = observe(replay_game("*", "1. e4 (1. Ke3 Qa1) 1... e5 2. Nf3"), obs, o);
  EXPECT_TRUE(r.report.valid);  // the illegal variation was not read
  EXPECT_TRUE(r.mainline_replayed);
  EXPECT_EQ(obs.plies.back(), 3);

  RecordingObserver broken;
  ObservedReplay b = observe(replay_game("*", "1. e4 e5 2. Ke3 Nf6"), broken);
  EXPECT_EQ(broken.plies, (std::vector<int>{0, 1, 2}));
  EXPECT_FALSE(b.mainline_replayed);

  // An error in a variation leaves the mainline replayed (the game is still invalid).
  RecordingObserver side;
  ObservedReplay v = observe(replay_game("*", "1. e4 (1. Ke3) 1... e5"), side);
  EXPECT_FALSE(v.report.valid);
  EXPECT_TRUE(v.mainline_replayed);
  EXPECT_EQ(side.plies.back(), 2);
}

// The tree marks a token canonical exactly when to_san writes it back, whichever way the
// replayer read it (the plain fast path or the full rules), so the writers can copy it.
TEST(GameBuilder, TokensAreMarkedCanonicalExactlyWhenToSanWritesThemBack) {
  std::mt19937 rng(41);
  int canonical = 0, other = 0;
  for (const char* fen : chesstool::testing::kVariedStarts) {
    const chesstool::FenResult start = chesstool::parse_fen(fen);
    ASSERT_TRUE(start.ok()) << fen;
    chesstool::Position pos = start.position;
    std::string movetext;
    std::vector<std::string> tokens;
    for (int ply = 0; ply < 60; ++ply) {
      chesstool::MoveList legal;
      chesstool::generate_legal(pos, legal);
      if (legal.size() == 0) break;
      const chesstool::Move m = legal.moves[rng() % legal.size()];
      std::string token = chesstool::to_san(pos, m);
      switch (rng() % 4) {  // a quarter each: canonical, coordinates, no check sign, a spare '+'
        case 1: token = chesstool::to_uci(pos, m); break;
        case 2: if (token.back() == '+' || token.back() == '#') token.pop_back(); break;
        case 3: if (token.back() != '+' && token.back() != '#') token += '+'; break;
        default: break;
      }
      if (token[0] == 'O' && rng() % 2) std::replace(token.begin(), token.end(), 'O', '0');  // "0-0-0"
      tokens.push_back(token);
      movetext += token + " ";
      pos.make_move(m);
    }
    const std::string text = std::string("[FEN \"") + fen + "\"]\n[SetUp \"1\"]\n\n" + movetext + "*\n";
    chesstool::pgn::Replayed b = chesstool::pgn::build_game(chesstool::testing::raw_game(text));
    ASSERT_TRUE(b.ok()) << text;
    chesstool::Position at = b.game.start;
    ASSERT_EQ(b.game.moves.size(), tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const chesstool::pgn::Node& n = b.game.moves[i];
      EXPECT_EQ(n.san_canonical, chesstool::to_san(at, n.move) == tokens[i]) << fen << " ply " << i + 1 << " " << tokens[i];
      (n.san_canonical ? canonical : other) += 1;
      at.make_move(n.move);
    }
  }
  EXPECT_GT(canonical, 60);
  EXPECT_GT(other, 60);
}

TEST(GameChecker, AStandardTagInAnotherLetterCaseNamesTheLastSpellingBeforeIt) {
  // Only names of one length and first letter, in either case, are compared; 'Whitex'
  // and 'Wine' share neither with White.
  auto games = check_text("[White \"a\"]\n[Wine \"w\"]\n[white \"b\"]\n[Whitex \"x\"]\n[WHITE \"c\"]\n[Result \"*\"]\n\n1. e4 *\n");
  ASSERT_EQ(games.size(), 1u);
  std::vector<std::string> messages;
  for (const auto& w : games[0].warnings)
    if (w.code == "duplicate-tag-case") messages.push_back(w.message);
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0], "tag 'white' repeats 'White' in another letter case: PGN output keeps one White tag");
  EXPECT_EQ(messages[1], "tag 'WHITE' repeats 'white' in another letter case: PGN output keeps one White tag");
  // Two tags spelt again, in turn: each names its own last spelling, those before the
  // first repeat and those after it (the replayer indexes them at the first repeat, so
  // that thousands of spellings cost no scan of every tag each).
  games = check_text("[Black \"a\"]\n[White \"w\"]\n[BLACK \"b\"]\n[wHITE \"x\"]\n[black \"c\"]\n[WHITE \"d\"]\n\n*\n");
  ASSERT_EQ(games.size(), 1u);
  messages.clear();
  for (const auto& w : games[0].warnings)
    if (w.code == "duplicate-tag-case") messages.push_back(w.message.substr(0, w.message.find(" in another")));
  EXPECT_EQ(messages, (std::vector<std::string>{"tag 'BLACK' repeats 'Black'", "tag 'wHITE' repeats 'White'",
                                                "tag 'black' repeats 'BLACK'", "tag 'WHITE' repeats 'wHITE'"}));
}

TEST(GameChecker, TagRepeatedInAnotherCaseAfterManyTagsNamesItsLastSpelling) {
  // A game's first few dozen names are scanned; past them the replayer indexes the
  // spellings it has seen: repeats on either side of that point name the last one.
  std::string text = "[Black \"a\"]\n[White \"w\"]\n[BLACK \"b\"]\n";
  for (int i = 0; i < 40; ++i) text += "[Extra" + std::to_string(i) + " \"v\"]\n";
  text += "[black \"c\"]\n[wHITE \"x\"]\n[WHITE \"d\"]\n[whitE \"e\"]\n\n*\n";
  const auto games = check_text(text);
  ASSERT_EQ(games.size(), 1u);
  std::vector<std::string> messages;
  for (const auto& w : games[0].warnings)
    if (w.code == "duplicate-tag-case") messages.push_back(w.message.substr(0, w.message.find(" in another")));
  EXPECT_EQ(messages, (std::vector<std::string>{"tag 'BLACK' repeats 'Black'", "tag 'black' repeats 'BLACK'",
                                                "tag 'wHITE' repeats 'White'", "tag 'WHITE' repeats 'wHITE'",
                                                "tag 'whitE' repeats 'WHITE'"}));
  EXPECT_EQ(games[0].tags.size(), 47u);
}

TEST(GameChecker, EveryPartOfALongMoveAMessageQuotesIsCut) {
  // A drop, a glyph run and a glyph run before the check sign, each thousands of bytes:
  // every quotation in the message is cut to the excerpt length.
  for (const std::string& move : {"e4" + std::string(5000, '@'), "e4" + std::string(5000, '!') + "x",
                                  "Nf3" + std::string(5000, '!') + "+"}) {
    auto games = check_text(replay_game("*", "1. " + move));
    ASSERT_EQ(games.size(), 1u);
    ASSERT_EQ(games[0].errors.size(), 1u) << move.substr(0, 8);
    EXPECT_LT(games[0].errors[0].message.size(), 4 * chesstool::kExcerptBytes + 120) << games[0].errors[0].message;
  }
}

// The replayer holds the tags as views into the game's text, copying only what is not
// there: values the parser unescaped (into one scratch buffer, which the next escaped
// value overwrites) and names it converted from Windows-1252.
TEST(ReplayTags, UnescapedAndConvertedTagsSurviveTheGame) {
  const std::string text = std::string("[Event \"a \\\"b\\\"\"]\n[Site \"c \\\\ d\"]\n[Annotator \"e \\\"f\\\"\"]\n") +
                           "[Caf\xE9 \"x\"]\n[White \"W\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
  const auto raw = chesstool::testing::raw_game(text);
  const GameReport g = chesstool::pgn::check_game(raw);
  ASSERT_EQ(g.tags.size(), 6u);
  EXPECT_EQ(g.tags[0].second, "a \"b\"");
  EXPECT_EQ(g.tags[1].second, "c \\ d");
  EXPECT_EQ(g.tags[2].second, "e \"f\"");
  EXPECT_EQ(g.tags[3].first, "Caf\xC3\xA9");
  EXPECT_EQ(g.tags[4].second, "W");
  ASSERT_NE(g.tag("Result"), nullptr);
  EXPECT_EQ(*g.tag("Result"), "1-0");
}

// validate without JSON: a clean game's report carries no tags, one with a problem (here
// the Result tag disagreeing with the marker) all of them, first of each name only.
TEST(ReplayTags, OnlyWithProblemsKeepsTheTagsOfGamesWithProblems) {
  chesstool::pgn::ReplayOptions options;
  options.tags_only_with_problems = true;
  const auto clean = chesstool::testing::raw_game(replay_game("1-0", "1. e4 e5"));
  EXPECT_TRUE(chesstool::pgn::check_game(clean, options).tags.empty());
  EXPECT_EQ(chesstool::pgn::check_game(clean).tags.size(), 7u);
  const auto bad = chesstool::testing::raw_game(std::string(kTags) + "[White \"X\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
  const GameReport g = chesstool::pgn::check_game(bad, options);
  EXPECT_TRUE(has_code(g.warnings, "result-mismatch"));
  ASSERT_EQ(g.tags.size(), 7u);
  EXPECT_EQ(*g.tag("White"), "W");
}
