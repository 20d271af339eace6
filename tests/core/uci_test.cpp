// SPDX-License-Identifier: MIT
// Tests of UCI move parsing/writing (both castling conventions) and long algebraic writing.
#include "core/uci.hpp"

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace chesstool {
namespace {

Position uci_from_fen(const char* fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  return r.position;
}

Square uci_sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

constexpr const char* kUciCastleBoth = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kUci960 = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
constexpr const char* kUciPromotion = "3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1";

TEST(Uci, ParsesSimpleMoves) {
  const Position pos = Position::startpos();
  EXPECT_EQ(parse_uci(pos, "e2e4"), Move(uci_sq("e2"), uci_sq("e4")));
  EXPECT_EQ(parse_uci(pos, "g1f3"), Move(uci_sq("g1"), uci_sq("f3")));
}

TEST(Uci, RejectsIllegalAndMalformedText) {
  const Position pos = Position::startpos();
  for (const char* text : {"e2e5", "e7e5", "e3e4", "e2e9", "e2", "", "e2e4q", "e2e4 ", "E2E4", "g1f3x", "e1g1"})
    EXPECT_EQ(parse_uci(pos, text), std::nullopt) << text;
}

TEST(Uci, ParsesPromotions) {
  const Position pos = uci_from_fen(kUciPromotion);
  EXPECT_EQ(parse_uci(pos, "e7e8q"), Move(uci_sq("e7"), uci_sq("e8"), Move::Promotion, Queen));
  EXPECT_EQ(parse_uci(pos, "e7d8n"), Move(uci_sq("e7"), uci_sq("d8"), Move::Promotion, Knight));
  EXPECT_EQ(parse_uci(pos, "e7e8R"), Move(uci_sq("e7"), uci_sq("e8"), Move::Promotion, Rook));
  EXPECT_EQ(parse_uci(pos, "e7e8"), std::nullopt);   // a promotion needs its piece
  EXPECT_EQ(parse_uci(pos, "e7e8k"), std::nullopt);
  EXPECT_EQ(parse_uci(pos, "e1e2q"), std::nullopt);  // only promotions take a letter
}

TEST(Uci, ParsesStandardCastlingBothWays) {
  const Position pos = uci_from_fen(kUciCastleBoth);
  const Move oo(uci_sq("e1"), uci_sq("h1"), Move::Castling);
  const Move ooo(uci_sq("e1"), uci_sq("a1"), Move::Castling);
  EXPECT_EQ(parse_uci(pos, "e1g1"), oo);
  EXPECT_EQ(parse_uci(pos, "e1h1"), oo);
  EXPECT_EQ(parse_uci(pos, "e1c1"), ooo);
  EXPECT_EQ(parse_uci(pos, "e1a1"), ooo);
  EXPECT_EQ(to_uci(pos, oo), "e1g1");
  EXPECT_EQ(to_uci(pos, ooo), "e1c1");
  // Without the right, king-takes-rook is just an impossible capture of one's own rook.
  EXPECT_EQ(parse_uci(uci_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1h1"), std::nullopt);
  EXPECT_EQ(parse_uci(uci_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1g1"), std::nullopt);
}

TEST(Uci, ParsesChess960Castling) {
  const Position pos = uci_from_fen(kUci960);
  ASSERT_TRUE(pos.is_chess960());
  const Move oo(uci_sq("b1"), uci_sq("e1"), Move::Castling);
  const Move ooo(uci_sq("b1"), uci_sq("a1"), Move::Castling);
  EXPECT_EQ(parse_uci(pos, "b1e1"), oo);
  EXPECT_EQ(parse_uci(pos, "b1a1"), ooo);
  EXPECT_EQ(parse_uci(pos, "b1g1"), oo);  // king to its destination: unambiguous here
  // b1c1 is a plain king step; castling queen side is written b1a1.
  EXPECT_EQ(parse_uci(pos, "b1c1"), Move(uci_sq("b1"), uci_sq("c1")));
  EXPECT_EQ(to_uci(pos, oo), "b1e1");
  EXPECT_EQ(to_uci(pos, ooo), "b1a1");
}

TEST(Uci, HandlesNullMove) {
  const Position pos = Position::startpos();
  EXPECT_EQ(parse_uci(pos, "0000"), Move::null());
  EXPECT_EQ(to_uci(pos, Move::null()), "0000");
  EXPECT_EQ(parse_uci(uci_from_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1"), "0000"), std::nullopt);
}

TEST(Uci, WritesPromotionsInLowerCase) {
  const Position pos = uci_from_fen(kUciPromotion);
  EXPECT_EQ(to_uci(pos, Move(uci_sq("e7"), uci_sq("d8"), Move::Promotion, Queen)), "e7d8q");
  EXPECT_EQ(to_uci(pos, Move(uci_sq("e7"), uci_sq("e8"), Move::Promotion, Knight)), "e7e8n");
}

TEST(Uci, WritesLongAlgebraic) {
  const Position start = Position::startpos();
  EXPECT_EQ(to_lan(start, Move(uci_sq("g1"), uci_sq("f3"))), "Ng1-f3");
  EXPECT_EQ(to_lan(start, Move(uci_sq("e2"), uci_sq("e4"))), "e2-e4");
  EXPECT_EQ(to_lan(start, Move::null()), "--");
  const Position promo = uci_from_fen(kUciPromotion);
  EXPECT_EQ(to_lan(promo, Move(uci_sq("e7"), uci_sq("d8"), Move::Promotion, Queen)), "e7xd8=Q+");
  EXPECT_EQ(to_lan(promo, Move(uci_sq("e7"), uci_sq("e8"), Move::Promotion, Rook)), "e7-e8=R");
  const Position castle = uci_from_fen(kUciCastleBoth);
  EXPECT_EQ(to_lan(castle, Move(uci_sq("e1"), uci_sq("h1"), Move::Castling)), "O-O");
  EXPECT_EQ(to_lan(castle, Move(uci_sq("e1"), uci_sq("a1"), Move::Castling)), "O-O-O");
  EXPECT_EQ(to_lan(castle, Move(uci_sq("a1"), uci_sq("a8"))), "Ra1xa8+");
  const Position ep = uci_from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(to_lan(ep, Move(uci_sq("e5"), uci_sq("d6"), Move::EnPassant)), "e5xd6");
  const Position scholar = uci_from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  EXPECT_EQ(to_lan(scholar, Move(uci_sq("h5"), uci_sq("f7"))), "Qh5xf7#");
}

TEST(Uci, RoundTripsEveryMoveOfTheStartAndKiwipete) {
  for (const char* fen : {kStartFen, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", kUci960}) {
    const Position pos = uci_from_fen(fen);
    MoveList moves;
    generate_legal(pos, moves);
    for (Move m : moves) EXPECT_EQ(parse_uci(pos, to_uci(pos, m)), m) << fen << " " << to_uci(pos, m);
  }
}

}  // namespace
}  // namespace chesstool
