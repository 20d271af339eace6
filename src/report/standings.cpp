// SPDX-License-Identifier: MIT
// Tournament standings from decided games: scores, FIDE tie-breaks, ranks, rating changes.
#include "report/standings.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <unordered_map>

namespace chesstool::report {

namespace {

std::string tag_or_empty(const pgn::GameReport& r, std::string_view name) {
  const std::string* v = r.tag(name);
  return v ? *v : std::string();
}

// PGN standard 8.1.1.7: "?" marks an unknown player name.
bool named(const std::string& s) { return !s.empty() && s != "?" && s != "-"; }

}  // namespace

std::optional<int> parse_elo(const std::string* value) {
  if (!value || value->empty() || value->size() > 5) return std::nullopt;
  int v = 0;
  for (char c : *value) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v == 0) return std::nullopt;
  return v;
}

std::optional<Exclusion> event_game_from(const pgn::GameReport& report, EventGame& game) {
  if (!report.valid) {
    std::string detail = report.errors.empty() ? std::string() : report.errors.front().message;
    return Exclusion{ExclusionReason::Invalid, detail};
  }
  const std::string* result = report.tag("Result");
  const std::string r = result ? *result : report.result_token;
  if (r == "1-0")
    game.white_half_points = 2;
  else if (r == "0-1")
    game.white_half_points = 0;
  else if (r == "1/2-1/2")
    game.white_half_points = 1;
  else if (r == "*")
    return Exclusion{ExclusionReason::Unfinished, r};
  else
    return Exclusion{ExclusionReason::NoResult, r};
  game.white = tag_or_empty(report, "White");
  game.black = tag_or_empty(report, "Black");
  if (!named(game.white) || !named(game.black))
    return Exclusion{ExclusionReason::NoPlayer, named(game.white) ? game.black : game.white};
  if (game.white == game.black) return Exclusion{ExclusionReason::SamePlayer, game.white};
  game.white_fide_id = tag_or_empty(report, "WhiteFideId");
  game.black_fide_id = tag_or_empty(report, "BlackFideId");
  game.white_elo = parse_elo(report.tag("WhiteElo"));
  game.black_elo = parse_elo(report.tag("BlackElo"));
  return std::nullopt;
}

Standings compute_standings(const std::vector<EventGame>& games, const StandingsOptions& options) {
  // Players in order of first appearance; the final order comes from the sort below.
  std::vector<PlayerStanding> players;
  std::unordered_map<std::string, std::size_t> index;
  auto player = [&](const std::string& name, const std::string& fide_id, std::optional<int> elo) {
    auto [it, added] = index.emplace(name, players.size());
    if (added) {
      players.emplace_back();
      players.back().name = name;
    }
    PlayerStanding& p = players[it->second];
    if (p.fide_id.empty()) p.fide_id = fide_id;
    if (!p.rating) p.rating = elo;
    return it->second;
  };
  for (const auto& g : games) {
    const std::size_t w = player(g.white, g.white_fide_id, g.white_elo);
    const std::size_t b = player(g.black, g.black_fide_id, g.black_elo);
    players[w].played.push_back({b, g.white_half_points, true, g.white_elo, g.black_elo});
    players[b].played.push_back({w, 2 - g.white_half_points, false, g.black_elo, g.white_elo});
  }

  for (auto& p : players) {
    p.games = int(p.played.size());
    for (const auto& g : p.played) {
      p.points += g.half_points / 2.0;
      p.wins += g.half_points == 2;
      p.draws += g.half_points == 1;
      p.losses += g.half_points == 0;
    }
  }
  for (auto& p : players) {
    for (const auto& g : p.played) {
      // C.07 8.1: Buchholz is the sum of the opponents' scores; 9.1: Sonneborn-Berger adds
      // the score of each opponent beaten and half the score of each opponent drawn.
      const double opp = players[g.opponent].points;
      p.buchholz += opp;
      p.sonneborn_berger += opp * g.half_points / 2.0;
    }
  }

  // C.07 6: direct encounter among players level on points, when all of them have met.
  std::map<double, std::vector<std::size_t>> by_points;
  for (std::size_t i = 0; i < players.size(); ++i) by_points[players[i].points].push_back(i);
  for (const auto& [pts, group] : by_points) {
    if (group.size() < 2) continue;
    const std::set<std::size_t> members(group.begin(), group.end());
    bool all_met = true;
    for (std::size_t i : group) {
      std::set<std::size_t> met;
      for (const auto& g : players[i].played)
        if (members.count(g.opponent)) met.insert(g.opponent);
      if (met.size() != group.size() - 1) all_met = false;
    }
    if (!all_met) continue;
    for (std::size_t i : group) {
      double de = 0;
      for (const auto& g : players[i].played)
        if (members.count(g.opponent)) de += g.half_points / 2.0;
      players[i].direct_encounter = de;
    }
  }

  for (auto& p : players) {
    auto k = options.k_by_name.find(p.name);
    p.k = k != options.k_by_name.end() ? k->second : options.k_default;
    std::vector<RatedGame> perf_games, change_games;
    for (const auto& g : p.played) {
      if (!g.opponent_elo) continue;  // games against unrated opponents are ignored
      perf_games.push_back({*g.opponent_elo, g.half_points / 2.0});
    }
    p.performance = performance_rating(perf_games);
    if (p.rating) p.rating_change = rating_change(*p.rating, p.k, perf_games);
  }

  // Sort, then remap the opponent indexes to the sorted order.
  std::vector<std::size_t> order(players.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  auto key_less = [&](const PlayerStanding& a, const PlayerStanding& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.direct_encounter.value_or(0) != b.direct_encounter.value_or(0))
      return a.direct_encounter.value_or(0) > b.direct_encounter.value_or(0);
    if (a.wins != b.wins) return a.wins > b.wins;
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
    return a.buchholz > b.buchholz;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (key_less(players[a], players[b])) return true;
    if (key_less(players[b], players[a])) return false;
    return players[a].name < players[b].name;
  });
  std::vector<std::size_t> new_index(players.size());
  for (std::size_t i = 0; i < order.size(); ++i) new_index[order[i]] = i;
  Standings s;
  for (std::size_t i = 0; i < order.size(); ++i) {
    PlayerStanding p = std::move(players[order[i]]);
    for (auto& g : p.played) g.opponent = new_index[g.opponent];
    const bool tied = i > 0 && !key_less(s.players.back(), p) && !key_less(p, s.players.back());
    p.rank = tied ? s.players.back().rank : int(i + 1);
    s.players.push_back(std::move(p));
  }
  std::vector<int> ratings;
  for (const auto& p : s.players)
    if (p.rating) ratings.push_back(*p.rating);
  s.rated_players = int(ratings.size());
  s.average_rating = average_rating(ratings);
  return s;
}

std::vector<std::vector<std::vector<int>>> crosstable(const Standings& s) {
  std::vector<std::vector<std::vector<int>>> t(s.players.size(), std::vector<std::vector<int>>(s.players.size()));
  for (std::size_t i = 0; i < s.players.size(); ++i)
    for (const auto& g : s.players[i].played) t[i][g.opponent].push_back(g.half_points);
  return t;
}

}  // namespace chesstool::report
