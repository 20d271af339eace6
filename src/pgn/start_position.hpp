// SPDX-License-Identifier: MIT
// The position a game starts from, decided by its FEN, SetUp and Variant tags (PGN standard 9.7).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.hpp"
#include "pgn/movetext_parser.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::pgn {

// One remark about the set-up tags. strict_only notes are style issues that a caller
// reports only under --strict. token is the offending tag name or value.
struct StartNote {
  Severity severity = Severity::Warning;
  bool strict_only = false;
  std::string code;  // "unsupported-variant", "invalid-fen", "tag-name-case", "fen-without-setup", "setup-without-fen",
                     // "chess960-without-fen"
  std::string token;
  std::string message;
  // The tag the note is about, "FEN", "Variant" or "SetUp", so that the diagnostic points
  // at that tag's line (the tag the resolver read, in whatever letter case the game wrote
  // its name); empty: the game as a whole.
  std::string tag;
};

struct StartPosition {
  Position position;       // meaningful only when ok
  bool ok = true;          // false: unsupported variant or invalid FEN; the moves cannot be replayed
  bool chess960 = false;   // Variant tag names Chess960 (or the FEN implies it)
  // Where in the tags the Variant and FEN tags read are (in whatever letter case), so
  // that the notes about them point at their lines.
  std::optional<std::size_t> variant_tag, fen_tag, setup_tag;
  std::vector<StartNote> notes;
};

// Whether a tag name may be the set-up tag `name` ("FEN", "Variant" or "SetUp") in some
// letter case, by its length and first letter: false means it surely is not. The
// resolver skips games with no such name, and the replayer keeps the places of those
// that may be FEN or Variant for the notes about them.
inline bool may_be_set_up_tag(std::string_view tag_name, std::string_view name) {
  return tag_name.size() == name.size() && !name.empty() && (tag_name[0] | 0x20) == (name[0] | 0x20);
}

// Resolves the start position from the tags (first occurrence of each name counts):
// Variant must be standard chess or Chess960 (under any of its usual spellings); FEN
// (spec 9.7.2; a tag spelled "fen" in another case is accepted, with a strict-only note)
// is parsed strictly; SetUp "1" without FEN falls back to the standard position with a
// warning; so does a Chess960 game without FEN (the standard position is only one of
// its 960 start positions). Never throws.
StartPosition resolve_start_position(std::span<const TagView> tags);
StartPosition resolve_start_position(const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace chesstool::pgn
