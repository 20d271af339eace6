// SPDX-License-Identifier: MIT
// `chesstool filter`: writes the games that meet every criterion, byte for byte as they
// were in the input, to one file, N games per file, or one file per value of a tag.
#include <fmt/core.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "cli/output_file.hpp"
#include "cli/verbatim_games.hpp"
#include "core/fen.hpp"
#include "filter/criteria.hpp"
#include "filter/matcher.hpp"
#include "filter/where.hpp"
#include "output/formats.hpp"
#include "output/game_csv.hpp"
#include "pgn/replay.hpp"
#include "output/game_output.hpp"
#include "output/json.hpp"
#include "output/display_width.hpp"
#include "output/terminal_text.hpp"
#include "tournament/time_control.hpp"

namespace chesstool::cli {

namespace {

struct FilterOptions {
  std::vector<std::string> paths;
  std::vector<std::string> where;
  std::vector<std::string> player;
  std::string elo, date, plies;
  std::vector<std::string> result, tc_class, variant;
  std::vector<std::string> ends, has, reaches;
  std::string at_ply, material;
  std::string eco;                     // --eco RANGE
  std::optional<std::string> opening;  // --opening REGEX
  bool either_colour = false, final_material = false;
  bool valid = false, invalid = false, invert = false;
  std::string output;
  std::uint64_t split = 0;
  std::string split_by;
  bool json = false, quiet = false;
  int jobs = 0;
  std::optional<output::Format> to;  // --to: selected games converted instead of copied
  bool reduced = false;              // --reduced, with --to pgn
};

// One game judged on a worker thread and, with --to, converted there too.
struct Judged {
  filter::Verdict verdict;
  std::string converted;     // the selected game in the --to format
  bool not_converted = false;  // selected, but it does not replay: nothing to convert
  std::optional<pgn::GameReport> left_out;  // --to pgn or json: warnings of input it leaves out
};

// The --tc-class choices: every class of the FIDE table in tournament/time_control.hpp.
std::vector<std::string> tc_class_names() {
  std::vector<std::string> names;
  for (auto c : {tournament::TimeClass::Standard, tournament::TimeClass::Rapid, tournament::TimeClass::Blitz,
                 tournament::TimeClass::Unknown})
    names.emplace_back(tournament::time_class_name(c));
  return names;
}

// "--where:1:13: error: ... [where-syntax]", then the expression and a caret under the column.
void expression_error(std::string_view option, std::string_view text, const filter::WhereError& e,
                      std::string_view code) {
  errf("{}:1:{}: error: {} [{}]", option, e.column, e.message, code);
  errf("  {}", text);
  // The caret goes under the column as shown: a tab before it is shown as \x09.
  auto is_lead = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; };
  std::size_t end = 0;
  for (std::size_t chars = 1; end < text.size() && chars < e.column; ++chars)
    do ++end; while (end < text.size() && !is_lead(text[end]));
  // In columns: a wide character takes two, a combining mark none.
  const auto width = std::size_t(output::display_width(output::terminal_safe(text.substr(0, end))));
  err_line("  " + std::string(width, ' ') + "^");
}

using filter::CompareOp;
using filter::Where;

Where numeric_between(const std::string& tag, const filter::Range& r) {
  std::vector<Where> parts;
  parts.push_back(Where::comparison(tag, CompareOp::Match, "^[+-]?[0-9]+(\\.[0-9]+)?$"));
  if (r.min != LLONG_MIN) parts.push_back(Where::comparison(tag, CompareOp::Ge, std::to_string(r.min)));
  if (r.max != LLONG_MAX) parts.push_back(Where::comparison(tag, CompareOp::Le, std::to_string(r.max)));
  return Where::all_of(std::move(parts));
}

// The tag criteria: --where and its shortcuts. False (after saying why) on a usage error.
bool build_tag_criteria(const FilterOptions& o, filter::Criteria& c) {
  for (const auto& text : o.where) {
    filter::WhereError e;
    auto w = Where::parse(text, e);
    if (!w) {
      expression_error("--where", text, e, e.bad_regex ? "invalid-regex" : "where-syntax");
      return false;
    }
    c.where.push_back(std::move(*w));
  }
  for (const auto& re : o.player) {
    if (auto why = Where::regex_error(re)) {
      expression_error("--player", re, filter::WhereError{1, "invalid regular expression: " + *why}, "invalid-regex");
      return false;
    }
    std::vector<Where> sides;
    sides.push_back(Where::comparison("White", CompareOp::Match, re));
    sides.push_back(Where::comparison("Black", CompareOp::Match, re));
    c.where.push_back(Where::any_of(std::move(sides)));
  }
  std::string why;
  if (!o.elo.empty()) {
    auto r = filter::parse_range(o.elo, why);
    if (!r) {
      error("--elo: " + why);
      return false;
    }
    std::vector<Where> both;
    both.push_back(numeric_between("WhiteElo", *r));
    both.push_back(numeric_between("BlackElo", *r));
    c.where.push_back(Where::all_of(std::move(both)));
  }
  if (!o.date.empty()) {
    auto ends = filter::split_range(o.date);
    std::string from = ends ? ends->first : o.date, to = ends ? ends->second : o.date;
    for (const auto& d : {from, to})
      if (!d.empty() && !filter::parse_tag_date(d)) {
        error("--date: '" + d + "' is not a date YYYY, YYYY.MM or YYYY.MM.DD (in FROM..TO, either may be left out)");
        return false;
      }
    if (from.empty() && to.empty()) {
      error("--date: '" + o.date + "' gives neither FROM nor TO");
      return false;
    }
    if (!from.empty() && !to.empty() &&
        filter::compare_dates(*filter::parse_tag_date(from), *filter::parse_tag_date(to)) > 0) {
      error("--date: FROM '" + from + "' is after TO '" + to + "' (FROM..TO)");
      return false;
    }
    std::vector<Where> parts;
    if (!from.empty()) parts.push_back(Where::comparison("Date", CompareOp::Ge, from));
    if (!to.empty()) parts.push_back(Where::comparison("Date", CompareOp::Le, to));
    c.where.push_back(Where::all_of(std::move(parts)));
  }
  if (!o.result.empty()) {
    std::vector<Where> any;
    for (const auto& r : o.result) any.push_back(Where::comparison("Result", CompareOp::Eq, r));
    c.where.push_back(Where::any_of(std::move(any)));
  }
  return true;
}

// --eco and --opening. False (after saying why) on a usage error.
bool build_opening_criteria(const FilterOptions& o, filter::Criteria& c) {
  std::string why;
  if (!o.eco.empty()) {
    c.eco = filter::parse_eco_range(o.eco, why);
    if (!c.eco) {
      error("--eco: " + why);
      return false;
    }
  }
  if (o.opening) {
    if (auto bad = filter::Where::regex_error(*o.opening)) {
      expression_error("--opening", *o.opening, filter::WhereError{1, "invalid regular expression: " + *bad},
                       "invalid-regex");
      return false;
    }
    c.opening = *o.opening;
  }
  return true;
}

// The criteria that need the game replayed or its moves read. False (after saying why)
// on a usage error.
bool build_game_criteria(const FilterOptions& o, filter::Criteria& c) {
  std::string why;
  c.tc_classes = o.tc_class;
  c.tc_class_of = [](std::optional<std::string_view> tag) {
    std::string value = tag ? std::string(*tag) : std::string();
    return std::string(tournament::time_class_name(tournament::classify_time_control(tag ? &value : nullptr).cls));
  };
  c.variants = o.variant;
  if (!o.plies.empty()) {
    c.plies = filter::parse_range(o.plies, why);
    if (!c.plies) {
      error("--plies: " + why);
      return false;
    }
  }
  for (const auto& name : o.ends)
    for (const auto& e : filter::ending_table())
      if (e.name == name) c.ends.push_back(e);
  for (const auto& name : o.has)
    for (const auto& k : filter::kMoveKinds)
      if (k.name == name) c.has.push_back(k.kind);
  for (const auto& fen : o.reaches) {
    FenResult r = parse_fen(fen_or_startpos(fen));
    if (!r.ok()) {
      error("--reaches: invalid FEN '" + fen + "': " + r.error->to_string());
      return false;
    }
    c.reaches.push_back(r.position);
  }
  if (!o.at_ply.empty()) {
    if (o.reaches.empty()) {
      error("--at-ply limits --reaches: give a position with --reaches FEN");
      return false;
    }
    c.at_ply = filter::parse_range(o.at_ply, why);
    if (!c.at_ply) {
      error("--at-ply: " + why);
      return false;
    }
  }
  if (!o.material.empty()) {
    c.material = filter::parse_material(o.material, why);
    if (!c.material) {
      error("--material: " + why);
      return false;
    }
  } else if (o.either_colour || o.final_material) {
    error(std::string(o.either_colour ? "--either-colour" : "--final-material") +
          " qualifies --material: give a signature with --material SIG");
    return false;
  }
  c.either_colour = o.either_colour;
  c.final_material = o.final_material;
  return build_opening_criteria(o, c);
}

// The validity and inversion switches (after every other criterion).
bool build_switches(const FilterOptions& o, filter::Criteria& c) {
  c.validity = o.valid ? filter::Validity::Valid : o.invalid ? filter::Validity::Invalid : filter::Validity::Any;
  c.invert = o.invert;
  return true;
}

// Builds the criteria from the options; false (after saying why) on a usage error.
bool build_criteria(const FilterOptions& o, filter::Criteria& c) {
  return build_tag_criteria(o, c) && build_game_criteria(o, c) && build_switches(o, c);
}

// text in ASCII lower case (file-name suffixes and parts compare so).
std::string ascii_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
  return text;
}

// "dir/out.pgn.gz" -> {"dir/out", ".pgn.gz"}: the extension is the last suffix, with the
// one before it when the last is a compression suffix.
std::pair<std::string, std::string> stem_and_extension(const std::string& path) {
  const std::size_t base = path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1;
  auto last_dot = [&](std::size_t end) -> std::size_t {
    std::size_t d = path.rfind('.', end == 0 ? 0 : end - 1);
    return d == std::string::npos || d <= base ? std::string::npos : d;
  };
  std::size_t dot = last_dot(path.size());
  if (dot == std::string::npos) return {path, ""};
  const std::string lower = ascii_lower(path.substr(dot));
  if (lower == ".gz" || lower == ".zst" || lower == ".bz2" || lower == ".xz")
    if (std::size_t inner = last_dot(dot); inner != std::string::npos) dot = inner;
  return {path.substr(0, dot), path.substr(dot)};
}

// A tag value as part of a file name: letters, digits, '-', '.', '_' and UTF-8 kept, any
// other byte (blanks, '/', ',', control characters) becomes '_', as does a character a
// terminal would be shown escaped (C1, a bidi override such as U+202E that makes a name
// read backwards, a byte that is not UTF-8); runs of '_' become one, '.' and '_' are
// trimmed at both ends (no hidden files, no ".."), at most 64 bytes.
std::string safe_name_part(std::string_view value) {
  std::string s;
  for (std::size_t i = 0; i < value.size();) {
    const auto u = static_cast<unsigned char>(value[i]);
    std::size_t len = 1;
    bool keep = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-' || u == '.';
    if (u >= 0x80) {
      const std::size_t unsafe = output::unsafe_character_at(value, i);
      keep = unsafe == 0;  // then a well-formed sequence, as long as its first byte says
      len = keep ? (u >= 0xF0 ? 4 : u >= 0xE0 ? 3 : 2) : unsafe;
    }
    if (keep) {
      s.append(value.substr(i, len));
    } else if (s.empty() || s.back() != '_') {
      s += '_';
    }
    i += len;
  }
  std::size_t cut = 64;
  if (s.size() > cut) {
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8 characters
    s.resize(cut);
  }
  while (!s.empty() && (s.front() == '.' || s.front() == '_')) s.erase(s.begin());
  while (!s.empty() && (s.back() == '.' || s.back() == '_')) s.pop_back();
  return s.empty() ? "_" : s;
}

// The outputs of one run: one file, numbered chunks (--split N) or one file per tag value
// (--split-by TAG), each an OutputFile (a temporary file renamed over its target).
class Outputs {
 public:
  static constexpr std::size_t kMaxSplitByFiles = 1000;

  Outputs(const FilterOptions& o, const std::vector<std::string>& inputs)
      : o_(o), inputs_(inputs), names_(stem_and_extension(o.output)) {
    // The games without the tag have their name whatever comes first: a value spelt so
    // ([Event "no-Event"]) is numbered as any other clash (it took the name when it came first).
    if (!o_.split_by.empty()) used_.insert(ascii_lower(missing_part()));
  }

  bool open(std::string& error) {
    if (o_.split || !o_.split_by.empty()) return true;  // opened as games come
    if (o_.json && is_standard_output(o_.output)) return true;  // the records take standard output
    // Games shown on a terminal are escaped line by line by OutputFile (the bytes of a
    // file could act on it); anywhere else they are written exactly as read.
    files_.push_back(std::make_unique<OutputFile>());
    if (!files_.back()->open(o_.output, error)) return false;
    // A CSV output starts with its header row, as convert's does, even when no game is
    // selected (an empty file is no table a CSV reader takes).
    if (o_.to == output::Format::Csv) write_csv_header(*files_.back());
    return true;
  }

  // Writes one selected game; false when writing failed or a file could not be opened.
  // `converted` (with --to) replaces the game's own bytes.
  // The file the next selected game goes to, and its count of games so far; false when a
  // file could not be finished or opened. Sets neither for -o given only to --json.
  bool target(const std::optional<std::string>& split_value, OutputFile*& f, std::uint64_t*& count) {
    if (o_.split) {
      if (!current_ || in_current_ == o_.split) {
        if (current_ && !current_->finish(true)) {  // said by finish(): not again at the end
          current_.reset();
          failed_ = true;
          return false;
        }
        current_ = std::make_unique<OutputFile>();
        ++chunk_;
        std::string error;
        if (!open_part(*current_, fmt::format("{}-{:04d}{}", names_.first, chunk_, names_.second), error)) {
          cli::error(error);
          failed_ = true;
          return false;
        }
        in_current_ = 0;
      }
      f = current_.get();
      count = &in_current_;
    } else if (!o_.split_by.empty()) {
      const std::string key = split_value ? "=" + *split_value : "";  // "" stands for a missing tag
      auto it = by_value_.find(key);
      if (it == by_value_.end()) {
        if (by_value_.size() == kMaxSplitByFiles) {
          cli::error(fmt::format("--split-by {}: more than {} distinct values; no file written", o_.split_by,
                                 kMaxSplitByFiles));
          failed_ = true;
          return false;
        }
        const std::string part = split_value ? unused_part(safe_name_part(*split_value)) : missing_part();
        auto file = std::make_unique<OutputFile>();
        // Up to kMaxSplitByFiles open at once: 64 KiB each rather than 1 MiB (a GB).
        file->set_buffer_bytes(std::size_t(64) << 10);
        std::string error;
        if (!open_part(*file, names_.first + "-" + part + names_.second, error)) {
          cli::error(error);
          failed_ = true;
          return false;
        }
        files_.push_back(std::move(file));
        it = by_value_.emplace(key, Slot{files_.size() - 1, 0}).first;
      }
      f = files_[it->second.file].get();
      count = &it->second.games;
    } else {
      if (files_.empty()) return true;
      f = files_.front().get();
      count = &single_count_;
    }
    return true;
  }

  bool write(const pgn::RawGame& raw, const std::optional<std::string>& split_value, const Judged& judged) {
    merged_ = false;
    OutputFile* f = nullptr;
    std::uint64_t* count = nullptr;
    if (!target(split_value, f, count)) return false;
    if (!f) return true;
    // Each game exactly as read, ending with a line end and separated from the one before
    // by an empty line, in the line-end style of the game itself; converted, as convert
    // writes it (an empty line between games of the formats that take several lines).
    const bool convert = o_.to.has_value();
    std::string_view text = raw.text;
    if (convert) {
      text = judged.converted;
      if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
    }
    const bool blank_between = !convert || output::format_info(*o_.to).multi_line;
    // Each file's header row: --split's and --split-by's files are opened by their first game.
    if (convert && *o_.to == output::Format::Csv && *count == 0 && (o_.split || !o_.split_by.empty()))
      write_csv_header(*f);
    if (!convert) {
      merged_ = !verbatim_.write(*f, *count, raw, text);
      return !f->failed();
    }
    if (*count && blank_between) f->write("\n");
    f->write(text);
    f->write("\n");
    ++*count;
    return !f->failed();
  }

  bool failed() const { return failed_; }
  // The last game written is read back as part of the one before it (Joining::Merged).
  bool merged() const { return merged_; }

 private:
  static void write_csv_header(OutputFile& f) {
    std::string header;
    output::append_csv_header(header, output::default_csv_columns());
    f.write(header);
  }

  // --split-by's part of the name of the file of games without the tag.
  std::string missing_part() const { return "no-" + safe_name_part(o_.split_by); }

  // part, or part-2, part-3, ...: the first whose name no earlier file has, in any letter
  // case (names differing only in case are one file on some file systems). A value's own
  // name can be another's numbered one ("a b" and "a/b" give a_b, "a_b-2" gives a_b-2).
  std::string unused_part(const std::string& part) {
    std::string name = part;
    for (int n = 2; used_.count(ascii_lower(name)); ++n) name = part + "-" + std::to_string(n);
    used_.insert(ascii_lower(name));
    return name;
  }

  // A file of --split or --split-by, named as games come: refused, like -o, when it is an
  // input (by device and inode, so links are caught too) or where --json's records go,
  // and when a symbolic link makes it the file of an earlier part (each part replaces its
  // target: the later would replace the earlier; hard links are replaced one by one).
  bool open_part(OutputFile& file, const std::string& name, std::string& error) {
    std::vector<NamedOutput> outputs;
    if (o_.json) outputs.push_back({"--json", ""});
    outputs.push_back({o_.split ? "--split" : "--split-by", name});
    if (auto clash = find_output_clash(inputs_, outputs)) {
      error = *clash;
      return false;
    }
    if (!file.open(name, error)) return false;
    if (file.target().empty()) return true;  // a device or a FIFO, written directly
    std::error_code ec;
    const auto place = std::filesystem::weakly_canonical(std::filesystem::absolute(file.target(), ec), ec);
    const auto [earlier, first] = part_places_.emplace(ec ? file.target() : place.string(), name);
    if (first) return true;
    error = fmt::format("{} {} and {} are the same file: one would overwrite the other", o_.split ? "--split" : "--split-by",
                        earlier->second, name);
    file.discard();
    return false;
  }

 public:

  // Commits (inputs_ok) or discards every file; false when one failed.
  bool finish(bool inputs_ok) {
    if (failed_) {
      // Said already (a file that could not be opened, --split-by's limit): the files
      // still open are dropped, their targets left as they were, in one line rather than
      // a line each (a thousand of them at the limit), which would also blame the inputs.
      std::size_t open = 0;
      auto drop = [&open](OutputFile& f) {
        open += f.is_open();
        f.discard();
      };
      if (current_) drop(*current_);
      for (auto& f : files_) drop(*f);
      if (open > 0) errf("chesstool: {} output file{} not written (files already there are left as they were)", open, open == 1 ? "" : "s");
      return false;
    }
    if (!inputs_ok && (o_.split || !o_.split_by.empty())) {
      // An input could not be read: the parts still open are finished as the full ones
      // were, so that the run's end drops them all (exit status 2) and says so in one
      // line (commit_finished_outputs), not a line for each of a thousand parts.
      bool ok = true;
      if (current_ && current_->is_open() && !current_->finish(true)) ok = false;
      for (auto& f : files_)
        if (f->is_open() && !f->finish(true)) ok = false;
      return ok;
    }
    bool ok = true;
    if (current_ && !current_->finish(inputs_ok)) ok = false;
    for (auto& f : files_)
      if (!f->finish(inputs_ok)) ok = false;
    return ok;
  }

 private:
  struct Slot {
    std::size_t file = 0;
    std::uint64_t games = 0;
  };
  const FilterOptions& o_;
  const std::vector<std::string>& inputs_;
  std::pair<std::string, std::string> names_;
  std::vector<std::unique_ptr<OutputFile>> files_;
  std::unique_ptr<OutputFile> current_;  // --split: the chunk being filled
  std::uint64_t in_current_ = 0, single_count_ = 0;
  int chunk_ = 0;
  std::map<std::string, Slot> by_value_;
  std::set<std::string> used_;  // --split-by: the names given, in lower case
  std::map<std::string, std::string> part_places_;  // the file of each part opened, links followed
  bool failed_ = false;
  VerbatimGames verbatim_;
  bool merged_ = false;
};

struct FilterTotals {
  OpenedFiles files;
  std::uint64_t read = 0, matched = 0, invalid = 0, replayed = 0, io_errors = 0, not_converted = 0;
};

// The matcher's verdict and, for a selected game with --to, the game converted: the
// judging replay keeps it, so it is replayed once.
Judged judge_and_convert(const filter::Matcher& matcher, const FilterOptions& o, const pgn::RawGame& raw) {
  Judged j;
  if (!o.to) {
    j.verdict = matcher.judge(raw);
    return j;
  }
  j.verdict = matcher.judge(raw, output::format_info(*o.to).mainline_only ? pgn::Keep::Mainline : pgn::Keep::Tree);
  if (!j.verdict.selected) return j;
  if (j.verdict.game) {
    output::format_game(*j.verdict.game, *o.to, {o.reduced, false, {}, nullptr, &j.verdict.report}, j.converted);
    j.left_out = output::left_out_report(j.verdict.report, *j.verdict.game, *o.to, o.reduced);
  } else {
    j.not_converted = true;
    return j;  // its report tells why, on standard error
  }
  j.verdict.game.reset();  // converted: the tree and the report are not needed any more
  j.verdict.report = pgn::GameReport();
  return j;
}

// One --json record per game read.
void write_game_record(const std::string& file, const pgn::RawGame& raw, const filter::Verdict& v) {
  output::JsonObject r;
  r.field("type", "game").field("file", file);
  if (!raw.member.empty()) r.field("member", raw.member);
  r.field("index", raw.index).field("line", raw.line).field("matched", v.selected);
  if (v.ply && v.met) r.field("ply", *v.ply);
  if (v.valid) r.field("valid", *v.valid);
  out_data(std::move(r).str() + "\n");
}

// The closing line on standard error and, with --json, the summary record.
void write_summary(const FilterOptions& o, const FilterTotals& t, double seconds) {
  const std::uint64_t not_matched = t.read - t.matched;
  if (!o.quiet)
    errf("chesstool: {} game{} read: {} matched, {} not matched, {} invalid{}, in {:.2f} s", t.read,
         t.read == 1 ? "" : "s", t.matched, not_matched, t.invalid,
         t.not_converted ? fmt::format(" ({} matched but not converted)", t.not_converted) : "", seconds);
  if (o.json) {
    output::JsonObject s;
    s.field("type", "summary").field("files", t.files.count()).field("read", t.read);
    s.field("matched", t.matched).field("not_matched", not_matched).field("invalid", t.invalid);
    s.field("replayed", t.replayed).field("io_errors", t.io_errors);
    if (o.to) s.field("not_converted", t.not_converted);
    s.field("seconds", seconds);
    out_data(std::move(s).str() + "\n");
  }
}

// Standard output's file when it is named as a part of --split or --split-by would be
// (the stem of -o, '-', anything, its extension, in its directory), checked before any
// record goes there; the parts themselves are checked again as they are opened.
std::optional<std::string> stdout_as_part(const std::string& output) {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  char shown[PATH_MAX + 1];
  const ssize_t n = ::readlink("/proc/self/fd/1", shown, PATH_MAX);
  if (n <= 0) return std::nullopt;
  const std::string path(shown, std::size_t(n));
  const auto [stem, extension] = stem_and_extension(output);
  std::error_code ec;
  const std::filesystem::path want = std::filesystem::weakly_canonical(std::filesystem::absolute(stem, ec), ec);
  if (ec) return std::nullopt;
  const std::string prefix = want.string() + "-";
  const bool part = path.size() > prefix.size() + extension.size() && path.compare(0, prefix.size(), prefix) == 0 &&
                    path.compare(path.size() - extension.size(), extension.size(), extension) == 0;
  return part ? std::optional<std::string>(path) : std::nullopt;
}

// The outputs refused before anything is read (said on standard error).
bool outputs_clash(const FilterOptions& o, const InputList& inputs) {
  if (!o.split && o.split_by.empty()) {
    std::vector<NamedOutput> outputs = {{"-o", o.output}};
    if (o.json) outputs.push_back({"--json", ""});
    if (auto clash = find_output_clash(inputs.files, outputs)) {
      error(*clash);
      return true;
    }
  } else if (o.json) {
    if (auto part = stdout_as_part(o.output)) {
      error(fmt::format("standard output (--json) is {}, a name {} gives its parts: one would overwrite the other", *part,
                        o.split ? "--split" : "--split-by"));
      return true;
    }
  }
  return false;
}

// The checks of options against each other, said as usage errors; false after one.
bool output_options_ok(const FilterOptions& o) {
  // -o - (or /dev/stdout) names standard output, which --json's records take: the games
  // would go nowhere.
  if (o.json && !o.output.empty() && is_standard_output(o.output)) {
    error("--json writes to standard output: name a file for the games");
    return false;
  }
  if ((o.split || !o.split_by.empty()) && (is_standard_output(o.output) || descriptor_named(o.output))) {
    error(std::string(o.split ? "--split" : "--split-by") + " writes several files: name them with -o FILE");
    return false;
  }
  // The parts are named after -o: beside a device or a FIFO (-o /dev/null) they would be
  // regular files made in /dev.
  if (struct stat st {}; (o.split || !o.split_by.empty()) && ::stat(o.output.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    error(fmt::format("{} writes several files named after -o {}, which is not a regular file: name a file", o.split ? "--split" : "--split-by",
                      o.output));
    return false;
  }
  // A value of a "tag" the parser cannot read would never be found, and every game would
  // go to the file of the missing value.
  if (!o.split_by.empty() && !pgn::could_be_tag_name(o.split_by)) {
    error(fmt::format("--split-by '{}' is not a tag name: a tag name has no blanks, control characters, quotes or ']'",
                      o.split_by));
    return false;
  }
  if (o.reduced && o.to != output::Format::Pgn) {
    error("--reduced is for --to pgn: the reduced export format of PGN");
    return false;
  }
  return true;
}

ExitCode run_filter(const FilterOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  if (!output_options_ok(o)) return ExitCode::Error;
  filter::Criteria criteria;
  if (!build_criteria(o, criteria)) return ExitCode::Error;

  InputList inputs = expand_inputs(o.paths);
  if (outputs_clash(o, inputs)) return ExitCode::Error;
  FilterTotals t;
  auto io_error = [&](const std::string& file, const std::string& message) {
    ++t.io_errors;
    error(message);
    if (o.json) out_data(output::io_error_json(file, message) + "\n");
  };
  for (const auto& e : inputs.errors) io_error(e.path, e.message);

  Outputs outputs(o, inputs.files);
  std::string open_error;
  if (!outputs.open(open_error)) {
    error(open_error);
    return ExitCode::Error;
  }
  std::vector<std::string> names;
  for (const auto& f : inputs.files) names.push_back(display_name(f));

  const filter::Matcher matcher(criteria, o.split_by);
  const int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  PipelineSink<Judged> sink;
  sink.io_error = [&](std::size_t f, const std::string& message) { io_error(names[f], message); };
  sink.note = [&](std::size_t f, const io::InputNote& note) {
    if (!o.quiet) print_input_note(names[f], note);
  };
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, Judged&& judged) {
    const filter::Verdict& v = judged.verdict;
    t.files.saw(f);
    ++t.read;
    if (v.valid == false) ++t.invalid;
    if (v.replayed) ++t.replayed;
    bool written = true;  // false: an output failed (a full disk, --split-by's limit), reading stops
    if (v.selected) {
      ++t.matched;
      if (judged.not_converted) {
        ++t.not_converted;
        // Its first error, as validate prints it: the reason it is left out.
        if (!o.quiet)
          if (const auto errors = output::in_source_order(judged.verdict.report, false); !errors.empty())
            err_line(output::render_diagnostic(display_name(names[f], raw.member), judged.verdict.report, *errors.front()));
      } else if (!outputs.write(raw, v.split_value, judged)) {
        written = false;
      } else if (outputs.merged() && !o.quiet) {
        err_line(merged_game_warning(display_name(names[f], raw.member), raw.line));
      } else if (judged.left_out && !o.quiet) {
        for (const auto& line : output::left_out_diagnostics(display_name(names[f], raw.member), *judged.left_out))
          err_line(line);
      }
    }
    if (o.json) {
      write_game_record(names[f], raw, v);  // a record for every game counted, the last one read too
      if (stdout_failed()) return false;
    }
    return written;
  };
  sink.file_done = [&](std::size_t f, const FileRead&) { t.files.saw(f); };
  auto work = [&matcher, &o](std::size_t, const pgn::RawGame& raw) { return judge_and_convert(matcher, o, raw); };
  run_pipeline<Judged>(inputs.files, jobs, work, sink);

  if (!outputs.finish(t.io_errors == 0)) ++t.io_errors;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  write_summary(o, t, seconds);
  if (t.io_errors) return ExitCode::Error;
  // As for grep: 0 when a game matched (with --to, a matched game that does not replay is
  // left out of the output and does not count).
  return t.matched > t.not_converted ? ExitCode::Ok : ExitCode::Negative;
}

}  // namespace

Runner setup_filter(CLI::App& app) {
  auto o = std::make_shared<FilterOptions>();
  // filter's status is grep's, not the other commands' (see chesstool(1)).
  app.footer("Exit status: 0 when a game matched, 1 when none did (as for grep; with --to, a matched game that does "
             "not replay does not count), 2 usage or I/O error.\n"
             "See chesstool(1) for details.");
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  app.add_option("--where", o->where, "Tag expression, e.g. 'WhiteElo >= 2500 and Event ~ Olympiad' (repeatable: all must hold)")
      ->allow_extra_args(false);
  app.add_option("--player", o->player, "White or Black matches this regular expression (repeatable: all must hold)")
      ->allow_extra_args(false);
  app.add_option("--elo", o->elo, "Both players' ratings in N..M (N.. or ..M leave one end open, N alone is N..N)");
  app.add_option("--date", o->date, "Date in FROM..TO (YYYY, YYYY.MM or YYYY.MM.DD; ?? parts match anything)");
  // Not CLI::IsMember: its "{...,*}" in --help would be globbed by shell scripts that read it.
  app.add_option("--result", o->result, "Result is 1-0, 0-1, 1/2-1/2 or * (repeatable or comma-separated: any)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::Validator(
          [](std::string& v) {
            return pgn::is_result(v) ? std::string() : "'" + v + "' is not 1-0, 0-1, 1/2-1/2 or *";
          },
          "RESULT"));
  app.add_option("--tc-class", o->tc_class, "FIDE class of the TimeControl tag (repeatable or comma-separated: any)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::IsMember(tc_class_names()));
  app.add_option("--variant", o->variant, "Variant of the game (repeatable or comma-separated: any)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::IsMember({"standard", "chess960"}));
  app.add_option("--plies", o->plies, "Mainline half-moves written in N..M");
  app.add_option("--ends", o->ends, "How the game ends (repeatable or comma-separated: any)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::IsMember(filter::ending_names()));
  app.add_option("--has", o->has, "The mainline has a move of this kind, a null move also in a variation (repeatable or comma-separated: any)")
      ->allow_extra_args(false)
      ->delimiter(',')
      ->check(CLI::IsMember(filter::move_kind_names()));
  app.add_option("--reaches", o->reaches, "The mainline reaches this position, given as a FEN or startpos (repeatable: any)")
      ->allow_extra_args(false);
  app.add_option("--at-ply", o->at_ply, "With --reaches: only at a ply in N..M");
  app.add_option("--material", o->material, "The mainline reaches this material, e.g. KRP:KR (White's:Black's, K implied)");
  app.add_flag("--either-colour", o->either_colour, "With --material: either side may have either half");
  app.add_flag("--final-material", o->final_material, "With --material: in the final position only");
  app.add_option("--eco", o->eco, "The opening the moves reach has an ECO code in RANGE: C50, B (B00..B99), A00..B99");
  app.add_option("--opening", o->opening, "The name of the opening the moves reach matches this RE2 pattern");
  auto* valid = app.add_flag("--valid", o->valid, "Only games that replay without errors (checked as validate does)");
  app.add_flag("--invalid", o->invalid, "Only games that do not replay (route broken games to their own file)")
      ->excludes(valid);
  app.add_flag("-v,--invert", o->invert, "Write the games that do not meet the criteria");
  app.add_option("-o,--output", o->output, "Write the selected games to FILE instead of standard output");
  auto* split = app.add_option("--split", o->split, "Write N games per file: -o out.pgn gives out-0001.pgn, out-0002.pgn, ...")
                    ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 40));
  app.add_option("--split-by", o->split_by, "Write one file per value of this tag: -o out.pgn gives out-VALUE.pgn, ...")
      ->excludes(split);
  app.add_flag("--json", o->json, "Print one NDJSON record per game (no games on standard output), then a summary");
  app.add_flag("-q,--quiet", o->quiet, "Print no summary, and with --to no notes of games left out or of what is left out of them, on standard error (I/O errors still are)");
  app.add_option("-j,--jobs", o->jobs, "Games judged in parallel (default: all cores)")->check(CLI::Range(1, 1024));
  auto to_name = std::make_shared<std::string>();
  std::vector<std::string> format_names;
  for (const auto& f : output::kFormats) format_names.emplace_back(f.name);
  app.add_option("-t,--to", *to_name, "Convert the selected games instead of copying them: " + fmt::format("{}", fmt::join(format_names, ", ")))
      ->check(CLI::IsMember(format_names));
  app.add_flag("--reduced", o->reduced, "With --to pgn: the reduced export format (the Seven Tag Roster, no comments, NAGs or variations)");
  app.callback([o, to_name] {
    if (!to_name->empty()) o->to = output::format_from_name(*to_name);
  });
  return [o]() { return run_filter(*o); };
}

}  // namespace chesstool::cli
