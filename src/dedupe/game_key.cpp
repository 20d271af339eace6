// SPDX-License-Identifier: MIT
// Game keys: the start position's bytes and the moves, hashed with XXH3-128.
#include "dedupe/game_key.hpp"

#include <xxhash.h>

#include <memory>
#include <new>

namespace chesstool::dedupe {

void KeyBuilder::start(const Position& pos) {
  bytes_.clear();
  bytes_.reserve(kStartBytes + 2 * 160);
  for (Square s = 0; s < 64; ++s) bytes_.push_back(char(pos.piece_on(s)));
  bytes_.push_back(char(pos.side_to_move()));
  for (Color c : {White, Black})
    for (CastlingSide side : {KingSide, QueenSide})
      bytes_.push_back(char(pos.has_castling_right(c, side) ? pos.castling_rook(c, side) : kNoSquare));
  bytes_.push_back(char(pos.ep_square()));
}

void KeyBuilder::push(Move m) {
  const std::uint16_t raw = m.raw();
  bytes_.push_back(char(raw & 0xFF));
  bytes_.push_back(char(raw >> 8));
}

GameKey KeyBuilder::key(std::size_t plies) const {
  const XXH128_hash_t h = XXH3_128bits(bytes_.data(), kStartBytes + 2 * plies);
  return GameKey{h.low64, h.high64};
}

void KeyBuilder::prefix_keys(std::vector<GameKey>& out) const {
  if (size() < 2) return;
  // XXH3's streaming form gives the one-shot hash of what it was fed: fed a move at a
  // time, a digest after each is that prefix's key().
  struct StateDeleter {
    void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
  };
  const std::unique_ptr<XXH3_state_t, StateDeleter> state(XXH3_createState());
  if (!state) throw std::bad_alloc();
  XXH3_128bits_reset(state.get());
  XXH3_128bits_update(state.get(), bytes_.data(), kStartBytes);
  out.reserve(out.size() + size() - 1);
  for (std::size_t n = 1; n < size(); ++n) {
    XXH3_128bits_update(state.get(), bytes_.data() + kStartBytes + 2 * (n - 1), 2);
    const XXH128_hash_t h = XXH3_128bits_digest(state.get());
    out.push_back(GameKey{h.low64, h.high64});
  }
}

GameKey KeyBuilder::key_without_moves(std::string_view content) const {
  std::string bytes = bytes_.substr(0, kStartBytes);
  bytes += content;
  // Any fixed seed other than 0 (the seed of key()): "moveless" in ASCII.
  const XXH128_hash_t h = XXH3_128bits_withSeed(bytes.data(), bytes.size(), 0x6d6f76656c657373ULL);
  return GameKey{h.low64, h.high64};
}

std::uint64_t hash64(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

}  // namespace chesstool::dedupe
