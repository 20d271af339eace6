// SPDX-License-Identifier: MIT
// A game's tag section read straight from its raw text, without parsing the movetext.
#pragma once

#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filter/where.hpp"
#include "pgn/game_splitter.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::filter {

// The tags of one game as the movetext parser delivers them (pgn/movetext_parser.hpp):
// \" and \\ unescaped, a value that is not UTF-8 read as Windows-1252, the first tag
// pair of a name counting. The tag section is everything before the first movetext
// token: tag pairs, comments, blanks and '%' lines. Well-formed tag pairs
// ([Name "value"]) are read here directly, which is what makes a tag-only filter about
// as fast as splitting the input; a game with any other kind of tag pair (no closing
// quote or ']', an unquoted value, text after the value) is handed to the parser itself,
// so both always agree.
class GameTags final : public TagSource {
 public:
  // Reads the tags of raw (which must outlive this object's use, as must its text).
  // With `wanted`, only those tags are kept and the scan stops once each has been found
  // (the first of a name counts, so nothing after it can change the answer).
  void read(const pgn::RawGame& raw, const std::vector<std::string>* wanted = nullptr);
  std::optional<std::string_view> tag(std::string_view name) const override;
  // Every tag in file order, duplicates dropped.
  const std::vector<pgn::TagView>& all() const { return tags_; }

 private:
  bool read_fast(std::string_view text);
  void read_by_parser(const pgn::RawGame& raw);
  // Keeps the tag unless a tag of that name came first or it is not wanted; true when
  // every wanted tag has now been found.
  bool add(std::string_view name, std::string_view value);
  bool wanted(std::string_view name) const;

  const std::vector<std::string>* wanted_ = nullptr;
  std::size_t found_as_asked_ = 0;  // wanted names found spelt exactly so

  std::vector<pgn::TagView> tags_;
  std::deque<std::string> owned_;  // unescaped or converted text the views point into
};

}  // namespace chesstool::filter
