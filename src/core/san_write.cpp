// SPDX-License-Identifier: MIT
// SAN writing: canonical SAN of a legal move (minimal disambiguation, capture mark,
// promotion, castling, check suffix) and a token written back as text.
#include <string>

#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"
#include "core/san_detail.hpp"

namespace chesstool {

namespace {

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

void append_check_suffix(SanCheck c, std::string& out) {
  if (c == SanCheck::Check) out += '+';
  if (c == SanCheck::Mate) out += '#';
}

// Whether another piece of the mover's kind stands where it could reach the target on an
// empty board. Only then can the move need a disambiguation, and only then are the legal
// moves to the target listed: most moves skip that.
bool may_need_disambiguation(const Position& pos, PieceType pt, Move m) {
  const Bitboard rivals = pos.pieces(pos.side_to_move(), pt) & ~square_bb(m.from());
  if (!rivals) return false;
  const Square to = m.to();
  const Bitboard reach = pt == Knight   ? knight_attacks(to)
                         : pt == Bishop ? bishop_pseudo_attacks(to)
                         : pt == Rook   ? rook_pseudo_attacks(to)
                         : pt == Queen  ? bishop_pseudo_attacks(to) | rook_pseudo_attacks(to)
                                        : Bitboard{0};  // one king: castling is written above
  return (rivals & reach) != 0;
}

}  // namespace

void detail::append_san_core(const Position& pos, Move m, std::string& out) {
  if (m.is_null()) {
    out += "--";
    return;
  }
  if (m.is_castling()) {
    out += m.to() > m.from() ? "O-O" : "O-O-O";
    return;
  }
  const PieceType pt = type_of(pos.piece_on(m.from()));
  const bool capture = is_capture(pos, m);
  if (pt == Pawn) {
    if (capture) out += char('a' + file_of(m.from()));
  } else {
    out += piece_type_char(pt);
    if (may_need_disambiguation(pos, pt, m)) {
      MoveList same;
      generate_legal_to(pos, pt, m.to(), same);
      Disambiguation d = needed_disambiguation(same, m);
      if (d.file) out += char('a' + file_of(m.from()));
      if (d.rank) out += char('1' + rank_of(m.from()));
    }
  }
  if (capture) out += 'x';
  append_square(out, m.to());
  if (m.kind() == Move::Promotion) {
    out += '=';
    out += piece_type_char(m.promotion());
  }
}

SanCheck check_state_of(const Position& after) {
  if (!after.is_check()) return SanCheck::None;
  return detail::is_mated(after) ? SanCheck::Mate : SanCheck::Check;
}

SanCheck check_state_after(const Position& pos, Move m) { return check_state_of(pos.after(m)); }

std::string to_san(const Position& pos, Move m) {
  std::string out;
  detail::append_san_core(pos, m, out);
  if (!m.is_null()) append_check_suffix(check_state_after(pos, m), out);
  return out;
}

void append_san(const Position& pos, Move m, const Position& after, std::string& out) {
  detail::append_san_core(pos, m, out);
  if (!m.is_null()) append_check_suffix(check_state_of(after), out);
}

std::string san_token_text(const SanToken& t) {
  if (t.null_move) return "--";
  if (t.castle == SanCastle::KingSide) return "O-O";
  if (t.castle == SanCastle::QueenSide) return "O-O-O";
  std::string out;
  if (t.piece != Pawn && t.piece != NoPieceType) out += piece_type_char(t.piece);
  if (t.from_file >= 0) out += char('a' + t.from_file);
  if (t.from_rank >= 0) out += char('1' + t.from_rank);
  if (t.capture) out += 'x';
  if (t.to != kNoSquare) append_square(out, t.to);
  if (t.promotion != NoPieceType) {
    out += '=';
    out += piece_type_char(t.promotion);
  }
  return out;
}

}  // namespace chesstool
