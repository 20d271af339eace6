// SPDX-License-Identifier: MIT
// The tag names PGN output writes in a standard spelling, and their lookup in any letter case.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace chesstool::pgn {

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

inline bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    if (x != y && !(x >= 'A' && x <= 'Z' && x + 32 == y) && !(y >= 'A' && y <= 'Z' && y + 32 == x)) return false;
  }
  return true;
}

}  // namespace detail

// The index in kStandardTags of the standard tag that name spells in some letter case, or -1.
inline int standard_tag_index(std::string_view name) {
  if (name.size() >= detail::kTagsByLength.size()) return -1;
  const auto& same_length = detail::kTagsByLength[name.size()];
  for (std::size_t k = 0; k < same_length.count; ++k)
    if (detail::equal_ignoring_case(kStandardTags[same_length.index[k]], name)) return same_length.index[k];
  return -1;
}

// The standard spelling of a tag name that equals a tag of the PGN standard (sections 8.1.1
// and 9) or a common extension (Variant, WhiteFideId, ...) in any letter case
// ("fEn" -> "FEN"); empty when the name is none of them.
inline std::string_view standard_tag_name(std::string_view name) {
  const int i = standard_tag_index(name);
  return i < 0 ? std::string_view() : kStandardTags[i];
}

}  // namespace chesstool::pgn
