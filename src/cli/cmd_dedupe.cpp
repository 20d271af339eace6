// SPDX-License-Identifier: MIT
// `chesstool dedupe`: drops the games that repeat another (same start position, same
// mainline moves) and, with --embedded, those whose mainline is a prefix of a longer
// game between the same players.
#include <fmt/core.h>

#include <sys/stat.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "cli/console.hpp"
#include "cli/game_pipeline.hpp"
#include "cli/input_paths.hpp"
#include "cli/output_file.hpp"
#include "cli/verbatim_games.hpp"
#include "dedupe/game_facts.hpp"
#include "dedupe/key_table.hpp"
#include "output/game_output.hpp"
#include "output/json.hpp"
#include "pgn/encoding.hpp"

namespace chesstool::cli {

namespace {

enum class KeepRule { First, MostTags, MostAnnotated };

// The one table of --keep choices: the option's check, help and completion come from it.
struct KeepInfo {
  KeepRule rule;
  std::string_view name;
};
constexpr KeepInfo kKeepRules[] = {
    {KeepRule::First, "first"}, {KeepRule::MostTags, "most-tags"}, {KeepRule::MostAnnotated, "most-annotated"}};

struct DedupeOptions {
  std::vector<std::string> paths;
  std::string output;
  std::string duplicates;
  std::string rejects;
  std::string keep = "first";
  KeepRule rule = KeepRule::First;
  bool embedded = false;
  bool json = false;
  bool quiet = false;
  int jobs = 0;
};

// What happened to one game.
enum class Verdict { Kept, Duplicate, Embedded, Invalid };
constexpr std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Kept: return "kept";
    case Verdict::Duplicate: return "duplicate";
    case Verdict::Embedded: return "embedded";
    case Verdict::Invalid: return "invalid";
  }
  return "kept";
}

struct DedupeCounts {
  std::uint64_t read = 0, kept = 0, duplicates = 0, embedded = 0, invalid = 0, io_errors = 0;
  // The several-pass rules stopped before their last pass (an input failed): the games
  // were read, none compared or written.
  bool stopped_early = false;
};

// Names games by their number in the whole run (1, 2, ...): "file:game", the game's
// number within its file (or archive member). One entry per input file or member, so
// it costs nothing per game.
class GameNames {
 public:
  // The game with run number `ordinal` is game `index` of `place`.
  void note(std::uint32_t ordinal, std::uint64_t index, const std::string& place) {
    if (!runs_.empty() && runs_.back().place == place && runs_.back().first_index + (ordinal - runs_.back().first) == index)
      return;
    runs_.push_back({ordinal, index, place});
  }
  std::string name(std::uint32_t ordinal) const {
    auto it = std::upper_bound(runs_.begin(), runs_.end(), ordinal, [](std::uint32_t o, const Run& r) { return o < r.first; });
    if (it == runs_.begin()) return "?";
    --it;
    return it->place + ":" + std::to_string(it->first_index + (ordinal - it->first));
  }
  void clear() { runs_.clear(); }

 private:
  struct Run {
    std::uint32_t first;
    std::uint64_t first_index;
    std::string place;
  };
  std::vector<Run> runs_;
};

// A PGN string value (spec 7): backslash and quote escaped.
std::string pgn_string(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    // A PGN string holds no line end or other control character (spec 7): a file name
    // with one would end the tag pair mid-value. C1 controls (U+0080 to U+009F, UTF-8
    // C2 80 to C2 9F) are control characters too.
    if (c == '\xC2' && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
      c = '?';
      ++i;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      c = '?';
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// A game's place as DuplicateOf and duplicate_of name it: text, while a file or member
// name is bytes. Each that is not UTF-8 is read as Windows-1252, the rule for tag values.
std::string place_text(const std::string& file, const std::string& member) {
  return display_name(pgn::utf8_or_cp1252(file), pgn::utf8_or_cp1252(member));
}

// The game's text with [DuplicateOf "of"] added after its tag section (before the
// movetext, or first when it has no tags); nothing else changes. A line counts as a
// tag line when it starts with '[' and ends with ']', so a tag section that runs into
// the movetext on one line gets the tag in front instead. A DuplicateOf line the game has
// already (from an earlier run's --duplicates) is replaced where it stands: readers keep
// the first of a name, which would name the old copy. The new line ends with eol, the
// game's own line end (pgn::line_end_of).
std::string with_duplicate_of(const std::string& text, const std::string& of, std::string_view game_eol) {
  const std::string eol(game_eol);
  const std::string tag = "[DuplicateOf \"" + pgn_string(of) + "\"]";
  std::size_t insert_at = 0;  // after the last tag line seen so far
  bool after_tags = false;
  for (std::size_t pos = 0; pos < text.size();) {
    std::size_t end = text.find('\n', pos);
    const std::size_t line_end = end == std::string::npos ? text.size() : end;
    std::string_view line(text.data() + pos, line_end - pos);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] != '[' || line.back() != ']') break;
    if (const std::string_view name = line.substr(first + 1).substr(0, 12);
        name == "DuplicateOf " || name == "DuplicateOf\"") {
      const std::size_t at = pos + first;
      return text.substr(0, at) + tag + text.substr(at + (line.size() - first));
    }
    insert_at = end == std::string::npos ? text.size() : end + 1;
    after_tags = true;
    pos = insert_at;
  }
  if (!after_tags) return tag + eol + text;
  std::string out = text.substr(0, insert_at);
  if (insert_at == text.size()) return out + eol + tag;  // tags only, no line end after the last
  out += tag + eol;
  out += text.substr(insert_at);
  return out;
}

// The outputs of a run and how the games reach them.
class Writer {
 public:
  Writer(const DedupeOptions& o, OutputFile* out, OutputFile* dups, OutputFile* rejects)
      : o_(o), out_(out), dups_(dups), rejects_(rejects) {}

  // Writes one game where its verdict sends it; false when a write failed (stop reading).
  bool game(const std::string& place, const pgn::RawGame& raw, const dedupe::GameFacts& f, Verdict v,
            const std::string& duplicate_of, DedupeCounts& c) {
    ++c.read;
    switch (v) {
      case Verdict::Kept: ++c.kept; put(out_, kept_written_, place, raw, raw.text); break;
      case Verdict::Invalid:
        ++c.invalid;
        ++c.kept;  // never dropped: counted as kept, wherever it is written
        if (!o_.quiet)
          for (const auto* d : output::in_source_order(f.report, false))
            err_line(output::render_diagnostic(place, f.report, *d));
        if (rejects_)
          put(rejects_, rejects_written_, place, raw, raw.text);
        else
          put(out_, kept_written_, place, raw, raw.text);
        break;
      case Verdict::Duplicate:
      case Verdict::Embedded:
        ++(v == Verdict::Duplicate ? c.duplicates : c.embedded);
        if (dups_) put(dups_, dups_written_, place, raw, with_duplicate_of(raw.text, duplicate_of, pgn::line_end_of(raw)));
        break;
    }
    if (o_.json) {
      output::JsonObject r;
      r.field("type", "game").field("file", pgn::utf8_or_cp1252(place_file(place, raw)));
      if (!raw.member.empty()) r.field("member", pgn::utf8_or_cp1252(raw.member));
      r.field("game", raw.index).field("line", raw.line).field("byte_offset", raw.byte_offset);
      r.field("valid", v != Verdict::Invalid).field("plies", std::uint64_t(f.plies));
      r.field("status", verdict_name(v));
      if (duplicate_of.empty())
        r.null_field("duplicate_of");
      else
        r.field("duplicate_of", pgn::utf8_or_cp1252(duplicate_of));
      out_data(std::move(r).str() + "\n");
    }
    return !any_output_failed();
  }

  // Whether a write failed: the run stops writing (said by the output itself).
  bool any_output_failed() const {
    return (out_ && out_->failed()) || (dups_ && dups_->failed()) || (rejects_ && rejects_->failed()) ||
           (o_.json && stdout_failed());
  }

  void set_file(const std::string& display) { file_ = display; }

 private:
  std::string place_file(const std::string&, const pgn::RawGame&) const { return file_; }
  // Joined as VerbatimGames joins games (an empty line between them, each in its own
  // line-end style); a game read back as part of the one before it is said.
  void put(OutputFile* f, std::uint64_t& written, const std::string& place, const pgn::RawGame& raw,
           const std::string& text) {
    if (f && !verbatim_.write(*f, written, raw, text) && !o_.quiet)
      err_line(merged_game_warning(place, raw.line));
  }

  const DedupeOptions& o_;
  OutputFile* out_;
  OutputFile* dups_;
  OutputFile* rejects_;
  std::string file_;
  std::uint64_t kept_written_ = 0, dups_written_ = 0, rejects_written_ = 0;
  VerbatimGames verbatim_;
};

// What the two-pass rules keep per distinct game. aux is the best score in the first
// pass and, with --embedded, the run number of the longest game this one is a prefix of
// (0: none) in the second.
struct Group {
  std::uint32_t id = 0;  // run number of the copy that survives
  std::uint32_t aux = 0;
  std::uint32_t players[2] = {0, 0};
  std::uint32_t date = 0;
  std::uint8_t result = dedupe::kUnfinished;
  std::uint32_t plies = 0;  // of the surviving copy
  std::uint32_t aux_plies = 0;
};

// An input that could not be opened or read: the message, and with --json the record
// validate and filter write for it too. --quiet silences games, never this.
void io_error(const DedupeOptions& o, DedupeCounts& c, const std::string& file, const std::string& message) {
  ++c.io_errors;
  error(message);
  if (o.json) out_data(output::io_error_json(file, message) + "\n");
}

std::uint32_t score(const dedupe::GameFacts& f, KeepRule rule) {
  return rule == KeepRule::MostTags ? f.tags : rule == KeepRule::MostAnnotated ? f.annotations : 0;
}

class Run {
 public:
  Run(const DedupeOptions& o, const InputList& inputs, Writer& w, DedupeCounts& c) : o_(o), inputs_(inputs), w_(w), c_(c) {
    for (const auto& f : inputs.files) names_.push_back(display_name(f));
    jobs_ = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  }

  // --keep first without --embedded: one pass, the first copy of each game survives.
  void one_pass() {
    dedupe::KeyTable<std::uint32_t> seen;
    std::uint32_t ordinal = 0;
    auto work = [](std::size_t, const pgn::RawGame& raw) { return dedupe::read_game_facts(raw, false); };
    PipelineSink<dedupe::GameFacts> sink = base_sink();
    sink.game = [&](std::size_t f, pgn::RawGame&& raw, dedupe::GameFacts&& facts) {
      const std::string place = display_name(names_[f], raw.member);
      game_names_.note(++ordinal, raw.index, place_text(names_[f], raw.member));
      w_.set_file(names_[f]);
      if (!facts.valid) return w_.game(place, raw, facts, Verdict::Invalid, "", c_);
      auto [id, inserted] = seen.insert(facts.key, ordinal);
      if (inserted) return w_.game(place, raw, facts, Verdict::Kept, "", c_);
      return w_.game(place, raw, facts, Verdict::Duplicate, game_names_.name(*id), c_);
    };
    run_pipeline<dedupe::GameFacts>(inputs_.files, jobs_, work, sink);
    table_bytes_ = seen.bytes();
  }

  // --keep most-* or --embedded: the inputs are read two or three times (files only).
  // Pass 1 finds each distinct game's surviving copy, pass 2 (--embedded) marks the
  // games that are a prefix of a longer one, the last pass writes.
  bool several_passes() {
    dedupe::KeyTable<Group> groups;
    const std::uint32_t total = choose_survivors(groups);
    if (c_.io_errors) return stop_before_writing(total);
    if (o_.embedded) {
      const std::uint32_t again = mark_embedded(groups);
      if (c_.io_errors) return stop_before_writing(total);
      if (again != total) return input_changed();
      resolve_chains(groups);
    }
    const std::uint32_t written = write_games(groups);
    table_bytes_ = groups.bytes();
    // A failed write stops the pass early: fewer games, but no input changed.
    if (!c_.io_errors && !w_.any_output_failed() && written != total) return input_changed();
    return true;
  }

  std::size_t table_bytes() const { return table_bytes_; }

 private:
  // Pass 1: each distinct game's surviving copy by the --keep rule. Returns the games read.
  std::uint32_t choose_survivors(dedupe::KeyTable<Group>& groups) {
    std::uint32_t ordinal = 0;
    const KeepRule rule = o_.rule;
    auto work = [](std::size_t, const pgn::RawGame& raw) { return dedupe::read_game_facts(raw, false); };
    PipelineSink<dedupe::GameFacts> sink = base_sink();
    sink.game = [&](std::size_t f, pgn::RawGame&& raw, dedupe::GameFacts&& facts) {
      game_names_.note(++ordinal, raw.index, place_text(names_[f], raw.member));
      if (!facts.valid) return true;
      Group g;
      g.id = ordinal;
      g.aux = score(facts, rule);
      g.players[0] = std::uint32_t(facts.players);
      g.players[1] = std::uint32_t(facts.players >> 32);
      g.date = facts.date;
      g.result = facts.result;
      g.plies = facts.plies;
      auto [stored, inserted] = groups.insert(facts.key, g);
      if (!inserted && g.aux > stored->aux) *stored = g;  // ties: the first copy stays
      return true;
    };
    run_pipeline<dedupe::GameFacts>(inputs_.files, jobs_, work, sink);
    return ordinal;
  }

  // Pass 2 (--embedded): every surviving copy marks the shorter games between the same
  // players that its mainline begins with (aux: the longest such game). Returns the games
  // read, or 0 when a game is not in the table (the input changed).
  std::uint32_t mark_embedded(dedupe::KeyTable<Group>& groups) {
    groups.for_each_value([](Group& g) { g.aux = 0; });
    std::uint32_t ordinal = 0;
    bool changed = false;
    auto work = [](std::size_t, const pgn::RawGame& raw) { return dedupe::read_game_facts(raw, true); };
    PipelineSink<dedupe::GameFacts> sink = base_sink();
    sink.game = [&](std::size_t, pgn::RawGame&&, dedupe::GameFacts&& facts) {
      ++ordinal;
      if (!facts.valid) return true;
      const Group* self = groups.find(facts.key);
      if (!self) return !(changed = true);
      if (self->id != ordinal) return true;  // an exact copy: its surviving copy speaks for it
      const Group me = *self;
      for (const dedupe::GameKey& prefix : facts.prefixes) {
        Group* shorter = groups.find(prefix);
        if (!shorter || shorter->id == me.id) continue;
        if (shorter->players[0] != me.players[0] || shorter->players[1] != me.players[1]) continue;
        if (!dedupe::dates_compatible(shorter->date, me.date)) continue;
        if (!dedupe::results_compatible(shorter->result, me.result)) continue;
        if (me.plies > shorter->aux_plies) {
          shorter->aux = me.id;
          shorter->aux_plies = me.plies;
        }
      }
      return true;
    };
    run_pipeline<dedupe::GameFacts>(inputs_.files, jobs_, work, sink);
    return changed ? 0 : ordinal;
  }

  // A chain: A a prefix of B, B of C, A's date and C's in conflict and B undated. B goes
  // into C; C did not take A (it would have: it is longer), so A, whose longest container
  // is dropped, is kept, and a DuplicateOf never names a dropped game. Settled from the
  // longest games down, so a container is settled before the games it contains. Memory:
  // one entry per game that is a prefix of another.
  void resolve_chains(dedupe::KeyTable<Group>& groups) {
    std::vector<Group*> contained;
    groups.for_each_value([&](Group& g) {
      if (g.aux) contained.push_back(&g);
    });
    std::sort(contained.begin(), contained.end(), [](const Group* a, const Group* b) { return a->plies > b->plies; });
    std::unordered_map<std::uint32_t, const Group*> by_id;
    for (const Group* g : contained) by_id[g->id] = g;
    for (Group* g : contained) {
      auto container = by_id.find(g->aux);
      if (container != by_id.end() && container->second->aux) g->aux = 0;
    }
  }

  // The last pass: each game to its output. Returns the games read, or 0 when a game is
  // not in the table (the input changed).
  std::uint32_t write_games(dedupe::KeyTable<Group>& groups) {
    std::uint32_t ordinal = 0;
    bool changed = false;
    auto work = [](std::size_t, const pgn::RawGame& raw) { return dedupe::read_game_facts(raw, false); };
    PipelineSink<dedupe::GameFacts> sink = base_sink();
    sink.game = [&](std::size_t f, pgn::RawGame&& raw, dedupe::GameFacts&& facts) {
      ++ordinal;
      const std::string place = display_name(names_[f], raw.member);
      w_.set_file(names_[f]);
      if (!facts.valid) return w_.game(place, raw, facts, Verdict::Invalid, "", c_);
      const Group* g = groups.find(facts.key);
      if (!g) return !(changed = true);
      if (o_.embedded && g->aux) {
        // A prefix of the longest game between the same players that contains it (which
        // contains every game in between too, so a chain ends in one step).
        const Verdict v = g->id == ordinal ? Verdict::Embedded : Verdict::Duplicate;
        return w_.game(place, raw, facts, v, game_names_.name(g->aux), c_);
      }
      if (g->id == ordinal) return w_.game(place, raw, facts, Verdict::Kept, "", c_);
      return w_.game(place, raw, facts, Verdict::Duplicate, game_names_.name(g->id), c_);
    };
    run_pipeline<dedupe::GameFacts>(inputs_.files, jobs_, work, sink);
    return changed ? 0 : ordinal;
  }

  PipelineSink<dedupe::GameFacts> base_sink() {
    PipelineSink<dedupe::GameFacts> sink;
    sink.io_error = [this](std::size_t f, const std::string& e) { io_error(o_, c_, names_[f], e); };
    // Said once, on the first pass over the input: every pass meets the same notes.
    sink.note = [this](std::size_t f, const io::InputNote& note) {
      if (!o_.quiet && noted_.emplace(f, note.member, note.message).second) print_input_note(names_[f], note);
    };
    // The games are written byte for byte, but the escape lines between them ('%' in
    // column 1) belong to none: said as convert and annotate say it, once per file.
    sink.file_done = [this](std::size_t f, const FileRead& read) {
      if (o_.quiet || !escapes_noted_.insert(f).second) return;
      if (const std::string note = output::escape_lines_left_out(names_[f], read.escape_lines); !note.empty())
        err_line(note);
    };
    return sink;
  }
  // An input failed before the last pass: the games read are counted, none was written.
  bool stop_before_writing(std::uint32_t read) {
    c_.read = read;
    c_.stopped_early = true;
    return false;
  }
  bool input_changed() {
    error("an input changed while it was read again (--keep " + o_.keep + (o_.embedded ? ", --embedded" : "") +
          " read the inputs more than once)");
    ++c_.io_errors;
    return false;
  }

  const DedupeOptions& o_;
  const InputList& inputs_;
  Writer& w_;
  DedupeCounts& c_;
  std::vector<std::string> names_;
  // (file, member, message) of the notes shown: a member stored again has one per copy.
  std::set<std::tuple<std::size_t, std::string, std::string>> noted_;
  std::set<std::size_t> escapes_noted_;                   // files whose escape lines were said
  GameNames game_names_;
  int jobs_ = 1;
  std::size_t table_bytes_ = 0;
};


// A named output (not "", which means none) that is standard output.
bool is_standard_output_named(const std::string& path) { return !path.empty() && is_standard_output(path); }

ExitCode run_dedupe(const DedupeOptions& o) {
  InputList inputs = expand_inputs(o.paths);
  const bool several = o.embedded || o.rule != KeepRule::First;
  if (several)
    for (const auto& f : inputs.files) {
      // Only a regular file reads the same the second time: a pipe or a FIFO gives its
      // text once (and opening a FIFO again would wait for a writer for ever).
      struct stat st {};
      const bool once = f == "-" || (::stat(f.c_str(), &st) == 0 && !S_ISREG(st.st_mode));
      if (!once) continue;
      const std::string why = f == "-" ? std::string("give files, not standard input")
                                       : std::string("'").append(f).append("' is not a regular file");
      error(o.embedded ? std::string("--embedded reads the inputs three times: ").append(why)
                       : std::string("--keep ").append(o.keep).append(" reads the inputs twice: ").append(why));
      return ExitCode::Error;
    }
  // Without -o the kept games go to standard output, unless --json has it.
  const bool write_kept = !(o.json && o.output.empty());
  std::vector<NamedOutput> outputs;
  if (write_kept) outputs.push_back({"-o", o.output});
  if (o.json) outputs.push_back({"--json", ""});
  if (!o.duplicates.empty()) outputs.push_back({"--duplicates", o.duplicates});
  if (!o.rejects.empty()) outputs.push_back({"--rejects", o.rejects});
  if (o.json && (is_standard_output_named(o.output) || is_standard_output_named(o.duplicates) ||
                 is_standard_output_named(o.rejects))) {
    error("--json writes to standard output: name a file for the games");
    return ExitCode::Error;
  }
  if (auto clash = find_output_clash(inputs.files, outputs)) {
    error(*clash);
    return ExitCode::Error;
  }
  DedupeCounts c;
  for (const auto& e : inputs.errors) io_error(o, c, e.path, e.message);
  std::string open_error;
  std::unique_ptr<OutputFile> kept_file, dups, rejects;
  auto open = [&](std::unique_ptr<OutputFile>& f, const std::string& path) {
    f = std::make_unique<OutputFile>();
    if (f->open(path, open_error)) return true;
    error(open_error);
    return false;
  };
  if (write_kept && !open(kept_file, o.output)) return ExitCode::Error;
  if (!o.duplicates.empty() && !open(dups, o.duplicates)) return ExitCode::Error;
  if (!o.rejects.empty() && !open(rejects, o.rejects)) return ExitCode::Error;

  Writer writer(o, kept_file.get(), dups.get(), rejects.get());
  Run run(o, inputs, writer, c);
  if (several)
    run.several_passes();
  else
    run.one_pass();

  const bool inputs_ok = c.io_errors == 0;
  for (OutputFile* f : {kept_file.get(), dups.get(), rejects.get()})
    if (f && !f->finish(inputs_ok)) ++c.io_errors;
  if (!o.quiet && c.stopped_early) {
    errf("chesstool: {} read; no game compared or written: an input could not be read (--keep {}{} reads the "
         "inputs more than once)",
         c.read, o.keep, o.embedded ? ", --embedded" : "");
  } else if (!o.quiet) {
    const bool rejects_written = rejects && rejects->will_be_written(c.io_errors == 0);
    errf("chesstool: {} read, {} kept, {} duplicates, {} embedded; {} invalid (counted as kept, never compared{}{})",
         c.read, c.kept, c.duplicates, c.embedded, c.invalid, rejects_written ? ", written to " : "",
         rejects_written ? o.rejects : std::string());  // errf escapes the line for a terminal
  }
  if (o.json) {
    output::JsonObject s;
    s.field("type", "summary").field("read", c.read).field("kept", c.kept).field("duplicates", c.duplicates);
    s.field("embedded", c.embedded).field("invalid", c.invalid).field("io_errors", c.io_errors);
    s.field("stopped_early", c.stopped_early);
    out_data(std::move(s).str() + "\n");
  }
  if (c.io_errors) return ExitCode::Error;
  if (c.invalid) return ExitCode::Negative;
  return ExitCode::Ok;
}

}  // namespace

Runner setup_dedupe(CLI::App& app) {
  auto o = std::make_shared<DedupeOptions>();
  app.add_option("path", o->paths, "PGN files (plain, gzip, zstd, bzip2, xz, zip, tar), directories (searched for them) or - for standard input");
  app.add_option("-o,--output", o->output, "Write the kept games to FILE instead of standard output");
  app.add_option("--duplicates", o->duplicates, "Write every dropped game to FILE with a DuplicateOf tag added");
  app.add_option("--rejects", o->rejects, "Write the games that do not replay to FILE instead of with the kept games");
  std::vector<std::string> keep_names;
  for (const auto& k : kKeepRules) keep_names.emplace_back(k.name);
  app.add_option("--keep", o->keep, "Which copy survives: first (default), most-tags or most-annotated")
      ->check(CLI::IsMember(keep_names));
  app.add_flag("--embedded", o->embedded, "Also drop a game whose mainline is a prefix of a longer game between the same players");
  app.add_flag("--json", o->json, "Print one NDJSON record per game, then a summary record");
  app.add_flag("-q,--quiet", o->quiet, "Print no diagnostics or summary on standard error");
  app.add_option("-j,--jobs", o->jobs, "Games replayed in parallel (default: all cores)")->check(CLI::Range(1, 1024));
  return [o]() {
    for (const auto& k : kKeepRules)
      if (k.name == o->keep) o->rule = k.rule;
    return run_dedupe(*o);
  };
}

}  // namespace chesstool::cli
