// SPDX-License-Identifier: MIT
// Taking a named last move back and checking it was legal where it was played.
#include "output/board_last_move.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

#include "core/fen.hpp"
#include "core/uci.hpp"

namespace chesstool::output {

namespace {

using Board = std::array<Piece, 64>;

// One candidate for the position before the move.
struct Previous {
  Board board{};
  Square ep = kNoSquare;           // en passant square (an en passant capture)
  Square castle_rook = kNoSquare;  // the rook of the castling right the move uses
};

// How far a candidate got: 0 no valid position, 1 the move is not legal there, 2 legal
// but it does not give the position shown. The reason of the furthest one is reported.
struct Verdict {
  bool ok = false;
  int stage = -1;
  std::string reason;
};

const char* side_name(Color c) { return c == White ? "White" : "Black"; }
const char* colour_word(Color c) { return c == White ? "white" : "black"; }

Board board_of(const Position& pos) {
  Board b{};
  for (Square s = 0; s < 64; ++s) b[s] = pos.piece_on(s);
  return b;
}


bool is(const Board& b, Square s, Color c, PieceType t) { return b[s] == make_piece(c, t); }

// Rights as Shredder-FEN rook files: each right `after` still has, when its king is on
// the back rank and its rook on the rook's square (a rook back home has lost its right:
// the comparison then says so); each right the board allows (king and rook on their
// start squares; in Chess960 the outermost rook on each side of a king on its back
// rank); and the one a castling move needs.
std::string castling_field(const Board& b, const Position& after, const Previous& prev) {
  std::string letters[2];
  auto add = [&](Color c, Square rook) {
    const char f = char((c == White ? 'A' : 'a') + file_of(rook));
    if (letters[c].find(f) == std::string::npos) letters[c] += f;
  };
  for (Color c : {White, Black}) {
    const int back = c == White ? 0 : 7;
    bool king_home = false;  // on its back rank: a right of `after` needs it and its rook there
    for (int f = 0; f < 8; ++f) king_home = king_home || is(b, make_square(f, back), c, King);
    for (CastlingSide side : {KingSide, QueenSide})
      if (after.has_castling_right(c, side) && king_home && is(b, after.castling_rook(c, side), c, Rook))
        add(c, after.castling_rook(c, side));
    if (!after.is_chess960()) {
      if (!is(b, make_square(4, back), c, King)) continue;
      for (int f : {7, 0})
        if (is(b, make_square(f, back), c, Rook)) add(c, make_square(f, back));
      continue;
    }
    for (int k = 0; k < 8; ++k) {
      if (!is(b, make_square(k, back), c, King)) continue;
      for (int f = 7; f > k; --f)
        if (is(b, make_square(f, back), c, Rook)) { add(c, make_square(f, back)); break; }
      for (int f = 0; f < k; ++f)
        if (is(b, make_square(f, back), c, Rook)) { add(c, make_square(f, back)); break; }
    }
  }
  if (prev.castle_rook != kNoSquare) add(color_of(b[prev.castle_rook]), prev.castle_rook);
  const std::string field = letters[White] + letters[Black];
  return field.empty() ? "-" : field;
}

// Whether `played` (the candidate's position after the move) is `after`, and why not.
Verdict compare(const Position& played, const Position& after) {
  for (Square s = 0; s < 64; ++s)
    if (played.piece_on(s) != after.piece_on(s)) return {false, 2, "playing it does not give the position shown"};
  if (played.ep_square() != after.ep_square()) {
    if (after.ep_square() != kNoSquare)
      return {false, 2, fmt::format("the FEN's en passant square {} says the last move was a pawn's double step past it",
                                    square_name(after.ep_square()))};
    return {false, 2, fmt::format("it allows an en passant capture on {}, which the FEN does not give",
                                  square_name(played.ep_square()))};
  }
  for (Color c : {White, Black})
    for (CastlingSide side : {KingSide, QueenSide}) {
      if (!after.has_castling_right(c, side)) continue;
      if (played.has_castling_right(c, side) && played.castling_rook(c, side) == after.castling_rook(c, side)) continue;
      return {false, 2, fmt::format("the FEN says {} may still castle {}, which is not possible after this move",
                                    side_name(c), side == KingSide ? "king side" : "queen side")};
    }
  if (after.halfmove_clock() != 0 && played.halfmove_clock() != after.halfmove_clock())
    return {false, 2, fmt::format("the FEN's half-move clock is {}, but a capture or a pawn move sets it to 0",
                                  after.halfmove_clock())};
  return {true, 3, ""};
}

Verdict try_previous(const Previous& prev, const Position& after, std::string_view uci) {
  const Color mover = ~after.side_to_move();
  const int clock = after.halfmove_clock() > 0 ? after.halfmove_clock() - 1 : 0;
  const int fullmove = std::max(1, after.fullmove_number() - (mover == Black ? 1 : 0));
  std::string fen;
  append_placement(fen, [&prev](Square s) { return prev.board[s]; });
  fen += mover == White ? " w " : " b ";
  fen += castling_field(prev.board, after, prev);
  fen += ' ';
  fen += prev.ep == kNoSquare ? "-" : square_name(prev.ep);
  fen += fmt::format(" {} {}", clock, fullmove);
  const FenResult before = parse_fen(fen);
  if (!before.ok()) {
    std::string reason = "taking it back gives no valid position (";
    reason += before.error->to_string();
    return {false, 0, reason + ")"};
  }
  const std::optional<Move> m = parse_uci(before.position, uci);
  if (!m) {
    std::string reason = "it is not a legal move in the position it would be played from, ";
    return {false, 1, reason + to_fen(before.position)};
  }
  return compare(before.position.after(*m), after);
}

// Castling taken back: the king on its destination (g or c file) and the rook beside it
// (f or d) go back to the king's origin and the rook's start square: the corner in
// standard chess (e1g1 or e1h1); in a Chess960 position also `to`, for king-takes-rook.
void castling_candidates(const Position& after, LastMove mv, Color mover, std::vector<Previous>& out) {
  const int back = mover == White ? 0 : 7;
  if (rank_of(mv.from) != back || rank_of(mv.to) != back) return;
  if (!after.is_chess960() && file_of(mv.from) != 4) return;
  const bool king_side = file_of(mv.to) > file_of(mv.from);
  const Square king_to = make_square(king_side ? 6 : 2, back), rook_to = make_square(king_side ? 5 : 3, back);
  std::vector<Square> rook_starts{make_square(king_side ? 7 : 0, back)};
  if (after.is_chess960() && mv.to != rook_starts[0]) rook_starts.push_back(mv.to);
  for (Square rook_from : rook_starts) {
    Previous p;
    p.board = board_of(after);
    if (!is(p.board, king_to, mover, King) || !is(p.board, rook_to, mover, Rook)) return;
    p.board[king_to] = p.board[rook_to] = NoPiece;
    if (p.board[mv.from] != NoPiece || p.board[rook_from] != NoPiece) continue;
    p.board[mv.from] = make_piece(mover, King);
    p.board[rook_from] = make_piece(mover, Rook);
    p.castle_rook = rook_from;
    out.push_back(p);
  }
}

// Any other move taken back: nothing captured, each piece the side to move could have
// lost on the destination, and en passant. Returns why there is none, or "".
std::string move_candidates(const Position& after, std::string_view uci, LastMove mv, Color mover,
                            std::vector<Previous>& out) {
  const Piece moved = after.piece_on(mv.to);
  if (moved == NoPiece || color_of(moved) != mover) {
    std::string what = square_name(mv.to);
    what += moved == NoPiece ? " is empty" : fmt::format(" holds a {} piece", colour_word(~mover));
    return fmt::format("{}: the last move was {}'s ({} is to move) and cannot have ended there", what, side_name(mover),
                       side_name(~mover));
  }
  if (after.piece_on(mv.from) != NoPiece)
    return fmt::format("{} is not empty, but the piece that moved would have left it", square_name(mv.from));
  const bool promotes = uci.size() == 5;
  if (promotes && type_of(moved) != piece_type_from_char(uci[4]))
    return fmt::format("the piece on {} is not the one the move promotes to", square_name(mv.to));
  Previous base;
  base.board = board_of(after);
  base.board[mv.to] = NoPiece;
  base.board[mv.from] = promotes ? make_piece(mover, Pawn) : moved;
  out.push_back(base);
  const bool last_rank = rank_of(mv.to) == 0 || rank_of(mv.to) == 7;
  for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
    if (t == Pawn && last_rank) continue;
    Previous p = base;
    p.board[mv.to] = make_piece(~mover, t);
    out.push_back(p);
  }
  const Square behind = make_square(file_of(mv.to), rank_of(mv.from));
  if (!promotes && type_of(moved) == Pawn && file_of(mv.from) != file_of(mv.to) && after.piece_on(behind) == NoPiece) {
    Previous p = base;
    p.board[behind] = make_piece(~mover, Pawn);
    p.ep = mv.to;
    out.push_back(p);
  }
  return "";
}

}  // namespace

LastMoveCheck check_last_move(const Position& after, std::string_view uci) {
  const std::optional<LastMove> mv = parse_last_move(uci);
  if (!mv) return {std::nullopt, "not a UCI move such as e2e4"};
  const Color mover = ~after.side_to_move();
  std::vector<Previous> candidates;
  if (uci.size() == 4) castling_candidates(after, *mv, mover, candidates);
  const std::string none = move_candidates(after, uci, *mv, mover, candidates);
  if (candidates.empty()) return {std::nullopt, none};
  Verdict best;
  for (const Previous& p : candidates) {
    Verdict v = try_previous(p, after, uci);
    if (v.ok) return {mv, ""};
    if (v.stage > best.stage) best = std::move(v);
  }
  return {std::nullopt, best.reason};
}

}  // namespace chesstool::output
