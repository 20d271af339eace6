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

// The entries by key, open addressing with linear probing, at most half full (about
// 32 KB, in L1/L2): most positions of a game are not in the table, and an empty slot
// says so in one load; a named one is found in one or two more, where a binary search
// over the sorted entries took a dozen scattered loads.
class KeyIndex {
 public:
  KeyIndex() {
    std::size_t size = 16;
    while (size < 2 * detail::kEcoEntryCount) size *= 2;
    mask_ = size - 1;
    while ((std::size_t(1) << (64 - shift_)) < size) --shift_;
    slots_.assign(size, kEmpty);
    for (std::uint32_t i = 0; i < detail::kEcoEntryCount; ++i) {
      std::size_t s = slot(detail::kEcoEntries[i].key);
      while (slots_[s] != kEmpty) s = (s + 1) & mask_;
      slots_[s] = i;
    }
  }
  const detail::EcoEntry* find(Key key) const {
    for (std::size_t s = slot(key);; s = (s + 1) & mask_) {
      const std::uint32_t i = slots_[s];
      if (i == kEmpty) return nullptr;
      if (detail::kEcoEntries[i].key == key) return &detail::kEcoEntries[i];
    }
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;
  std::size_t slot(Key key) const { return std::size_t(key >> shift_) & mask_; }  // the key's high bits
  std::vector<std::uint32_t> slots_;
  std::size_t mask_ = 0;
  unsigned shift_ = 63;
};

const detail::EcoEntry* entry(Key key) {
  static const KeyIndex index;
  return index.find(key);
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

bool Classifier::start(const Position& pos) { return pos.key() == start_key() && !pos.is_chess960(); }

bool Classifier::moved(Move, const Position& after, int ply) {
  if (ply > detail::kEcoMaxPly) return false;
  if (const detail::EcoEntry* e = entry(after.key())) found_ = opening_of(*e, ply);
  return ply < detail::kEcoMaxPly;
}

std::optional<Opening> classify(const Position& start, std::span<const Move> mainline) {
  Classifier c;
  if (!c.start(start)) return std::nullopt;
  Position pos = start;
  for (std::size_t i = 0; i < mainline.size(); ++i) {
    if (mainline[i].is_null()) break;
    pos.make_move(mainline[i]);
    if (!c.moved(mainline[i], pos, int(i + 1))) break;
  }
  return c.opening();
}

std::optional<Opening> classify(const pgn::Game& game) {
  const std::size_t n = std::min<std::size_t>(game.mainline.size(), std::size_t(detail::kEcoMaxPly));
  return classify(game.start, std::span<const Move>(game.mainline.data(), n));
}

bool apply_eco_tags(pgn::Game& game) {
  const std::optional<Opening> o = classify(game);
  if (!o) return false;
  bool changed = false;
  set_tag(game, "ECO", o->eco, changed);
  bool opening_changed = false;
  set_tag(game, "Opening", o->name, opening_changed);
  if (opening_changed) {
    // The table's name holds the variation ("Sicilian Defense: Najdorf Variation"): the
    // Variation and SubVariation tags (PGN spec 9.4.2) named the old opening's.
    std::erase_if(game.tags, [](const auto& tag) { return tag.first == "Variation" || tag.first == "SubVariation"; });
  }
  return changed || opening_changed;
}

std::optional<std::string> eco_mismatch(const std::vector<std::pair<std::string, std::string>>& tags,
                                        const std::optional<Opening>& o) {
  auto tag = [&tags](std::string_view wanted) -> const std::string* {
    for (const auto& [k, v] : tags)
      if (k == wanted) return &v;
    return nullptr;
  };
  const std::string* eco = tag("ECO");
  const std::string* name = tag("Opening");
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
