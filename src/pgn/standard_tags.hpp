// SPDX-License-Identifier: MIT
// The tag names PGN output writes in a standard spelling, and their lookup in any letter case.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chesstool::pgn {

// A tag's name and value as views into text that outlives them (a game's text).
using TagView = std::pair<std::string_view, std::string_view>;

// clang-format off
// The one table of tag names written in a standard spelling: the Seven Tag Roster, the
// supplemental tags of PGN standard section 9, and extensions in wide use.
inline constexpr std::string_view kStandardTags[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
    "WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteUSCF", "BlackUSCF", "WhiteNA", "BlackNA",
    "WhiteType", "BlackType", "EventDate", "EventSponsor", "Section", "Stage", "Board",
    "Opening", "Variation", "SubVariation", "ECO", "NIC", "Time", "UTCTime", "UTCDate",
    "TimeControl", "SetUp", "FEN", "Termination", "Annotator", "Mode", "PlyCount",
    "Variant", "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "EventType", "EventRounds",
    "EventCountry", "Source", "SourceDate", "WhiteRatingDiff", "BlackRatingDiff",
};
// clang-format on
static_assert(std::size(kStandardTags) <= 64, "the replayer keeps one bit per standard tag");

namespace detail {

// kStandardTags by a perfect hash: a name's length and four of its bytes (the first, the
// fourth, the sixth and the last, or the last where it is shorter), letters in lower
// case, times a multiplier found at compile time for which no two standard names share a
// slot. A lookup then compares one name, where a scan of the names of its length took
// a branch for each (on the path of every tag written).
constexpr std::uint64_t tag_name_key(std::string_view name) {
  const std::size_t last = name.size() - 1;
  const auto byte = [&](std::size_t i) { return std::uint64_t(static_cast<unsigned char>(name[i < last ? i : last]) | 0x20u); };
  return name.size() | byte(0) << 8 | byte(last) << 16 | byte(5) << 24 | byte(3) << 32;
}
constexpr std::size_t tag_slot(std::uint64_t key, std::uint64_t multiplier) { return std::size_t(key * multiplier >> 56); }

// The first multiplier of a fixed sequence (splitmix64's) that gives every standard name
// a slot of its own.
constexpr std::uint64_t find_tag_multiplier() {
  std::uint64_t state = 0;
  for (;;) {
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t m = state;
    m = (m ^ (m >> 30)) * 0xBF58476D1CE4E5B9ull;
    m = (m ^ (m >> 27)) * 0x94D049BB133111EBull;
    m = (m ^ (m >> 31)) | 1;
    std::uint64_t used[4] = {0, 0, 0, 0};
    bool unique = true;
    for (const std::string_view name : kStandardTags) {
      const std::size_t slot = tag_slot(tag_name_key(name), m);
      if (used[slot / 64] >> (slot % 64) & 1) {
        unique = false;
        break;
      }
      used[slot / 64] |= std::uint64_t{1} << (slot % 64);
    }
    if (unique) return m;
  }
}
inline constexpr std::uint64_t kTagMultiplier = find_tag_multiplier();

constexpr std::array<std::int8_t, 256> make_tags_by_slot() {
  std::array<std::int8_t, 256> by{};
  for (auto& i : by) i = -1;
  for (std::size_t i = 0; i < std::size(kStandardTags); ++i)
    by[tag_slot(tag_name_key(kStandardTags[i]), kTagMultiplier)] = static_cast<std::int8_t>(i);
  return by;
}
inline constexpr std::array<std::int8_t, 256> kTagsBySlot = make_tags_by_slot();

// Letters compare in either case; every other byte only as itself. Nearly every name is
// spelt as the table has it, so a byte equal to its counterpart is the first test.
inline bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const unsigned x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (x == y) continue;
    const unsigned lower = x | 0x20u;  // ASCII letters differ in case by bit 5 alone
    if (lower != (y | 0x20u) || lower - 'a' > unsigned('z' - 'a')) return false;
  }
  return true;
}

}  // namespace detail

namespace detail {
// The one standard name a name can be in some letter case (its slot's), -1 for none.
inline int standard_tag_candidate(std::string_view name) {
  return name.empty() ? -1 : kTagsBySlot[tag_slot(tag_name_key(name), kTagMultiplier)];
}
}  // namespace detail

// The index in kStandardTags of the standard tag that name spells in some letter case, or -1.
inline int standard_tag_index(std::string_view name) {
  const int i = detail::standard_tag_candidate(name);
  return i >= 0 && detail::equal_ignoring_case(kStandardTags[i], name) ? i : -1;
}

// The same, also telling whether name is spelt exactly as the table spells it: one pass
// over the name for nearly every one, where the test in any case and a comparison after
// it took two.
inline int standard_tag_index(std::string_view name, bool& spelt_so) {
  spelt_so = false;
  const int i = detail::standard_tag_candidate(name);
  if (i < 0 || kStandardTags[i].size() != name.size()) return -1;
  const std::string_view spelling = kStandardTags[i];
  std::size_t k = 0;
  while (k < name.size() && spelling[k] == name[k]) ++k;
  spelt_so = k == name.size();
  return spelt_so || detail::equal_ignoring_case(spelling, name) ? i : -1;
}

// The standard spelling of a tag name that equals a tag of the PGN standard (sections 8.1.1
// and 9) or a common extension (Variant, WhiteFideId, ...) in any letter case
// ("fEn" -> "FEN"); empty when the name is none of them.
inline std::string_view standard_tag_name(std::string_view name) {
  const int i = standard_tag_index(name);
  return i < 0 ? std::string_view() : kStandardTags[i];
}

// The value of tag `name` (spelt as the standard spells it, for a standard tag) among a
// game's tags: the one spelt so, else the first spelt so in another letter case
// ([result "1-0"]), which is the one PGN output writes under the standard spelling. So every
// command reads the tag the written game will have. nullptr when there is none.
// Tags: a vector of (name, value) pairs, strings or views; the result points at a value.
template <class Tags>
auto tag_value_any_case(const Tags& tags, std::string_view name) -> decltype(&tags.front().second) {
  for (const auto& [k, v] : tags)
    if (k.size() == name.size() && k == name) return &v;
  // Nearly always there is no other spelling: the standard name is looked up only then.
  for (const auto& [k, v] : tags)
    if (detail::equal_ignoring_case(k, name)) return standard_tag_name(name) == name ? &v : nullptr;
  return nullptr;
}

}  // namespace chesstool::pgn
