// SPDX-License-Identifier: MIT
// The tag section of a game read from its raw text: a fast path for well-formed tag
// pairs, the movetext parser for everything else.
#include "filter/game_tags.hpp"

#include <algorithm>
#include <cstring>

#include "pgn/encoding.hpp"
#include "pgn/movetext_parser.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::filter {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
bool is_newline(char c) { return c == '\n' || c == '\r'; }
bool is_name_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Collects the tags the parser delivers (views are valid during the call only).
class TagCollector final : public pgn::Visitor {
 public:
  explicit TagCollector(std::vector<std::pair<std::string, std::string>>& out) : out_(out) {}
  void tag(std::string_view name, std::string_view value, const pgn::SourceLoc&) override {
    out_.emplace_back(std::string(name), std::string(value));
  }

 private:
  std::vector<std::pair<std::string, std::string>>& out_;
};

}  // namespace

// A standard tag spelt in another letter case ([result]) counts as the standard one when
// no tag is spelt so, as everywhere else (pgn/standard_tags.hpp).
bool GameTags::wanted(std::string_view name) const {
  for (const std::string& w : *wanted_)
    if (w == name || (pgn::standard_tag_name(w) == w && pgn::detail::equal_ignoring_case(w, name))) return true;
  return false;
}

bool GameTags::add(std::string_view name, std::string_view value) {
  if (wanted_ && !wanted(name)) return false;
  for (const auto& [k, v] : tags_)
    if (k == name) return false;  // the first one counts, as in the replayer
  tags_.emplace_back(name, value);
  if (!wanted_) return false;
  // Done once each wanted name is found spelt as asked: one in another case may yet give way.
  if (std::find(wanted_->begin(), wanted_->end(), name) != wanted_->end()) ++found_as_asked_;
  return found_as_asked_ == wanted_->size();
}

std::optional<std::string_view> GameTags::tag(std::string_view name) const {
  if (const std::string_view* v = pgn::tag_value_any_case(tags_, name)) return *v;
  return std::nullopt;
}

void GameTags::read(const pgn::RawGame& raw, const std::vector<std::string>* wanted) {
  wanted_ = wanted && !wanted->empty() ? wanted : nullptr;
  tags_.clear();
  owned_.clear();
  found_as_asked_ = 0;
  if (wanted && wanted->empty()) return;
  if (!read_fast(raw.text)) {
    tags_.clear();
    owned_.clear();
    found_as_asked_ = 0;
    read_by_parser(raw);
  }
}

// False when a tag pair is not of the plain form [Name "value"] (Name of letters, digits
// and '_', blanks around it, the value on one line, nothing after it but blanks): the
// parser must read this game. For the plain form the parser's reading is exactly this one.
bool GameTags::read_fast(std::string_view text) {
  const char* t = text.data();
  const std::size_t n = text.size();
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
    std::size_t i = p + 1;
    while (i < n && is_space(t[i])) ++i;
    const std::size_t name_start = i;
    while (i < n && is_name_byte(t[i])) ++i;
    if (i == name_start || i >= n || (!is_space(t[i]) && t[i] != '"')) return false;
    const std::string_view name(t + name_start, i - name_start);
    while (i < n && is_space(t[i])) ++i;
    if (i >= n || t[i] != '"') return false;
    const std::size_t value_start = ++i;
    bool escaped = false, high = false;
    for (;; ++i) {
      if (i >= n) return false;
      const char ch = t[i];
      if (ch == '"') break;
      if (ch == '\n' || ch == '\r') return false;
      if (ch == '\\') {
        escaped = true;
        if (++i >= n || t[i] == '\n' || t[i] == '\r') return false;
      }
      high |= static_cast<unsigned char>(ch) >= 0x80;
    }
    std::string_view value(t + value_start, i - value_start);
    for (++i; i < n && is_space(t[i]);) ++i;
    if (i >= n || t[i] != ']') return false;  // text after the value, or no ']'
    p = i + 1;
    if (wanted_ && !wanted(name)) continue;
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
    if (high && !pgn::is_valid_utf8(value)) value = owned_.emplace_back(pgn::repair_utf8(value));
    if (add(name, value)) return true;  // every wanted tag found
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
