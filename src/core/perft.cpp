// SPDX-License-Identifier: MIT
// Perft with bulk counting at the last ply, an optional shared hash table and root splitting.
#include "core/perft.hpp"

#include <atomic>
#include <memory>
#include <thread>

#include "core/movegen.hpp"

namespace chesstool {

namespace {

// Lock-free table of (key ^ nodes-check, depth, nodes). Each slot is written as two
// 64-bit words; a torn read is detected because the stored check word mixes the key
// with the node count (the "xor trick"), so a mismatch is a miss, never a wrong count.
class PerftTable {
 public:
  explicit PerftTable(std::size_t mb) {
    std::size_t slots = 1;
    while (slots * 2 * sizeof(Slot) <= mb * 1024 * 1024) slots *= 2;
    mask_ = slots - 1;
    slots_ = std::make_unique<Slot[]>(slots);
  }
  bool probe(Key key, int depth, std::uint64_t& nodes) const {
    const Slot& s = slots_[index(key, depth)];
    std::uint64_t data = s.data.load(std::memory_order_relaxed);
    std::uint64_t check = s.check.load(std::memory_order_relaxed);
    if ((check ^ data) != mix(key, depth)) return false;
    nodes = data;
    return true;
  }
  void store(Key key, int depth, std::uint64_t nodes) {
    Slot& s = slots_[index(key, depth)];
    s.check.store(mix(key, depth) ^ nodes, std::memory_order_relaxed);
    s.data.store(nodes, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  static std::uint64_t mix(Key key, int depth) { return key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15ULL) ^ 1; }
  std::size_t index(Key key, int depth) const { return std::size_t(mix(key, depth)) & mask_; }
  std::unique_ptr<Slot[]> slots_;
  std::size_t mask_ = 0;
};

std::uint64_t perft_plain(const Position& pos, int depth) {
  if (depth == 1) return count_legal(pos);
  MoveList list;
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position next = pos;
    next.make_move(m);
    nodes += depth == 2 ? count_legal(next) : perft_plain(next, depth - 1);
  }
  return nodes;
}

std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table) {
  if (depth == 1) return count_legal(pos);
  std::uint64_t nodes = 0;
  if (depth >= 3 && table.probe(pos.key(), depth, nodes)) return nodes;
  MoveList list;
  generate_legal(pos, list);
  for (Move m : list) {
    Position next = pos;
    next.make_move(m);
    nodes += perft_hashed(next, depth - 1, table);
  }
  if (depth >= 3) table.store(pos.key(), depth, nodes);
  return nodes;
}

std::uint64_t perft_below(const Position& pos, int depth, PerftTable* table) {
  if (depth == 0) return 1;
  return table ? perft_hashed(pos, depth, *table) : perft_plain(pos, depth);
}

}  // namespace

std::vector<DivideEntry> perft_divide(const Position& pos, int depth, const PerftOptions& options) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<DivideEntry> result(std::size_t(list.size()));
  if (depth <= 0) return {};
  std::unique_ptr<PerftTable> table;
  if (options.hash_mb > 0 && depth >= 4) table = std::make_unique<PerftTable>(options.hash_mb);

  std::atomic<int> next{0};
  auto work = [&]() {
    for (int i = next++; i < list.size(); i = next++) {
      Position child = pos;
      child.make_move(list.moves[i]);
      result[std::size_t(i)] = {list.moves[i], perft_below(child, depth - 1, table.get())};
    }
  };
  int threads = std::max(1, std::min(options.threads, list.size()));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return result;
}

std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  std::uint64_t total = 0;
  for (const auto& e : perft_divide(pos, depth, options)) total += e.nodes;
  return total;
}

}  // namespace chesstool
