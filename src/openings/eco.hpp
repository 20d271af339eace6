// SPDX-License-Identifier: MIT
// Opening classification: the last named position (ECO code and name) a game's mainline reaches.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "pgn/game.hpp"
#include "pgn/replay.hpp"

namespace chesstool::openings {

// A named position of the table (lichess chess-openings, CC0; data/eco/README.md).
struct Opening {
  std::string_view eco;   // "C50"
  std::string_view name;  // "Italian Game"
  int ply = 0;            // the game's ply at which it reached the position
};

// The named position with this repetition key, if any. ply is then the length of
// the table line that names it.
std::optional<Opening> find_position(Key key);

// The table's longest line in plies: no game position past it can be named.
int max_ply();
// Named positions in the table, and the TSV lines they come from.
std::size_t position_count();
std::size_t line_count();

// The last named position the mainline reaches, playing the moves from start
// (the table's convention: play the moves backwards until a named position is found,
// so a transposition gets the name of the position, whatever the move order). Only
// games from the standard start position are classified; the search stops past
// max_ply(). nullopt when no position is named.
std::optional<Opening> classify(const Position& start, std::span<const Move> mainline);

// The same classification as a mainline observer of pgn::Replayer, so that a command that
// replays the game anyway (validate --eco) classifies it on the way: it wants no more
// positions once the game is past max_ply() or did not start from the standard position.
class Classifier final : public pgn::MainlineObserver {
 public:
  bool start(const Position& pos) override;
  bool moved(Move move, const Position& after, int ply) override;
  // The last named position seen so far.
  const std::optional<Opening>& opening() const { return found_; }
  // The names of every named position seen so far, in the order of the game (the last
  // is opening()'s): an Opening tag may name any of them.
  const std::vector<std::string_view>& names_on_path() const { return names_on_path_; }

 private:
  std::optional<Opening> found_;
  std::vector<std::string_view> names_on_path_;
};
std::optional<Opening> classify(const pgn::Game& game);

// annotate --eco and convert --eco: sets the ECO and Opening tags to the
// classification (replacing the values of tags already there, adding them after the
// last tag otherwise); when the Opening tag changes, the Variation and SubVariation tags
// go (the table's name holds the variation). A game that does not classify keeps its
// tags, and so does one whose Opening, Variation and SubVariation tags spell the table's
// name split across them (PGN spec 9.4). Returns whether anything changed.
bool apply_eco_tags(pgn::Game& game);

// validate --eco: a message when the game's ECO or Opening tag disagrees with the
// classification (the ECO tag compared by code; the Opening tag, with Variation and
// SubVariation after it, part by part, when it is in the table's vocabulary: a family
// or a shorter line of the position reached or of one the game passed through on the
// way agrees ("Queen's Pawn Game" for an Indian Defense), and other vocabularies are not
// this table's to judge), nullopt when they agree, when the game has neither tag or when
// it does not classify. classifier has watched the game's mainline.
std::optional<std::string> eco_mismatch(const std::vector<std::pair<std::string, std::string>>& tags,
                                        const Classifier& classifier);
std::optional<std::string> eco_mismatch(const pgn::Game& game);

}  // namespace chesstool::openings
