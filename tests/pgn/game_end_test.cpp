// SPDX-License-Identifier: MIT
// Tests for pgn/game_end: the FIDE ends of a mainline (checkmate, stalemate, dead positions,
// fivefold repetition, the 75-move rule), the draws a player may claim, and the checks of
// a recorded result against them. Every expected value is worked out by hand from the
// FIDE Laws of Chess (articles 5, 6.9, 9), as each test's comment says.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/uci.hpp"
#include "pgn/game_end.hpp"

namespace chesstool::pgn {
namespace {

// A mainline played through a GameEnd: start(), after_move() per ply, finish().
struct PlayedLine {
  GameEnd end;
  GameReport report;
  Position pos;
};

std::unique_ptr<PlayedLine> play_line(const std::string& fen, const std::vector<std::string>& moves) {
  auto line = std::make_unique<PlayedLine>();
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  line->pos = r.position;
  line->end.start(line->pos);
  int ply = 0;
  for (const std::string& uci : moves) {
    const std::optional<Move> m = parse_uci(line->pos, uci);
    EXPECT_TRUE(m.has_value()) << uci << " in " << to_fen(line->pos);
    if (!m) break;
    line->pos.make_move(*m);
    line->end.after_move(line->pos, ++ply);
  }
  line->end.finish(line->pos, line->report);
  return line;
}

std::string problem(const PlayedLine& l, const std::string& result, const std::string* termination = nullptr) {
  auto p = l.end.contradiction(result, termination);
  return p ? p->code : "";
}

// The knights go out and back: the start position recurs every four plies.
std::vector<std::string> knight_shuffles(int rounds) {
  std::vector<std::string> m;
  for (int i = 0; i < rounds; ++i)
    for (const char* u : {"g1f3", "g8f6", "f3g1", "f6g8"}) m.emplace_back(u);
  return m;
}

TEST(GameEnd, FoolsMateEndsTheGameForBlack) {
  // 1. f3 e5 2. g4 Qh4#: checkmate (5.1.1), 0-1.
  auto l = play_line(kStartFen, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_EQ(l->report.outcome.termination, Termination::Checkmate);
  ASSERT_TRUE(l->report.outcome.winner.has_value());
  EXPECT_EQ(*l->report.outcome.winner, Black);
  EXPECT_TRUE(l->end.ended());
  EXPECT_EQ(l->end.ended_ply(), 4);
  EXPECT_FALSE(l->report.ended_at.has_value());  // no move after the mate
  EXPECT_EQ(problem(*l, "0-1"), "");
  EXPECT_EQ(problem(*l, "1-0"), "result-contradicts-position");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "result-contradicts-position");
  EXPECT_EQ(problem(*l, "*"), "result-contradicts-position");  // the game is over
  EXPECT_EQ(problem(*l, ""), "");                              // no result recorded: nothing to contradict
  const auto p = l->end.contradiction("1-0", nullptr);
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("'0-1'"), std::string::npos) << p->message;
}

TEST(GameEnd, StalemateIsADraw) {
  // Qf2-f7: the black king on h8 is not in check, and g8, g7 (queen) and h7 (king g6)
  // are covered: stalemate (5.2.1), 1/2-1/2 whatever the score sheet says.
  auto l = play_line("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", {"f2f7"});
  EXPECT_EQ(l->report.outcome.termination, Termination::Stalemate);
  EXPECT_FALSE(l->report.outcome.winner.has_value());
  EXPECT_EQ(l->report.outcome.result(), "1/2-1/2");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "");
  EXPECT_EQ(problem(*l, "1-0"), "result-contradicts-position");
}

TEST(GameEnd, CaptureToBareKingsEndsAtOnceAndLaterMovesAreNoted) {
  // Kxb2 leaves king against king: no series of legal moves can mate (5.2.2), the game
  // ends with that move (ply 1); the two king moves after it come after the end.
  auto l = play_line("8/8/8/4k3/8/8/1r6/K7 w - - 0 1", {"a1b2", "e5e4", "b2c2"});
  EXPECT_TRUE(l->end.ended());
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::InsufficientMaterial);
  EXPECT_EQ(l->end.ended_ply(), 1);
  ASSERT_TRUE(l->report.ended_at.has_value());
  EXPECT_EQ(*l->report.ended_at, 1);
  EXPECT_EQ(l->end.ended_reason(), "insufficient material at ply 1");
  EXPECT_EQ(problem(*l, "0-1"), "result-contradicts-position");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "");
}

TEST(GameEnd, DeadStartPositionEndsAtPlyZero) {
  // King and bishop against king from the start (5.2.2).
  auto l = play_line("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", {"c1d2"});
  EXPECT_TRUE(l->end.ended());
  EXPECT_EQ(l->end.ended_ply(), 0);
  ASSERT_TRUE(l->report.ended_at.has_value());
  EXPECT_EQ(*l->report.ended_at, 0);
}

TEST(GameEnd, FivefoldRepetitionEndsTheGameThreefoldIsAClaim) {
  // The start position occurs at plies 0, 4, 8, 12 and 16. The third occurrence (ply 8)
  // lets the player to move, White, claim (9.2); the fifth ends the game (9.6.1).
  auto l = play_line(kStartFen, knight_shuffles(4));
  EXPECT_TRUE(l->end.ended());
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::FivefoldRepetition);
  EXPECT_EQ(l->end.ended_ply(), 16);
  EXPECT_EQ(l->end.ended_reason(), "fivefold repetition at ply 16");
  ASSERT_EQ(l->report.claims.size(), 1u);
  EXPECT_EQ(l->report.claims[0].kind, ClaimKind::ThreefoldRepetition);
  EXPECT_EQ(l->report.claims[0].ply, 8);
  EXPECT_EQ(l->report.claims[0].who, White);
  EXPECT_EQ(problem(*l, "1-0"), "result-contradicts-position");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "");
}

TEST(GameEnd, FourOccurrencesDoNotEndTheGame) {
  // Plies 0, 4, 8, 12: four occurrences, a claim but no automatic end; any result stands.
  auto l = play_line(kStartFen, knight_shuffles(3));
  EXPECT_FALSE(l->end.ended());
  EXPECT_EQ(l->report.outcome.termination, Termination::None);
  ASSERT_EQ(l->report.claims.size(), 1u);
  EXPECT_EQ(l->report.claims[0].ply, 8);
  EXPECT_EQ(problem(*l, "1-0"), "");
  EXPECT_EQ(problem(*l, "*"), "");
}

TEST(GameEnd, FiftyMovesIsAClaimSeventyFiveAnEnd) {
  // A quiet rook move takes the clock from 99 to 100 half-moves: claimable (9.3) by the
  // player to move, Black. From 149 to 150: the game is drawn (9.6.2).
  auto fifty = play_line("r3k3/8/8/8/8/8/8/R3K3 w - - 99 80", {"a1a2"});
  EXPECT_FALSE(fifty->end.ended());
  ASSERT_EQ(fifty->report.claims.size(), 1u);
  EXPECT_EQ(fifty->report.claims[0].kind, ClaimKind::FiftyMoves);
  EXPECT_EQ(fifty->report.claims[0].ply, 1);
  EXPECT_EQ(fifty->report.claims[0].who, Black);
  EXPECT_EQ(problem(*fifty, "1-0"), "");

  auto seventy_five = play_line("r3k3/8/8/8/8/8/8/R3K3 w - - 149 80", {"a1a2"});
  EXPECT_TRUE(seventy_five->end.ended());
  EXPECT_EQ(seventy_five->end.ended_outcome().termination, Termination::SeventyFiveMoves);
  EXPECT_EQ(seventy_five->end.ended_ply(), 1);
  EXPECT_EQ(problem(*seventy_five, "1-0"), "result-contradicts-position");
  EXPECT_EQ(problem(*seventy_five, "1/2-1/2"), "");
}

TEST(GameEnd, MateOnTheSeventyFifthMoveStands) {
  // Rh1-h8 is mate (b6 covers a7 and b7, the rook the eighth rank) and also the 150th
  // half-move without capture or pawn move: 9.6.2 lets the checkmate stand.
  auto l = play_line("k7/8/1K6/8/8/8/8/7R w - - 149 100", {"h1h8"});
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::Checkmate);
  ASSERT_TRUE(l->end.ended_outcome().winner.has_value());
  EXPECT_EQ(*l->end.ended_outcome().winner, White);
  EXPECT_EQ(problem(*l, "1-0"), "");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "result-contradicts-position");
}

TEST(GameEnd, StalemateOnTheSeventyFifthMoveIsAStalemate) {
  // Qc1-c7 is the 150th half-move without capture or pawn move, and it stalemates the
  // a8 king (b6 covers a7 and b7, the queen b8). Stalemate ends the game at once (5.2.1)
  // and comes before the 75-move rule in the documented order: the end that annotate
  // and filter read says so too, as the final position's outcome does.
  auto l = play_line("k7/8/1K6/8/8/8/8/2Q5 w - - 149 100", {"c1c7"});
  EXPECT_EQ(l->report.outcome.termination, Termination::Stalemate);
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::Stalemate);
  EXPECT_EQ(l->end.ended_ply(), 1);
  EXPECT_EQ(problem(*l, "1/2-1/2"), "");
}

TEST(GameEnd, CaptureToBareKingThatStalematesIsAStalemate) {
  // Bxc7 leaves king and bishop against king (5.2.2) and stalemates the a8 king: the
  // stalemate comes first, as in the final position's outcome.
  auto l = play_line("k7/2n5/1K6/4B3/8/8/8/8 w - - 0 60", {"e5c7"});
  EXPECT_EQ(l->report.outcome.termination, Termination::Stalemate);
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::Stalemate);
  EXPECT_EQ(l->end.ended_ply(), 1);
}

TEST(GameEnd, StartClockPastSeventyFiveMovesEndsAtPlyZero) {
  // The set-up position already follows 150 half-moves without capture or pawn move:
  // the game was drawn before it (9.6.2), so Qh8, mate as it is, comes after the end
  // (the mate exception is for the move that completes the 75 moves). No claim is
  // listed: the game was over before any could be made (FIDE 9.6.2, 5.2).
  auto l = play_line("k7/8/1K6/8/8/8/7Q/8 w - - 150 100", {"h2h8"});
  EXPECT_TRUE(l->end.ended());
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::SeventyFiveMoves);
  EXPECT_EQ(l->end.ended_ply(), 0);
  ASSERT_TRUE(l->report.ended_at.has_value());
  EXPECT_EQ(*l->report.ended_at, 0);
  EXPECT_EQ(problem(*l, "1-0"), "result-contradicts-position");
  EXPECT_EQ(problem(*l, "1/2-1/2"), "");
  EXPECT_TRUE(l->report.claims.empty());

  // With a clock of 149 the same mate completes the 75 moves, and it stands; the fifty-move
  // claim from the start (ply 0) was there while the game went on.
  auto mate = play_line("k7/8/1K6/8/8/8/7Q/8 w - - 149 100", {"h2h8"});
  EXPECT_EQ(mate->end.ended_outcome().termination, Termination::Checkmate);
  EXPECT_EQ(mate->end.ended_ply(), 1);
  EXPECT_EQ(problem(*mate, "1-0"), "");
  ASSERT_EQ(mate->report.claims.size(), 1u);
  EXPECT_EQ(mate->report.claims[0].ply, 0);
}

TEST(GameEnd, NoClaimOnTheMoveThatEndsTheGame) {
  // Mate on the 100th half-move: the game ended with the move that would have allowed the
  // fifty-move claim, so there is none to list (annotate writes none either).
  auto l = play_line("k7/8/1K6/8/8/8/7Q/8 w - - 99 100", {"h2h8"});
  EXPECT_EQ(l->end.ended_outcome().termination, Termination::Checkmate);
  EXPECT_TRUE(l->report.claims.empty());
  // One move earlier the claim stands: the game went on after it.
  auto on = play_line("k7/8/1K6/8/8/8/7Q/8 w - - 99 100", {"h2h3", "a8b8"});
  ASSERT_EQ(on->report.claims.size(), 1u);
  EXPECT_EQ(on->report.claims[0].ply, 1);
}

TEST(GameEnd, BothClaimsInPlyOrder) {
  // Clock at 97: after two quiet rook moves it is 99, after the third 100 (ply 3, the
  // fifty-move claim). The rooks go a1-a2-a1 and a8-a7-a8, so the start position comes
  // back at ply 4 and 8: the third occurrence is at ply 8, after the fifty-move claim.
  auto l = play_line("r3k3/8/8/8/8/8/8/R3K3 w - - 97 80", {"a1a2", "a8a7", "a2a1", "a7a8", "a1a2", "a8a7", "a2a1", "a7a8"});
  ASSERT_EQ(l->report.claims.size(), 2u);
  EXPECT_EQ(l->report.claims[0].kind, ClaimKind::FiftyMoves);
  EXPECT_EQ(l->report.claims[0].ply, 3);
  EXPECT_EQ(l->report.claims[1].kind, ClaimKind::ThreefoldRepetition);
  EXPECT_EQ(l->report.claims[1].ply, 8);
}

TEST(GameEnd, UnfinishedGameAcceptsAnyResult) {
  // Resignation, agreement or a game still going on: nothing on the board contradicts.
  auto l = play_line(kStartFen, {"e2e4", "e7e5", "g1f3"});
  EXPECT_FALSE(l->end.ended());
  EXPECT_FALSE(l->report.outcome.is_over());
  EXPECT_TRUE(l->report.claims.empty());
  for (const char* r : {"1-0", "0-1", "1/2-1/2", "*", ""}) EXPECT_EQ(problem(*l, r), "") << r;
}

TEST(GameEnd, WinOnTimeWithoutMatingMaterialIsADraw) {
  // 6.9: a flag fall loses unless the opponent cannot mate by any series of legal moves.
  // White has a bare king, so a white win on time must be a draw; Black, with a queen, may
  // win on time. Without a word about time the result is a resignation, which stands.
  auto l = play_line("3qk3/8/8/8/8/8/8/4K3 w - - 0 1", {"e1e2"});
  const std::string on_time = "White won on time";
  const std::string normal = "normal";
  EXPECT_EQ(problem(*l, "1-0", &on_time), "time-forfeit-draw");
  EXPECT_EQ(problem(*l, "0-1", &on_time), "");
  EXPECT_EQ(problem(*l, "1-0", &normal), "");
  EXPECT_EQ(problem(*l, "1-0"), "");
  // The same found in the comments after the last move, when the tag says nothing.
  const std::string text = "1. Ke2 {Black forfeits on\n time} 1-0";
  l->end.note_text_after_last_move(text, 6);
  EXPECT_EQ(problem(*l, "1-0"), "time-forfeit-draw");
  l->end.note_text_after_last_move(text, text.size() + 1);  // out of the text: nothing read
  EXPECT_EQ(problem(*l, "1-0"), "");
  l->end.note_comments_after_last_move("White lost on time");
  EXPECT_EQ(problem(*l, "1-0"), "time-forfeit-draw");
}

TEST(GameEnd, LostOnTimeReadsTheCommentsAsAnnotateWritesThem) {
  // A wrapped line, two blanks, two comments: "White forfeits on time" once written back.
  auto l = play_line("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", {"e1d1", "e8d8"});
  const std::string texts[] = {"{White forfeits on\ntime} 0-1", "{White forfeits on  time} 0-1",
                               "{White forfeits on} {time} 0-1", "{White forfeits on}\n; time\n0-1"};
  for (const std::string& t : texts) {
    const std::string game = "[FEN \"x\"]\n\n1. Kd1 Kd8 " + t;
    l->end.note_text_after_last_move(game, game.find("Kd8") + 3);
    EXPECT_TRUE(l->end.lost_on_time(nullptr)) << t;
  }
  // Not an escape line, a comment in a variation, a tag, a NAG or a move before the last.
  const std::string not_read[] = {"{x}\n%White forfeits on time\n0-1", "(1... Ke7 {flag fell}) 0-1",
                                  "$1 {on} time 0-1", "{White did not lose on time} 0-1"};
  for (const std::string& t : not_read) {
    const std::string game = "[FEN \"x\"]\n\n1. Kd1 {flag fell} Kd8 " + t;
    l->end.note_text_after_last_move(game, game.find("Kd8") + 3);
    EXPECT_FALSE(l->end.lost_on_time(nullptr)) << t;
  }
  const std::string time_tag = "Time forfeit";
  EXPECT_TRUE(l->end.lost_on_time(&time_tag));  // the Termination tag as before
}

TEST(GameEnd, CommentsAfterAreTheMainlineCommentsAfterTheLastMove) {
  // A game without moves: all of its comments, not its tags or escape lines.
  EXPECT_EQ(comments_after("[A \"x\"]\n[B \"y}\"] {lost on\n\t time}  {x} 0-1", 0), "lost on time x");
  EXPECT_EQ(comments_after("%esc {no}\n[A \"x\"]\r\n%{no}\r\n{c} *", 0), "c");
  EXPECT_EQ(comments_after("\xEF\xBB\xBF%{no}\n{c}", 0), "c");  // a BOM before the escape line
  EXPECT_EQ(comments_after("{c} %x\n {d} *", 0), "c d");        // not in column 1: a symbol
  EXPECT_EQ(comments_after("{c}\n[A \"x\"] ;d\n*", 0), "c d");
  EXPECT_EQ(comments_after("{a} ( {b} ) *", 0), "a");           // a variation before any move: dead
  EXPECT_EQ(comments_after("{a\n%b} {c", 0), "a %b c");          // '%' in a comment; unterminated
  // After the last move (from): the mainline's comments, grouped by the variations.
  const std::string g = "1. e4 e5 {a} (1... c5 {flag fell} (1... d5 {x}) {y}) {b} (1... d5) {c} 1-0";
  EXPECT_EQ(comments_after(g, 8), "a\nb\nc");
  EXPECT_EQ(comments_after("1. e4 e5 {a} ( {b} $1 2. ) {c} 1-0", 8), "a b c");  // a variation without a move
  EXPECT_EQ(comments_after("1. e4 e5 (1... c5) {a} ( {b} ) {c} *", 8), "b\na c");
  EXPECT_EQ(comments_after("1. e4 e5 (1... O-O {x}) (1... 0-0 {y}) (1... -- {z}) {a}", 8), "a");
  EXPECT_EQ(comments_after("1. e4 e5 ) {a} ( {b}", 8), "a b");  // unbalanced both ways
  // A variation whose only token is junk has no move, as the replay counts them.
  EXPECT_EQ(comments_after("1. e4 e5 ( <x> {b} ) {c} 1-0", 8), "b c");
  // Variations before the last move change nothing.
  EXPECT_EQ(comments_after("1. e4 (1. d4 {v}) e5 {a} 1-0", 20), "a");
  EXPECT_EQ(comments_after("1. e4", 6), "");
  EXPECT_EQ(comments_after("1. e4", 5), "");
}

TEST(GameEnd, AppendCommentTextCollapsesBlanksAndJoins) {
  std::string c;
  append_comment_text(c, "  a \n\t b ");
  append_comment_text(c, "");
  append_comment_text(c, "c");
  EXPECT_EQ(c, "a b c");
  end_comment_group(c);
  end_comment_group(c);
  append_comment_text(c, " d");
  EXPECT_EQ(c, "a b c\nd");
  std::string e;
  end_comment_group(e);
  EXPECT_EQ(e, "");
}

TEST(GameEnd, SaysLostOnTime) {
  for (const char* s : {"White forfeits on time", "lost on time", "Black wins ON TIME", "time forfeit", "Flag fell",
                        "Time-forfeit", "White ran out of time", "White flagged.", "White won on time!",
                        "Black loses on time", "The flag fell; Black won", "No, White lost on time",
                        "White forfeited on time", "(lost on time)", "White lost on-time", "not\nlost on time"})
    EXPECT_TRUE(says_lost_on_time(s)) << s;
  for (const char* s : {"White resigns", "time trouble", "a timely move", "", "forfeit", "[%clk 0:00:00]", "on time",
                        "White came on time", "not lost on time", "White did not lose on time",
                        "Black didn't lose on time", "Black didn\u2019t lose on time", "without losing on time",
                        "no time forfeit", "White never flagged", "White cannot lose on time",
                        "White did not really lose on time", "overtime forfeit", "timeforfeit", "unflagged",
                        "lost on timer", "White lost on\ntime", "White lost on \ntime",
                        "White is losing on time"})
    EXPECT_FALSE(says_lost_on_time(s)) << s;
}

TEST(GameEnd, MentionsTimeOrFlag) {
  for (const char* s : {"TIME", "xflagx", "Time", "fLaG"}) EXPECT_TRUE(mentions_time_or_flag(s)) << s;
  for (const char* s : {"", "tim", "{ [%clk 0:00:07] } 1-0", "fla g", "t1me", "\x14\x09\x0d\x05"})
    EXPECT_FALSE(mentions_time_or_flag(s)) << s;
}

}  // namespace
}  // namespace chesstool::pgn
