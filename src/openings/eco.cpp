// SPDX-License-Identifier: MIT
// Opening classification over the generated table: binary search by repetition key.
#include "openings/eco.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "openings/eco_data.hpp"
#include "pgn/standard_tags.hpp"

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

// The tag `name` set to value: the one spelt so, else the first in another letter case
// ([eco "C60"], which the PGN writer writes as ECO), spelt so from now on. Other spellings
// go: JSON, which keeps every tag as written, would hold the old value beside the new.
void set_tag(pgn::Game& game, std::string_view name, std::string_view value, bool& changed) {
  auto& tags = game.tags;
  auto it = std::find_if(tags.begin(), tags.end(), [&](const auto& t) { return t.first == name; });
  if (it == tags.end())
    it = std::find_if(tags.begin(), tags.end(), [&](const auto& t) { return pgn::detail::equal_ignoring_case(t.first, name); });
  if (it == tags.end()) {
    tags.emplace_back(std::string(name), std::string(value));
    changed = true;
    return;
  }
  if (it->first != name || it->second != value) changed = true;
  it->first = std::string(name);
  it->second = std::string(value);
  const std::size_t keep = static_cast<std::size_t>(it - tags.begin());
  for (std::size_t i = tags.size(); i-- > 0;)
    if (i != keep && pgn::detail::equal_ignoring_case(tags[i].first, name)) {
      tags.erase(tags.begin() + static_cast<std::ptrdiff_t>(i));
      changed = true;
    }
}

// text case-folded and composed (NFC) by utf8proc: "KÁDAS" and "Ka\u0301das" are "kádas".
// Text that is not UTF-8 is folded in its ASCII letters only.
std::string folded(std::string_view text) {
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()), static_cast<utf8proc_ssize_t>(text.size()),
                   &out, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
  std::string result;
  if (n >= 0) {
    result.assign(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
  } else {
    result.assign(text);
    for (char& c : result)
      if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  std::free(out);
  return result;
}

// A name split at its part boundaries ("Family: Variation, Sub, ..."), the parts joined
// by \x1f: so "Ruy Lopez" + Variation "Exchange Variation" (PGN spec 9.4 splits the name
// across tags) and the table's "Ruy Lopez: Exchange Variation" compare part by part. In
// any letter case (folded): TWIC writes "exchange variation" (no two names of the table
// differ by case alone).
std::string canonical(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view piece : pieces) {
    if (piece.empty()) continue;
    if (!out.empty()) out += '\x1f';
    const std::string f = folded(piece);
    for (std::size_t i = 0; i < f.size(); ++i) {
      if ((f[i] == ':' || f[i] == ',') && i + 1 < f.size() && f[i + 1] == ' ') {
        out += '\x1f';
        ++i;
      } else {
        out += f[i];
      }
    }
  }
  return out;
}

// Whether the canonical `tag` names `reached` or a line it belongs to: its parts are
// reached's first parts ("Ruy Lopez" for "Ruy Lopez: Exchange Variation").
bool names_line_of(std::string_view tag, std::string_view reached) {
  return reached.starts_with(tag) && (reached.size() == tag.size() || reached[tag.size()] == '\x1f');
}

// Whether the canonical `tag` names a line of a position the game passed through (path:
// the table's names of those positions, in the order reached).
bool on_path(const std::string& tag, const std::vector<std::string_view>& path) {
  return std::any_of(path.begin(), path.end(), [&tag](std::string_view n) { return names_line_of(tag, canonical({n})); });
}

// Whether a canonical name is this table's vocabulary: a table name or the family of one,
// the part before ':' ("Ruy Lopez", "Colle System"). A name in another vocabulary
// ("Sicilian", "Two knights defence") is not this table's to judge. Not any first parts:
// the table's "Queen's Pawn, Mengarini Attack" would make a tag "Queen's Pawn" (another
// vocabulary's Queen's Pawn Game) a name of E60.
bool in_vocabulary(const std::string& name) {
  static const std::vector<std::string> sorted = [] {
    std::vector<std::string> v;
    for (std::size_t i = 0; i < detail::kEcoNameCount; ++i) {
      const std::string_view n = detail::kEcoNames[i];
      v.push_back(canonical({n}));
      if (const std::size_t colon = n.find(": "); colon != std::string_view::npos) v.push_back(canonical({n.substr(0, colon)}));
    }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }();
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

// A standard tag in any letter case, as every command reads it (pgn/standard_tags.hpp).
const std::string* find_tag(const std::vector<std::pair<std::string, std::string>>& tags, std::string_view wanted) {
  return pgn::tag_value_any_case(tags, wanted);
}

// The Opening tag's name continued by the Variation and SubVariation tags, canonical;
// empty when neither of those has a value.
std::string split_name(const std::vector<std::pair<std::string, std::string>>& tags, std::string_view opening) {
  const std::string* variation = find_tag(tags, "Variation");
  const std::string* sub = find_tag(tags, "SubVariation");
  const std::string_view v = variation ? std::string_view(*variation) : std::string_view();
  const std::string_view sv = sub ? std::string_view(*sub) : std::string_view();
  if (v.empty() && sv.empty()) return {};
  return canonical({opening, v, sv});
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
  if (const detail::EcoEntry* e = entry(after.key())) {
    found_ = opening_of(*e, ply);
    names_on_path_.push_back(found_->name);
  }
  return ply < detail::kEcoMaxPly;
}

namespace {

// c watches the mainline from start, as far as it wants.
void watch(Classifier& c, const Position& start, std::span<const Move> mainline) {
  if (!c.start(start)) return;
  Position pos = start;
  for (std::size_t i = 0; i < mainline.size(); ++i) {
    if (mainline[i].is_null()) break;
    pos.make_move(mainline[i]);
    if (!c.moved(mainline[i], pos, int(i + 1))) break;
  }
}

void watch(Classifier& c, const pgn::Game& game) {
  const std::size_t n = std::min<std::size_t>(game.mainline.size(), std::size_t(detail::kEcoMaxPly));
  watch(c, game.start, std::span<const Move>(game.mainline.data(), n));
}

}  // namespace

std::optional<Opening> classify(const Position& start, std::span<const Move> mainline) {
  Classifier c;
  watch(c, start, mainline);
  return c.opening();
}

std::optional<Opening> classify(const pgn::Game& game) {
  Classifier c;
  watch(c, game);
  return c.opening();
}

bool apply_eco_tags(pgn::Game& game) {
  Classifier c;
  watch(c, game);
  const std::optional<Opening>& o = c.opening();
  if (!o) return false;
  bool changed = false;
  set_tag(game, "ECO", o->eco, changed);
  // The table's name split across Opening, Variation and SubVariation (spec 9.4: "Ruy
  // Lopez" + "Exchange Variation") is the same name: left as it is written.
  const std::string* opening = find_tag(game.tags, "Opening");
  if (opening && split_name(game.tags, *opening) == canonical({o->name})) return changed;
  // The right name in another letter case is respelt, but names the same line.
  const bool opening_right = opening && canonical({*opening}) == canonical({o->name});
  bool opening_changed = false;
  set_tag(game, "Opening", o->name, opening_changed);
  // The table's name holds the variation ("Sicilian Defense: Najdorf Variation"): the
  // Variation and SubVariation tags (PGN spec 9.4.2) named the old opening's; beside the
  // right name they go when they continue it into a line of the table the game did not
  // reach (what validate --eco warns of), and words of another vocabulary stay.
  bool drop = opening_changed && !opening_right;
  if (!drop) {
    const std::string continued = split_name(game.tags, o->name);
    drop = !continued.empty() && in_vocabulary(continued) && !on_path(continued, c.names_on_path());
  }
  if (!drop) return changed || opening_changed;
  std::erase_if(game.tags, [](const auto& tag) {
    return pgn::detail::equal_ignoring_case(tag.first, "Variation") ||
           pgn::detail::equal_ignoring_case(tag.first, "SubVariation");
  });
  return true;
}

namespace {

// The Opening tag (with Variation and SubVariation when they are in the table's
// vocabulary, else alone, else its family) against the name reached: a family or a shorter line of it agrees
// ("Ruy Lopez" for "Ruy Lopez: Exchange Variation"). The message part naming the tags,
// empty when they agree or are not this table's to judge.
std::string opening_disagreement(const std::vector<std::pair<std::string, std::string>>& tags, const std::string& name,
                                 const std::vector<std::string_view>& path) {
  const std::string with_variation = split_name(tags, name);
  if (!with_variation.empty() && in_vocabulary(with_variation)) {
    if (on_path(with_variation, path)) return {};
    std::string what = "'" + name + "'";
    for (const char* t : {"Variation", "SubVariation"})
      if (const std::string* v = find_tag(tags, t); v && !v->empty()) what += std::string(" ") + t + " '" + *v + "'";
    return what;
  }
  // The whole Opening tag, else its family ("Ruy Lopez: Steinitz Variation" from another
  // vocabulary still names the Ruy Lopez).
  std::string judged = canonical({name});
  if (!in_vocabulary(judged)) judged = canonical({std::string_view(name).substr(0, name.find(": "))});
  if (!in_vocabulary(judged) || on_path(judged, path)) return {};
  return "'" + name + "'";
}

// An ECO tag that is the code reached but for its form: what is wrong with it ("is in
// lower case, where codes are upper case", "has a blank after the code"), for the
// message; empty when it is another code.
std::string eco_form_difference(std::string_view tag, std::string_view code) {
  const std::size_t first = tag.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t end = tag.find_last_not_of(" \t") + 1;
  const std::string_view core = tag.substr(first, end - first);
  if (!pgn::detail::equal_ignoring_case(core, code)) return {};
  std::string what;
  if (core != code) what = "is in lower case, where codes are upper case";
  const std::size_t before = first, after = tag.size() - end;
  if (before || after) {
    if (!what.empty()) what += ", and ";
    what += before + after > 1 ? "has blanks " : "has a blank ";
    what += before && after ? "before and after the code" : before ? "before the code" : "after the code";
  }
  return what;
}

}  // namespace

std::optional<std::string> eco_mismatch(const std::vector<std::pair<std::string, std::string>>& tags,
                                        const Classifier& classifier) {
  const std::optional<Opening>& o = classifier.opening();
  const std::string* eco = find_tag(tags, "ECO");
  const std::string* name = find_tag(tags, "Opening");
  if ((!eco || eco->empty() || *eco == "?") && (!name || name->empty() || *name == "?")) return std::nullopt;
  if (!o) return std::nullopt;
  const std::string reached = std::string(o->eco) + " \"" + std::string(o->name) + "\" at ply " + std::to_string(o->ply);
  if (eco && !eco->empty() && *eco != "?" && *eco != o->eco) {
    // 'c68' or 'C68 ' for C68: the code is right, its form is not; say which.
    if (const std::string form = eco_form_difference(*eco, o->eco); !form.empty())
      return "ECO tag '" + *eco + "' " + form + ": the moves reach " + reached;
    return "ECO tag '" + *eco + "' but the moves reach " + reached;
  }
  // An Opening tag that is the name reached is judged too when Variation or SubVariation
  // continue it (into a line the game did not reach).
  if (name && (*name != o->name || !split_name(tags, *name).empty())) {
    const std::string what = opening_disagreement(tags, *name, classifier.names_on_path());
    if (!what.empty()) return "Opening tag " + what + " but the moves reach " + reached;
  }
  return std::nullopt;
}

std::optional<std::string> eco_mismatch(const pgn::Game& game) {
  Classifier c;
  watch(c, game);
  return eco_mismatch(game.tags, c);
}

}  // namespace chesstool::openings
