// SPDX-License-Identifier: MIT
// Tournament standings: which games count, who is who, scores, tie-breaks, rating lists.
#include "tournament/standings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <numeric>
#include <set>

#include "tournament/player_identity.hpp"

namespace chesstool::tournament {

namespace {

std::string tag_or_empty(const pgn::GameReport& r, std::string_view name) {
  const std::string* v = r.tag(name);
  return v ? *v : std::string();
}

// PGN standard 8.1.1.7: "?" marks an unknown player name.
bool named(const std::string& s) { return !s.empty() && s != "?" && s != "-"; }

std::string lower(std::string s) {
  for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A Termination that says the game was not played. "time forfeit" (PGN standard 9.8.1)
// is a game lost on time, played and rated.
bool unplayed_termination(const std::string& t) {
  const std::string l = lower(t);
  if (l.find("forfeit") != std::string::npos) return l.find("time") == std::string::npos;
  return l == "unplayed" || l == "not played" || l == "walkover" || l == "no show";
}

// The round of a Round tag: "3", "3.1" (round 3, board 1); "?" and "-" give none.
std::optional<int> parse_round(const std::string& v) {
  int n = 0;
  std::size_t i = 0;
  for (; i < v.size() && i < 6 && std::isdigit(static_cast<unsigned char>(v[i])); ++i) n = n * 10 + (v[i] - '0');
  if (i == 0 || n == 0 || (i < v.size() && v[i] != '.')) return std::nullopt;
  return n;
}

}  // namespace

std::optional<std::pair<int, int>> result_points(std::string_view r, bool& forfeit) {
  forfeit = r == "+/-" || r == "-/+" || r == "-/-";
  if (r == "1-0" || r == "+/-") return std::pair{2, 0};
  if (r == "0-1" || r == "-/+") return std::pair{0, 2};
  if (r == "1/2-1/2") return std::pair{1, 1};
  if (r == "-/-") return std::pair{0, 0};
  return std::nullopt;
}

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

std::string fide_id(const std::string* value) {
  if (!value) return {};
  std::string_view v(*value);
  while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
  if (v.empty() || v.size() > 11 || !std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return {};
  while (!v.empty() && v.front() == '0') v.remove_prefix(1);
  return std::string(v);  // "" for "0": no id
}

std::optional<Exclusion> event_game_from(const pgn::GameReport& report, EventGame& game, const std::string* assumed_tc) {
  if (!report.valid) {
    std::string detail = report.errors.empty() ? std::string() : report.errors.front().message;
    return Exclusion{ExclusionReason::Invalid, detail};
  }
  // The Result tag, else the termination marker: a tag that is no result value at all
  // ("½-½", "?", empty) does not hide a marker.
  const std::string* tag = report.tag("Result");
  bool forfeit_result = false;
  const bool tag_counts = tag && (*tag == "*" || result_points(*tag, forfeit_result) || report.result_token.empty());
  const std::string r = tag_counts ? *tag : report.result_token;
  const auto score = result_points(r, forfeit_result);
  if (!score && r == "*") {
    // An unfinished record of a game the Laws ended (a mate, a stalemate, a dead position,
    // fivefold, 75 moves: FIDE 5.1.1, 5.2, 9.6): left out all the same, as the result is
    // the arbiter's to write, but said with the replay's words, not as a game in progress.
    for (const auto* list : {&report.errors, &report.warnings})
      for (const pgn::Diagnostic& d : *list)
        if (d.code == "result-contradicts-position") return Exclusion{ExclusionReason::Unfinished, d.message};
    return Exclusion{ExclusionReason::Unfinished, r};
  }
  if (!score) return Exclusion{ExclusionReason::NoResult, r};
  game.result = r;
  game.white_half_points = score->first;
  game.black_half_points = score->second;
  game.white = tag_or_empty(report, "White");
  game.black = tag_or_empty(report, "Black");
  if (!named(game.white) || !named(game.black))
    return Exclusion{ExclusionReason::NoPlayer, named(game.white) ? game.black : game.white};
  game.white_fide_id = fide_id(report.tag("WhiteFideId"));
  game.black_fide_id = fide_id(report.tag("BlackFideId"));
  // One player on both sides: the same FideId under two spellings; without FideIds on
  // both sides, the same name as players are told apart (normalize_name: "Carlsen, Magnus"
  // and "Carlsen,Magnus"). Two FideIds that differ are two players, whatever their names.
  const bool both_ids = !game.white_fide_id.empty() && !game.black_fide_id.empty();
  if (both_ids ? game.white_fide_id == game.black_fide_id : normalize_name(game.white) == normalize_name(game.black))
    return Exclusion{ExclusionReason::SamePlayer, game.white};
  game.white_elo = parse_elo(report.tag("WhiteElo"));
  game.black_elo = parse_elo(report.tag("BlackElo"));
  game.termination = tag_or_empty(report, "Termination");
  game.unplayed = forfeit_result                          ? Unplayed::ForfeitResult
                  : unplayed_termination(game.termination) ? Unplayed::ForfeitTermination
                  : report.plies == 0                      ? Unplayed::NoMove
                  : report.plies == 1                      ? Unplayed::OneSideMoved
                                                           : Unplayed::No;
  const std::string* tc = report.tag("TimeControl");
  if ((!tc || *tc == "?") && assumed_tc) tc = assumed_tc;
  game.time_control = classify_time_control(tc);
  game.round = parse_round(tag_or_empty(report, "Round"));
  game.date = tag_or_empty(report, "Date");
  game.site = tag_or_empty(report, "Site");
  game.index = report.index;
  game.line = report.line;
  return std::nullopt;
}

Rateability rateability(const EventGame& g, std::optional<int> white_elo, std::optional<int> black_elo) {
  Rateability r;
  if (g.unplayed == Unplayed::NoMove) return {NotRated::NoMove, 0, 0};
  if (g.unplayed == Unplayed::OneSideMoved) return {NotRated::OneSideMoved, 0, 0};
  if (g.unplayed != Unplayed::No) return {NotRated::Forfeit, 0, 0};
  if (g.time_control.cls == TimeClass::Unknown) return {NotRated::UnknownClass, 0, 0};
  const int top = std::max(white_elo.value_or(0), black_elo.value_or(0));
  if (g.time_control.cls == TimeClass::Standard) {
    // Rating Regulations 2024, 1.1: minutes per player over 60 moves, by the higher rating
    // of the two players in the game.
    const int minutes = top >= 2400 ? 120 : top >= 1800 ? 90 : 60;
    if (*g.time_control.seconds < std::int64_t(minutes) * 60)
      return {NotRated::BelowMinimumTime, minutes, top >= 2400 ? 2400 : top >= 1800 ? 1800 : 0};
    // 1.2: a move count in the first time control is at least 30 moves, whether more
    // controls follow or it repeats ("20/3600", an hour for every 20 moves).
    const auto& first = g.time_control.periods.front();
    if (first.moves > 0 && first.moves < kMinFirstControlMoves)
      return {NotRated::FirstControlUnder30Moves, 0, 0};
  }
  // Rapid and Blitz Rating Regulations 2024, 1.1.2: a blitz game is rated only with more
  // than 3 minutes per player (time + 60 x increment); the Laws' blitz (B.1) has no floor.
  if (g.time_control.cls == TimeClass::Blitz && *g.time_control.seconds <= kBlitzRatedAbove * 60)
    return {NotRated::BelowMinimumTime, kBlitzRatedAbove, -1};
  if (!white_elo && !black_elo) return {NotRated::BothUnrated, 0, 0};
  // Rapid and blitz 7.3.1, effective from 1 December 2024: not rated when the ratings
  // differ by 600 or more and one of the players is rated above 2600.
  if (g.time_control.cls != TimeClass::Standard && white_elo && black_elo &&
      std::abs(*white_elo - *black_elo) >= kRapidBlitzMaxGap && top > kRapidBlitzGapFromRating)
    return {NotRated::RatingGap600, 0, 0};
  return r;
}

const char* not_rated_code(NotRated n) {
  switch (n) {
    case NotRated::Rated: return "";
    case NotRated::NoMove: return "no_move";
    case NotRated::Forfeit: return "forfeit";
    case NotRated::UnknownClass: return "unknown_time_control";
    case NotRated::BelowMinimumTime: return "below_minimum_time";
    case NotRated::BothUnrated: return "both_unrated";
    case NotRated::OneSideMoved: return "one_side_moved";
    case NotRated::FirstControlUnder30Moves: return "first_control_under_30_moves";
    case NotRated::RatingGap600: return "rating_gap_600";
  }
  return "";
}

namespace {

// A game is rated with each player's rating in its list, not with what that game's tags
// say (B.02: the ratings of the list in force): a player's rating in a list is the first
// one seen in that list's games, and every game of the list uses it, on both sides, so a
// game without a tag, or with another number, is rated alike for both players.
void use_list_ratings(std::vector<PlayerStanding>& players, const std::vector<EventGame>& games) {
  constexpr std::size_t kLists = std::size_t(TimeClass::Unknown) + 1;
  std::vector<std::array<std::optional<int>, kLists>> rating(players.size());
  auto list_of = [&](const PlayedGame& g) { return std::size_t(games[g.game].time_control.cls); };
  for (std::size_t i = 0; i < players.size(); ++i)
    for (const auto& g : players[i].played)
      if (auto& r = rating[i][list_of(g)]; !r) r = g.own_elo;
  for (std::size_t i = 0; i < players.size(); ++i)
    for (auto& g : players[i].played) {
      g.own_elo = rating[i][list_of(g)];
      g.opponent_elo = rating[g.opponent][list_of(g)];
    }
}

// Each game's rateability with both players' ratings in its list (use_list_ratings), as
// the game is rated: a game without Elo tags between rated players is rated, and the
// minimum time and the 600-point gap go by those ratings too.
std::vector<Rateability> list_rateability(const std::vector<EventGame>& games, const std::vector<PlayerStanding>& players) {
  std::vector<std::array<std::optional<int>, 2>> elo(games.size());  // white, black
  for (const auto& p : players)
    for (const auto& g : p.played) elo[g.game][g.white ? 0 : 1] = g.own_elo;
  std::vector<Rateability> out;
  out.reserve(games.size());
  for (std::size_t k = 0; k < games.size(); ++k) out.push_back(rateability(games[k], elo[k][0], elo[k][1]));
  return out;
}

// Players from the identity of each side, with their games and scores.
std::vector<PlayerStanding> collect_players(const std::vector<EventGame>& games, std::vector<std::string>& warnings) {
  std::vector<PlayerMention> mentions;
  for (const auto& g : games) {
    mentions.push_back({g.white, g.white_fide_id});
    mentions.push_back({g.black, g.black_fide_id});
  }
  Identity id = identify_players(mentions);
  warnings = id.warnings;
  std::vector<PlayerStanding> players(id.players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].name = id.players[i].name;
    players[i].key = id.players[i].key;
    players[i].fide_id = id.players[i].fide_id;
  }
  for (std::size_t k = 0; k < games.size(); ++k) {
    const auto& g = games[k];
    const std::size_t w = id.player_of[2 * k], b = id.player_of[2 * k + 1];
    if (!players[w].rating) players[w].rating = g.white_elo;
    if (!players[b].rating) players[b].rating = g.black_elo;
    players[w].played.push_back({b, k, g.white_half_points, true, g.white_elo, g.black_elo});
    players[b].played.push_back({w, k, g.black_half_points, false, g.black_elo, g.white_elo});
  }
  use_list_ratings(players, games);
  for (auto& p : players) {
    p.games = int(p.played.size());
    for (const auto& g : p.played) {
      p.points += g.half_points / 2.0;
      p.wins += g.half_points == 2;
      p.draws += g.half_points == 1;
      p.losses += g.half_points == 0;
    }
  }
  return players;
}

// Round robin when every pair has a game scheduled (forfeits count: they were paired).
EventKind kind_of(const std::vector<PlayerStanding>& players) {
  for (std::size_t i = 0; i < players.size(); ++i) {
    std::set<std::size_t> met;
    for (const auto& g : players[i].played) met.insert(g.opponent);
    if (met.size() + 1 < players.size()) return EventKind::Swiss;
  }
  return EventKind::RoundRobin;
}

// A game's round is its Round tag when every game has one, else the player's game order.
std::vector<TbPlayer> tiebreak_view(const std::vector<PlayerStanding>& players, const std::vector<EventGame>& games,
                                    bool numbered) {
  std::vector<TbPlayer> v(players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    v[i].name = players[i].name;
    int ordinal = 0;
    for (const auto& g : players[i].played) {
      v[i].half_points += g.half_points;
      const EventGame& eg = games[g.game];
      v[i].games.push_back({g.opponent, g.half_points, g.white, eg.unplayed == Unplayed::No, numbered ? *eg.round : ++ordinal,
                            g.opponent_elo});
    }
  }
  return v;
}

// The player's figures in each rating list with a rateable game. Rating Regulations 2024:
// standard, rapid and blitz are rated separately, with the same K rules (8.3.3; rapid and
// blitz 7.3.3, which FIDE no longer fixes at 20; 10 for a rating of 2400 or more unless
// --k names the player), K lowered so that K x n <= 700, and the
// rapid and blitz 400-point rule without the 2650 exception (7.3.1).
void rate_lists(PlayerStanding& p, const Standings& s) {
  for (TimeClass list : {TimeClass::Standard, TimeClass::Rapid, TimeClass::Blitz}) {
    ListFigures f;
    f.list = list;
    std::vector<RatedGame> rated;
    for (const auto& g : p.played) {
      if (s.games[g.game].time_control.cls != list) continue;
      f.rating = g.own_elo;  // the same in every game of the list (use_list_ratings)
      if (s.rateable[g.game].why != NotRated::Rated) continue;
      ++f.rateable_games;
      if (g.opponent_elo) rated.push_back({*g.opponent_elo, g.half_points / 2.0});
    }
    if (f.rateable_games == 0) continue;
    const int k = !p.k_given && f.rating && *f.rating >= kTopKFromRating ? kTopK : p.k;
    f.k = k_for_games(k, int(rated.size()));
    f.performance = performance_rating(rated);
    const auto rule = list == TimeClass::Standard ? DifferenceRule::Standard : DifferenceRule::RapidBlitz;
    if (f.rating) f.change = rating_change(*f.rating, f.k, rated, rule);
    else f.initial = initial_rating(rated);
    p.lists.push_back(f);
  }
  if (p.lists.size() == 1) {
    p.rating_change = p.lists[0].change;
    p.performance = p.lists[0].performance;
    p.k = p.lists[0].k;  // the K that change used (10 from 2400, lowered for many games)
  }
}

// --k NAME=K: the name or FideId of a player, compared after normalize_name().
void apply_k(std::vector<PlayerStanding>& players, const std::vector<EventGame>& games, const StandingsOptions& o,
             std::vector<std::string>& unmatched) {
  for (auto& p : players) p.k = o.k_default;
  for (const auto& [name, k] : o.k_by_name) {
    const std::string want = normalize_name(name);
    bool found = false;
    for (auto& p : players) {
      bool match = want == p.fide_id || want == normalize_name(p.name);
      for (const auto& g : p.played) {
        const EventGame& eg = games[g.game];
        match = match || want == normalize_name(g.white ? eg.white : eg.black);
      }
      if (match) {
        p.k = k;
        p.k_given = true;
        found = true;
      }
    }
    if (!found) unmatched.push_back(name);
  }
}

}  // namespace

Standings compute_standings(std::vector<EventGame> games, const StandingsOptions& options) {
  Standings s;
  s.games = std::move(games);
  std::vector<PlayerStanding> players = collect_players(s.games, s.warnings);
  s.rateable = list_rateability(s.games, players);
  apply_k(players, s.games, options, s.unmatched_k);
  s.kind = options.kind.value_or(kind_of(players));
  s.kind_given = options.kind.has_value();
  s.default_tiebreaks = options.tiebreaks.empty();
  s.tiebreaks = s.default_tiebreaks ? default_tiebreaks(s.kind) : options.tiebreaks;
  s.rounds_numbered = !s.games.empty() && std::all_of(s.games.begin(), s.games.end(), [](const EventGame& g) { return bool(g.round); });
  for (const auto& p : players) s.rounds = std::max(s.rounds, p.games);
  if (s.rounds_numbered)
    for (const auto& g : s.games) s.rounds = std::max(s.rounds, *g.round);

  const std::vector<TbPlayer> view = tiebreak_view(players, s.games, s.rounds_numbered);
  const TbRanking ranking = rank_players(view, s.tiebreaks, s.rounds, s.kind);
  const auto sb = tiebreak_values(view, TieBreak::SB, s.rounds, s.kind);
  const auto bh = tiebreak_values(view, TieBreak::BH, s.rounds, s.kind);
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i].tiebreaks = ranking.values[i];
    players[i].rank = ranking.rank[i];
    players[i].sonneborn_berger = *sb[i];
    players[i].buchholz = *bh[i];
    for (std::size_t t = 0; t < s.tiebreaks.size(); ++t)
      if (s.tiebreaks[t] == TieBreak::DE) players[i].direct_encounter = ranking.values[i][t];
    rate_lists(players[i], s);
  }
  std::vector<std::size_t> new_index(players.size());
  for (std::size_t k = 0; k < ranking.order.size(); ++k) new_index[ranking.order[k]] = k;
  for (std::size_t k = 0; k < ranking.order.size(); ++k) {
    PlayerStanding p = std::move(players[ranking.order[k]]);
    for (auto& g : p.played) g.opponent = new_index[g.opponent];
    s.players.push_back(std::move(p));
  }
  std::vector<int> ratings;
  for (const auto& p : s.players)
    if (p.rating) ratings.push_back(*p.rating);
  s.rated_players = int(ratings.size());
  s.average_rating = average_rating(ratings);
  return s;
}

std::vector<std::vector<int>> crosstable_row(const Standings& s, std::size_t i) {
  std::vector<std::vector<int>> row(s.players.size());
  for (const auto& g : s.players[i].played) row[g.opponent].push_back(g.half_points);
  return row;
}

}  // namespace chesstool::tournament
