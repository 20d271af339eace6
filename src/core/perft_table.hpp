// SPDX-License-Identifier: MIT
// The perft transposition table, shared by perft.cpp (which owns it) and the perft
// kernels (which probe it). Private to src/core.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>

#include "core/perft.hpp"
#include "core/types.hpp"

namespace chesstool {

// Lock-free table of (key ^ nodes-check, depth, nodes). Each slot is written as two
// 64-bit words; a torn read is detected because the stored check word mixes the key
// with the node count (the "xor trick"), so a mismatch is a miss, never a wrong count.
// The depth (any int) is mixed into the check word by multiplication, not packed into
// a few bits, so every depth has its own entries.
//
// The slots are plain words from calloc, accessed through std::atomic_ref: the kernel
// hands out zeroed pages as they are first touched, so a large table costs nothing
// until it is used, and a size the system cannot give is a null pointer, reported as
// HashAllocationError, instead of std::bad_alloc (or an OOM kill while zero-filling).
//
// probe and store are always inlined: the kernels compile them for their own paths.
class PerftTable {
 public:
  explicit PerftTable(std::size_t mb) {
    constexpr std::size_t kMiB = std::size_t(1) << 20;
    if (mb > std::numeric_limits<std::size_t>::max() / kMiB) throw HashAllocationError(mb);
    const std::size_t bytes = mb * kMiB;
    // The largest power of two of slots that fits in `bytes` (at least one slot);
    // written as a division so that no product can overflow.
    std::size_t slots = 1;
    while (slots <= bytes / (2 * sizeof(Slot))) slots *= 2;
    mask_ = slots - 1;
    slots_.reset(static_cast<Slot*>(std::calloc(slots, sizeof(Slot))));
    if (!slots_) throw HashAllocationError(mb);
  }
  [[gnu::always_inline]] bool probe(Key key, int depth, std::uint64_t& nodes) const {
    Slot& s = slots_.get()[index(key, depth)];
    std::uint64_t data = Word(s.data).load(std::memory_order_relaxed);
    std::uint64_t check = Word(s.check).load(std::memory_order_relaxed);
    if ((check ^ data) != mix(key, depth)) return false;
    nodes = data;
    return true;
  }
  [[gnu::always_inline]] void store(Key key, int depth, std::uint64_t nodes) {
    Slot& s = slots_.get()[index(key, depth)];
    Word(s.check).store(mix(key, depth) ^ nodes, std::memory_order_relaxed);
    Word(s.data).store(nodes, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::uint64_t check;
    std::uint64_t data;
  };
  using Word = std::atomic_ref<std::uint64_t>;
  static_assert(Word::is_always_lock_free);
  static_assert(alignof(std::max_align_t) >= Word::required_alignment);  // calloc's alignment suffices
  struct Free {
    void operator()(Slot* p) const { std::free(p); }
  };
  [[gnu::always_inline]] static std::uint64_t mix(Key key, int depth) {
    return key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15ULL) ^ 1;
  }
  [[gnu::always_inline]] std::size_t index(Key key, int depth) const { return std::size_t(mix(key, depth)) & mask_; }
  std::unique_ptr<Slot, Free> slots_;
  std::size_t mask_ = 0;
};

}  // namespace chesstool
