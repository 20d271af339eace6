// SPDX-License-Identifier: MIT
// Internal to the SAN files (san_parse, san_resolve, san_explain, san_write): what more
// than one of them needs. The small rules the replay path runs for every move are inline
// here, so splitting the files costs no call; the failure-path explainers are declared
// here and live in san_explain.cpp. Nothing outside src/core/san_*.cpp includes this.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"

namespace chesstool::detail {

// ---------------------------------------------------------------------------------------
// Characters and letters.

constexpr bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank_char(char c) { return c >= '1' && c <= '8'; }
constexpr char to_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

constexpr SanLenientSet bit(SanLenient l) { return SanLenientSet(l); }

// Upper-case piece letters of SAN; the pawn letter 'P' is handled apart (lenient).
constexpr PieceType piece_from_upper(char c) {
  switch (c) {
    case 'N': return Knight;
    case 'B': return Bishop;
    case 'R': return Rook;
    case 'Q': return Queen;
    case 'K': return King;
    default: return NoPieceType;
  }
}

// Promotion letters in either case; the case is reported by the caller.
constexpr PieceType promotion_from_char(char c) {
  switch (to_lower(c)) {
    case 'n': return Knight;
    case 'b': return Bishop;
    case 'r': return Rook;
    case 'q': return Queen;
    default: return NoPieceType;
  }
}

constexpr const char* color_name(Color c) { return c == White ? "white" : "black"; }

constexpr const char* piece_name(PieceType t) {
  switch (t) {
    case Pawn: return "pawn";
    case Knight: return "knight";
    case Bishop: return "bishop";
    case Rook: return "rook";
    case Queen: return "queen";
    case King: return "king";
    default: return "piece";
  }
}

// ---------------------------------------------------------------------------------------
// The fast path of parse_san (san_parse.cpp), also read by play_plain_san (san_resolve.cpp).

// Removes the check sign ending s, '+' or '#', and says which it was.
inline SanCheck take_check_sign(std::string_view& s) {
  if (s.empty() || (s.back() != '+' && s.back() != '#')) return SanCheck::None;
  const SanCheck check = s.back() == '+' ? SanCheck::Check : SanCheck::Mate;
  s.remove_suffix(1);
  return check;
}

// The shapes that make up nearly every real move (e4, Nf3, exd5, Nxe5, and the
// disambiguated Nbd7, R1e2, Nbxd7, each maybe with '+' or '#'), read directly; anything
// else returns false and takes the general path, which gives the same token for these
// shapes (a unit test compares the two). Always inlined: the token then stays in
// registers, where a call wrote it to memory and read it back, once a move.
[[gnu::always_inline]] inline bool parse_common_san(std::string_view s, SanToken& t) {
  const SanCheck check = take_check_sign(s);
  const std::size_t n = s.size();
  if (n < 2 || n > 5 || !is_file_char(s[n - 2]) || !is_rank_char(s[n - 1])) return false;
  const Square to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
  if (n == 2) {
    t.piece = Pawn;
  } else if (n == 3) {
    if ((t.piece = piece_from_upper(s[0])) == NoPieceType) return false;
  } else if (s[1] == 'x') {
    if (n != 4) return false;
    if (PieceType p = piece_from_upper(s[0]); p != NoPieceType) {
      t.piece = p;
    } else if (is_file_char(s[0])) {
      t.piece = Pawn;
      t.from_file = std::int8_t(s[0] - 'a');
    } else {
      return false;
    }
    t.capture = true;
  } else {
    // A piece, a file or a rank that tells it apart, and maybe the capture mark.
    if ((n == 5 && s[2] != 'x') || (t.piece = piece_from_upper(s[0])) == NoPieceType) return false;
    if (is_file_char(s[1]))
      t.from_file = std::int8_t(s[1] - 'a');
    else if (is_rank_char(s[1]))
      t.from_rank = std::int8_t(s[1] - '1');
    else
      return false;
    t.capture = n == 5;
  }
  t.to = to;
  t.check = check;
  return true;
}

// ---------------------------------------------------------------------------------------
// Rules shared by resolving (the notation checks) and writing.

inline bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (!m.is_castling() && pos.piece_on(m.to()) != NoPiece);
}

// Whether legal move m leaves the square the token names: its from-file and from-rank
// when given, and a pawn without a from-file moves straight (e4 comes from the e-file).
inline bool leaves_named_square(const SanToken& t, PieceType pt, Move m) {
  if (t.from_file >= 0 && file_of(m.from()) != t.from_file) return false;
  if (t.from_rank >= 0 && rank_of(m.from()) != t.from_rank) return false;
  return !(pt == Pawn && t.from_file < 0 && file_of(m.from()) != file_of(t.to));
}

// Minimal disambiguation for m among the other legal moves of the same piece type to the
// same square (spec 8.2.3.4: file if that tells them apart, else rank, else both).
struct Disambiguation {
  bool file = false;
  bool rank = false;
};
inline Disambiguation needed_disambiguation(const MoveList& same_target, Move m) {
  bool others = false, same_file = false, same_rank = false;
  for (Move o : same_target) {
    if (o.from() == m.from()) continue;  // other promotions of the same pawn, or castling
    others = true;
    same_file |= file_of(o.from()) == file_of(m.from());
    same_rank |= rank_of(o.from()) == rank_of(m.from());
  }
  if (!others) return {};
  if (!same_file) return {true, false};
  if (!same_rank) return {false, true};
  return {true, true};
}

// Mate test for a side in check (most checked kings can step aside: has_legal_move tries that first).
inline bool is_mated(const Position& pos) { return !has_legal_move(pos); }

// after.is_check() for the position a move m of a `moved` piece (its type before the
// move) left, in fewer steps: the side now to move was not in check before it (no legal
// position has the side not to move in check), so a check comes from the piece on m's
// square or from a line to the king that m's origin opened. Only an origin on a line
// with the king, an en passant capture, castling or a promotion asks the full test.
// Asked of every move whose SAN is compared with the written one (the check sign).
inline bool gives_check_after(const Position& after, Move m, PieceType moved) {
  if (m.kind() != Move::Normal) return after.is_check();
  const Square king = after.king_square(after.side_to_move());
  const Bitboard king_bb = square_bb(king);
  const Square to = m.to();
  const auto reaches = [&](Bitboard pseudo) { return (pseudo & king_bb) && !(between_bb(to, king) & after.occupied()); };
  switch (moved) {
    case Pawn:
      if (pawn_attacks(~after.side_to_move(), to) & king_bb) return true;
      break;
    case Knight:
      if (knight_attacks(to) & king_bb) return true;
      break;
    case Bishop:
      if (reaches(bishop_pseudo_attacks(to))) return true;
      break;
    case Rook:
      if (reaches(rook_pseudo_attacks(to))) return true;
      break;
    case Queen:
      if (reaches(bishop_pseudo_attacks(to) | rook_pseudo_attacks(to))) return true;
      break;
    default:  // the king gives no check itself
      break;
  }
  return ((bishop_pseudo_attacks(king) | rook_pseudo_attacks(king)) & square_bb(m.from())) && after.is_check();
}

// SAN of a legal move without the check suffix, appended to out (san_write.cpp).
void append_san_core(const Position& pos, Move m, std::string& out);

// ---------------------------------------------------------------------------------------
// Why a token fails (san_explain.cpp): the failure path, which may allocate and take its time.

// Why castling on `side` is not legal (it is known not to be).
std::string explain_castling(const Position& pos, CastlingSide side);
// Why no legal move of type pt (the piece the token names) matches the token; a pawn
// that reaches the last rank without a promotion piece when missing_promotion.
std::string explain_no_match(const Position& pos, const SanToken& t, PieceType pt, bool missing_promotion);
// The message for a token that several legal moves of type pt match; same_target holds
// the legal moves of pt to the token's square.
std::string explain_ambiguous(const Position& pos, const SanToken& t, PieceType pt, const MoveList& same_target);

// Did you mean: the canonical SAN of the single legal move that a loose reading of the
// token names (disambiguation dropped when nothing matches with it); nullopt when none
// or several do.
std::optional<std::string> suggest_for_token(const Position& pos, const SanToken& t);
// The same for raw text, after normalising its letter case, zeros and punctuation
// ("nf3" -> "Nf3"); nullopt also when the text still is no move.
std::optional<std::string> suggest_for_text(const Position& pos, std::string_view text);

}  // namespace chesstool::detail
