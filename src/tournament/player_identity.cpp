// SPDX-License-Identifier: MIT
// Player identity: FideId first, then normalized names; near matches become warnings.
#include "tournament/player_identity.hpp"

#include <fmt/core.h>
#include <utf8proc.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>


namespace chesstool::tournament {

namespace {

// The UTF-8 sequence at s[i] is an invisible format character: U+00AD, U+061C, U+200B-U+200F,
// U+202A-U+202E, U+2060-U+2064, U+2066-U+2069, U+FEFF. Returns its length, else 0.
std::size_t invisible_at(std::string_view s, std::size_t i) {
  auto b = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  if (b(0) == 0xC2 && b(1) == 0xAD) return 2;
  if (b(0) == 0xD8 && b(1) == 0x9C) return 2;
  if (b(0) == 0xE2 && b(1) == 0x80 && ((b(2) >= 0x8B && b(2) <= 0x8F) || (b(2) >= 0xAA && b(2) <= 0xAE))) return 3;
  if (b(0) == 0xE2 && b(1) == 0x81 && ((b(2) >= 0xA0 && b(2) <= 0xA4) || (b(2) >= 0xA6 && b(2) <= 0xA9))) return 3;
  if (b(0) == 0xEF && b(1) == 0xBB && b(2) == 0xBF) return 3;
  return 0;
}

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The UTF-8 sequence at s[i] is a space other than ASCII's: U+00A0 (no-break space, which
// word processors put after a comma), U+2000-U+200A, U+202F, U+205F, U+3000. Its length, else 0.
std::size_t wide_space_at(std::string_view s, std::size_t i) {
  auto b = [&](std::size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  if (b(0) == 0xC2 && b(1) == 0xA0) return 2;
  if (b(0) == 0xE2 && b(1) == 0x80 && b(2) >= 0x80 && b(2) <= 0x8A) return 3;
  if (b(0) == 0xE2 && b(1) == 0x80 && b(2) == 0xAF) return 3;
  if (b(0) == 0xE2 && b(1) == 0x81 && b(2) == 0x9F) return 3;
  if (b(0) == 0xE3 && b(1) == 0x80 && b(2) == 0x80) return 3;
  return 0;
}

// The text in Unicode normalization form C: "Mu\u0308ller", as a Mac keyboard may write it,
// and "M\u00fcller" are one spelling. Text that is not UTF-8 stays as it is.
std::string composed(std::string_view s) {
  // Plain ASCII, nearly every name in a Western archive, is its own form C.
  if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return std::string(s);
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                                          static_cast<utf8proc_ssize_t>(s.size()), &out,
                                          static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n < 0) return std::string(s);
  std::string result(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
  std::free(out);
  return result;
}

// The text for comparing names loosely: case folded and accents dropped, so that "Ünsal"
// and "UNSAL", "Čech" and "Cech" compare equal (a keyboard or an export without the
// accents). Letters that are no letter and a mark ("ø", "ł") stay. Text that is not
// UTF-8 is folded in ASCII only.
std::string folded(std::string_view s) {
  const auto lower_ascii = [s] {
    std::string out(s);
    for (auto& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  if (std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) return lower_ascii();
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()), &out,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK));
  if (n < 0) return lower_ascii();
  std::string result(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
  std::free(out);
  return result;
}

std::string without_dots(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != '.' && c != ' ') out += c;
  return out;
}

// A name in a warning, as written: the console escapes what a terminal must not see when
// it prints the warning, and JSON keeps the exact text (escaped here, the JSON record held
// "\\x1B" where the player's name had the character).
std::string quoted(std::string_view s) { return std::string("\"").append(s).append("\""); }

}  // namespace

std::string strip_invisible(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (const std::size_t n = invisible_at(s, i)) {
      i += n;
      continue;
    }
    out += s[i++];
  }
  return out;
}

std::string normalize_name(std::string_view name) {
  const std::string visible = composed(strip_invisible(name));
  std::string out;
  bool pending_space = false;
  for (std::size_t i = 0; i < visible.size(); ++i) {
    const char c = visible[i];
    if (const std::size_t n = wide_space_at(visible, i); n > 0 || blank(c)) {
      pending_space = !out.empty();
      if (n > 0) i += n - 1;
      continue;
    }
    if (pending_space && out.back() != ',' && c != ',') out += ' ';  // no blank around a comma
    pending_space = false;
    out += c;
  }
  return out;
}

bool names_nearly_match(std::string_view a, std::string_view b) {
  const auto ca = a.find(','), cb = b.find(',');
  if (ca == std::string_view::npos || cb == std::string_view::npos) return folded(a) == folded(b);
  if (folded(a.substr(0, ca)) != folded(b.substr(0, cb))) return false;
  const std::string ga = folded(without_dots(a.substr(ca + 1))), gb = folded(without_dots(b.substr(cb + 1)));
  if (ga.empty() || gb.empty()) return true;
  return ga.rfind(gb, 0) == 0 || gb.rfind(ga, 0) == 0;
}

Identity identify_players(const std::vector<PlayerMention>& mentions) {
  Identity id;
  // The FideIds each normalized name is given, to place the mentions that lack one.
  std::map<std::string, std::set<std::string>> ids_of_name;
  std::map<std::string, std::string> written_as;  // the first spelling of each, for messages
  for (const auto& m : mentions) {
    if (m.fide_id.empty()) continue;
    const std::string norm = normalize_name(m.name);
    ids_of_name[norm].insert(m.fide_id);
    written_as.emplace(norm, m.name);
  }
  std::map<std::string, std::size_t> index;
  for (const auto& m : mentions) {
    const std::string norm = normalize_name(m.name);
    std::string fide = m.fide_id;
    if (fide.empty())
      if (auto it = ids_of_name.find(norm); it != ids_of_name.end() && it->second.size() == 1) fide = *it->second.begin();
    const std::string key = fide.empty() ? std::string("name:").append(norm) : std::string("id:").append(fide);
    auto [it, added] = index.emplace(key, id.players.size());
    if (added) id.players.push_back({key, "", fide, {}});
    // Spellings as a reader sees them: composed and decomposed accents are one.
    const std::string spelling = composed(m.name);
    auto& sp = id.players[it->second].spellings;
    auto s = std::find_if(sp.begin(), sp.end(), [&](const auto& e) { return e.first == spelling; });
    if (s == sp.end()) sp.emplace_back(spelling, 1); else ++s->second;
    id.player_of.push_back(it->second);
  }
  for (auto& p : id.players) {
    const auto best = std::max_element(p.spellings.begin(), p.spellings.end(),
                                       [](const auto& x, const auto& y) { return x.second < y.second; });
    p.name = best->first;
    if (p.spellings.size() < 2) continue;
    std::string list;
    for (const auto& [name, n] : p.spellings) list += fmt::format("{}{} ({} game{})", list.empty() ? "" : ", ", quoted(name), n, n == 1 ? "" : "s");
    id.warnings.push_back(p.fide_id.empty() ? fmt::format("one player written several ways: {}; shown as {}", list, quoted(p.name))
                                            : fmt::format("FideId {}: one player under several names: {}; shown as {}",
                                                          p.fide_id, list, quoted(p.name)));
  }
  for (const auto& [name, ids] : ids_of_name)
    if (ids.size() > 1)
      id.warnings.push_back(
          fmt::format("the name {} has {} FideIds: ranked as {} players", quoted(written_as[name]), ids.size(), ids.size()));
  // Players who may be one. Two names can nearly match only with the same group key (see
  // names_nearly_match: without a comma, the whole name; with one, the surname; either
  // folded), so each name is compared within its group only. Comparing every pair
  // made a report of 20,000 players take 9 s, of 40,000 37 s.
  std::vector<std::string> norm(id.players.size());
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t a = 0; a < id.players.size(); ++a) {
    norm[a] = normalize_name(id.players[a].name);
    const std::size_t comma = norm[a].find(',');
    std::string key(1, comma == std::string::npos ? 'n' : 's');  // appended: GCC 12 warns on "n" + ... (-Wrestrict)
    key += folded(std::string_view(norm[a]).substr(0, comma));
    groups[key].push_back(a);
  }
  std::vector<std::pair<std::size_t, std::size_t>> near;
  for (const auto& [key, members] : groups)
    for (std::size_t i = 0; i < members.size(); ++i)
      for (std::size_t j = i + 1; j < members.size(); ++j) {
        const std::size_t a = members[i], b = members[j];  // a < b: members are in order
        if (!id.players[a].fide_id.empty() && !id.players[b].fide_id.empty()) continue;  // two ids: two people
        if (names_nearly_match(norm[a], norm[b])) near.emplace_back(a, b);
      }
  std::sort(near.begin(), near.end());  // in player order, as every pair was once compared
  for (const auto& [a, b] : near)
    id.warnings.push_back(fmt::format("{} and {} may be one player (no FideId in common): ranked as two",
                                      quoted(id.players[a].name), quoted(id.players[b].name)));
  return id;
}

}  // namespace chesstool::tournament
