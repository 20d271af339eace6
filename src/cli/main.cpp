// SPDX-License-Identifier: MIT
// Entry point: builds the command line, dispatches to a subcommand, maps errors to exit
// codes. Nothing escapes: every failure ends in one "chesstool: error:" line.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <csignal>
#include <exception>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>
#include <algorithm>
#include <sstream>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/completion.hpp"
#include "cli/console.hpp"
#include "cli/output_file.hpp"
#include "core/dispatch.hpp"
#include "output/terminal_text.hpp"

namespace {

using namespace chesstool::cli;

// Levenshtein distance, for suggesting the subcommand a typo meant.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// A first argument that is neither an option nor a subcommand: "unknown command", with
// the nearest subcommand when it is a likely typo (at most two edits away).
std::optional<std::string> unknown_command(const CLI::App& app, std::string_view word) {
  if (word.empty() || word[0] == '-') return std::nullopt;
  std::string best;
  std::size_t best_distance = 3;
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == word) return std::nullopt;
    const std::size_t d = edit_distance(word, sub->get_name());
    if (d < best_distance) best_distance = d, best = sub->get_name();
    names += (names.empty() ? "" : ", ") + sub->get_name();
  }
  std::string message = "unknown command '" + chesstool::output::terminal_safe(word) + "'";
  return message + (best.empty() ? "; the commands are " + names : "; did you mean '" + best + "'?");
}

// CLI11 checks required options and the subcommand before it complains of arguments it
// did not take: "--tp pgn" would be told as "--to is required". The first unknown
// option, with its command, is the message then.
std::optional<std::string> unknown_option_behind(const CLI::App& app, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::RequiredError*>(&e) == nullptr) return std::nullopt;
  std::vector<const CLI::App*> apps = {&app};
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->parsed()) apps.push_back(sub);
  for (const CLI::App* a : apps)
    for (const std::string& arg : a->remaining())
      if (arg.size() > 1 && arg[0] == '-')
        return "unknown option '" + chesstool::output::terminal_safe(arg) + "'" +
               (a == &app ? std::string() : " for " + a->get_name());
  return std::nullopt;
}

// An empty value ("--jobs ''" from an unset shell variable) fails a range or choice check
// before the empty-value check, whose words are the clearer ("Value  not in range"):
// the option with the empty value, when a validation failed.
std::optional<std::string> empty_value_behind(const CLI::App& app, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::ValidationError*>(&e) == nullptr) return std::nullopt;
  const std::string_view what = e.what();
  if (what.find("the value is empty") != std::string_view::npos) return std::nullopt;  // said already
  // CLI11 names the option that failed first ("--jobs: Value  not in range ..."): that
  // option, when one of its values is empty, and no other.
  const std::size_t colon = what.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view failed = what.substr(0, colon);
  std::vector<const CLI::App*> apps = {&app};
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->parsed()) apps.push_back(sub);
  for (const CLI::App* a : apps)
    for (const CLI::Option* opt : a->get_options())
      if (opt->get_name() == failed)
        for (const std::string& r : opt->results())
          if (r.empty()) return opt->get_name() + ": the value is empty";
  return std::nullopt;
}

// The subcommand being parsed ("validate"), or none.
const CLI::App* parsed_subcommand(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->parsed()) return sub;
  return nullptr;
}

// CLI11's words for the usual slips, in ours, as the other usage errors are worded: an
// argument no option took, an option without its value, an option given twice, a number
// out of its range. None for the other errors, whose CLI11 words are clear enough.
std::optional<std::string> in_our_words(const CLI::App& app, const CLI::ParseError& e,
                                        const std::vector<std::string_view>& args) {
  const std::string_view what = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    // The first argument no option took, whole (blanks and all), named with the command
    // it was given to: chesstool itself when it comes before the subcommand ("--bogus
    // validate"), else the subcommand.
    const CLI::App* sub = parsed_subcommand(app);
    const CLI::App* holder = !app.remaining().empty() ? &app : sub && !sub->remaining().empty() ? sub : nullptr;
    if (!holder) return std::nullopt;
    const std::string arg = holder->remaining().front();
    const auto at = std::find(args.begin(), args.end(), arg);
    const auto sub_at = sub ? std::find(args.begin(), args.end(), sub->get_name()) : args.end();
    const bool for_sub = sub && sub_at < at;
    // After "--" every argument is a value, whatever it starts with.
    const bool after_dashes = std::find(args.begin(), at, "--") != at;
    const bool option = !after_dashes && arg.size() > 1 && arg[0] == '-';
    return std::string(option ? "unknown option '" : "unexpected argument '") + chesstool::output::terminal_safe(arg) +
           "'" + (for_sub ? " for " + sub->get_name() : std::string());
  }
  const std::size_t colon = what.find(": ");
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view name = what.substr(0, colon), rest = what.substr(colon + 2);
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr) {
    // "--jobs: 1 required INT:INT in [1 - 1024] missing"
    if (rest.ends_with(" missing")) {
      std::string hint;
      if (const std::size_t open = rest.find('{'), close = rest.rfind('}');
          open != std::string_view::npos && close != std::string_view::npos && close > open) {
        std::string choices(rest.substr(open + 1, close - open - 1));
        for (std::size_t at = choices.find(','); at != std::string::npos; at = choices.find(',', at + 2))
          choices.replace(at, 1, ", ");
        hint = " (one of " + choices + ")";
      } else if (const std::size_t from = rest.find(" in ["), dash = rest.find(" - ");
                 from != std::string_view::npos && dash != std::string_view::npos && rest.find(']') != std::string_view::npos) {
        hint = fmt::format(" (a whole number from {} to {})", rest.substr(from + 5, dash - from - 5),
                           rest.substr(dash + 3, rest.find(']') - dash - 3));
      }
      return std::string(name) + " needs a value" + hint;
    }
    // "--elo: At Most 1 required but received 2"
    if (rest.starts_with("At Most 1 ")) return std::string(name) + " is given more than once: give it once";
    return std::nullopt;
  }
  // "--jobs: Value 0 not in range 1 to 1024"
  if (rest.starts_with("Value ") && rest.find(" not in range ") != std::string_view::npos) {
    const std::size_t at = rest.find(" not in range ");
    return fmt::format("{}: {} is not in the range {}", name, rest.substr(6, at - 6), rest.substr(at + 14));
  }
  return std::nullopt;
}

// A whole number's text as CLI11 must read it: decimal digits after an optional sign,
// leading zeros dropped; an error for anything else.
std::string decimal_digits(std::string& v) {
  if (v.empty()) return {};  // the empty-value check words this
  const std::size_t first = v[0] == '-' || v[0] == '+' ? 1 : 0;
  if (first == v.size() || v.find_first_not_of("0123456789", first) != std::string::npos) return "a decimal whole number";
  std::size_t zeros = first;
  while (zeros + 1 < v.size() && v[zeros] == '0') ++zeros;
  v.erase(first, zeros - first);
  return {};
}

ExitCode parse_and_run(int argc, char** argv) {
  CLI::App app{"chesstool: validate, adjudicate and convert chess PGN and FEN"};
  std::map<CLI::App*, Runner> runners;
  app.name("chesstool");
  app.set_version_flag("--version", [] { return std::string("chesstool " CHESSTOOL_VERSION "\ndispatch: ") + chesstool::dispatch_name(); });
  app.require_subcommand(1);
  app.footer("Exit status: 0 all good, 1 problems found in the input, 2 usage or I/O error.\n"
             "See chesstool(1) for details.");

  auto add = [&](const char* name, const char* help, Runner (*setup)(CLI::App&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    runners[sub] = setup(*sub);
    // An empty value is never meant: `-o ''` from an unset shell variable must not mean
    // standard output, nor `--event ''` every event.
    for (CLI::Option* opt : sub->get_options()) {
      if (opt->nonpositional() && opt->get_items_expected_max() > 0)
        opt->check(CLI::Validator([](const std::string& v) { return v.empty() ? std::string("the value is empty") : std::string(); }, ""));
      // Whole numbers are decimal: CLI11 alone reads "010" as octal 8 and "0x10" as 16.
      const std::string type = opt->get_type_name();
      if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0) opt->transform(CLI::Validator(decimal_digits, "", ""));
    }
  };
  add("validate", "Replay every game of PGN files and report illegal moves and other problems", setup_validate);
  add("fen", "Check FENs and print them in canonical form", setup_fen);
  add("perft", "Count the leaf nodes of the legal move tree", setup_perft);
  add("convert", "Convert games to PGN export format, UCI, LAN, FEN, EPD, NDJSON or CSV", setup_convert);
  add("board", "Show a position as a text diagram or an SVG picture", setup_board);
  add("annotate", "Write games back as PGN with draw claims, automatic ends, Result and Termination", setup_annotate);
  add("report", "Standings, tie-breaks, FIDE rating changes and time-control classes of an event", setup_report);
  add("dedupe", "Drop repeated games: the same start position and mainline moves (--embedded: a prefix of a longer game)", setup_dedupe);
  add("filter", "Select games by tags, moves, positions, material and endings, written byte for byte", setup_filter);

  // Hidden: the bash completion, made from the options just declared (see completion.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--generate-completion" && std::string_view(argv[2]) == "bash") {
    out(bash_completion(app));
    return ExitCode::Ok;
  }
  if (argc >= 2)
    if (auto message = unknown_command(app, argv[1])) {
      error(*message);
      return ExitCode::Error;
    }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11_PARSE would exit with codes >= 100; usage errors are 2 here, and say
    // "chesstool: error:" as every other error does. --help and --version exit 0.
    if (e.get_exit_code() == 0) {
      // Through out(), as every other output: a failed write is then reported with its
      // reason ("No space left on device").
      std::ostringstream text;
      app.exit(e, text, text);
      out(text.str());
      return ExitCode::Ok;
    }
    std::optional<std::string> why = unknown_option_behind(app, e);
    if (!why) why = empty_value_behind(app, e);
    if (!why) why = in_our_words(app, e, std::vector<std::string_view>(argv + 1, argv + argc));
    error(why.value_or(e.what()));
    err_line("Run with --help for more information.");
    return ExitCode::Error;
  }
  for (auto& [sub, run] : runners)
    if (sub->parsed()) return run();
  return ExitCode::Error;
}

}  // namespace

int main(int argc, char** argv) {
  // Output to a closed pipe (`| head -1`) ends the process quietly by SIGPIPE, as for
  // other Unix tools, even when the parent ignored it; the handler first removes any
  // unfinished output file.
  reserve_standard_descriptors();
  buffer_standard_output();
  install_output_signal_handlers();
  ExitCode code = ExitCode::Error;
  bool ran_to_its_end = false;  // no exception ended the command
  try {
    code = parse_and_run(argc, argv);
    ran_to_its_end = true;
  } catch (const std::bad_alloc&) {
    error("out of memory");
    code = ExitCode::Error;
  } catch (const std::exception& e) {
    error(e.what());
    code = ExitCode::Error;
  } catch (...) {
    error("unexpected internal error");
    code = ExitCode::Error;
  }
  const std::optional<std::string> failure = finish_stdout();
  if (failure) {
    error(*failure);
    code = ExitCode::Error;
  }
  // The files finished by the command become their targets only now, when nothing else
  // can fail: not after a failed standard output or an error that ended the command.
  // A run is all or nothing: any I/O error (exit status 2: another output that could not be
  // written, an input that could not be read) leaves every file as it was.
  std::optional<std::string_view> run_failed;
  if (failure) run_failed = "writing standard output failed";
  else if (!ran_to_its_end) run_failed = "the command stopped on an error";
  else if (code == ExitCode::Error) run_failed = "the run had an error (exit status 2)";
  if (!commit_finished_outputs(run_failed)) code = ExitCode::Error;
  return int(code);
}
