// SPDX-License-Identifier: MIT
// FIDE Tie-Break Regulations (C.07, 2023): values of each tie-break and the ranking of
// players level on points. Article numbers are those of the 2023 regulations.
#include "tournament/tiebreak.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <limits>

#include "tournament/rating.hpp"

namespace chesstool::tournament {

namespace {

struct Code {
  TieBreak tb;
  const char* code;
};
constexpr std::array<Code, 14> kCodes = {{{TieBreak::DE, "DE"},     {TieBreak::WIN, "WIN"},     {TieBreak::WON, "WON"},
                                          {TieBreak::BPG, "BPG"},   {TieBreak::BWG, "BWG"},     {TieBreak::PS, "PS"},
                                          {TieBreak::BH, "BH"},     {TieBreak::BH_C1, "BH-C1"}, {TieBreak::BH_M1, "BH-M1"},
                                          {TieBreak::SB, "SB"},     {TieBreak::KS, "KS"},       {TieBreak::ARO, "ARO"},
                                          {TieBreak::AROC1, "AROC-1"}, {TieBreak::TPR, "TPR"}}};

std::string upper_trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  std::string out;
  for (char c : s) out += char(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// What the tie-breaks need of one player, computed once (C.07 articles 7 to 10).
class Values {
 public:
  Values(const std::vector<TbPlayer>& players, int rounds) : p_(players), rounds_(rounds) {}

  std::optional<double> value(TieBreak t, std::size_t i) const {
    switch (t) {
      case TieBreak::DE: break;  // depends on the group: see direct_encounter()
      case TieBreak::WIN: return count(i, [](const TbGame& g) { return g.half_points == 2; });
      case TieBreak::WON: return count(i, [](const TbGame& g) { return g.played && g.half_points == 2; });
      case TieBreak::BPG: return count(i, [](const TbGame& g) { return g.played && !g.white; });
      case TieBreak::BWG: return count(i, [](const TbGame& g) { return g.played && !g.white && g.half_points == 2; });
      case TieBreak::PS: return progressive(i);
      case TieBreak::BH: return buchholz(i, 0, 0);
      case TieBreak::BH_C1: return buchholz(i, 1, 0);
      case TieBreak::BH_M1: return buchholz(i, 1, 1);
      case TieBreak::SB: return sonneborn_berger(i);
      case TieBreak::KS: return koya(i);
      case TieBreak::ARO: return aro(i, 0);
      case TieBreak::AROC1: return aro(i, 1);
      case TieBreak::TPR: return tpr(i);
    }
    return std::nullopt;
  }

 private:
  double points(std::size_t i) const { return p_[i].half_points / 2.0; }

  double count(std::size_t i, const std::function<bool(const TbGame&)>& f) const {
    return double(std::count_if(p_[i].games.begin(), p_[i].games.end(), f));
  }

  // C.07 8.1 and 16: one value per round. A played game gives the opponent's score; an
  // unplayed round (a forfeit, a game without a move, a round without a game) counts as
  // a game against a dummy opponent with the participant's own score.
  std::vector<std::pair<double, double>> rounds_of(std::size_t i) const {  // {opponent score, result}
    std::vector<std::pair<double, double>> v;
    for (const auto& g : p_[i].games) v.emplace_back(g.played ? points(g.opponent) : points(i), g.half_points / 2.0);
    for (int r = int(p_[i].games.size()); r < rounds_; ++r) v.emplace_back(points(i), 0.0);
    return v;
  }

  // Article 14: Cut-1 drops the lowest value, Median-1 the lowest and the highest.
  double buchholz(std::size_t i, int cut_low, int cut_high) const {
    std::vector<double> v;
    for (const auto& [opp, result] : rounds_of(i)) v.push_back(opp);
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (std::size_t k = std::size_t(cut_low); k + std::size_t(cut_high) < v.size(); ++k) sum += v[k];
    return sum;
  }

  // 9.1: the opponent's score times the points scored against them, per round.
  double sonneborn_berger(std::size_t i) const {
    double sum = 0;
    for (const auto& [opp, result] : rounds_of(i)) sum += opp * result;
    return sum;
  }

  // 7.5: the sum of the participant's running score after each round.
  double progressive(std::size_t i) const {
    int last = rounds_;
    for (const auto& g : p_[i].games) last = std::max(last, g.round);
    std::vector<double> in_round(std::size_t(last) + 1, 0.0);
    for (const auto& g : p_[i].games) in_round[std::size_t(g.round)] += g.half_points / 2.0;
    double running = 0, sum = 0;
    for (int r = 1; r <= last; ++r) sum += (running += in_round[std::size_t(r)]);
    return sum;
  }

  // 9.2: points scored in played games against opponents with 50% or more of the
  // maximum possible score.
  double koya(std::size_t i) const {
    double sum = 0;
    for (const auto& g : p_[i].games)
      if (g.played && 2 * points(g.opponent) >= rounds_) sum += g.half_points / 2.0;
    return sum;
  }

  std::vector<RatedGame> rated_played(std::size_t i) const {
    std::vector<RatedGame> v;
    for (const auto& g : p_[i].games)
      if (g.played && g.opponent_rating) v.push_back({*g.opponent_rating, g.half_points / 2.0});
    return v;
  }

  // 10.1: the average rating of the opponents met, rounded half up; Cut-1 drops the lowest.
  std::optional<double> aro(std::size_t i, int cut) const {
    std::vector<int> r;
    for (const auto& g : rated_played(i)) r.push_back(g.opponent_rating);
    std::sort(r.begin(), r.end());
    r.erase(r.begin(), r.begin() + std::min<std::ptrdiff_t>(cut, std::ptrdiff_t(r.size())));
    if (auto a = average_rating(r)) return double(*a);
    return std::nullopt;
  }

  // 10.2: Ra + dp(p) over the played games against rated opponents (table 8.1.1).
  std::optional<double> tpr(std::size_t i) const {
    if (auto p = performance_rating(rated_played(i))) return double(p->rating);
    return std::nullopt;
  }

  const std::vector<TbPlayer>& p_;
  int rounds_;
};

struct Encounters {
  std::vector<double> score;  // points in played games against the rest of the group
  std::vector<int> missing;   // members of the group never met over the board
};

Encounters encounters(const std::vector<TbPlayer>& p, const std::vector<std::size_t>& group) {
  Encounters e{std::vector<double>(group.size(), 0), std::vector<int>(group.size(), 0)};
  for (std::size_t a = 0; a < group.size(); ++a) {
    for (std::size_t b = 0; b < group.size(); ++b) {
      if (a == b) continue;
      bool met = false;
      for (const auto& g : p[group[a]].games)
        if (g.played && g.opponent == group[b]) {
          met = true;
          e.score[a] += g.half_points / 2.0;
        }
      e.missing[a] += !met;
    }
  }
  return e;
}

// C.07 6: when all the tied players have met, their points among themselves; when not,
// a player who stays alone at the top of that separate standings whatever the missing
// games give (own points above every other's points plus one per game missing) is ranked
// first, and so on for the next places. Returns the sort keys.
std::vector<double> direct_encounter_keys(const Encounters& e) {
  const std::size_t n = e.score.size();
  if (std::all_of(e.missing.begin(), e.missing.end(), [](int m) { return m == 0; })) return e.score;
  std::vector<double> key(n, 0);
  std::vector<bool> placed(n, false);
  for (std::size_t place = 0; place < n; ++place) {
    std::optional<std::size_t> top;
    for (std::size_t a = 0; a < n && !top; ++a) {
      if (placed[a]) continue;
      bool alone = true;
      for (std::size_t b = 0; b < n && alone; ++b)
        if (b != a && !placed[b] && e.score[a] <= e.score[b] + e.missing[b]) alone = false;
      if (alone) top = a;
    }
    if (!top) break;
    placed[*top] = true;
    key[*top] = double(n - place);  // above the unplaced players' 0
  }
  return key;
}

class Ranker {
 public:
  Ranker(const std::vector<TbPlayer>& p, const std::vector<TieBreak>& list, int rounds)
      : p_(p), list_(list), values_(p, rounds) {
    out_.values.assign(p.size(), std::vector<std::optional<double>>(list.size()));
    for (std::size_t t = 0; t < list.size(); ++t)
      if (list[t] != TieBreak::DE)
        for (std::size_t i = 0; i < p.size(); ++i) out_.values[i][t] = values_.value(list[t], i);
  }

  TbRanking run() {
    std::vector<std::size_t> all(p_.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    auto points = [&](std::size_t i) { return double(p_[i].half_points); };
    split(all, points, 0);
    out_.rank.assign(p_.size(), 0);
    for (std::size_t k = 0; k < out_.order.size(); ++k) {
      const std::size_t i = out_.order[k];
      out_.rank[i] = k > 0 && same_run_[k] ? out_.rank[out_.order[k - 1]] : int(k + 1);
    }
    return std::move(out_);
  }

 private:
  static constexpr double kLowest = -std::numeric_limits<double>::infinity();

  // Sorts the group by key (then name), and refines each run of equal keys with the next
  // tie-break; `next` is the index of that tie-break. With `again`, a run smaller than the
  // group is refined with tie-break `again` (DE among the players it left level) first.
  void split(std::vector<std::size_t> group, const std::function<double(std::size_t)>& key, std::size_t next,
             std::optional<std::size_t> again = std::nullopt) {
    std::stable_sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) {
      const double ka = key(a), kb = key(b);
      return ka != kb ? ka > kb : p_[a].name < p_[b].name;
    });
    for (std::size_t s = 0; s < group.size();) {
      std::size_t e = s + 1;
      while (e < group.size() && key(group[e]) == key(group[s])) ++e;
      std::vector<std::size_t> run(group.begin() + std::ptrdiff_t(s), group.begin() + std::ptrdiff_t(e));
      refine(run, again && run.size() < group.size() ? *again : next);
      s = e;
    }
  }

  void refine(const std::vector<std::size_t>& run, std::size_t t) {
    if (run.size() == 1 || t == list_.size()) {
      for (std::size_t k = 0; k < run.size(); ++k) {
        out_.order.push_back(run[k]);
        same_run_.push_back(k > 0);
      }
      return;
    }
    if (list_[t] == TieBreak::DE) {
      const Encounters e = encounters(p_, run);
      const std::vector<double> keys = direct_encounter_keys(e);
      std::vector<double> by_player(p_.size(), 0);
      for (std::size_t k = 0; k < run.size(); ++k) {
        if (!out_.values[run[k]][t]) out_.values[run[k]][t] = e.score[k];  // shown: the first group's
        by_player[run[k]] = keys[k];
      }
      // C.07 6: players the encounters among the group leave level are compared again by
      // their encounters among themselves only.
      split(run, [by_player](std::size_t i) { return by_player[i]; }, t + 1, t);
      return;
    }
    split(run, [this, t](std::size_t i) { return out_.values[i][t].value_or(kLowest); }, t + 1);
  }

  const std::vector<TbPlayer>& p_;
  const std::vector<TieBreak>& list_;
  Values values_;
  TbRanking out_;
  std::vector<bool> same_run_;  // per position in out_.order: level with the one before
};

}  // namespace

const char* tiebreak_code(TieBreak t) {
  for (const auto& c : kCodes)
    if (c.tb == t) return c.code;
  return "?";
}

std::optional<TieBreak> parse_tiebreak(std::string_view code) {
  std::string u = upper_trimmed(code);
  for (auto& c : u)
    if (c == '/') c = '-';
  if (u == "BHC1") u = "BH-C1";
  if (u == "BHM1") u = "BH-M1";
  if (u == "ARO-C1" || u == "AROC1") u = "AROC-1";
  for (const auto& c : kCodes)
    if (u == c.code) return c.tb;
  return std::nullopt;
}

bool parse_tiebreak_list(std::string_view list, std::vector<TieBreak>& out, std::string& error) {
  out.clear();
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(',', start);
    const std::string_view item = list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const auto t = parse_tiebreak(item);
    if (!t) {
      error = "unknown tie-break '" + std::string(item) + "': expected C.07 codes among " + all_tiebreak_codes();
      return false;
    }
    if (std::find(out.begin(), out.end(), *t) != out.end()) {
      error = std::string("tie-break ") + tiebreak_code(*t) + " is listed twice";
      return false;
    }
    out.push_back(*t);
    if (comma == std::string_view::npos) return true;
    start = comma + 1;
  }
}

std::string all_tiebreak_codes() {
  std::string s;
  for (const auto& c : kCodes) s += (s.empty() ? "" : ", ") + std::string(c.code);
  return s;
}

const char* event_kind_name(EventKind k) { return k == EventKind::RoundRobin ? "round robin" : "swiss"; }

std::vector<TieBreak> default_tiebreaks(EventKind kind) {
  // C.07 13: individual round robins DE, WIN, SB, KS; individual Swiss BH-C1, BH, DE, WIN.
  if (kind == EventKind::RoundRobin) return {TieBreak::DE, TieBreak::WIN, TieBreak::SB, TieBreak::KS};
  return {TieBreak::BH_C1, TieBreak::BH, TieBreak::DE, TieBreak::WIN};
}

std::vector<std::optional<double>> tiebreak_values(const std::vector<TbPlayer>& players, TieBreak t, int rounds) {
  const Values v(players, rounds);
  std::vector<std::optional<double>> out;
  for (std::size_t i = 0; i < players.size(); ++i) out.push_back(v.value(t, i));
  return out;
}

TbRanking rank_players(const std::vector<TbPlayer>& players, const std::vector<TieBreak>& list, int rounds) {
  return Ranker(players, list, rounds).run();
}

}  // namespace chesstool::tournament
