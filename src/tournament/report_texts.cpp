// SPDX-License-Identifier: MIT
// The report's texts in English and Arabic. The Arabic follows the vocabulary of the FIDE
// Laws as Arab federations write them («الفيدي» for FIDE), Arabic punctuation and the
// number agreement of counted nouns.
#include "tournament/report_texts.hpp"

#include <fmt/core.h>

#include <array>

namespace chesstool::tournament {

namespace {

struct Text {
  T id;
  std::array<const char*, output::kLangCount> text;  // en, ar
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
    {T::Performance, {"Perf", "الأداء"}},
    {T::K, {"K", "K"}},
    {T::Change, {"Change", "التغير"}},
    {T::Score, {"Score", "النتيجة"}},
    {T::Expected, {"Expected", "المتوقع"}},
    {T::Initial, {"Initial rating", "التصنيف الأولي"}},
    {T::Event, {"Event", "البطولة"}},
    {T::Counted, {"counted", "محتسبة"}},
    {T::Excluded, {"excluded", "مستبعدة"}},
    {T::AverageRating, {"Average rating", "متوسط التصنيف"}},
    {T::RatedPlayers, {"rated players", "لاعبين مصنفين"}},
    {T::NoRatedPlayers, {"no rated players", "لا لاعبين مصنفين"}},
    {T::TimeControl, {"Time control", "نظام الوقت"}},
    {T::NoTag, {"(no tag)", "(بلا وسم)"}},
    {T::KFactor, {"K factor", "معامل K"}},
    {T::ByDefault, {"by default", "افتراضيًا"}},
    {T::RapidBlitzK,
     {"in every list, 10 for a rating of 2400 or more, lowered so that K x games <= 700",
      "في كل القوائم، و10 لتصنيف 2400 أو أكثر، ويُخفض حتى لا يتجاوز K × عدد المباريات 700"}},
    {T::Kind, {"Kind", "نوع البطولة"}},
    {T::RoundRobin, {"round robin (every pair has a game)", "دوري (كل لاعبَين تقابلا)"}},
    {T::Swiss, {"Swiss (not every pair has a game)", "سويسري (لم يتقابل كل لاعبَين)"}},
    {T::RoundRobinGiven, {"round robin (as given with --kind)", "دوري (كما حُدِّد بالخيار --kind)"}},
    {T::SwissGiven, {"Swiss (as given with --kind)", "سويسري (كما حُدِّد بالخيار --kind)"}},
    {T::Rounds, {"rounds", "جولات"}},
    {T::RoundsUnnumbered, {"rounds not numbered by Round tags", "الجولات غير مرقمة بوسوم Round"}},
    {T::TieBreaks, {"Tie-breaks", "كسر التعادل"}},
    {T::Recommended,
     {"chesstool's default for this kind; C.07 4.1 leaves the list to the organiser",
      "الافتراضي في chesstool لهذا النوع؛ وتترك المادة 4.1 من C.07 القائمة للمنظم"}},
    {T::Chosen, {"as chosen with --tiebreaks", "كما اختيرت بالخيار --tiebreaks"}},
    {T::ExcludedGames, {"Excluded games", "المباريات المستبعدة"}},
    {T::ResultsToCheck, {"Results to check (counted as recorded)", "نتائج يجب التحقق منها (محتسبة كما سُجِّلت)"}},
    {T::NotRatedGames, {"Counted but not rated", "مباريات محتسبة في الترتيب وغير محتسبة في التصنيف"}},
    {T::RatingList, {"Rating list", "قائمة التصنيف"}},
    {T::Standard, {"standard", "الكلاسيكي"}},
    {T::Rapid, {"rapid", "السريع"}},
    {T::Blitz, {"blitz", "الخاطف"}},
    {T::Unknown, {"unknown", "غير معروف"}},
    {T::Game, {"game", "المباراة"}},
    {T::Invalid, {"invalid game", "مباراة غير صالحة"}},
    {T::Unfinished, {"unfinished game (result *)", "مباراة غير منتهية (النتيجة *)"}},
    {T::EndedUnrecorded, {"a game that ended, its result not recorded", "مباراة انتهت دون تسجيل نتيجتها"}},
    {T::NoResult, {"no decided result", "لا نتيجة محسومة"}},
    {T::NoPlayer, {"player name missing", "اسم اللاعب مفقود"}},
    {T::SamePlayer, {"same player on both sides", "اللاعب نفسه في الجانبين"}},
    {T::Duplicate, {"listed twice: the same game as the one at", "مدرجة مرتين: هي نفسها المباراة في"}},
    {T::TpMissing, {"no TimeControl tag", "لا يوجد وسم TimeControl"}},
    {T::TpUnknown, {"time control unknown (?)", "نظام الوقت مجهول (?)"}},
    {T::TpUntimed, {"no time control (-)", "بلا نظام وقت (-)"}},
    {T::TpUnparseable, {"unparseable TimeControl", "وسم TimeControl غير مفهوم"}},
    {T::NoGames, {"no games counted", "لا مباريات محتسبة"}},
    {T::NoMove, {"unplayed: no move was made", "لم تُلعب: لم تُنقل أي قطعة"}},
    {T::Forfeit, {"unplayed: forfeit", "لم تُلعب: خسارة بعدم الحضور"}},
    {T::UnknownClass, {"time control class unknown", "فئة نظام الوقت غير معروفة"}},
    {T::BelowMinimum, {"standard game under FIDE's minimum time", "مباراة كلاسيكية بأقل من الحد الأدنى للوقت عند الفيدي"}},
    {T::BothUnrated, {"both players unrated", "اللاعبان غير مصنفين"}},
    {T::OneSideMoved,
     {"unplayed: only one player made a move (FIDE rates a game when both have moved)",
      "لم تُلعب: نقل لاعب واحد فقط (يصنّف الفيدي المباراة إذا نقل كلا اللاعبين)"}},
    {T::FirstControl30,
     {"standard game whose first time control has fewer than 30 moves",
      "مباراة كلاسيكية أول مراقبة وقت فيها أقل من 30 نقلة"}},
    {T::RatingGap600,
     {"rapid or blitz game with a rating gap of 600 or more and a player rated above 2600",
      "مباراة سريعة أو خاطفة بفارق تصنيف 600 أو أكثر ولاعب مصنف فوق 2600"}},
    {T::BlitzMinimum, {"blitz game of 3 min or less per player", "مباراة خاطفة بثلاث دقائق أو أقل لكل لاعب"}},
    {T::NotEnoughGames, {"not enough games", "مباريات غير كافية"}},
    {T::ZeroScore, {"no point against rated opponents: disregarded", "لا نقاط أمام منافسين مصنفين: لا تُحتسب"}},
    {T::BelowFloor, {"under the 1400 floor: not published", "دون الحد الأدنى 1400: لا يُنشر"}},
    {T::Capped, {"capped at 2200", "بحد أقصى 2200"}},
    {T::LegendPerf, {"Perf performance rating Ra + dp (FIDE table 8.1.1)", "الأداء: Ra + dp (جدول الفيدي 8.1.1)"}},
    {T::LegendChange,
     {"Change K x (score - expected), expected from FIDE table 8.1.2, rounded once",
      "التغير: K × (النتيجة - المتوقع)، والمتوقع من جدول الفيدي 8.1.2، مقربًا مرة واحدة"}},
};
static_assert(std::size(kTexts) == std::size_t(T::Count));

constexpr bool texts_in_order() {
  for (std::size_t i = 0; i < std::size(kTexts); ++i)
    if (std::size_t(kTexts[i].id) != i) return false;
  return true;
}
static_assert(texts_in_order());

bool arabic(output::Lang lang) { return lang == output::Lang::Ar; }

// A number with its noun: English "n unit"; Arabic by number agreement.
std::string counted(std::int64_t n, const char* en_unit, const std::array<const char*, 3>& ar, output::Lang lang) {
  if (!arabic(lang)) return fmt::format("{} {}", n, en_unit);
  const std::int64_t tail = n % 100;
  if (n == 2) return fmt::format("{} {}", n, ar[1]);  // the dual
  if (tail >= 3 && tail <= 10) return fmt::format("{} {}", n, ar[2]);  // plural
  return fmt::format("{} {}", n, ar[0]);  // 1, 11 and more: the singular
}

}  // namespace

std::string tr(T id, output::Lang lang) { return kTexts[std::size_t(id)].text[std::size_t(lang)]; }
std::string comma(output::Lang lang) { return arabic(lang) ? "، " : ", "; }
std::string semicolon(output::Lang lang) { return arabic(lang) ? "؛ " : "; "; }

std::string duration_text(std::int64_t seconds, output::Lang lang) {
  const std::int64_t m = seconds / 60, s = seconds % 60;
  const std::string min = counted(m, "min", {"دقيقة", "دقيقتان", "دقائق"}, lang);
  const std::string sec = counted(s, "s", {"ثانية", "ثانيتان", "ثوانٍ"}, lang);
  if (m == 0) return sec;
  if (s == 0) return min;
  return arabic(lang) ? min + " و" + sec : min + " " + sec;
}

std::string rounds_text(int rounds, output::Lang lang) {
  return counted(rounds, rounds == 1 ? "round" : "rounds", {"جولة", "جولتان", "جولات"}, lang);
}

std::string class_text(TimeClass c, output::Lang lang) {
  switch (c) {
    case TimeClass::Standard: return tr(T::Standard, lang);
    case TimeClass::Rapid: return tr(T::Rapid, lang);
    case TimeClass::Blitz: return tr(T::Blitz, lang);
    case TimeClass::Unknown: break;
  }
  return tr(T::Unknown, lang);
}

std::string problem_text(TimeProblem p, output::Lang lang) {
  switch (p) {
    case TimeProblem::Missing: return tr(T::TpMissing, lang);
    case TimeProblem::Unknown: return tr(T::TpUnknown, lang);
    case TimeProblem::Untimed: return tr(T::TpUntimed, lang);
    case TimeProblem::Unparseable: return tr(T::TpUnparseable, lang);
    case TimeProblem::None: break;
  }
  return "";
}

std::string not_rated_text(const Rateability& r, const EventGame& g, output::Lang lang) {
  const bool ar = arabic(lang);
  switch (r.why) {
    case NotRated::Rated: return "";
    case NotRated::NoMove: return tr(T::NoMove, lang);
    case NotRated::Forfeit:
      return tr(T::Forfeit, lang) + " (" + (g.unplayed == Unplayed::ForfeitResult ? g.result : "Termination \"" + g.termination + "\"") + ")";
    case NotRated::UnknownClass: return tr(T::UnknownClass, lang) + ": " + problem_text(g.time_control.problem, lang);
    case NotRated::OneSideMoved: return tr(T::OneSideMoved, lang);
    case NotRated::FirstControlUnder30Moves:
      return fmt::format("{}: {}", tr(T::FirstControl30, lang), g.time_control.periods.front().moves);
    case NotRated::RatingGap600: return tr(T::RatingGap600, lang);
    case NotRated::BelowMinimumTime: {
      if (r.rating_needing_it < 0)
        return tr(T::BlitzMinimum, lang) + ": " + duration_text(*g.time_control.seconds, lang);
      const std::string need = duration_text(std::int64_t(r.minimum_minutes) * 60, lang);
      const std::string given = duration_text(*g.time_control.seconds, lang);
      const std::string who = r.rating_needing_it == 0 ? (ar ? "كلا اللاعبين دون 1800" : "both under 1800")
                              : ar ? fmt::format("لاعب مصنف {} أو أكثر", r.rating_needing_it)
                                   : fmt::format("a player rated {} or more", r.rating_needing_it);
      return ar ? fmt::format("{}: {} لكل لاعب ({})، والمعطى {}", tr(T::BelowMinimum, lang), need, who, given)
                : fmt::format("{}: {} per player ({}), {} given", tr(T::BelowMinimum, lang), need, who, given);
    }
    case NotRated::BothUnrated: return tr(T::BothUnrated, lang);
  }
  return "";
}

std::string initial_text(const InitialRating& r, output::Lang lang) {
  switch (r.status) {
    case InitialStatus::Rated:
      return fmt::format("{}", *r.rating) + (r.capped ? " (" + tr(T::Capped, lang) + ")" : "");
    case InitialStatus::NotEnoughGames:
      return arabic(lang) ? fmt::format("{} ({} من {})", tr(T::NotEnoughGames, lang), r.games, kInitialMinGames)
                          : fmt::format("{} ({} of {})", tr(T::NotEnoughGames, lang), r.games, kInitialMinGames);
    case InitialStatus::ZeroScore: return tr(T::ZeroScore, lang);
    case InitialStatus::BelowFloor: return fmt::format("{}: {}", *r.rating, tr(T::BelowFloor, lang));
  }
  return "";
}

std::string tiebreak_legend(TieBreak t, output::Lang lang) {
  struct L {
    TieBreak t;
    const char* en;
    const char* ar;
  };
  static constexpr L kLegend[] = {
      {TieBreak::DE, "direct encounter (C.07 6)", "المواجهة المباشرة (C.07، المادة 6)"},
      {TieBreak::WIN, "wins, unplayed included (7.1)", "عدد مرات الفوز ومنها غير الملعوبة (7.1)"},
      {TieBreak::WON, "games won over the board (7.2)", "المباريات المكسوبة على الرقعة (7.2)"},
      {TieBreak::BPG, "games played with Black (7.3)", "المباريات الملعوبة بالأسود (7.3)"},
      {TieBreak::BWG, "games won with Black (7.4)", "مرات الفوز بالأسود (7.4)"},
      {TieBreak::PS, "sum of progressive scores (7.5)", "مجموع النقاط التراكمية (7.5)"},
      {TieBreak::BH, "Buchholz (8.1)", "بوخهولز (8.1)"},
      {TieBreak::BH_C1, "Buchholz cut 1 (8.1, 14)", "بوخهولز بحذف الأدنى (8.1، 14)"},
      {TieBreak::BH_M1, "median Buchholz 1 (8.1, 14)", "بوخهولز الوسيط (8.1، 14)"},
      {TieBreak::SB, "Sonneborn-Berger (9.1)", "زونبورن-برغر (9.1)"},
      {TieBreak::KS, "Koya system (9.2)", "نظام كويا (9.2)"},
      {TieBreak::ARO, "average rating of opponents (10.1)", "متوسط تصنيف المنافسين (10.1)"},
      {TieBreak::AROC1, "average rating of opponents cut 1 (10.1, 14)", "متوسط تصنيف المنافسين بحذف الأدنى (10.1، 14)"},
      {TieBreak::TPR, "tournament performance rating (10.2)", "تصنيف الأداء في البطولة (10.2)"},
  };
  for (const auto& l : kLegend)
    if (l.t == t) return std::string(tiebreak_code(t)) + " " + (arabic(lang) ? l.ar : l.en);
  return tiebreak_code(t);
}

}  // namespace chesstool::tournament
