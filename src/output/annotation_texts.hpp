// SPDX-License-Identifier: MIT
// Every user-visible text that `annotate` writes into PGN, keyed by message id and language.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "pgn/game_report.hpp"

namespace chesstool::output {

// Languages of the annotation comments. To add one: a value here (before Count), its code
// in lang_code(), and one column in the table of annotation_texts.cpp; the unit tests
// check that no text of any language is missing.
enum class Lang : std::uint8_t { En, Ar, Count };

inline constexpr std::size_t kLangCount = std::size_t(Lang::Count);

// "en", "ar": the codes of --lang (ISO 639-1).
std::string_view lang_code(Lang lang);
// The language of a code, nullopt for an unknown one.
std::optional<Lang> lang_from_code(std::string_view code);

// One annotation comment. The claim texts exist once per colour of the player who made the
// move, because FIDE 9.2.1 and 9.3 give the claim to that player (before the move, by
// declaring it) and to the opponent (right after it): the text names both.
enum class TextId : std::uint8_t {
  ThreefoldAfterWhite,  // White's move made a position appear for the third time (FIDE 9.2)
  ThreefoldAfterBlack,
  FiftyAfterWhite,      // White's move completed 50 moves each without capture or pawn move (FIDE 9.3)
  FiftyAfterBlack,
  CheckmateWhiteWins,   // FIDE 5.1.1
  CheckmateBlackWins,
  Stalemate,            // FIDE 5.2.1
  DeadPosition,         // FIDE 5.2.2 (insufficient material)
  LockedPawns,          // FIDE 5.2.2 (locked pawns: rules/dead_position.hpp)
  Fivefold,             // FIDE 9.6.1
  SeventyFive,          // FIDE 9.6.2
  MateBeatsSeventyFive, // checkmate on the 75th move stands (FIDE 9.6.2)
  MovesAfterEnd,        // moves were recorded after an automatic end
  MovesAfterStartEnd,   // the start position had already ended the game, and moves were recorded
  TimeDrawWhiteCannotMate,  // Black ran out of time, but White could not checkmate: a draw (FIDE 6.9)
  TimeDrawBlackCannotMate,
  InvalidGame,          // prefix of the `; chesstool:` line before a game that does not replay
  Count
};

inline constexpr std::size_t kTextCount = std::size_t(TextId::Count);

// The text of one message in one language: a complete sentence (or two), single-spaced,
// without braces (they would end a PGN comment, spec 8.2.5), never empty.
std::string_view annotation_text(TextId id, Lang lang);
// Texts earlier versions wrote into comments and this one does not, single-spaced: a run
// on an older run's output removes them as its own (each is longer than the shortest).
std::span<const std::string_view> former_annotation_texts();
// Bytes of the shortest text written into a comment (every language; InvalidGame is not):
// a shorter comment, such as a lichess clock, holds none of them.
std::size_t shortest_annotation_text();

}  // namespace chesstool::output
