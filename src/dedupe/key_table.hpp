// SPDX-License-Identifier: MIT
// KeyTable: the set of game keys seen so far, each with a small value, in about 20 to 27
// bytes per key.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "dedupe/game_key.hpp"

namespace chesstool::dedupe {

// Open addressing with linear probing, split into 64 shards by the key's top six bits.
// Why shards: a table grows by copying into a larger one, and with one table both
// copies are alive at once (the peak memory of a run is then about 2.2x the table);
// a shard grows alone, so the peak is the table plus 1/64 of it. 64 and not more: from
// about 400,000 keys on, a shard's slots are over 128 KB, which glibc's malloc maps and
// unmaps on its own, so a shard outgrown gives its memory back instead of leaving a hole
// in the heap (measured: 256 shards cost 3 bytes a key more at a million keys). Each shard holds
// keys up to 90% of its slots and grows by 20%, so slots are 75% to 90% full: a key
// with a 4-byte value costs 20 bytes / 0.75 = 27 bytes at most (chesstool(1) states
// the figure measured on a million games). Keys are stored as four 32-bit words so an
// entry needs no 8-byte alignment (20 bytes, not 24). The all-zero key marks an empty
// slot; a real key of zero is stored as 1 (a 2^-128 event).
// Value must be trivially copyable, at most 4-byte aligned; a value-initialised Value
// means nothing.
template <class Value>
class KeyTable {
  static_assert(std::is_trivially_copyable_v<Value> && alignof(Value) <= 4);

 public:
  // The value stored for k, nullptr when k is absent. Valid until the next insert.
  Value* find(GameKey k) {
    k = normal(k);
    Shard& s = shards_[shard_of(k)];
    if (s.capacity == 0) return nullptr;
    for (std::uint32_t i = home(s, k);; i = next(s, i)) {
      Entry& e = s.slots[i];
      if (e.empty()) return nullptr;
      if (e.holds(k)) return &e.value;
    }
  }
  // Inserts (k, v) unless k is present. Returns the stored value (the old one when k
  // was present) and whether it was inserted. Valid until the next insert.
  std::pair<Value*, bool> insert(GameKey k, const Value& v) {
    k = normal(k);
    Shard& s = shards_[shard_of(k)];
    if (std::uint64_t(s.size + 1) * 10 > std::uint64_t(s.capacity) * 9) grow(s);
    for (std::uint32_t i = home(s, k);; i = next(s, i)) {
      Entry& e = s.slots[i];
      if (e.holds(k)) return {&e.value, false};
      if (e.empty()) {
        e.set(k);
        e.value = v;
        ++s.size;
        ++size_;
        return {&e.value, true};
      }
    }
  }
  // Calls f(value) for every stored key's value, in no particular order.
  template <class F>
  void for_each_value(F&& f) {
    for (Shard& s : shards_)
      for (std::uint32_t i = 0; i < s.capacity; ++i)
        if (!s.slots[i].empty()) f(s.slots[i].value);
  }
  // Keys stored.
  std::size_t size() const { return size_; }
  // Bytes of slots allocated (what the table costs).
  std::size_t bytes() const {
    std::size_t b = 0;
    for (const Shard& s : shards_) b += std::size_t(s.capacity) * sizeof(Entry);
    return b;
  }
  static constexpr std::size_t kEntryBytes() { return sizeof(Entry); }

 private:
  struct Entry {
    std::uint32_t w[4];
    Value value;
    bool empty() const { return (w[0] | w[1] | w[2] | w[3]) == 0; }
    bool holds(const GameKey& k) const {
      return w[0] == std::uint32_t(k.lo) && w[1] == std::uint32_t(k.lo >> 32) && w[2] == std::uint32_t(k.hi) &&
             w[3] == std::uint32_t(k.hi >> 32);
    }
    void set(const GameKey& k) {
      w[0] = std::uint32_t(k.lo);
      w[1] = std::uint32_t(k.lo >> 32);
      w[2] = std::uint32_t(k.hi);
      w[3] = std::uint32_t(k.hi >> 32);
    }
    GameKey key() const {
      return GameKey{w[0] | std::uint64_t(w[1]) << 32, w[2] | std::uint64_t(w[3]) << 32};
    }
  };
  struct Shard {
    std::unique_ptr<Entry[]> slots;
    std::uint32_t capacity = 0;
    std::uint32_t size = 0;
  };

  static GameKey normal(GameKey k) {
    if (k.lo == 0 && k.hi == 0) k.lo = 1;
    return k;
  }
  static std::size_t shard_of(const GameKey& k) { return std::size_t(k.hi >> 58); }
  // The key's low 32 bits scaled to the shard's size (no power-of-two sizes needed).
  static std::uint32_t home(const Shard& s, const GameKey& k) {
    return std::uint32_t((std::uint64_t(std::uint32_t(k.lo)) * s.capacity) >> 32);
  }
  static std::uint32_t next(const Shard& s, std::uint32_t i) { return i + 1 == s.capacity ? 0 : i + 1; }

  void grow(Shard& s) {
    const std::uint64_t wanted = std::uint64_t(s.capacity) + s.capacity / 5 + 16;
    if (wanted > 0xFFFFFFF0u) throw std::length_error("dedupe: too many distinct games");
    Shard bigger;
    bigger.capacity = std::uint32_t(wanted);
    bigger.slots = std::make_unique<Entry[]>(bigger.capacity);  // zeroed: all empty
    for (std::uint32_t i = 0; i < s.capacity; ++i) {
      const Entry& e = s.slots[i];
      if (e.empty()) continue;
      std::uint32_t j = home(bigger, e.key());
      while (!bigger.slots[j].empty()) j = next(bigger, j);
      bigger.slots[j] = e;
    }
    bigger.size = s.size;
    s = std::move(bigger);
  }

  std::array<Shard, 64> shards_{};
  std::size_t size_ = 0;
};

}  // namespace chesstool::dedupe
