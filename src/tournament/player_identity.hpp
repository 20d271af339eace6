// SPDX-License-Identifier: MIT
// Who is who in an event: players are one when their FideId is the same; without one,
// when their names are equal once in Unicode form C (utf8proc) and with invisible
// characters, outer blanks and the blanks around commas gone. Near matches are reported,
// never merged.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace chesstool::tournament {

// The text without the characters a reader cannot see: bidi marks, embeddings,
// overrides and isolates, zero-width spaces and joiners, the byte order mark, soft hyphens.
std::string strip_invisible(std::string_view s);

// A name for comparing: invisible characters removed, accents composed (NFC), blanks
// trimmed, runs of blanks made one space, no blank before or after a comma ("Carlsen ,  Magnus "
// -> "Carlsen,Magnus").
std::string normalize_name(std::string_view name);

// True when two different normalized names may be one person: the same surname (before
// the first comma, ignoring ASCII case) and given names one of which is the other's
// initial or beginning ("Carlsen,M" and "Carlsen,Magnus"; "So,W" and "So,Wesley").
bool names_nearly_match(std::string_view a, std::string_view b);

// One side of a game as written.
struct PlayerMention {
  std::string name;
  std::string fide_id;  // "" when absent
};

struct Identity {
  std::vector<std::size_t> player_of;  // per mention: index into players
  struct Player {
    std::string key;                   // "id:1503014" or "name:Carlsen,Magnus"
    std::string name;                  // the most frequent spelling (the first on a tie)
    std::string fide_id;               // "" when none
    std::vector<std::pair<std::string, int>> spellings;  // each spelling and its count
  };
  std::vector<Player> players;         // in order of first mention
  std::vector<std::string> warnings;   // several spellings, near matches, one name with two ids
};

// Resolves every mention to a player. A mention without a FideId joins the player of
// that name's FideId when the name has exactly one FideId in the event.
Identity identify_players(const std::vector<PlayerMention>& mentions);

}  // namespace chesstool::tournament
