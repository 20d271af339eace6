// SPDX-License-Identifier: MIT
// Replays the fuzz seed corpora and every saved fuzz finding through the fuzzers' own property checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

// Relative on purpose: tests/CMakeLists.txt adds no include path for fuzz/, and the
// checks must be the very ones the fuzzers run, not a copy.
#include "support/fuzz_checks.hpp"

namespace {

namespace fs = std::filesystem;

struct Replay {
  std::string target;  // fen_fuzz, san_fuzz, pgn_fuzz, pgn_roundtrip_fuzz, json_games_fuzz
  fs::path file;
  std::string label;   // unique test name suffix
};

// gtest prints a failing parameter; the file says all there is to say.
void PrintTo(const Replay& r, std::ostream* os) { *os << r.file.string(); }

std::string fuzz_check(const std::string& target, std::string_view data, bool& known) {
  known = true;
  if (target == "fen_fuzz") return chesstool::fuzz::check_fen_input(data);
  if (target == "san_fuzz") return chesstool::fuzz::check_san_input(data);
  if (target == "pgn_fuzz") return chesstool::fuzz::check_pgn_input(data);
  if (target == "pgn_roundtrip_fuzz") return chesstool::fuzz::check_pgn_roundtrip_input(data);
  if (target == "json_games_fuzz") return chesstool::fuzz::check_json_games_input(data);
  known = false;
  return "";
}

std::string test_name(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

// Seeds live in fuzz/corpus/<target>/; findings in testdata/fuzz-regressions/ named
// "<target>-<short-defect-name>.<ext>".
std::vector<Replay> collect() {
  std::vector<Replay> out;
  const fs::path testdata(CHESSTOOL_TESTDATA_DIR);
  const fs::path corpus = testdata.parent_path() / "fuzz" / "corpus";
  std::error_code ec;
  for (const auto& dir : fs::directory_iterator(corpus, ec)) {
    if (!dir.is_directory()) continue;
    for (const auto& f : fs::directory_iterator(dir.path(), ec))
      if (f.is_regular_file())
        out.push_back({dir.path().filename().string(), f.path(),
                       "seed_" + test_name(dir.path().filename().string() + "_" + f.path().filename().string())});
  }
  for (const auto& f : fs::directory_iterator(testdata / "fuzz-regressions", ec)) {
    if (!f.is_regular_file()) continue;
    const std::string name = f.path().filename().string();
    out.push_back({name.substr(0, name.find('-')), f.path(), "regression_" + test_name(name)});
  }
  std::sort(out.begin(), out.end(), [](const Replay& a, const Replay& b) { return a.label < b.label; });
  return out;
}

const std::vector<Replay>& replays() {
  static const std::vector<Replay> all = collect();
  return all;
}

class FuzzReplay : public ::testing::TestWithParam<Replay> {};

TEST_P(FuzzReplay, PropertiesHold) {
  const Replay& r = GetParam();
  std::ifstream in(r.file, std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << r.file;
  const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bool known = false;
  const std::string failure = fuzz_check(r.target, data, known);
  ASSERT_TRUE(known) << r.file << ": no fuzz target called '" << r.target << "' (name files <target>-<defect>.<ext>)";
  EXPECT_EQ(failure, "") << r.file;
}

INSTANTIATE_TEST_SUITE_P(Files, FuzzReplay, ::testing::ValuesIn(replays()),
                         [](const ::testing::TestParamInfo<Replay>& p) { return p.param.label; });

// The seed corpora are part of the tree, so an empty replay list means the paths broke.
TEST(FuzzReplayFiles, SeedCorporaAndRegressionsAreFound) {
  int seeds = 0, regressions = 0;
  for (const Replay& r : replays()) (r.label.rfind("seed_", 0) == 0 ? seeds : regressions)++;
  EXPECT_GT(seeds, 100);
  EXPECT_GT(regressions, 0);
}

}  // namespace
