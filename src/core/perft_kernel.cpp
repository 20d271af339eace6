// SPDX-License-Identifier: MIT
// The perft search below the root: generation, make-move and counting, all inlined into
// one unit. CMake compiles this file once per instruction-set path (src/CMakeLists.txt),
// defining CHESSTOOL_KERNEL_NS (isa_baseline, isa_popcnt, ...) and the path's flags.
#include "core/perft_kernel.hpp"

#include "core/movegen_impl.hpp"
#include "core/perft_leaf.hpp"
#include "core/perft_table.hpp"
#include "core/position_play.hpp"

namespace chesstool::CHESSTOOL_KERNEL_NS {

namespace {

template <Color Us, class P>
std::uint64_t count_moves(const P& pos) {
  CountSink sink;
  generate<Us>(pos, sink, kAllTypes);
  return sink.count;
}

// The leaves below pos, two plies down: each child's moves counted from the generator's
// view of it alone (perft_leaf.hpp), not from a whole Position. (At most 218 x 218: no
// sum here can overflow; those above, over whole subtrees, saturate: perft_sum.)
template <Color Us>
std::uint64_t count_children(const Position& pos, const MoveList& list) {
  std::uint64_t nodes = 0;
  for (Move m : list) {
    LeafPosition leaf;
    leaf.play<Us>(pos, m);
    nodes += count_moves<~Us>(leaf);
  }
  return nodes;
}

// Without a table the key is never read, so the moves are played without it.
template <Color Us>
std::uint64_t plain(const Position& pos, int depth, MoveList* lists) {
  MoveList& list = lists[depth];
  list.count = 0;
  ListSink sink{list};
  generate<Us>(pos, sink, kAllTypes);
  if (depth == 2) return count_children<Us>(pos, list);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    Position next = pos;
    next.play<false>(m);
    nodes = perft_sum(nodes, plain<~Us>(next, depth - 1, lists));
  }
  return nodes;
}

template <Color Us>
std::uint64_t hashed(const Position& pos, int depth, PerftTable& table, MoveList* lists) {
  if (depth == 1) return count_moves<Us>(pos);
  std::uint64_t nodes = 0;
  if (depth >= 3 && table.probe(pos.key(), depth, nodes)) return nodes;
  MoveList& list = lists[depth];
  list.count = 0;
  ListSink sink{list};
  generate<Us>(pos, sink, kAllTypes);
  if (depth == 2) return count_children<Us>(pos, list);  // nothing below depth 3 is stored
  for (Move m : list) {
    Position next = pos;
    next.play<true>(m);
    nodes = perft_sum(nodes, hashed<~Us>(next, depth - 1, table, lists));
  }
  if (depth >= 3) table.store(pos.key(), depth, nodes);
  return nodes;
}

template <Color Us>
std::uint64_t search(const Position& pos, int depth, PerftTable* table, MoveList* lists) {
  if (depth == 1) return count_moves<Us>(pos);
  return table ? hashed<Us>(pos, depth, *table, lists) : plain<Us>(pos, depth, lists);
}

}  // namespace

std::uint64_t perft_count(const Position& pos, int depth, PerftTable* table, MoveList* lists) {
#if CHESSTOOL_KERNEL_PEXT
  detail::build_pext_tables();
#endif
  return pos.side_to_move() == White ? search<White>(pos, depth, table, lists) : search<Black>(pos, depth, table, lists);
}

}  // namespace chesstool::CHESSTOOL_KERNEL_NS
