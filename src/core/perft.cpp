// SPDX-License-Identifier: MIT
// Perft: root splitting among threads and the optional shared table; the search below
// the root is the kernel of the chosen instruction-set path (perft_kernel.cpp).
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
#include "core/perft_kernel.hpp"
#include "core/perft_table.hpp"

namespace chesstool {

HashAllocationError::HashAllocationError(std::size_t megabytes)
    : std::runtime_error("cannot allocate a " + std::to_string(megabytes) + " MB transposition table"),
      megabytes_(megabytes) {}

namespace {

PerftKernel kernel_for(IsaPath path) {
#if CHESSTOOL_ISA_KERNELS
  switch (path) {
    case IsaPath::Baseline: return isa_baseline::perft_count;
    case IsaPath::Popcnt: return isa_popcnt::perft_count;
    case IsaPath::Bmi2: return isa_bmi2::perft_count;
    case IsaPath::Pext: return isa_pext::perft_count;
  }
#endif
  (void)path;
  return isa_baseline::perft_count;
}

// One move list per remaining depth, owned by one thread (see PerftKernel).
using PlyLists = std::vector<MoveList>;

std::uint64_t perft_below(PerftKernel kernel, const Position& pos, int depth, PerftTable* table, PlyLists& lists) {
  if (depth == 0) return 1;
  return kernel(pos, depth, table, lists.data());
}

}  // namespace

std::vector<DivideEntry> perft_divide(const Position& pos, int depth, const PerftOptions& options) {
  if (depth <= 0) return {};
  MoveList list;
  generate_legal(pos, list);
  std::vector<DivideEntry> result(std::size_t(list.size()));
  std::unique_ptr<PerftTable> table;
  if (options.hash_mb > 0 && depth >= 4) table = std::make_unique<PerftTable>(options.hash_mb);

  const PerftKernel kernel = kernel_for(options.path.value_or(dispatch_path()));

  // The work is shared out as tasks: one per root move, or with several threads one per
  // reply to each root move. Twenty root moves are too uneven to end together (on the
  // start position the largest is 8% of the tree); four hundred replies are not.
  struct Task {
    int root;
    Move reply;  // none: the whole root move
  };
  std::vector<Position> children(std::size_t(list.size()));
  std::vector<Task> tasks;
  for (int i = 0; i < list.size(); ++i) {
    children[std::size_t(i)] = pos.after(list.moves[i]);
    result[std::size_t(i)] = {list.moves[i], 0};
    if (options.threads > 1 && depth >= 3) {
      MoveList replies;
      generate_legal(children[std::size_t(i)], replies);
      for (Move r : replies) tasks.push_back({i, r});
    } else {
      tasks.push_back({i, Move::none()});
    }
  }
  std::vector<std::uint64_t> counts(tasks.size());

  const int task_count = int(tasks.size());
  std::atomic<int> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto work = [&]() {
    try {
      PlyLists lists(static_cast<std::size_t>(depth));  // indices 2..depth-1 are used below the root
      for (int t = next++; t < task_count; t = next++) {
        const Task& task = tasks[std::size_t(t)];
        const Position& child = children[std::size_t(task.root)];
        counts[std::size_t(t)] = task.reply ? perft_below(kernel, child.after(task.reply), depth - 2, table.get(), lists)
                                            : perft_below(kernel, child, depth - 1, table.get(), lists);
      }
    } catch (...) {
      // Out of memory for the move lists, say: stop every thread and rethrow below.
      next = task_count;
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  int threads = std::max(1, std::min(options.threads, task_count));
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
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    std::uint64_t& nodes = result[std::size_t(tasks[t].root)].nodes;
    nodes = perft_sum(nodes, counts[t]);
  }
  return result;
}

std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  std::uint64_t total = 0;
  for (const auto& e : perft_divide(pos, depth, options)) total = perft_sum(total, e.nodes);
  return total;
}

}  // namespace chesstool
