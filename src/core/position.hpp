// SPDX-License-Identifier: MIT
// Position: piece placement, side to move, castling rights, en passant, clocks and Zobrist key.
#pragma once

#include <array>
#include <cstdint>
#include <cstddef>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/attacks.hpp"
#include "core/move.hpp"
#include "core/types.hpp"
#include "core/zobrist.hpp"

namespace chesstool {

// Castling rights are indexed by colour and side: White's h-side (king side) right is 0,
// White's a-side 1, Black's h-side 2, Black's a-side 3. Each right remembers its rook's
// start square, so Chess960 and standard chess share one representation.
enum CastlingSide : std::uint8_t { KingSide = 0, QueenSide = 1 };
constexpr int castling_index(Color c, CastlingSide s) { return c * 2 + s; }

// A playable position. Copy-make: copying is cheap (about 170 bytes), so callers keep
// a copy instead of calling an unmake. Build one with parse_fen (fen.hpp) or startpos() (defined in fen.cpp).
class Position {
 public:
  Position() = default;

  static Position startpos();

  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard occupied() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Square king_square(Color c) const { return lsb(pieces(c, King)); }
  Color side_to_move() const { return side_; }
  // En passant target square, kept only when a legal en passant capture exists
  // (X-FEN convention), so equal positions have equal keys; else kNoSquare.
  Square ep_square() const { return ep_; }
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  // Half-moves since the start of the game (0 at the start position).
  int game_ply() const { return 2 * (fullmove_ - 1) + (side_ == Black); }
  Key key() const { return key_; }
  bool is_chess960() const { return chess960_; }

  bool has_castling_right(Color c, CastlingSide s) const { return castling_ & (1u << castling_index(c, s)); }
  std::uint8_t castling_rights() const { return castling_; }
  // Rook start square for a castling right (valid only while the right is held).
  Square castling_rook(Color c, CastlingSide s) const { return castle_rook_[castling_index(c, s)]; }

  // Pieces of both colours attacking square s given occupancy occ.
  Bitboard attackers_to(Square s, Bitboard occ) const;
  bool is_attacked_by(Color attacker, Square s, Bitboard occ) const;
  Bitboard checkers() const;
  // checkers() != 0 with is_attacked_by's early exits: the writers and the canonical-SAN
  // test ask it once a move.
  bool is_check() const { return is_attacked_by(~side_, king_square(side_), occupied()); }

  // Plays a legal move (or Move::null()); undefined for anything else. Keeps the key
  // incrementally. The caller keeps a copy to go back.
  void make_move(Move m);
  // make_move's body (in position_play.hpp), always inlined: each perft kernel compiles
  // its own copy for its instruction set (dispatch.hpp). Without WithKey, key() is left
  // stale: perft without a table never reads it.
  template <bool WithKey>
  [[gnu::always_inline]] inline void play(Move m);
  // What make_move overwrites that the move itself does not tell: unmake_move needs it
  // to go back. Taken before make_move; 32 bytes against a position's 184, for a replayer
  // that seldom goes back (a variation starting) and so need not copy every position.
  struct Undo {
    Key key = 0;
    Bitboard castling_rook_squares = 0;
    std::uint32_t halfmove = 0;
    Square ep = kNoSquare;
    Piece captured = NoPiece;
    std::uint8_t castling = 0;
  };
  Undo undo_record(Move m) const {
    Undo u;
    u.key = key_;
    u.castling_rook_squares = castling_rook_squares_;
    u.halfmove = halfmove_;
    u.ep = ep_;
    u.castling = castling_;
    if (m.kind() == Move::EnPassant)
      u.captured = make_piece(~side_, Pawn);
    else if (!m.is_null() && m.kind() != Move::Castling)
      u.captured = board_[m.to()];
    return u;
  }
  // Takes back m, the last move made, with the record undo_record gave before it.
  void unmake_move(Move m, const Undo& undo);
  // Copy-make convenience.
  Position after(Move m) const {
    Position p = *this;
    p.make_move(m);
    return p;
  }
  // Recomputes the key from scratch (tests compare it with the incremental key).
  Key compute_key() const;

  // Low-level set-up used by the FEN parser; does not validate.
  void clear();
  void put_piece(Piece p, Square s);
  void set_side_to_move(Color c) {
    if (c != side_) key_ ^= zobrist::kKeys.black_to_move;
    side_ = c;
  }
  void set_clocks(int halfmove, int fullmove) {
    halfmove_ = std::uint32_t(halfmove);
    fullmove_ = std::uint32_t(fullmove);
  }
  void add_castling_right(Color c, CastlingSide s, Square rook);
  void set_chess960(bool v) { chess960_ = v; }
  // Sets the en passant square if a legal capture onto it exists; returns whether it did.
  bool set_ep_if_capturable(Square ep);
  void refresh_key() { key_ = compute_key(); }

  bool operator==(const Position& o) const;

  // The same as *this = o. On the replay hot path the compiler calls memcpy for this
  // size; 16-byte moves written out are several times cheaper.
  void copy_from(const Position& o) {
#if defined(__SSE2__)
    static_assert(std::is_trivially_copyable_v<Position> && sizeof(Position) % 8 == 0);
    const auto* src = reinterpret_cast<const unsigned char*>(&o);
    auto* dst = reinterpret_cast<unsigned char*>(this);
    std::size_t i = 0;
    for (; i + 16 <= sizeof(Position); i += 16)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i)));
    if (i < sizeof(Position))
      _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + i), _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + i)));
#else
    *this = o;
#endif
  }

 private:
  template <bool WithKey>
  [[gnu::always_inline]] inline void place(Piece p, Square s);
  template <bool WithKey>
  [[gnu::always_inline]] inline void remove_piece(Square s);
  template <bool WithKey>
  [[gnu::always_inline]] inline void move_piece(Square from, Square to);
  template <bool WithKey>
  [[gnu::always_inline]] inline void drop_castling_rights(std::uint8_t mask);

  Bitboard by_type_[7]{};  // [0] = all pieces
  Bitboard by_color_[2]{};
  Piece board_[64]{};
  Key key_ = 0;
  Bitboard castling_rook_squares_ = 0;  // rook squares of rights still held
  std::uint32_t fullmove_ = 1;
  std::uint32_t halfmove_ = 0;
  Square castle_rook_[4] = {kNoSquare, kNoSquare, kNoSquare, kNoSquare};
  Square ep_ = kNoSquare;
  Color side_ = White;
  std::uint8_t castling_ = 0;
  bool chess960_ = false;
};

}  // namespace chesstool
