// SPDX-License-Identifier: MIT
// UCI coordinate moves (e2e4, e7e8q, castling in both conventions) and long algebraic notation.
#include "core/uci.hpp"

#include "core/movegen.hpp"
#include "core/san.hpp"

namespace chesstool {

namespace {

bool parse_square(char file, char rank, Square& out) {
  if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return false;
  out = make_square(file - 'a', rank - '1');
  return true;
}

PieceType uci_promotion(char c) {
  switch (c) {
    case 'q': case 'Q': return Queen;
    case 'r': case 'R': return Rook;
    case 'b': case 'B': return Bishop;
    case 'n': case 'N': return Knight;
    default: return NoPieceType;
  }
}

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

}  // namespace

std::optional<Move> parse_uci(const Position& pos, std::string_view text) {
  if (text == "0000") {
    if (pos.is_check()) return std::nullopt;
    return Move::null();
  }
  if (text.size() != 4 && text.size() != 5) return std::nullopt;
  Square from = kNoSquare, to = kNoSquare;
  if (!parse_square(text[0], text[1], from) || !parse_square(text[2], text[3], to)) return std::nullopt;
  PieceType promo = NoPieceType;
  if (text.size() == 5 && (promo = uci_promotion(text[4])) == NoPieceType) return std::nullopt;

  const Color us = pos.side_to_move();
  const Piece piece = pos.piece_on(from);
  if (piece == NoPiece || color_of(piece) != us) return std::nullopt;
  const PieceType pt = type_of(piece);

  MoveList list;
  if (pt == King && pos.piece_on(to) == make_piece(us, Rook)) {
    // King takes own rook: castling towards that rook, if the right is held.
    if (promo != NoPieceType) return std::nullopt;
    const CastlingSide side = to > from ? KingSide : QueenSide;
    if (!pos.has_castling_right(us, side) || pos.castling_rook(us, side) != to) return std::nullopt;
    const Move m(from, to, Move::Castling);
    generate_legal_to(pos, King, castling_king_destination(pos, m), list);
    if (list.contains(m)) return m;
    return std::nullopt;
  }

  generate_legal_to(pos, pt, to, list);
  Move castling;
  int castlings = 0;
  for (Move m : list) {
    if (m.from() != from) continue;
    if (m.is_castling()) {
      castling = m;
      ++castlings;
      continue;
    }
    if (m.to() == to && m.promotion() == promo) return m;
  }
  // King to its castling destination; a plain king step to the same square (Chess960)
  // was preferred above.
  if (castlings == 1 && promo == NoPieceType) return castling;
  return std::nullopt;
}

std::string to_uci(const Position& pos, Move m) {
  if (m.is_null()) return "0000";
  std::string out;
  append_square(out, m.from());
  if (m.is_castling() && !pos.is_chess960())
    append_square(out, castling_king_destination(pos, m));
  else
    append_square(out, m.to());
  if (m.kind() == Move::Promotion) out += char(piece_type_char(m.promotion()) - 'A' + 'a');
  return out;
}

std::string to_lan(const Position& pos, Move m) {
  if (m.is_null()) return "--";
  std::string out;
  if (m.is_castling()) {
    out = m.to() > m.from() ? "O-O" : "O-O-O";
  } else {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    if (pt != Pawn) out += piece_type_char(pt);
    append_square(out, m.from());
    const bool capture = m.kind() == Move::EnPassant || pos.piece_on(m.to()) != NoPiece;
    out += capture ? 'x' : '-';
    append_square(out, m.to());
    if (m.kind() == Move::Promotion) {
      out += '=';
      out += piece_type_char(m.promotion());
    }
  }
  switch (check_state_after(pos, m)) {
    case SanCheck::Check: out += '+'; break;
    case SanCheck::Mate: out += '#'; break;
    case SanCheck::None: break;
  }
  return out;
}

}  // namespace chesstool
