// SPDX-License-Identifier: MIT
// Renders an event report as an aligned text table, RFC 4180 CSV or JSON, in English or Arabic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "output/annotation_texts.hpp"
#include "tournament/result_check.hpp"
#include "tournament/standings.hpp"
#include "tournament/time_control.hpp"

namespace chesstool::tournament {

// True when s holds a strong right-to-left character (Hebrew, Arabic, Syriac, Thaana,
// N'Ko and the other right-to-left blocks and presentation forms).
bool has_rtl(std::string_view s);

// s made safe for a terminal (output::terminal_safe: controls, bidi embeddings, overrides
// and isolates inside s are shown escaped, so none can act or end the isolate early) and,
// when it holds right-to-left text, put between FIRST STRONG ISOLATE (U+2068) and POP
// DIRECTIONAL ISOLATE (U+2069) (UAX #9): an Arabic name keeps its own direction without
// reordering the columns around it. Left-to-right text gets no isolate, so a name copied
// from the report is the name.
std::string bidi_isolate(std::string_view s);

// A table to render: every row has header.size() cells.
struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right_aligned;  // per column
  std::vector<bool> isolated;       // per column: wrap the body cells in bidi isolates
                                    // (headings are printed as given: isolate them beforehand)
  // Columns made row by row as the table is rendered, at column generated_at of every row
  // (their headings are in header): a crosstable's column a player. Its n * n cells held
  // at once took seven times the memory of the text (1 GB for 5,000 players).
  std::size_t generated_at = 0;
  std::function<std::vector<std::string>(std::size_t row)> generated;
};

// Columns padded to the widest cell by display width, two spaces apart, no trailing blanks.
std::string render_text_table(const TextTable& t);

struct ExcludedGame {
  std::string file;
  std::string member;  // the archive member holding the game ("" for a plain file)
  std::uint64_t index = 0, line = 0;
  std::string white, black, result;
  Exclusion exclusion;
};

// Games counted per distinct TimeControl value (an absent tag is its own entry).
struct TimeControlCount {
  bool present = false;
  std::string value;
  TimeControlInfo info;
  std::uint64_t games = 0;
};

struct EventReport {
  std::vector<std::string> events;  // distinct Event tags of the counted games
  std::uint64_t games_read = 0;     // games of the event (after --event) read
  std::uint64_t counted = 0;
  Standings standings;
  std::vector<ExcludedGame> excluded;
  std::vector<ResultWarning> result_warnings;  // in input order, a game's in source order
  std::vector<TimeControlCount> time_controls;
  int k_default = kDefaultK;
  std::vector<std::pair<std::string, int>> k_overrides;  // --k NAME=K, as given
  std::string assumed_time_control;                       // --time-control, "" if none
};

// Readable report: summary lines, the standings table (with a crosstable when asked),
// a legend, the excluded games and the results to check. Headings and labels in `lang`,
// data as read.
std::string render_report_text(const EventReport& r, output::Lang lang, bool with_crosstable);
// One header record and one record per player (crosstable columns appended when asked).
// Excluded games are not part of the CSV table: the caller reports them elsewhere.
std::string render_report_csv(const EventReport& r, bool with_crosstable);
// One JSON object (a single line); field names are a contract documented in chesstool(1).
std::string render_report_json(const EventReport& r, bool with_crosstable);

// Reason of an exclusion in a language, e.g. "unfinished game (result *)".
std::string exclusion_text(const Exclusion& e, output::Lang lang);
// "invalid", "unfinished", "no_result", "no_player", "same_player": JSON names.
// (not_rated_text() and the other texts are in report_texts.hpp.)
const char* exclusion_code(ExclusionReason r);

}  // namespace chesstool::tournament
