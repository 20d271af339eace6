// SPDX-License-Identifier: MIT
// visit_json_game(): one NDJSON game record parsed with nlohmann-json, then walked with an
// explicit stack in the order a PGN parser would report the same game.
#include "pgn/json_games.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>
#include <pthread.h>

#include "core/fen.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/encoding.hpp"
#include "pgn/game_splitter.hpp"
#include "pgn/replay.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::pgn {

namespace {

using Json = nlohmann::ordered_json;

// A field of an object, nullptr when absent or null (jq writes null for what it deletes).
const Json* field(const Json& object, const char* name) {
  const auto it = object.find(name);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::optional<long long> integer_in(const Json& j, long long lo, long long hi) {
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(hi)) return std::nullopt;
    return static_cast<long long>(v);
  }
  if (!j.is_number_integer()) return std::nullopt;
  const auto v = j.get<long long>();
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// What PGN text can hold and read back the same: a tag name without spaces, control
// characters, quotes or ']' (the PGN reader takes any other name, with an
// invalid-tag-name warning when it is not letters, digits and '_', spec 8.1.1); a tag
// value without a line end (it would end the tag pair) or NUL; any text without NUL (the
// PGN reader rejects it).
// An opening bracket or a brace can be part of a name ("[}Event \"x\"]" from a typo).
// A name the PGN writer can write as a tag's: no blank, quote or ']' (which would end it) and
// no NUL. Other control characters are read, as a PGN tag name may hold them (written
// --to json as escapes): the PGN writer writes each as '_'.
bool is_tag_name(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c != ' ' && c != '\0' && c != '"' && c != ']'; });
}
bool is_tag_value(std::string_view s) { return s.find_first_of(std::string_view("\n\r\0", 3)) == std::string_view::npos; }
bool has_nul(std::string_view s) { return s.find('\0') != std::string_view::npos; }

bool is_square(const std::string& s) { return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'; }

// Walks one record: every check that fails is reported once and stops the walk.
class RecordWalker {
 public:
  RecordWalker(std::string_view text, const SourceLoc& at, Visitor& v) : text_(text), at_(at), loc_(at), v_(v) {}

  void walk(const Json& doc) {
    if (!doc.is_object()) {
      fail(std::string("a game record is a JSON object, found ").append(doc.type_name()));
      v_.begin_movetext();
      return;
    }
    if (!tags(doc)) {
      v_.begin_movetext();
      return;
    }
    v_.begin_movetext();
    if (const Json* c = field(doc, "comment")) {
      if (!c->is_string() || has_nul(c->get_ref<const std::string&>())) return stop("\"comment\" is not a string without NUL");
      v_.comment(c->get_ref<const std::string&>(), at_);
    }
    const Json* moves = field(doc, "moves");
    if (!moves || !moves->is_array()) return stop("\"moves\" is missing or not an array");
    if (!walk_moves(*moves)) return;
    loc_ = at_;
    if (const Json* r = field(doc, "result")) {
      const std::string* s = r->is_string() ? &r->get_ref<const std::string&>() : nullptr;
      if (!s || !is_result(*s))
        return stop("\"result\" is not one of \"1-0\", \"0-1\", \"1/2-1/2\", \"*\"");
      v_.result(*s, at_);
    }
  }

 private:
  bool fail(std::string message) {
    v_.problem(Severity::Error, "json-field", std::move(message), loc_, {});
    return false;
  }
  void stop(std::string message) { fail(std::move(message)); }  // fail() for void callers

  // The tags, then SetUp and FEN from "start_fen" when the tags have no FEN of their own,
  // and Variant for a Chess960 position when they have none: its castling rights read as
  // Chess960's only beside it (convert --from fen writes it so).
  bool tags(const Json& doc) {
    bool has_fen = false, has_variant = false;
    if (const Json* t = field(doc, "tags")) {
      if (!t->is_object()) return fail("\"tags\" is not an object");
      for (const auto& [name, value] : t->items()) {
        if (!is_tag_name(name))
          return fail("a tag name is empty or holds a space, a NUL, a quote or a closing bracket");
        if (!value.is_string()) return fail(std::string("tag '").append(name).append("' is not a string"));
        if (!is_tag_value(value.get_ref<const std::string&>()))
          return fail(std::string("tag '").append(name).append("' holds a line end or NUL"));
        v_.tag(name, value.get_ref<const std::string&>(), at_);
        has_fen = has_fen || detail::equal_ignoring_case(name, "FEN");
        has_variant = has_variant || detail::equal_ignoring_case(name, "Variant");
      }
    }
    if (const Json* f = field(doc, "start_fen")) {
      if (!f->is_string() || !is_tag_value(f->get_ref<const std::string&>()))
        return fail("\"start_fen\" is not a string without line ends or NUL");
      const std::string& fen = f->get_ref<const std::string&>();
      if (!has_fen && fen != kStartFen) {
        if (!has_variant && parse_fen(fen).position.is_chess960()) v_.tag("Variant", "Chess960", at_);
        v_.tag("SetUp", "1", at_);
        v_.tag("FEN", fen, at_);
      }
    }
    return true;
  }

  // Where a move's SAN (or UCI) value starts in the text, searched from the last one found,
  // so moves written in tree order (as convert --to json writes them) are found in turn:
  // the key, any blanks, ':', any blanks, and a string whose value is the token (compared
  // as written, or decoded when it holds escapes). The first miss (a record written in
  // another key order) stops the search for the rest of the record, so a long line is
  // scanned at most once more.
  void locate(const char* key, const std::string& token) {
    loc_ = at_;
    if (!locating_) return;
    std::string quoted_key(1, '"');
    quoted_key.append(key).append(1, '"');
    auto blanks = [&](std::size_t i) {
      while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == '\r' || text_[i] == '\n')) ++i;
      return i;
    };
    for (std::size_t at = text_.find(quoted_key, cursor_); at != std::string_view::npos;
         at = text_.find(quoted_key, at + 1)) {
      std::size_t i = blanks(at + quoted_key.size());
      if (i >= text_.size() || text_[i] != ':') continue;
      i = blanks(i + 1);
      if (i >= text_.size() || text_[i] != '"') continue;
      std::size_t end = i + 1;  // the closing quote
      while (end < text_.size() && text_[end] != '"') end += text_[end] == '\\' ? 2 : 1;
      if (end >= text_.size()) break;
      const std::string_view raw = text_.substr(i + 1, end - i - 1);
      bool same = raw == token;
      if (!same && raw.find('\\') != std::string_view::npos) {
        const Json decoded = Json::parse(text_.substr(i, end - i + 1), nullptr, false);
        same = decoded.is_string() && decoded.get_ref<const std::string&>() == token;
      }
      if (!same) continue;
      loc_.column = static_cast<std::uint32_t>(std::min<std::size_t>(i + 1, UINT32_MAX));  // its opening quote
      loc_.byte_offset = at_.byte_offset + i;
      cursor_ = i;
      return;
    }
    locating_ = false;
  }

  bool move(const Json& m);
  bool comment_after(const Json& m);
  bool comment_after_variation(const Json& m);
  bool commands(const Json& m, CommentData& d);
  bool eval(const Json& e, CommentData& d);
  bool shapes(const Json& m, CommentData& d);
  bool walk_moves(const Json& moves);
  bool walk_lines(const Json& moves, std::size_t& open);

  std::string_view text_;
  SourceLoc at_, loc_;
  std::size_t cursor_ = 0;
  bool locating_ = true;
  Visitor& v_;
};

// One move's events before its variations: comment_before, the move, NAGs, comment.
bool RecordWalker::move(const Json& m) {
  if (!m.is_object()) return fail(std::string("a move is a JSON object, found ").append(m.type_name()));
  if (const Json* c = field(m, "comment_before")) {
    if (!c->is_string() || has_nul(c->get_ref<const std::string&>()))
      return fail("\"comment_before\" is not a string without NUL");
    v_.comment(c->get_ref<const std::string&>(), loc_);
  }
  const char* key = field(m, "san") ? "san" : "uci";
  const Json* san = field(m, key);
  if (!san || !san->is_string() || san->get_ref<const std::string&>().empty())
    return fail("a move without \"san\" (or \"uci\") as a non-empty string");
  locate(key, san->get_ref<const std::string&>());
  v_.san(san->get_ref<const std::string&>(), loc_);
  if (const Json* nags = field(m, "nags")) {
    if (!nags->is_array()) return fail("\"nags\" is not an array");
    for (const Json& n : *nags) {
      // The range the PGN reader keeps (above 255 only with its warning there).
      const auto code = integer_in(n, 0, kMaxNag);
      if (!code) return fail("a NAG is an integer from 0 to 999999999");
      v_.nag(int(*code), "$" + std::to_string(*code), loc_);
    }
  }
  return comment_after(m);
}

// A variation's last move's "comment_after_variation": a comment after its ')'.
bool RecordWalker::comment_after_variation(const Json& m) {
  const Json* c = m.is_object() ? field(m, "comment_after_variation") : nullptr;
  if (!c) return true;
  if (!c->is_string() || has_nul(c->get_ref<const std::string&>()))
    return fail("\"comment_after_variation\" is not a string without NUL");
  if (!c->get_ref<const std::string&>().empty()) v_.comment(c->get_ref<const std::string&>(), loc_);
  return true;
}

// The move's "comment" with its commands embedded again, as one comment.
bool RecordWalker::comment_after(const Json& m) {
  CommentData d;
  if (const Json* c = field(m, "comment")) {
    if (!c->is_string() || has_nul(c->get_ref<const std::string&>()))
      return fail("\"comment\" is not a string without NUL, or null");
    d.text = c->get_ref<const std::string&>();
  }
  if (!commands(m, d) || !shapes(m, d)) return false;
  if (d.has_commands() && d.text.find("[%") != std::string::npos) {
    // A command given twice, as a field and inside "comment": one would be lost.
    const CommentData in_text = parse_comment_commands(d.text);
    const char* twice = d.clock && in_text.clock ? "clock"
                        : d.emt && in_text.emt   ? "emt"
                        : d.eval && in_text.eval ? "eval"
                        : !d.arrows.empty() && !in_text.arrows.empty() ? "arrows"
                        : !d.highlights.empty() && !in_text.highlights.empty() ? "highlights"
                                                                             : nullptr;
    if (twice) return fail(std::string("\"") + twice + "\" is given twice: as a field and as a command in \"comment\"");
  }
  const std::string text = d.has_commands() ? render_comment_commands(d) : d.text;
  if (!text.empty()) v_.comment(text, loc_);
  return true;
}

bool RecordWalker::commands(const Json& m, CommentData& d) {
  // Seconds: at most 10^9 (31 years), so H:MM:SS stays exact.
  auto seconds = [](const Json& j) -> std::optional<double> {
    if (!j.is_number()) return std::nullopt;
    const double v = j.get<double>();
    if (!std::isfinite(v) || v < 0 || v > 1e9) return std::nullopt;
    return v;
  };
  if (const Json* c = field(m, "clock")) {
    if (!(d.clock = seconds(*c))) return fail("\"clock\" is not a number of seconds from 0 to 1e9");
  }
  if (const Json* e = field(m, "emt")) {
    if (!(d.emt = seconds(*e))) return fail("\"emt\" is not a number of seconds from 0 to 1e9");
  }
  if (const Json* e = field(m, "eval")) return eval(*e, d);
  return true;
}

bool RecordWalker::eval(const Json& e, CommentData& d) {
  // The ranges [%eval] can write and read back (comment_commands.cpp).
  if (!e.is_object()) return fail("\"eval\" is not an object");
  Eval v;
  const Json* cp = field(e, "cp");
  const Json* mate = field(e, "mate");
  if (cp && mate) return fail("\"eval\" has both \"cp\" and \"mate\"");
  if (cp) {
    const auto x = integer_in(*cp, -100000000, 100000000);
    if (!x) return fail("\"eval\" \"cp\" is not an integer from -10^8 to 10^8");
    v.cp = int(*x);
  } else if (mate) {
    const auto x = integer_in(*mate, -999999, 999999);
    if (!x) return fail("\"eval\" \"mate\" is not an integer from -999999 to 999999");
    v.mate = int(*x);
  } else {
    return fail("\"eval\" has neither \"cp\" nor \"mate\"");
  }
  if (const Json* depth = field(e, "depth")) {
    const auto x = integer_in(*depth, 0, 999999);
    if (!x) return fail("\"eval\" \"depth\" is not an integer from 0 to 999999");
    v.depth = int(*x);
  }
  d.eval = v;
  return true;
}

// "arrows" [{"color","from","to"}] and "highlights" [{"color","square"}].
bool RecordWalker::shapes(const Json& m, CommentData& d) {
  auto color = [](const Json& item, char& out) {
    const Json* c = field(item, "color");
    if (!c || !c->is_string() || c->get_ref<const std::string&>().size() != 1) return false;
    out = c->get_ref<const std::string&>()[0];
    return out >= 'A' && out <= 'Z';
  };
  auto square = [](const Json& item, const char* name, std::string& out) {
    const Json* s = field(item, name);
    if (!s || !s->is_string() || !is_square(s->get_ref<const std::string&>())) return false;
    out = s->get_ref<const std::string&>();
    return true;
  };
  if (const Json* arrows = field(m, "arrows")) {
    if (!arrows->is_array()) return fail("\"arrows\" is not an array");
    for (const Json& a : *arrows) {
      Arrow arrow;
      // (Two different squares, as [%cal] reads them: pgn/comment_commands.cpp.)
      if (!a.is_object() || !color(a, arrow.color) || !square(a, "from", arrow.from) || !square(a, "to", arrow.to) ||
          arrow.from == arrow.to)
        return fail("an arrow is {\"color\": a letter A-Z, \"from\": a square, \"to\": another square}");
      d.arrows.push_back(std::move(arrow));
    }
  }
  if (const Json* highlights = field(m, "highlights")) {
    if (!highlights->is_array()) return fail("\"highlights\" is not an array");
    for (const Json& h : *highlights) {
      Highlight light;
      if (!h.is_object() || !color(h, light.color) || !square(h, "square", light.square))
        return fail("a highlight is {\"color\": a letter A-Z, \"square\": a square}");
      d.highlights.push_back(std::move(light));
    }
  }
  return true;
}

// The moves of a line and, after each, its variations: one frame per open line. A walk
// stopped by a problem closes the variations it opened, as parse_game does at the end
// of a game.
bool RecordWalker::walk_moves(const Json& moves) {
  std::size_t open = 0;
  const bool ok = walk_lines(moves, open);
  for (; open > 0; --open) v_.end_variation(loc_);
  return ok;
}

bool RecordWalker::walk_lines(const Json& moves, std::size_t& open) {
  struct Frame {
    const Json* line;
    std::size_t i = 0;
    std::size_t var = 0;
    bool in_node = false;
  };
  std::vector<Frame> stack{Frame{&moves}};
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.i == f.line->size()) {
      const Json* ended = f.line;
      stack.pop_back();
      if (!stack.empty()) {
        v_.end_variation(loc_);
        --open;
        if (!ended->empty() && !comment_after_variation(ended->back())) return false;
      }
      continue;
    }
    const Json& m = (*f.line)[f.i];
    if (!f.in_node) {
      // The text after a variation's ')' belongs to its last move only: anywhere else it
      // would have nowhere to go, so it is not read rather than lost.
      if (m.is_object() && field(m, "comment_after_variation") && !(stack.size() > 1 && f.i + 1 == f.line->size()))
        return fail("\"comment_after_variation\" on a move that is not the last of a variation");
      // So is a comment before a move that follows a move without variations: PGN would
      // join it to that move's comment, and its commands would stand for that move's.
      if (m.is_object() && field(m, "comment_before") && f.i > 0) {
        const Json* before = field((*f.line)[f.i - 1], "variations");
        if (!before || !before->is_array() || before->empty())
          return fail("\"comment_before\" on a move that follows a move without variations (that comment is the "
                      "previous move's \"comment\")");
      }
      if (!move(m)) return false;
      f.in_node = true;
      f.var = 0;
    }
    const Json* vars = field(m, "variations");
    if (vars && !vars->is_array()) return fail("\"variations\" is not an array");
    if (vars && f.var < vars->size()) {
      const Json& v = (*vars)[f.var++];
      if (!v.is_array()) return fail("a variation is an array of moves");
      v_.begin_variation(loc_);
      ++open;
      stack.push_back(Frame{&v});  // f is invalid from here on
      continue;
    }
    ++f.i;
    f.in_node = false;
  }
  return true;
}

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." ->
// "syntax error ...": the place is in the diagnostic already.
// nlohmann's words for a syntax error, without its own prefix ("[json.exception...] parse
// error at line 1, column 3: ") and without the bytes it last read (raw text of the input),
// and with a hint when the record is a line of PGN (--from json given PGN).
std::string parse_error_text(std::string_view record, const char* what) {
  std::string_view s(what);
  if (const std::size_t c = s.find(": "); c != std::string_view::npos && s.find("column") < c) s.remove_prefix(c + 2);
  if (const std::size_t last = s.find("; last read: "); last != std::string_view::npos) s = s.substr(0, last);
  if (s.starts_with("syntax error while parsing value - ")) s.remove_prefix(35);
  std::string text(s);
  const std::size_t first = record.find_first_not_of(" \t");
  const std::string_view start = first == std::string_view::npos ? std::string_view() : record.substr(first);
  const bool tag_pair = start.size() > 1 && start[0] == '[' && std::isalpha(static_cast<unsigned char>(start[1]));
  const bool move_number = !start.empty() && std::isdigit(static_cast<unsigned char>(start[0])) &&
                           start.find_first_not_of("0123456789") != std::string_view::npos &&
                           start[start.find_first_not_of("0123456789")] == '.';
  if (tag_pair || move_number) text += " (the line looks like PGN: convert reads PGN without --from json)";
  return text;
}

// nlohmann's ordered_json finds the place of each new key of an object by a scan of the
// keys before it, so a record whose "tags" held 200,000 keys took minutes. An object may
// hold at most kMaxJsonKeys keys (a game has a few dozen tags; a move object, a few keys).
constexpr std::size_t kMaxJsonKeys = 10000;
struct TooManyKeys {};
// nlohmann keeps the last value of a key that an object repeats, so a record such as
// {"san":"e4","san":"d4"} would be read as one of its meanings without a word: it is not
// read. The key, decoded.
struct DuplicateKey {
  std::string name;
};

// The events of a parse (nlohmann's SAX interface) to the document builder of Json::parse,
// counting the keys of each open object on the way (TooManyKeys past kMaxJsonKeys) and,
// with `names`, throwing DuplicateKey at the first key an object repeats. (nlohmann's own
// parser callback does this too, but its end of every object searched the array holding
// it for a value the callback had dropped: a line of 100,000 moves took seconds.)
class KeyWatchingBuilder {
 public:
  KeyWatchingBuilder(Json& doc, bool names) : dom_(doc), names_(names) {}
  using Integer = Json::number_integer_t;
  using Unsigned = Json::number_unsigned_t;
  using Float = Json::number_float_t;

  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(Integer v) { return dom_.number_integer(v); }
  bool number_unsigned(Unsigned v) { return dom_.number_unsigned(v); }
  bool number_float(Float v, const std::string& text) { return dom_.number_float(v, text); }
  bool string(std::string& v) { return dom_.string(v); }
  bool binary(Json::binary_t& v) { return dom_.binary(v); }
  bool start_object(std::size_t n) {
    open_.emplace_back();
    return dom_.start_object(n);
  }
  bool key(std::string& name) {
    Object& o = open_.back();
    if (++o.keys > kMaxJsonKeys) throw TooManyKeys{};
    if (names_ && !o.names.insert(name).second) throw DuplicateKey{name};
    return dom_.key(name);
  }
  bool end_object() {
    open_.pop_back();
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return dom_.start_array(n); }
  bool end_array() { return dom_.end_array(); }
  template <class Exception>
  bool parse_error(std::size_t at, const std::string& token, const Exception& e) {
    return dom_.parse_error(at, token, e);  // throws e, as Json::parse does
  }

 private:
  struct Object {
    std::size_t keys = 0;
    std::unordered_set<std::string> names;
  };
  nlohmann::detail::json_sax_dom_parser<Json> dom_;
  bool names_;
  std::vector<Object> open_;
};

// Parses a record into doc, with watch_keys through KeyWatchingBuilder (names: it looks for
// a repeated key too).
void parse_record(std::string_view text, bool watch_keys, bool names, Json& doc) {
  if (!watch_keys) {
    doc = Json::parse(text.begin(), text.end());
    return;
  }
  doc = Json();
  KeyWatchingBuilder builder(doc, names);
  Json::sax_parse(text.begin(), text.end(), &builder);
}

// The members of every object in doc, walked without recursion: fewer than the keys
// written when an object repeats one.
std::size_t members_of(const Json& doc) {
  std::size_t members = 0;
  std::vector<const Json*> todo{&doc};
  while (!todo.empty()) {
    const Json& j = *todo.back();
    todo.pop_back();
    if (j.is_object()) members += j.size();
    for (const Json& child : j)
      if (child.is_structured()) todo.push_back(&child);
  }
  return members;
}

// How deep a record may nest. nlohmann's ordered_json copies an object's members when it
// grows, and a copy recurses through their depth: a record of 50,000 nested variations
// overflowed the stack. Three levels a variation ("variations", its line, a move) and a
// few for the record: the deepest the replayer checks (kMaxVariationDepth) is read.
constexpr std::size_t kMaxJsonDepth = 3 * kMaxVariationDepth + 10;

// Records nested deeper than this are parsed on a thread of their own with kDeepParseStack
// bytes of stack: the recursive copies above take about 0.1 KB a level in a Release build
// and several times that under AddressSanitizer, where 30,000 levels overflowed 8 MB.
constexpr std::size_t kInlineJsonDepth = 1000;
constexpr std::size_t kDeepParseStack = std::size_t{128} << 20;

// Runs work on a new thread with `stack` bytes of stack, and waits for it; an exception it
// throws is thrown here. False when no such thread could be made (out of address space).
template <class Work>
bool run_with_stack(std::size_t stack, Work& work) {
  struct Call {
    Work* work;
    std::exception_ptr failure;
  } call{&work, nullptr};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  pthread_t thread;
  const bool made = pthread_attr_setstacksize(&attr, stack) == 0 &&
                    pthread_create(
                        &thread, &attr,
                        [](void* arg) -> void* {
                          auto* c = static_cast<Call*>(arg);
                          try {
                            (*c->work)();
                          } catch (...) {
                            c->failure = std::current_exception();
                          }
                          return nullptr;
                        },
                        &call) == 0;
  pthread_attr_destroy(&attr);
  if (!made) return false;
  pthread_join(thread, nullptr);
  if (call.failure) std::rethrow_exception(call.failure);
  return true;
}

// The deepest nesting of [ and { outside strings, and the ':' outside strings (one a key).
struct JsonShape {
  std::size_t depth = 0;
  std::size_t colons = 0;
};
JsonShape shape_of(std::string_view text) {
  JsonShape shape;
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      shape.depth = std::max(shape.depth, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if (c == ':') {
      ++shape.colons;
    }
  }
  return shape;
}

}  // namespace

void visit_json_game(std::string_view text, std::uint64_t line, std::uint64_t byte_offset, Visitor& visitor) {
  const SourceLoc at{line, 1, byte_offset};
  // A record not read: its one problem, and an empty game.
  auto unread = [&visitor](std::string_view code, std::string message, const SourceLoc& where, std::string_view token = {}) {
    visitor.problem(Severity::Error, code, std::move(message), where, token);
    visitor.begin_movetext();
    visitor.end_game();
  };
  Json doc;
  const JsonShape shape = shape_of(text);
  if (shape.depth > kMaxJsonDepth) {
    unread("json-field", "the record nests " + std::to_string(shape.depth) + " levels deep, more than the " +
                        std::to_string(kMaxJsonDepth) + " of " + std::to_string(kMaxVariationDepth) +
                        " nested variations: not read", at);
    return;
  }
  // Every key is followed by a ':' outside strings; a record with few of them (nearly
  // every one) cannot hold a big object and is parsed without the key count, which costs 14%.
  // With `names` the builder looks for a repeated key too.
  bool names = false;
  auto parse = [&] { parse_record(text, names || shape.colons > kMaxJsonKeys, names, doc); };
  auto parse_on_its_stack = [&] {
    if (shape.depth > kInlineJsonDepth) return run_with_stack(kDeepParseStack, parse);
    parse();
    return true;
  };
  try {
    bool parsed = parse_on_its_stack();
    // A repeated key leaves fewer members than keys written: only then the slower parse
    // that names it.
    if (parsed && members_of(doc) < shape.colons) {
      names = true;
      parsed = parse_on_its_stack();
    }
    if (!parsed) {
      unread("json-field", "the record nests " + std::to_string(shape.depth) +
                          " levels deep and no thread with the stack to read it could be made: not read", at);
      return;
    }
  } catch (const DuplicateKey& d) {
    unread("json-field", "key '" + message_excerpt(d.name) + "' appears twice in one object: the record is not read", at,
           d.name);
    return;
  } catch (const TooManyKeys&) {
    unread("json-field", "an object holds more than " + std::to_string(kMaxJsonKeys) + " keys: the record is not read", at);
    return;
  } catch (const Json::parse_error& e) {
    const std::size_t column = e.byte == 0 ? 1 : std::min<std::size_t>(e.byte, text.size() + 1);
    const SourceLoc where{line, static_cast<std::uint32_t>(std::min<std::size_t>(column, UINT32_MAX)), byte_offset + column - 1};
    unread("invalid-json", "invalid JSON: " + parse_error_text(text, e.what()), where);
    return;
  } catch (const Json::out_of_range& e) {
    // A number beyond a double ("number overflow parsing '1e400'"): JSON, but a value out
    // of range, said at the number (its first place in the record) in words of our own.
    const std::string_view what = e.what();
    const std::size_t open = what.find('\''), close = what.rfind('\'');
    const std::string_view number =
        open != std::string_view::npos && close > open ? what.substr(open + 1, close - open - 1) : std::string_view();
    const std::size_t place = number.empty() ? std::string_view::npos : text.find(number);
    SourceLoc where = at;
    if (place != std::string_view::npos)
      where = SourceLoc{line, static_cast<std::uint32_t>(std::min<std::size_t>(place + 1, UINT32_MAX)), byte_offset + place};
    unread("json-field",
           number.empty() ? std::string("a number is out of range: the record is not read")
                          : "number " + message_excerpt(number) + " is beyond the range of a double: the record is not read",
           where, number);
    return;
  } catch (const Json::exception& e) {
    unread("invalid-json", std::string("invalid JSON: ") + e.what(), at);
    return;
  }
  RecordWalker(text, at, visitor).walk(doc);
  visitor.end_game();
}

}  // namespace chesstool::pgn
