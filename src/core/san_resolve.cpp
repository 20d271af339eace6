// SPDX-License-Identifier: MIT
// SAN resolution: the legal move a token names in a position, the notation checks that
// feed lenient warnings (capture mark, disambiguation, check sign), the fast path for
// plain moves, and the error codes.
#include <optional>
#include <string>
#include <string_view>

#include "core/movegen.hpp"
#include "core/position_play.hpp"
#include "core/san.hpp"
#include "core/san_detail.hpp"

namespace chesstool {

using detail::bit;
using detail::color_name;
using detail::piece_name;

namespace {

// Makes r a refusal. r.move and r.lenient keep their defaults (no move, no lenient
// forms). The result converts to false and to Move::none(), so that a step can
// `return refuse(...)`.
struct Refused {
  operator bool() const { return false; }
  operator Move() const { return Move::none(); }
};
Refused refuse(SanResolution& r, SanError e, std::string message) {
  r.error = e;
  r.message = std::move(message);
  return {};
}

// "--" / "Z0": legal unless the side to move is in check.
void resolve_null_move(const Position& pos, const SanToken& t, Position* after, SanResolution& r) {
  r.move = Move::null();
  r.lenient = t.lenient;
  if (pos.is_check()) {
    r.error = SanError::NullMoveInCheck;
    r.message = std::string("null move while ") + color_name(pos.side_to_move()) + " is in check";
  } else if (after) {
    *after = pos;
    after->make_move(Move::null());
  }
}

// The type of the piece a letterless coordinate move (e2e4, g1f3) moves: the one on its
// from-square, which must be ours. False with r refused otherwise.
bool piece_on_from_square(const Position& pos, const SanToken& t, PieceType& pt, SanResolution& r) {
  const Color us = pos.side_to_move();
  const Square from = make_square(t.from_file, t.from_rank);
  const Piece p = pos.piece_on(from);
  if (p == NoPiece) return refuse(r, SanError::Illegal, "no piece on " + square_name(from));
  if (color_of(p) != us)
    return refuse(r, SanError::Illegal,
                  "the piece on " + square_name(from) + " is " + color_name(~us) + "'s, but " + color_name(us) +
                      " is to move");
  pt = type_of(p);
  if (t.promotion != NoPieceType && pt != Pawn)
    return refuse(r, SanError::Illegal,
                  std::string("only pawns promote; the piece on ") + square_name(from) + " is a " + piece_name(pt));
  return true;
}

// The castling a token names: O-O / O-O-O, or the king taking its own castling rook
// (e1h1, Kxh1; lenient). nullopt for any other move.
std::optional<CastlingSide> castling_named(const Position& pos, const SanToken& t, PieceType pt) {
  if (t.castle != SanCastle::None) return t.castle == SanCastle::KingSide ? KingSide : QueenSide;
  if (pt != King) return std::nullopt;
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  if (pos.piece_on(t.to) != make_piece(us, Rook) || (t.from_file >= 0 && file_of(ksq) != t.from_file) ||
      (t.from_rank >= 0 && rank_of(ksq) != t.from_rank))
    return std::nullopt;
  const CastlingSide side = t.to > ksq ? KingSide : QueenSide;
  if (!pos.has_castling_right(us, side) || pos.castling_rook(us, side) != t.to) return std::nullopt;
  return side;
}

// The castling move on `side`, or Move::none() with r refused (and explained).
Move find_castling(const Position& pos, const SanToken& t, CastlingSide side, SanResolution& r) {
  const Color us = pos.side_to_move();
  if (t.promotion != NoPieceType) return refuse(r, SanError::Illegal, "castling cannot promote");
  if (!pos.has_castling_right(us, side)) return refuse(r, SanError::Illegal, detail::explain_castling(pos, side));
  if (!castling_is_legal(pos, side)) return refuse(r, SanError::Illegal, detail::explain_castling(pos, side));
  return Move(pos.king_square(us), pos.castling_rook(us, side), Move::Castling);
}

// The one legal move of type pt that a token other than castling names; list receives
// the legal moves of pt to the token's square. Move::none() with r refused when none or
// several match.
Move find_move(const Position& pos, const SanToken& t, PieceType pt, MoveList& list, SanResolution& r) {
  generate_legal_to(pos, pt, t.to, list);
  Move found;
  int count = 0;
  bool missing_promotion = false;
  for (Move m : list) {
    if (!detail::leaves_named_square(t, pt, m)) continue;
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
  if (count == 1) return found;
  if (count > 1) return refuse(r, SanError::Ambiguous, detail::explain_ambiguous(pos, t, pt, list));
  refuse(r, SanError::Illegal, detail::explain_no_match(pos, t, pt, missing_promotion));
  r.did_you_mean = detail::suggest_for_token(pos, t);
  return Move::none();
}

// The lenient forms in how the token writes `found` (not castling by O-O): a king move
// that castles, the capture marks, and a disambiguation other than the minimal one.
SanLenientSet notation_lenient(const Position& pos, const SanToken& t, PieceType pt, const MoveList& list,
                               Move found) {
  if (found.is_castling()) return bit(SanLenient::CastlingAsKingMove);
  SanLenientSet lenient = 0;
  const bool capture = detail::is_capture(pos, found);
  if (t.capture && !capture) lenient |= bit(SanLenient::WrongCaptureMark);
  if (!t.capture && capture && !has_lenient(t.lenient, SanLenient::CoordinateMove))
    lenient |= bit(SanLenient::MissingCaptureMark);
  if (t.en_passant_mark && found.kind() != Move::EnPassant) lenient |= bit(SanLenient::WrongCaptureMark);
  // The from-square of long algebraic and coordinate moves is part of the notation, not
  // a disambiguation.
  if (!(t.lenient & (bit(SanLenient::CoordinateMove) | bit(SanLenient::LongAlgebraic))) &&
      (t.from_file >= 0 || t.from_rank >= 0)) {
    detail::Disambiguation need;
    if (pt == Pawn)
      need.file = file_of(found.from()) != file_of(found.to());
    else
      need = detail::needed_disambiguation(list, found);
    if (need.file != (t.from_file >= 0) || need.rank != (t.from_rank >= 0)) {
      // A whole from-square before the capture mark that SAN does not need is the long
      // algebraic capture (Qd8xd5), as e4xd5 is for a pawn.
      const bool long_capture = t.capture && t.from_file >= 0 && t.from_rank >= 0;
      lenient |= bit(long_capture ? SanLenient::LongAlgebraic : SanLenient::RedundantDisambiguation);
    }
  }
  return lenient;
}

// Plays m on next (a copy of the position) and compares the written check suffix with
// what the move does: one make_move and a check test, plus a legal-move count only when
// the move checks and the suffix claims something.
SanLenientSet verify_check_sign(Move m, SanCheck claimed, Position& next) {
  next.make_move(m);
  if (next.is_check()) {
    if (claimed == SanCheck::None) return bit(SanLenient::MissingCheckSign);
    if (detail::is_mated(next) != (claimed == SanCheck::Mate)) return bit(SanLenient::WrongCheckSign);
    return 0;
  }
  return claimed == SanCheck::None ? 0 : bit(SanLenient::WrongCheckSign);
}

// Plays the move found into *after when given; with full checks, also verifies the check
// sign, whose lenient forms it returns.
SanLenientSet play_found(const Position& pos, Move m, SanCheck claimed, Position* after, SanChecks checks) {
  if (checks == SanChecks::MovesOnly) {
    if (after) {
      *after = pos;
      after->make_move(m);
    }
    return 0;
  }
  if (after) {
    *after = pos;
    return verify_check_sign(m, claimed, *after);
  }
  Position next = pos;
  return verify_check_sign(m, claimed, next);
}

// A token parse_san refuses, with a did-you-mean from its normalised text. Apart from
// resolve_san, so that resolve_san returns one object (built in place, not moved).
SanResolution refuse_malformed(const Position& pos, std::string_view text, std::string message) {
  SanResolution r;
  refuse(r, SanError::Malformed, std::move(message));
  r.did_you_mean = detail::suggest_for_text(pos, text);
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

// Null move; else the piece (from the board for e2e4), castling or the one matching
// move, its notation checks, and the move played. Every return is r, so r is built in
// the caller's slot: a refusing step fills it in and resolve_san hands it back.
SanResolution resolve_san(const Position& pos, const SanToken& t, Position* after, SanChecks checks) {
  SanResolution r;
  if (t.null_move) {
    resolve_null_move(pos, t, after, r);
    return r;
  }
  PieceType pt = t.piece;
  if (pt == NoPieceType && t.castle == SanCastle::None && !piece_on_from_square(pos, t, pt, r)) return r;
  MoveList list;  // the legal moves of pt to the token's square (not filled for castling)
  const std::optional<CastlingSide> side = castling_named(pos, t, pt);
  const Move found = side ? find_castling(pos, t, *side, r) : find_move(pos, t, pt, list, r);
  if (!found) return r;
  SanLenientSet lenient = t.lenient;
  // "e.p." is the en-passant-suffix form only on an en passant capture; on any other
  // move it is a wrong capture mark (notation_lenient).
  if (t.en_passant_mark && found.kind() != Move::EnPassant) lenient &= ~bit(SanLenient::EnPassantSuffix);
  if (!side)
    lenient |= notation_lenient(pos, t, pt, list, found);
  else if (t.castle == SanCastle::None)
    lenient |= bit(SanLenient::CastlingAsKingMove);  // e1h1, Kxh1
  lenient |= play_found(pos, found, t.check, after, checks);
  r.move = found;
  r.lenient = lenient;
  return r;
}

namespace {

// Whether a plain token's disambiguation (a file or a rank, not a pawn's file) is the
// minimal one the writer gives `found` (spec 8.2.3.4).
bool minimal_disambiguation(const Position& pos, const SanToken& t, Move found) {
  MoveList same;
  generate_legal_to(pos, t.piece, t.to, same);
  const detail::Disambiguation need = detail::needed_disambiguation(same, found);
  return need.file == (t.from_file >= 0) && need.rank == (t.from_rank >= 0);
}

// play_plain for O-O and O-O-O, maybe with '+' or '#', when that castling is legal; any
// other text starting with 'O' is left to the full rules. Out of line: castling is rare,
// and the plain moves' path stays short. `after` may be pos itself (in place).
[[gnu::noinline]] bool play_plain_castling(const Position& pos, std::string_view s, Position& after, Move* played,
                                           bool* canonical, Position::Undo* undo) {
  const SanCheck check = detail::take_check_sign(s);
  if (s != "O-O" && s != "O-O-O") return false;
  const Color us = pos.side_to_move();
  const CastlingSide side = s.size() == 3 ? KingSide : QueenSide;
  if (!castling_is_legal(pos, side)) return false;
  const Move m(pos.king_square(us), pos.castling_rook(us, side), Move::Castling);
  if (undo) *undo = pos.undo_record(m);
  if (&after != &pos) after.copy_from(pos);
  after.make_move(m);
  if (played) *played = m;
  // Castling is written one way: only the check sign can differ.
  if (canonical) *canonical = check == check_state_of(after);
  return true;
}

// Both play_plain_san: the canonical test is compiled into the second only, so the
// validate path (no tree, no writer) keeps the short function it had. `after` may be pos
// itself: the move is then played in place, with its undo record.
template <bool kTellCanonical>
[[gnu::always_inline]] inline bool play_plain(const Position& pos, std::string_view text, Position& after,
                                              Move* played, bool* canonical, Position::Undo* undo) {
  SanToken t;
  if (!detail::parse_common_san(text, t))
    return !text.empty() && text[0] == 'O' && play_plain_castling(pos, text, after, played, canonical, undo);
  if (t.piece == Pawn && relative_rank(pos.side_to_move(), t.to) == 7) return false;  // promotion: the full rules
  const Move found = unique_plain_move(pos, t.piece, t.to, t.from_file, t.from_rank);
  if (!found) return false;
  // A pawn capture names its file, and the one move of its kind to the square needs no
  // disambiguation: what is left to agree is the capture mark, a disambiguation the
  // token gives (both asked of the position before the move), and the check sign.
  bool notation_agrees = true;
  if constexpr (kTellCanonical) {
    const bool disambiguated = t.from_rank >= 0 || (t.from_file >= 0 && t.piece != Pawn);
    notation_agrees =
        t.capture == detail::is_capture(pos, found) && (!disambiguated || minimal_disambiguation(pos, t, found));
  }
  if (undo) *undo = pos.undo_record(found);
  if (&after != &pos) after.copy_from(pos);
  after.play<true>(found);  // make_move inlined: its call, for every move of every game, cost 1%
  if (played) *played = found;
  if constexpr (kTellCanonical) {
    const SanCheck check = !detail::gives_check_after(after, found, t.piece) ? SanCheck::None
                           : detail::is_mated(after)                        ? SanCheck::Mate
                                                                            : SanCheck::Check;
    *canonical = notation_agrees && t.check == check;
  }
  return true;
}

}  // namespace

bool play_plain_san(const Position& pos, std::string_view text, Position& after, Move* played) {
  return play_plain<false>(pos, text, after, played, nullptr, nullptr);
}

bool play_plain_san(const Position& pos, std::string_view text, Position& after, Move& played, bool& canonical) {
  return play_plain<true>(pos, text, after, &played, &canonical, nullptr);
}

bool play_plain_san_in_place(Position& pos, std::string_view text, Move& played, Position::Undo& undo) {
  return play_plain<false>(pos, text, pos, &played, nullptr, &undo);
}

bool play_plain_san_in_place(Position& pos, std::string_view text, Move& played, Position::Undo& undo, bool& canonical) {
  return play_plain<true>(pos, text, pos, &played, &canonical, &undo);
}

SanResolution resolve_san(const Position& pos, std::string_view text, Position* after, SanChecks checks) {
  SanParse p = parse_san(text);
  if (!p.ok()) return refuse_malformed(pos, text, std::move(p.message));
  SanResolution r = resolve_san(pos, p.token, after, checks);
  if (!r.ok() && r.error != SanError::NullMoveInCheck && r.error != SanError::Ambiguous) {
    // The text may say more than the token (a lower-case 'b' that meant a bishop).
    if (std::optional<std::string> s = detail::suggest_for_text(pos, text)) r.did_you_mean = std::move(s);
  }
  return r;
}

}  // namespace chesstool
