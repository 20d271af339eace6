// SPDX-License-Identifier: MIT
// Perft with bulk counting at the last ply, an optional shared hash table and root splitting.
#include "core/perft.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

#include "core/movegen.hpp"

namespace chesstool {

HashAllocationError::HashAllocationError(std::size_t megabytes)
    : std::runtime_error("cannot allocate a " + std::to_string(megabytes) + " MB transposition table"),
      megabytes_(megabytes) {}

namespace {

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
  bool probe(Key key, int depth, std::uint64_t& nodes) const {
    Slot& s = slots_.get()[index(key, depth)];
    std::uint64_t data = Word(s.data).load(std::memory_order_relaxed);
    std::uint64_t check = Word(s.check).load(std::memory_order_relaxed);
    if ((check ^ data) != mix(key, depth)) return false;
    nodes = data;
    return true;
  }
  void store(Key key, int depth, std::uint64_t nodes) {
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
  static std::uint64_t mix(Key key, int depth) {
    return key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15ULL) ^ 1;
  }
  std::size_t index(Key key, int depth) const { return std::size_t(mix(key, depth)) & mask_; }
  std::unique_ptr<Slot, Free> slots_;
  std::size_t mask_ = 0;
};

// One move list per remaining depth, owned by one thread. lists[d] belongs to the node
// d plies above the leaves, so a recursion never overwrites the list it iterates.
using PlyLists = std::vector<MoveList>;

std::uint64_t perft_plain(const Position& pos, int depth, PlyLists& lists) {
  if (depth == 1) return count_legal(pos);
  MoveList& list = lists[std::size_t(depth)];
  generate_legal(pos, list);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position next = pos;
    next.make_move(m);
    nodes += depth == 2 ? count_legal(next) : perft_plain(next, depth - 1, lists);
  }
  return nodes;
}

std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table, PlyLists& lists) {
  if (depth == 1) return count_legal(pos);
  std::uint64_t nodes = 0;
  if (depth >= 3 && table.probe(pos.key(), depth, nodes)) return nodes;
  MoveList& list = lists[std::size_t(depth)];
  generate_legal(pos, list);
  for (Move m : list) {
    Position next = pos;
    next.make_move(m);
    nodes += perft_hashed(next, depth - 1, table, lists);
  }
  if (depth >= 3) table.store(pos.key(), depth, nodes);
  return nodes;
}

std::uint64_t perft_below(const Position& pos, int depth, PerftTable* table, PlyLists& lists) {
  if (depth == 0) return 1;
  return table ? perft_hashed(pos, depth, *table, lists) : perft_plain(pos, depth, lists);
}

}  // namespace

std::vector<DivideEntry> perft_divide(const Position& pos, int depth, const PerftOptions& options) {
  if (depth <= 0) return {};
  MoveList list;
  generate_legal(pos, list);
  std::vector<DivideEntry> result(std::size_t(list.size()));
  std::unique_ptr<PerftTable> table;
  if (options.hash_mb > 0 && depth >= 4) table = std::make_unique<PerftTable>(options.hash_mb);

  std::atomic<int> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto work = [&]() {
    try {
      PlyLists lists(static_cast<std::size_t>(depth));  // indices 2..depth-1 are used below the root
      for (int i = next++; i < list.size(); i = next++) {
        Position child = pos;
        child.make_move(list.moves[i]);
        result[std::size_t(i)] = {list.moves[i], perft_below(child, depth - 1, table.get(), lists)};
      }
    } catch (...) {
      // Out of memory for the move lists, say: stop every thread and rethrow below.
      next = list.size();
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  int threads = std::max(1, std::min(options.threads, list.size()));
  std::vector<std::thread> pool;
  pool.reserve(std::size_t(threads - 1));
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // the system refuses more threads: the ones running share the work
    }
  }
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
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
