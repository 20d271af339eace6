// SPDX-License-Identifier: MIT
// The matcher: tag criteria from GameTags, movetext criteria from one pgn::Replayer
// replay whose mainline observer stops it as soon as the answer is known.
#include "filter/matcher.hpp"

#include <algorithm>
#include <memory>

#include <re2/re2.h>

#include "core/san.hpp"
#include "filter/game_tags.hpp"
#include "openings/eco.hpp"
#include "pgn/forwarding_visitor.hpp"
#include "pgn/game_end.hpp"
#include "pgn/replay.hpp"
#include "pgn/start_position.hpp"

namespace chesstool::filter {

namespace {

enum class Known : std::uint8_t { Unknown, Yes, No };

bool is_null_token(std::string_view token) {
  SanParse p = parse_san(token);
  return p.ok() && p.token.null_move;
}

// On the way to the replayer: counts the mainline's move tokens (--plies counts what is
// written, replayed or not) and looks for null moves by their tokens, in variations too.
class TokenCounter final : public pgn::ForwardingVisitor {
 public:
  TokenCounter(pgn::Visitor* replayer, bool want_null) : ForwardingVisitor(replayer), want_null_(want_null) {}
  void san(std::string_view token, const pgn::SourceLoc& loc) override {
    if (depth_ == 0) ++tokens;
    if (want_null_ && !null_seen && is_null_token(token)) null_seen = true;
    ForwardingVisitor::san(token, loc);
  }
  void begin_variation(const pgn::SourceLoc& loc) override {
    ++depth_;
    ForwardingVisitor::begin_variation(loc);
  }
  void end_variation(const pgn::SourceLoc& loc) override {
    if (depth_ > 0) --depth_;
    ForwardingVisitor::end_variation(loc);
  }

  long long tokens = 0;
  bool null_seen = false;

 private:
  bool want_null_;
  int depth_ = 0;
};

}  // namespace

// What never comes back once a game has lost it, for a --reaches target.
struct ReachTarget {
  Key key = 0;
  std::uint8_t castling = 0;
  int pawns[2] = {0, 0}, pieces[2] = {0, 0};
  Bitboard unmoved_pawns[2] = {0, 0};  // pawns of the target still on their start rank
  static ReachTarget of(const Position& t) {
    ReachTarget r;
    r.key = t.key();
    r.castling = t.castling_rights();
    for (Color side : {White, Black}) {
      r.pawns[side] = popcount(t.pieces(side, Pawn));
      r.pieces[side] = popcount(t.pieces(side));
      r.unmoved_pawns[side] = t.pieces(side, Pawn) & rank_bb(side == White ? 1 : 6);
    }
    return r;
  }
  // Whether pos can still lead to the target: each side's pawns and pieces only ever get
  // fewer, a pawn that left its start square never comes back, and a castling right once
  // lost stays lost.
  bool reachable_from(const Position& pos) const {
    if ((castling & ~pos.castling_rights()) != 0) return false;
    for (Color side : {White, Black}) {
      const Bitboard own = pos.pieces(side, Pawn);
      if (popcount(own) < pawns[side] || popcount(pos.pieces(side)) < pieces[side] || (unmoved_pawns[side] & ~own) != 0)
        return false;
    }
    return true;
  }
};

// The --reaches targets, worked out once for every game: thousands of them cost a lookup
// a position, not a scan (with a list rebuilt for each game, 4,000 of them took 25 s on
// 250,000 short games).
struct ReachTargets {
  explicit ReachTargets(const std::vector<Position>& positions) {
    for (const Position& t : positions) all.push_back(ReachTarget::of(t));
    for (const ReachTarget& t : all) keys.push_back(t.key);
    std::sort(keys.begin(), keys.end());
  }
  bool holds(Key key) const { return std::binary_search(keys.begin(), keys.end(), key); }
  std::vector<ReachTarget> all;
  std::vector<Key> keys;  // sorted
};

namespace {

// The criteria that look at every mainline position (--has, --reaches, --material
// anywhere, --eco and --opening through the opening classifier), told each one by the
// replayer; once their answer is known they want no more, and the replay may stop there.
class PositionCriteria final : public pgn::MainlineObserver {
 public:
  // until_rejected: keep watching (so that the replay goes on) while the game may still
  // be selected, for a caller that keeps the selected games' moves.
  PositionCriteria(const Criteria& c, const ReachTargets& reach, const re2::RE2* opening, bool until_rejected)
      : c_(c), opening_re_(opening), until_rejected_(until_rejected), reach_targets_(reach) {
    if (c.classifies()) {
      classifier_.emplace();
      eco_ = Known::Unknown;
    }
    has_.fill(Known::Unknown);
    reach_ = c.reaches.empty() ? Known::Yes : Known::Unknown;
    material_ = c.material && !c.final_material ? Known::Unknown : Known::Yes;
    if (c.material && !c.final_material) {
      targets_.push_back(*c.material);
      if (c.either_colour && !(swapped(*c.material) == *c.material)) targets_.push_back(swapped(*c.material));
    }
  }

  bool start(const Position& pos) override {
    if (eco_ == Known::Unknown && !classifier_->start(pos)) decide_opening();
    return at_position(pos, 0);
  }
  bool moved(Move m, const Position& after, int ply) override {
    if (eco_ == Known::Unknown && !classifier_->moved(m, after, ply)) decide_opening();
    // Most moves are plain ones and most criteria look at positions only when asked.
    if (m.kind() == Move::Normal) return positions_watched_ ? at_position(after, ply) : true;
    if (m.kind() == Move::Promotion) {
      has_[std::size_t(MoveKind::Promotion)] = Known::Yes;
      if (m.promotion() != Queen) has_[std::size_t(MoveKind::Underpromotion)] = Known::Yes;
    } else if (m.kind() == Move::EnPassant) {
      has_[std::size_t(MoveKind::EnPassant)] = Known::Yes;
    } else if (m.kind() == Move::Castling) {
      has_[std::size_t(MoveKind::Castling)] = Known::Yes;
    }
    return at_position(after, ply);
  }

  bool has(MoveKind k) const { return has_[std::size_t(k)] == Known::Yes; }
  bool reached() const { return reach_ == Known::Yes; }
  bool material_met() const { return material_ == Known::Yes; }
  // --eco and --opening, on the last named position seen (the game may have ended
  // before the table's last ply).
  bool opening_met() {
    if (eco_ == Known::Unknown) decide_opening();
    return eco_ == Known::Yes;
  }
  // Where --reaches held, else where --material did.
  std::optional<int> ply() const { return reach_ply_ ? reach_ply_ : material_ply_; }

  static Material swapped(const Material& m) {
    Material s;
    s.counts[White] = m.counts[Black];
    s.counts[Black] = m.counts[White];
    return s;
  }

 private:
  void decide_opening() {
    const std::optional<openings::Opening>& o = classifier_->opening();
    const bool met = o && (!c_.eco || c_.eco->contains(o->eco)) &&
                     (!opening_re_ || re2::RE2::PartialMatch(re2::StringPiece(o->name.data(), o->name.size()), *opening_re_));
    eco_ = met ? Known::Yes : Known::No;
  }

  // Updates the position criteria; true while the answer is not known yet.
  bool at_position(const Position& pos, int ply) {
    if (reach_ == Known::Unknown) check_reach(pos, ply);
    if (material_ == Known::Unknown) check_material(pos, ply);
    if (!answer_known()) return true;
    const bool met_so_far = reach_ != Known::No && material_ != Known::No && eco_ != Known::No;
    return until_rejected_ && met_so_far != c_.invert;
  }

  void check_reach(const Position& pos, int ply) {
    if (c_.at_ply && ply > c_.at_ply->max) {
      reach_ = Known::No;
      return;
    }
    if ((!c_.at_ply || c_.at_ply->contains(ply)) && reach_targets_.holds(pos.key())) {
      reach_ = Known::Yes;
      reach_ply_ = ply;
      return;
    }
    if (!any_target_reachable(pos)) reach_ = Known::No;
  }

  void check_material(const Position& pos, int ply) {
    const Material here = material_of(pos);
    bool possible = false;
    for (const Material& t : targets_) {
      if (here == t) {
        material_ = Known::Yes;
        material_ply_ = ply;
        return;
      }
      // Neither side ever gains a piece (a promotion replaces its pawn).
      if (here.total(White) >= t.total(White) && here.total(Black) >= t.total(Black)) possible = true;
    }
    if (!possible) material_ = Known::No;
  }

  // False when no --reaches position can come any more (ReachTarget::reachable_from).
  // Most games of an archive leave an opening position within a few plies, so their
  // replay stops there. A target out of reach stays so for the rest of the game: the
  // search goes on from the first one that was not, and a game costs one pass over them.
  bool any_target_reachable(const Position& pos) {
    const std::vector<ReachTarget>& all = reach_targets_.all;
    while (first_reachable_ < all.size() && !all[first_reachable_].reachable_from(pos)) ++first_reachable_;
    return first_reachable_ < all.size();
  }

  bool answer_known() const {
    if (decided_at_end_) return false;  // --ends, --final-material: the last position decides
    if (reach_ == Known::No || material_ == Known::No || eco_ == Known::No) return true;
    if (!has_known_) {
      for (MoveKind k : c_.has)
        if (has_[std::size_t(k)] == Known::Yes) has_known_ = true;
      if (!has_known_) return false;
    }
    // A null move may still come in a variation; its tokens are checked without replay.
    return reach_ == Known::Yes && material_ == Known::Yes && eco_ == Known::Yes;
  }

  const Criteria& c_;
  const bool decided_at_end_ = !c_.ends.empty() || c_.final_material;
  mutable bool has_known_ = c_.has.empty();  // a --has kind was met (or none is asked)
  // Some criterion reads the positions themselves (--reaches, --material, the opening).
  const bool positions_watched_ = !c_.reaches.empty() || (c_.material && !c_.final_material) || c_.classifies();
  const re2::RE2* opening_re_;
  bool until_rejected_;
  std::optional<openings::Classifier> classifier_;
  Known eco_ = Known::Yes;
  std::array<Known, std::size(kMoveKinds)> has_{};
  Known reach_ = Known::Yes, material_ = Known::Yes;
  std::vector<Material> targets_;
  const ReachTargets& reach_targets_;
  std::size_t first_reachable_ = 0;  // the targets before it are out of reach (any_target_reachable)
  std::optional<int> reach_ply_, material_ply_;
};

// --ends against how the replayed mainline ended.
bool ends_match(const std::vector<Ending>& ends, const pgn::Replayer& replayer) {
  const pgn::GameReport& report = replayer.report();
  // The end of a broken game is unknown.
  if (!replayer.mainline_replayed() || !report.final_position) return false;
  const Outcome& ended = replayer.game_end().ended_outcome();
  const std::string& recorded = report.recorded_result();
  for (const Ending& e : ends) {
    bool hit = false;
    switch (e.kind) {
      case EndingKind::Terminated: hit = ended.termination == e.termination; break;
      case EndingKind::ThreefoldClaimable: hit = !ended.is_over() && replayer.game_end().repetitions() >= 3; break;
      case EndingKind::FiftyClaimable: hit = !ended.is_over() && is_fifty_moves(*report.final_position); break;
      case EndingKind::DecidedOnBoard: hit = ended.is_over(); break;
      case EndingKind::Resigned: hit = !ended.is_over() && (recorded == "1-0" || recorded == "0-1"); break;
      case EndingKind::Unfinished: hit = !ended.is_over() && (recorded == "*" || recorded.empty()); break;
    }
    if (hit) return true;
  }
  return false;
}

bool final_material_matches(const Criteria& c, const pgn::Replayer& replayer) {
  const pgn::GameReport& report = replayer.report();
  if (!replayer.mainline_replayed() || !report.final_position) return false;
  const Material here = material_of(*report.final_position);
  return here == *c.material || (c.either_colour && here == PositionCriteria::swapped(*c.material));
}

// Whether the movetext criteria hold, from what the token count and the replay found.
bool movetext_criteria_hold(const Criteria& c, long long tokens, bool null_seen, PositionCriteria& positions,
                            const pgn::Replayer* replayer, Verdict& v) {
  if (c.plies && !c.plies->contains(tokens)) return false;
  if (!replayer) return true;  // --plies was all
  if (!c.reaches.empty() && !positions.reached()) return false;
  if (c.classifies() && !positions.opening_met()) return false;
  if (c.material) {
    if (c.final_material) {
      if (!final_material_matches(c, *replayer)) return false;
      if (!v.ply) v.ply = replayer->report().plies;
    } else if (!positions.material_met()) {
      return false;
    }
  }
  if (!c.has.empty() && std::none_of(c.has.begin(), c.has.end(), [&](MoveKind k) {
        return positions.has(k) || (k == MoveKind::NullMove && null_seen);
      }))
    return false;
  return c.ends.empty() || ends_match(c.ends, *replayer);
}

std::string variant_of(const GameTags& tags) {
  pgn::StartPosition start = pgn::resolve_start_position(tags.all());
  if (start.chess960) return "chess960";
  for (const auto& note : start.notes)
    if (note.code == "unsupported-variant") return "";
  return "standard";
}

}  // namespace

Matcher::Matcher(const Criteria& criteria, std::string split_tag)
    : c_(criteria), split_tag_(std::move(split_tag)), reach_(std::make_unique<ReachTargets>(criteria.reaches)) {
  auto want = [this](const std::string& name) {
    if (std::find(wanted_.begin(), wanted_.end(), name) == wanted_.end()) wanted_.push_back(name);
  };
  for (const Where& w : c_.where)
    for (const auto& name : w.tag_names()) want(name);
  if (!c_.tc_classes.empty()) want("TimeControl");
  if (!split_tag_.empty()) want(split_tag_);
  read_all_ = !c_.variants.empty();  // the start position reads several tags
  if (c_.opening) {
    re2::RE2::Options options;
    options.set_log_errors(false);
    opening_re_ = std::make_unique<re2::RE2>(*c_.opening, options);
  }
}

Matcher::~Matcher() = default;

bool Matcher::tags_hold(const GameTags& tags) const {
  for (const Where& w : c_.where)
    if (!w.matches(tags)) return false;
  if (!c_.tc_classes.empty()) {
    const std::string cls = c_.tc_class_of ? c_.tc_class_of(tags.tag("TimeControl")) : std::string("unknown");
    if (std::find(c_.tc_classes.begin(), c_.tc_classes.end(), cls) == c_.tc_classes.end()) return false;
  }
  if (!c_.variants.empty()) {
    const std::string v = variant_of(tags);
    if (std::find(c_.variants.begin(), c_.variants.end(), v) == c_.variants.end()) return false;
  }
  return true;
}

Verdict Matcher::judge(const pgn::RawGame& raw, pgn::Keep keep) const {
  thread_local GameTags tags;
  tags.read(raw, read_all_ ? nullptr : &wanted_);
  Verdict v;
  if (!split_tag_.empty())
    if (auto value = tags.tag(split_tag_)) v.split_value = std::string(*value);
  v.met = tags_hold(tags);
  if (v.met && !c_.tags_only()) judge_movetext(raw, keep, v);
  if (c_.validity == Validity::Valid && v.valid != true) v.met = false;
  if (c_.validity == Validity::Invalid && v.valid != false) v.met = false;
  v.selected = v.met != c_.invert;
  if (keep != pgn::Keep::Report && v.selected && !v.kept) {
    // Selected without its moves read (tag criteria, --invert): replayed for the caller.
    pgn::ReplayOptions o;
    o.keep = keep;
    pgn::Replayed r = pgn::replay_game(raw, o);
    v.valid = r.ok();
    v.replayed = true;
    v.kept = true;
    if (r.ok()) v.game = std::move(r.game);
    v.report = std::move(r.report);  // also of a game that does not replay: it says why
  }
  return v;
}

// The movetext criteria, through one replay (none when only the tokens are counted):
// the full check when validity is asked; a game to keep is replayed in full unless the
// position criteria reject it on the way; otherwise the mainline alone, stopped as soon
// as the position criteria know their answer.
void Matcher::judge_movetext(const pgn::RawGame& raw, pgn::Keep keep, Verdict& v) const {
  const bool positions_needed = c_.needs_replay();
  // Tokens alone are counted without a replay; a game kept is then replayed by judge().
  if (!positions_needed && c_.validity == Validity::Any) keep = pgn::Keep::Report;
  const bool full = c_.validity != Validity::Any || keep != pgn::Keep::Report;
  PositionCriteria positions(c_, *reach_, opening_re_.get(), keep != pgn::Keep::Report);
  std::optional<pgn::Replayer> replayer;
  if (positions_needed || full) {
    pgn::ReplayOptions o;
    o.keep = keep;
    if (positions_needed) o.observer = &positions;
    // Validity alone needs no more than the first error; the position criteria follow
    // the mainline past an error in a variation.
    o.stop_at_first_error = full && !positions_needed;
    o.mainline_only = !full;
    o.check_comments = false;  // no warning is used
    o.stop_with_observer = c_.validity == Validity::Any;
    replayer.emplace(o, &raw);
  }
  const bool want_null = std::find(c_.has.begin(), c_.has.end(), MoveKind::NullMove) != c_.has.end();
  long long tokens = 0;
  bool null_seen = false;
  if (replayer && !c_.plies && !want_null) {
    pgn::parse_game(raw, *replayer);  // no token to count on the way
  } else {
    TokenCounter counter(replayer ? &*replayer : nullptr, want_null);
    pgn::parse_game(raw, counter);
    tokens = counter.tokens;
    null_seen = counter.null_seen;
  }

  if (replayer) {
    const pgn::GameReport& report = replayer->report();
    v.replayed = full || report.plies > 0;
    if (!report.valid) v.valid = false;
    // A mainline replay proves validity only for a game without variations: an illegal
    // move in one it skipped makes the game invalid, as validate and --valid say.
    else if (!replayer->stopped() && (full || (replayer->mainline_replayed() && !replayer->variations_skipped())))
      v.valid = true;
    if (keep != pgn::Keep::Report && !replayer->stopped()) {
      v.kept = true;
      if (report.valid) v.game = replayer->take_game();
      v.report = report;
    }
  }
  v.ply = positions.ply();
  v.met = movetext_criteria_hold(c_, tokens, null_seen, positions, replayer ? &*replayer : nullptr, v);
}

}  // namespace chesstool::filter
