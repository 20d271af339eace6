// SPDX-License-Identifier: MIT
// annotate's core: replays the mainline through GameEnd, then writes what it found into the Game.
#include "output/annotator.hpp"

#include "rules/outcome.hpp"
#include "pgn/game_end.hpp"

namespace chesstool::output {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Whitespace runs as one space, none at the ends: how the PGN writer prints a comment
// (spec 8.2.5 gives whitespace inside a comment no meaning), and how an annotation
// wrapped over several lines by the writer reads back as the single-spaced table text.
std::string collapse_spaces(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (char c : s) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

// Whether s ends with a "[%...]" command such as [%clk 0:00:00]: its ']' the last byte,
// closing the last '[' ("see [1]" is no command).
bool ends_with_command(std::string_view s) {
  if (s.empty() || s.back() != ']') return false;
  const std::size_t open = s.rfind('[');
  return open != std::string_view::npos && s[open + 1] == '%' && s.find(']', open) == s.size() - 1;
}

// s without one closing quote or bracket at its end, if it has one: ASCII " ' ) ], and in
// UTF-8 the quotes of other languages (” ’ » › and the German and Danish closing “ ‘ « ‹;
// any quote mark that ends a comment closes something) and the CJK 」 』 ）.
bool drop_closer(std::string_view& s) {
  if (s.empty()) return false;
  if (s.back() == '"' || s.back() == '\'' || s.back() == ')' || s.back() == ']') {
    s.remove_suffix(1);
    return true;
  }
  static constexpr std::string_view kClosers[] = {"\u201D", "\u2019", "\u00BB", "\u203A", "\u201C", "\u2018",
                                                  "\u00AB", "\u2039", "\u300D", "\u300F", "\uFF09"};
  for (std::string_view q : kClosers)
    if (s.ends_with(q)) {
      s.remove_suffix(q.size());
      return true;
    }
  return false;
}

// Whether a comment's text ends a sentence ('.', '!', '?', an ellipsis, the Arabic
// question mark, semicolon and full stop, the CJK full stop and full-width ! and ?,
// before closing quotes or brackets) or with a command such as [%clk 0:00:00], or with a
// ':' or ';' that leads to what follows.
bool ends_sentence(std::string_view s) {
  do {
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    if (ends_with_command(s)) return true;
  } while (drop_closer(s));
  if (s.empty()) return true;
  static constexpr std::string_view kEnds[] = {"\u2026", "\u061F", "\u061B", "\u06D4", "\u3002", "\uFF01", "\uFF1F"};
  for (std::string_view e : kEnds)
    if (s.ends_with(e)) return true;
  return std::string_view(".!?:;").find(s.back()) != std::string_view::npos;
}

// An annotation after the comment's own text, as a sentence of its own: after a period
// when that text does not end one ("White forfeits on time. White ran out of time, ...").
// Annotating again finds the comment ended by that period, so the same text is written.
void append_text(std::string& comment, std::string_view text) {
  if (!comment.empty()) {
    if (!ends_sentence(comment)) {
      while (is_space(comment.back())) comment.pop_back();
      comment += '.';
    }
    comment += ' ';
  }
  comment += text;
}

TextId end_text(const Outcome& end) {
  switch (end.termination) {
    case Termination::Checkmate: return end.winner == White ? TextId::CheckmateWhiteWins : TextId::CheckmateBlackWins;
    case Termination::Stalemate: return TextId::Stalemate;
    case Termination::InsufficientMaterial: return TextId::DeadPosition;
    case Termination::DeadPosition: return TextId::LockedPawns;
    case Termination::FivefoldRepetition: return TextId::Fivefold;
    case Termination::SeventyFiveMoves:
    case Termination::None: break;
  }
  return TextId::SeventyFive;
}

void set_tag(pgn::Game& game, std::string_view name, std::string_view value) {
  for (auto& [k, v] : game.tags)
    if (k == name) {
      v = std::string(value);
      return;
    }
  game.tags.emplace_back(std::string(name), std::string(value));
}

// FIDE 6.9 as the recorded results (Result tag, marker) read: the player recorded as
// winning on time who could not checkmate, with the first such value in replaced; or, for
// a game recorded as drawn, the only player who could not (the draw the Laws give when
// the other player's time ran out). None while a recorded win may stand.
std::optional<Color> cannot_win_on_time(const pgn::Game& game, const Adjudication& adj, std::string& replaced) {
  const bool* cannot = adj.cannot_win_on_time;
  if (!cannot[White] && !cannot[Black]) return std::nullopt;  // nearly every game: not lost on time
  std::optional<Color> winner;
  bool draw = false;
  for (const std::string* recorded : {game.tag("Result"), &game.result}) {
    if (!recorded) continue;
    if (*recorded == "1/2-1/2") draw = true;
    if (*recorded != "1-0" && *recorded != "0-1") continue;
    const Color c = *recorded == "1-0" ? White : Black;
    if (!cannot[c]) return std::nullopt;
    if (!winner) {
      winner = c;
      replaced = *recorded;
    }
  }
  if (winner) return winner;
  if (draw && cannot[White] != cannot[Black]) return cannot[White] ? White : Black;
  return std::nullopt;
}

}  // namespace

Adjudication adjudication_of(const pgn::GameEnd& end, const pgn::GameReport& report, const std::string* termination) {
  Adjudication a;
  a.plies = report.plies;
  for (const Claim& c : report.claims) {
    if (c.kind == ClaimKind::ThreefoldRepetition) a.threefold_ply = c.ply;
    if (c.kind == ClaimKind::FiftyMoves) a.fifty_ply = c.ply;
  }
  a.end = end.ended_outcome();
  a.end_ply = end.ended_ply();
  if (a.end.termination == Termination::Checkmate) {
    // Mate is found only in the final position, so it is the last ply: did it also
    // complete 75 moves each? Then the mate stands (FIDE 9.6.2) and the comment says so.
    a.mate_at_seventyfive = a.end_ply >= 1 && report.final_position && is_seventyfive_moves(*report.final_position);
  }
  if (!a.end.is_over() && end.lost_on_time(termination))
    for (Color c : {White, Black}) a.cannot_win_on_time[c] = !end.could_checkmate(c);
  return a;
}

Adjudication adjudicate(const pgn::Game& game) {
  pgn::GameEnd end;
  end.start(game.start);
  Position pos = game.start;
  int ply = 0;
  for (const pgn::Node& n : game.moves) {
    pos.make_move(n.move);
    end.after_move(pos, ++ply);
  }
  pgn::GameReport report;
  report.plies = ply;
  report.final_position = pos;
  end.finish(pos, report);
  // What the replay reads after the last move for a "forfeits on time": the comments the
  // writer puts there, the last move's and those after its variations (pgn/game_end.hpp).
  std::string comments;
  if (game.moves.empty()) {
    pgn::append_comment_text(comments, game.comment);
  } else {
    const pgn::Node& last = game.moves.back();
    pgn::append_comment_text(comments, last.comment_after);
    for (const pgn::Line& variation : last.variations()) {
      pgn::end_comment_group(comments);
      if (!variation.empty()) pgn::append_comment_text(comments, variation.back().comment_after_variation());
    }
  }
  end.note_comments_after_last_move(std::move(comments));
  return adjudication_of(end, report, game.tag("Termination"));
}

void strip_annotations(std::string& text) {
  // Collapsing whitespace only shortens a comment: one shorter than every text holds none
  // (lichess writes a clock comment after every move).
  if (text.size() < shortest_annotation_text()) return;
  std::string s = collapse_spaces(text);
  bool removed = false;
  const auto remove_all = [&](std::string_view t) {
    std::size_t from = 0;
    for (std::size_t p; (p = s.find(t, from)) != std::string::npos;) {
      const std::size_t e = p + t.size();
      if ((p > 0 && s[p - 1] != ' ') || (e < s.size() && s[e] != ' ')) {
        from = p + 1;  // part of a longer word: a user's text, kept
        continue;
      }
      // The text and one of the spaces that separated it from its neighbours.
      if (e < s.size()) s.erase(p, t.size() + 1);
      else if (p > 0) s.erase(p - 1, t.size() + 1);
      else s.erase(p, t.size());
      removed = true;
      from = p > 0 ? p - 1 : 0;
    }
  };
  for (std::size_t id = 0; id < kTextCount; ++id) {
    if (TextId(id) == TextId::InvalidGame) continue;  // never written into a comment
    for (std::size_t lang = 0; lang < kLangCount; ++lang) remove_all(annotation_text(TextId(id), Lang(lang)));
  }
  for (const std::string_view t : former_annotation_texts()) remove_all(t);
  if (removed) text = std::move(s);
}

AnnotateNotes annotate_game(pgn::Game& game, const Adjudication& adj, const AnnotateOptions& options) {
  AnnotateNotes notes;
  // Idempotence: our own comments from an earlier run go first, so they are never doubled
  // and a run in another language replaces them.
  strip_annotations(game.comment);
  const std::size_t shortest = shortest_annotation_text();  // asked here: most comments are shorter or empty
  for (pgn::Node& n : game.moves) {
    if (n.comment_before().size() >= shortest) strip_annotations(n.extras().comment_before);
    if (n.comment_after.size() >= shortest) strip_annotations(n.comment_after);
  }

  const Color first = game.start.side_to_move();
  // The player who made mainline move `ply` (ply >= 1).
  auto mover = [first](int ply) { return ply % 2 == 1 ? first : ~first; };
  auto add = [&](int ply, TextId id) {
    std::string* comment = &game.comment;
    if (ply >= 1 && std::size_t(ply) <= game.moves.size()) comment = &game.moves[std::size_t(ply) - 1].comment_after;
    else if (!game.moves.empty()) comment = &game.moves.front().extras().comment_before;
    append_text(*comment, annotation_text(id, options.lang));
  };

  const bool ended = adj.end.is_over();
  // A claim needs a game in progress: none once it ended automatically (FIDE 5.1.1, 5.2,
  // 9.6), including on the same move (a mate on the 100th half-move is a mate).
  auto claimable = [&](int ply) { return ply >= 1 && (!ended || ply < adj.end_ply); };
  if (adj.threefold_ply && claimable(*adj.threefold_ply))
    add(*adj.threefold_ply, mover(*adj.threefold_ply) == White ? TextId::ThreefoldAfterWhite : TextId::ThreefoldAfterBlack);
  // With a start position whose clock already allowed the claim (ply 0), no move created it.
  if (adj.fifty_ply && claimable(*adj.fifty_ply))
    add(*adj.fifty_ply, mover(*adj.fifty_ply) == White ? TextId::FiftyAfterWhite : TextId::FiftyAfterBlack);
  if (!ended) {
    std::string replaced;
    if (const std::optional<Color> player = cannot_win_on_time(game, adj, replaced)) {
      // After the last move, where the clock ran out (FIDE 6.9).
      add(adj.plies, *player == White ? TextId::TimeDrawWhiteCannotMate : TextId::TimeDrawBlackCannotMate);
      set_tag(game, "Result", "1/2-1/2");
      game.result = "1/2-1/2";
      notes.cannot_win_on_time = player;
      if (!replaced.empty()) notes.replaced_result = replaced;
    }
    return notes;
  }

  add(adj.end_ply, end_text(adj.end));
  if (adj.mate_at_seventyfive) add(adj.end_ply, TextId::MateBeatsSeventyFive);
  if (adj.end_ply >= 1 && adj.end_ply < adj.plies) add(adj.end_ply, TextId::MovesAfterEnd);
  if (adj.end_ply == 0 && adj.plies > 0) add(0, TextId::MovesAfterStartEnd);  // before the first move

  // The automatic end decides the result (FIDE 5.1.1, 5.2, 9.6): whatever was recorded
  // after it does not count.
  const std::string expected(adj.end.result());
  const std::string* recorded_values[] = {game.tag("Result"), &game.result};
  for (const std::string* recorded : recorded_values)
    if (recorded && !recorded->empty() && *recorded != "*" && *recorded != expected && !notes.replaced_result)
      notes.replaced_result = *recorded;
  set_tag(game, "Result", expected);
  game.result = expected;
  // Always English whatever --lang says: tag values are data read by programs, and the PGN
  // standard (sections 8.1.1, 9.8.1) writes them in English.
  set_tag(game, "Termination", names_of(adj.end.termination).words);
  return notes;
}

}  // namespace chesstool::output
