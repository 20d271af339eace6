// SPDX-License-Identifier: MIT
// Tests for output/board_last_move: a --lastmove is taken back and must be the legal move
// that led to the position (positions worked out by hand from the moves named).
#include <gtest/gtest.h>

#include <string>

#include "core/fen.hpp"
#include "output/board_last_move.hpp"

namespace chesstool {
namespace {

output::LastMoveCheck check(const char* fen, const char* uci) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  return output::check_last_move(r.position, uci);
}

void expect_accepted(const char* fen, const char* uci) {
  const output::LastMoveCheck c = check(fen, uci);
  EXPECT_TRUE(c.squares) << fen << " " << uci << ": " << c.error;
  EXPECT_TRUE(c.error.empty());
}

// Rejected, with `why` in the message.
void expect_rejected(const char* fen, const char* uci, const std::string& why) {
  const output::LastMoveCheck c = check(fen, uci);
  EXPECT_FALSE(c.squares) << fen << " " << uci;
  EXPECT_NE(c.error.find(why), std::string::npos) << fen << " " << uci << ": " << c.error;
}

constexpr const char* kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

TEST(BoardLastMove, AcceptsTheMoveThatLedHere) {
  const output::LastMoveCheck c = check(kAfterE4, "e2e4");
  ASSERT_TRUE(c.squares);
  EXPECT_EQ(c.squares->from, make_square(4, 1));
  EXPECT_EQ(c.squares->to, make_square(4, 3));
  // 1.e4 e5 2.Nf3 Nc6: the knight move keeps the clock running (2).
  expect_accepted("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "b8c6");
  // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 (the README's example).
  expect_accepted("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", "a7a6");
  // 1.f3 e5 2.g4 Qh4#.
  expect_accepted("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "d8h4");
  // A knight could also have come from d4 to f3: some previous position is enough.
  expect_accepted("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "g1f3");
  expect_accepted("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "d4f3");
}

TEST(BoardLastMove, RejectsAMoveThatCannotHaveEndedHere) {
  // The example: White is to move, so Black moved last, and e5 is empty.
  expect_rejected(kStartFen, "e2e5", "e5 is empty: the last move was Black's (White is to move)");
  // e4 holds a white pawn, but the start position has White to move.
  expect_rejected(kStartFen, "e2e4", "e4 is empty");
  expect_rejected("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "g1f3",
                  "f3 holds a white piece: the last move was Black's");
  expect_rejected(kAfterE4, "e1e4", "e1 is not empty");
  expect_rejected("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "a3f3",
                  "not a legal move in the position it would be played from");
  for (const char* bad : {"e2e2", "e2", "e2e4x", "i2e4", "e2e4k", ""})
    expect_rejected(kAfterE4, bad, "not a UCI move");
}

TEST(BoardLastMove, CapturesAndTheHalfMoveClock) {
  // 1.e4 d5 2.exd5: the pawn took a pawn (clock 0).
  constexpr const char* kAfterExd5 = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
  expect_accepted(kAfterExd5, "e4d5");
  // The same with a running clock: a capture or a pawn move would have set it to 0.
  expect_rejected("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 3 2", "e4d5", "half-move clock is 3");
  // The pawn could as well have come from d4 (d7 is empty, so Black's pawn was taken
  // somewhere else).
  expect_accepted(kAfterExd5, "d4d5");
}

TEST(BoardLastMove, EnPassant) {
  // 1.e4 f6 2.e5 d5: the double step leaves an en passant capture on d6.
  constexpr const char* kAfterD5 = "rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
  expect_accepted(kAfterD5, "d7d5");
  // Without the en passant square the last move cannot have been the double step ...
  constexpr const char* kNoEp = "rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
  expect_rejected(kNoEp, "d7d5", "allows an en passant capture on d6, which the FEN does not give");
  // ... but the single step from d6 fits; with the square, the single step does not.
  expect_accepted(kNoEp, "d6d5");
  expect_rejected(kAfterD5, "d6d5", "en passant square d6");
  // 3.exd6 e.p. (or a capture of a pawn on d6: either previous position will do).
  expect_accepted("rnbqkbnr/ppp1p1pp/3P1p2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3", "e5d6");
}

TEST(BoardLastMove, Promotion) {
  expect_accepted("3Q4/8/8/8/8/8/8/k6K b - - 0 1", "d7d8q");
  expect_accepted("3Q4/8/8/8/8/8/8/k6K b - - 0 1", "d7d8Q");
  expect_rejected("3Q4/8/8/8/8/8/8/k6K b - - 0 1", "d7d8r", "not the one the move promotes to");
  // Without a promotion letter it is the queen's move from d7.
  expect_accepted("3Q4/8/8/8/8/8/8/k6K b - - 0 1", "d7d8");
  expect_rejected("3Q4/8/8/8/8/8/8/k6K b - - 0 1", "d6d8q", "not a legal move");
  // A capture that promotes: a black piece taken on c8 is put back.
  expect_accepted("k1N5/8/8/8/8/8/8/7K b - - 0 1", "d7c8n");
}

TEST(BoardLastMove, CastlingAndCastlingRights) {
  // 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O, in both UCI spellings.
  constexpr const char* kCastled = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
  expect_accepted(kCastled, "e1g1");
  expect_accepted(kCastled, "e1h1");
  // f1 holds a white rook, which may have come from e1.
  expect_accepted(kCastled, "e1f1");
  // The king on g1 beside the rook on h1 did not castle: castling puts the rook on f1.
  expect_rejected("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ2KR b kq - 5 4", "e1g1",
                  "playing it does not give the position shown");
  // Queen side: 1.d4 d5 2.Nc3 Nc6 3.Bf4 Bf5 4.Qd2 Qd7 5.O-O-O.
  expect_accepted("r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/2KR1BNR b kq - 7 5", "e1c1");
  expect_accepted("r3kbnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/2KR1BNR b kq - 7 5", "e1a1");
  // A rook back on h1 does not get its castling right back: with K the FEN is impossible
  // after Rh2-h1, without it the move is fine.
  expect_rejected("rnbqkbnr/ppppppp1/7p/8/8/7P/PPPPPPP1/RNBQKBNR b KQkq - 1 3", "h2h1", "White may still castle king side");
  expect_accepted("rnbqkbnr/ppppppp1/7p/8/8/7P/PPPPPPP1/RNBQKBNR b Qkq - 1 3", "h2h1");
  // The king's move loses both rights: 1.e4 e5 2.Ke2 is fine without K and Q.
  expect_accepted("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2", "e1e2");
}

TEST(BoardLastMove, Chess960Castling) {
  // Black keeps Chess960 rights (rooks a8 and g8, king b8), so the FEN is a Chess960 one.
  // White castled queen side from b1 with the rook on a1: king to c1, rook to d1.
  expect_accepted("rk4r1/8/8/8/8/8/8/2KR4 b ga - 1 1", "b1a1");
  // With a black rook on b7 the king on b1 was in check and could not castle.
  expect_rejected("rk4r1/1r6/8/8/8/8/8/2KR4 b ga - 1 1", "b1a1", "not a legal move");
  // Black's king on e8 with its rights: White's king, with rights before castling, stood
  // on b1, and no start position has the kings on two files.
  expect_rejected("r3k1r1/8/8/8/8/8/8/2KR4 b ga - 1 1", "b1a1", "taking it back gives no valid position");
  // Without Chess960 rights left the FEN is read as standard chess: no king on e1, no castling.
  expect_rejected("4k3/8/8/8/8/8/8/2KR4 b - - 1 1", "b1a1", "a1 is empty");
}

TEST(BoardLastMove, NoValidPreviousPosition) {
  // Knight b3 to c2 with check: from b3 it already gave check to the king on a1, with
  // Black to move, which no game reaches (whatever it may have captured on c2).
  expect_rejected("k7/8/8/8/8/8/2n5/K7 w - - 0 1", "b3c2", "taking it back gives no valid position");
  // From e3 the knight gave no check before: fine.
  expect_accepted("k7/8/8/8/8/8/2n5/K7 w - - 0 1", "e3c2");
}

}  // namespace
}  // namespace chesstool
