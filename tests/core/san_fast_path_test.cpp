// SPDX-License-Identifier: MIT
// parse_san's fast path for common shapes must give exactly the general parser's token.
#include <gtest/gtest.h>

#include <random>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"

using namespace chesstool;

namespace {

void expect_same(std::string_view text) {
  SanParse fast = parse_san(text);
  SanParse general = detail::parse_san_general(text);
  ASSERT_EQ(fast.error, general.error) << text;
  if (!fast.ok()) return;
  const SanToken& a = fast.token;
  const SanToken& b = general.token;
  EXPECT_EQ(a.piece, b.piece) << text;
  EXPECT_EQ(a.from_file, b.from_file) << text;
  EXPECT_EQ(a.from_rank, b.from_rank) << text;
  EXPECT_EQ(a.to, b.to) << text;
  EXPECT_EQ(a.promotion, b.promotion) << text;
  EXPECT_EQ(a.castle, b.castle) << text;
  EXPECT_EQ(a.check, b.check) << text;
  EXPECT_EQ(a.glyph, b.glyph) << text;
  EXPECT_EQ(a.capture, b.capture) << text;
  EXPECT_EQ(a.en_passant_mark, b.en_passant_mark) << text;
  EXPECT_EQ(a.null_move, b.null_move) << text;
  EXPECT_EQ(a.lenient, b.lenient) << text;
}

}  // namespace

TEST(SanFastPath, AgreesWithTheGeneralParserOnRealMoves) {
  const char* fens[] = {
      kStartFen,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  };
  int checked = 0;
  for (const char* fen : fens) {
    FenResult r = parse_fen(fen);
    ASSERT_TRUE(r.ok());
    MoveList moves;
    generate_legal(r.position, moves);
    for (Move m : moves) {
      expect_same(to_san(r.position, m));
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(SanFastPath, AgreesWithTheGeneralParserOnAnyShortText) {
  // Every short string over the characters SAN uses, and some random longer ones.
  const std::string alphabet = "aehx18NKPOo0-+#=Q!?:";
  std::string s;
  for (char a : alphabet) {
    for (char b : alphabet) {
      expect_same(std::string{a, b});
      for (char c : alphabet) {
        expect_same(std::string{a, b, c});
        expect_same(std::string{a, 'x', b, c});
      }
    }
  }
  // Every piece letter with any two characters and a square: the disambiguated shapes
  // (Nae1, N1e1, Naxe1) and their near misses.
  for (char piece : std::string("NKQPo")) {
    for (char b : alphabet)
      for (char c : alphabet) {
        expect_same(std::string{piece, b, c, '1'});
        expect_same(std::string{piece, b, 'x', c, '8'});
        expect_same(std::string{piece, b, c, 'e', '1', '+'});
      }
  }
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    s.assign(1 + rng() % 6, ' ');
    for (char& c : s) c = alphabet[rng() % alphabet.size()];
    expect_same(s);
  }
}

TEST(SanFastPath, PlayPlainSanAgreesWithTheFullResolverOnEveryPlainToken) {
  // Every plain-shaped token (right or wrong) in positions with pins, checks, en
  // passant and promotions: when the fast path plays a move, the full resolver plays
  // the same; when the full resolver finds a plain move, the fast path finds it too.
  const char* fens[] = {
      kStartFen,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",       // en passant
      "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",       // en passant exposes the king
      "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",      // in check
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      "k7/8/1R6/8/1R3R2/8/8/KN3N2 w - - 0 1",  // disambiguation by file and by rank
  };
  const std::string files = "abcdefgh";
  int played = 0, canonical = 0, castled = 0, disambiguated = 0;
  for (const char* fen : fens) {
    FenResult fr = parse_fen(fen);
    ASSERT_TRUE(fr.ok()) << fen;
    const Position& pos = fr.position;
    std::vector<std::string> tokens = {"O-O", "O-O-O"};
    for (int sq = 0; sq < 64; ++sq) {
      const std::string square{char('a' + sq % 8), char('1' + sq / 8)};
      for (const std::string piece : {"", "N", "B", "R", "Q", "K"}) {
        tokens.push_back(piece + square);
        if (piece.empty()) continue;
        tokens.push_back(piece + "x" + square);
        // Disambiguations: the file and the rank of each piece of this kind of the
        // side to move, right or needless, and a file and a rank no such piece has.
        std::string marks = "a1";
        for (Bitboard b = pos.pieces(pos.side_to_move(), piece_type_from_char(piece[0])); b;) {
          const Square from = pop_lsb(b);
          marks += {char('a' + file_of(from)), char('1' + rank_of(from))};
        }
        for (char d : marks) {
          tokens.push_back(piece + d + square);
          tokens.push_back(piece + d + "x" + square);
        }
      }
      for (char f : files) tokens.push_back(std::string{f, 'x'} + square);
    }
    for (const std::string& base : tokens) {
      for (const std::string suffix : {"", "+", "#"}) {
        const std::string token = base + suffix;
        Position fast;
        const bool plain = play_plain_san(pos, token, fast);
        Position full;
        const SanResolution r = resolve_san(pos, token, &full, SanChecks::MovesOnly);
        if (plain) {
          ++played;
          ASSERT_TRUE(r.ok()) << fen << " " << token << ": " << r.message;
          EXPECT_TRUE(fast == full) << fen << " " << token;
          // Canonical exactly when to_san writes the token back (right and wrong
          // capture marks and check signs are all among the tokens).
          Move move;
          bool is_canonical = false;
          ASSERT_TRUE(play_plain_san(pos, token, fast, move, is_canonical));
          EXPECT_EQ(move, r.move) << fen << " " << token;
          EXPECT_EQ(is_canonical, to_san(pos, move) == token) << fen << " " << token;
          canonical += is_canonical ? 1 : 0;
          castled += move.is_castling() ? 1 : 0;
          const SanToken read = parse_san(token).token;
          disambiguated += read.piece != Pawn && (read.from_file >= 0 || read.from_rank >= 0) && is_canonical ? 1 : 0;
        } else if (r.ok()) {
          // Left to the full rules: promotions, and a king move to its own rook (Kxh1)
          // read as castling.
          const bool king_takes_rook = r.move.is_castling() && token[0] == 'K';
          EXPECT_TRUE(king_takes_rook || r.move.promotion() != NoPieceType) << fen << " " << token;
        }
      }
    }
  }
  EXPECT_GT(castled, 4);  // O-O and O-O-O, with and without a sign, in the Kiwipete position
  EXPECT_GT(disambiguated, 4);
  EXPECT_GT(played, 300);
  EXPECT_GT(canonical, 100);
  EXPECT_LT(canonical, played);
}
