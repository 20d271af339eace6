// SPDX-License-Identifier: MIT
// The matcher: tag criteria from GameTags, movetext criteria from a mainline walker that
// replays only the mainline and stops replaying as soon as the answer is known.
#include "filter/matcher.hpp"

#include <algorithm>
#include <memory>

#include "core/san.hpp"
#include "filter/game_tags.hpp"
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

// Reads one game's movetext through the parser: counts the mainline's move tokens,
// replays the mainline while a criterion still needs it (variations are skipped, so a
// position reached only in a variation does not count), and forwards every event to
// `also` (the full replayer for --valid/--invalid) when given.
class Walker final : public pgn::Visitor {
 public:
  Walker(const Criteria& c, bool replay, pgn::Visitor* also) : c_(c), replaying_(replay), also_(also) {
    has_.fill(Known::Unknown);
    want_null_ = std::find(c.has.begin(), c.has.end(), MoveKind::NullMove) != c.has.end();
    reach_ = c.reaches.empty() ? Known::Yes : Known::Unknown;
    for (const Position& t : c.reaches) {
      ReachTarget r;
      r.key = t.key();
      r.castling = t.castling_rights();
      for (Color side : {White, Black}) {
        r.pawns[side] = popcount(t.pieces(side, Pawn));
        r.pieces[side] = popcount(t.pieces(side));
        r.unmoved_pawns[side] = t.pieces(side, Pawn) & rank_bb(side == White ? 1 : 6);
      }
      reach_targets_.push_back(r);
    }
    material_ = c.material && !c.final_material ? Known::Unknown : Known::Yes;
    if (c.material && !c.final_material) {
      targets_.push_back(*c.material);
      if (c.either_colour) {
        Material swapped;
        swapped.counts[White] = c.material->counts[Black];
        swapped.counts[Black] = c.material->counts[White];
        if (!(swapped == *c.material)) targets_.push_back(swapped);
      }
    }
    track_repetitions_ = std::any_of(c.ends.begin(), c.ends.end(),
                                     [](const Ending& e) { return e.kind == EndingKind::ThreefoldClaimable; });
  }

  void tag(std::string_view name, std::string_view value, pgn::SourceLoc loc) override {
    if (also_) also_->tag(name, value, loc);
    if (replaying_) tags_.emplace_back(std::string(name), std::string(value));
    if (name == "Result" && !result_tag_) result_tag_ = std::string(value);
  }

  void begin_movetext() override {
    if (also_) also_->begin_movetext();
    setup();
  }
  void move_number(std::uint32_t n, bool black, pgn::SourceLoc loc) override {
    if (also_) also_->move_number(n, black, loc);
  }

  void san(std::string_view token, pgn::SourceLoc loc) override {
    if (also_) also_->san(token, loc);
    if (depth_ > 0) {
      if (want_null_ && is_null_token(token)) null_seen_ = true;
      return;
    }
    ++tokens_;
    if (!replaying_ || dead_) return;
    play(token);
  }

  void nag(int code, pgn::SourceLoc loc) override {
    if (also_) also_->nag(code, loc);
  }
  void comment(std::string_view text, pgn::SourceLoc loc) override {
    if (also_) also_->comment(text, loc);
  }
  void begin_variation(pgn::SourceLoc loc) override {
    if (also_) also_->begin_variation(loc);
    ++depth_;
  }
  void end_variation(pgn::SourceLoc loc) override {
    if (also_) also_->end_variation(loc);
    if (depth_ > 0) --depth_;
  }
  void result(std::string_view token, pgn::SourceLoc loc) override {
    if (also_) also_->result(token, loc);
    result_token_ = std::string(token);
  }
  void problem(pgn::Severity s, std::string_view code, std::string message, pgn::SourceLoc loc) override {
    if (s == pgn::Severity::Error) error_ = true;
    if (also_) also_->problem(s, code, std::move(message), loc);
  }
  void end_game() override {
    if (also_) also_->end_game();
    if (!started_) setup();
  }

  // After parse_game: the answer, and what was learnt on the way.
  bool met(Verdict& v) {
    v.replayed = replayed_any_;
    if (error_ || dead_) v.valid = false;
    else if (started_ && replaying_ && complete_) v.valid = true;
    if (reach_ply_) v.ply = reach_ply_;
    else if (material_ply_) v.ply = material_ply_;

    if (c_.plies && !c_.plies->contains(tokens_)) return false;
    if (c_.reaches.size() && reach_ != Known::Yes) return false;
    if (c_.material) {
      if (c_.final_material) {
        if (!started_ || dead_ || !final_material_matches()) return false;
        v.ply = v.ply ? v.ply : std::optional<int>(ply_);
      } else if (material_ != Known::Yes) {
        return false;
      }
    }
    if (!c_.has.empty() && std::none_of(c_.has.begin(), c_.has.end(), [&](MoveKind k) {
          return has_[std::size_t(k)] == Known::Yes || (k == MoveKind::NullMove && null_seen_);
        }))
      return false;
    if (!c_.ends.empty()) return ends_match();
    return true;
  }

 private:
  void setup() {
    if (started_) return;
    started_ = true;
    if (!replaying_) return;
    pgn::StartPosition start = pgn::resolve_start_position(tags_);
    for (const auto& note : start.notes)
      if (note.severity == pgn::Severity::Error) error_ = true;
    if (!start.ok) {
      dead_ = true;
      return;
    }
    slots_[cur_] = start.position;
    game_end_.start(pos());
    if (track_repetitions_) final_count_ = repetitions_.push(pos());
    at_position();
  }

  void play(std::string_view token) {
    // Two slots that swap roles: a move costs no position copy.
    Position& next = slots_[cur_ ^ 1];
    Move m;
    if (!play_plain_san(pos(), token, next, &m)) {
      SanResolution r = resolve_san(pos(), token, &next, SanChecks::MovesOnly);
      if (r.move.is_null()) null_seen_ = true;  // in the mainline: not a legal game (as the replayer says)
      if (!r.ok() || r.move.is_null()) {
        dead_ = true;
        return;
      }
      m = r.move;
    }
    replayed_any_ = true;
    if (m.kind() == Move::Promotion) {
      has_[std::size_t(MoveKind::Promotion)] = Known::Yes;
      if (m.promotion() != Queen) has_[std::size_t(MoveKind::Underpromotion)] = Known::Yes;
    } else if (m.kind() == Move::EnPassant) {
      has_[std::size_t(MoveKind::EnPassant)] = Known::Yes;
    } else if (m.kind() == Move::Castling) {
      has_[std::size_t(MoveKind::Castling)] = Known::Yes;
    }
    cur_ ^= 1;
    ++ply_;
    game_end_.after_move(pos(), ply_);
    if (track_repetitions_) final_count_ = repetitions_.push(pos());
    at_position();
  }

  // The criteria that look at every position of the mainline, then whether the answer is
  // known; if so, the rest of the mainline is not replayed.
  void at_position() {
    if (reach_ == Known::Unknown) {
      if (c_.at_ply && ply_ > c_.at_ply->max) {
        reach_ = Known::No;
      } else if (!c_.at_ply || c_.at_ply->contains(ply_)) {
        const Key key = pos().key();
        for (const ReachTarget& t : reach_targets_)
          if (t.key == key) {
            reach_ = Known::Yes;
            reach_ply_ = ply_;
          }
      }
      if (reach_ == Known::Unknown && !any_target_reachable()) reach_ = Known::No;
    }
    if (material_ == Known::Unknown) {
      const Material here = material_of(pos());
      bool possible = false;
      for (const Material& t : targets_) {
        if (here == t) {
          material_ = Known::Yes;
          material_ply_ = ply_;
          break;
        }
        // Neither side ever gains a piece (a promotion replaces its pawn).
        if (here.total(White) >= t.total(White) && here.total(Black) >= t.total(Black)) possible = true;
      }
      if (material_ == Known::Unknown && !possible) material_ = Known::No;
    }
    if (answer_known()) {
      replaying_ = false;
      complete_ = false;
    }
  }

  // False when no --reaches position can come any more: each side's pawns and pieces
  // only ever get fewer, a pawn that left its start square never comes back, and a
  // castling right once lost stays lost. Most games of an archive leave an opening
  // position within a few plies, so their replay stops there.
  bool any_target_reachable() const {
    for (const ReachTarget& t : reach_targets_) {
      bool possible = (t.castling & ~pos().castling_rights()) == 0;
      for (Color side : {White, Black}) {
        const Bitboard pawns = pos().pieces(side, Pawn);
        possible = possible && popcount(pawns) >= t.pawns[side] && popcount(pos().pieces(side)) >= t.pieces[side] &&
                   (t.unmoved_pawns[side] & ~pawns) == 0;
      }
      if (possible) return true;
    }
    return false;
  }

  bool answer_known() const {
    if (!c_.ends.empty() || c_.final_material) return false;  // decided by the last position
    if (reach_ == Known::No || material_ == Known::No) return true;
    bool has_known = c_.has.empty();
    for (MoveKind k : c_.has)
      if (has_[std::size_t(k)] == Known::Yes) has_known = true;
    // A null move may still come in a variation; its tokens are checked without replay.
    return has_known && reach_ == Known::Yes && material_ == Known::Yes;
  }

  bool final_material_matches() const {
    const Material here = material_of(pos());
    if (here == *c_.material) return true;
    if (!c_.either_colour) return false;
    Material swapped;
    swapped.counts[White] = c_.material->counts[Black];
    swapped.counts[Black] = c_.material->counts[White];
    return here == swapped;
  }

  bool ends_match() {
    if (!started_ || dead_ || error_) return false;  // the end of a broken game is unknown
    pgn::GameReport report;
    game_end_.finish(pos(), report);
    const Outcome& ended = game_end_.ended_outcome();
    std::string recorded = result_tag_ && (*result_tag_ == "1-0" || *result_tag_ == "0-1" ||
                                           *result_tag_ == "1/2-1/2" || *result_tag_ == "*")
                               ? *result_tag_
                               : result_token_;
    for (const Ending& e : c_.ends) {
      bool hit = false;
      switch (e.kind) {
        case EndingKind::Terminated: hit = ended.termination == e.termination; break;
        case EndingKind::ThreefoldClaimable: hit = !ended.is_over() && final_count_ >= 3; break;
        case EndingKind::FiftyClaimable: hit = !ended.is_over() && is_fifty_moves(pos()); break;
        case EndingKind::DecidedOnBoard: hit = ended.is_over(); break;
        case EndingKind::Resigned: hit = !ended.is_over() && (recorded == "1-0" || recorded == "0-1"); break;
        case EndingKind::Unfinished: hit = !ended.is_over() && (recorded == "*" || recorded.empty()); break;
      }
      if (hit) return true;
    }
    return false;
  }

  const Criteria& c_;
  bool replaying_;
  pgn::Visitor* also_;
  std::vector<std::pair<std::string, std::string>> tags_;
  std::optional<std::string> result_tag_;
  std::string result_token_;
  bool started_ = false, dead_ = false, error_ = false, complete_ = true, replayed_any_ = false;
  bool want_null_ = false, null_seen_ = false, track_repetitions_ = false;
  int depth_ = 0;
  long long tokens_ = 0;
  int ply_ = 0;
  Position slots_[2];
  int cur_ = 0;
  const Position& pos() const { return slots_[cur_]; }
  pgn::GameEnd game_end_;
  RepetitionHistory repetitions_;
  int final_count_ = 1;
  std::array<Known, std::size(kMoveKinds)> has_{};
  Known reach_ = Known::Yes, material_ = Known::Yes;
  std::vector<Material> targets_;
  struct ReachTarget {
    Key key = 0;
    std::uint8_t castling = 0;
    int pawns[2] = {0, 0}, pieces[2] = {0, 0};
    Bitboard unmoved_pawns[2] = {0, 0};  // pawns of the target still on their start rank
  };
  std::vector<ReachTarget> reach_targets_;
  std::optional<int> reach_ply_, material_ply_;
};

std::string variant_of(const GameTags& tags) {
  std::vector<std::pair<std::string, std::string>> list;
  for (const auto& [k, v] : tags.all()) list.emplace_back(std::string(k), std::string(v));
  pgn::StartPosition start = pgn::resolve_start_position(list);
  if (start.chess960) return "chess960";
  for (const auto& note : start.notes)
    if (note.code == "unsupported-variant") return "";
  return "standard";
}

}  // namespace

Matcher::Matcher(const Criteria& criteria, std::string split_tag) : c_(criteria), split_tag_(std::move(split_tag)) {
  auto want = [this](const std::string& name) {
    if (std::find(wanted_.begin(), wanted_.end(), name) == wanted_.end()) wanted_.push_back(name);
  };
  for (const Where& w : c_.where)
    for (const auto& name : w.tag_names()) want(name);
  if (!c_.tc_classes.empty()) want("TimeControl");
  if (!split_tag_.empty()) want(split_tag_);
  read_all_ = !c_.variants.empty();  // the start position reads several tags
}

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

Verdict Matcher::judge(const pgn::RawGame& raw) const {
  thread_local GameTags tags;
  tags.read(raw, read_all_ ? nullptr : &wanted_);
  Verdict v;
  if (!split_tag_.empty())
    if (auto value = tags.tag(split_tag_)) v.split_value = std::string(*value);
  v.met = tags_hold(tags);
  if (v.met && !c_.tags_only()) {
    const bool replay = c_.needs_replay();
    if (c_.validity != Validity::Any && !replay && !c_.plies) {
      // Validity alone: the full check, stopping at the first error.
      pgn::ReplayOptions o;
      o.stop_at_first_error = true;
      v.valid = pgn::check_game(raw, o).valid;
      v.replayed = true;
    } else {
      std::unique_ptr<pgn::Replayer> full;
      if (c_.validity != Validity::Any) {
        pgn::ReplayOptions o;
        o.stop_at_first_error = true;
        full = std::make_unique<pgn::Replayer>(o, &raw);
      }
      Walker walker(c_, replay, full.get());
      pgn::parse_game(raw, walker);
      v.met = walker.met(v);
      if (full) {
        v.valid = full->report().valid;
        v.replayed = true;
      }
    }
    if (c_.validity == Validity::Valid && v.valid != true) v.met = false;
    if (c_.validity == Validity::Invalid && v.valid != false) v.met = false;
  }
  v.selected = v.met != c_.invert;
  return v;
}

}  // namespace chesstool::filter
