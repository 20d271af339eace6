// SPDX-License-Identifier: MIT
// Adjudication by the FIDE Laws: dead positions, repetitions, move counters, result checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/fen.hpp"
#include "core/uci.hpp"
#include "rules/outcome.hpp"
#include "support/check_text.hpp"
#include "support/paths.hpp"

using namespace chesstool;
using chesstool::Termination;
using chesstool::testing::check_text;
using chesstool::testing::has_code;

namespace {

Position outcome_fen(const char* text) {
  FenResult r = parse_fen(text);
  EXPECT_TRUE(r.ok()) << text;
  return r.position;
}

std::string make_pgn(const std::string& result, const std::string& moves, const std::string& extra_tags = "") {
  return "[Event \"t\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"" +
         result + "\"]\n" + extra_tags + "\n" + moves + " " + result + "\n";
}

const char* kDance = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";

}  // namespace

TEST(Outcome, InsufficientMaterialRecognisedCases) {
  EXPECT_TRUE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1")));         // K v K
  EXPECT_TRUE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/8/3BK3 w - - 0 1")));        // K+B v K
  EXPECT_TRUE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/8/3NK3 b - - 0 1")));        // K+N v K
  EXPECT_TRUE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/b7/8/2B1K3 w - - 0 1")));       // bishops on one colour
  EXPECT_TRUE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/b7/8/2B1K1B1 w - - 0 1")));     // three, still one colour
  EXPECT_FALSE(is_insufficient_material(outcome_fen("8/8/8/3bk3/8/8/8/2B1K3 w - - 0 1")));       // opposite colours
  EXPECT_FALSE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/8/2NNK3 w - - 0 1")));      // K+N+N: mate possible
  EXPECT_FALSE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/n7/3NK3 w - - 0 1")));      // K+N v K+N
  EXPECT_FALSE(is_insufficient_material(outcome_fen("8/8/8/4k3/8/8/P7/4K3 w - - 0 1")));       // a pawn
}

TEST(Outcome, CheckmateAndStalemate) {
  EXPECT_TRUE(is_checkmate(outcome_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")));
  EXPECT_TRUE(is_stalemate(outcome_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
  EXPECT_FALSE(is_stalemate(outcome_fen(kStartFen)));
}

TEST(Outcome, KnightsDanceClaimsThreefoldThenFivefoldEndsTheGame) {
  // The start position occurs for the third time after 8 half-moves...
  auto three = check_text(make_pgn("*", kDance));
  ASSERT_EQ(three.size(), 1u);
  ASSERT_EQ(three[0].claims.size(), 1u);
  EXPECT_EQ(three[0].claims[0].kind, chesstool::ClaimKind::ThreefoldRepetition);
  EXPECT_EQ(three[0].claims[0].ply, 8);
  EXPECT_EQ(three[0].claims[0].who, White);  // White is to move when the third occurrence stands
  EXPECT_EQ(three[0].outcome.termination, Termination::None);
  // ...and for the fifth after 16: drawn automatically.
  auto five = check_text(make_pgn("1/2-1/2", std::string(kDance) + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8"));
  EXPECT_EQ(five[0].outcome.termination, Termination::FivefoldRepetition);
  EXPECT_FALSE(five[0].ended_at.has_value());  // nothing was played after it
  EXPECT_TRUE(five[0].warnings.empty()) << five[0].warnings[0].message;
  // Moves after the fifth occurrence: warned, and ended_at says where it ended.
  auto after = check_text(make_pgn("1/2-1/2", std::string(kDance) + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4"));
  EXPECT_EQ(after[0].ended_at, 16);
  EXPECT_TRUE(has_code(after[0].warnings, "moves-after-game-end"));
  // --strict turns it into an error.
  auto strict = check_text(make_pgn("1/2-1/2", std::string(kDance) + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4"), true);
  EXPECT_TRUE(has_code(strict[0].errors, "moves-after-game-end"));
  EXPECT_FALSE(strict[0].valid);
}

TEST(Outcome, UnusableEnPassantDoesNotMakeAPositionDifferent) {
  // After 1.e4 no black pawn can take en passant, so the position after 1.e4 equals the
  // one reached again after 1...Nf6 2.Nf3 Ng8 3.Ng1 (black to move, same pieces/rights).
  // 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 4.Nf3 Ng8 5.Ng1: the position after 1.e4 occurs at
  // plies 1, 5 and 9: threefold at ply 9.
  auto g = check_text(make_pgn("*", "1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1"));
  ASSERT_EQ(g[0].claims.size(), 1u);
  EXPECT_EQ(g[0].claims[0].ply, 9);
  // A usable en passant capture makes the first occurrence different: after 1...d5 with a
  // white pawn on e5 the capture exd6 is possible only right then.
  auto ep = check_text(make_pgn("*", "1. e4 Nf6 2. e5 d5 3. Nf3 Nc6 4. Ng1 Nb8 5. Nf3 Nc6 6. Ng1 Nb8 7. Nf3 Nc6 8. Ng1 Nb8"),
                       false);
  // The position after 2...d5 (capture possible) differs from the same placement after
  // 4...Nb8 (capture gone); had the en passant square been ignored, ply 12 would be its
  // third occurrence. The first real threefold is after 3.Nf3 (plies 5, 9, 13).
  ASSERT_FALSE(ep[0].claims.empty());
  EXPECT_EQ(ep[0].claims[0].ply, 13);
}

TEST(Outcome, FiftyAndSeventyFiveMoveRules) {
  // Rooks shuffle from a FEN with a half-move clock near the limits.
  std::string tags = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 98 60\"]\n";
  auto fifty = check_text(make_pgn("*", "60. Ra3 Kd8 61. Ra2", tags));
  ASSERT_EQ(fifty[0].claims.size(), 1u);
  EXPECT_EQ(fifty[0].claims[0].kind, chesstool::ClaimKind::FiftyMoves);
  EXPECT_EQ(fifty[0].claims[0].ply, 2);
  std::string tags75 = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/R7/4K3 w - - 148 80\"]\n";
  auto seventyfive = check_text(make_pgn("1/2-1/2", "80. Ra3 Kd8", tags75));
  EXPECT_EQ(seventyfive[0].outcome.termination, Termination::SeventyFiveMoves);
}

TEST(Outcome, MateOnTheSeventyFifthMoveStands) {
  // White mates with the move that completes 150 half-moves: the mate stands (FIDE 9.6.2).
  std::string tags = "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 149 100\"]\n";
  auto g = check_text(make_pgn("1-0", "100. Ra8#", tags));
  ASSERT_EQ(g.size(), 1u);
  EXPECT_TRUE(g[0].valid);
  EXPECT_EQ(g[0].outcome.termination, Termination::Checkmate);
  EXPECT_EQ(g[0].outcome.winner, chesstool::White);
  EXPECT_TRUE(g[0].warnings.empty()) << g[0].warnings[0].message;
}

TEST(Outcome, ResultTagMustFitTheFinalPosition) {
  auto wrong_mate = check_text(make_pgn("0-1", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"));
  EXPECT_TRUE(has_code(wrong_mate[0].warnings, "result-contradicts-position"));
  std::string stalemate_tags = "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n";
  auto stalemate = check_text(make_pgn("1-0", "1. Qf7", stalemate_tags));
  EXPECT_EQ(stalemate[0].outcome.termination, Termination::Stalemate);
  EXPECT_TRUE(has_code(stalemate[0].warnings, "result-contradicts-position"));
  auto good = check_text(make_pgn("1/2-1/2", "1. Qf7", stalemate_tags));
  EXPECT_TRUE(good[0].warnings.empty());
  auto mismatch = check_text("[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
  EXPECT_TRUE(has_code(mismatch[0].warnings, "result-mismatch"));
  auto missing = check_text("1. e4 e5 *\n");
  EXPECT_TRUE(has_code(missing[0].warnings, "missing-result-tag"));
  auto malformed = check_text("[Result \"1:0\"]\n\n1. e4 e5 *\n");
  EXPECT_TRUE(has_code(malformed[0].warnings, "malformed-result-tag"));
}

TEST(Outcome, WinOnTimeWithoutMatingMaterialIsADraw) {
  // White has a bare king and "wins" on time: FIDE 6.9 makes it a draw.
  std::string tags = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3p4/8/4K3 w - - 0 1\"]\n[Termination \"Time forfeit\"]\n";
  auto bare = check_text(make_pgn("1-0", "1. Kd2", tags));
  EXPECT_TRUE(has_code(bare[0].warnings, "time-forfeit-draw"));
  // Black with a rook can mate: a win on time stands.
  std::string rook = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/r7/4K3 w - - 0 1\"]\n[Termination \"Time forfeit\"]\n";
  auto fine = check_text(make_pgn("0-1", "1. Kf1", rook));
  EXPECT_FALSE(has_code(fine[0].warnings, "time-forfeit-draw"));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/r7/4K3 w - - 0 1"), Black));
  EXPECT_FALSE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/n7/4K3 w - - 0 1"), Black));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/n6P/4K3 w - - 0 1"), Black));
}

// Whether a king and `minor` (White) can ever mate a king and `other` (Black): every
// placement with Black in check from the minor piece, Black's king on a1-d1-d4 (the
// board's symmetries give the rest), is asked whether it is mate. White's king stands
// within two squares of Black's: of the three or more squares beside a king, the minor
// piece giving check covers none but those on its line, Black's man fills one, and a
// bishop giving check from beside the king needs a guard -- the king's work either way.
bool any_mate(char minor, char other, int& asked) {
  asked = 0;
  const int triangle[] = {0, 1, 2, 3, 9, 10, 11, 18, 19, 27};  // a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
  const auto distance = [](int a, int b) { return std::max(std::abs(a % 8 - b % 8), std::abs(a / 8 - b / 8)); };
  const auto gives_check = [&](int m, int k) {
    const int df = std::abs(m % 8 - k % 8), dr = std::abs(m / 8 - k / 8);
    return minor == 'N' ? (df == 1 && dr == 2) || (df == 2 && dr == 1) : df == dr && df > 0;
  };
  for (int bk : triangle)
    for (int m = 0; m < 64; ++m) {
      if (!gives_check(m, bk)) continue;
      for (int wk = 0; wk < 64; ++wk) {
        if (distance(wk, bk) != 2 || wk == m) continue;
        for (int o = 0; o < 64; ++o) {
          if (o == bk || o == m || o == wk || (other == 'p' && (o < 8 || o >= 56))) continue;
          std::string board(64, ' ');
          board[std::size_t(bk)] = 'k';
          board[std::size_t(m)] = minor;
          board[std::size_t(o)] = other;
          board[std::size_t(wk)] = 'K';
          std::string fen;
          for (int rank = 7; rank >= 0; --rank) {
            int empty = 0;
            for (int file = 0; file < 8; ++file) {
              const char c = board[std::size_t(rank * 8 + file)];
              if (c == ' ') {
                ++empty;
                continue;
              }
              if (empty) fen += char('0' + empty);
              empty = 0;
              fen += c;
            }
            if (empty) fen += char('0' + empty);
            if (rank > 0) fen += '/';
          }
          // Not a position (White's king in check with Black to move): nothing to ask.
          FenResult r = parse_fen(fen + " b - - 0 1");
          if (!r.ok()) continue;
          ++asked;
          if (is_checkmate(r.position)) return true;
        }
      }
    }
  return false;
}

TEST(Outcome, AKingAndOneMinorPieceCannotMateALoneQueenNorTheBishopALoneRook) {
  // The proofs: no placement is mate (and tens of thousands were asked). And the
  // controls, where one is.
  int asked = 0;
  EXPECT_FALSE(any_mate('N', 'q', asked));
  EXPECT_GT(asked, 20000);
  EXPECT_FALSE(any_mate('B', 'q', asked));
  EXPECT_GT(asked, 20000);
  EXPECT_FALSE(any_mate('B', 'r', asked));
  EXPECT_GT(asked, 20000);
  EXPECT_TRUE(any_mate('N', 'r', asked));
  EXPECT_TRUE(any_mate('B', 'n', asked));
  EXPECT_TRUE(any_mate('N', 'b', asked));
  // can_checkmate_at_all says the same of each (Black to move in each position, as above).
  EXPECT_FALSE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/q7/3NK3 w - - 0 1"), White));
  EXPECT_FALSE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/q7/3BK3 w - - 0 1"), White));
  EXPECT_FALSE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/r7/3BK3 w - - 0 1"), White));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/r7/3NK3 w - - 0 1"), White));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/n7/3BK3 w - - 0 1"), White));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/b7/3NK3 w - - 0 1"), White));
  // A pawn may become a knight: mate stays possible; so it does with two men.
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/p7/3BK3 w - - 0 1"), White));
  EXPECT_TRUE(can_checkmate_at_all(outcome_fen("4k3/8/8/8/8/8/qq6/3NK3 w - - 0 1"), White));
}

TEST(Outcome, CutechessThreefoldArchiveEndsInClaimableRepetition) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  auto games = chesstool::testing::check_file(
      chesstool::testing::corpus_path("archives/cutechess-3fold-repetition-713games.pgn"));
  ASSERT_EQ(games.size(), 713u);
  for (const auto& g : games) {
    ASSERT_TRUE(g.valid);
    bool threefold = false;
    for (const auto& c : g.claims) threefold |= c.kind == chesstool::ClaimKind::ThreefoldRepetition;
    EXPECT_TRUE(threefold) << "game " << g.index;
  }
}

TEST(Outcome, ResultFollowsTerminationAndWinner) {
  EXPECT_EQ(Outcome{}.result(), "*");
  EXPECT_FALSE(Outcome{}.is_over());
  EXPECT_EQ((Outcome{Termination::Checkmate, White}).result(), "1-0");
  EXPECT_EQ((Outcome{Termination::Checkmate, Black}).result(), "0-1");
  for (Termination t : {Termination::Stalemate, Termination::InsufficientMaterial, Termination::FivefoldRepetition,
                        Termination::SeventyFiveMoves})
    EXPECT_EQ((Outcome{t, std::nullopt}).result(), "1/2-1/2") << names_of(t).json;
}

TEST(Outcome, OneTableOfNamesWhoseJsonValuesAreTheContract) {
  EXPECT_EQ(names_of(Termination::None).json, "ongoing");
  EXPECT_EQ(names_of(Termination::InsufficientMaterial).json, "insufficient_material");
  EXPECT_EQ(names_of(Termination::SeventyFiveMoves).json, "seventyfive_moves");
  EXPECT_EQ(names_of(Termination::SeventyFiveMoves).words, "75-move rule");
  EXPECT_EQ(name_of(ClaimKind::ThreefoldRepetition), "threefold_repetition");
  EXPECT_EQ(name_of(ClaimKind::FiftyMoves), "fifty_moves");
}

TEST(Outcome, FiftyMoveClaimNamesThePlayerToMove) {
  // Black's 50th move without capture or pawn move makes the claim available to White.
  auto g = check_text("[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/K6R b - - 99 80\"]\n\n80... Kg8 *\n");
  ASSERT_EQ(g.size(), 1u);
  ASSERT_EQ(g[0].claims.size(), 1u);
  EXPECT_EQ(g[0].claims[0].kind, ClaimKind::FiftyMoves);
  EXPECT_EQ(g[0].claims[0].ply, 1);
  EXPECT_EQ(g[0].claims[0].who, White);
}

TEST(RepetitionHistory, ALongHistoryCountsAsAShortOne) {
  // Knights out and back: every fourth position repeats. Past the entries it scans, the
  // history counts in a hash map; the counts must go on as the scan gives them: the start
  // position's n-th return is its (n+1)-th occurrence, and no other position counts more
  // than the start (each is reached once per cycle).
  Position pos = Position::startpos();
  RepetitionHistory history;
  EXPECT_EQ(history.push(pos), 1);
  const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  for (int round = 1; round <= 300; ++round) {  // 1,200 entries: well past the scanned ones
    for (int m = 0; m < 4; ++m) {
      const auto move = parse_uci(pos, cycle[m]);
      ASSERT_TRUE(move.has_value());
      pos.make_move(*move);
      const int count = history.push(pos);
      // Positions after the 1st, 2nd and 3rd move of a cycle are new in round 1; the 4th is
      // the start again.
      ASSERT_EQ(count, m == 3 ? round + 1 : round) << "round " << round << " move " << m;
    }
  }
  // An irreversible move clears the history: counted from one again.
  const auto pawn = parse_uci(pos, "e2e4");
  ASSERT_TRUE(pawn.has_value());
  pos.make_move(*pawn);
  EXPECT_EQ(history.push(pos), 1);
}
