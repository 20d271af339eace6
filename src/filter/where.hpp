// SPDX-License-Identifier: MIT
// The --where language: tag comparisons joined by and/or/not, parsed once, evaluated per game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace chesstool::filter {

// A game's tags as the matcher sees them: the value of the first tag pair of that name
// (as the replayer keeps it), nullopt when the game has none.
class TagSource {
 public:
  virtual ~TagSource() = default;
  virtual std::optional<std::string_view> tag(std::string_view name) const = 0;
};

// The comparison operators of the language.
enum class CompareOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Match };

// One operator's spelling, for messages and the manual.
std::string_view op_text(CompareOp op);

// Compares a tag value with an expression value by the language's rules: when the tag
// is a date tag (Date, or any name ending in "Date": EventDate, UTCDate) and both sides
// are dates (YYYY, YYYY.MM or YYYY.MM.DD, any part may be ??), by date, a ?? part on
// either side (or a part one side leaves out) making the dates equal from there on;
// otherwise when both sides are numbers (optional sign, digits, optional fraction), as
// numbers; an ordering (<, <=, >, >=) between a date or a number and a value that is
// neither, either way round, is false; otherwise as byte strings. Match (the regular expression) is not
// handled here.
bool compare_values(std::string_view tag_name, std::string_view tag_value, CompareOp op, std::string_view value);

// A date of the PGN Date tag form (spec 8.1.1.3): each part 0 when unknown (??) or left out.
struct TagDate {
  int year = 0, month = 0, day = 0;  // 0 = unknown
};
// Parses "YYYY", "YYYY.MM" or "YYYY.MM.DD" with ?? (or ????) for any unknown part;
// nullopt for anything else.
std::optional<TagDate> parse_tag_date(std::string_view text);
// -1, 0 or 1; a part unknown on either side makes the dates equal from that part on.
int compare_dates(const TagDate& a, const TagDate& b);

// A number of the language: optional sign, digits, optional '.' and digits, held as its
// digits (views into the text), leading zeros of the whole part and trailing zeros of the
// fraction dropped, so that values of any length compare exactly.
struct Decimal {
  bool negative = false;
  std::string_view whole;     // at least one digit
  std::string_view fraction;  // possibly empty
};
std::optional<Decimal> parse_decimal(std::string_view text);
// -1, 0 or 1.
int compare_decimals(const Decimal& a, const Decimal& b);

// A syntax error in an expression: the 1-based column (in characters) it points at.
struct WhereError {
  std::size_t column = 1;
  std::string message;  // lower-case, no trailing period
  bool bad_regex = false;  // the error is a ~ value RE2 refuses (code invalid-regex, not where-syntax)
};

// A parsed --where expression.
//
//   expr       := or_expr
//   or_expr    := and_expr ( "or" and_expr )*
//   and_expr   := unary ( "and" unary )*
//   unary      := "not" unary | "(" expr ")" | comparison
//   comparison := TAG OP VALUE
//   TAG        := letters, digits and '_' (PGN spec 8.1.1)
//   OP         := = | != | < | <= | > | >= | ~
//   VALUE      := "quoted" (\" and \\ escaped) | a bare word (no blanks, parentheses or quotes)
//
// The keywords and, or, not are case-insensitive. A missing tag makes a comparison false,
// except != which is then true. `~` searches the value for the regular expression (RE2
// syntax, case-sensitive unless the expression says (?i)), anywhere, as grep does.
// Nesting is limited to kMaxDepth levels, so no input can exhaust the stack.
class Where {
 public:
  static constexpr int kMaxDepth = 200;

  Where();
  ~Where();
  Where(Where&&) noexcept;
  Where& operator=(Where&&) noexcept;
  Where(const Where&) = delete;
  Where& operator=(const Where&) = delete;

  // Parses text; on error returns nullopt and sets error (an invalid regular expression
  // is an error too, pointing at its value).
  static std::optional<Where> parse(std::string_view text, WhereError& error);

  // Builders for the shortcut options: one comparison, and the conjunction and
  // disjunction of expressions (each taken over). Regex values must be valid (see
  // regex_error).
  static Where comparison(std::string tag, CompareOp op, std::string value);
  static Where all_of(std::vector<Where> parts);
  static Where any_of(std::vector<Where> parts);
  // The RE2 error for pattern, or nullopt when it compiles.
  static std::optional<std::string> regex_error(const std::string& pattern);

  bool matches(const TagSource& tags) const;
  // Every tag name the expression reads, once each.
  std::vector<std::string> tag_names() const;
  // The expression written back in canonical form (fully parenthesised), for tests.
  std::string to_string() const;

 private:
  struct Node;
  struct Parser;
  bool eval(std::size_t node, const TagSource& tags) const;
  void write(std::size_t node, std::string& out) const;
  std::size_t import(const Where& other, std::size_t node);

  std::vector<Node> nodes_;  // nodes_[root_] is the expression; children come first
  std::vector<std::unique_ptr<re2::RE2>> regexes_;
  std::size_t root_ = 0;
};

}  // namespace chesstool::filter
