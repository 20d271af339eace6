// SPDX-License-Identifier: MIT
// The one replayer: every move of a parsed game (mainline and every variation) through
// the rules engine, with its diagnostics and adjudication, and, when asked, the game tree.
// validate, convert, annotate and report all read games through it.
#pragma once

#include <cstdint>
#include <forward_list>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/recycled.hpp"
#include "pgn/clock_check.hpp"
#include "pgn/game.hpp"
#include "pgn/game_end.hpp"
#include "pgn/game_report.hpp"
#include "pgn/game_splitter.hpp"
#include "pgn/movetext_parser.hpp"

namespace chesstool::pgn {

// What the replay keeps besides the report.
enum class Keep : std::uint8_t {
  Report,    // diagnostics and adjudication only (validate, report)
  Mainline,  // also the mainline's moves (convert to UCI, LAN, FEN, EPD)
  Tree,      // also comments, NAGs and variations (convert to PGN or JSON, annotate)
};

// Watches the mainline as the replayer plays it, so that a caller that looks at positions
// (filter's criteria, the opening classifier) needs no replay of its own: the start
// position, then every mainline move with the position it leads to. Each call returns
// whether the observer still wants to see more; once it says no it is not called again.
class MainlineObserver {
 public:
  virtual ~MainlineObserver() = default;
  virtual bool start(const Position& pos) = 0;
  // ply: the half-moves played from the start position, this one included.
  virtual bool moved(Move move, const Position& after, int ply) = 0;
};

// Bounds on what one game can make the replayer hold, so that memory follows the size of
// the input and not a multiple of it (a 4 MB game of stray ')' once held 468 MB of
// diagnostics, one of '(' 910 MB of positions).
// Problems listed per game; the rest are counted, and one too-many-problems diagnostic
// says how many. Real files reach hundreds: a game in coordinate notation has a warning
// per move under --strict (124 in the corpus's python-chess-uci-moves.pgn), a file of tag
// sections only is one game with a duplicate-tag warning per tag (749 in
// scalachess-uzchesscup-headers-only.pgn). A listed problem takes about 0.4 KB: 0.4 MB a
// game, and with --jobs at most 512 games' reports wait in order (8 batches of 64), so
// at most 0.2 GB whatever the input.
inline constexpr std::size_t kMaxListedProblems = 1000;
// Variations open inside one another that are still replayed: each holds two positions
// (about 0.4 KB), so at most about 4 MB; one deeper is reported (variation-too-deep) and
// skipped unread with everything inside it. Far beyond any real game's nesting (tens).
inline constexpr std::size_t kMaxVariationDepth = 10000;

struct ReplayOptions {
  // Report lenient notation (0-0, e8Q, Ng1-f3, missing +, ...) as warnings, and the
  // result problems of the adjudication as errors instead of warnings.
  bool strict = false;
  Keep keep = Keep::Report;
  // Stop replaying at the first error (nothing after it is reported): for callers that
  // only need to know whether the game replays.
  bool stop_at_first_error = false;
  // Told about every mainline position (see MainlineObserver); not owned.
  MainlineObserver* observer = nullptr;
  // Stop replaying once the observer has seen all it wants: for callers that need
  // nothing else from the replay (the report then covers only the moves before).
  bool stop_with_observer = false;
  // Skip the variations unread: their moves are neither replayed nor checked.
  bool mainline_only = false;
  // Read the comments' embedded commands: the clock check (clock-inconsistent) and
  // malformed-command. Off for callers that use no warning (filter, dedupe).
  bool check_comments = true;
  // When a game is kept, its tags move into Game::tags rather than being copied, and
  // GameReport::tags is left empty: for callers that read the tags of a kept game from
  // the game only (annotate, convert). A copy was 4% of annotate's time.
  bool move_tags_to_game = false;
  // GameReport::tags only for a game with an error or a warning: for validate without
  // JSON, where the tags only name a game whose problems are printed (copying every tag
  // of every game cost about 5% of its time). The replay itself reads them either way.
  bool tags_only_with_problems = false;
};

// A Visitor that replays every SAN token through the rules engine: plain moves take the
// fast path (play_plain_san) unless --strict wants their notation checked, every other
// token the full resolver. A variation starts from the position before the move it
// replaces. Explicit stacks only, so any nesting depth is safe. Never throws for bad input.
class Replayer final : public Visitor {
 public:
  explicit Replayer(const ReplayOptions& options, const RawGame* raw = nullptr);
  ~Replayer() override;
  Replayer(const Replayer&) = delete;
  Replayer& operator=(const Replayer&) = delete;

  void tag(std::string_view name, std::string_view value, const SourceLoc&) override;
  // tag() for the parser, which warns of a repeated name (duplicate-tag) when this says
  // the name was given before: false then, and nothing is kept. One test of the name
  // serves both, where the parser has its own for other visitors.
  bool new_tag(std::string_view name, std::string_view value, const SourceLoc& loc);
  void begin_movetext() override;
  void san(std::string_view token, const SourceLoc& loc) override;
  void nag(int code, std::string_view written, const SourceLoc&) override;
  void comment(std::string_view text, const SourceLoc&) override;
  void begin_variation(const SourceLoc& loc) override;
  void end_variation(const SourceLoc&) override;
  void result(std::string_view token, const SourceLoc& loc) override;
  void problem(Severity severity, std::string_view code, std::string message, const SourceLoc& loc,
               std::string_view token) override;
  void end_game() override;

  const GameReport& report() const { return report_; }
  // After end_game(): whether the whole mainline replayed from a valid start position
  // without an error in it (variations aside), and not stopped early; then game_end()
  // says how it ended.
  bool mainline_replayed() const { return mainline_replayed_; }
  const GameEnd& game_end() const { return game_end_; }
  // Where the result is written: the first Result tag, and the termination marker (after
  // end_game(); none when the game has none).
  std::optional<SourceLoc> result_tag_place() const { return result_tag_loc_; }
  std::optional<SourceLoc> marker_place() const { return marker_seen_ ? std::optional(result_loc_) : std::nullopt; }
  // Whether the observer stopped the replay (stop_with_observer).
  bool stopped() const { return stopped_; }
  // Whether mainline_only passed over a variation unread: the report then says nothing
  // of its moves, so a valid report is no proof that the game is valid.
  bool variations_skipped() const { return variations_skipped_; }
  // After end_game(): the report, and the game when the options keep one and every move
  // replayed (an empty Game otherwise). Call each once.
  GameReport take_report() { return std::move(report_); }
  Game take_game() { return std::move(game_); }

 private:
  struct LineState;
  bool play_resolved(LineState& line, std::string_view text, const SourceLoc& loc, bool mainline, Move& move, bool& is_null,
                     bool& canonical, Position::Undo& undo);
  void moves_after_end(const LineState& line, std::string_view text, const SourceLoc& loc);
  void keep_move(LineState& line, Move move, std::string_view text, bool canonical);
  void add(Severity severity, std::string_view code, const SourceLoc& loc, int ply, std::string_view token, std::string message,
           const Position* pos);
  void result_problem(std::string_view code, const SourceLoc& loc, int ply, std::string_view token, std::string message);
  void setup_start_position();
  void check_result();
  void observed(bool wants_more);
  // Out of line: comment() stays small for the many comments without a command.
  [[gnu::noinline]] void read_commands(std::string_view text, const SourceLoc& loc);
  SourceLoc within_comment(std::string_view text, std::string_view part, const SourceLoc& loc) const;
  void check_clock(double clock, std::string_view text, std::size_t at, const SourceLoc& loc);
  void close_line(LineState& line);
  void keep_between_variations(LineState& line, std::vector<Line>& variations);
  bool keeping() const { return options_.keep != Keep::Report && report_.valid; }
  // The innermost open line is the mainline (no variation open, replayed or not).
  bool in_mainline() const;
  void list_unlisted_problems();
  int earlier_spelling(std::string_view name, int& standard);
  // text itself when it lies in the game's text, which outlives the replay; else a copy the
  // replayer keeps (a value the parser unescaped into its scratch, a game read from JSON).
  // Inline: asked of every tag's name and value.
  std::string_view kept_text(std::string_view text) { return in_game_text(text) ? text : copied_text(text); }
  std::string_view copied_text(std::string_view text);
  const std::string_view* tag_any_case(std::string_view name) const;
  // Whether text lies in the game's text (not in a buffer of the parser's, which its next
  // token may overwrite).
  bool in_game_text(std::string_view text) const {
    const auto at = reinterpret_cast<std::uintptr_t>(text.data());
    return at >= text_from_ && at - text_from_ <= text_size_ && text.size() <= text_size_ - (at - text_from_) &&
           !text.empty();
  }
  void copy_tags_out();

  ReplayOptions options_;
  GameReport report_;
  Game game_;
  RecycledVector<LineState> lines_;  // the mainline, then the open variations
  GameEnd game_end_;
  SourceLoc result_loc_{};
  bool marker_seen_ = false;  // result_loc_ is a termination marker's place
  const RawGame* raw_ = nullptr;  // the game's text, when given
  // Where raw_'s text lies (none without it), for in_game_text.
  std::uintptr_t text_from_ = 0;
  std::size_t text_size_ = 0;
  std::uint64_t last_move_end_ = 0;  // byte offset just after the last mainline move
  // The places of the tags that may be FEN or Variant, by index in tags_.
  std::vector<std::pair<std::size_t, SourceLoc>> set_up_tag_locs_;
  std::uint64_t tag_bits_ = 0;  // tag_name_bit of every name in tags_
  std::uint64_t folded_tag_bits_ = 0;  // tag_name_bit_ignoring_case of every name in tags_
  // Per standard tag, the index in tags_ of its last spelling in any letter case
  // (-1: none); built when a game first spells one a second way, so that thousands of
  // spellings cost no scan of every tag each (see tag()).
  std::vector<int> last_spelling_;
  // The game's tags, first of each name only, as views into the game's text or into
  // tag_copies_ (a value the parser unescaped, or a game given without its text). Copied
  // into report_.tags (or game_.tags) at end_game().
  RecycledVector<TagView> tags_;
  std::forward_list<std::string> tag_copies_;  // a forward_list: no allocation until used
  // tags_' names once there are more than kScannedTagNames: TagNameSet's rule.
  std::unordered_set<std::string_view> tag_name_set_;
  std::optional<SourceLoc> result_tag_loc_;  // the Result tag's place (see tag())
  bool result_tag_exact_ = false;            // a tag is spelt "Result"; else one in another case may count
  bool movetext_seen_ = false;
  bool skip_moves_ = false;
  bool moves_after_end_reported_ = false;
  bool observing_ = false;          // the observer still wants positions
  bool mainline_broken_ = false;    // an error that is not in a variation
  bool mainline_replayed_ = false;
  bool stopped_ = false;
  bool variations_skipped_ = false;
  ClockCheck clocks_;
  bool clocks_started_ = false;
  // The mainline ply of the last clock checked, and the index in report_.warnings of the
  // warning it gave (SIZE_MAX: none): a second clock after the same move takes it back.
  int clock_ply_ = 0;
  std::size_t clock_warning_ = SIZE_MAX;
  Color start_side_ = White;
  int start_fullmove_ = 1;
  std::string_view last_move_;  // the last mainline move's token, in the game's text
  int skipped_depth_ = 0;           // variations being skipped (mainline_only)
  // Variations born dead (they branch from a position never reached, or follow no move,
  // or open too deep): nothing in them is replayed, so they are counted rather than
  // held as lines, and nesting them costs no memory.
  std::uint64_t dead_depth_ = 0;
  bool too_deep_reported_ = false;
  std::size_t listed_problems_ = 0;   // in report_.errors and report_.warnings
  SourceLoc first_unlisted_{};        // where the first problem not listed is
};

// One game read through the Replayer.
struct Replayed {
  GameReport report;
  Game game;  // filled when options.keep is not Report and report.valid
  bool ok() const { return report.valid; }
  // The first error met, nullptr when the game replayed.
  const Diagnostic* error() const { return report.errors.empty() ? nullptr : &report.errors.front(); }
};
Replayed replay_game(const RawGame& raw, const ReplayOptions& options);

// The game tree when every move replays (the replay stops at the first error).
Replayed build_game(const RawGame& raw, Keep keep = Keep::Tree);

// validate's view: the report only.
GameReport check_game(const RawGame& raw, const ReplayOptions& options = {});

}  // namespace chesstool::pgn
