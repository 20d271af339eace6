// SPDX-License-Identifier: MIT
// The locked-pawn proof of a dead position (FIDE 5.2.2) and of a side that can never mate (6.9).
//
// FIDE 5.2.2 ends the game when "a position has arisen in which neither player can
// checkmate the opponent's king with any series of legal moves"; 6.9 draws a flag fall
// when "the opponent cannot checkmate the player's king by any possible series of legal
// moves". Both ask about every line of play, the most unskilled included. Following
// Miguel Ambrona's Chess Unwinnability Analyzer (CHA), deadness is proved only by showing
// that every position reachable from this one belongs to a closed set in which no mate
// exists; here the closed set is described by an invariant instead of being enumerated:
//
//  1. Locked pawns. Every pawn has a pawn (of either colour) on the square in front of it,
//     no pawn attacks an enemy pawn, and no en passant capture is possible now. Then a pawn
//     can only ever move by capturing a piece that stands on a square it attacks.
//  2. Confined kings. A king can never stand on a square an enemy pawn attacks (FIDE 3.9),
//     nor on its own pawns. The squares it can ever reach are the king-step flood fill
//     through the other squares (other pieces are treated as absent: they may move away,
//     and a king may capture them). If that region holds an enemy pawn that no enemy pawn
//     protects, the king might capture it: nothing is proved.
//  3. Confined pieces. A knight, bishop, rook or queen can ever reach at most the flood
//     fill of its moves through squares without pawns (other pieces again absent). If that
//     region holds a square an enemy pawn attacks, the pawn might capture it; if the
//     squares it attacks from there hold an enemy pawn, it might capture the pawn: nothing
//     is proved.
//  4. Castling adds no square: the king passes only unattacked squares of its back rank,
//     where no pawn ever stands, and the rook slides along that rank.
//
// Under 1-3 no pawn ever moves and none is ever captured, whatever both players do (by
// induction over moves: a pawn move or pawn capture needs one of the excluded events, and
// the regions do not change while the pawns do not), and no piece is ever promoted. So a
// side's pieces only ever attack squares in its "span" (their attacks from their regions,
// with only pawns as blockers: a superset). Kings never give check, and pawns never check
// because the enemy king never enters their attacked squares. A side whose span misses the
// enemy king's region can therefore never give check, so never mate (checkmate is a
// check, FIDE 5.1.1). When neither side can, the position is dead.
//
// Sound by construction: every region is a superset of what can be reached, so the test
// may miss a dead position (a king that could take a pawn only into a lost cause) but
// never calls a live one dead.
//
// When the pawns are locked but a side's pieces could give check (a bishop on the enemy
// king's side of the wall), the set of reachable positions is small and closed: kings and
// pieces moving inside their regions, captures among pieces. There, as CHA does, an
// exhaustive search of every position reachable by any legal moves decides whether a
// mate exists (search_for_mates). It proves only when it runs to the end; a search cut off
// by its bound proves nothing, and the side then counts as able to mate.
#include "rules/dead_position.hpp"

#include <string>
#include <unordered_set>
#include <vector>

#include "core/attacks.hpp"
#include "core/movegen.hpp"
#include "rules/outcome.hpp"

namespace chesstool {

namespace {

constexpr Bitboard kFileH = file_bb(7);

// b and every square a king step away from it.
constexpr Bitboard king_dilate(Bitboard b) {
  const Bitboard row = b | ((b & ~kFileA) >> 1) | ((b & ~kFileH) << 1);
  return row | (row << 8) | (row >> 8);
}

template <Color C>
constexpr Bitboard pawn_attack_span(Bitboard pawns) {
  return pawn_capture_west<C>(pawns) | pawn_capture_east<C>(pawns);
}

// The squares a king on `from` can ever stand on when it may only step onto `allowed`.
Bitboard king_region(Square from, Bitboard allowed) {
  Bitboard region = square_bb(from);
  for (;;) {
    const Bitboard next = king_dilate(region) & allowed;
    if ((next | region) == region) return region;
    region |= next;
  }
}

// A piece's reach: the squares it can ever stand on, and those it can ever attack, when
// only the pawns (fixed for good) block it.
struct Reach {
  Bitboard region = 0;
  Bitboard attacks = 0;
};

Reach piece_reach(PieceType type, Square from, Bitboard pawns) {
  Reach r;
  r.region = square_bb(from);
  Bitboard frontier = r.region;
  while (frontier) {
    const Square s = pop_lsb(frontier);
    const Bitboard a = piece_attacks(type, s, pawns);
    r.attacks |= a;
    const Bitboard fresh = a & ~pawns & ~r.region;
    r.region |= fresh;
    frontier |= fresh;
  }
  return r;
}

}  // namespace

LockedAnalysis analyse_locked_position(const Position& pos) {
  const LockedAnalysis nothing_proved;
  // 1. Every pawn blocked head-on by a pawn: the cheapest test, and the one nearly every
  // game position fails. Without pawns the regions are the whole board and the proof can
  // add nothing to insufficient material.
  if (!pawns_all_blocked(pos)) return nothing_proved;
  LockedAnalysis not_yet;  // see LockedAnalysis::transient
  not_yet.transient = true;
  const Bitboard pawns = pos.pieces(Pawn);
  const Bitboard by_colour[2] = {pos.pieces(White, Pawn), pos.pieces(Black, Pawn)};
  const Bitboard pawn_attacks_of[2] = {pawn_attack_span<White>(by_colour[White]), pawn_attack_span<Black>(by_colour[Black])};
  if ((pawn_attacks_of[White] & by_colour[Black]) | (pawn_attacks_of[Black] & by_colour[White])) return nothing_proved;
  if (pos.ep_square() != kNoSquare) return not_yet;

  // 2. The kings' regions.
  Bitboard king_reach[2] = {0, 0};
  for (Color c : {White, Black}) {
    const Bitboard allowed = ~by_colour[c] & ~pawn_attacks_of[~c];
    const Square k = pos.king_square(c);
    if (!(allowed & square_bb(k))) return not_yet;  // in check from a pawn now
    king_reach[c] = king_region(k, allowed);
    if (king_reach[c] & by_colour[~c]) return nothing_proved;  // it could take a pawn
  }

  // 3. The other pieces' regions and what they can ever attack.
  Bitboard span[2] = {0, 0};
  Bitboard pieces = pos.occupied() & ~pawns & ~pos.pieces(King);
  while (pieces) {
    const Square s = pop_lsb(pieces);
    const Piece p = pos.piece_on(s);
    const Color c = color_of(p);
    const Reach r = piece_reach(type_of(p), s, pawns);
    if (r.region & pawn_attacks_of[~c]) return nothing_proved;  // a pawn could take it
    if (r.attacks & by_colour[~c]) return nothing_proved;       // it could take a pawn
    span[c] |= r.attacks;
  }

  LockedAnalysis proved;
  proved.locked = true;
  for (Color c : {White, Black}) proved.may_check[c] = (span[c] & king_reach[~c]) != 0;
  return proved;
}

ClosedSearch search_for_mates(const Position& start, const bool wanted[2], std::size_t limit) {
  ClosedSearch out;
  // A state is the placement, the side to move and the castling rights (the en passant
  // right is not needed: a locked position never gets one). Stored whole, not as a hash
  // key: a key collision would prune a state unseen and could hide a mate.
  auto state_of = [](const Position& p) {
    std::string s(66, '\0');
    for (Square sq = 0; sq < 64; ++sq) s[std::size_t(sq)] = char(p.piece_on(sq));
    s[64] = char(p.side_to_move());
    s[65] = char(p.castling_rights());
    return s;
  };
  std::unordered_set<std::string> seen;
  std::vector<Position> queue;
  seen.insert(state_of(start));
  queue.push_back(start);
  MoveList moves;
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const Position pos = queue[next];
    generate_legal(pos, moves);
    if (moves.size() == 0) {
      if (pos.is_check()) out.mate_by[~pos.side_to_move()] = true;
      if ((!wanted[White] || out.mate_by[White]) && (!wanted[Black] || out.mate_by[Black])) return out;
      continue;
    }
    for (Move m : moves) {
      const Position after = pos.after(m);
      if (!seen.insert(state_of(after)).second) continue;
      if (queue.size() >= limit) return out;  // too big: nothing proved
      queue.push_back(after);
    }
  }
  out.complete = true;
  out.states = queue.size();
  return out;
}

bool is_dead_position(const Position& pos) {
  const LockedAnalysis a = analyse_locked_position(pos);
  if (!a.locked) return false;
  if (!a.may_check[White] && !a.may_check[Black]) return true;
  const ClosedSearch s = search_for_mates(pos, a.may_check, kClosedSearchLimit);
  return s.complete && !s.mate_by[White] && !s.mate_by[Black];
}

bool can_ever_checkmate(const Position& pos, Color side) {
  if (!can_checkmate_at_all(pos, side) || is_insufficient_material(pos)) return false;
  const LockedAnalysis a = analyse_locked_position(pos);
  if (!a.locked) return true;
  if (!a.may_check[side]) return false;
  const bool wanted[2] = {side == White, side == Black};
  const ClosedSearch s = search_for_mates(pos, wanted, kClosedSearchLimit);
  return !s.complete || s.mate_by[side];
}

}  // namespace chesstool
