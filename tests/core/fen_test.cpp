// SPDX-License-Identifier: MIT
// FEN parsing, validation and writing.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>

#include "core/fen.hpp"
#include "support/paths.hpp"

using namespace chesstool;

namespace {

FenError error_of(const std::string& fen) {
  FenResult r = parse_fen(fen);
  EXPECT_FALSE(r.ok()) << fen;
  return r.error.value_or(FenError{});
}

}  // namespace

TEST(Fen, StartPositionRoundTrips) {
  FenResult r = parse_fen(kStartFen);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_fen(r.position), kStartFen);
  EXPECT_FALSE(r.position.is_chess960());
  EXPECT_EQ(r.position.key(), r.position.compute_key());
}

TEST(Fen, CountersMayBeOmitted) {
  FenResult r = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.position.halfmove_clock(), 0);
  EXPECT_EQ(r.position.fullmove_number(), 1);
}

TEST(Fen, RejectsMalformedFieldsNamingTheField) {
  struct Case {
    const char* fen;
    const char* field;
  };
  const Case cases[] = {
      {"", "input"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "piece placement"},
      {"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"},
      {"rnbqk?nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "piece placement"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxkq - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "input"},
      // A wrong field is named before text after the six fields.
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1 extra", "piece placement"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1 extra", "side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x y extra", "halfmove clock"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side to move"},
  };
  for (const Case& c : cases) EXPECT_EQ(error_of(c.fen).field, c.field) << c.fen << ": " << error_of(c.fen).message;
}

// A field the message quotes is shown as every token is, up to 40 bytes then "...": it
// was cut at 20 bytes without a mark, so the message quoted text that was not there.
TEST(Fen, QuotedFieldsAreCutAsTokensAreWithAMark) {
  // 46 bytes after the fullmove number; a clock of 22 bytes, under 40, whole.
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1 abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ")
                .message.find("'abcdefghijklmnopqrstuvwxyz0123456789ABCD...'"),
            std::string::npos);
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/4K3 w - - 1000000000000000000000 1").message.find("'1000000000000000000000'"),
            std::string::npos);
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/4K3 abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ - - 0 1")
                .message.find("'abcdefghijklmnopqrstuvwxyz0123456789ABCD...'"),
            std::string::npos);
}

// A counter's value decides, not its length: "00000000005" is 5, as "05" is (it was
// refused from 11 characters on, "expected a whole number from 0 to 999999999").
TEST(Fen, CountersWithLeadingZerosAreTheirValue) {
  FenResult r = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 00000000000 00000000005");
  ASSERT_TRUE(r.ok()) << r.error->message;
  EXPECT_EQ(r.position.halfmove_clock(), 0);
  EXPECT_EQ(r.position.fullmove_number(), 5);
  EXPECT_TRUE(parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0000000000000999999999 1").ok());
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/8/4K3 w - - 00001000000000 1").field, "halfmove clock");
}

TEST(Fen, RejectsPositionsThatCannotArise) {
  EXPECT_EQ(error_of("8/8/8/8/8/8/8/8 w - - 0 1").field, "position");                    // no kings
  EXPECT_EQ(error_of("kk6/8/8/8/8/8/8/7K w - - 0 1").field, "position");                 // two black kings
  EXPECT_EQ(error_of("3P4/1k2K3/8/8/8/8/8/8 w - - 0 1").field, "position");              // pawn on rank 8
  EXPECT_EQ(error_of("8/8/8/8/8/8/1k3K2/3p4 w - - 0 1").field, "position");              // pawn on rank 1
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/8/4K2r b - - 0 1").field, "position");               // white in check, black to move
  EXPECT_EQ(error_of("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1").field, "position");        // nine pawns
  EXPECT_EQ(error_of("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -").field, "position");  // 33 pieces
  EXPECT_TRUE(parse_fen("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -", FenMode::Playable).ok());
}

TEST(Fen, RejectsChecksNoMoveGives) {
  // Rooks on a1 and h1, the white king on e1 between them: no move gives both checks.
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/8/r3K2r w - - 0 1").field, "position");
  // A bishop on b2 and a pawn on e5, the king on d4 between them on the long diagonal.
  EXPECT_EQ(error_of("4k3/8/8/4p3/3K4/8/1b6/8 w - - 0 1").field, "position");
  // A knight and a rook: a discovered double check, possible.
  EXPECT_TRUE(parse_fen("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1").ok());
  // A bishop and a rook on different lines through the king: possible.
  EXPECT_TRUE(parse_fen("4k3/8/8/8/1b6/8/8/4K2r w - - 0 1").ok());
}

TEST(Fen, ChecksAfterADoubleStepComeFromIt) {
  // After ...d7-d5, the bishop on a5 checks along a5-e1, a line the step did not open.
  EXPECT_EQ(error_of("4k3/8/8/b2p4/8/8/8/4K3 w - d6 0 1").field, "en passant");
  // The same position without the en passant square: nothing says what the last move was.
  EXPECT_TRUE(parse_fen("4k3/8/8/b2p4/8/8/8/4K3 w - - 0 1").ok());
  // The pushed pawn gives the check itself.
  EXPECT_TRUE(parse_fen("4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1").ok());
  // The step uncovered the bishop on c8 (c8-d7-e6-f5) and the rook on a7 (along the 7th).
  EXPECT_TRUE(parse_fen("2b1k3/8/8/3p1K2/8/8/8/8 w - d6 0 1").ok());
  EXPECT_TRUE(parse_fen("4k3/r6K/8/3p4/8/8/8/8 w - d6 0 1").ok());
  // A knight's check never comes from a pawn's step.
  EXPECT_EQ(error_of("4k3/8/8/3p4/8/5n2/8/4K3 w - d6 0 1").field, "en passant");
}

TEST(Fen, ThePositionBeforeADoubleStepWasLegal) {
  // Before ...d7-d5 the pawn on d7 checked the king on e6 (or c6) with Black to move.
  EXPECT_EQ(error_of("k7/8/4K3/3pP3/8/8/8/8 w - d6 0 1").field, "en passant");
  EXPECT_EQ(error_of("k7/8/2K5/3pP3/8/8/8/8 w - d6 0 1").field, "en passant");
  EXPECT_EQ(error_of("K7/8/8/8/3Pp3/2k5/8/8 b - d3 0 1").field, "en passant");
  // Before it, d5 was empty and the bishop on a2 checked the king on f7 through it.
  EXPECT_EQ(error_of("k7/5K2/8/3pP3/8/8/b7/8 w - d6 0 1").field, "en passant");
  // The same positions without the en passant square: some other move came last.
  EXPECT_TRUE(parse_fen("k7/8/4K3/3pP3/8/8/8/8 w - - 0 1").ok());
  EXPECT_TRUE(parse_fen("k7/5K2/8/3pP3/8/8/b7/8 w - - 0 1").ok());
  // The king one file further: d7 never attacked f6, and the line a2-f7 misses it.
  EXPECT_TRUE(parse_fen("k7/8/5K2/3pP3/8/8/b7/8 w - d6 0 1").ok());
  // Playable accepts it, as the move generator can play from it.
  EXPECT_TRUE(parse_fen("k7/8/4K3/3pP3/8/8/8/8 w - d6 0 1", FenMode::Playable).ok());
}

TEST(Fen, RejectsCastlingRightsNoStartPositionGives) {
  // A king on a corner with a right: every start position has it between its rooks.
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/8/K6R w K - 0 1").field, "castling");
  EXPECT_EQ(error_of("k6r/8/8/8/8/8/8/4K3 b k - 0 1").field, "castling");
  // Rights for both sides: the kings on one file, and the rooks of a side on one file.
  EXPECT_EQ(error_of("1k5r/8/8/8/8/8/8/4K2R w Kk - 0 1").field, "castling");
  EXPECT_EQ(error_of("4k1r1/8/8/8/8/8/8/4K2R w Kk - 0 1").field, "castling");
  // Rights of different sides need not share a rook file; one side's rights alone say
  // nothing of the other's pieces.
  EXPECT_TRUE(parse_fen("4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1").ok());
  EXPECT_TRUE(parse_fen("1k6/8/8/8/8/8/8/4K2R w K - 0 1").ok());
  EXPECT_TRUE(parse_fen("rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1").ok());
  EXPECT_TRUE(parse_fen("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1").ok());
}

// What perft counts with a warning: positions Strict rejects, in fields other than
// "position" too, that Playable accepts (the shakmaty tricky.perft suite has these).
TEST(Fen, PlayableAcceptsImpossibleDoubleStepChecksAndClock) {
  for (const char* fen : {"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3", "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
                          "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6"}) {
    EXPECT_EQ(error_of(fen).field, "en passant") << fen;
    EXPECT_TRUE(parse_fen(fen, FenMode::Playable).ok()) << fen;
  }
  const char* clock = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1";
  EXPECT_EQ(error_of(clock).field, "halfmove clock");
  EXPECT_TRUE(parse_fen(clock, FenMode::Playable).ok());
  // No pawn that could have made the double step: not playable either.
  EXPECT_EQ(parse_fen("4k3/8/8/8/8/8/8/4K3 b - e3", FenMode::Playable).error->field, "en passant");
}

TEST(Fen, RejectsMorePromotedPiecesThanMissingPawns) {
  // Two white queens and eight white pawns: the second queen had no pawn to come from.
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1").field, "position");
  // Two bishops on light squares, eight pawns.
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/PPPPPPPP/3BKB2 w - - 0 1").field, "position");  // d1 light, f1 light
  // One pawn missing: one promoted queen is possible.
  EXPECT_TRUE(parse_fen("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1").ok());
  // Bishops on both colours and all eight pawns: the starting set.
  EXPECT_TRUE(parse_fen("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1").ok());
}

TEST(Fen, RejectsCastlingRightsWithoutKingOrRook) {
  EXPECT_EQ(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1").field, "castling");
  EXPECT_EQ(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1").field, "position");  // no white king
  EXPECT_EQ(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqA - 0 1").field, "castling");  // Q twice
  EXPECT_EQ(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1").field, "castling");      // king's file
}

TEST(Fen, EnPassantWrittenOnlyWhenCaptureIsLegal) {
  // After 1.e4 no black pawn can capture: the square is dropped.
  FenResult r = parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_fen(r.position), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // A black pawn on d4 can capture: kept.
  r = parse_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.position.ep_square(), make_square(4, 2));
  // Horizontal pin: capturing would expose the black king on a4 to the rook on h4.
  r = parse_fen("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.position.ep_square(), kNoSquare);
}

TEST(Fen, AcceptsShredderAndXFenCastling) {
  FenResult shredder = parse_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(shredder.ok());
  EXPECT_TRUE(shredder.position.is_chess960());
  EXPECT_EQ(shredder.position.castling_rook(White, KingSide), make_square(7, 0));
  EXPECT_EQ(shredder.position.castling_rook(White, QueenSide), make_square(5, 0));
  // X-FEN writes KQ for outermost rooks.
  EXPECT_EQ(to_fen(shredder.position), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  FenResult xfen = parse_fen(to_fen(shredder.position));
  ASSERT_TRUE(xfen.ok());
  EXPECT_EQ(xfen.position.key(), shredder.position.key());
  // An inner rook keeps its file letter (two rooks on the same side).
  FenResult inner = parse_fen("rk2r3/8/8/8/8/8/8/RK2R2R w Ea - 0 1");
  ASSERT_TRUE(inner.ok()) << inner.error->to_string();
  EXPECT_EQ(to_fen(inner.position), "rk2r3/8/8/8/8/8/8/RK2R2R w Eq - 0 1");
}

TEST(Fen, NeverCrashesOnArbitraryBytes) {
  std::mt19937 rng(12345);
  const std::string alphabet = "rnbqkpRNBQKP12345678/ wb-KQkqa-h09\t\x01\xff";
  for (int i = 0; i < 20000; ++i) {
    std::string s(rng() % 90, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    FenResult r = parse_fen(s);
    if (r.ok()) {
      // Whatever parses writes back to a FEN that parses to the same position.
      FenResult again = parse_fen(to_fen(r.position));
      ASSERT_TRUE(again.ok()) << s;
      EXPECT_EQ(to_fen(again.position), to_fen(r.position));
      EXPECT_EQ(again.position.key(), r.position.key());
    } else {
      EXPECT_FALSE(r.error->message.empty());
    }
  }
  EXPECT_FALSE(parse_fen(std::string(1 << 20, '8')).ok());
  EXPECT_FALSE(parse_fen(std::string("\0\0\0", 3)).ok());
}

TEST(Fen, AgreesWithChessJsValidityTable) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::ifstream in(chesstool::testing::corpus_path("positions/fen-validity.chessjs.tsv"));
  ASSERT_TRUE(in);
  // Where our documented policy differs from chess.js: the counters are optional (so a
  // missing fullmove number is fine) and a fullmove number of 0 is read as 1.
  const std::set<std::string> policy_differs = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
  };
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::string verdict = line.substr(0, tab), fen = line.substr(tab + 1);
    if (policy_differs.count(fen)) continue;
    FenResult r = parse_fen(fen);
    EXPECT_EQ(r.ok(), verdict == "valid") << fen << (r.ok() ? "" : " -> " + r.error->to_string());
    ++checked;
  }
  EXPECT_GT(checked, 120);
}
