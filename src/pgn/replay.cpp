// SPDX-License-Identifier: MIT
// The replayer: SAN tokens through the rules engine, variations from their branch point,
// diagnostics with positions, the mainline adjudication, and the game tree when kept.
#include "pgn/replay.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/encoding.hpp"
#include "pgn/standard_tags.hpp"
#include "pgn/start_position.hpp"

namespace chesstool::pgn {

namespace {

std::string shown(std::string_view token, std::size_t max = kExcerptBytes) { return message_excerpt(token, max); }

// "23.", "23..." for the move about to be played in pos.
std::string move_label(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? "." : "...");
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Consecutive comments become one, separated by a space (an empty one adds nothing).
void append_comment(std::string& to, std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  if (text.empty()) return;
  if (!to.empty()) to += ' ';
  to += text;
}

// The suffix glyph of a move token ("Nf3!?" -> 5), 0 when it has none.
int token_glyph(std::string_view token) {
  // Every glyph glyph_nag knows ends in '!' or '?': nearly every token is decided by its
  // last byte.
  if (token.empty() || (token.back() != '!' && token.back() != '?')) return 0;
  // A plain loop: find_first_of calls memchr once per character of every move token.
  for (std::size_t at = 0; at < token.size(); ++at)
    if (token[at] == '!' || token[at] == '?') return glyph_nag(token.substr(at));
  return 0;
}

// Whether text is the canonical SAN of move (played from pos to after).
bool is_canonical_san(const Position& pos, Move move, const Position& after, std::string_view text) {
  std::string san;  // at most seven characters: no allocation
  append_san(pos, move, after, san);
  return san == text;
}

}  // namespace

// One line of play (the mainline or a variation): the current position and the one
// before the last move, where a variation of that move starts. The two slots swap
// roles, so a move costs no position copy.
struct Replayer::LineState {
  // Moves are made in place, with what takes the last one back: a copy of the position
  // before every move cost more than the move itself, and only a variation starting
  // (rare) goes back to it.
  Position position;
  Move last_move;
  Position::Undo last_undo;
  bool has_prev = false;  // last_move was played in this line
  const Position& pos() const { return position; }
  Position prev() const {
    Position p = position;
    p.unmake_move(last_move, last_undo);
    return p;
  }
  void played(Move m) {
    last_move = m;
    has_prev = true;
  }
  void reset(const Position& p) {
    position = p;
    has_prev = false;
  }
  bool dead = false;  // an error stopped this line: later moves are not checked
  int skipped = 0;    // move tokens seen since the line died
  int ply = 0;
  // The game tree, when kept: where this line's moves go (nullptr: replayed, not kept).
  Line* tree = nullptr;
  std::string pending;           // comments waiting for the line's next move
  bool after_variation = false;  // a variation of the last move just closed
  bool had_move = false;         // a move token was read in this line (played or not)
  SourceLoc opened{};            // a variation's '('
};

Replayer::Replayer(const ReplayOptions& options, const RawGame* raw) : options_(options), raw_(raw) {
  if (raw) {
    text_from_ = reinterpret_cast<std::uintptr_t>(raw->text.data());
    text_size_ = raw->text.size();
    report_.index = raw->index;
    report_.line = raw->line;
    report_.byte_offset = raw->byte_offset;
    report_.column = raw->column;
  }
  // Room for a downloaded game's tags at once (the Seven Tag Roster, Elos, ECO, clocks...):
  // one allocation, rather than reallocations that move every tag so far.
  tags_.reserve(20);
}

Replayer::~Replayer() = default;

void Replayer::tag(std::string_view name, std::string_view value, const SourceLoc& loc) { new_tag(name, value, loc); }

bool Replayer::new_tag(std::string_view name, std::string_view value, const SourceLoc& loc) {
  // A duplicate: the first one counts (the parser warns, duplicate-tag).
  const std::uint64_t bit = tag_name_bit(name);
  if (tag_bits_ & bit) {
    if (tag_name_set_.empty()) {
      for (const auto& [k, v] : tags_)
        if (same_tag_name(k, name)) return false;
    } else if (tag_name_set_.contains(name)) {
      return false;
    }
  }
  tag_bits_ |= bit;
  // A standard tag a second time in another letter case ([white] beside [White]): PGN
  // output writes both names in the standard spelling and keeps one of them. Only a name
  // whose length and first letter, in either case, came before can be one.
  const std::uint64_t folded = tag_name_bit_ignoring_case(name);
  const bool may_repeat = (folded_tag_bits_ & folded) != 0;
  int standard = -1;  // the name's index in kStandardTags, looked up only when needed
  if (may_repeat) {
    if (const int earlier = earlier_spelling(name, standard); earlier >= 0)
      add(Severity::Warning, "duplicate-tag-case", loc, 0, name,
          "tag '" + shown(name) + "' repeats '" + shown(tags_[std::size_t(earlier)].first) +
              "' in another letter case: PGN output keeps one " + std::string(kStandardTags[standard]) + " tag",
          nullptr);
  } else if (!last_spelling_.empty()) {
    standard = standard_tag_index(name);
  }
  folded_tag_bits_ |= folded;
  const TagView& kept = tags_.emplace_back(kept_text(name), kept_text(value));
  if (standard >= 0 && !last_spelling_.empty()) last_spelling_[std::size_t(standard)] = int(tags_.size() - 1);
  // As in the parser: past a few dozen names, a hash set.
  if (!tag_name_set_.empty()) {
    tag_name_set_.insert(kept.first);
  } else if (tags_.size() > kScannedTagNames) {
    for (const auto& [k, v] : tags_) tag_name_set_.insert(k);
  }
  // The Result tag's place: the one spelt so, else the first in another letter case (the
  // one tag_any_case("Result") reads).
  if (name.size() == 6 && name == "Result") {
    result_tag_exact_ = true;
    result_tag_loc_ = loc;
  } else if (!result_tag_loc_ && detail::equal_ignoring_case(name, "Result")) {
    result_tag_loc_ = loc;
  }
  // A name FEN, Variant or SetUp in some letter case may be the tag resolve_start_position
  // reads: its notes point at that tag's place.
  if (may_be_set_up_tag(name, "FEN") || may_be_set_up_tag(name, "Variant") || may_be_set_up_tag(name, "SetUp"))
    set_up_tag_locs_.emplace_back(tags_.size() - 1, loc);
  return true;
}

// The index in tags_ of the last tag that is the standard tag `name` in another letter
// case, -1 when there is none; standard is name's index in kStandardTags when it was
// looked up (it is for every index returned).
int Replayer::earlier_spelling(std::string_view name, int& standard) {
  if (last_spelling_.empty() && tags_.size() <= kScannedTagNames) {
    // Few names: a scan. The bits collide in most games (Round and Black share one), and
    // a scan of a dozen names that finds none costs less than the index it saves.
    for (std::size_t i = tags_.size(); i-- > 0;)
      if (detail::equal_ignoring_case(tags_[i].first, name)) {
        standard = standard_tag_index(name);
        return standard >= 0 ? int(i) : -1;
      }
    return -1;
  }
  standard = standard_tag_index(name);
  if (standard < 0) return -1;
  if (last_spelling_.empty()) {  // the first time in this game: the spellings so far, once
    last_spelling_.assign(std::size(kStandardTags), -1);
    for (std::size_t i = 0; i < tags_.size(); ++i)
      if (const int s = standard_tag_index(tags_[i].first); s >= 0) last_spelling_[std::size_t(s)] = int(i);
  }
  return last_spelling_[std::size_t(standard)];
}

// tag_value_any_case of the game's tags, with no scan for a name no tag has in any letter
// case (Termination, in most games).
const std::string_view* Replayer::tag_any_case(std::string_view name) const {
  if ((folded_tag_bits_ & tag_name_bit_ignoring_case(name)) == 0) return nullptr;
  return tag_value_any_case(tags_, name);
}

// A copy of text the replayer keeps, for kept_text.
std::string_view Replayer::copied_text(std::string_view text) { return tag_copies_.emplace_front(text); }

// The tags into the report, or into the kept game (see ReplayOptions).
void Replayer::copy_tags_out() {
  const bool wanted = !options_.tags_only_with_problems || !report_.errors.empty() || !report_.warnings.empty();
  if (!wanted && !keeping()) return;
  std::vector<std::pair<std::string, std::string>> tags;
  tags.reserve(tags_.size());
  for (const auto& [name, value] : tags_)
    tags.emplace_back(std::piecewise_construct, std::forward_as_tuple(name), std::forward_as_tuple(value));
  if (keeping()) {
    if (options_.move_tags_to_game) {
      game_.tags = std::move(tags);
      return;
    }
    game_.tags = tags;
  }
  if (wanted) report_.tags = std::move(tags);
}

void Replayer::begin_movetext() { setup_start_position(); }

bool Replayer::in_mainline() const { return lines_.size() == 1 && dead_depth_ == 0; }

void Replayer::san(std::string_view text, const SourceLoc& loc) {
  if (skip_moves_ || skipped_depth_ > 0 || dead_depth_ > 0 || lines_.empty()) return;
  LineState& line = lines_.back();
  line.had_move = true;
  if (line.dead) {
    ++line.skipped;
    return;
  }
  const bool mainline = lines_.size() == 1;
  Move move;
  bool is_null = false;
  bool canonical = false;  // asked only when the tree keeps the token, for the writers
  // Plain moves take the fast path, which plays them in place, unless --strict wants
  // their notation checked or the move follows the end of the game (its message names
  // the position before it). Neither path touches the line's undo record unless it plays.
  const bool after_end = mainline && game_end_.ended() && !moves_after_end_reported_;
  const bool plain =
      !options_.strict && !after_end &&
      (options_.keep == Keep::Tree ? play_plain_san_in_place(line.position, text, move, line.last_undo, canonical)
                                   : play_plain_san_in_place(line.position, text, move, line.last_undo));
  if (!plain && !play_resolved(line, text, loc, mainline, move, is_null, canonical, line.last_undo)) return;
  line.after_variation = false;
  if (keeping()) {
    if (mainline) game_.mainline.push_back(move);
    if (line.tree) keep_move(line, move, text, canonical);
  }
  line.played(move);
  ++line.ply;
  if (mainline) {
    report_.plies = line.ply;
    game_end_.after_move(line.pos(), line.ply);
    last_move_end_ = loc.byte_offset + text.size();
    last_move_ = text;
    if (observing_) observed(options_.observer->moved(move, line.pos(), line.ply));
  }
}

void Replayer::moves_after_end(const LineState& line, std::string_view text, const SourceLoc& loc) {
  moves_after_end_reported_ = true;
  result_problem("moves-after-game-end", loc, line.ply + 1, text,
                 "move " + move_label(line.pos()) + shown(text) + " follows the end of the game (" +
                     game_end_.ended_reason() + ")");
}

// The observer's answer: once it wants no more, it is not called again, and with
// stop_with_observer nothing more is replayed.
void Replayer::observed(bool wants_more) {
  observing_ = wants_more;
  if (!wants_more && options_.stop_with_observer) skip_moves_ = stopped_ = true;
}

// Plays one token into line.position with the full resolver: what the fast path leaves
// (promotions, moves named by file and rank, lenient or wrong moves, a move after the end
// of the game), and every move under --strict. False when the move failed and its line died.
bool Replayer::play_resolved(LineState& line, std::string_view text, const SourceLoc& loc, bool mainline, Move& move,
                             bool& is_null, bool& canonical, Position::Undo& undo) {
  const Position& pos = line.pos();
  Position after;
  SanResolution r = resolve_san(pos, text, &after, options_.strict ? SanChecks::Full : SanChecks::MovesOnly);
  move = r.move;
  is_null = r.move.is_null();
  if (!r.ok()) {
    std::string message = "illegal move " + move_label(pos) + shown(text) + ": " + r.message;
    if (r.error == SanError::Illegal && mainline) {
      if (!has_legal_move(pos))
        message += pos.is_check() ? " (the game had already ended by checkmate)" : " (the game had already ended by stalemate)";
      else if (game_end_.ended())
        message += " (the game had already ended: " + game_end_.ended_reason() + ")";
    }
    if (r.error == SanError::Malformed) message = "malformed move " + move_label(pos) + shown(text) + ": " + r.message;
    if (r.error == SanError::Ambiguous) message = "ambiguous move " + move_label(pos) + shown(text) + ": " + r.message;
    if (r.did_you_mean) message += "; did you mean '" + *r.did_you_mean + "'?";
    add(Severity::Error, san_error_code(r.error), loc, line.ply + 1, text, std::move(message), &pos);
    if (mainline) mainline_broken_ = true;
    line.dead = true;
    line.skipped = 0;
    return false;
  }
  if (is_null) {
    // Null moves are an analysis device: tolerated in variations, but a mainline with
    // one is not a legal game.
    if (mainline) {
      add(Severity::Error, "null-move", loc, line.ply + 1, text,
          "null move " + move_label(pos) + shown(text) + " in the mainline: not a legal game", &pos);
      mainline_broken_ = true;
      // The rest of the mainline is not a game; like any error, the line stops here
      // (a variation right after it is an alternative to the null move).
      line.dead = true;
      line.skipped = 0;
      return false;
    }
    add(Severity::Warning, "null-move", loc, line.ply + 1, text,
        "null move " + move_label(pos) + shown(text) + " in a variation", nullptr);
  } else if (options_.strict && r.lenient) {
    for (const SanLenientInfo& l : kSanLenient)
      if (has_lenient(r.lenient, l.form))
        add(Severity::Warning, l.code, loc, line.ply + 1, text,
            "lenient notation " + move_label(pos) + shown(text) + ": " + std::string(l.description), nullptr);
  }
  if (mainline && !is_null && game_end_.ended() && !moves_after_end_reported_) moves_after_end(line, text, loc);
  // A token the full rules read may be canonical too ("e8=Q+", "Qh4e1"): asked only when
  // the tree keeps it, for these few moves, so the writer seldom replays a game.
  if (options_.keep == Keep::Tree && !is_null) canonical = is_canonical_san(pos, move, after, text);
  undo = pos.undo_record(move);
  line.position = after;  // pos is line.position: its last use is above
  return true;
}

void Replayer::keep_move(LineState& line, Move move, std::string_view text, bool canonical) {
  Node& n = line.tree->emplace_back();
  n.move = move;
  n.san_canonical = canonical;
  // The token's bytes copied whole where the game's text goes on past them (all but its
  // last few bytes); a canonical token has no suffix glyph.
  if (in_game_text({text.data(), WrittenSan::kMaxBytes}))
    n.san_written.assign_from_longer(text);
  else
    n.san_written = text;
  if (!canonical)
    if (int glyph = token_glyph(text)) n.extras().nags.push_back(glyph);
  if (!line.pending.empty()) {
    n.extras().comment_before = std::move(line.pending);
    line.pending.clear();
  }
}

void Replayer::nag(int code, std::string_view written, const SourceLoc& loc) {
  if (lines_.empty() || skip_moves_ || skipped_depth_ > 0 || dead_depth_ > 0) return;
  LineState& line = lines_.back();
  if (!line.had_move) {
    // No move to annotate: said, since the writers cannot keep it (the token as written:
    // a glyph "!?" was shown as "$5").
    const std::string as_nag = "$" + std::to_string(code);
    add(Severity::Warning, "nag-without-move", loc, line.ply, written,
        "NAG " + (written == as_nag ? as_nag : shown(written) + " (" + as_nag + ")") + " before any move of its line: dropped",
        nullptr);
    return;
  }
  if (!keeping() || options_.keep != Keep::Tree) return;
  if (line.tree && !line.tree->empty()) line.tree->back().extras().nags.push_back(code);
}

void Replayer::comment(std::string_view text, const SourceLoc& loc) {
  // Every command starts "[%": a comment without a '%' (most engine and human notes) has
  // none. The clock lichess writes after every move, " [%clk 0:05:00] ", is let through
  // without the search.
  if (options_.check_comments && skipped_depth_ == 0 && !skip_moves_ &&
      ((text.size() == 16 && text[2] == '%') || text.find('%') != std::string_view::npos))
    read_commands(text, loc);
  if (!keeping() || options_.keep != Keep::Tree || skipped_depth_ > 0 || dead_depth_ > 0) return;
  if (lines_.empty()) {
    append_comment(game_.comment, text);
    return;
  }
  LineState& line = lines_.back();
  if (!line.tree) return;
  // After a variation closed, a comment introduces the next move rather than
  // commenting on the move the variation replaced.
  if (line.tree->empty() || line.after_variation)
    append_comment(line.pending, text);
  else
    append_comment(line.tree->back().comment_after, text);
}

// The embedded commands of a comment: a malformed one is a warning (it stays comment
// text), a clock right after a mainline move is checked.
void Replayer::read_commands(std::string_view text, const SourceLoc& loc) {
  const CommentScan scan = scan_comment(text);
  for (const std::string_view bad : scan.malformed) {
    std::string message = "malformed comment command '";
    message.append(shown(bad)).append("': kept as comment text");
    add(Severity::Warning, "malformed-command", within_comment(text, bad, loc),
        lines_.empty() || dead_depth_ > 0 ? 0 : lines_.back().ply, bad, std::move(message), nullptr);
  }
  if (scan.clock && in_mainline()) check_clock(*scan.clock, text, scan.clock_at, loc);
}

// Where part (a view into the comment text) stands in the source: loc is the comment's
// opening '{' or ';', its text the bytes after it.
SourceLoc Replayer::within_comment(std::string_view text, std::string_view part, const SourceLoc& loc) const {
  std::size_t offset = static_cast<std::size_t>(part.data() - text.data());
  // In a game that is not valid UTF-8 the text is a converted copy (repair_utf8): the
  // game's own bytes are walked a UTF-8 character or a converted byte at a time, up to as
  // many converted bytes as the offset.
  if (raw_ && (text.data() < raw_->text.data() || text.data() >= raw_->text.data() + raw_->text.size()) &&
      loc.byte_offset >= raw_->byte_offset && loc.byte_offset + 1 - raw_->byte_offset <= raw_->text.size()) {
    const std::string_view source = std::string_view(raw_->text).substr(loc.byte_offset + 1 - raw_->byte_offset);
    std::size_t i = 0, converted = 0;
    while (i < source.size() && converted < offset) {
      const auto lead = static_cast<unsigned char>(source[i]);
      const std::size_t n = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
      if (n > 1 && i + n <= source.size() && is_valid_utf8(source.substr(i, n))) {
        converted += n;
        i += n;
      } else {
        converted += lead < 0x80 ? 1 : repair_utf8(source.substr(i, 1)).size();
        ++i;
      }
    }
    text = source;
    offset = i;
  }
  SourceLoc at = loc;
  at.byte_offset += 1 + offset;
  std::size_t line_start = std::string_view::npos;  // in text, after the last line end before part
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    if (!(text[i] == '\n' && i > 0 && text[i - 1] == '\r')) ++at.line;  // CRLF: one line end
    line_start = i + 1;
  }
  const std::uint64_t column =
      line_start == std::string_view::npos ? std::uint64_t(loc.column) + 1 + offset : offset - line_start + 1;
  at.column = static_cast<std::uint32_t>(std::min<std::uint64_t>(column, std::numeric_limits<std::uint32_t>::max()));
  return at;
}

// A [%clk] in the comment right after a mainline move, against the TimeControl tag; the
// command starts at text[at], text being the comment at loc.
void Replayer::check_clock(double clock, std::string_view text, std::size_t at, const SourceLoc& loc) {
  const LineState& main = lines_.front();
  if (main.ply == 0 || main.dead || main.after_variation) return;
  if (!clocks_started_) {  // read at the game's first clock
    const std::string_view* tag = tag_any_case("TimeControl");
    const std::string value = tag ? std::string(*tag) : std::string();
    clocks_.start(tag ? &value : nullptr);
    clocks_started_ = true;
  }
  if (!clocks_.active()) return;  // no time control to check against
  // The last clock after a move is its clock, as convert reads it: a second one takes
  // back what the first said (checked at once, not held: a lichess game has a clock
  // after every move, and a second is rare).
  if (main.ply == clock_ply_ && clock_warning_ < report_.warnings.size() &&
      report_.warnings[clock_warning_].code == "clock-inconsistent") {
    report_.warnings.erase(report_.warnings.begin() + std::ptrdiff_t(clock_warning_));
    --listed_problems_;
  }
  clock_ply_ = main.ply;
  clock_warning_ = SIZE_MAX;
  // Who made mainline move `ply`, and its number in the game: the periods of the time
  // control count the game's moves, from a set-up position's move number too.
  const Color mover = main.ply % 2 == 1 ? start_side_ : ~start_side_;
  const int number = start_fullmove_ + (start_side_ == White ? (main.ply - 1) / 2 : main.ply / 2);
  if (auto fault = clocks_.clock(mover, number, clock)) {
    std::string message = "after ";
    message.append(std::to_string(number)).append(mover == White ? "." : "...");
    message.append(shown(last_move_)).append(", ").append(*fault);
    const std::size_t listed = listed_problems_;
    add(Severity::Warning, "clock-inconsistent", within_comment(text, text.substr(at), loc), main.ply, "",
        std::move(message), nullptr);
    if (listed_problems_ > listed) clock_warning_ = report_.warnings.size() - 1;
  }
}

void Replayer::begin_variation(const SourceLoc& loc) {
  if (options_.mainline_only || skipped_depth_ > 0) {
    ++skipped_depth_;
    variations_skipped_ = true;
    return;
  }
  if (skip_moves_ || lines_.empty()) return;
  if (dead_depth_ > 0) {
    ++dead_depth_;  // inside a dead variation: dead too
    return;
  }
  LineState& parent = lines_.back();
  const bool live = !parent.dead ? parent.has_prev : parent.skipped == 0;
  if (!live) {
    // Branches from a position that was never reached: not checked.
    if (!parent.dead)
      add(Severity::Error, "variation-without-move", loc, parent.ply, "(", "variation before any move", nullptr);
    ++dead_depth_;
    return;
  }
  if (lines_.size() > kMaxVariationDepth) {
    if (!too_deep_reported_) {
      too_deep_reported_ = true;
      add(Severity::Error, "variation-too-deep", loc, parent.ply, "(",
          "variation nested more than " + std::to_string(kMaxVariationDepth) +
              " deep: not checked, nor anything inside it",
          nullptr);
    }
    ++dead_depth_;
    return;
  }
  LineState child;
  child.opened = loc;
  if (parent.dead) {
    // An alternative to the move that just failed: it starts where that move was tried.
    child.reset(parent.pos());
    child.ply = parent.ply;
  } else {
    child.reset(parent.prev());
    child.ply = parent.ply - 1;
    // An alternative to the last move: kept beside it.
    if (keeping() && options_.keep == Keep::Tree && parent.tree) {
      std::vector<Line>& variations = parent.tree->back().extras().variations;
      keep_between_variations(parent, variations);
      child.tree = &variations.emplace_back();
    }
  }
  lines_.push_back(std::move(child));  // invalidates `parent`
}

// Comments after a variation's ')' wait for the line's next move; when another variation
// opens instead, they stay after the one that closed, where the source had them.
void Replayer::keep_between_variations(LineState& line, std::vector<Line>& variations) {
  if (!line.after_variation || line.pending.empty() || variations.empty() || variations.back().empty()) return;
  append_comment(variations.back().back().extras().comment_after_variation, line.pending);
  line.pending.clear();
}

// Comments left waiting at the end of a line go after its last move, or after its last
// move's variations when they followed them.
void Replayer::close_line(LineState& line) {
  if (line.pending.empty() || !line.tree) return;
  if (!line.tree->empty()) {
    if (line.tree->back().has_variations()) keep_between_variations(line, line.tree->back().extras().variations);
    if (!line.pending.empty()) append_comment(line.tree->back().comment_after, line.pending);
  }
  line.pending.clear();
}

void Replayer::end_variation(const SourceLoc&) {
  if (skipped_depth_ > 0) {
    --skipped_depth_;
    return;
  }
  if (dead_depth_ > 0) {
    // A dead variation ends as any other does: what follows is not the move it replaced.
    if (--dead_depth_ == 0 && !lines_.empty()) lines_.back().after_variation = true;
    return;
  }
  if (lines_.size() < 2) return;
  LineState& child = lines_.back();
  if (!child.had_move) {
    // "( )" or "( {text} )" (spec 8.2.5: a variation holds a move): nothing to replay or
    // write, so the comments in it, and those around it, stay with the move before it.
    add(Severity::Warning, "empty-variation", child.opened, child.ply + 1, "(",
        "variation without a move ignored (a comment in it is kept after the move before it)", nullptr);
    std::string comments = std::move(child.pending);
    const bool kept = child.tree != nullptr;
    lines_.pop_back();
    LineState& parent = lines_.back();
    if (kept && keeping()) {
      parent.tree->back().extras().variations.pop_back();
      append_comment(parent.tree->back().comment_after, comments);
    }
    return;
  }
  close_line(child);
  lines_.pop_back();
  lines_.back().after_variation = true;
}

void Replayer::result(std::string_view token, const SourceLoc& loc) {
  report_.result_token = std::string(token);
  result_loc_ = loc;
  marker_seen_ = true;
}

void Replayer::problem(Severity severity, std::string_view code, std::string message, const SourceLoc& loc,
                       std::string_view token) {
  if (severity == Severity::Error) mainline_broken_ = true;  // the movetext itself is broken
  add(severity, code, loc, 0, token, std::move(message), nullptr);
}

void Replayer::end_game() {
  if (!movetext_seen_) setup_start_position();
  skipped_depth_ = 0;
  dead_depth_ = 0;
  while (lines_.size() > 1) end_variation(SourceLoc{});
  if (!skip_moves_ && !lines_.empty()) {
    LineState& main = lines_.front();
    mainline_replayed_ = !main.dead && !mainline_broken_;
    const Position& final_pos = main.pos();
    report_.final_position = final_pos;
    game_end_.finish(final_pos, report_);
    // The game's text from its last mainline move, whose comments are read only if a
    // "forfeits on time" there could matter (at the end: nothing per comment).
    if (raw_ && last_move_end_ > raw_->byte_offset && last_move_end_ - raw_->byte_offset <= raw_->text.size())
      game_end_.note_text_after_last_move(raw_->text, last_move_end_ - raw_->byte_offset);
    else if (raw_ && report_.plies == 0)  // no move: all of its comments
      game_end_.note_text_after_last_move(raw_->text, 0);
    check_result();
    if (keeping() && main.tree) {
      if (main.tree->empty()) {
        append_comment(game_.comment, main.pending);
        main.pending.clear();
      } else {
        close_line(main);
      }
    }
  }
  if (keeping())
    game_.result = report_.result_token;
  else if (options_.keep != Keep::Report)  // with Keep::Report nothing was put in it
    game_ = Game();
  lines_.clear();
  list_unlisted_problems();
  copy_tags_out();  // last: whether the report takes them depends on its problems
}

void Replayer::add(Severity severity, std::string_view code, const SourceLoc& loc, int ply, std::string_view token,
                   std::string message, const Position* pos) {
  if (severity == Severity::Error) {
    report_.valid = false;
    if (options_.stop_at_first_error) skip_moves_ = true;
  }
  if (listed_problems_ == kMaxListedProblems) {
    if (report_.unlisted_errors + report_.unlisted_warnings == 0) first_unlisted_ = loc;
    ++(severity == Severity::Error ? report_.unlisted_errors : report_.unlisted_warnings);
    return;
  }
  ++listed_problems_;
  Diagnostic d;
  d.severity = severity;
  d.code = std::string(code);
  d.line = loc.line;
  d.column = loc.column;
  d.ply = ply;
  d.token = shown(token);
  d.message = shown(message, 400);
  if (pos) d.fen = to_fen(*pos);
  (severity == Severity::Error ? report_.errors : report_.warnings).push_back(std::move(d));
}

// One diagnostic for the problems past kMaxListedProblems, at the first of them.
void Replayer::list_unlisted_problems() {
  const std::uint64_t errors = report_.unlisted_errors, warnings = report_.unlisted_warnings;
  if (errors + warnings == 0) return;
  Diagnostic d;
  d.severity = errors > 0 ? Severity::Error : Severity::Warning;
  d.code = "too-many-problems";
  d.line = first_unlisted_.line;
  d.column = first_unlisted_.column;
  d.message = std::to_string(errors + warnings) + " more problem" + (errors + warnings == 1 ? "" : "s") +
              " not listed (" + std::to_string(errors) + " error" + (errors == 1 ? "" : "s") + ", " +
              std::to_string(warnings) + " warning" + (warnings == 1 ? "" : "s") + "): only the first " +
              std::to_string(kMaxListedProblems) + " of a game are";
  (errors > 0 ? report_.errors : report_.warnings).push_back(std::move(d));
}

// Result problems are warnings, errors under --strict.
void Replayer::result_problem(std::string_view code, const SourceLoc& loc, int ply, std::string_view token, std::string message) {
  add(options_.strict ? Severity::Error : Severity::Warning, code, loc, ply, token, std::move(message), nullptr);
}

void Replayer::setup_start_position() {
  if (movetext_seen_) return;
  movetext_seen_ = true;
  SourceLoc at{report_.line, report_.column, report_.byte_offset};
  // tag() kept the place of every tag that may be FEN, Variant or SetUp: a game with none
  // (nearly every one) starts from the standard position, as resolve_start_position says.
  StartPosition start;
  if (set_up_tag_locs_.empty())
    start.position = Position::startpos();
  else
    start = resolve_start_position(tags_);
  for (const StartNote& note : start.notes) {
    if (note.strict_only && !options_.strict) continue;
    // A note about one tag points at that tag's line.
    SourceLoc where = at;
    const std::optional<std::size_t> tag = note.tag == "FEN"       ? start.fen_tag
                                           : note.tag == "Variant" ? start.variant_tag
                                           : note.tag == "SetUp"   ? start.setup_tag
                                                                   : std::nullopt;
    if (tag)
      for (const auto& [index, loc] : set_up_tag_locs_)
        if (index == *tag) where = loc;
    if (note.severity == Severity::Error) mainline_broken_ = true;
    add(note.severity, note.code, where, 0, note.token, note.message, nullptr);
  }
  if (!start.ok || skip_moves_) {
    skip_moves_ = true;
    return;
  }
  LineState main;
  main.reset(start.position);
  if (options_.keep != Keep::Report) {
    game_.start = start.position;
    // Without a FEN tag or Chess960 the start is the standard position (nearly every game).
    game_.start_fen = start.fen_tag || start.chess960 ? to_fen(start.position) : std::string(kStartFen);
    // Room for the mainline once, not regrowth while replaying (which moves every node):
    // a ply takes at least 3 bytes of text ("e4 "), most take 6 to 20.
    const std::size_t guess = std::clamp<std::size_t>(raw_ ? raw_->text.size() / 8 : 0, 128, 600);
    game_.mainline.reserve(guess);
    if (options_.keep == Keep::Tree) {
      game_.moves.reserve(guess);
      main.tree = &game_.moves;
    }
  }
  lines_.push_back(std::move(main));
  game_end_.start(start.position);
  start_side_ = start.position.side_to_move();
  start_fullmove_ = start.position.fullmove_number();
  if (options_.observer) observed(options_.observer->start(start.position));
}

void Replayer::check_result() {
  SourceLoc at{report_.line, report_.column, report_.byte_offset};
  const std::string_view* tag = tag_any_case("Result");
  if (tag && !result_tag_exact_ && options_.strict) {
    for (const auto& [name, value] : tags_)
      if (&value == tag)
        add(Severity::Warning, "tag-name-case", result_tag_loc_.value_or(at), 0, name,
            "tag '" + shown(name) + "' read as 'Result' (tag names are case-sensitive)", nullptr);
  }
  const std::string result_tag = tag ? std::string(*tag) : std::string();
  if (!tag) {
    result_problem("missing-result-tag", at, 0, "", "no Result tag");
  } else if (!is_result(result_tag)) {
    result_problem("malformed-result-tag", result_tag_loc_.value_or(at), 0, result_tag,
                   "Result tag '" + result_tag + "' is not 1-0, 0-1, 1/2-1/2 or *");
  } else if (!report_.result_token.empty() && result_tag != report_.result_token) {
    result_problem("result-mismatch", result_loc_, 0, report_.result_token,
                   "Result tag '" + result_tag + "' disagrees with the movetext's result '" + report_.result_token + "'");
  }
  const bool from_tag = tag && is_result(result_tag);
  std::string recorded = from_tag ? result_tag : report_.result_token;
  // Pointed at where the result is written: the Result tag, else the movetext's token.
  const SourceLoc written = from_tag ? result_tag_loc_.value_or(at) : report_.result_token.empty() ? at : result_loc_;
  const std::string_view* termination_tag = tag_any_case("Termination");
  const std::optional<std::string> termination =
      termination_tag ? std::optional<std::string>(*termination_tag) : std::nullopt;
  const std::string* termination_ptr = termination ? &*termination : nullptr;
  if (auto problem = game_end_.contradiction(recorded, termination_ptr))
    result_problem(problem->code, written, report_.plies, recorded, problem->message);
  // A marker beside a Result tag that says otherwise is a result written too: when the
  // position contradicts it, result-mismatch alone would not say which of the two is wrong.
  const std::string& marker = report_.result_token;
  if (from_tag && !marker.empty() && marker != recorded)
    if (auto problem = game_end_.contradiction(marker, termination_ptr))
      result_problem(problem->code, result_loc_, report_.plies, marker, problem->message);
}

Replayed replay_game(const RawGame& raw, const ReplayOptions& options) {
  Replayer replayer(options, &raw);
  parse_game(raw, replayer);
  Replayed out;
  out.report = replayer.take_report();
  out.game = replayer.take_game();
  return out;
}

GameReport check_game(const RawGame& raw, const ReplayOptions& options) {
  Replayer replayer(options, &raw);
  parse_game(raw, replayer);
  return replayer.take_report();
}

Replayed build_game(const RawGame& raw, Keep keep) {
  ReplayOptions options;
  options.keep = keep;
  options.stop_at_first_error = true;
  return replay_game(raw, options);
}

}  // namespace chesstool::pgn
