// SPDX-License-Identifier: MIT
// The replay visitor: SAN tokens through the rules engine, variations from their branch
// point, diagnostics with positions, and the mainline adjudication.
#include "pgn/game_checker.hpp"

#include <algorithm>
#include <cctype>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/outcome.hpp"
#include "core/san.hpp"
#include "pgn/encoding.hpp"
#include "pgn/game_end.hpp"
#include "pgn/start_position.hpp"

namespace chesstool::pgn {

namespace {

// A token as shown in messages: at most 40 bytes (a 100 MB "token" must not become a
// 100 MB message), valid UTF-8.
std::string shown(std::string_view token, std::size_t max = 40) {
  if (token.size() <= max) return utf8_or_cp1252(token);
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
  return utf8_or_cp1252(token.substr(0, cut)) + "...";
}

// "23.", "23..." for the move about to be played in pos.
std::string move_label(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == White ? "." : "...");
}

class Checker final : public Visitor {
 public:
  Checker(const RawGame& raw, const CheckOptions& options) : options_(options) {
    report_.index = raw.index;
    report_.line = raw.line;
    report_.byte_offset = raw.byte_offset;
    report_.column = raw.column;
    report_.tags.reserve(16);  // the Seven Tag Roster and the usual extras: one allocation
  }

  GameReport take() { return std::move(report_); }

  void tag(std::string_view name, std::string_view value, SourceLoc) override {
    for (const auto& [k, v] : report_.tags)
      if (k == name) return;  // the parser warned (duplicate-tag); the first one counts
    report_.tags.emplace_back(std::string(name), std::string(value));
  }

  void begin_movetext() override { setup_start_position(); }

  void san(std::string_view text, SourceLoc loc) override {
    if (skip_moves_ || lines_.empty()) return;
    Line& line = lines_.back();
    if (line.dead) {
      ++line.skipped;
      return;
    }
    const bool mainline = lines_.size() == 1;
    const Position& pos = line.pos();
    // The new position goes straight into the slot of the one before last (no longer
    // needed): no copies on the hot path. Plain moves take the fast path unless --strict
    // wants their notation checked.
    bool is_null = false;
    if (options_.strict || !play_plain_san(pos, text, line.spare())) {
      if (!resolve(line, text, loc, mainline, is_null)) return;
    }
    if (mainline && !is_null) {
      if (game_end_.ended() && !moves_after_end_reported_) {
        moves_after_end_reported_ = true;
        result_problem("moves-after-game-end", loc, line.ply + 1, text,
                       "move " + move_label(pos) + shown(text) + " follows the end of the game (" +
                           game_end_.ended_reason() + ")");
      }
    }
    line.advance();
    ++line.ply;
    if (mainline) {
      report_.plies = line.ply;
      game_end_.after_move(line.pos(), line.ply);
    }
  }

  void begin_variation(SourceLoc loc) override {
    if (skip_moves_ || lines_.empty()) return;
    Line& parent = lines_.back();
    Line child;
    if (parent.dead && parent.skipped == 0) {
      // An alternative to the move that just failed: it starts where that move was tried.
      child.reset(parent.pos());
      child.ply = parent.ply;
    } else if (parent.dead) {
      child.dead = true;  // branches from a position that was never reached: not checked
      child.skipped = 1;
    } else if (!parent.has_prev) {
      child.dead = true;
      child.skipped = 1;
      add(Severity::Error, "variation-without-move", loc, parent.ply, "(", "variation before any move", nullptr);
    } else {
      child.reset(parent.prev());
      child.ply = parent.ply - 1;
    }
    lines_.push_back(child);
  }

  void end_variation(SourceLoc) override {
    if (lines_.size() > 1) lines_.pop_back();
  }

  void result(std::string_view token, SourceLoc loc) override {
    report_.result_token = std::string(token);
    result_loc_ = loc;
  }

  void problem(Severity severity, std::string_view code, std::string message, SourceLoc loc) override {
    add(severity, code, loc, 0, "", std::move(message), nullptr);
  }

  void end_game() override {
    if (!movetext_seen_) setup_start_position();
    if (!skip_moves_ && !lines_.empty()) {
      const Position& final_pos = lines_.front().pos();
      report_.final_position = final_pos;
      game_end_.finish(final_pos, report_);
      check_result();
    }
  }

 private:
  // One line of play (the mainline or a variation): the current position and the one
  // before the last move, where a variation of that move starts. Two slots swap roles.
  struct Line {
    Position slots[2];
    int cur = 0;
    bool has_prev = false;
    const Position& pos() const { return slots[cur]; }
    const Position& prev() const { return slots[cur ^ 1]; }
    Position& spare() { return slots[cur ^ 1]; }
    void advance() {
      cur ^= 1;
      has_prev = true;
    }
    void reset(const Position& p) {
      slots[cur] = p;
      has_prev = false;
    }
    bool dead = false;  // an error stopped this line: later moves are not checked
    int skipped = 0;    // move tokens seen since the line died
    int ply = 0;
  };

  // The full resolver: every shape of move token, errors with their explanation, null
  // moves, and (--strict) lenient notation. False when the move failed and its line died.
  bool resolve(Line& line, std::string_view text, SourceLoc loc, bool mainline, bool& is_null) {
    const Position& pos = line.pos();
    SanResolution r =
        resolve_san(pos, text, &line.spare(), options_.strict ? SanChecks::Full : SanChecks::MovesOnly);
    is_null = r.move.is_null();
    if (!r.ok()) {
      std::string message = "illegal move " + move_label(pos) + shown(text) + ": " + r.message;
      if (r.error == SanError::Illegal && mainline) {
        if (count_legal(pos) == 0)
          message += pos.is_check() ? " (the game had already ended by checkmate)" : " (the game had already ended by stalemate)";
        else if (game_end_.ended())
          message += " (the game had already ended: " + game_end_.ended_reason() + ")";
      }
      if (r.did_you_mean) message += "; did you mean '" + *r.did_you_mean + "'?";
      if (r.error == SanError::Malformed) message = "malformed move " + move_label(pos) + shown(text) + ": " + r.message;
      if (r.error == SanError::Ambiguous) message = "ambiguous move " + move_label(pos) + shown(text) + ": " + r.message;
      add(Severity::Error, san_error_code(r.error), loc, line.ply + 1, text, std::move(message), &pos);
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
        // The rest of the mainline is not a game; like any error, the line stops here
        // (a variation right after it is an alternative to the null move).
        line.dead = true;
        line.skipped = 0;
        return false;
      }
      add(Severity::Warning, "null-move", loc, line.ply + 1, text,
          "null move " + move_label(pos) + shown(text) + " in a variation", nullptr);
    } else if (options_.strict && r.lenient) {
      for (SanLenient l : kAllSanLenient)
        if (has_lenient(r.lenient, l))
          add(Severity::Warning, san_lenient_code(l), loc, line.ply + 1, text,
              "lenient notation " + move_label(pos) + shown(text) + ": " + std::string(san_lenient_description(l)),
              nullptr);
    }
    return true;
  }

  void add(Severity severity, std::string_view code, SourceLoc loc, int ply, std::string_view token,
           std::string message, const Position* pos) {
    Diagnostic d;
    d.severity = severity;
    d.code = std::string(code);
    d.line = loc.line;
    d.column = loc.column;
    d.ply = ply;
    d.token = shown(token);
    d.message = shown(message, 400);
    if (pos) d.fen = to_fen(*pos);
    if (severity == Severity::Error) {
      report_.valid = false;
      report_.errors.push_back(std::move(d));
    } else {
      report_.warnings.push_back(std::move(d));
    }
  }

  // Result problems are warnings, errors under --strict.
  void result_problem(std::string_view code, SourceLoc loc, int ply, std::string_view token, std::string message) {
    add(options_.strict ? Severity::Error : Severity::Warning, code, loc, ply, token, std::move(message), nullptr);
  }

  void setup_start_position() {
    if (movetext_seen_) return;
    movetext_seen_ = true;
    SourceLoc at{report_.line, report_.column, report_.byte_offset};
    StartPosition start = resolve_start_position(report_.tags);
    for (const StartNote& note : start.notes)
      if (!note.strict_only || options_.strict) add(note.severity, note.code, at, 0, note.token, note.message, nullptr);
    if (!start.ok) {
      skip_moves_ = true;
      return;
    }
    Line main;
    main.reset(start.position);
    lines_.push_back(main);
    game_end_.start(start.position);
  }

  void check_result() {
    SourceLoc at{report_.line, report_.column, report_.byte_offset};
    const std::string* tag = report_.tag("Result");
    auto is_result = [](std::string_view s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"; };
    if (!tag) {
      result_problem("missing-result-tag", at, 0, "", "no Result tag");
    } else if (!is_result(*tag)) {
      result_problem("malformed-result-tag", at, 0, *tag, "Result tag '" + *tag + "' is not 1-0, 0-1, 1/2-1/2 or *");
    } else if (!report_.result_token.empty() && *tag != report_.result_token) {
      result_problem("result-mismatch", result_loc_, 0, report_.result_token,
                     "Result tag '" + *tag + "' disagrees with the movetext's result '" + report_.result_token + "'");
    }
    std::string recorded = tag && is_result(*tag) ? *tag : report_.result_token;
    if (auto problem = game_end_.contradiction(recorded, report_.tag("Termination")))
      result_problem(problem->code, at, report_.plies, recorded, problem->message);
  }

  CheckOptions options_;
  GameReport report_;
  std::vector<Line> lines_;
  GameEnd game_end_;
  SourceLoc result_loc_{};
  bool movetext_seen_ = false;
  bool skip_moves_ = false;
  bool moves_after_end_reported_ = false;
};

}  // namespace

GameReport check_game(const RawGame& game, const CheckOptions& options) {
  Checker checker(game, options);
  parse_game(game, checker);
  return checker.take();
}

}  // namespace chesstool::pgn
