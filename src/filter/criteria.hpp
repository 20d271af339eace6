// SPDX-License-Identifier: MIT
// What `filter` selects games by: tag expressions, endings, kinds of move, positions,
// material and validity, with the option spellings and their parsers.
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "filter/where.hpp"
#include "rules/outcome.hpp"

namespace chesstool::filter {

// An inclusive range of counts: "N..M", "N.." (no upper bound), "..M" or "N" (exactly N).
struct Range {
  long long min = LLONG_MIN;
  long long max = LLONG_MAX;
  bool contains(long long v) const { return v >= min && v <= max; }
};
// Parses a range of non-negative integers; nullopt and error set for anything else
// (also when min > max).
std::optional<Range> parse_range(std::string_view text, std::string& error);
// The two ends of "FROM..TO" as written (either may be empty); nullopt without "..".
std::optional<std::pair<std::string, std::string>> split_range(std::string_view text);

// How a game ends (--ends). The first rows come from the rules' Termination table
// (kTerminationNames: every automatic end, so an end added there is an --ends value
// here); the others are about claims and results.
enum class EndingKind : std::uint8_t {
  Terminated,          // ended on the board by `termination` (FIDE 5.1.1, 5.2, 9.6)
  ThreefoldClaimable,  // the final position may be claimed a draw by repetition (9.2)
  FiftyClaimable,      // the final position may be claimed a draw by the fifty-move rule (9.3)
  DecidedOnBoard,      // any automatic end
  Resigned,            // 1-0 or 0-1 recorded, and the game not over on the board
  Unfinished,          // '*' recorded (or no result), and the game not over on the board
};
struct Ending {
  EndingKind kind = EndingKind::Terminated;
  Termination termination = Termination::None;  // for Terminated
  std::string name;                             // the option's spelling
};
// Every --ends value, in the order the manual lists them. A Termination's spelling is
// its JSON name with '-' for '_', shortened for the two repetition and move-count rules
// as the option spells them (fivefold, seventyfive).
const std::vector<Ending>& ending_table();
std::vector<std::string> ending_names();

// A kind of move (--has).
enum class MoveKind : std::uint8_t { Underpromotion, Promotion, EnPassant, Castling, NullMove };
struct MoveKindName {
  MoveKind kind;
  std::string_view name;
};
inline constexpr MoveKindName kMoveKinds[] = {
    {MoveKind::Underpromotion, "underpromotion"}, {MoveKind::Promotion, "promotion"},
    {MoveKind::EnPassant, "en-passant"},          {MoveKind::Castling, "castling"},
    {MoveKind::NullMove, "null-move"},
};
std::vector<std::string> move_kind_names();

// A material signature: how many queens, rooks, bishops, knights and pawns each side has
// (kings implied). Written "KRP:KR": White's pieces, ':', Black's, each a run of the
// letters K Q R B N P (K optional, at most once; case-insensitive).
struct Material {
  // counts[colour][piece type Pawn..Queen]
  std::array<std::array<int, 6>, 2> counts{};
  int total(Color c) const;
  bool operator==(const Material&) const = default;
};
std::optional<Material> parse_material(std::string_view text, std::string& error);
Material material_of(const Position& pos);
// "KRP:KR" for m.
std::string to_string(const Material& m);

// An inclusive range of ECO codes ("A00".."B99"), compared as text.
struct EcoRange {
  std::string from = "A00", to = "E99";
  bool contains(std::string_view code) const { return code >= from && code <= to; }
};
// "C50" (one code), "B" (a volume: B00..B99), "A00..B99", "C..", "..B19" (a letter end
// covers its whole volume); nullopt and error set for anything else.
std::optional<EcoRange> parse_eco_range(std::string_view text, std::string& error);

enum class Validity : std::uint8_t { Any, Valid, Invalid };

// Every criterion of one run. A game is selected when it meets all of them (each list
// option holds when any of its values does), or, with invert, when it does not.
struct Criteria {
  // Tag criteria: decided from the tag section alone.
  std::vector<Where> where;  // --where and the shortcuts, each must hold
  // --tc-class: the TimeControl tag's class must be one of these; tc_class_of names the
  // class of a tag value (nullopt: no tag). Set by the command, which owns the FIDE table.
  std::vector<std::string> tc_classes;
  std::function<std::string(std::optional<std::string_view>)> tc_class_of;
  std::vector<std::string> variants;  // --variant: "standard" or "chess960"

  // Movetext criteria.
  std::optional<Range> plies;  // mainline half-moves written
  std::vector<Ending> ends;
  std::vector<MoveKind> has;
  std::vector<Position> reaches;  // each --reaches position (compared by its repetition key)
  std::optional<Range> at_ply;
  std::optional<Material> material;
  bool either_colour = false;
  bool final_material = false;
  // The opening the moves reach (openings/eco.hpp classifies them: the ECO and Opening
  // tags are not read): its code in this range, its name matching this RE2 pattern.
  std::optional<EcoRange> eco;
  std::optional<std::string> opening;
  Validity validity = Validity::Any;

  bool invert = false;

  // True when every criterion is a tag criterion: no game is replayed.
  bool tags_only() const {
    return !plies && ends.empty() && has.empty() && reaches.empty() && !material && !classifies() &&
           validity == Validity::Any;
  }
  // True when a criterion needs the moves replayed (plies needs the tokens only).
  bool needs_replay() const { return !ends.empty() || !has.empty() || !reaches.empty() || material || classifies(); }
  bool classifies() const { return eco || opening; }
};

}  // namespace chesstool::filter
