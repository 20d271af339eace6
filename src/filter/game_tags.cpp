// SPDX-License-Identifier: MIT
// The tag section of a game read from its raw text: a fast path for well-formed tag
// pairs, the movetext parser for everything else.
#include "filter/game_tags.hpp"

#include <algorithm>
#include <cstring>

#include "pgn/encoding.hpp"
#include "pgn/movetext_parser.hpp"

namespace chesstool::filter {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
bool is_newline(char c) { return c == '\n' || c == '\r'; }

// Collects the tags the parser delivers (views are valid during the call only).
class TagCollector final : public pgn::Visitor {
 public:
  explicit TagCollector(std::vector<std::pair<std::string, std::string>>& out) : out_(out) {}
  void tag(std::string_view name, std::string_view value, pgn::SourceLoc) override {
    out_.emplace_back(std::string(name), std::string(value));
  }

 private:
  std::vector<std::pair<std::string, std::string>>& out_;
};

}  // namespace

void GameTags::add(std::string_view name, std::string_view value) {
  for (const auto& [k, v] : tags_)
    if (k == name) return;  // the first one counts, as in the replayer
  tags_.emplace_back(name, value);
}

std::optional<std::string_view> GameTags::tag(std::string_view name) const {
  for (const auto& [k, v] : tags_)
    if (k == name) return v;
  return std::nullopt;
}

void GameTags::read(const pgn::RawGame& raw) {
  tags_.clear();
  owned_.clear();
  if (!read_fast(raw.text)) {
    tags_.clear();
    owned_.clear();
    read_by_parser(raw);
  }
}

// False when a tag pair is not of the plain form: the parser must read this game.
bool GameTags::read_fast(std::string_view text) {
  const char* t = text.data();
  const std::size_t n = text.size();
  const auto* u = reinterpret_cast<const unsigned char*>(t);
  std::size_t p = 0;
  bool line_start = true;
  while (p < n) {
    const char c = t[p];
    if (is_space(c)) {
      ++p;
      continue;
    }
    if (is_newline(c)) {
      ++p;
      line_start = true;
      continue;
    }
    if (c == '{') {  // a comment before or among the tags (delivered with the movetext)
      const void* close = std::memchr(t + p + 1, '}', n - p - 1);
      if (!close) return true;  // runs to the end of the game: no more tags
      p = std::size_t(static_cast<const char*>(close) - t) + 1;
      line_start = false;
      continue;
    }
    if (c == ';' || (c == '%' && line_start)) {
      while (p < n && !is_newline(t[p])) ++p;
      continue;
    }
    if (c != '[') return true;  // the movetext starts: the tag section is over
    line_start = false;
    pgn::detail::TagScan state = pgn::detail::TagScan::InTag;
    const std::size_t end = pgn::detail::scan_tag_pair(u, p + 1, n, state);
    if (state != pgn::detail::TagScan::Closed) return false;
    // [ blanks name blanks "value" blanks ]
    std::size_t i = p + 1;
    const std::size_t body_end = end - 1;
    while (i < body_end && is_space(t[i])) ++i;
    const std::size_t name_start = i;
    while (i < body_end && !is_space(t[i]) && t[i] != '"') ++i;
    if (i == name_start) return false;
    const std::string_view name(t + name_start, i - name_start);
    while (i < body_end && is_space(t[i])) ++i;
    if (i >= body_end || t[i] != '"') return false;
    const std::size_t value_start = ++i;
    bool escaped = false;
    while (i < body_end && t[i] != '"') {
      if (t[i] == '\\') {
        escaped = true;
        ++i;
      }
      ++i;
    }
    if (i >= body_end) return false;
    std::string_view value(t + value_start, i - value_start);
    for (++i; i < body_end && is_space(t[i]);) ++i;
    if (i != body_end) return false;  // text after the value
    if (!pgn::is_valid_utf8(name)) return false;
    if (escaped) {
      std::string& s = owned_.emplace_back();
      for (std::size_t k = 0; k < value.size(); ++k) {
        const char ch = value[k];
        if (ch == '\\' && k + 1 < value.size() && (value[k + 1] == '"' || value[k + 1] == '\\'))
          s.push_back(value[++k]);
        else
          s.push_back(ch);
      }
      value = s;
    }
    // Most values are ASCII; the check is cheap next to the split.
    if (std::any_of(value.begin(), value.end(), [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; }) &&
        !pgn::is_valid_utf8(value))
      value = owned_.emplace_back(pgn::cp1252_to_utf8(value));
    add(name, value);
    p = end;
  }
  return true;
}

void GameTags::read_by_parser(const pgn::RawGame& raw) {
  std::vector<std::pair<std::string, std::string>> all;
  TagCollector collector(all);
  pgn::parse_game(raw, collector);
  for (auto& [k, v] : all) {
    std::string_view name = owned_.emplace_back(std::move(k));
    std::string_view value = owned_.emplace_back(std::move(v));
    add(name, value);
  }
}

}  // namespace chesstool::filter
