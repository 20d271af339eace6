// SPDX-License-Identifier: MIT
// Dead-position, mate and repetition tests used by adjudication.
#include "rules/outcome.hpp"

#include "core/movegen.hpp"

namespace chesstool {

bool is_insufficient_material(const Position& pos) {
  if (pos.pieces(Pawn) | pos.pieces(Rook) | pos.pieces(Queen)) return false;
  Bitboard knights = pos.pieces(Knight), bishops = pos.pieces(Bishop);
  int minors = popcount(knights | bishops);
  if (minors <= 1) return true;  // K v K, K+N v K, K+B v K
  // Only bishops, all on one colour: no mate can ever arise.
  if (knights) return false;
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

bool can_checkmate_at_all(const Position& pos, Color side) {
  Bitboard own = pos.pieces(side) & ~pos.pieces(King);
  if (!own) return false;  // a bare king never mates
  if (more_than_one(own) || !(own & (pos.pieces(Knight) | pos.pieces(Bishop)))) return true;
  // A king and one knight or bishop: a mate needs the other king hemmed in by a man of its
  // own that cannot take or block the check. With none there is no mate; nor with a lone
  // queen (it takes or blocks from any square beside its king), nor with a lone rook
  // against a bishop (one beside its king reaches the check's line) -- every placement is
  // tried in the rules tests. A rook against a knight, any minor piece or any pawn (which
  // may become one) leaves a mate possible.
  const Bitboard theirs = pos.pieces(~side) & ~pos.pieces(King);
  if (!theirs) return false;
  if (more_than_one(theirs)) return true;
  if (theirs & pos.pieces(Queen)) return false;
  return !((theirs & pos.pieces(Rook)) && (own & pos.pieces(Bishop)));
}

bool is_checkmate(const Position& pos) { return pos.is_check() && !has_legal_move(pos); }
bool is_stalemate(const Position& pos) { return !pos.is_check() && !has_legal_move(pos); }

int RepetitionHistory::earlier_occurrences(Key key) {
  if (keys_.size() > kScannedKeys) {
    // Every entry counts here: a key includes the side to move, so only entries with the
    // same side to move can equal it.
    for (; indexed_ < keys_.size(); ++indexed_) ++counts_[keys_[indexed_]];
    const auto it = counts_.find(key);
    return it == counts_.end() ? 0 : it->second;
  }
  // Same side to move only every second entry; the key includes the side anyway.
  int count = 0;
  for (std::size_t i = keys_.size(); i >= 2; i -= 2)
    if (keys_[i - 2] == key) ++count;
  return count;
}

}  // namespace chesstool
