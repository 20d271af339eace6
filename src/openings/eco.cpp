// SPDX-License-Identifier: MIT
// Opening classification over the generated table: binary search by repetition key.
#include "openings/eco.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "openings/eco_data.hpp"

namespace chesstool::openings {

namespace {

// Computed on first use: the attack tables it needs are themselves set up at start-up.
Key start_key() {
  static const Key key = Position::startpos().key();
  return key;
}

Opening opening_of(const detail::EcoEntry& e, int ply) {
  return Opening{std::string_view(e.eco, 3), std::string_view(detail::kEcoNames[e.name]), ply};
}

// A one-bit-per-slot filter over the keys (64 Kbit, 8 KB, in L1/L2): most positions of
// a game are not in the table, and one load says so without the binary search.
struct KeyFilter {
  std::uint64_t bits[1024] = {};
  static std::size_t slot(Key k) { return std::size_t(k >> 48); }
  KeyFilter() {
    for (std::size_t i = 0; i < detail::kEcoEntryCount; ++i) {
      const std::size_t s = slot(detail::kEcoEntries[i].key);
      bits[s >> 6] |= std::uint64_t(1) << (s & 63);
    }
  }
  bool may_hold(Key k) const { return (bits[slot(k) >> 6] >> (slot(k) & 63)) & 1; }
};
const KeyFilter& filter() {
  static const KeyFilter f;
  return f;
}

const detail::EcoEntry* entry(Key key) {
  if (!filter().may_hold(key)) return nullptr;
  const detail::EcoEntry* begin = detail::kEcoEntries;
  const detail::EcoEntry* end = begin + detail::kEcoEntryCount;
  const detail::EcoEntry* it =
      std::lower_bound(begin, end, key, [](const detail::EcoEntry& e, Key k) { return e.key < k; });
  return it != end && it->key == key ? it : nullptr;
}

void set_tag(pgn::Game& game, std::string_view name, std::string_view value, bool& changed) {
  for (auto& [k, v] : game.tags)
    if (k == name) {
      if (v != value) {
        v = std::string(value);
        changed = true;
      }
      return;
    }
  game.tags.emplace_back(std::string(name), std::string(value));
  changed = true;
}

// Whether name is one of the table's names: an Opening tag in another vocabulary
// ("Sicilian", "Two knights defence") is not checked against this one.
bool is_table_name(std::string_view name) {
  static const std::vector<std::string_view> sorted = [] {
    std::vector<std::string_view> v(detail::kEcoNames, detail::kEcoNames + detail::kEcoNameCount);
    std::sort(v.begin(), v.end());
    return v;
  }();
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

}  // namespace

std::optional<Opening> find_position(Key key) {
  if (const detail::EcoEntry* e = entry(key)) return opening_of(*e, e->ply);
  return std::nullopt;
}

int max_ply() { return detail::kEcoMaxPly; }
std::size_t position_count() { return detail::kEcoEntryCount; }
std::size_t line_count() { return detail::kEcoLineCount; }

std::optional<Opening> classify(const Position& start, std::span<const Move> mainline) {
  if (start.key() != start_key() || start.is_chess960()) return std::nullopt;
  std::optional<Opening> found;
  const KeyFilter& f = filter();
  Position pos = start;
  const std::size_t last = std::min<std::size_t>(mainline.size(), std::size_t(detail::kEcoMaxPly));
  for (std::size_t i = 0; i < last; ++i) {
    if (mainline[i].is_null()) break;
    pos.make_move(mainline[i]);
    if (!f.may_hold(pos.key())) continue;
    if (const detail::EcoEntry* e = entry(pos.key())) found = opening_of(*e, int(i + 1));
  }
  return found;
}

std::optional<Opening> classify(const pgn::Game& game) {
  const std::size_t n = std::min<std::size_t>(game.moves.size(), std::size_t(detail::kEcoMaxPly));
  Move moves[256];
  for (std::size_t i = 0; i < n; ++i) moves[i] = game.moves[i].move;
  return classify(game.start, std::span<const Move>(moves, n));
}

bool apply_eco_tags(pgn::Game& game) {
  const std::optional<Opening> o = classify(game);
  if (!o) return false;
  bool changed = false;
  set_tag(game, "ECO", o->eco, changed);
  set_tag(game, "Opening", o->name, changed);
  return changed;
}

std::optional<std::string> eco_mismatch(const pgn::Game& game, const std::optional<Opening>& o) {
  const std::string* eco = game.tag("ECO");
  const std::string* name = game.tag("Opening");
  if ((!eco || eco->empty() || *eco == "?") && (!name || name->empty() || *name == "?")) return std::nullopt;
  if (!o) return std::nullopt;
  const std::string reached = std::string(o->eco) + " \"" + std::string(o->name) + "\" at ply " + std::to_string(o->ply);
  if (eco && !eco->empty() && *eco != "?" && *eco != o->eco)
    return "ECO tag '" + *eco + "' but the moves reach " + reached;
  if (name && *name != o->name && is_table_name(*name))
    return "Opening tag '" + *name + "' but the moves reach " + reached;
  return std::nullopt;
}

}  // namespace chesstool::openings
