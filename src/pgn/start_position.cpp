// SPDX-License-Identifier: MIT
// resolve_start_position(): reads the Variant, FEN and SetUp tags into a playable start position.
#include "pgn/start_position.hpp"

#include <algorithm>
#include <cctype>

#include "core/fen.hpp"

namespace chesstool::pgn {

namespace {

// Normalised Variant tag value: lower case without spaces, dashes or underscores.
std::string variant_key(std::string_view v) {
  std::string out;
  for (char c : v)
    if (c != ' ' && c != '-' && c != '_') out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Where in tags the tag spelled `name` is, else the first one spelled so in another letter
// case, with a strict-only note. The PGN writer keeps the same one under the standard
// spelling (output/pgn_writer.cpp), so a written game starts where the read one did.
std::optional<std::size_t> find_tag_any_case(std::span<const TagView> tags, std::string_view name,
                                             std::vector<StartNote>& notes) {
  for (std::size_t i = 0; i < tags.size(); ++i)
    if (tags[i].first == name) return i;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const std::string k(tags[i].first);
    if (equals_ignore_case(k, name)) {
      notes.push_back(StartNote{Severity::Warning, true, "tag-name-case", k,
                                "tag '" + k + "' read as '" + std::string(name) + "' (tag names are case-sensitive)",
                                std::string(name)});
      return i;
    }
  }
  return std::nullopt;
}

}  // namespace

StartPosition resolve_start_position(std::span<const TagView> tags) {
  StartPosition out;
  out.position = Position::startpos();
  // Nearly every game has none of the three tags read here, in any letter case: one pass
  // over the names says so, and the standard start stands.
  const bool may_set_up = std::any_of(tags.begin(), tags.end(), [](const auto& tag) {
    return may_be_set_up_tag(tag.first, "FEN") || may_be_set_up_tag(tag.first, "Variant") ||
           may_be_set_up_tag(tag.first, "SetUp");
  });
  if (!may_set_up) return out;
  auto note = [&out](Severity s, bool strict_only, std::string code, std::string token, std::string message,
                     std::string tag = {}) {
    out.notes.push_back(StartNote{s, strict_only, std::move(code), std::move(token), std::move(message), std::move(tag)});
  };
  out.variant_tag = find_tag_any_case(tags, "Variant", out.notes);
  // The values read, copied: only a game with one of these tags gets this far.
  const std::optional<std::string> variant_value =
      out.variant_tag ? std::optional<std::string>(tags[*out.variant_tag].second) : std::nullopt;
  const std::string* variant = variant_value ? &*variant_value : nullptr;
  if (variant) {
    std::string v = variant_key(*variant);
    if (v == "chess960" || v == "fischerandom" || v == "fischerrandom" || v == "960" || v == "freestyle") {
      out.chess960 = true;
    } else if (!(v.empty() || v == "standard" || v == "fromposition" || v == "normal" || v == "chess" ||
                 v == "classical")) {
      note(Severity::Error, false, "unsupported-variant", *variant,
           "unsupported variant '" + *variant + "': only standard chess and Chess960 are checked", "Variant");
      out.ok = false;
      return out;
    }
  }
  out.fen_tag = find_tag_any_case(tags, "FEN", out.notes);
  const std::optional<std::string> fen_value =
      out.fen_tag ? std::optional<std::string>(tags[*out.fen_tag].second) : std::nullopt;
  const std::string* fen = fen_value ? &*fen_value : nullptr;
  // SetUp in another letter case is read as SetUp, as PGN output writes it ([Setup "1"]).
  out.setup_tag = find_tag_any_case(tags, "SetUp", out.notes);
  const std::optional<std::string> setup_value =
      out.setup_tag ? std::optional<std::string>(tags[*out.setup_tag].second) : std::nullopt;
  const std::string* setup = setup_value ? &*setup_value : nullptr;
  if (fen) {
    FenResult parsed = parse_fen(*fen);
    if (!parsed.ok()) {
      note(Severity::Error, false, "invalid-fen", *fen, "invalid FEN tag: " + parsed.error->to_string(), "FEN");
      out.ok = false;
      return out;
    }
    out.position = parsed.position;
    if (!setup || *setup != "1")
      note(Severity::Warning, true, "fen-without-setup", "FEN", "FEN tag without [SetUp \"1\"]", "FEN");
  } else {
    if (setup && *setup == "1")
      note(Severity::Warning, false, "setup-without-fen", "SetUp",
           "[SetUp \"1\"] without a FEN tag: starting from the standard position", "SetUp");
    // The standard array is only one of the 960 start positions; without a FEN tag the
    // file does not say which one was played. Replayed from the standard one, as before.
    if (out.chess960)
      note(Severity::Warning, false, "chess960-without-fen", variant ? *variant : std::string("Variant"),
           "Chess960 game without a FEN tag: its start position is unknown; replaying from the standard position",
           "Variant");
  }
  if (out.chess960) out.position.set_chess960(true);
  if (out.position.is_chess960()) out.chess960 = true;
  return out;
}

StartPosition resolve_start_position(const std::vector<std::pair<std::string, std::string>>& tags) {
  std::vector<TagView> views(tags.begin(), tags.end());
  return resolve_start_position(views);
}

}  // namespace chesstool::pgn
