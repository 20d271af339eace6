// SPDX-License-Identifier: MIT
// Tests for core/position: make_move on captures, castling (standard and Chess960), en
// passant and promotion, checked against FENs written out by hand from the FIDE Laws
// (3.7 pawn moves, 3.8 castling, 9.3 the move counter), and the incrementally updated
// Zobrist key against the key computed from scratch and after a FEN round trip.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "core/uci.hpp"
#include "support/random_positions.hpp"

namespace chesstool {
namespace {

Position from_fen(const std::string& fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen << ": " << (r.error ? r.error->to_string() : "");
  return r.position;
}

Square position_sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

// Plays m after checking that it is legal, then checks the key three ways.
void play(Position& pos, Move m) {
  ASSERT_TRUE(is_legal(pos, m)) << to_fen(pos);
  pos.make_move(m);
  EXPECT_EQ(pos.key(), pos.compute_key()) << to_fen(pos);
  EXPECT_EQ(pos.key(), from_fen(to_fen(pos)).key()) << to_fen(pos);
}

void play_uci(Position& pos, const char* uci) {
  const auto m = parse_uci(pos, uci);
  ASSERT_TRUE(m.has_value()) << uci << " in " << to_fen(pos);
  play(pos, *m);
}

TEST(Position, QuietMoveAndCaptureUpdateBoardAndClocks) {
  Position pos = Position::startpos();
  play_uci(pos, "g1f3");  // quiet: half-move clock 1 (9.3)
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  play_uci(pos, "d7d5");  // pawn move: clock 0, full-move number 2 after Black's move
  play_uci(pos, "f3e5");
  play_uci(pos, "c8g4");
  play_uci(pos, "e5g4");  // the knight takes the bishop
  EXPECT_EQ(pos.piece_on(position_sq("g4")), make_piece(White, Knight));
  EXPECT_EQ(pos.piece_on(position_sq("e5")), NoPiece);
  EXPECT_EQ(to_fen(pos), "rn1qkbnr/ppp1pppp/8/3p4/6N1/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3");
}

TEST(Position, StandardCastlingMovesKingAndRookAndDropsRights) {
  // 3.8.1: O-O puts the king on g1 and the rook on f1; O-O-O the king on c8 and the rook
  // on d8. The king's move ends both of its side's rights (3.8.2.1).
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(pos, Move(position_sq("e1"), position_sq("h1"), Move::Castling));
  EXPECT_EQ(to_fen(pos), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  play(pos, Move(position_sq("e8"), position_sq("a8"), Move::Castling));
  EXPECT_EQ(to_fen(pos), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(Position, RookMoveAndRookCaptureDropOneRight) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play_uci(pos, "h1h8");  // the rook takes the rook: White loses K, Black loses k
  EXPECT_EQ(to_fen(pos), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
  // Black to move: the a8 rook takes the a1 rook, Black loses q, White loses Q.
  Position other = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  play_uci(other, "a8a1");
  EXPECT_EQ(to_fen(other), "4k2r/8/8/8/8/8/8/r3K2R w Kk - 0 2");
}

TEST(Position, Chess960CastlingFromAnySquare) {
  // The king ends on g1 or c1 and the rook on f1 or d1 whatever they started on (3.8,
  // Chess960 rules): here the king on c1 does not move for O-O-O, only the rook does.
  Position a = from_fen("1k6/8/8/8/8/8/8/R1K4R w KQ - 0 1");
  ASSERT_TRUE(a.is_chess960());
  play(a, Move(position_sq("c1"), position_sq("a1"), Move::Castling));
  EXPECT_EQ(to_fen(a), "1k6/8/8/8/8/8/8/2KR3R b - - 1 1");
  // The king on b1 castles short across the board; the rook on h1 lands on f1.
  Position b = from_fen("1k6/8/8/8/8/8/8/RK5R w KQ - 0 1");
  ASSERT_TRUE(b.is_chess960());
  play(b, Move(position_sq("b1"), position_sq("h1"), Move::Castling));
  EXPECT_EQ(to_fen(b), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
  // The rook on g1 and the king on f1 swap places, as it were (king g1, rook f1).
  Position c = from_fen("1k6/8/8/8/8/8/8/R4KR1 w KQ - 0 1");
  ASSERT_TRUE(c.is_chess960());
  play(c, Move(position_sq("f1"), position_sq("g1"), Move::Castling));
  EXPECT_EQ(to_fen(c), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

TEST(Position, EnPassantRemovesThePawnBeside) {
  // 3.7.4.2: after d7-d5 the pawn on e5 may take it "as if it had moved one square",
  // landing on d6; the d5 pawn leaves the board.
  Position pos = Position::startpos();
  for (const char* u : {"e2e4", "a7a6", "e4e5", "d7d5"}) play_uci(pos, u);
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
  play(pos, Move(position_sq("e5"), position_sq("d6"), Move::EnPassant));
  EXPECT_EQ(pos.piece_on(position_sq("d5")), NoPiece);
  EXPECT_EQ(pos.piece_on(position_sq("d6")), make_piece(White, Pawn));
  EXPECT_EQ(to_fen(pos), "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
}

TEST(Position, EnPassantRightLastsOneMove) {
  // 3.7.4.2: the capture must be made on the very next move. Keys differ while it exists
  // (9.2.3: positions are not the same), and agree again once it is gone.
  Position with = Position::startpos();
  for (const char* u : {"e2e4", "a7a6", "e4e5", "d7d5"}) play_uci(with, u);
  Position without = from_fen("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  EXPECT_NE(with.key(), without.key());
  play_uci(with, "g1f3");
  play_uci(without, "g1f3");
  EXPECT_EQ(with.key(), without.key());
  EXPECT_EQ(to_fen(with), to_fen(without));
}

TEST(Position, PromotionReplacesThePawn) {
  // 3.7.5: the pawn is exchanged on the last rank for a queen, rook, bishop or knight.
  Position q = from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  play(q, Move(position_sq("b7"), position_sq("b8"), Move::Promotion, Queen));
  EXPECT_EQ(to_fen(q), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
  // A capturing under-promotion on a8 also takes away the a8 rook's castling right.
  Position n = from_fen("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1");
  play(n, Move(position_sq("b7"), position_sq("a8"), Move::Promotion, Knight));
  EXPECT_EQ(to_fen(n), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(n.has_castling_right(Black, QueenSide));
}

// is_check has its own early exits; it must say what checkers() says, in check or not,
// by every kind of piece (random games give plenty of both).
TEST(Position, IsCheckAgreesWithCheckers) {
  int in_check = 0, not_in_check = 0;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    testing::for_each_random_position(seed, 160, [&](const Position& pos) {
      const bool expected = pos.checkers() != 0;
      EXPECT_EQ(pos.is_check(), expected) << to_fen(pos);
      ++(expected ? in_check : not_in_check);
    });
  }
  EXPECT_GT(in_check, 200);
  EXPECT_GT(not_in_check, 2000);
}

TEST(Position, KeysStayEqualToKeysFromScratchOnLongWalks) {
  // Deterministic pseudo-random games from positions rich in castling, en passant and
  // promotions; after every move the incremental key must equal the key computed from
  // the board and the key of the position read back from its FEN.
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // "Kiwipete"
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  };
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  int moves_played = 0;
  for (const char* fen : starts) {
    for (int game = 0; game < 20; ++game) {
      Position pos = from_fen(fen);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        if (list.size() == 0) break;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        play(pos, list.moves[(state >> 33) % std::uint64_t(list.size())]);
        ++moves_played;
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_GT(moves_played, 5000);
}

// Every legal move (and the null move, where the side to move is not in check) of every
// position of random games, made and taken back: the position must come back byte for
// byte (bitboards, the castling rooks' squares and the key included). Starts with Chess960
// castlings whose squares overlap, promotions with capture and en passant.
TEST(Position, UnmakeMoveRestoresThePositionByteForByte) {
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",  // the king already on g1: castling moves only the rook
      "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",   // the a-side rook to d1 past the king's c1
  };
  std::uint64_t state = 0x243F6A8885A308D3ULL;
  int checked = 0, castlings = 0, promotions = 0, en_passants = 0;
  const auto check = [&](const Position& pos, Move m) {
    Position before, after;
    before.copy_from(pos);
    after.copy_from(pos);
    const Position::Undo undo = after.undo_record(m);
    after.make_move(m);
    after.unmake_move(m, undo);
    ++checked;
    if (std::memcmp(&before, &after, sizeof(Position)) != 0)
      ADD_FAILURE() << "unmake of " << to_uci(pos, m) << " in " << to_fen(pos) << " gives " << to_fen(after);
  };
  for (const char* fen : starts) {
    for (int game = 0; game < 12; ++game) {
      Position pos = from_fen(fen);
      for (int ply = 0; ply < 100; ++ply) {
        MoveList list;
        generate_legal(pos, list);
        if (list.size() == 0) break;
        for (int i = 0; i < list.size(); ++i) {
          const Move m = list.moves[i];
          castlings += m.is_castling();
          promotions += m.kind() == Move::Promotion;
          en_passants += m.kind() == Move::EnPassant;
          check(pos, m);
        }
        if (!pos.is_check()) check(pos, Move::null());
        if (::testing::Test::HasFailure()) return;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        pos.make_move(list.moves[(state >> 33) % std::uint64_t(list.size())]);
      }
    }
  }
  EXPECT_GT(checked, 50000);
  EXPECT_GT(castlings, 100);
  EXPECT_GT(promotions, 100);
  EXPECT_GT(en_passants, 10);
}

}  // namespace
}  // namespace chesstool
