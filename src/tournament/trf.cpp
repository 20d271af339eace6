// SPDX-License-Identifier: MIT
// TRF-16 writer. Column positions are those of the 2016 format: name 15-47, rating
// 49-52, FIDE number 58-68, points 81-84, rank 86-89, round n at 92 + 10 (n - 1).
#include "tournament/trf.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace chesstool::tournament {

namespace {

// The player's name: columns 15-47 of a 001 line.
constexpr std::size_t kNameWidth = 33;

std::size_t code_points(std::string_view s) {
  return std::size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// text cut to `width` characters (UTF-8 code points), between two of them.
std::string cut_to(std::string text, std::size_t width) {
  while (code_points(text) > width) {
    // The last character whole: its continuation bytes, then the byte that leads them.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
    if (!text.empty()) text.pop_back();
  }
  return text;
}

// A 001 line being built, with its length in characters, so that a field appended after
// the last (every round's, left to right) costs its own bytes, not a pass over the line:
// an event of thousands of rounds made the export quadratic.
struct TrfLine {
  std::string bytes;
  std::size_t columns = 0;
};

// Writes `text` into the line at the 1-based column `at`, `width` characters wide (UTF-8
// counted by code points, cut to the width), left or right aligned.
void put(TrfLine& line, std::size_t at, std::size_t width, std::string text, bool right) {
  text = cut_to(std::move(text), width);
  const std::string pad(width - code_points(text), ' ');
  const std::string field = right ? pad + text : text + pad;
  // Pad the line to `at - 1` characters; a field at its end is appended.
  if (line.columns < at - 1) {
    line.bytes.append(at - 1 - line.columns, ' ');
    line.columns = at - 1;
  }
  if (line.columns == at - 1) {
    line.bytes += field;
    line.columns += width;
    return;
  }
  // Inside the line: find the bytes of the columns replaced.
  auto byte_of = [&line](std::size_t column) {  // 1-based column -> byte offset
    std::size_t byte = 0;
    for (std::size_t col = 1; col < column && byte < line.bytes.size(); ++col) {
      ++byte;
      while (byte < line.bytes.size() && (static_cast<unsigned char>(line.bytes[byte]) & 0xC0) == 0x80) ++byte;
    }
    return byte;
  };
  const std::size_t byte = byte_of(at), end = byte_of(at + width);
  line.bytes.replace(byte, end - byte, field);
  line.columns = std::max(line.columns, at - 1 + width);
}

// "2024.05.01" -> "2024/05/01"; nullopt for an incomplete date.
std::optional<std::string> trf_date(const std::string& pgn) {
  if (pgn.size() != 10 || pgn.find('?') != std::string::npos) return std::nullopt;
  std::string d = pgn;
  std::replace(d.begin(), d.end(), '.', '/');
  return d;
}

// TRF result code of one side: played 1 = 0; forfeit + -; not both players moved W D L.
char result_code(const EventGame& g, int half_points) {
  if (g.unplayed == Unplayed::No) return half_points == 2 ? '1' : half_points == 1 ? '=' : '0';
  if (g.unplayed == Unplayed::NoMove || g.unplayed == Unplayed::OneSideMoved)
    return half_points == 2 ? 'W' : half_points == 1 ? 'D' : 'L';
  return half_points == 2 ? '+' : half_points == 1 ? 'D' : '-';
}

// Starting ranks: by rating (the unrated last), then by name.
std::vector<std::size_t> starting_order(const Standings& s) {
  std::vector<std::size_t> order(s.players.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const int ra = s.players[a].rating.value_or(0), rb = s.players[b].rating.value_or(0);
    return ra != rb ? ra > rb : s.players[a].name < s.players[b].name;
  });
  return order;
}

std::string header(const EventReport& r) {
  const Standings& s = r.standings;
  std::string first, last;
  std::map<std::string, int> sites;
  for (const auto& g : s.games) {
    if (auto d = trf_date(g.date)) {
      if (first.empty() || *d < first) first = *d;
      if (last.empty() || *d > last) last = *d;
    }
    if (!g.site.empty() && g.site != "?") ++sites[g.site];
  }
  std::string city;
  int most = 0;
  for (const auto& [site, n] : sites)
    if (n > most) most = n, city = site;
  std::string events, tcs;
  for (const auto& e : r.events) events += (events.empty() ? "" : "; ") + e;
  for (const auto& tc : r.time_controls)
    if (tc.present) tcs += (tcs.empty() ? "" : "; ") + tc.value;
  std::string h;
  auto line = [&h](const char* tag, const std::string& v) { h += std::string(tag) + (v.empty() ? "" : " " + v) + "\r\n"; };
  line("012", events);
  line("022", city);
  line("032", "");
  line("042", first);
  line("052", last);
  line("062", fmt::format("{}", s.players.size()));
  line("072", fmt::format("{}", s.rated_players));
  line("082", "0");
  line("092", s.kind == EventKind::RoundRobin ? "Individual: round robin" : "Individual: Swiss");
  line("102", "");
  line("112", "");
  line("122", tcs);
  return h;
}

}  // namespace

bool render_trf(const EventReport& r, std::string& out, std::string& error, std::vector<std::string>* cuts) {
  const Standings& s = r.standings;
  if (!s.rounds_numbered) {
    error = "the Round tags do not number the rounds of every counted game (\"3\" or \"3.1\" is needed)";
    return false;
  }
  const std::vector<std::size_t> order = starting_order(s);
  std::vector<int> start_rank(s.players.size());
  for (std::size_t k = 0; k < order.size(); ++k) start_rank[order[k]] = int(k + 1);
  out = header(r);
  for (std::size_t i : order) {
    const PlayerStanding& p = s.players[i];
    TrfLine line{"001", 3};
    put(line, 5, 4, fmt::format("{}", start_rank[i]), true);
    put(line, 15, kNameWidth, p.name, false);
    if (cuts && code_points(p.name) > kNameWidth)
      cuts->push_back(fmt::format("name '{}' is longer than the {} characters of the TRF-16 name field: cut to '{}'",
                                  p.name, kNameWidth, cut_to(p.name, kNameWidth)));
    if (p.rating) put(line, 49, 4, fmt::format("{}", *p.rating), true);
    if (!p.fide_id.empty()) put(line, 58, 11, p.fide_id, true);
    put(line, 81, 4, fmt::format("{:.1f}", p.points), true);
    put(line, 86, 4, fmt::format("{}", p.rank), true);
    std::vector<bool> taken(std::size_t(s.rounds) + 1, false);
    for (int round = 1; round <= s.rounds; ++round) put(line, 92 + 10 * std::size_t(round - 1), 8, "0000 - Z", false);
    for (const auto& g : p.played) {
      const EventGame& eg = s.games[g.game];
      const auto round = std::size_t(*eg.round);
      if (taken[round]) {
        error = fmt::format("{} has two games in round {}: TRF holds one game per round", p.name, round);
        return false;
      }
      taken[round] = true;
      put(line, 92 + 10 * (round - 1), 8,
          fmt::format("{:>4} {} {}", start_rank[g.opponent], g.white ? 'w' : 'b', result_code(eg, g.half_points)), false);
    }
    while (!line.bytes.empty() && line.bytes.back() == ' ') line.bytes.pop_back();
    out += line.bytes + "\r\n";
  }
  return true;
}

}  // namespace chesstool::tournament
