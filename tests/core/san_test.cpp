// SPDX-License-Identifier: MIT
// Tests of SAN parsing, resolution, did-you-mean hints and writing, plus the corpus round-trip property.
#include "core/san.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/san_detail.hpp"
#include "core/uci.hpp"
#include "support/paths.hpp"
#include "support/perft_suite.hpp"
#include "support/random_positions.hpp"

namespace chesstool {
namespace {

Position san_from_fen(const char* fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen << ": " << (r.error ? r.error->to_string() : "");
  return r.position;
}

Square san_sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

// Resolves text in the position given by fen.
SanResolution resolve(const char* fen, const char* text) { return resolve_san(san_from_fen(fen), std::string_view(text)); }

constexpr const char* kStart = kStartFen;
constexpr const char* kTwoKnights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
constexpr const char* kTwoRooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
constexpr const char* kThreeQueens = "1k6/8/8/8/4Q2Q/8/8/2K4Q w - - 0 1";
constexpr const char* kSanCastleBoth = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
constexpr const char* kSanPromotion = "3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1";
constexpr const char* kScholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// Chess960: king b1, rooks a1 and e1 for both sides.
constexpr const char* kSan960 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";

// ----------------------------------------------------------------------------------
// parse_san: syntax only

TEST(San, ParsesPieceMove) {
  SanParse p = parse_san("Nf3");
  ASSERT_TRUE(p.ok()) << p.message;
  EXPECT_EQ(p.token.piece, Knight);
  EXPECT_EQ(p.token.to, san_sq("f3"));
  EXPECT_EQ(p.token.from_file, -1);
  EXPECT_EQ(p.token.from_rank, -1);
  EXPECT_FALSE(p.token.capture);
  EXPECT_EQ(p.token.check, SanCheck::None);
  EXPECT_EQ(p.token.lenient, 0u);
}

TEST(San, ParsesPawnCapturePromotionWithSuffixes) {
  SanParse p = parse_san("exd8=Q+!?");
  ASSERT_TRUE(p.ok()) << p.message;
  EXPECT_EQ(p.token.piece, Pawn);
  EXPECT_EQ(p.token.from_file, 4);
  EXPECT_TRUE(p.token.capture);
  EXPECT_EQ(p.token.to, san_sq("d8"));
  EXPECT_EQ(p.token.promotion, Queen);
  EXPECT_EQ(p.token.check, SanCheck::Check);
  EXPECT_EQ(p.token.glyph, 5);
  EXPECT_EQ(p.token.lenient, 0u);
}

TEST(San, ParsesDisambiguationByFileRankAndBoth) {
  SanParse f = parse_san("Nbd2");
  EXPECT_EQ(f.token.from_file, 1);
  EXPECT_EQ(f.token.from_rank, -1);
  SanParse r = parse_san("R1a3");
  EXPECT_EQ(r.token.from_file, -1);
  EXPECT_EQ(r.token.from_rank, 0);
  SanParse b = parse_san("Qh4xe1#");
  EXPECT_EQ(b.token.from_file, 7);
  EXPECT_EQ(b.token.from_rank, 3);
  EXPECT_TRUE(b.token.capture);
  EXPECT_EQ(b.token.check, SanCheck::Mate);
  EXPECT_EQ(b.token.lenient, 0u);  // full-square disambiguation is valid SAN syntax
}

TEST(San, ParsesCastling) {
  EXPECT_EQ(parse_san("O-O").token.castle, SanCastle::KingSide);
  EXPECT_EQ(parse_san("O-O-O").token.castle, SanCastle::QueenSide);
  SanParse mate = parse_san("O-O-O#");
  EXPECT_EQ(mate.token.castle, SanCastle::QueenSide);
  EXPECT_EQ(mate.token.check, SanCheck::Mate);
  EXPECT_EQ(parse_san("O-O").token.lenient, 0u);
}

TEST(San, ParsesZeroCastlingAsLenient) {
  for (const char* text : {"0-0", "0-0-0+"}) {
    SanParse p = parse_san(text);
    ASSERT_TRUE(p.ok()) << text;
    EXPECT_NE(p.token.castle, SanCastle::None);
    EXPECT_TRUE(has_lenient(p.token.lenient, SanLenient::ZeroCastling));
  }
}

TEST(San, ParsesAllSixGlyphs) {
  const std::pair<const char*, int> cases[] = {{"e4!", 1}, {"e4?", 2}, {"e4!!", 3}, {"e4??", 4}, {"e4!?", 5}, {"e4?!", 6}};
  for (auto [text, nag] : cases) {
    SanParse p = parse_san(text);
    ASSERT_TRUE(p.ok()) << text;
    EXPECT_EQ(p.token.glyph, nag) << text;
  }
  SanParse p = parse_san("Nf3#??");
  EXPECT_EQ(p.token.check, SanCheck::Mate);
  EXPECT_EQ(p.token.glyph, 4);
}

TEST(San, RejectsGlyphBeforeCheckSign) {
  // Corpus pgn/invalid/chessjs-throws-error-illegal-check-annotation.pgn: "1. e4!+".
  SanParse p = parse_san("e4!+");
  EXPECT_EQ(p.error, SanError::Malformed);
  EXPECT_NE(p.message.find("before the check sign"), std::string::npos) << p.message;
  EXPECT_NE(p.message.find("e4+!"), std::string::npos) << p.message;
  EXPECT_EQ(parse_san("Qxf7?!#").error, SanError::Malformed);
}

TEST(San, RejectsUnknownGlyphsAndDoubledCheck) {
  EXPECT_EQ(parse_san("e4!!!").error, SanError::Malformed);
  EXPECT_EQ(parse_san("e4?!?").error, SanError::Malformed);
  EXPECT_EQ(parse_san("Qh5++").error, SanError::Malformed);
  EXPECT_EQ(parse_san("Qh5#+").error, SanError::Malformed);
}

TEST(San, ParsesLenientPromotionForms) {
  SanParse no_eq = parse_san("e8Q");
  ASSERT_TRUE(no_eq.ok());
  EXPECT_EQ(no_eq.token.promotion, Queen);
  EXPECT_EQ(no_eq.token.lenient, SanLenientSet(SanLenient::PromotionWithoutEquals));

  SanParse lower = parse_san("e8=q");
  ASSERT_TRUE(lower.ok());
  EXPECT_EQ(lower.token.promotion, Queen);
  EXPECT_EQ(lower.token.lenient, SanLenientSet(SanLenient::LowercasePromotion));

  SanParse coord = parse_san("d7d8n");
  ASSERT_TRUE(coord.ok());
  EXPECT_EQ(coord.token.piece, NoPieceType);
  EXPECT_EQ(coord.token.promotion, Knight);
  EXPECT_TRUE(has_lenient(coord.token.lenient, SanLenient::CoordinateMove));
  EXPECT_TRUE(has_lenient(coord.token.lenient, SanLenient::LowercasePromotion));
  EXPECT_TRUE(has_lenient(coord.token.lenient, SanLenient::PromotionWithoutEquals));

  SanParse bishop = parse_san("b1b");  // lower-case b after a rank is a bishop promotion
  ASSERT_TRUE(bishop.ok());
  EXPECT_EQ(bishop.token.promotion, Bishop);
}

TEST(San, ParsesCoordinateAndLongAlgebraic) {
  SanParse coord = parse_san("e2e4");
  ASSERT_TRUE(coord.ok());
  EXPECT_EQ(coord.token.piece, NoPieceType);  // the board decides
  EXPECT_EQ(coord.token.from_file, 4);
  EXPECT_EQ(coord.token.from_rank, 1);
  EXPECT_EQ(coord.token.lenient, SanLenientSet(SanLenient::CoordinateMove));

  SanParse lan = parse_san("Ng1-f3");
  ASSERT_TRUE(lan.ok());
  EXPECT_EQ(lan.token.piece, Knight);
  EXPECT_EQ(lan.token.lenient, SanLenientSet(SanLenient::LongAlgebraic));

  SanParse pawn_lan = parse_san("e2-e4");
  ASSERT_TRUE(pawn_lan.ok());
  EXPECT_EQ(pawn_lan.token.lenient, SanLenientSet(SanLenient::LongAlgebraic));

  SanParse cap = parse_san("c5xd4");
  ASSERT_TRUE(cap.ok());
  EXPECT_TRUE(cap.token.capture);
  EXPECT_EQ(cap.token.lenient, SanLenientSet(SanLenient::LongAlgebraic));

  EXPECT_EQ(parse_san("e7e8q").token.promotion, Queen);
  EXPECT_EQ(parse_san("N-f3").error, SanError::Malformed);  // '-' needs a full from-square
}

TEST(San, ParsesPawnLetterColonCaptureAndEnPassantMark) {
  SanParse p = parse_san("Pe4");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.token.piece, Pawn);
  EXPECT_EQ(p.token.lenient, SanLenientSet(SanLenient::PawnLetter));

  SanParse colon = parse_san("N:e5");
  ASSERT_TRUE(colon.ok());
  EXPECT_TRUE(colon.token.capture);
  EXPECT_EQ(colon.token.lenient, SanLenientSet(SanLenient::ColonCapture));

  for (const char* text : {"exd6e.p.", "exd6e.p.+", "exd6+e.p."}) {
    SanParse ep = parse_san(text);
    ASSERT_TRUE(ep.ok()) << text << ": " << ep.message;
    EXPECT_TRUE(ep.token.en_passant_mark);
    EXPECT_EQ(ep.token.to, san_sq("d6"));
    EXPECT_TRUE(has_lenient(ep.token.lenient, SanLenient::EnPassantSuffix));
  }
  EXPECT_EQ(parse_san("exd6ep").error, SanError::Malformed);  // only "e.p." is accepted
  // On a piece move it is well formed: the resolver calls it a wrong capture mark.
  EXPECT_TRUE(parse_san("Nf3e.p.").ok());
  EXPECT_TRUE(parse_san("Nf3e.p.").token.en_passant_mark);
}

TEST(San, ParsesNullMoves) {
  for (const char* text : {"--", "Z0", "--!?"}) {
    SanParse p = parse_san(text);
    ASSERT_TRUE(p.ok()) << text;
    EXPECT_TRUE(p.token.null_move);
    EXPECT_EQ(p.token.lenient, 0u);  // the caller decides warning vs error
  }
  EXPECT_EQ(parse_san("--+").error, SanError::Malformed);
}

TEST(San, RejectsMalformedTokensWithReasons) {
  const char* bad[] = {"", "nf3", "e9", "Nf3x", "xd5", "N@f3", "e5=Q", "Nf8=Q", "e8=K", "e8=", "K d1",
                       "aaa", "e5abc", "Z", "o-o", "O-O-O-O", "+", "e.p.", "3e4", "Ng1--f3", "Qh4e1e1"};
  for (const char* text : bad) {
    SanParse p = parse_san(text);
    EXPECT_EQ(p.error, SanError::Malformed) << "'" << text << "' parsed";
    EXPECT_FALSE(p.message.empty()) << text;
  }
  EXPECT_NE(parse_san("nf3").message.find("upper case"), std::string::npos);
  EXPECT_NE(parse_san("N@f3").message.find("drop"), std::string::npos);
  EXPECT_NE(parse_san("xd5").message.find("file"), std::string::npos);
  EXPECT_NE(parse_san("e8=K").message.find("king"), std::string::npos);
}

// ----------------------------------------------------------------------------------
// resolve_san

TEST(San, ResolvesSimpleMoveWithoutLenientFlags) {
  SanResolution r = resolve(kStart, "Nf3");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.move, Move(san_sq("g1"), san_sq("f3")));
  EXPECT_EQ(r.lenient, 0u);
  EXPECT_TRUE(r.message.empty());
  EXPECT_FALSE(r.did_you_mean.has_value());
}

TEST(San, ResolveFillsPositionAfter) {
  const Position pos = san_from_fen(kStart);
  Position after;
  SanResolution r = resolve_san(pos, std::string_view("e4"), &after);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(after, pos.after(Move(san_sq("e2"), san_sq("e4"))));
}

TEST(San, ResolvesAmbiguousKnightByFile) {
  SanResolution r = resolve(kTwoKnights, "Nbd2");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.move, Move(san_sq("b1"), san_sq("d2")));
  EXPECT_EQ(r.lenient, 0u);
  EXPECT_EQ(resolve(kTwoKnights, "Nfd2").move, Move(san_sq("f3"), san_sq("d2")));
}

TEST(San, ReportsAmbiguousMoveWithCandidates) {
  SanResolution r = resolve(kTwoKnights, "Nd2");
  EXPECT_EQ(r.error, SanError::Ambiguous);
  EXPECT_EQ(san_error_code(r.error), "ambiguous-move");
  EXPECT_EQ(r.message, "Nd2 is ambiguous: Nbd2, Nfd2");
  EXPECT_EQ(r.move, Move::none());
  EXPECT_FALSE(r.did_you_mean.has_value());

  SanResolution rooks = resolve(kTwoRooks, "Raa3");
  EXPECT_EQ(rooks.error, SanError::Ambiguous);
  EXPECT_EQ(rooks.message, "Raa3 is ambiguous: R1a3, R5a3");
}

TEST(San, ResolvesDisambiguationByRankAndBoth) {
  EXPECT_EQ(resolve(kTwoRooks, "R1a3").move, Move(san_sq("a1"), san_sq("a3")));
  EXPECT_EQ(resolve(kTwoRooks, "R5a3").move, Move(san_sq("a5"), san_sq("a3")));
  SanResolution q = resolve(kThreeQueens, "Qh4e1");
  ASSERT_TRUE(q.ok()) << q.message;
  EXPECT_EQ(q.move, Move(san_sq("h4"), san_sq("e1")));
  EXPECT_EQ(q.lenient, 0u);
  EXPECT_EQ(resolve(kThreeQueens, "Qh4e1").lenient, 0u);
  EXPECT_EQ(resolve(kThreeQueens, "Qe1").error, SanError::Ambiguous);
  EXPECT_EQ(resolve(kThreeQueens, "Qhe1").error, SanError::Ambiguous);
}

TEST(San, FlagsRedundantDisambiguation) {
  SanResolution r = resolve(kStart, "Ngf3");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.move, Move(san_sq("g1"), san_sq("f3")));
  EXPECT_EQ(r.lenient, SanLenientSet(SanLenient::RedundantDisambiguation));
  // Full square without a hyphen is over-disambiguated SAN (Rc1c4 in the corpus).
  EXPECT_EQ(resolve(kStart, "Ng1f3").lenient, SanLenientSet(SanLenient::RedundantDisambiguation));
  // Rank where the file would do is not the standard's choice either.
  EXPECT_EQ(resolve(kTwoKnights, "N1d2").lenient, SanLenientSet(SanLenient::RedundantDisambiguation));
  EXPECT_EQ(resolve(kThreeQueens, "Qh1e1").lenient, SanLenientSet(SanLenient::RedundantDisambiguation));
  // A pawn push with its own file.
  EXPECT_EQ(resolve(kStart, "ee4").lenient, SanLenientSet(SanLenient::RedundantDisambiguation));
}

TEST(San, FlagsCaptureMarkProblems) {
  const char* fen = "4k3/8/8/3p4/4P3/5N2/8/4K3 w - - 0 1";
  SanResolution missing = resolve(fen, "ed5");
  ASSERT_TRUE(missing.ok());
  EXPECT_EQ(missing.move, Move(san_sq("e4"), san_sq("d5")));
  EXPECT_EQ(missing.lenient, SanLenientSet(SanLenient::MissingCaptureMark));

  SanResolution colon = resolve(fen, "e:d5");
  ASSERT_TRUE(colon.ok());
  EXPECT_EQ(colon.lenient, SanLenientSet(SanLenient::ColonCapture));

  SanResolution knight = resolve("4k3/8/8/3p4/8/5N2/8/4K3 w - - 0 1", "Nd4");
  EXPECT_EQ(knight.lenient, 0u);
  EXPECT_EQ(resolve("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "Nd5").lenient, SanLenientSet(SanLenient::MissingCaptureMark));

  SanResolution wrong = resolve(kStart, "Nxf3");
  ASSERT_TRUE(wrong.ok());
  EXPECT_EQ(wrong.lenient, SanLenientSet(SanLenient::WrongCaptureMark));
}

TEST(San, VerifiesCheckAndMateSuffixes) {
  EXPECT_EQ(resolve(kScholar, "Qxf7#").lenient, 0u);
  EXPECT_EQ(resolve(kScholar, "Qxf7").lenient, SanLenientSet(SanLenient::MissingCheckSign));
  EXPECT_EQ(resolve(kScholar, "Qxf7+").lenient, SanLenientSet(SanLenient::WrongCheckSign));
  EXPECT_EQ(resolve(kStart, "e4+").lenient, SanLenientSet(SanLenient::WrongCheckSign));
  EXPECT_EQ(resolve(kStart, "e4#").lenient, SanLenientSet(SanLenient::WrongCheckSign));
  const char* check = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  EXPECT_EQ(resolve(check, "Ra8+").lenient, 0u);
  EXPECT_EQ(resolve(check, "Ra8#").lenient, SanLenientSet(SanLenient::WrongCheckSign));
  EXPECT_EQ(resolve(check, "Ra8").lenient, SanLenientSet(SanLenient::MissingCheckSign));
  // The king has no flight square but the b2 rook can block: '+' is right.
  EXPECT_EQ(resolve("6k1/5ppp/8/8/8/8/1r6/R3K3 w - - 0 1", "Ra8+").lenient, 0u);
  EXPECT_EQ(resolve("6k1/5ppp/8/8/8/8/1r6/R3K3 w - - 0 1", "Ra8#").lenient, SanLenientSet(SanLenient::WrongCheckSign));
  EXPECT_EQ(resolve("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#").lenient, 0u);
}

TEST(San, ReportsIllegalPieceMoves) {
  SanResolution r = resolve(kStart, "Nf6");
  EXPECT_EQ(r.error, SanError::Illegal);
  EXPECT_EQ(san_error_code(r.error), "illegal-move");
  EXPECT_EQ(r.message, "no white knight can reach f6");
  EXPECT_EQ(r.move, Move::none());

  // Corpus pgn/invalid/chessjs-throws-error-illegal-move.pgn: 1. e4 Qxd7.
  SanResolution q = resolve("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Qxd7");
  EXPECT_EQ(q.error, SanError::Illegal);
  EXPECT_EQ(q.message, "no black queen can move to d7: d7 holds a black piece");

  EXPECT_EQ(resolve("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Qd4").message, "no white queen can reach d4 (white has no queen)");
  EXPECT_EQ(resolve(kTwoKnights, "Ncd2").message, "no white knight on the c-file can reach d2");
  // Pinned knight.
  EXPECT_EQ(resolve("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3").message,
            "white knight on e2 cannot move to c3: it would leave the white king in check");
  EXPECT_EQ(resolve("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Ke2").message, "white king on e1 cannot move to e2: e2 is attacked");
}

TEST(San, ReportsIllegalPawnMoves) {
  SanResolution r = resolve(kStart, "exd3");
  EXPECT_EQ(r.error, SanError::Illegal);
  EXPECT_EQ(r.message, "white pawn on e2 cannot capture on d3: d3 is empty");
  EXPECT_EQ(resolve(kStart, "exf4").message, "no white pawn on the e-file can capture on f4");
  EXPECT_EQ(resolve(kStart, "exg3").message, "a pawn on the e-file cannot capture on g3");
  EXPECT_EQ(resolve(kStart, "e5").message, "no white pawn can move to e5");
  EXPECT_EQ(resolve("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e4").message, "no white pawn can move to e4: e4 is occupied");
  EXPECT_EQ(resolve("4k3/8/8/8/8/8/4p3/4K3 b - - 0 1", "e8=Q").message, "a black pawn promotes only on rank 1");
  // The double step: in check it is the check that forbids it, as for the single step.
  const char* check = "rnbqk1nr/pppp1ppp/8/4P3/1b6/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3";
  EXPECT_EQ(resolve(check, "e3").message, "white pawn on e2 cannot move to e3: it would leave the white king in check");
  EXPECT_EQ(resolve(check, "e4").message, "white pawn on e2 cannot move to e4: it would leave the white king in check");
  EXPECT_EQ(resolve("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4").message, "white pawn on e2 cannot move to e4: e3 is occupied");
  EXPECT_EQ(resolve("4k3/3p4/8/8/8/8/8/4K3 b - - 0 1", "d4").message, "no black pawn can move to d4");
  EXPECT_EQ(resolve("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e5").message, "no white pawn can move to e5");
}

TEST(San, ResolvesPromotions) {
  const Position pos = san_from_fen(kSanPromotion);
  SanResolution r = resolve_san(pos, std::string_view("e8=Q"));
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(r.move, Move(san_sq("e7"), san_sq("e8"), Move::Promotion, Queen));
  EXPECT_EQ(r.lenient, 0u);
  EXPECT_EQ(resolve_san(pos, std::string_view("exd8=N")).move, Move(san_sq("e7"), san_sq("d8"), Move::Promotion, Knight));
  EXPECT_EQ(resolve_san(pos, std::string_view("exd8=Q+")).lenient, 0u);

  SanResolution no_eq = resolve_san(pos, std::string_view("e8R"));
  EXPECT_EQ(no_eq.move, Move(san_sq("e7"), san_sq("e8"), Move::Promotion, Rook));
  EXPECT_EQ(no_eq.lenient, SanLenientSet(SanLenient::PromotionWithoutEquals));
  EXPECT_EQ(resolve_san(pos, std::string_view("e8=b")).lenient, SanLenientSet(SanLenient::LowercasePromotion));
  SanResolution coord = resolve_san(pos, std::string_view("e7e8n"));
  EXPECT_EQ(coord.move, Move(san_sq("e7"), san_sq("e8"), Move::Promotion, Knight));

  SanResolution missing = resolve_san(pos, std::string_view("e8"));
  EXPECT_EQ(missing.error, SanError::Illegal);
  EXPECT_NE(missing.message.find("must promote"), std::string::npos) << missing.message;
  EXPECT_EQ(resolve(kStart, "g1f3q").error, SanError::Malformed);  // f3 is no promotion rank
  EXPECT_EQ(resolve_san(pos, std::string_view("e1d1q")).message, "only pawns promote; the piece on e1 is a king");
}

TEST(San, ResolvesEnPassant) {
  const Position pos = san_from_fen(kEnPassant);
  const Move ep(san_sq("e5"), san_sq("d6"), Move::EnPassant);
  SanResolution plain = resolve_san(pos, std::string_view("exd6"));
  ASSERT_TRUE(plain.ok()) << plain.message;
  EXPECT_EQ(plain.move, ep);
  EXPECT_EQ(plain.lenient, 0u);
  SanResolution marked = resolve_san(pos, std::string_view("exd6e.p."));
  EXPECT_EQ(marked.move, ep);
  EXPECT_EQ(marked.lenient, SanLenientSet(SanLenient::EnPassantSuffix));
  EXPECT_EQ(resolve_san(pos, std::string_view("e5d6")).move, ep);
  EXPECT_EQ(to_san(pos, ep), "exd6");
  // "e.p." on an ordinary capture is a wrong capture mark.
  // "e.p." on an ordinary capture or a push is a wrong capture mark, and only that: it
  // is not the en-passant-suffix form of an en passant capture.
  for (const char* token : {"exd5e.p.", "e5e.p."}) {
    SanResolution wrong = resolve("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", token);
    ASSERT_TRUE(wrong.ok()) << token;
    EXPECT_EQ(wrong.lenient, SanLenientSet(SanLenient::WrongCaptureMark)) << token;
  }
  SanResolution knight = resolve(kStart, "Nf3e.p.");
  ASSERT_TRUE(knight.ok()) << knight.message;
  EXPECT_EQ(knight.lenient, SanLenientSet(SanLenient::WrongCaptureMark));
}

TEST(San, ResolvesCastling) {
  const Position pos = san_from_fen(kSanCastleBoth);
  EXPECT_EQ(resolve_san(pos, std::string_view("O-O")).move, Move(san_sq("e1"), san_sq("h1"), Move::Castling));
  EXPECT_EQ(resolve_san(pos, std::string_view("O-O-O")).move, Move(san_sq("e1"), san_sq("a1"), Move::Castling));
  SanResolution zero = resolve_san(pos, std::string_view("0-0"));
  EXPECT_EQ(zero.move, Move(san_sq("e1"), san_sq("h1"), Move::Castling));
  EXPECT_EQ(zero.lenient, SanLenientSet(SanLenient::ZeroCastling));
  for (const char* text : {"Kg1", "e1g1", "Ke1-g1", "e1h1", "Kxh1"}) {
    SanResolution r = resolve_san(pos, std::string_view(text));
    ASSERT_TRUE(r.ok()) << text << ": " << r.message;
    EXPECT_EQ(r.move, Move(san_sq("e1"), san_sq("h1"), Move::Castling)) << text;
    EXPECT_TRUE(has_lenient(r.lenient, SanLenient::CastlingAsKingMove)) << text;
  }
  EXPECT_EQ(resolve_san(pos, std::string_view("e1c1")).move, Move(san_sq("e1"), san_sq("a1"), Move::Castling));
  // b1 may be attacked when castling queen side; only the king's path matters.
  EXPECT_TRUE(resolve("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O").ok());
}

TEST(San, ExplainsIllegalCastling) {
  EXPECT_EQ(resolve(kStart, "O-O").message, "castling king side is not legal: path blocked (f1 is occupied)");
  EXPECT_EQ(resolve("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O").message,
            "castling king side is not legal: white has lost the king-side castling right");
  EXPECT_EQ(resolve("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "O-O").message,
            "castling king side is not legal: the king passes through an attacked square (f1)");
  EXPECT_EQ(resolve("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", "O-O").message,
            "castling king side is not legal: the king would land on an attacked square (g1)");
  EXPECT_EQ(resolve("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O-O").message,
            "castling queen side is not legal: white is in check");
  EXPECT_EQ(resolve("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "O-O-O").message,
            "castling queen side is not legal: black has lost the queen-side castling right");
  EXPECT_EQ(resolve(kStart, "O-O").error, SanError::Illegal);
}

TEST(San, ResolvesChess960Castling) {
  const Position pos = san_from_fen(kSan960);
  ASSERT_TRUE(pos.is_chess960());
  const Move king_side(san_sq("b1"), san_sq("e1"), Move::Castling);
  const Move queen_side(san_sq("b1"), san_sq("a1"), Move::Castling);
  SanResolution oo = resolve_san(pos, std::string_view("O-O"));
  ASSERT_TRUE(oo.ok()) << oo.message;
  EXPECT_EQ(oo.move, king_side);
  EXPECT_EQ(oo.lenient, 0u);
  EXPECT_EQ(resolve_san(pos, std::string_view("O-O-O")).move, queen_side);
  EXPECT_EQ(to_san(pos, king_side), "O-O");
  EXPECT_EQ(to_san(pos, queen_side), "O-O-O");
  // King to g1 and king takes rook: castling, leniently.
  for (const char* text : {"Kg1", "b1g1", "b1e1", "Kxe1", "Kb1-g1"}) {
    SanResolution r = resolve_san(pos, std::string_view(text));
    ASSERT_TRUE(r.ok()) << text << ": " << r.message;
    EXPECT_EQ(r.move, king_side) << text;
    EXPECT_TRUE(has_lenient(r.lenient, SanLenient::CastlingAsKingMove)) << text;
  }
  EXPECT_EQ(resolve_san(pos, std::string_view("b1a1")).move, queen_side);
  // Kc1 is a plain king step here, though O-O-O also puts the king on c1.
  SanResolution step = resolve_san(pos, std::string_view("Kc1"));
  ASSERT_TRUE(step.ok()) << step.message;
  EXPECT_EQ(step.move, Move(san_sq("b1"), san_sq("c1")));
  EXPECT_EQ(step.lenient, 0u);
  EXPECT_EQ(to_san(pos, Move(san_sq("b1"), san_sq("c1"))), "Kc1");
}

TEST(San, ResolvesChess960CastlingFromCorpusFen) {
  // fischer.epd #1: king g1, rooks f1 and h1; O-O is blocked by the f1 rook's own target.
  const Position pos = san_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  ASSERT_TRUE(pos.is_chess960());
  SanResolution oo = resolve_san(pos, std::string_view("O-O"));
  EXPECT_EQ(oo.error, SanError::Illegal);
  EXPECT_NE(oo.message.find("path blocked"), std::string::npos) << oo.message;
  // Clear f1: the king stays on g1 and the h1 rook jumps to f1.
  const Position open = san_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BN1KR w Hhf - 2 9");
  SanResolution castle = resolve_san(open, std::string_view("O-O"));
  ASSERT_TRUE(castle.ok()) << castle.message;
  EXPECT_EQ(castle.move, Move(san_sq("g1"), san_sq("h1"), Move::Castling));
  EXPECT_EQ(to_san(open, castle.move), "O-O");
}

TEST(San, ResolvesLongAlgebraicForms) {
  SanResolution lan = resolve(kStart, "Ng1-f3");
  ASSERT_TRUE(lan.ok());
  EXPECT_EQ(lan.move, Move(san_sq("g1"), san_sq("f3")));
  EXPECT_EQ(lan.lenient, SanLenientSet(SanLenient::LongAlgebraic));
  SanResolution coord = resolve(kStart, "g1f3");
  EXPECT_EQ(coord.move, Move(san_sq("g1"), san_sq("f3")));
  EXPECT_EQ(coord.lenient, SanLenientSet(SanLenient::CoordinateMove));
  SanResolution cap = resolve(kStart, "Ng1xf3");
  EXPECT_EQ(cap.move, Move(san_sq("g1"), san_sq("f3")));
  EXPECT_TRUE(has_lenient(cap.lenient, SanLenient::WrongCaptureMark));
  EXPECT_EQ(resolve(kStart, "e2-e4").move, Move(san_sq("e2"), san_sq("e4")));
  EXPECT_EQ(resolve(kStart, "Pe4").lenient, SanLenientSet(SanLenient::PawnLetter));
  EXPECT_EQ(resolve(kStart, "e7e5").message, "the piece on e7 is black's, but white is to move");
  EXPECT_EQ(resolve(kStart, "e3e4").message, "no piece on e3");
  // A hyphen on a capture claims a quiet move.
  EXPECT_TRUE(has_lenient(resolve("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4-d5").lenient, SanLenient::MissingCaptureMark));
}

TEST(San, ResolvesNullMove) {
  for (const char* text : {"--", "Z0"}) {
    SanResolution r = resolve(kStart, text);
    ASSERT_TRUE(r.ok()) << text;
    EXPECT_EQ(r.move, Move::null());
  }
  Position after;
  const Position pos = san_from_fen(kStart);
  ASSERT_TRUE(resolve_san(pos, std::string_view("--"), &after).ok());
  EXPECT_EQ(after.side_to_move(), Black);

  SanResolution in_check = resolve("4k3/8/8/8/8/8/8/4K2r w - - 0 1", "--");
  EXPECT_EQ(in_check.error, SanError::NullMoveInCheck);
  EXPECT_EQ(san_error_code(in_check.error), "null-move-in-check");
  EXPECT_EQ(in_check.move, Move::null());
  EXPECT_EQ(to_san(pos, Move::null()), "--");
}

TEST(San, SuggestsDidYouMean) {
  SanResolution lower = resolve(kStart, "nf3");
  EXPECT_EQ(lower.error, SanError::Malformed);
  EXPECT_EQ(lower.did_you_mean, "Nf3");

  // Lower-case b is the b-file; with no b-pawn able to take on c4 the bishop was meant.
  const char* open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  SanResolution b = resolve(open, "bc4");
  EXPECT_EQ(b.error, SanError::Illegal);
  EXPECT_EQ(b.did_you_mean, "Bc4");
  // When the b-pawn can take, "bc4" is that capture without its 'x'.
  SanResolution pawn = resolve("4k3/8/8/8/2n5/1P6/8/4K3 w - - 0 1", "bc4");
  ASSERT_TRUE(pawn.ok());
  EXPECT_EQ(pawn.move, Move(san_sq("b3"), san_sq("c4")));
  EXPECT_EQ(pawn.lenient, SanLenientSet(SanLenient::MissingCaptureMark));
  // Upper-case B is only ever a bishop.
  SanResolution bishop = resolve("4k3/8/8/8/2n5/1P6/8/4K3 w - - 0 1", "Bxc4");
  EXPECT_EQ(bishop.error, SanError::Illegal);
  EXPECT_EQ(bishop.did_you_mean, std::nullopt);

  EXPECT_EQ(resolve(kSanCastleBoth, "o-o").did_you_mean, "O-O");
  EXPECT_EQ(resolve(kSanCastleBoth, "o-o-o").did_you_mean, "O-O-O");
  EXPECT_EQ(resolve(kStart, "E4").did_you_mean, "e4");
  EXPECT_EQ(resolve(kStart, "kf1").did_you_mean, std::nullopt);  // no legal king move there
  // Wrong disambiguation: the only knight that reaches d2 is on f3.
  SanResolution wrong_file = resolve("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "Nbd2");
  EXPECT_EQ(wrong_file.error, SanError::Illegal);
  EXPECT_EQ(wrong_file.did_you_mean, "Nd2");
  EXPECT_EQ(resolve("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "Ng1f3").did_you_mean, std::nullopt);
  // Wrong pawn file on a capture.
  EXPECT_EQ(resolve("4k3/8/8/3p4/2P5/8/8/4K3 w - - 0 1", "exd5").did_you_mean, "cxd5");
  // No single move: no hint.
  EXPECT_EQ(resolve(kStart, "Nf6").did_you_mean, std::nullopt);
  EXPECT_EQ(resolve(kTwoKnights, "Nd2").did_you_mean, std::nullopt);
  EXPECT_EQ(resolve(kSanPromotion, "e8=k").did_you_mean, std::nullopt);
}

TEST(San, LenientCodesAreStableAndDistinct) {
  std::set<std::string_view> codes;
  SanLenientSet all = 0;
  for (const SanLenientInfo& l : kSanLenient) {
    EXPECT_FALSE(l.code.empty());
    EXPECT_FALSE(l.description.empty());
    codes.insert(l.code);
    EXPECT_FALSE(has_lenient(all, l.form)) << l.code << " listed twice";
    all |= SanLenientSet(l.form);
  }
  EXPECT_EQ(codes.size(), std::size(kSanLenient));
  EXPECT_EQ(all, (SanLenientSet(SanLenient::CastlingAsKingMove) << 1) - 1);  // every bit, none missing
  EXPECT_EQ(kSanLenient[0].code, "zero-castling");
  EXPECT_EQ(san_error_code(SanError::Malformed), "malformed-move");
}

// The man page lists every lenient code (as ".BR code").
TEST(San, ManPageListsEveryLenientCode) {
  std::ifstream man(chesstool::testing::testdata_path("../man/chesstool.1"));
  ASSERT_TRUE(man) << "man/chesstool.1 not found";
  const std::string text((std::istreambuf_iterator<char>(man)), std::istreambuf_iterator<char>());
  for (const SanLenientInfo& l : kSanLenient) {
    std::string escaped;
    for (char c : l.code) escaped += c == '-' ? std::string("\\-") : std::string(1, c);
    EXPECT_NE(text.find(".BR " + escaped + " "), std::string::npos) << l.code << " is not in the man page";
  }
}

// Any text: no crash, a resolved move is legal, a hint resolves cleanly.
TEST(San, ArbitraryTextKeepsTheInvariants) {
  const Position positions[] = {san_from_fen(kStart), san_from_fen(kSanCastleBoth), san_from_fen(kSanPromotion), san_from_fen(kSan960),
                                san_from_fen(kEnPassant),
                                san_from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")};
  const std::string alphabet = "abcdefghKQRBNPOoqrnkxX:-=+#!?@.Z012345678 e";
  std::uint32_t seed = 12345;
  auto next = [&seed] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  int resolved = 0, hinted = 0;
  for (int i = 0; i < 40000; ++i) {
    std::string text;
    const std::size_t len = 1 + next() % 9;
    for (std::size_t k = 0; k < len; ++k) text += alphabet[next() % alphabet.size()];
    for (const Position& pos : positions) {
      const SanResolution r = resolve_san(pos, std::string_view(text));
      if (r.ok()) {
        ++resolved;
        ASSERT_TRUE(r.move.is_null() || is_legal(pos, r.move)) << text;
        ASSERT_TRUE(r.message.empty()) << text;
      } else {
        ASSERT_FALSE(r.message.empty()) << text;
      }
      if (r.did_you_mean) {
        ++hinted;
        const SanResolution hint = resolve_san(pos, std::string_view(*r.did_you_mean));
        ASSERT_TRUE(hint.ok() && hint.lenient == 0) << text << " -> " << *r.did_you_mean;
      }
    }
  }
  EXPECT_GT(resolved, 0);
  EXPECT_GT(hinted, 0);
}

// ----------------------------------------------------------------------------------
// to_san

TEST(San, WritesMinimalDisambiguation) {
  const Position knights = san_from_fen(kTwoKnights);
  EXPECT_EQ(to_san(knights, Move(san_sq("b1"), san_sq("d2"))), "Nbd2");
  EXPECT_EQ(to_san(knights, Move(san_sq("f3"), san_sq("d2"))), "Nfd2");
  EXPECT_EQ(to_san(knights, Move(san_sq("f3"), san_sq("e5"))), "Ne5");
  const Position rooks = san_from_fen(kTwoRooks);
  EXPECT_EQ(to_san(rooks, Move(san_sq("a1"), san_sq("a3"))), "R1a3");
  EXPECT_EQ(to_san(rooks, Move(san_sq("a5"), san_sq("a3"))), "R5a3");
  const Position queens = san_from_fen(kThreeQueens);
  EXPECT_EQ(to_san(queens, Move(san_sq("h4"), san_sq("e1"))), "Qh4e1");
  EXPECT_EQ(to_san(queens, Move(san_sq("e4"), san_sq("e1"))), "Qee1");
  EXPECT_EQ(to_san(queens, Move(san_sq("h1"), san_sq("e1"))), "Q1e1");
}

TEST(San, DisambiguationIgnoresPinnedPieces) {
  // The c3 knight is pinned against e1 by the a5 bishop, so only the g1 knight can go to e2.
  const Position pos = san_from_fen("4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
  EXPECT_EQ(to_san(pos, Move(san_sq("g1"), san_sq("e2"))), "Ne2");
}

TEST(San, WritesCapturesPromotionsAndSuffixes) {
  EXPECT_EQ(to_san(san_from_fen(kStart), Move(san_sq("e2"), san_sq("e4"))), "e4");
  const Position promo = san_from_fen(kSanPromotion);
  EXPECT_EQ(to_san(promo, Move(san_sq("e7"), san_sq("d8"), Move::Promotion, Queen)), "exd8=Q+");
  EXPECT_EQ(to_san(promo, Move(san_sq("e7"), san_sq("e8"), Move::Promotion, Knight)), "e8=N");
  EXPECT_EQ(to_san(san_from_fen(kScholar), Move(san_sq("h5"), san_sq("f7"))), "Qxf7#");
  EXPECT_EQ(to_san(san_from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), Move(san_sq("a1"), san_sq("a8"))), "Ra8+");
  const Position castle = san_from_fen(kSanCastleBoth);
  EXPECT_EQ(to_san(castle, Move(san_sq("e1"), san_sq("h1"), Move::Castling)), "O-O");
  EXPECT_EQ(to_san(castle, Move(san_sq("e1"), san_sq("a1"), Move::Castling)), "O-O-O");
  EXPECT_EQ(to_san(castle, Move(san_sq("a1"), san_sq("a8"))), "Rxa8+");
}

TEST(San, DisambiguationAgreesWithListingEveryMoveToTheTarget) {
  // to_san lists the legal moves to the target only when a rival piece could reach it on
  // an empty board; the answer must be the one listing them always gives, for every legal
  // move of every position of random games.
  int checked = 0, disambiguated = 0;
  testing::for_each_random_position(29, 120, [&](const Position& pos) {
    MoveList legal;
    generate_legal(pos, legal);
    for (Move m : legal) {
      const PieceType pt = type_of(pos.piece_on(m.from()));
      if (pt == Pawn || pt == King || m.is_castling()) continue;
      MoveList same;
      generate_legal_to(pos, pt, m.to(), same);
      const detail::Disambiguation d = detail::needed_disambiguation(same, m);
      std::string expected(1, piece_type_char(pt));
      if (d.file) expected += char('a' + file_of(m.from()));
      if (d.rank) expected += char('1' + rank_of(m.from()));
      if (pos.piece_on(m.to()) != NoPiece) expected += 'x';
      expected += char('a' + file_of(m.to()));
      expected += char('1' + rank_of(m.to()));
      const std::string san = to_san(pos, m);
      const std::string suffix = san.substr(std::min(san.size(), expected.size()));
      ASSERT_EQ(san.substr(0, expected.size()), expected) << to_fen(pos) << " " << to_uci(pos, m);
      ASSERT_TRUE(suffix.empty() || suffix == "+" || suffix == "#") << to_fen(pos) << " " << san;
      ++checked;
      disambiguated += d.file || d.rank ? 1 : 0;
    }
  });
  EXPECT_GT(checked, 5000);
  EXPECT_GT(disambiguated, 100);
}

// ----------------------------------------------------------------------------------
// Round trip over the perft corpus

// Checks every legal move of pos; recurses `depth - 1` plies further.
void check_round_trip(const Position& pos, int depth, const std::string& where, int& failures) {
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    if (failures > 20) return;
    const std::string san = to_san(pos, m);
    Position after;
    SanParse p = parse_san(san);
    SanResolution r = resolve_san(pos, p.token, &after);
    const Position expected_after = pos.after(m);
    if (!p.ok() || !r.ok() || r.move != m || r.lenient != 0 || !(after == expected_after)) {
      ADD_FAILURE() << where << ": " << san << " -> " << p.message << r.message << " lenient " << r.lenient;
      ++failures;
    }
    // The validate fast path takes every plain shape (castling, and any other move but
    // a promotion or one that needs both a file and a rank to tell it apart) and must
    // land on the same position.
    Position fast;
    const bool plain = play_plain_san(pos, san, fast);
    // (Chess960: a king step that castling could also land on is left to the full rules.)
    bool castling_lands_there = false;
    for (Move c : moves)
      castling_lands_there |= !m.is_castling() && c.is_castling() && castling_king_destination(pos, c) == m.to() &&
                              m.from() == c.from();
    const bool plain_shape = m.promotion() == NoPieceType && (p.token.from_rank < 0 || p.token.from_file < 0) &&
                             !castling_lands_there;
    if (plain != plain_shape || (plain && !(fast == expected_after))) {
      ADD_FAILURE() << where << ": play_plain_san(" << san << ") gave " << plain;
      ++failures;
    }
    const char last = san.back();
    const bool check = expected_after.is_check();
    const bool mate = check && count_legal(expected_after) == 0;
    if ((last == '+') != (check && !mate) || (last == '#') != mate) {
      ADD_FAILURE() << where << ": suffix of " << san;
      ++failures;
    }
    const std::optional<Move> u = parse_uci(pos, to_uci(pos, m));
    if (!u || *u != m) {
      ADD_FAILURE() << where << ": uci " << to_uci(pos, m);
      ++failures;
    }
    const SanResolution lan = resolve_san(pos, std::string_view(to_lan(pos, m)));
    if (!lan.ok() || lan.move != m) {
      ADD_FAILURE() << where << ": lan " << to_lan(pos, m) << " " << lan.message;
      ++failures;
    }
    if (depth > 1) check_round_trip(expected_after, depth - 1, where + " " + san, failures);
  }
}

void round_trip_suite(const char* file, std::size_t limit, std::size_t deep_every) {
  if (!testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  const std::string path = testing::corpus_path("perft/" + std::string(file));
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing from the corpus";
  const auto cases = testing::read_perft_suite(path);
  ASSERT_FALSE(cases.empty());
  int failures = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < cases.size() && n < limit; ++i) {
    FenResult fen = parse_fen(cases[i].fen);
    if (!fen.ok()) continue;  // tricky.perft holds deliberately impossible positions
    ++n;
    check_round_trip(fen.position, i % deep_every == 0 ? 2 : 1, std::string(file) + " #" + cases[i].id, failures);
  }
  // tricky.perft holds impossible positions (11 of its 26); most of the others play.
  EXPECT_GE(n, std::min(limit, cases.size() / 2)) << file;
}

// detail::gives_check_after against the full test, for every legal move of `pos`; counts
// the moves compared and the checks among them, discovered ones (the piece moved does not
// reach the king) apart.
void expect_check_test_agrees(const Position& pos, int& compared, int& checks, int& discovered) {
  MoveList legal;
  generate_legal(pos, legal);
  for (const Move m : legal) {
    const Position after = pos.after(m);
    const PieceType moved = type_of(pos.piece_on(m.from()));
    const bool check = after.is_check();
    ASSERT_EQ(detail::gives_check_after(after, m, moved), check) << to_fen(pos) << " " << to_uci(pos, m);
    ++compared;
    if (!check) continue;
    ++checks;
    if (m.kind() != Move::Normal) continue;
    const Square king = after.king_square(after.side_to_move());
    const Bitboard reach = moved == Pawn ? pawn_attacks(pos.side_to_move(), m.to())
                                         : piece_attacks(moved, m.to(), after.occupied());
    discovered += (reach & square_bb(king)) == 0;
  }
}

TEST(San, TheCheckTestOfEveryMoveAgreesWithTheFullOne) {
  int compared = 0, checks = 0, discovered = 0;
  testing::for_each_random_position(7, 160, [&](const Position& pos) { expect_check_test_agrees(pos, compared, checks, discovered); });
  if (testing::corpus_available())
    for (const char* file : {"standard.epd", "tricky.perft", "fischer.epd"})
      for (const auto& c : testing::read_perft_suite(testing::corpus_path("perft/" + std::string(file))))
        if (FenResult fen = parse_fen(c.fen); fen.ok()) expect_check_test_agrees(fen.position, compared, checks, discovered);
  EXPECT_GT(compared, 20000);
  EXPECT_GT(checks, 500);
  EXPECT_GT(discovered, 10);
}

// Depth 2 on every standard and tricky position and on a tenth of the others; about
// 0.2 s in a Release build.
TEST(San, RoundTripsStandardSuite) { round_trip_suite("standard.epd", 1000, 1); }
TEST(San, RoundTripsTrickySuite) { round_trip_suite("tricky.perft", 1000, 1); }
TEST(San, RoundTripsFischerSuite) { round_trip_suite("fischer.epd", 1000, 10); }
TEST(San, RoundTripsRandomSuite) { round_trip_suite("random.perft", 1000, 10); }

}  // namespace
}  // namespace chesstool
