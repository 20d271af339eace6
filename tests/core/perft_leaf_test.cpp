// SPDX-License-Identifier: MIT
// perft's leaf parent (core/perft_leaf.hpp) against Position::play: after every legal move
// of every node of short perft walks, the same board, castling rights and rooks, and the
// same number of moves for the side to move.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"

// The header is compiled once per instruction-set path in the binary; here once more, in a
// namespace of the test's own.
#define CHESSTOOL_KERNEL_NS perft_leaf_test
#include "core/perft_leaf.hpp"
#include "core/uci.hpp"

using namespace chesstool;
using perft_leaf_test::LeafPosition;

namespace {

template <Color Us>
LeafPosition leaf_after(const Position& pos, Move m) {
  LeafPosition leaf;
  leaf.play<Us>(pos, m);
  return leaf;
}

template <Color Us>
std::uint64_t count_from(const LeafPosition& leaf) {
  perft_leaf_test::CountSink sink;
  perft_leaf_test::generate<Us>(leaf, sink, perft_leaf_test::kAllTypes);
  return sink.count;
}

// Checks every move of pos, then walks on to depth; returns the moves checked.
int check_walk(const Position& pos, int depth, const std::string& fen) {
  MoveList moves;
  generate_legal(pos, moves);
  int checked = 0;
  for (Move m : moves) {
    const Position after = pos.after(m);
    const bool white = pos.side_to_move() == White;
    const LeafPosition leaf = white ? leaf_after<White>(pos, m) : leaf_after<Black>(pos, m);
    std::string where = fen;
    where.append(" then ").append(to_uci(pos, m));
    EXPECT_EQ(leaf.occupied(), after.occupied()) << where;
    for (Color c : {White, Black}) {
      EXPECT_EQ(leaf.pieces(c), after.pieces(c)) << where;
      for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King})
        EXPECT_EQ(leaf.pieces(c, t), after.pieces(c, t)) << where << " piece type " << int(t);
      for (CastlingSide s : {KingSide, QueenSide}) {
        if (after.has_castling_right(c, s)) {
          EXPECT_EQ(leaf.castling_rook(c, s), after.castling_rook(c, s)) << where;
        }
      }
    }
    EXPECT_EQ(leaf.castling_rights(), after.castling_rights()) << where;
    // The leaf keeps an en passant square whenever a pawn stands beside the double step;
    // the position only when the capture is legal, and then the same one.
    if (after.ep_square() != kNoSquare) {
      EXPECT_EQ(leaf.ep_square(), after.ep_square()) << where;
    }
    EXPECT_EQ(white ? count_from<Black>(leaf) : count_from<White>(leaf), count_legal(after)) << where;
    ++checked;
    if (depth > 1) checked += check_walk(after, depth - 1, fen);
  }
  return checked;
}

}  // namespace

TEST(PerftLeaf, AgreesWithPositionPlayAfterEveryMove) {
  // Castling both ways and through attacked squares, en passant with pins and checks,
  // promotions with and without capture, and Chess960 castling where king and rook
  // squares coincide.
  const std::vector<std::string> fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
      "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
      "1r2k1r1/8/8/8/8/8/8/R3K2R w AHbg - 0 1",
  };
  int checked = 0;
  for (const std::string& fen : fens) {
    FenResult r = parse_fen(fen, FenMode::Playable);
    ASSERT_TRUE(r.ok()) << fen;
    checked += check_walk(r.position, 3, fen);
  }
  EXPECT_GT(checked, 50000);  // the walks really ran
}
