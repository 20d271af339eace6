// SPDX-License-Identifier: MIT
// FIDE Tie-Break Regulations (C.07): values of each tie-break and the ranking of players
// level on points. Article numbers are those of the 2024 and 2026 texts (6 DE, 7 type B,
// 8 Buchholz, 9 SB and Koya, 10 rating-based, 14 modifiers, 15 and 16 unplayed rounds).
#include "tournament/tiebreak.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <limits>
#include <map>
#include <unordered_map>

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

// One round of a participant as the opponent-based tie-breaks see it (C.07 15, 16).
struct RoundValue {
  double opponent = 0;  // the opponent's (adjusted) score, or the dummy's
  double result = 0;    // the participant's points in the round
  bool vur = false;     // a voluntary unplayed round (16.1.2): a forfeit loss or a bye asked for
};

// What the tie-breaks need of one player, computed once (C.07 articles 7 to 10, 15, 16).
// Article numbers from the C.07 text in force since 1 March 2026, whose articles 14 to 16
// have the structure of the 1 August 2024 text.
class Values {
 public:
  Values(const std::vector<TbPlayer>& players, int rounds, EventKind kind)
      : p_(players), rounds_(rounds), kind_(kind) {
    for (const auto& pl : p_) max_games_ = std::max(max_games_, int(pl.games.size()));
    for (std::size_t i = 0; i < p_.size(); ++i) {
      const Unplayed u = unplayed_rounds(i);
      missing_.push_back(u.missing);
      // 16.3: the score of a participant for the tie-breaks of their opponents. Unplayed
      // rounds of 16.2.1-16.2.4 count as awarded; requested byes of 16.2.5 as draws (here
      // +0.5 each, as a zero-point bye gave nothing). In a round robin (15.2) the plain score.
      adjusted_.push_back(swiss() ? points(i) + 0.5 * u.missing_after_last_game : points(i));
    }
  }

  std::optional<double> value(TieBreak t, std::size_t i) const {
    switch (t) {
      case TieBreak::DE: break;  // depends on the group: see direct_encounter()
      case TieBreak::WIN: return count(i, [](const TbGame& g) { return g.half_points == 2; });
      case TieBreak::WON: return count(i, [this](const TbGame& g) { return over_the_board(g) && g.half_points == 2; });
      case TieBreak::BPG: return count(i, [this](const TbGame& g) { return over_the_board(g) && !g.white; });
      case TieBreak::BWG:
        return count(i, [this](const TbGame& g) { return over_the_board(g) && !g.white && g.half_points == 2; });
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
  bool swiss() const { return kind_ == EventKind::Swiss; }
  static bool forfeit_loss(const TbGame& g) { return !g.played && g.half_points == 0; }
  // 7.2-7.4 count games over the board; in a round robin (15.2) a forfeit is a regular
  // game, won or lost (BPG counts a forfeit with Black whoever won it).
  bool over_the_board(const TbGame& g) const { return g.played || !swiss(); }

  double count(std::size_t i, const std::function<bool(const TbGame&)>& f) const {
    return double(std::count_if(p_[i].games.begin(), p_[i].games.end(), f));
  }

  // The rounds 1..rounds in which the participant has no game: in PGN a bye leaves no game
  // and gives no point, so such a round is taken as a zero-point bye, which 16.1.1 counts
  // as a requested bye (any round after a withdrawal is one). Counted from the player's
  // own games, not round by round: an archive read as one event may number its rounds up
  // to 999,999, or have thousands of players.
  struct Unplayed {
    int missing = 0;
    // 16.2.5: those followed only by voluntary unplayed rounds (a round without a game, or
    // with forfeit losses only), or in the last round: the rounds after the last one with
    // a game that is not a forfeit loss.
    int missing_after_last_game = 0;
  };
  Unplayed unplayed_rounds(std::size_t i) const {
    std::vector<int> with_game;
    int last_game = 0;  // the last round with a game that is not a forfeit loss
    for (const auto& g : p_[i].games)
      if (g.round >= 1 && g.round <= rounds_) {
        with_game.push_back(g.round);
        if (!forfeit_loss(g)) last_game = std::max(last_game, g.round);
      }
    std::sort(with_game.begin(), with_game.end());
    with_game.erase(std::unique(with_game.begin(), with_game.end()), with_game.end());
    const auto after = with_game.end() - std::upper_bound(with_game.begin(), with_game.end(), last_game);
    return {rounds_ - int(with_game.size()), rounds_ - last_game - int(after)};
  }

  // One value per round for BH and SB. Round robin (15.2): forfeits are regular games and a
  // round without a game is no round of the participant. Swiss (16.4): a played game gives
  // the opponent's adjusted score; each unplayed round is a game against a dummy with the
  // participant's own score, at most the scheduled opponent's adjusted score for a forfeit
  // (16.4.1) and at most a draw's points times the rounds for a bye (16.4.2).
  std::vector<RoundValue> rounds_of(std::size_t i) const {
    std::vector<RoundValue> v;
    const double own = points(i);
    for (const auto& g : p_[i].games) {
      const double result = g.half_points / 2.0;
      if (g.played || !swiss()) v.push_back({adjusted_[g.opponent], result, false});
      else v.push_back({std::min(own, adjusted_[g.opponent]), result, forfeit_loss(g)});
    }
    return v;
  }
  // And in a Swiss (16.4.2) one more per round without a game, all alike: this value,
  // missing_[i] times, a voluntary unplayed round each with no points.
  double bye_value(std::size_t i) const { return std::min(points(i), 0.5 * rounds_); }

  // 14.1 Cut-1 drops the least significant value, 14.3 Median-1 the least and then the most.
  // 16.5.1: for a participant with voluntary unplayed rounds the least significant cut is
  // the lowest contribution of such a round (never below the least significant value).
  double buchholz(std::size_t i, int cut_low, int cut_high) const {
    std::vector<RoundValue> v = rounds_of(i);
    // The byes (bye_value), held as a count: they come after the games, so one of them is
    // the one cut only when it is strictly lower (or higher) than every game's.
    std::size_t byes = swiss() ? std::size_t(missing_[i]) : 0;
    const double bye = bye_value(i);
    auto by_value = [](const RoundValue& a, const RoundValue& b) { return a.opponent < b.opponent; };
    for (int c = 0; c < cut_low && (!v.empty() || byes > 0); ++c) {
      auto lowest_vur = v.end();
      for (auto it = v.begin(); it != v.end(); ++it)
        if (it->vur && (lowest_vur == v.end() || it->opponent < lowest_vur->opponent)) lowest_vur = it;
      if (byes > 0 && (lowest_vur == v.end() || bye < lowest_vur->opponent))
        --byes;  // every bye is a voluntary unplayed round
      else
        v.erase(lowest_vur != v.end() ? lowest_vur : std::min_element(v.begin(), v.end(), by_value));
    }
    for (int c = 0; c < cut_high && (!v.empty() || byes > 0); ++c) {
      const auto highest = std::max_element(v.begin(), v.end(), by_value);
      if (byes > 0 && (highest == v.end() || bye > highest->opponent))
        --byes;
      else
        v.erase(highest);
    }
    double sum = 0;
    for (const auto& r : v) sum += r.opponent;
    return sum + double(byes) * bye;  // halves: exact, as the sum one by one was
  }


  // 9.1: the opponent's score times the points scored against them, per round (a bye
  // scores nothing).
  double sonneborn_berger(std::size_t i) const {
    double sum = 0;
    for (const auto& r : rounds_of(i)) sum += r.opponent * r.result;
    return sum;
  }

  // 7.5: the sum of the participant's running score after each of their rounds: a game of
  // round r counts in every running score from r on. In a Swiss those are rounds 1 to the
  // last (an unplayed round carries the score on); in a round robin (15.2) only the rounds
  // with a game of the participant, so that the bye of an odd field is worth the same to
  // everyone, whenever it falls.
  double progressive(std::size_t i) const {
    std::vector<int> own;  // round robin: the participant's rounds, ascending
    int last = rounds_;
    for (const auto& g : p_[i].games) {
      last = std::max(last, g.round);
      if (g.round >= 1) own.push_back(g.round);
    }
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
    double sum = 0;
    for (const auto& g : p_[i].games) {
      if (g.round < 1) continue;
      const auto from_here =
          swiss() ? last - g.round + 1 : own.end() - std::lower_bound(own.begin(), own.end(), g.round);
      sum += g.half_points / 2.0 * double(from_here);  // halves: exact
    }
    return sum;
  }


  // 9.2: points scored against opponents with 50% or more of the maximum possible score (a
  // round robin's games per player; a Swiss's rounds). Played games only, except in a round
  // robin, where forfeits are regular games (15.2).
  double koya(std::size_t i) const {
    const int most = swiss() ? rounds_ : max_games_;
    double sum = 0;
    for (const auto& g : p_[i].games)
      if ((g.played || !swiss()) && 2 * points(g.opponent) >= most) sum += g.half_points / 2.0;
    return sum;
  }

  // 10.1, 15.2: rating-based tie-breaks count the opponents played over the board only.
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
  EventKind kind_;
  int max_games_ = 0;
  std::vector<int> missing_;                // per player: how many rounds have no game
  std::vector<double> adjusted_;            // 16.3, per player
};

struct Encounters {
  std::vector<double> score;  // points against the rest of the group
  std::vector<int> missing;   // members of the group never met
};

// C.07 6.1: the sum of the scores of the encounters among the group, two players who met
// more than once adding the average of their games (6.1.2). 6.1.1: forfeits are excluded
// except where 15.2 makes them regular games (a round robin).
Encounters encounters(const std::vector<TbPlayer>& p, const std::vector<std::size_t>& group, EventKind kind) {
  Encounters e{std::vector<double>(group.size(), 0), std::vector<int>(group.size(), 0)};
  // Each member's own games, not every pair of members: a group of thousands (an archive
  // read as one event) stays linear in the games.
  std::unordered_map<std::size_t, std::size_t> place;  // player -> index in group
  place.reserve(group.size());
  for (std::size_t a = 0; a < group.size(); ++a) place.emplace(group[a], a);
  for (std::size_t a = 0; a < group.size(); ++a) {
    std::map<std::size_t, std::pair<int, int>> met;  // index in group -> games, half points
    for (const auto& g : p[group[a]].games) {
      if (!(g.played || kind == EventKind::RoundRobin)) continue;
      const auto b = place.find(g.opponent);
      if (b == place.end() || b->second == a) continue;
      auto& [games, half_points] = met[b->second];
      ++games;
      half_points += g.half_points;
    }
    // In group order, as the scores were always summed.
    for (const auto& [b, m] : met) e.score[a] += m.second / 2.0 / m.first;
    e.missing[a] = static_cast<int>(group.size() - 1 - met.size());
  }
  return e;
}

// C.07 6.2: when all the tied players have met, their points among themselves. 6.3, in a
// Swiss only: when not, a player who stays alone at the top of that separate standings
// whatever the missing games give (own points above every other's points plus one per
// game missing) is ranked first, and so on for the next places. Returns the sort keys.
std::vector<double> direct_encounter_keys(const Encounters& e, EventKind kind) {
  const std::size_t n = e.score.size();
  if (std::all_of(e.missing.begin(), e.missing.end(), [](int m) { return m == 0; })) return e.score;
  std::vector<double> key(n, 0);
  if (kind == EventKind::RoundRobin) return key;  // 6.3 is for Swiss tournaments
  std::vector<bool> placed(n, false);
  for (std::size_t place = 0; place < n; ++place) {
    // Alone at the top: above every other unplaced player's score plus their missing
    // games, that is above the highest such bound but one's own. Two highest bounds, then
    // one pass: a group of thousands (an archive read as one event) stays quadratic at worst.
    std::optional<std::size_t> best;
    double best_bound = 0, second_bound = 0;
    bool second = false;
    for (std::size_t b = 0; b < n; ++b) {
      if (placed[b]) continue;
      const double bound = e.score[b] + e.missing[b];
      if (!best || bound > best_bound) {
        if (best) second_bound = best_bound, second = true;
        best = b;
        best_bound = bound;
      } else if (!second || bound > second_bound) {
        second_bound = bound;
        second = true;
      }
    }
    std::optional<std::size_t> top;
    for (std::size_t a = 0; a < n && !top; ++a) {
      if (placed[a]) continue;
      const bool others = a == *best ? second : true;
      const double bound = a == *best ? second_bound : best_bound;
      if (!others || e.score[a] > bound) top = a;
    }
    if (!top) break;
    placed[*top] = true;
    key[*top] = double(n - place);  // above the unplaced players' 0
  }
  return key;
}

class Ranker {
 public:
  Ranker(const std::vector<TbPlayer>& p, const std::vector<TieBreak>& list, int rounds, EventKind kind)
      : p_(p), list_(list), kind_(kind), values_(p, rounds, kind) {
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
      const Encounters e = encounters(p_, run, kind_);
      const std::vector<double> keys = direct_encounter_keys(e, kind_);
      // The run's keys only: a vector over every player, made for each run, took a report
      // of 80,000 players 3 s.
      std::unordered_map<std::size_t, double> by_player;
      by_player.reserve(run.size());
      for (std::size_t k = 0; k < run.size(); ++k) {
        if (!out_.values[run[k]][t]) out_.values[run[k]][t] = e.score[k];  // shown: the first group's
        by_player.emplace(run[k], keys[k]);
      }
      // C.07 6.2, 6.3: players the encounters among the group leave level are compared
      // again by their encounters among themselves only (article 6 reapplied).
      split(run, [&by_player](std::size_t i) { return by_player.at(i); }, t + 1, t);
      return;
    }
    split(run, [this, t](std::size_t i) { return out_.values[i][t].value_or(kLowest); }, t + 1);
  }

  const std::vector<TbPlayer>& p_;
  const std::vector<TieBreak>& list_;
  EventKind kind_;
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
  // C.07 (2023, 2024, 2026) 4.1: the list is the Chief Organiser's choice, completed by the
  // Chief Arbiter (4.1.1); the regulations give no default list. These are chesstool's:
  // round robin DE, WIN, SB, KS; Swiss BH-C1, BH, DE, WIN (C.07 8: Buchholz tie-breaks
  // must not be used in round robins).
  if (kind == EventKind::RoundRobin) return {TieBreak::DE, TieBreak::WIN, TieBreak::SB, TieBreak::KS};
  return {TieBreak::BH_C1, TieBreak::BH, TieBreak::DE, TieBreak::WIN};
}

std::vector<std::optional<double>> tiebreak_values(const std::vector<TbPlayer>& players, TieBreak t, int rounds,
                                                   EventKind kind) {
  const Values v(players, rounds, kind);
  std::vector<std::optional<double>> out;
  for (std::size_t i = 0; i < players.size(); ++i) out.push_back(v.value(t, i));
  return out;
}

TbRanking rank_players(const std::vector<TbPlayer>& players, const std::vector<TieBreak>& list, int rounds,
                       EventKind kind) {
  return Ranker(players, list, rounds, kind).run();
}

}  // namespace chesstool::tournament
