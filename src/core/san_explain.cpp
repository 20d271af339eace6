// SPDX-License-Identifier: MIT
// Why a SAN token fails: the specific reason no legal move matches (castling, pawns,
// pieces), the moves an ambiguous token could mean, and the did-you-mean suggestion from
// a loose reading of the token or its text. The failure path only: it may allocate and
// take its time.
#include <optional>
#include <string>
#include <string_view>

#include "core/attacks.hpp"
#include "core/castling.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"
#include "core/san_detail.hpp"

namespace chesstool::detail {

namespace {

const char* side_name(CastlingSide s) { return s == KingSide ? "king side" : "queen side"; }

std::string file_name(int f) { return std::string(1, char('a' + f)); }

// " on e2", " on the e-file", " on rank 2" or "": the from-square the token gives.
std::string from_text(const SanToken& t) {
  if (t.from_file >= 0 && t.from_rank >= 0) return " on " + square_name(make_square(t.from_file, t.from_rank));
  if (t.from_file >= 0) return " on the " + file_name(t.from_file) + "-file";
  if (t.from_rank >= 0) return " on rank " + std::to_string(t.from_rank + 1);
  return "";
}

// A pawn capture (the from-file differs from the target's) that no legal move matches.
std::string explain_pawn_capture(const Position& pos, const SanToken& t, int from_file) {
  const Color us = pos.side_to_move();
  const std::string who = std::string(color_name(us)) + " pawn";
  const std::string to = square_name(t.to);
  if (from_file - file_of(t.to) != 1 && file_of(t.to) - from_file != 1)
    return "a pawn on the " + file_name(from_file) + "-file cannot capture on " + to;
  const int from_rank = rank_of(t.to) - (us == White ? 1 : -1);
  const Square from = from_rank >= 0 && from_rank < 8 ? make_square(from_file, from_rank) : kNoSquare;
  if (from == kNoSquare || pos.piece_on(from) != make_piece(us, Pawn) ||
      (t.from_rank >= 0 && rank_of(from) != t.from_rank))
    return "no " + who + " on the " + file_name(from_file) + "-file can capture on " + to;
  const std::string head = who + " on " + square_name(from) + " cannot capture on " + to + ": ";
  const Piece target = pos.piece_on(t.to);
  if (target == NoPiece) {
    // Beside an enemy pawn that may just have stepped two squares, the capture is en
    // passant: the position keeps its square only when the capture is legal, so when it
    // is not, a pin through both pawns (or one on the capturer) may be why.
    const Square victim = from_rank >= 0 && from_rank < 8 ? make_square(file_of(t.to), from_rank) : kNoSquare;
    if (relative_rank(us, t.to) == 5 && victim != kNoSquare && pos.piece_on(victim) == make_piece(~us, Pawn)) {
      const Bitboard occ = (pos.occupied() ^ square_bb(from) ^ square_bb(victim)) | square_bb(t.to);
      // Whether the pawn just made its double step the position does not say: both facts.
      if (pos.attackers_to(pos.king_square(us), occ) & pos.pieces(~us) & ~square_bb(victim))
        return head + to + " is empty (and en passant, even right after a double step, would leave the " +
               color_name(us) + " king in check)";
    }
    return head + to + " is empty";
  }
  if (color_of(target) == us) return head + to + " holds a " + color_name(us) + " piece";
  return head + "it would leave the " + color_name(us) + " king in check";
}

// A pawn move that no legal move matches.
std::string explain_pawn(const Position& pos, const SanToken& t) {
  const Color us = pos.side_to_move();
  const std::string who = std::string(color_name(us)) + " pawn";
  const std::string to = square_name(t.to);
  const int from_file = t.from_file >= 0 ? t.from_file : file_of(t.to);
  if (t.promotion != NoPieceType && relative_rank(us, t.to) != 7)
    return "a " + std::string(color_name(us)) + " pawn promotes only on rank " + (us == White ? "8" : "1");
  if (from_file != file_of(t.to)) return explain_pawn_capture(pos, t, from_file);
  if (pos.piece_on(t.to) != NoPiece) return "no " + who + " can move to " + to + ": " + to + " is occupied";
  const int back = us == White ? 8 : -8;
  const Square one = t.to - back;
  const std::string in_check = std::string(": it would leave the ") + color_name(us) + " king in check";
  if (one >= 0 && one < 64 && pos.piece_on(one) == make_piece(us, Pawn))
    return who + " on " + square_name(one) + " cannot move to " + to + in_check;
  // The double step from the start rank: blocked on the square it passes, or legal
  // on the board but not with the king in check.
  const Square two = one - back;
  if (relative_rank(us, t.to) == 3 && pos.piece_on(two) == make_piece(us, Pawn)) {
    const std::string head = who + " on " + square_name(two) + " cannot move to " + to;
    if (pos.piece_on(one) != NoPiece) return head + ": " + square_name(one) + " is occupied";
    return head + in_check;
  }
  return "no " + who + from_text(t) + " can move to " + to;
}

// A move of a piece other than a pawn (pt) that no legal move matches.
std::string explain_piece(const Position& pos, const SanToken& t, PieceType pt) {
  const Color us = pos.side_to_move();
  const std::string who = std::string(color_name(us)) + " " + piece_name(pt);
  const std::string to = square_name(t.to);
  if (!pos.pieces(us, pt))
    return "no " + who + " can reach " + to + " (" + color_name(us) + " has no " + piece_name(pt) + ")";
  Bitboard reach = piece_attacks(pt, t.to, pos.occupied()) & pos.pieces(us, pt);
  if (t.from_file >= 0) reach &= file_bb(t.from_file);
  if (t.from_rank >= 0) reach &= rank_bb(t.from_rank);
  if (!reach) return "no " + who + from_text(t) + " can reach " + to;
  const Piece target = pos.piece_on(t.to);
  if (target != NoPiece && color_of(target) == us)
    return "no " + who + " can move to " + to + ": " + to + " holds a " + color_name(us) + " piece";
  const std::string head = who + " on " + square_name(lsb(reach)) + " cannot move to " + to + ": ";
  if (pt == King) return head + to + " is attacked";
  return head + "it would leave the " + color_name(us) + " king in check";
}

// ---------------------------------------------------------------------------------------
// Did you mean.

// A loose reading of a failed token, used to find the single legal move it probably meant.
struct LooseQuery {
  bool castle = false;
  CastlingSide side = KingSide;
  unsigned types = 0;       // bit per PieceType the leading letter allows
  bool from_board = false;  // letterless from-square: the piece standing there decides
  int pawn_file = -1;       // the pawn alternative must leave this file (a pawn capture)
  int from_file = -1;       // disambiguation (dropped if nothing matches with it)
  int from_rank = -1;
  Square to = kNoSquare;
  PieceType promotion = NoPieceType;
};

constexpr unsigned type_bit(PieceType t) { return 1u << t; }

// Whether legal move m fits q's destination (a castling king's square), promotion and
// piece types, a pawn also its file.
bool loosely_matches(const Position& pos, const LooseQuery& q, Move m) {
  const Square dest = m.is_castling() ? castling_king_destination(pos, m) : m.to();
  if (dest != q.to || m.promotion() != q.promotion) return false;
  const PieceType pt = type_of(pos.piece_on(m.from()));
  if (!(q.types & type_bit(pt))) return false;
  if (pt != Pawn) return true;
  // A pawn moves straight without a from-file and diagonally with one.
  const int need_file = q.pawn_file >= 0 ? q.pawn_file : q.from_file;
  if (need_file < 0 && file_of(m.from()) != file_of(q.to)) return false;
  if (need_file >= 0 && file_of(m.from()) == file_of(q.to)) return false;
  return !(q.pawn_file >= 0 && file_of(m.from()) != q.pawn_file);
}

std::optional<std::string> suggest(const Position& pos, const LooseQuery& q) {
  if (!q.castle && q.to == kNoSquare) return std::nullopt;
  MoveList all;
  generate_legal(pos, all);
  Move with_disamb, without_disamb;
  int n_with = 0, n_without = 0;
  for (Move m : all) {
    if (q.castle) {
      if (!m.is_castling() || (m.to() > m.from()) != (q.side == KingSide)) continue;
      with_disamb = without_disamb = m;
      ++n_with;
      ++n_without;
      continue;
    }
    if (!loosely_matches(pos, q, m)) continue;
    ++n_without;
    without_disamb = m;
    if ((q.from_file >= 0 && file_of(m.from()) != q.from_file) || (q.from_rank >= 0 && rank_of(m.from()) != q.from_rank))
      continue;
    ++n_with;
    with_disamb = m;
  }
  if (n_with == 1) return to_san(pos, with_disamb);
  if (n_with == 0 && n_without == 1) return to_san(pos, without_disamb);
  return std::nullopt;
}

// The text without capture marks, separators, spaces, trailing glyphs and check signs.
std::string strip_punctuation(std::string_view text) {
  std::string s;
  for (char c : text) {
    if (c == 'x' || c == 'X' || c == ':' || c == '-' || c == '=' || c == ' ') continue;
    s += c;
  }
  while (!s.empty() && (s.back() == '!' || s.back() == '?' || s.back() == '+' || s.back() == '#')) s.pop_back();
  return s;
}

// The leading letter of pre (what stands before the destination) into q.types, removed
// from pre; a letterless move leaves the decision to the from-square (q.from_board).
void read_loose_letter(std::string_view& pre, LooseQuery& q) {
  const bool lone_b = !pre.empty() && pre[0] == 'b' && !(pre.size() >= 2 && is_rank_char(pre[1]));
  if (lone_b) {
    // Lower-case 'b' is the b-file in SAN, but people also type it for a bishop.
    q.types = type_bit(Bishop) | type_bit(Pawn);
    q.pawn_file = 1;
    pre.remove_prefix(1);
  } else if (!pre.empty() && (piece_from_upper(char(pre[0] & ~0x20)) != NoPieceType || to_lower(pre[0]) == 'p') &&
             !(to_lower(pre[0]) == 'b' && pre.size() >= 2 && is_rank_char(pre[1]))) {
    q.types = type_bit(to_lower(pre[0]) == 'p' ? Pawn : piece_from_upper(char(pre[0] & ~0x20)));
    pre.remove_prefix(1);
  } else {
    q.types = type_bit(Pawn);
    q.from_board = true;  // decided by the caller if a full from-square follows
  }
}

// Normalises case, zeros and punctuation of raw text; nullopt when it still is no move.
std::optional<LooseQuery> loose_from_text(const Position& pos, std::string_view text) {
  std::string s = strip_punctuation(text);
  std::string lower;
  for (char c : s) lower += to_lower(c);
  if (lower.size() >= 4 && lower.substr(lower.size() - 4) == "e.p.") {
    s.resize(s.size() - 4);
    lower.resize(lower.size() - 4);
  }
  LooseQuery q;
  std::string castle_form;
  for (char c : lower) castle_form += c == '0' ? 'o' : c;
  if (castle_form == "oo" || castle_form == "ooo") {
    q.castle = true;
    q.side = castle_form == "oo" ? KingSide : QueenSide;
    return q;
  }
  std::size_t n = s.size();
  if (n >= 3 && promotion_from_char(s[n - 1]) != NoPieceType && is_rank_char(s[n - 2])) {
    q.promotion = promotion_from_char(s[n - 1]);
    --n;
  }
  if (n < 2 || !is_file_char(to_lower(s[n - 2])) || !is_rank_char(s[n - 1])) return std::nullopt;
  q.to = make_square(to_lower(s[n - 2]) - 'a', s[n - 1] - '1');
  std::string_view pre(s.data(), n - 2);
  read_loose_letter(pre, q);
  if (!pre.empty() && is_file_char(to_lower(pre[0]))) {
    q.from_file = to_lower(pre[0]) - 'a';
    pre.remove_prefix(1);
  }
  if (!pre.empty() && is_rank_char(pre[0])) {
    q.from_rank = pre[0] - '1';
    pre.remove_prefix(1);
  }
  if (!pre.empty()) return std::nullopt;
  if (q.from_board) {
    q.from_board = false;
    if (q.from_file >= 0 && q.from_rank >= 0) {
      Piece p = pos.piece_on(make_square(q.from_file, q.from_rank));
      if (p == NoPiece || color_of(p) != pos.side_to_move()) return std::nullopt;
      q.types = type_bit(type_of(p));
    }
  }
  return q;
}

}  // namespace

std::string explain_castling(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  std::string head = std::string("castling ") + side_name(side) + " is not legal: ";
  if (!pos.has_castling_right(us, side))
    return head + color_name(us) + " has lost the " + (side == KingSide ? "king-side" : "queen-side") +
           " castling right";
  if (pos.is_check()) return head + color_name(us) + " is in check";
  const CastlingPath path = castling_path(us, side, pos.king_square(us), pos.castling_rook(us, side));
  if (Bitboard blocked = pos.occupied() & path.must_be_empty)
    return head + "path blocked (" + square_name(lsb(blocked)) + " is occupied)";
  const Bitboard lifted = pos.occupied() ^ path.movers;
  Bitboard crossed = path.king_path;
  while (crossed) {
    Square s = pop_lsb(crossed);
    if (pos.is_attacked_by(~us, s, lifted)) {
      if (s == path.king_to) return head + "the king would land on an attacked square (" + square_name(s) + ")";
      return head + "the king passes through an attacked square (" + square_name(s) + ")";
    }
  }
  return head + "it would leave the king in check";
}

std::string explain_no_match(const Position& pos, const SanToken& t, PieceType pt, bool missing_promotion) {
  if (missing_promotion) {
    const std::string to = square_name(t.to);
    return "a pawn reaching " + to + " must promote: write " + to + "=Q (or =R, =B, =N)";
  }
  return pt == Pawn ? explain_pawn(pos, t) : explain_piece(pos, t, pt);
}

std::string explain_ambiguous(const Position& pos, const SanToken& t, PieceType pt, const MoveList& same_target) {
  SanToken shown = t;
  if (shown.piece == NoPieceType) shown.piece = pt;
  std::string out = san_token_text(shown) + " is ambiguous: ";
  bool first = true;
  for (Move m : same_target) {
    if (!leaves_named_square(t, pt, m) || m.promotion() != t.promotion) continue;
    if (!first) out += ", ";
    first = false;
    append_san_core(pos, m, out);
  }
  return out;
}

std::optional<std::string> suggest_for_token(const Position& pos, const SanToken& t) {
  LooseQuery q;
  if (t.castle != SanCastle::None) {
    q.castle = true;
    q.side = t.castle == SanCastle::KingSide ? KingSide : QueenSide;
    return suggest(pos, q);
  }
  q.to = t.to;
  q.promotion = t.promotion;
  q.from_file = t.from_file;
  q.from_rank = t.from_rank;
  if (t.piece != NoPieceType) {
    q.types = type_bit(t.piece);
  } else if (t.from_file >= 0 && t.from_rank >= 0) {
    Piece p = pos.piece_on(make_square(t.from_file, t.from_rank));
    q.types = p != NoPiece && color_of(p) == pos.side_to_move() ? type_bit(type_of(p)) : 0;
  }
  return suggest(pos, q);
}

std::optional<std::string> suggest_for_text(const Position& pos, std::string_view text) {
  if (std::optional<LooseQuery> q = loose_from_text(pos, text)) return suggest(pos, *q);
  return std::nullopt;
}

}  // namespace chesstool::detail
