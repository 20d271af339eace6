// SPDX-License-Identifier: MIT
// Renders an event report as an aligned text table, RFC 4180 CSV or JSON, in English or Arabic.
#include "tournament/report_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "tournament/report_texts.hpp"
#include "output/display_width.hpp"
#include "output/terminal_text.hpp"

namespace chesstool::tournament {

namespace {



std::string points(double p) { return fmt::format("{}", p); }
std::string signed_int(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }

// Crosstable cell: "1", "½", "0" per game, several games side by side ("1½").
std::string cross_cell(const std::vector<int>& results, bool text) {
  std::string out;
  for (int h : results) {
    if (!out.empty() && !text) out += ' ';
    out += h == 2 ? "1" : h == 1 ? (text ? "½" : "0.5") : "0";
  }
  return out;
}

}  // namespace


bool has_rtl(std::string_view s) {
  struct Range {
    long first, last;
  };
  static constexpr Range kRtl[] = {{0x0590, 0x08FF}, {0xFB1D, 0xFDFF}, {0xFE70, 0xFEFF}, {0x10800, 0x10FFF}, {0x1E800, 0x1EFFF}};
  for (std::size_t i = 0; i < s.size();) {
    const long cp = output::next_code_point(s, i);
    if (std::any_of(std::begin(kRtl), std::end(kRtl), [cp](const Range& r) { return cp >= r.first && cp <= r.last; }))
      return true;
  }
  return false;
}

std::string bidi_isolate(std::string_view s) {
  // Controls and bidi overrides from a tag value are shown escaped, never obeyed.
  std::string safe = output::terminal_safe(s);
  return has_rtl(safe) ? std::string("\u2068").append(safe).append("\u2069") : safe;
}

std::string render_text_table(const TextTable& t) {
  const std::size_t n = t.header.size();
  auto cell = [&](const std::string& s, std::size_t c) {
    return c < t.isolated.size() && t.isolated[c] ? bidi_isolate(s) : s;
  };
  // The width a body cell takes as shown: a control character escaped as \x1B takes four.
  auto shown_width = [&](const std::string& s, std::size_t c, bool body) {
    const bool isolated = body && c < t.isolated.size() && t.isolated[c];
    return output::display_width(isolated ? output::terminal_safe(s) : s);
  };
  // Row r whole, its generated cells in place (made again for each of the two passes).
  auto row_of = [&](std::size_t r) {
    if (!t.generated) return t.rows[r];
    std::vector<std::string> row(t.rows[r].begin(), t.rows[r].begin() + std::ptrdiff_t(t.generated_at));
    for (std::string& made : t.generated(r)) row.push_back(std::move(made));
    row.insert(row.end(), t.rows[r].begin() + std::ptrdiff_t(t.generated_at), t.rows[r].end());
    return row;
  };
  std::vector<int> width(n, 0);
  auto measure = [&](const std::vector<std::string>& row, bool body) {
    for (std::size_t c = 0; c < n; ++c) width[c] = std::max(width[c], shown_width(row[c], c, body));
  };
  measure(t.header, false);
  for (std::size_t r = 0; r < t.rows.size(); ++r) measure(row_of(r), true);
  std::string out;
  auto line = [&](const std::vector<std::string>& row, bool body) {
    std::string l;
    for (std::size_t c = 0; c < n; ++c) {
      // Pad outside the isolate, by display width: the padding then stays in its column
      // whatever the direction of the text inside.
      const std::string pad(std::size_t(width[c] - shown_width(row[c], c, body)), ' ');
      if (c) l += "  ";
      const bool right = c < t.right_aligned.size() && t.right_aligned[c];
      const std::string text = body ? cell(row[c], c) : row[c];
      l += right ? pad + text : text + pad;
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l;
    out += '\n';
  };
  line(t.header, false);
  for (std::size_t r = 0; r < t.rows.size(); ++r) line(row_of(r), true);
  return out;
}

const char* exclusion_code(ExclusionReason r) {
  switch (r) {
    case ExclusionReason::Invalid: return "invalid";
    case ExclusionReason::Unfinished: return "unfinished";
    case ExclusionReason::NoResult: return "no_result";
    case ExclusionReason::NoPlayer: return "no_player";
    case ExclusionReason::SamePlayer: return "same_player";
    case ExclusionReason::Duplicate: return "duplicate";
  }
  return "invalid";
}

std::string exclusion_text(const Exclusion& e, output::Lang lang) {
  switch (e.reason) {
    case ExclusionReason::Invalid:
      return e.detail.empty() ? tr(T::Invalid, lang) : tr(T::Invalid, lang) + ": " + output::terminal_safe(e.detail);
    case ExclusionReason::Unfinished:  // the detail is "*", or how the game did end
      return e.detail == "*" || e.detail.empty() ? tr(T::Unfinished, lang)
                                                 : tr(T::EndedUnrecorded, lang) + ": " + output::terminal_safe(e.detail);
    case ExclusionReason::NoResult:
      return tr(T::NoResult, lang) + " (" + (e.detail.empty() ? "-" : output::terminal_safe(e.detail)) + ")";
    case ExclusionReason::NoPlayer: return tr(T::NoPlayer, lang);
    case ExclusionReason::SamePlayer: return tr(T::SamePlayer, lang) + ": " + bidi_isolate(e.detail);
    case ExclusionReason::Duplicate: return tr(T::Duplicate, lang) + " " + bidi_isolate(e.detail);
  }
  return tr(T::Invalid, lang);
}

namespace {

// "Label: " with the label isolated when it is right-to-left, so that a Latin value after
// an Arabic label is never reordered into it.
std::string label(T id, output::Lang lang) { return bidi_isolate(tr(id, lang)) + ": "; }

std::string summary_time_controls(const EventReport& r, output::Lang lang) {
  std::string out;
  for (const auto& tc : r.time_controls) {
    std::string what = tc.present ? bidi_isolate(tc.value) : tr(T::NoTag, lang);
    std::string cls = class_text(tc.info.cls, lang);
    if (tc.info.seconds)
      cls += comma(lang) + duration_text(*tc.info.seconds, lang);
    else
      cls += ": " + problem_text(tc.info.problem, lang);
    out += label(T::TimeControl, lang) + fmt::format("{} = {}{}{}: {}\n", what, cls, semicolon(lang), tr(T::Games, lang), tc.games);
  }
  return out;
}

std::string summary(const EventReport& r, output::Lang lang) {
  const Standings& s = r.standings;
  std::string events;
  for (const auto& e : r.events) events += (events.empty() ? "" : comma(lang)) + bidi_isolate(e);
  std::string out = label(T::Event, lang) + (events.empty() ? "-" : events) + "\n";
  out += label(T::Games, lang) + fmt::format("{} {}{}{} {}\n", r.counted, tr(T::Counted, lang), comma(lang), r.excluded.size(),
                                             tr(T::Excluded, lang));
  // Without a game counted there is no event to tell the kind of, nor to break ties in:
  // only what the user chose is said.
  const bool no_games = s.players.empty();
  if (no_games && !s.kind_given)
    out += label(T::Kind, lang) + "-\n";
  else
    out += label(T::Kind, lang) + tr(s.kind == EventKind::RoundRobin ? (s.kind_given ? T::RoundRobinGiven : T::RoundRobin)
                                                          : (s.kind_given ? T::SwissGiven : T::Swiss),
                                   lang) + comma(lang) +
           (s.rounds_numbered ? rounds_text(s.rounds, lang) : tr(T::RoundsUnnumbered, lang)) + "\n";
  std::string tbs;
  for (TieBreak t : s.tiebreaks) tbs += (tbs.empty() ? "" : comma(lang)) + std::string(tiebreak_code(t));
  if (no_games && s.default_tiebreaks)
    out += label(T::TieBreaks, lang) + "-\n";
  else
    out += label(T::TieBreaks, lang) + (tbs.empty() ? "-" : tbs) + " (" + tr(s.default_tiebreaks ? T::Recommended : T::Chosen, lang) + ")\n";
  out += label(T::AverageRating, lang) +
         (s.average_rating ? fmt::format("{} ({} {})\n", *s.average_rating, s.rated_players, tr(T::RatedPlayers, lang))
                           : tr(T::NoRatedPlayers, lang) + "\n");
  out += summary_time_controls(r, lang);
  std::string k = fmt::format("{} {} ({})", r.k_default, tr(T::ByDefault, lang), tr(T::RapidBlitzK, lang));
  for (const auto& [name, value] : r.k_overrides) k += semicolon(lang) + fmt::format("{} {}", bidi_isolate(name), value);
  return out + label(T::KFactor, lang) + k + "\n";
}

std::string tb_value(const std::optional<double>& v) { return v ? points(*v) : "-"; }

std::string standings_table(const EventReport& r, output::Lang lang, bool with_crosstable) {
  const auto& players = r.standings.players;
  TextTable t;
  auto column = [&](std::string heading, bool right, bool isolated) {
    t.header.push_back(bidi_isolate(heading));
    t.right_aligned.push_back(right);
    t.isolated.push_back(isolated);
  };
  column(tr(T::Rank, lang), true, false);
  column(tr(T::Name, lang), false, true);
  column(tr(T::Rating, lang), true, false);
  if (with_crosstable)
    for (std::size_t j = 0; j < players.size(); ++j) column(fmt::format("{}", j + 1), false, false);
  for (T id : {T::Games, T::Wins, T::Draws, T::Losses, T::Points}) column(tr(id, lang), true, false);
  for (TieBreak tb : r.standings.tiebreaks) column(tiebreak_code(tb), true, false);
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = players[i];
    std::vector<std::string> row = {fmt::format("{}", p.rank), p.name, p.rating ? fmt::format("{}", *p.rating) : "-"};
    for (int v : {p.games, p.wins, p.draws, p.losses}) row.push_back(fmt::format("{}", v));
    row.push_back(points(p.points));
    for (const auto& v : p.tiebreaks) row.push_back(tb_value(v));
    t.rows.push_back(std::move(row));
  }
  if (with_crosstable) {
    t.generated_at = 3;  // after rank, name and rating
    t.generated = [&r](std::size_t i) {
      const auto cross = crosstable_row(r.standings, i);
      std::vector<std::string> cells;
      for (std::size_t j = 0; j < cross.size(); ++j) cells.push_back(i == j ? "×" : cross_cell(cross[j], true));
      return cells;
    };
  }
  std::string legend;
  for (TieBreak tb : r.standings.tiebreaks) legend += (legend.empty() ? "" : comma(lang)) + tiebreak_legend(tb, lang);
  std::string out = render_text_table(t);  // appended to, not copied: with a crosstable it is the report's bulk
  out.append("\n").append(legend).append("\n");
  return out;
}

// One table per rating list that has rateable games: FIDE rates each list separately.
std::string list_tables(const EventReport& r, output::Lang lang) {
  std::string out;
  for (TimeClass list : {TimeClass::Standard, TimeClass::Rapid, TimeClass::Blitz}) {
    TextTable t;
    for (T id : {T::Name, T::Rating, T::K, T::Games, T::Score, T::Expected, T::Change, T::Performance, T::Initial})
      t.header.push_back(bidi_isolate(tr(id, lang)));
    t.right_aligned = {false, true, true, true, true, true, true, true, false};
    t.isolated = {true, false, false, false, false, false, false, false, false};
    for (const auto& p : r.standings.players)
      for (const auto& f : p.lists) {
        if (f.list != list) continue;
        const int games = f.change ? f.change->games : f.performance ? f.performance->games : 0;
        double score = 0;
        if (f.change) score = f.change->score;
        t.rows.push_back({p.name, f.rating ? fmt::format("{}", *f.rating) : "-", fmt::format("{}", f.k), fmt::format("{}", games),
                          f.change ? points(score) : "-", f.change ? fmt::format("{:.2f}", f.change->expected) : "-",
                          f.change ? signed_int(f.change->rounded) : "-",
                          f.performance ? fmt::format("{}", f.performance->rating) : "-",
                          f.initial ? initial_text(*f.initial, lang) : ""});
      }
    if (t.rows.empty()) continue;
    out += std::string("\n") + label(T::RatingList, lang) + class_text(list, lang) + "\n" + render_text_table(t);
  }
  if (!out.empty()) out += std::string("\n") + tr(T::LegendPerf, lang) + comma(lang) + tr(T::LegendChange, lang) + "\n";
  return out;
}

std::string game_line(output::Lang lang, const std::string& file, std::uint64_t line, std::uint64_t index,
                      const std::string& white, const std::string& black, const std::string& result) {
  return fmt::format("  {}:{}: {} {}{}{} - {}{}{}", output::terminal_safe(file), line, tr(T::Game, lang), index, comma(lang),
                     bidi_isolate(white), bidi_isolate(black), comma(lang), result.empty() ? "-" : output::terminal_safe(result));
}

std::string not_rated_list(const EventReport& r, output::Lang lang) {
  std::string out;
  const Standings& s = r.standings;
  for (std::size_t k = 0; k < s.games.size(); ++k) {
    if (s.rateable[k].why == NotRated::Rated) continue;
    const EventGame& g = s.games[k];
    out += game_line(lang, g.member.empty() ? g.file : g.file + ":" + g.member, g.line, g.index, g.white, g.black, g.result) + ": " +
           output::terminal_safe(not_rated_text(s.rateable[k], g, lang)) + "\n";  // it may quote the Termination tag
  }
  return out.empty() ? out : std::string("\n") + tr(T::NotRatedGames, lang) + ":\n" + out;
}

// The counted games whose result is questioned, one line per game with its codes (the
// messages are on standard error, as validate writes them). A game's warnings are
// consecutive and share its ordinal: two games may share file, member and number.
std::string results_to_check(const EventReport& r, output::Lang lang) {
  std::string out;
  const ResultWarning* last = nullptr;
  for (const auto& w : r.result_warnings) {
    if (last && last->ordinal == w.ordinal) {
      out.insert(out.size() - 1, comma(lang) + w.code);
    } else {
      out += game_line(lang, w.member.empty() ? w.file : w.file + ":" + w.member, w.line, w.index, w.white, w.black,
                       w.result) +
             ": " + w.code + "\n";
    }
    last = &w;
  }
  return out.empty() ? out : std::string("\n") + tr(T::ResultsToCheck, lang) + ":\n" + out;
}

}  // namespace

std::string render_report_text(const EventReport& r, output::Lang lang, bool with_crosstable) {
  // The parts, then one string of their size: the standings with a crosstable are nearly
  // all of it (hundreds of megabytes for thousands of players), copied once only.
  std::vector<std::string> parts = {summary(r, lang) + "\n"};
  if (r.standings.players.empty()) {
    parts.push_back(tr(T::NoGames, lang) + "\n");
  } else {
    parts.push_back(standings_table(r, lang, with_crosstable));
    parts.push_back(list_tables(r, lang));
    parts.push_back(not_rated_list(r, lang));
  }
  if (!r.excluded.empty()) {
    std::string excluded = std::string("\n") + tr(T::ExcludedGames, lang) + ":\n";
    for (const auto& e : r.excluded)
      excluded += game_line(lang, e.member.empty() ? e.file : e.file + ":" + e.member, e.line, e.index, e.white, e.black,
                            e.result) +
                  ": " + exclusion_text(e.exclusion, lang) + "\n";
    parts.push_back(std::move(excluded));
  }
  parts.push_back(results_to_check(r, lang));
  std::size_t size = 0;
  for (const std::string& p : parts) size += p.size();
  std::string out;
  out.reserve(size);
  for (std::string& p : parts) {
    out += p;
    std::string().swap(p);  // each part freed once copied
  }
  return out;
}

}  // namespace chesstool::tournament
