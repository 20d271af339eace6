// SPDX-License-Identifier: MIT
// Standard Algebraic Notation: syntax-only token parsing, resolution against a position, and SAN writing.
#include "core/san.hpp"

#include "core/attacks.hpp"
#include "core/movegen.hpp"

namespace chesstool {

namespace {

constexpr bool is_file_char(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank_char(char c) { return c >= '1' && c <= '8'; }
constexpr bool is_glyph_char(char c) { return c == '!' || c == '?'; }
constexpr char to_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

constexpr SanLenientSet bit(SanLenient l) { return SanLenientSet(l); }

// Upper-case piece letters of SAN; the pawn letter 'P' is handled apart (lenient).
PieceType piece_from_upper(char c) {
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
PieceType promotion_from_char(char c) {
  switch (to_lower(c)) {
    case 'n': return Knight;
    case 'b': return Bishop;
    case 'r': return Rook;
    case 'q': return Queen;
    default: return NoPieceType;
  }
}


bool strip_suffix(std::string_view& s, std::string_view suffix) {
  if (s.size() < suffix.size() || s.substr(s.size() - suffix.size()) != suffix) return false;
  s.remove_suffix(suffix.size());
  return true;
}

const char* color_name(Color c) { return c == White ? "white" : "black"; }

const char* piece_name(PieceType t) {
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

const char* side_name(CastlingSide s) { return s == KingSide ? "king side" : "queen side"; }

std::string file_name(int f) { return std::string(1, char('a' + f)); }

SanParse malformed(std::string message) {
  SanParse r;
  r.error = SanError::Malformed;
  r.message = std::move(message);
  return r;
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (!m.is_castling() && pos.piece_on(m.to()) != NoPiece);
}

// Minimal disambiguation for m among the other legal moves of the same piece type to the
// same square (spec 8.2.3.4: file if that tells them apart, else rank, else both).
struct Disambiguation {
  bool file = false;
  bool rank = false;
};
Disambiguation needed_disambiguation(const MoveList& same_target, Move m) {
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

void append_square(std::string& out, Square s) {
  out += char('a' + file_of(s));
  out += char('1' + rank_of(s));
}

// SAN without the check suffix.
void append_san_core(const Position& pos, Move m, std::string& out) {
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
    MoveList same;
    generate_legal_to(pos, pt, m.to(), same);
    Disambiguation d = needed_disambiguation(same, m);
    if (d.file) out += char('a' + file_of(m.from()));
    if (d.rank) out += char('1' + rank_of(m.from()));
  }
  if (capture) out += 'x';
  append_square(out, m.to());
  if (m.kind() == Move::Promotion) {
    out += '=';
    out += piece_type_char(m.promotion());
  }
}

void append_check_suffix(SanCheck c, std::string& out) {
  if (c == SanCheck::Check) out += '+';
  if (c == SanCheck::Mate) out += '#';
}

// Mate test for a side in check. Most checked kings can step aside, and trying the
// (at most eight) king squares is much cheaper than counting every legal reply.
bool is_mated(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.occupied() ^ square_bb(ksq);
  Bitboard escapes = king_attacks(ksq) & ~pos.pieces(us);
  while (escapes)
    if (!pos.is_attacked_by(~us, pop_lsb(escapes), occ)) return false;
  return count_legal(pos) == 0;
}

SanCheck check_state_of(const Position& after) {
  if (!after.is_check()) return SanCheck::None;
  return is_mated(after) ? SanCheck::Mate : SanCheck::Check;
}

// ---------------------------------------------------------------------------------------
// Failure path helpers: they may allocate and take their time.

std::string san_list(const Position& pos, const Move* moves, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (i) out += ", ";
    append_san_core(pos, moves[i], out);
  }
  return out;
}

// A loose reading of a failed token, used to find the single legal move it probably meant.
struct LooseQuery {
  bool castle = false;
  CastlingSide side = KingSide;
  unsigned types = 0;        // bit per PieceType the leading letter allows
  bool from_board = false;   // letterless from-square: the piece standing there decides
  int pawn_file = -1;        // the pawn alternative must leave this file (a pawn capture)
  int from_file = -1;        // disambiguation (dropped if nothing matches with it)
  int from_rank = -1;
  Square to = kNoSquare;
  PieceType promotion = NoPieceType;
};

constexpr unsigned type_bit(PieceType t) { return 1u << t; }

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
    const Square dest = m.is_castling() ? castling_king_destination(pos, m) : m.to();
    if (dest != q.to || m.promotion() != q.promotion) continue;
    const PieceType pt = type_of(pos.piece_on(m.from()));
    if (!(q.types & type_bit(pt))) continue;
    if (pt == Pawn) {
      // A pawn moves straight without a from-file and diagonally with one.
      const int need_file = q.pawn_file >= 0 ? q.pawn_file : q.from_file;
      if (need_file < 0 && file_of(m.from()) != file_of(q.to)) continue;
      if (need_file >= 0 && file_of(m.from()) == file_of(q.to)) continue;
      if (q.pawn_file >= 0 && file_of(m.from()) != q.pawn_file) continue;
    }
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

LooseQuery loose_from_token(const Position& pos, const SanToken& t) {
  LooseQuery q;
  if (t.castle != SanCastle::None) {
    q.castle = true;
    q.side = t.castle == SanCastle::KingSide ? KingSide : QueenSide;
    return q;
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
  return q;
}

// Normalises case, zeros and punctuation of raw text; nullopt when it still is no move.
std::optional<LooseQuery> loose_from_text(const Position& pos, std::string_view text) {
  std::string s;
  for (char c : text) {
    if (c == 'x' || c == 'X' || c == ':' || c == '-' || c == '=' || c == ' ') continue;
    s += c;
  }
  while (!s.empty() && (s.back() == '!' || s.back() == '?' || s.back() == '+' || s.back() == '#')) s.pop_back();
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
    q.from_board = true;  // decided below if a full from-square follows
  }
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

// Specific reason why castling on `side` is not legal (it is known not to be).
std::string explain_castling(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  std::string head = std::string("castling ") + side_name(side) + " is not legal: ";
  if (!pos.has_castling_right(us, side))
    return head + color_name(us) + " has lost the " + (side == KingSide ? "king-side" : "queen-side") +
           " castling right";
  if (pos.is_check()) return head + color_name(us) + " is in check";
  const Square ksq = pos.king_square(us);
  const Square rook = pos.castling_rook(us, side);
  const Square king_to = relative_square(us, side == KingSide ? 6 : 2);
  const Square rook_to = relative_square(us, side == KingSide ? 5 : 3);
  const Bitboard movers = square_bb(ksq) | square_bb(rook);
  const Bitboard must_be_empty =
      (between_bb(ksq, king_to) | square_bb(king_to) | between_bb(rook, rook_to) | square_bb(rook_to)) & ~movers;
  if (Bitboard blocked = pos.occupied() & must_be_empty)
    return head + "path blocked (" + square_name(lsb(blocked)) + " is occupied)";
  const Bitboard lifted = pos.occupied() ^ movers;
  Bitboard path = between_bb(ksq, king_to) | square_bb(king_to);
  while (path) {
    Square s = pop_lsb(path);
    if (pos.is_attacked_by(~us, s, lifted)) {
      if (s == king_to) return head + "the king would land on an attacked square (" + square_name(s) + ")";
      return head + "the king passes through an attacked square (" + square_name(s) + ")";
    }
  }
  return head + "it would leave the king in check";
}

// Reason why no legal move of type pt matches the token (pt is the piece the token names).
std::string explain_no_match(const Position& pos, const SanToken& t, PieceType pt, bool missing_promotion) {
  const Color us = pos.side_to_move();
  const std::string who = std::string(color_name(us)) + " " + piece_name(pt);
  const std::string to = square_name(t.to);
  if (missing_promotion)
    return "a pawn reaching " + to + " must promote: write " + to + "=Q (or =R, =B, =N)";
  const Piece target = pos.piece_on(t.to);
  const bool own_target = target != NoPiece && color_of(target) == us;
  std::string from_text;
  if (t.from_file >= 0 && t.from_rank >= 0)
    from_text = " on " + square_name(make_square(t.from_file, t.from_rank));
  else if (t.from_file >= 0)
    from_text = " on the " + file_name(t.from_file) + "-file";
  else if (t.from_rank >= 0)
    from_text = " on rank " + std::to_string(t.from_rank + 1);
  if (pt == Pawn) {
    const int up = us == White ? 8 : -8;
    const int from_file = t.from_file >= 0 ? t.from_file : file_of(t.to);
    if (t.promotion != NoPieceType && relative_rank(us, t.to) != 7)
      return "a " + std::string(color_name(us)) + " pawn promotes only on rank " + (us == White ? "8" : "1");
    if (from_file != file_of(t.to)) {
      if (from_file - file_of(t.to) != 1 && file_of(t.to) - from_file != 1)
        return "a pawn on the " + file_name(from_file) + "-file cannot capture on " + to;
      const int from_rank = rank_of(t.to) - (us == White ? 1 : -1);
      const Square from = from_rank >= 0 && from_rank < 8 ? make_square(from_file, from_rank) : kNoSquare;
      if (from == kNoSquare || pos.piece_on(from) != make_piece(us, Pawn) ||
          (t.from_rank >= 0 && rank_of(from) != t.from_rank))
        return "no " + who + " on the " + file_name(from_file) + "-file can capture on " + to;
      std::string head = who + " on " + square_name(from) + " cannot capture on " + to + ": ";
      if (target == NoPiece) return head + to + " is empty";
      if (own_target) return head + to + " holds a " + color_name(us) + " piece";
      return head + "it would leave the " + color_name(us) + " king in check";
    }
    if (target != NoPiece) return "no " + who + " can move to " + to + ": " + to + " is occupied";
    const Square one = t.to - up;
    if (one >= 0 && one < 64 && pos.piece_on(one) == make_piece(us, Pawn))
      return who + " on " + square_name(one) + " cannot move to " + to + ": it would leave the " + color_name(us) +
             " king in check";
    return "no " + who + from_text + " can move to " + to;
  }
  if (!pos.pieces(us, pt))
    return "no " + who + " can reach " + to + " (" + color_name(us) + " has no " + piece_name(pt) + ")";
  Bitboard reach = piece_attacks(pt, t.to, pos.occupied()) & pos.pieces(us, pt);
  if (t.from_file >= 0) reach &= file_bb(t.from_file);
  if (t.from_rank >= 0) reach &= rank_bb(t.from_rank);
  if (!reach) return "no " + who + from_text + " can reach " + to;
  if (own_target) return "no " + who + " can move to " + to + ": " + to + " holds a " + color_name(us) + " piece";
  const std::string head = who + " on " + square_name(lsb(reach)) + " cannot move to " + to + ": ";
  if (pt == King) return head + to + " is attacked";
  return head + "it would leave the " + color_name(us) + " king in check";
}

// Plays m on next (a copy of the position) and compares the written check suffix with
// what the move does: one make_move and a check test, plus a legal-move count only when
// the move checks and the suffix claims something.
SanLenientSet verify_check_sign(Move m, SanCheck claimed, Position& next) {
  next.make_move(m);
  if (next.is_check()) {
    if (claimed == SanCheck::None) return bit(SanLenient::MissingCheckSign);
    if (is_mated(next) != (claimed == SanCheck::Mate)) return bit(SanLenient::WrongCheckSign);
    return 0;
  }
  return claimed == SanCheck::None ? 0 : bit(SanLenient::WrongCheckSign);
}

SanResolution fail(SanError e, std::string message) {
  SanResolution r;
  r.error = e;
  r.message = std::move(message);
  return r;
}

}  // namespace

std::string_view san_error_code(SanError e) {
  switch (e) {
    case SanError::None: return "";
    case SanError::Malformed: return "malformed-move";
    case SanError::Illegal: return "illegal-move";
    case SanError::Ambiguous: return "ambiguous-move";
    case SanError::NullMoveInCheck: return "null-move-in-check";
  }
  return "";
}

namespace {

// The shapes that make up nearly every real move (e4, Nf3, exd5, Nxe5, each maybe with
// '+' or '#'), read directly; anything else returns false and takes the general path,
// which gives the same token for these shapes (a unit test compares the two).
bool parse_common_san(std::string_view s, SanToken& t) {
  SanCheck check = SanCheck::None;
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) {
    check = s.back() == '+' ? SanCheck::Check : SanCheck::Mate;
    s.remove_suffix(1);
  }
  const std::size_t n = s.size();
  if (n < 2 || n > 4 || !is_file_char(s[n - 2]) || !is_rank_char(s[n - 1])) return false;
  const Square to = make_square(s[n - 2] - 'a', s[n - 1] - '1');
  if (n == 2) {
    t.piece = Pawn;
  } else if (n == 3) {
    if ((t.piece = piece_from_upper(s[0])) == NoPieceType) return false;
  } else {
    if (s[1] != 'x') return false;
    if (PieceType p = piece_from_upper(s[0]); p != NoPieceType) {
      t.piece = p;
    } else if (is_file_char(s[0])) {
      t.piece = Pawn;
      t.from_file = std::int8_t(s[0] - 'a');
    } else {
      return false;
    }
    t.capture = true;
  }
  t.to = to;
  t.check = check;
  return true;
}

}  // namespace

SanParse parse_san(std::string_view text) {
  SanParse r;
  if (parse_common_san(text, r.token)) return r;
  return detail::parse_san_general(text);
}

namespace detail {

SanParse parse_san_general(std::string_view text) {
  SanParse r;
  SanToken& t = r.token;
  if (text.empty()) return malformed("empty move");
  std::string_view s = text;

  // Suffixes, read from the end: glyph, then the check sign, with "e.p." allowed on
  // either side of the check sign (the tokenizer glues a separate "e.p." on the end).
  std::size_t g = s.size();
  while (g > 0 && is_glyph_char(s[g - 1])) --g;
  if (g < s.size()) {
    t.glyph = std::uint8_t(glyph_nag(s.substr(g)));
    if (t.glyph == 0) return malformed("unknown annotation glyph '" + std::string(s.substr(g)) + "'");
    s = s.substr(0, g);
  }
  bool ep = strip_suffix(s, "e.p.");
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) {
    t.check = s.back() == '+' ? SanCheck::Check : SanCheck::Mate;
    s.remove_suffix(1);
    if (!s.empty() && (s.back() == '+' || s.back() == '#'))
      return malformed("doubled check sign: use '+' for check or '#' for mate");
    if (!s.empty() && is_glyph_char(s.back())) {
      std::size_t b = s.size();
      while (b > 0 && is_glyph_char(s[b - 1])) --b;
      return malformed("annotation glyph '" + std::string(s.substr(b)) + "' before the check sign; SAN writes " +
                       std::string(s.substr(0, b)) + (t.check == SanCheck::Check ? "+" : "#") +
                       std::string(s.substr(b)));
    }
    if (!ep) ep = strip_suffix(s, "e.p.");
  }
  if (s.empty()) return malformed("no move before the suffix");
  t.en_passant_mark = ep;

  if (s == "--" || s == "Z0") {
    if (ep || t.check != SanCheck::None) return malformed("a null move takes no 'e.p.' or check sign");
    t.null_move = true;
    return r;
  }
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0") {
    if (ep) return malformed("'e.p.' after castling");
    t.castle = s.size() == 3 ? SanCastle::KingSide : SanCastle::QueenSide;
    if (s[0] == '0') t.lenient |= bit(SanLenient::ZeroCastling);
    return r;
  }
  if (s.find('@') != std::string_view::npos)
    return malformed("piece drops ('" + std::string(s) + "') are variant notation, not standard chess");

  // [piece] [from-file] [from-rank] [x : -] to [=promotion]
  bool letter = false;
  if (PieceType p = piece_from_upper(s[0]); p != NoPieceType) {
    t.piece = p;
    letter = true;
    s.remove_prefix(1);
  } else if (s[0] == 'P') {
    t.piece = Pawn;
    letter = true;
    t.lenient |= bit(SanLenient::PawnLetter);
    s.remove_prefix(1);
  } else if (is_file_char(s[0])) {
    t.piece = Pawn;
  } else if (piece_type_from_char(s[0]) != NoPieceType) {
    return malformed(std::string("piece letters are upper case: '") + s[0] + "' should be '" +
                     char(s[0] - 'a' + 'A') + "'");
  } else if (s[0] == 'x' || s[0] == ':') {
    return malformed("a capture starts with the piece letter, or a pawn's file (exd5)");
  } else if (s[0] == 'o' || s[0] == 'O' || s[0] == '0') {
    return malformed("castling is written O-O or O-O-O");
  } else {
    return malformed(std::string("unexpected '") + s[0] + "' at the start of a move");
  }

  if (s.size() >= 2 && s[s.size() - 2] == '=') {
    const char c = s.back();
    if (to_lower(c) == 'k' || to_lower(c) == 'p')
      return malformed(std::string("cannot promote to a ") + (to_lower(c) == 'k' ? "king" : "pawn"));
    t.promotion = promotion_from_char(c);
    if (t.promotion == NoPieceType)
      return malformed(std::string("'=") + c + "' is not a promotion piece (Q, R, B or N)");
    if (c >= 'a') t.lenient |= bit(SanLenient::LowercasePromotion);
    s.remove_suffix(2);
  } else if (!s.empty() && s.back() == '=') {
    return malformed("'=' without a promotion piece");
  } else if (s.size() >= 3 && promotion_from_char(s.back()) != NoPieceType && is_rank_char(s[s.size() - 2])) {
    t.promotion = promotion_from_char(s.back());
    t.lenient |= bit(SanLenient::PromotionWithoutEquals);
    if (s.back() >= 'a') t.lenient |= bit(SanLenient::LowercasePromotion);
    s.remove_suffix(1);
  }

  if (s.size() < 2 || !is_file_char(s[s.size() - 2]) || !is_rank_char(s.back()))
    return malformed("'" + std::string(text) + "' does not end in a destination square (a1..h8)");
  t.to = make_square(s[s.size() - 2] - 'a', s.back() - '1');
  s.remove_suffix(2);

  char sep = 0;
  if (!s.empty() && (s.back() == 'x' || s.back() == ':' || s.back() == '-')) {
    sep = s.back();
    s.remove_suffix(1);
    if (sep != '-') t.capture = true;
    if (sep == ':') t.lenient |= bit(SanLenient::ColonCapture);
  }
  if (!s.empty() && is_file_char(s[0])) {
    t.from_file = std::int8_t(s[0] - 'a');
    s.remove_prefix(1);
  }
  if (!s.empty() && is_rank_char(s[0])) {
    t.from_rank = std::int8_t(s[0] - '1');
    s.remove_prefix(1);
  }
  if (!s.empty()) return malformed("unexpected '" + std::string(s) + "' in '" + std::string(text) + "'");

  const bool full_from = t.from_file >= 0 && t.from_rank >= 0;
  if (sep == '-' && !full_from) return malformed("'-' must follow a full from-square (Ng1-f3)");
  if (full_from && !letter) {
    // e2e4, g1f3, e1g1, c5xd4: the piece is whatever stands on the from-square.
    t.piece = NoPieceType;
    t.lenient |= bit(sep == 0 ? SanLenient::CoordinateMove : SanLenient::LongAlgebraic);
  } else if (sep == '-') {
    t.lenient |= bit(SanLenient::LongAlgebraic);
  }
  if (t.piece == Pawn) {
    if (t.from_rank >= 0 && t.from_file < 0) return malformed("a pawn move is told apart by its file, not its rank");
    if (t.capture && t.from_file < 0) return malformed("a pawn capture names the file it leaves (exd5)");
  }
  if (t.promotion != NoPieceType) {
    if (t.piece != Pawn && t.piece != NoPieceType) return malformed("only pawns promote");
    if (rank_of(t.to) != 0 && rank_of(t.to) != 7)
      return malformed("promotion to " + square_name(t.to) + ": pawns promote on the last rank");
  }
  if (ep) {
    if (t.piece != Pawn && t.piece != NoPieceType) return malformed("'e.p.' follows only pawn captures");
    t.lenient |= bit(SanLenient::EnPassantSuffix);
  }
  return r;
}

}  // namespace detail

SanCheck check_state_after(const Position& pos, Move m) { return check_state_of(pos.after(m)); }

int glyph_nag(std::string_view g) {
  if (g == "!") return 1;
  if (g == "?") return 2;
  if (g == "!!") return 3;
  if (g == "??") return 4;
  if (g == "!?") return 5;
  if (g == "?!") return 6;
  return 0;
}

SanResolution resolve_san(const Position& pos, const SanToken& t, Position* after, SanChecks checks) {
  const Color us = pos.side_to_move();

  if (t.null_move) {
    SanResolution r;
    r.move = Move::null();
    r.lenient = t.lenient;
    if (pos.is_check()) {
      r.error = SanError::NullMoveInCheck;
      r.message = std::string("null move while ") + color_name(us) + " is in check";
    } else if (after) {
      *after = pos;
      after->make_move(Move::null());
    }
    return r;
  }

  SanLenientSet lenient = t.lenient;
  Move found;
  MoveList list;

  // Castling by O-O, or by the king-takes-own-rook forms e1h1 / Kxh1.
  CastlingSide castle_side = KingSide;
  bool castle = false;
  PieceType pt = t.piece;
  if (t.castle != SanCastle::None) {
    castle = true;
    castle_side = t.castle == SanCastle::KingSide ? KingSide : QueenSide;
  } else {
    if (pt == NoPieceType) {
      const Square from = make_square(t.from_file, t.from_rank);
      const Piece p = pos.piece_on(from);
      if (p == NoPiece) return fail(SanError::Illegal, "no piece on " + square_name(from));
      if (color_of(p) != us)
        return fail(SanError::Illegal, "the piece on " + square_name(from) + " is " + color_name(~us) + "'s, but " +
                                           color_name(us) + " is to move");
      pt = type_of(p);
      if (t.promotion != NoPieceType && pt != Pawn)
        return fail(SanError::Illegal, std::string("only pawns promote; the piece on ") + square_name(from) + " is a " +
                                           piece_name(pt));
    }
    if (pt == King && pos.piece_on(t.to) == make_piece(us, Rook) &&
        (t.from_file < 0 || file_of(pos.king_square(us)) == t.from_file) &&
        (t.from_rank < 0 || rank_of(pos.king_square(us)) == t.from_rank)) {
      const CastlingSide side = t.to > pos.king_square(us) ? KingSide : QueenSide;
      if (pos.has_castling_right(us, side) && pos.castling_rook(us, side) == t.to) {
        castle = true;
        castle_side = side;
        lenient |= bit(SanLenient::CastlingAsKingMove);
      }
    }
  }

  if (castle) {
    if (t.promotion != NoPieceType) return fail(SanError::Illegal, "castling cannot promote");
    if (!pos.has_castling_right(us, castle_side)) return fail(SanError::Illegal, explain_castling(pos, castle_side));
    const Move m(pos.king_square(us), pos.castling_rook(us, castle_side), Move::Castling);
    generate_legal_to(pos, King, castling_king_destination(pos, m), list);
    if (!list.contains(m)) return fail(SanError::Illegal, explain_castling(pos, castle_side));
    found = m;
  } else {
    generate_legal_to(pos, pt, t.to, list);
    int count = 0;
    bool missing_promotion = false;
    for (Move m : list) {
      if (t.from_file >= 0 && file_of(m.from()) != t.from_file) continue;
      if (t.from_rank >= 0 && rank_of(m.from()) != t.from_rank) continue;
      if (pt == Pawn && t.from_file < 0 && file_of(m.from()) != file_of(t.to)) continue;
      if (m.promotion() != t.promotion) {
        missing_promotion |= t.promotion == NoPieceType;
        continue;
      }
      if (pt == King && count == 1 && (m.is_castling() != found.is_castling())) {
        // Chess960: a plain king step and castling can land on the same square; the
        // plain step is what "Kg1" means, castling is written O-O.
        if (found.is_castling()) found = m;
        continue;
      }
      if (count++ == 0) found = m;
    }
    if (count == 0) {
      SanResolution r = fail(SanError::Illegal, explain_no_match(pos, t, pt, missing_promotion));
      r.did_you_mean = suggest(pos, loose_from_token(pos, t));
      return r;
    }
    if (count > 1) {
      Move matches[256];
      int n = 0;
      for (Move m : list) {
        if (t.from_file >= 0 && file_of(m.from()) != t.from_file) continue;
        if (t.from_rank >= 0 && rank_of(m.from()) != t.from_rank) continue;
        if (pt == Pawn && t.from_file < 0 && file_of(m.from()) != file_of(t.to)) continue;
        if (m.promotion() != t.promotion) continue;
        matches[n++] = m;
      }
      SanToken shown = t;
      if (shown.piece == NoPieceType) shown.piece = pt;
      return fail(SanError::Ambiguous, san_token_text(shown) + " is ambiguous: " + san_list(pos, matches, n));
    }
    if (found.is_castling()) {
      lenient |= bit(SanLenient::CastlingAsKingMove);
    } else {
      const bool capture = is_capture(pos, found);
      if (t.capture && !capture) lenient |= bit(SanLenient::WrongCaptureMark);
      if (!t.capture && capture && !has_lenient(t.lenient, SanLenient::CoordinateMove))
        lenient |= bit(SanLenient::MissingCaptureMark);
      if (t.en_passant_mark && found.kind() != Move::EnPassant) lenient |= bit(SanLenient::WrongCaptureMark);
      // The from-square of long algebraic and coordinate moves is part of the notation,
      // not a disambiguation.
      if (!(t.lenient & (bit(SanLenient::CoordinateMove) | bit(SanLenient::LongAlgebraic))) &&
          (t.from_file >= 0 || t.from_rank >= 0)) {
        Disambiguation need;
        if (pt == Pawn)
          need.file = file_of(found.from()) != file_of(found.to());
        else
          need = needed_disambiguation(list, found);
        if (need.file != (t.from_file >= 0) || need.rank != (t.from_rank >= 0))
          lenient |= bit(SanLenient::RedundantDisambiguation);
      }
    }
  }

  if (checks == SanChecks::MovesOnly) {
    if (after) {
      *after = pos;
      after->make_move(found);
    }
  } else if (after) {
    *after = pos;
    lenient |= verify_check_sign(found, t.check, *after);
  } else {
    Position next = pos;
    lenient |= verify_check_sign(found, t.check, next);
  }

  SanResolution r;
  r.move = found;
  r.lenient = lenient;
  return r;
}

bool play_plain_san(const Position& pos, std::string_view text, Position& after, Move* played) {
  SanToken t;
  if (!parse_common_san(text, t)) return false;
  if (t.piece == Pawn && relative_rank(pos.side_to_move(), t.to) == 7) return false;  // promotion: the full rules
  MoveList list;
  generate_legal_to(pos, t.piece, t.to, list);
  Move found;
  int count = 0;
  for (Move m : list) {
    // A pawn names its file: the one it stands on (exd5), else the target's (e4).
    if (t.piece == Pawn && file_of(m.from()) != (t.from_file >= 0 ? t.from_file : file_of(t.to))) continue;
    if (m.is_castling()) return false;
    found = m;
    ++count;
  }
  if (count != 1) return false;
  after.copy_from(pos);
  after.make_move(found);
  if (played) *played = found;
  return true;
}

SanResolution resolve_san(const Position& pos, std::string_view text, Position* after, SanChecks checks) {
  SanParse p = parse_san(text);
  if (!p.ok()) {
    SanResolution r = fail(SanError::Malformed, std::move(p.message));
    if (std::optional<LooseQuery> q = loose_from_text(pos, text)) r.did_you_mean = suggest(pos, *q);
    return r;
  }
  SanResolution r = resolve_san(pos, p.token, after, checks);
  if (!r.ok() && r.error != SanError::NullMoveInCheck && r.error != SanError::Ambiguous) {
    // The text may say more than the token (a lower-case 'b' that meant a bishop).
    if (std::optional<LooseQuery> q = loose_from_text(pos, text)) {
      if (std::optional<std::string> s = suggest(pos, *q)) r.did_you_mean = std::move(s);
    }
  }
  return r;
}

std::string to_san(const Position& pos, Move m) {
  std::string out;
  append_san_core(pos, m, out);
  if (!m.is_null()) append_check_suffix(check_state_after(pos, m), out);
  return out;
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
