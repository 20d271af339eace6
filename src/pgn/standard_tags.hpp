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

// kStandardTags by name length: a lookup compares only the names as long as the one asked.
struct SameLengthTags {
  std::size_t count = 0;
  std::array<std::uint8_t, 16> index{};
};
constexpr std::array<SameLengthTags, 16> make_tags_by_length() {
  std::array<SameLengthTags, 16> by{};
  for (std::size_t i = 0; i < std::size(kStandardTags); ++i) {
    SameLengthTags& l = by[kStandardTags[i].size()];  // a name of 16 or more fails to compile here
    l.index[l.count++] = static_cast<std::uint8_t>(i);
  }
  return by;
}
inline constexpr std::array<SameLengthTags, 16> kTagsByLength = make_tags_by_length();

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

// The index in kStandardTags of the standard tag that name spells in some letter case, or -1.
inline int standard_tag_index(std::string_view name) {
  if (name.size() >= detail::kTagsByLength.size()) return -1;
  const auto& same_length = detail::kTagsByLength[name.size()];
  if (same_length.count == 0) return -1;  // the empty name among them
  // Names of one length seldom share a first letter (White, Black, Event, Round, SetUp).
  const unsigned first = static_cast<unsigned char>(name[0]) | 0x20u;
  for (std::size_t k = 0; k < same_length.count; ++k) {
    const std::string_view standard = kStandardTags[same_length.index[k]];
    if ((static_cast<unsigned char>(standard[0]) | 0x20u) == first && detail::equal_ignoring_case(standard, name))
      return same_length.index[k];
  }
  return -1;
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
