// SPDX-License-Identifier: MIT
// Renders an event report as an aligned text table, RFC 4180 CSV or JSON, in English or Arabic.
#include "report/report_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "report/json.hpp"
#include "report/terminal_text.hpp"

namespace chesstool::report {

namespace {

// ---- Texts: every heading and label of the text report, one column per language. ----

enum class T : std::uint8_t {
  Rank, Name, Rating, Games, Wins, Draws, Losses, Points, DirectEncounter, SonnebornBerger, Buchholz,
  Performance, K, Change,
  Event, Counted, Excluded, AverageRating, RatedPlayers, NoRatedPlayers, TimeControl, NoTag, Minutes,
  KFactor, ByDefault, Legend, ExcludedGames, Standard, Rapid, Blitz, Unknown,
  Invalid, Unfinished, NoResult, NoPlayer, SamePlayer,
  TpMissing, TpUnknown, TpUntimed, TpUnparseable, NoGames,
  Count
};

struct Text {
  T id;
  std::array<const char*, pgn::kLangCount> text;  // en, ar
};

// Order must follow T (checked at compile time below).
constexpr Text kTexts[] = {
    {T::Rank, {"Rank", "الترتيب"}},
    {T::Name, {"Name", "الاسم"}},
    {T::Rating, {"Rating", "التصنيف"}},
    {T::Games, {"Games", "المباريات"}},
    {T::Wins, {"W", "فوز"}},
    {T::Draws, {"D", "تعادل"}},
    {T::Losses, {"L", "خسارة"}},
    {T::Points, {"Points", "النقاط"}},
    {T::DirectEncounter, {"DE", "مواجهة"}},
    {T::SonnebornBerger, {"SB", "زونبورن"}},
    {T::Buchholz, {"BH", "بوخهولز"}},
    {T::Performance, {"Perf", "الأداء"}},
    {T::K, {"K", "K"}},
    {T::Change, {"Change", "التغير"}},
    {T::Event, {"Event", "البطولة"}},
    {T::Counted, {"counted", "محتسبة"}},
    {T::Excluded, {"excluded", "مستبعدة"}},
    {T::AverageRating, {"Average rating", "متوسط التصنيف"}},
    {T::RatedPlayers, {"rated players", "لاعبين مصنفين"}},
    {T::NoRatedPlayers, {"no rated players", "لا لاعبين مصنفين"}},
    {T::TimeControl, {"Time control", "نظام الوقت"}},
    {T::NoTag, {"(no tag)", "(بلا وسم)"}},
    {T::Minutes, {"min", "دقيقة"}},
    {T::KFactor, {"K factor", "معامل K"}},
    {T::ByDefault, {"by default", "افتراضيًا"}},
    {T::Legend,
     {"DE direct encounter, SB Sonneborn-Berger, BH Buchholz, Perf performance rating Ra + dp (FIDE table 8.1.1), "
      "Change rating change K x (score - expected), rounded",
      "مواجهة: المواجهة المباشرة، زونبورن: زونبورن-برغر، بوخهولز: مجموع نقاط المنافسين، الأداء: Ra + dp (جدول فيدي 8.1.1)، "
      "التغير: تغير التصنيف K x (النتيجة - المتوقع) مقربًا"}},
    {T::ExcludedGames, {"Excluded games", "المباريات المستبعدة"}},
    {T::Standard, {"standard", "كلاسيكي"}},
    {T::Rapid, {"rapid", "سريع"}},
    {T::Blitz, {"blitz", "خاطف"}},
    {T::Unknown, {"unknown", "غير معروف"}},
    {T::Invalid, {"invalid game", "مباراة غير صالحة"}},
    {T::Unfinished, {"unfinished game (result *)", "مباراة غير منتهية (النتيجة *)"}},
    {T::NoResult, {"no decided result", "لا نتيجة محسومة"}},
    {T::NoPlayer, {"player name missing", "اسم اللاعب مفقود"}},
    {T::SamePlayer, {"same player on both sides", "اللاعب نفسه في الجانبين"}},
    {T::TpMissing, {"no TimeControl tag", "لا يوجد وسم TimeControl"}},
    {T::TpUnknown, {"time control unknown (?)", "نظام الوقت مجهول (?)"}},
    {T::TpUntimed, {"no time control (-)", "بلا نظام وقت (-)"}},
    {T::TpUnparseable, {"unparseable TimeControl", "وسم TimeControl غير مفهوم"}},
    {T::NoGames, {"no games counted", "لا مباريات محتسبة"}},
};
static_assert(std::size(kTexts) == std::size_t(T::Count));

constexpr bool texts_in_order() {
  for (std::size_t i = 0; i < std::size(kTexts); ++i)
    if (std::size_t(kTexts[i].id) != i) return false;
  return true;
}
static_assert(texts_in_order());

std::string tr(T id, pgn::Lang lang) { return kTexts[std::size_t(id)].text[std::size_t(lang)]; }

// ---- UTF-8 helpers ----

// Decodes the code point at s[i], advancing i; an invalid byte yields U+FFFD-like -1.
long next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + std::size_t(len) > s.size()) {
    ++i;
    return -1;
  }
  long cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + std::size_t(k)]);
    if ((c >> 6) != 2) {
      ++i;
      return -1;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  i += std::size_t(len);
  return cp;
}

struct Range {
  long first, last;
};

// Zero-width: combining marks of the scripts likely in player names (Latin, Cyrillic,
// Hebrew, Arabic incl. harakat, Devanagari, Thai, ...) and format characters.
constexpr Range kZeroWidth[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF}, {0x05C1, 0x05C2}, {0x05C4, 0x05C5},
    {0x05C7, 0x05C7}, {0x0610, 0x061A}, {0x061C, 0x061C}, {0x064B, 0x065F}, {0x0670, 0x0670}, {0x06D6, 0x06DC},
    {0x06DF, 0x06E4}, {0x06E7, 0x06E8}, {0x06EA, 0x06ED}, {0x0900, 0x0902}, {0x093A, 0x093A}, {0x093C, 0x093C},
    {0x0941, 0x0948}, {0x094D, 0x094D}, {0x0951, 0x0957}, {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E},
    {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x2064}, {0x2066, 0x206F},
    {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xFEFF, 0xFEFF},
};

// East Asian Wide and Fullwidth (two columns).
constexpr Range kWide[] = {
    {0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF}, {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6}, {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

bool in(const Range* begin, const Range* end, long cp) {
  return std::any_of(begin, end, [cp](const Range& r) { return cp >= r.first && cp <= r.last; });
}


std::string points(double p) { return fmt::format("{}", p); }
std::string signed_int(int v) { return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v); }
double two_decimals(double v) { return std::round(v * 100) / 100; }

std::string class_text(TimeClass c, pgn::Lang lang) {
  switch (c) {
    case TimeClass::Standard: return tr(T::Standard, lang);
    case TimeClass::Rapid: return tr(T::Rapid, lang);
    case TimeClass::Blitz: return tr(T::Blitz, lang);
    case TimeClass::Unknown: break;
  }
  return tr(T::Unknown, lang);
}

std::string problem_text(TimeProblem p, pgn::Lang lang) {
  switch (p) {
    case TimeProblem::Missing: return tr(T::TpMissing, lang);
    case TimeProblem::Unknown: return tr(T::TpUnknown, lang);
    case TimeProblem::Untimed: return tr(T::TpUntimed, lang);
    case TimeProblem::Unparseable: return tr(T::TpUnparseable, lang);
    case TimeProblem::None: break;
  }
  return "";
}

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

int display_width(std::string_view s) {
  int width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const long cp = next_code_point(s, i);
    if (cp < 0) {
      ++width;
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) continue;
    if (in(std::begin(kZeroWidth), std::end(kZeroWidth), cp)) continue;
    width += in(std::begin(kWide), std::end(kWide), cp) ? 2 : 1;
  }
  return width;
}

std::string bidi_isolate(std::string_view s) {
  // Controls and bidi overrides from a tag value are shown escaped, never obeyed.
  return "\u2068" + terminal_safe(s) + "\u2069";
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string render_text_table(const TextTable& t) {
  const std::size_t n = t.header.size();
  auto cell = [&](const std::string& s, std::size_t c) {
    return c < t.isolated.size() && t.isolated[c] ? bidi_isolate(s) : s;
  };
  std::vector<int> width(n, 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t c = 0; c < n; ++c) width[c] = std::max(width[c], display_width(row[c]));
  };
  measure(t.header);
  for (const auto& r : t.rows) measure(r);
  std::string out;
  auto line = [&](const std::vector<std::string>& row, bool body) {
    std::string l;
    for (std::size_t c = 0; c < n; ++c) {
      // Pad outside the isolate, by display width: the padding then stays in its column
      // whatever the direction of the text inside.
      const std::string pad(std::size_t(width[c] - display_width(row[c])), ' ');
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
  for (const auto& r : t.rows) line(r, true);
  return out;
}

const char* exclusion_code(ExclusionReason r) {
  switch (r) {
    case ExclusionReason::Invalid: return "invalid";
    case ExclusionReason::Unfinished: return "unfinished";
    case ExclusionReason::NoResult: return "no_result";
    case ExclusionReason::NoPlayer: return "no_player";
    case ExclusionReason::SamePlayer: return "same_player";
  }
  return "invalid";
}

std::string exclusion_text(const Exclusion& e, pgn::Lang lang) {
  switch (e.reason) {
    case ExclusionReason::Invalid:
      return e.detail.empty() ? tr(T::Invalid, lang) : tr(T::Invalid, lang) + ": " + e.detail;
    case ExclusionReason::Unfinished: return tr(T::Unfinished, lang);
    case ExclusionReason::NoResult: return tr(T::NoResult, lang) + " (" + (e.detail.empty() ? "-" : e.detail) + ")";
    case ExclusionReason::NoPlayer: return tr(T::NoPlayer, lang);
    case ExclusionReason::SamePlayer: return tr(T::SamePlayer, lang) + ": " + e.detail;
  }
  return tr(T::Invalid, lang);
}

std::string render_report_text(const EventReport& r, pgn::Lang lang, bool with_crosstable) {
  std::string out;
  // Labels are isolated too: an Arabic label before a Latin value would otherwise let a
  // bidi terminal reorder the value into the label.
  const bool rtl = lang == pgn::Lang::Ar;
  auto label = [&](T id) { return (rtl ? bidi_isolate(tr(id, lang)) : tr(id, lang)) + ": "; };
  std::string events;
  for (const auto& e : r.events) {
    if (!events.empty()) events += ", ";
    events += bidi_isolate(e);
  }
  out += label(T::Event) + (events.empty() ? "-" : events) + "\n";
  out += label(T::Games) + fmt::format("{} {}, {} {}\n", r.counted, tr(T::Counted, lang), r.excluded.size(),
                                       tr(T::Excluded, lang));
  out += label(T::AverageRating) +
         (r.standings.average_rating
              ? fmt::format("{} ({} {})\n", *r.standings.average_rating, r.standings.rated_players, tr(T::RatedPlayers, lang))
              : tr(T::NoRatedPlayers, lang) + "\n");
  for (const auto& tc : r.time_controls) {
    std::string what = tc.present ? tc.value : tr(T::NoTag, lang);
    std::string cls = class_text(tc.info.cls, lang);
    if (tc.info.seconds)
      cls += fmt::format(", {} {}", points(double(*tc.info.seconds) / 60), tr(T::Minutes, lang));
    else
      cls += ": " + problem_text(tc.info.problem, lang);
    out += label(T::TimeControl) + fmt::format("{} = {}; {}: {}\n", what, cls, tr(T::Games, lang), tc.games);
  }
  std::string k = fmt::format("{} {}", r.k_default, tr(T::ByDefault, lang));
  for (const auto& [name, value] : r.k_overrides) k += fmt::format("; {} {}", bidi_isolate(name), value);
  out += label(T::KFactor) + k + "\n\n";

  const auto& players = r.standings.players;
  if (players.empty()) {
    out += tr(T::NoGames, lang) + "\n";
  } else {
    TextTable t;
    auto column = [&](std::string heading, bool right, bool isolated) {
      t.header.push_back(rtl ? bidi_isolate(heading) : std::move(heading));
      t.right_aligned.push_back(right);
      t.isolated.push_back(isolated);
    };
    column(tr(T::Rank, lang), true, false);
    column(tr(T::Name, lang), false, true);
    column(tr(T::Rating, lang), true, false);
    if (with_crosstable)
      for (std::size_t j = 0; j < players.size(); ++j) column(fmt::format("{}", j + 1), false, false);
    for (T id : {T::Games, T::Wins, T::Draws, T::Losses, T::Points, T::DirectEncounter, T::SonnebornBerger, T::Buchholz,
                 T::Performance, T::K, T::Change})
      column(tr(id, lang), true, false);
    const auto cross = crosstable(r.standings);
    for (std::size_t i = 0; i < players.size(); ++i) {
      const auto& p = players[i];
      std::vector<std::string> row;
      row.push_back(fmt::format("{}", p.rank));
      row.push_back(p.name);
      row.push_back(p.rating ? fmt::format("{}", *p.rating) : "-");
      if (with_crosstable)
        for (std::size_t j = 0; j < players.size(); ++j) row.push_back(i == j ? "×" : cross_cell(cross[i][j], true));
      row.push_back(fmt::format("{}", p.games));
      row.push_back(fmt::format("{}", p.wins));
      row.push_back(fmt::format("{}", p.draws));
      row.push_back(fmt::format("{}", p.losses));
      row.push_back(points(p.points));
      row.push_back(p.direct_encounter ? points(*p.direct_encounter) : "-");
      row.push_back(points(p.sonneborn_berger));
      row.push_back(points(p.buchholz));
      row.push_back(p.performance ? fmt::format("{}", p.performance->rating) : "-");
      row.push_back(fmt::format("{}", p.k));
      row.push_back(p.rating_change ? signed_int(p.rating_change->rounded) : "-");
      t.rows.push_back(std::move(row));
    }
    out += render_text_table(t);
    out += '\n';
    out += tr(T::Legend, lang);
    out += '\n';
  }
  if (!r.excluded.empty()) {
    out += '\n';
    out += tr(T::ExcludedGames, lang);
    out += ":\n";
    for (const auto& e : r.excluded)
      out += fmt::format("  {}:{}: game {}, {} - {}, {}: {}\n", e.file, e.line, e.index, bidi_isolate(e.white),
                         bidi_isolate(e.black), e.result.empty() ? "-" : e.result, exclusion_text(e.exclusion, lang));
  }
  return out;
}

std::string render_report_csv(const EventReport& r, bool with_crosstable) {
  const auto& players = r.standings.players;
  std::vector<std::string> header = {"rank", "name", "fide_id", "rating"};
  if (with_crosstable)
    for (std::size_t j = 0; j < players.size(); ++j) header.push_back(fmt::format("{}", j + 1));
  for (const char* h : {"games", "wins", "draws", "losses", "points", "direct_encounter", "sonneborn_berger", "buchholz",
                        "performance", "k", "rating_change", "rating_change_exact"})
    header.push_back(h);
  std::string out;
  auto record = [&](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c) out += ',';
      out += csv_field(cells[c]);
    }
    out += "\r\n";  // RFC 4180 2.1: records end with CRLF
  };
  record(header);
  const auto cross = crosstable(r.standings);
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = players[i];
    std::vector<std::string> row = {fmt::format("{}", p.rank), p.name, p.fide_id,
                                    p.rating ? fmt::format("{}", *p.rating) : ""};
    if (with_crosstable)
      for (std::size_t j = 0; j < players.size(); ++j) row.push_back(i == j ? "" : cross_cell(cross[i][j], false));
    row.push_back(fmt::format("{}", p.games));
    row.push_back(fmt::format("{}", p.wins));
    row.push_back(fmt::format("{}", p.draws));
    row.push_back(fmt::format("{}", p.losses));
    row.push_back(points(p.points));
    row.push_back(p.direct_encounter ? points(*p.direct_encounter) : "");
    row.push_back(points(p.sonneborn_berger));
    row.push_back(points(p.buchholz));
    row.push_back(p.performance ? fmt::format("{}", p.performance->rating) : "");
    row.push_back(fmt::format("{}", p.k));
    row.push_back(p.rating_change ? fmt::format("{}", p.rating_change->rounded) : "");
    row.push_back(p.rating_change ? fmt::format("{:.2f}", p.rating_change->exact) : "");
    record(row);
  }
  return out;
}

std::string render_report_json(const EventReport& r, bool with_crosstable) {
  auto array = [](const std::vector<std::string>& items) {
    std::string a = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) a += ',';
      a += items[i];
    }
    return a + "]";
  };
  std::vector<std::string> events;
  for (const auto& e : r.events) events.push_back(json_string(e));
  std::vector<std::string> tcs;
  for (const auto& tc : r.time_controls) {
    JsonObject o;
    if (tc.present) o.field("value", tc.value); else o.null_field("value");
    o.field("class", time_class_name(tc.info.cls));
    if (tc.info.seconds) o.field("seconds_per_player", std::int64_t(*tc.info.seconds)); else o.null_field("seconds_per_player");
    if (tc.info.problem != TimeProblem::None) o.field("problem", time_problem_text(tc.info.problem)); else o.null_field("problem");
    o.field("games", tc.games);
    tcs.push_back(std::move(o).str());
  }
  std::vector<std::string> ks;
  for (const auto& [name, value] : r.k_overrides) {
    JsonObject o;
    o.field("name", name).field("k", value);
    ks.push_back(std::move(o).str());
  }
  const auto cross = crosstable(r.standings);
  std::vector<std::string> players;
  for (std::size_t i = 0; i < r.standings.players.size(); ++i) {
    const auto& p = r.standings.players[i];
    JsonObject o;
    o.field("rank", p.rank).field("name", p.name);
    if (p.fide_id.empty()) o.null_field("fide_id"); else o.field("fide_id", p.fide_id);
    if (p.rating) o.field("rating", *p.rating); else o.null_field("rating");
    o.field("games", p.games).field("wins", p.wins).field("draws", p.draws).field("losses", p.losses);
    o.field("points", p.points);
    if (p.direct_encounter) o.field("direct_encounter", *p.direct_encounter); else o.null_field("direct_encounter");
    o.field("sonneborn_berger", p.sonneborn_berger).field("buchholz", p.buchholz).field("k", p.k);
    if (p.rating_change) {
      o.field("rated_games", p.rating_change->games);
      o.field("expected", two_decimals(p.rating_change->expected));
      o.field("rating_change", p.rating_change->rounded);
      o.field("rating_change_exact", two_decimals(p.rating_change->exact));
    } else {
      o.null_field("rated_games").null_field("expected").null_field("rating_change").null_field("rating_change_exact");
    }
    if (p.performance) {
      o.field("performance", p.performance->rating);
      o.field("average_opponent", p.performance->average_opponent);
      o.field("percent", p.performance->percent);
    } else {
      o.null_field("performance").null_field("average_opponent").null_field("percent");
    }
    if (with_crosstable) {
      std::vector<std::string> row;
      for (std::size_t j = 0; j < cross[i].size(); ++j) {
        std::vector<std::string> games;
        for (int h : cross[i][j]) games.push_back(points(h / 2.0));
        row.push_back(array(games));
      }
      o.raw_field("crosstable", array(row));
    }
    players.push_back(std::move(o).str());
  }
  std::vector<std::string> excluded;
  for (const auto& e : r.excluded) {
    JsonObject o;
    o.field("file", e.file).field("game", e.index).field("line", e.line);
    o.field("white", e.white).field("black", e.black).field("result", e.result);
    o.field("reason", exclusion_code(e.exclusion.reason)).field("detail", e.exclusion.detail);
    excluded.push_back(std::move(o).str());
  }
  JsonObject o;
  o.field("type", "report").raw_field("events", array(events));
  o.field("games", r.games_read).field("counted", r.counted).field("excluded_count", std::uint64_t(r.excluded.size()));
  if (r.standings.average_rating) o.field("average_rating", *r.standings.average_rating); else o.null_field("average_rating");
  o.field("rated_players", r.standings.rated_players);
  o.raw_field("time_controls", array(tcs));
  o.field("k_default", r.k_default).raw_field("k_overrides", array(ks));
  o.raw_field("players", array(players)).raw_field("excluded", array(excluded));
  return std::move(o).str();
}

}  // namespace chesstool::report
