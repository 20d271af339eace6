// SPDX-License-Identifier: MIT
// How a game stands by the FIDE Laws: dead positions, repetitions and the move counters.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/position.hpp"
#include "core/recycled.hpp"

namespace chesstool {

// How a game ended by itself, by the FIDE Laws: checkmate (5.1.1), stalemate (5.2.1),
// a dead position (5.2.2) by material or otherwise (locked pawns, dead_position.hpp),
// fivefold repetition (9.6.1) or 75 moves (9.6.2); None while it goes on. The order is
// the manual's order of statuses: when several apply, the first counts.
enum class Termination : std::uint8_t {
  None,
  Checkmate,
  Stalemate,
  InsufficientMaterial,
  DeadPosition,
  FivefoldRepetition,
  SeventyFiveMoves
};

// The one table of termination names: `json` is the "status" value of the JSON records (a
// contract), `words` what messages, annotate's Termination tag and reports say.
struct TerminationName {
  Termination termination;
  std::string_view json;
  std::string_view words;
};
inline constexpr TerminationName kTerminationNames[] = {
    {Termination::None, "ongoing", "ongoing"},
    {Termination::Checkmate, "checkmate", "checkmate"},
    {Termination::Stalemate, "stalemate", "stalemate"},
    {Termination::InsufficientMaterial, "insufficient_material", "insufficient material"},
    {Termination::DeadPosition, "dead_position", "dead position"},
    {Termination::FivefoldRepetition, "fivefold_repetition", "fivefold repetition"},
    {Termination::SeventyFiveMoves, "seventyfive_moves", "75-move rule"},
};
constexpr const TerminationName& names_of(Termination t) { return kTerminationNames[std::size_t(t)]; }
static_assert([] {
  for (std::size_t i = 0; i < std::size(kTerminationNames); ++i)
    if (std::size_t(kTerminationNames[i].termination) != i) return false;
  return true;
}(), "kTerminationNames is indexed by Termination");

// How a game stands: how it ended, if it did, and who won (only a checkmate has a winner).
struct Outcome {
  Termination termination = Termination::None;
  std::optional<Color> winner;
  bool is_over() const { return termination != Termination::None; }
  // The PGN result this outcome decides: "1-0", "0-1", "1/2-1/2", or "*" while it goes on.
  std::string_view result() const {
    if (!is_over()) return "*";
    if (!winner) return "1/2-1/2";
    return *winner == White ? "1-0" : "0-1";
  }
};

// A draw a player may claim (FIDE 9.2 threefold repetition, 9.3 fifty moves); names in
// kClaimNames (the JSON "kind", a contract).
enum class ClaimKind : std::uint8_t { ThreefoldRepetition, FiftyMoves };
inline constexpr std::string_view kClaimNames[] = {"threefold_repetition", "fifty_moves"};
constexpr std::string_view name_of(ClaimKind k) { return kClaimNames[std::size_t(k)]; }

// The first ply of a game's mainline after which a claim was available, and the player
// who could claim then (the one to move; the player who made that move could have
// claimed by declaring it to the arbiter first).
struct Claim {
  ClaimKind kind;
  int ply = 0;
  Color who = White;
};

// Dead by material (FIDE 5.2.2 / 9.6.2), recognised cases only: K v K, K+B v K, K+N v K,
// and kings with any number of bishops (either side) all on squares of one colour. Never
// true for a position where mate is still possible.
bool is_insufficient_material(const Position& pos);

// False when `side` could not checkmate by any series of legal moves (FIDE 6.9: a flag
// fall then draws). Recognised: `side` has a bare king; or a king and a single knight or
// bishop against a bare king, a king and a queen, or (the bishop) a king and a rook.
// Anything else counts as able to mate.
bool can_checkmate_at_all(const Position& pos, Color side);

// True when the side to move has no legal move and is in check.
bool is_checkmate(const Position& pos);
// True when the side to move has no legal move and is not in check.
bool is_stalemate(const Position& pos);

// 50 moves by each side without capture or pawn move: claimable (FIDE 9.3); 75 end the
// game automatically (FIDE 9.6.2) unless the last move mated (checked by the caller).
// (Named as python-chess names them: is_* tests the position as it stands; a claim made
// by declaring a move first is the caller's business.)
inline bool is_fifty_moves(const Position& pos) { return pos.halfmove_clock() >= 100; }
inline bool is_seventyfive_moves(const Position& pos) { return pos.halfmove_clock() >= 150; }

// Occurrences of positions along one line of play. Positions are equal in the FIDE sense
// (9.2.2, 9.2.3): same side to move, pieces, castling rights and en passant capture actually
// possible, which is exactly what the Zobrist key covers (ep only when legal).
class RepetitionHistory {
 public:
  RepetitionHistory() { keys_.reserve(128); }  // most games: one allocation
  // Records pos (reached by the last move, or the start) and returns how many times it has
  // now occurred. An irreversible move (half-move clock 0) clears older positions.
  // Inline: it runs after every move, and nearly every call is over at the bit test.
  int push(const Position& pos) {
    if (pos.halfmove_clock() == 0) clear();
    const Key key = pos.key();
    std::uint64_t& word = seen_[(key >> 6) & 7];
    const std::uint64_t bit = std::uint64_t{1} << (key & 63);
    const int count = (word & bit) ? 1 + earlier_occurrences(key) : 1;
    word |= bit;
    keys_.push_back(key);
    return count;
  }
  void clear() {
    keys_.clear();
    seen_ = {};
    if (indexed_ > 0) {
      counts_.clear();
      indexed_ = 0;
    }
  }

 private:
  // How often key occurs among keys_ (positions with the same side to move).
  int earlier_occurrences(Key key);

  RecycledVector<Key> keys_;
  // A long history (moves go on after a game ended by the 75-move rule, and a game of
  // 200,000 knight moves took 4.7 s, 4x for 2x the moves) is counted in a hash map
  // instead of scanned: the keys up to indexed_ are in counts_.
  static constexpr std::size_t kScannedKeys = 256;
  std::unordered_map<Key, int> counts_;
  std::size_t indexed_ = 0;
  // One bit per value of (key mod 512) among keys_: a position whose bit is clear has not
  // occurred before, so most pushes skip the scan.
  std::array<std::uint64_t, 8> seen_{};
};

}  // namespace chesstool
