// SPDX-License-Identifier: MIT
// Tests for cli/game_pipeline: whatever the number of jobs, every game of every file
// reaches the sink once, in input order, with the text it was worked on; I/O errors and
// file ends come in their places. The parallel run recycles its batches, so games of all
// sizes, a huge one among them, and a sink that takes some games away are mixed in.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/game_pipeline.hpp"

namespace chesstool::cli {
namespace {

namespace fs = std::filesystem;

// One event the sink saw, written as text so that runs compare in one EXPECT.
struct Seen {
  std::vector<std::string> events;
  std::vector<pgn::RawGame> taken;  // the games the sink moved away
};

std::string game_text(int i) {
  std::string moves;
  // Sizes from one move to a few kilobytes, and once a game of over a megabyte (more than
  // two batches' worth of bytes), so a recycled slot must give up its room.
  const int plies = i == 150 ? 300000 : 1 + (i * 37) % 400;
  for (int p = 0; p < plies; ++p) moves += p % 4 == 0 ? "Nf3 " : p % 4 == 1 ? "Nf6 " : p % 4 == 2 ? "Ng1 " : "Ng8 ";
  return "[Event \"g" + std::to_string(i) + "\"]\n\n" + moves + "*\n\n";
}

Seen run(const std::vector<std::string>& files, int jobs) {
  Seen seen;
  PipelineSink<std::string> sink;
  sink.io_error = [&](std::size_t f, const std::string&) { seen.events.push_back("error " + std::to_string(f)); };
  sink.game = [&](std::size_t f, pgn::RawGame&& raw, std::string&& worked) {
    // The result was made from this very game: its file, index and text.
    const std::string expected = std::to_string(f) + ":" + std::to_string(raw.index) + ":" + raw.text;
    EXPECT_EQ(worked, expected) << "jobs " << jobs;
    seen.events.push_back("game " + std::to_string(f) + ":" + std::to_string(raw.index) + ":" +
                          std::to_string(raw.text.size()) + ":" + raw.text.substr(0, 16));
    if (raw.index % 3 == 0) seen.taken.push_back(std::move(raw));  // as a sink that keeps games does
    return true;
  };
  sink.file_done = [&](std::size_t f, const FileRead& read) {
    seen.events.push_back("done " + std::to_string(f) + " " + std::to_string(read.bytes) + " " +
                          std::to_string(read.line_ends) + " " + std::to_string(read.escape_lines));
  };
  run_pipeline<std::string>(
      files, jobs,
      [](std::size_t f, const pgn::RawGame& g) { return std::to_string(f) + ":" + std::to_string(g.index) + ":" + g.text; },
      sink);
  return seen;
}

TEST(GamePipeline, EveryJobCountDeliversTheSerialSequence) {
  const fs::path dir = fs::temp_directory_path() / ("chesstool-pipeline-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto write = [&](const std::string& name, int from, int to) {
    std::ofstream out(dir / name, std::ios::binary);
    for (int i = from; i < to; ++i) out << game_text(i);
    return (dir / name).string();
  };
  const std::vector<std::string> files = {write("a.pgn", 0, 400), (dir / "missing.pgn").string(), write("empty.pgn", 0, 0),
                                          write("b.pgn", 400, 405), write("c.pgn", 405, 1000)};
  const Seen serial = run(files, 1);
  std::size_t games = 0;
  for (const std::string& e : serial.events) games += e.rfind("game ", 0) == 0;
  ASSERT_EQ(games, 1000u);
  ASSERT_EQ(serial.events[400], "done 0 " + std::to_string(fs::file_size(files[0])) + " " + std::to_string(400 * 4) + " 0");
  ASSERT_EQ(serial.events[401], "error 1");
  for (int jobs : {2, 3, 4}) {
    const Seen parallel = run(files, jobs);
    EXPECT_EQ(parallel.events, serial.events) << "jobs " << jobs;
    ASSERT_EQ(parallel.taken.size(), serial.taken.size());
    for (std::size_t i = 0; i < serial.taken.size(); ++i) EXPECT_EQ(parallel.taken[i].text, serial.taken[i].text);
  }
  fs::remove_all(dir);
}

// Escape lines ('%' in column 1) are counted per file, between games and inside them, by
// every job count: the commands that rewrite games say that their output has not got them.
TEST(GamePipeline, EscapeLinesAreCountedPerFile) {
  const fs::path dir = fs::temp_directory_path() / ("chesstool-pipeline-escape-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "e.pgn").string();
  {
    std::ofstream out(file, std::ios::binary);
    out << "% before\n";
    for (int i = 0; i < 300; ++i) out << (i % 100 == 7 ? "%between\n" : "") << game_text(i);
    out << "[Event \"x\"]\n\n1. e4\n% inside\ne5 *\n% after 100% sure\n";
  }
  for (int jobs : {1, 2}) {
    const Seen seen = run({file}, jobs);
    ASSERT_FALSE(seen.events.empty());
    EXPECT_EQ(seen.events.back().substr(seen.events.back().rfind(' ')), " 6") << "jobs " << jobs;
  }
  fs::remove_all(dir);
}

// The sink is called on one thread at a time, whichever thread delivers, and an exception
// it throws ends the run and reaches the caller.
TEST(GamePipeline, TheSinkRunsOnOneThreadAtATimeAndItsExceptionReachesTheCaller) {
  const fs::path dir = fs::temp_directory_path() / ("chesstool-pipeline-sink-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string file = (dir / "a.pgn").string();
  {
    std::ofstream out(file, std::ios::binary);
    for (int i = 0; i < 3000; ++i) out << game_text(i % 100);
  }
  for (int jobs : {2, 4}) {
    std::atomic<int> inside{0};
    int most = 0, games = 0;
    PipelineSink<int> sink;
    sink.io_error = [](std::size_t, const std::string&) {};
    sink.game = [&](std::size_t, pgn::RawGame&&, int&&) {
      const int now = ++inside;
      most = std::max(most, now);
      std::this_thread::sleep_for(std::chrono::microseconds(20));  // room for another thread to come in
      ++games;
      --inside;
      return true;
    };
    run_pipeline<int>({file}, jobs, [](std::size_t, const pgn::RawGame& g) { return int(g.index); }, sink);
    EXPECT_EQ(most, 1) << "jobs " << jobs;
    EXPECT_EQ(games, 3000) << "jobs " << jobs;

    int delivered = 0;
    sink.game = [&](std::size_t, pgn::RawGame&&, int&&) {
      if (++delivered == 700) throw std::runtime_error("sink failed");
      return true;
    };
    EXPECT_THROW(run_pipeline<int>({file}, jobs, [](std::size_t, const pgn::RawGame& g) { return int(g.index); }, sink),
                 std::runtime_error)
        << "jobs " << jobs;
    EXPECT_EQ(delivered, 700) << "jobs " << jobs;  // nothing is delivered after the failure
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace chesstool::cli
