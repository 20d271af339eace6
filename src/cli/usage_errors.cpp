// SPDX-License-Identifier: MIT
// Usage errors in chesstool's words: CLI11's parse errors reworded to name the option or
// argument and what it wants, and the nearest subcommand to a mistyped one.
#include "cli/usage_errors.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string>
#include <vector>

#include "output/terminal_text.hpp"

namespace chesstool::cli {

namespace {

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

// The nearest long option of `a` to an unknown one (at most two edits, one for a word of
// two or three letters; dashes and any "=value" aside), as "--name", or "".
std::string nearest_option(const CLI::App& a, std::string_view arg) {
  std::string_view word = arg.substr(0, arg.find('='));
  while (!word.empty() && word.front() == '-') word.remove_prefix(1);
  if (word.size() < 2) return {};
  std::string best;
  std::size_t best_distance = word.size() >= 4 ? 3 : 2;  // "--to" is not a slip for "--eco"
  for (const CLI::Option* opt : a.get_options())
    for (const std::string& name : opt->get_lnames())
      if (const std::size_t d = edit_distance(word, name); d < best_distance) best_distance = d, best = "--" + name;
  return best;
}

// What follows "unknown option 'x'": the subcommand's own option of that name when it was
// given before the subcommand ("--json validate"), else the nearest option of the command
// it was given to ("--jsno").
std::string unknown_option_hint(const CLI::App& holder, const CLI::App* sub, std::string_view arg, bool before_sub) {
  const std::string name(arg.substr(0, arg.find('=')));
  if (before_sub && sub && sub->get_option_no_throw(name) != nullptr)
    return "; options of a command come after it: chesstool " + sub->get_name() + " " + name + " ...";
  const std::string near = nearest_option(holder, arg);
  return near.empty() ? std::string() : "; did you mean '" + near + "'?";
}

// The spelling of option `name` (CLI11's, its first long name) the command line used, as
// messages should name what was typed: perft's "--jobs 0" is its option "--threads".
std::string typed_name(const CLI::App& app, std::string_view name, const std::vector<std::string_view>& args) {
  std::vector<const CLI::App*> apps = {&app};
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->parsed()) apps.push_back(sub);
  for (const CLI::App* a : apps) {
    const CLI::Option* opt = a->get_option_no_throw(std::string(name));
    if (!opt) continue;
    std::string typed;
    for (const std::string_view arg : args) {
      if (arg == "--") break;
      for (const std::string& l : opt->get_lnames())
        if (arg == "--" + l || arg.starts_with("--" + l + "=")) typed = "--" + l;
      for (const std::string& sn : opt->get_snames())
        if (arg.starts_with("-" + sn) && !arg.starts_with("--")) typed = "-" + sn;
    }
    if (!typed.empty()) return typed;
  }
  return std::string(name);
}

}  // namespace

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

std::optional<std::string> dashes_before_command(const CLI::App& app, const std::vector<std::string_view>& args) {
  // chesstool's own options (--help, --version) take no value: the first word that is no
  // option is the command, or a slip CLI11 tells of.
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--") {
      if (args[i].empty() || args[i][0] != '-') return std::nullopt;
      continue;
    }
    // The command meant, when the word after "--" names one, with what it takes.
    std::string command = "COMMAND", operand = "path";
    if (i + 1 < args.size())
      for (const CLI::App* sub : app.get_subcommands({}))
        if (sub->get_name() == args[i + 1]) {
          command = sub->get_name();
          const auto options = sub->get_options([](const CLI::Option* opt) { return opt->get_positional(); });
          if (!options.empty()) operand = options.front()->get_name();
        }
    for (char& c : operand) c = char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    return "a command must come before '--', which ends its options: chesstool " + command + " [OPTIONS] -- " + operand + "...";
  }
  return std::nullopt;
}

namespace {

// The arguments a command did not take, without the "--" that ended its options, which
// CLI11 keeps among them (its first "--": after it, a "--" is a word like any other).
std::vector<std::string> left_over(const CLI::App& a) {
  std::vector<std::string> words = a.remaining();
  if (const auto dashes = std::find(words.begin(), words.end(), "--"); dashes != words.end()) words.erase(dashes);
  return words;
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
    for (const std::string& arg : a->remaining()) {
      if (arg == "--") break;  // the end of the options: what follows is no option
      if (arg.size() > 1 && arg[0] == '-')
        return "unknown option '" + chesstool::output::terminal_safe(arg) + "'" +
               (a == &app ? std::string() : " for " + a->get_name()) +
               unknown_option_hint(*a, a == &app ? nullptr : a, arg, false);
    }
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
    const CLI::App* holder = !left_over(app).empty() ? &app : sub && !left_over(*sub).empty() ? sub : nullptr;
    if (!holder) return std::nullopt;
    const std::string arg = left_over(*holder).front();
    const auto at = std::find(args.begin(), args.end(), arg);
    const auto sub_at = sub ? std::find(args.begin(), args.end(), sub->get_name()) : args.end();
    const bool for_sub = sub && sub_at < at;
    // After "--" every argument is a value, whatever it starts with.
    const bool after_dashes = std::find(args.begin(), at, "--") != at;
    const bool option = !after_dashes && arg.size() > 1 && arg[0] == '-';
    return std::string(option ? "unknown option '" : "unexpected argument '") + chesstool::output::terminal_safe(arg) +
           "'" + (for_sub ? " for " + sub->get_name() : std::string()) +
           (option ? unknown_option_hint(*holder, sub, arg, !for_sub) : std::string());
  }
  const std::size_t colon = what.find(": ");
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string name = typed_name(app, what.substr(0, colon), args);
  const std::string_view rest = what.substr(colon + 2);
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
      return name + " needs a value" + hint;
    }
    // "--elo: At Most 1 required but received 2"
    if (rest.starts_with("At Most 1 ")) return name + " is given more than once: give it once";
    return std::nullopt;
  }
  // "--jobs: Value 0 not in range 1 to 1024"
  if (rest.starts_with("Value ") && rest.find(" not in range ") != std::string_view::npos) {
    const std::size_t at = rest.find(" not in range ");
    return fmt::format("{}: {} is not in the range {}", name, rest.substr(6, at - 6), rest.substr(at + 14));
  }
  return std::nullopt;
}

}  // namespace

namespace {

// perft given the FEN's fields as separate words ("perft rnbqkbnr/... b KQkq - 0 1 3"):
// CLI11 would blame the depth, which took the side to move. Said as the slip it is.
std::optional<std::string> unquoted_perft_fen(const CLI::App& app, const std::vector<std::string_view>& args) {
  const CLI::App* sub = parsed_subcommand(app);
  if (!sub || sub->get_name() != "perft") return std::nullopt;
  std::vector<std::string_view> words;  // the positional arguments after "perft"
  bool after_dashes = false;
  for (std::size_t i = std::find(args.begin(), args.end(), "perft") - args.begin() + 1; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (!after_dashes && a == "--") {
      after_dashes = true;
    } else if (!after_dashes && a.size() > 1 && a[0] == '-') {
      // An option that takes a value and was not given it glued ("--hash=16", "-j4") takes the next word.
      const CLI::Option* opt = sub->get_option_no_throw(std::string(a.substr(0, a.find('='))));
      const bool glued = a.find('=') != std::string_view::npos || (a[1] != '-' && a.size() > 2);
      if (opt && opt->get_items_expected_max() > 0 && !glued) ++i;
    } else {
      words.push_back(a);
    }
  }
  // The first word is a FEN's first field alone (a quoted FEN holds blanks).
  if (words.size() < 3 || words.front().find('/') == std::string_view::npos ||
      words.front().find(' ') != std::string_view::npos)
    return std::nullopt;
  return "perft takes the FEN as one argument: put it in quotes (chesstool perft '" +
         chesstool::output::terminal_safe(std::string(words.front())) + " ...' DEPTH)";
}

}  // namespace

std::string usage_error_words(const CLI::App& app, const CLI::ParseError& e, const std::vector<std::string_view>& args) {
  std::optional<std::string> why = unquoted_perft_fen(app, args);
  if (!why) why = unknown_option_behind(app, e);
  if (!why) why = empty_value_behind(app, e);
  if (!why) why = in_our_words(app, e, args);
  // "--threads: ..." of an option typed as --jobs (perft's other name) is told as typed.
  std::string text = why.value_or(e.what());
  if (const std::size_t colon = text.find(": "); text.starts_with("-") && colon != std::string::npos)
    text.replace(0, colon, typed_name(app, std::string_view(text).substr(0, colon), args));
  return text;
}

}  // namespace chesstool::cli
