// SPDX-License-Identifier: MIT
// The table of annotation texts (one row per message, one column per language) and the Termination values.
#include "output/annotation_texts.hpp"

#include <algorithm>

#include "pgn/game_end.hpp"

namespace chesstool::output {

namespace {

using Row = std::array<std::string_view, kLangCount>;

// Rows in TextId order, columns in Lang order. The Arabic uses the FIDE Laws' vocabulary as
// Arab federations write it: «الفيدي» for FIDE, «أخذ» for a capture. FIDE articles are those of the Laws of
// Chess in force since 1 January 2023. Claims: 9.2.1 lets the player about to make the
// move claim by writing it down and declaring it to the arbiter instead of playing it,
// and the player who has the move claim once the position has appeared; 9.3 the same for
// fifty moves.
constexpr std::array<Row, kTextCount> kTexts = {{
    // ThreefoldAfterWhite
    {"Threefold repetition (FIDE 9.2): this move makes the same position appear for the third time. "
     "White could have claimed a draw by writing this move on the scoresheet and declaring it to the "
     "arbiter before making it; Black may claim a draw now.",
     "تكرار الوضع ثلاث مرات (قوانين الفيدي، المادة 9.2): بهذه النقلة يظهر الوضع نفسه للمرة الثالثة. "
     "كان بإمكان الأبيض المطالبة بالتعادل بكتابة هذه النقلة في ورقة تسجيل النقلات وإعلانها للحَكَم "
     "قبل أن يلعبها، ويحق للأسود المطالبة بالتعادل الآن."},
    // ThreefoldAfterBlack
    {"Threefold repetition (FIDE 9.2): this move makes the same position appear for the third time. "
     "Black could have claimed a draw by writing this move on the scoresheet and declaring it to the "
     "arbiter before making it; White may claim a draw now.",
     "تكرار الوضع ثلاث مرات (قوانين الفيدي، المادة 9.2): بهذه النقلة يظهر الوضع نفسه للمرة الثالثة. "
     "كان بإمكان الأسود المطالبة بالتعادل بكتابة هذه النقلة في ورقة تسجيل النقلات وإعلانها للحَكَم "
     "قبل أن يلعبها، ويحق للأبيض المطالبة بالتعادل الآن."},
    // FiftyAfterWhite
    {"Fifty-move rule (FIDE 9.3): with this move the last 50 moves of each player have been made "
     "without any capture or pawn move. White could have claimed a draw by writing this move on the "
     "scoresheet and declaring it to the arbiter before making it; Black may claim a draw now.",
     "قاعدة الخمسين نقلة (قوانين الفيدي، المادة 9.3): بهذه النقلة تكتمل آخر 50 نقلة لكل لاعب "
     "دون أي أخذ أو تحريك بيدق. كان بإمكان الأبيض المطالبة بالتعادل بكتابة هذه النقلة في ورقة "
     "تسجيل النقلات وإعلانها للحَكَم قبل أن يلعبها، ويحق للأسود المطالبة بالتعادل الآن."},
    // FiftyAfterBlack
    {"Fifty-move rule (FIDE 9.3): with this move the last 50 moves of each player have been made "
     "without any capture or pawn move. Black could have claimed a draw by writing this move on the "
     "scoresheet and declaring it to the arbiter before making it; White may claim a draw now.",
     "قاعدة الخمسين نقلة (قوانين الفيدي، المادة 9.3): بهذه النقلة تكتمل آخر 50 نقلة لكل لاعب "
     "دون أي أخذ أو تحريك بيدق. كان بإمكان الأسود المطالبة بالتعادل بكتابة هذه النقلة في ورقة "
     "تسجيل النقلات وإعلانها للحَكَم قبل أن يلعبها، ويحق للأبيض المطالبة بالتعادل الآن."},
    // CheckmateWhiteWins
    {"Checkmate: the game is over, White wins (FIDE 5.1.1).",
     "كش مات: انتهت المباراة بفوز الأبيض (قوانين الفيدي، المادة 5.1.1)."},
    // CheckmateBlackWins
    {"Checkmate: the game is over, Black wins (FIDE 5.1.1).",
     "كش مات: انتهت المباراة بفوز الأسود (قوانين الفيدي، المادة 5.1.1)."},
    // Stalemate
    {"Stalemate: the game is drawn (FIDE 5.2.1).",
     "جمود (بات): انتهت المباراة بالتعادل (قوانين الفيدي، المادة 5.2.1)."},
    // DeadPosition
    {"Dead position: neither player can checkmate by any series of legal moves, so the game is drawn "
     "(FIDE 5.2.2).",
     "وضع ميت: لا يستطيع أي من اللاعبين تحقيق كش مات بأي سلسلة من النقلات القانونية، "
     "فانتهت المباراة بالتعادل (قوانين الفيدي، المادة 5.2.2)."},
    // LockedPawns
    {"Dead position: the pawns are locked for good and no mate can ever arise, so neither player can "
     "checkmate by any series of legal moves and the game is drawn (FIDE 5.2.2).",
     "وضع ميت: البيادق مسدودة لا تتحرك أبدًا ولا يمكن أن يقع كش مات، فلا يستطيع أي من اللاعبين "
     "تحقيق كش مات بأي سلسلة من النقلات القانونية، فانتهت المباراة بالتعادل (قوانين الفيدي، المادة 5.2.2)."},
    // Fivefold
    {"Fivefold repetition: the same position has appeared for the fifth time, so the game is drawn "
     "automatically (FIDE 9.6.1).",
     "تكرار الوضع خمس مرات: ظهر الوضع نفسه للمرة الخامسة، فانتهت المباراة بالتعادل تلقائيًا "
     "(قوانين الفيدي، المادة 9.6.1)."},
    // SeventyFive
    {"75-move rule: the last 75 moves of each player have been made without any capture or pawn move, "
     "so the game is drawn automatically (FIDE 9.6.2).",
     "قاعدة الخمس والسبعين نقلة: اكتملت آخر 75 نقلة لكل لاعب دون أي أخذ أو تحريك بيدق، "
     "فانتهت المباراة بالتعادل تلقائيًا (قوانين الفيدي، المادة 9.6.2)."},
    // MateBeatsSeventyFive
    {"The 75-move rule does not apply: this move gives checkmate, which takes precedence (FIDE 9.6.2).",
     "لا تُطبَّق قاعدة الخمس والسبعين نقلة: هذه النقلة كش مات، والأسبقية للكش مات "
     "(قوانين الفيدي، المادة 9.6.2)."},
    // MovesAfterEnd
    {"The moves after this one were played after the game had ended.",
     "النقلات التي تلي هذه النقلة لُعبت بعد انتهاء المباراة."},
    // MovesAfterStartEnd
    {"All the moves of this game were played after it had ended.",
     "لُعبت كل نقلات هذه المباراة بعد انتهائها."},
    // TimeDrawWhiteCannotMate
    {"Black ran out of time, but White could not checkmate by any series of legal moves, so the game is "
     "drawn (FIDE 6.9).",
     "نفد وقت الأسود، لكن الأبيض لا يستطيع تحقيق كش مات بأي سلسلة من النقلات القانونية، "
     "فانتهت المباراة بالتعادل (قوانين الفيدي، المادة 6.9)."},
    // TimeDrawBlackCannotMate
    {"White ran out of time, but Black could not checkmate by any series of legal moves, so the game is "
     "drawn (FIDE 6.9).",
     "نفد وقت الأبيض، لكن الأسود لا يستطيع تحقيق كش مات بأي سلسلة من النقلات القانونية، "
     "فانتهت المباراة بالتعادل (قوانين الفيدي، المادة 6.9)."},
    // InvalidGame
    {"this game does not replay and is copied unchanged",
     "تعذّرت إعادة لعب نقلات هذه المباراة، فنُسخت كما هي"},
}};

constexpr std::array<std::string_view, kLangCount> kCodes = {"en", "ar"};

// Texts earlier versions wrote and no longer do (the claims without the scoresheet, 9.2.1.1
// and 9.3.1 want the move written down first): a run on their output replaces them.
constexpr std::array<std::string_view, 8> kFormerTexts = {
    "Threefold repetition (FIDE 9.2): this move makes the same position appear for the third time. White could "
    "have claimed a draw by declaring this move to the arbiter before making it; Black may claim a draw now.",
    "Threefold repetition (FIDE 9.2): this move makes the same position appear for the third time. Black could "
    "have claimed a draw by declaring this move to the arbiter before making it; White may claim a draw now.",
    "Fifty-move rule (FIDE 9.3): with this move the last 50 moves of each player have been made without any "
    "capture or pawn move. White could have claimed a draw by declaring this move to the arbiter before making "
    "it; Black may claim a draw now.",
    "Fifty-move rule (FIDE 9.3): with this move the last 50 moves of each player have been made without any "
    "capture or pawn move. Black could have claimed a draw by declaring this move to the arbiter before making "
    "it; White may claim a draw now.",
    "تكرار الوضع ثلاث مرات (قوانين الفيدي، المادة 9.2): بهذه النقلة يظهر الوضع نفسه للمرة الثالثة. كان بإمكان "
    "الأبيض المطالبة بالتعادل بإعلان هذه النقلة للحَكَم قبل أن يلعبها، ويحق للأسود المطالبة بالتعادل الآن.",
    "تكرار الوضع ثلاث مرات (قوانين الفيدي، المادة 9.2): بهذه النقلة يظهر الوضع نفسه للمرة الثالثة. كان بإمكان "
    "الأسود المطالبة بالتعادل بإعلان هذه النقلة للحَكَم قبل أن يلعبها، ويحق للأبيض المطالبة بالتعادل الآن.",
    "قاعدة الخمسين نقلة (قوانين الفيدي، المادة 9.3): بهذه النقلة تكتمل آخر 50 نقلة لكل لاعب دون أي أخذ أو "
    "تحريك بيدق. كان بإمكان الأبيض المطالبة بالتعادل بإعلان هذه النقلة للحَكَم قبل أن يلعبها، ويحق للأسود "
    "المطالبة بالتعادل الآن.",
    "قاعدة الخمسين نقلة (قوانين الفيدي، المادة 9.3): بهذه النقلة تكتمل آخر 50 نقلة لكل لاعب دون أي أخذ أو "
    "تحريك بيدق. كان بإمكان الأسود المطالبة بالتعادل بإعلان هذه النقلة للحَكَم قبل أن يلعبها، ويحق للأبيض "
    "المطالبة بالتعادل الآن.",
};

}  // namespace

std::string_view lang_code(Lang lang) { return kCodes[std::size_t(lang)]; }

std::optional<Lang> lang_from_code(std::string_view code) {
  for (std::size_t i = 0; i < kLangCount; ++i)
    if (kCodes[i] == code) return Lang(i);
  return std::nullopt;
}

std::string_view annotation_text(TextId id, Lang lang) { return kTexts[std::size_t(id)][std::size_t(lang)]; }

std::span<const std::string_view> former_annotation_texts() { return kFormerTexts; }

std::size_t shortest_annotation_text() {
  static constexpr std::size_t shortest = [] {
    std::size_t n = std::string_view::npos;
    for (std::size_t id = 0; id < kTextCount; ++id) {
      if (TextId(id) == TextId::InvalidGame) continue;
      for (std::string_view t : kTexts[id]) n = std::min(n, t.size());
    }
    return n;
  }();
  return shortest;
}

}  // namespace chesstool::output
