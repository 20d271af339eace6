// SPDX-License-Identifier: MIT
// Helpers of the archive tests: a scratch directory, the Debian compression tools run
// on files the tests write, and every game of an input read member by member.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "pgn/input_games.hpp"
#include "io/source.hpp"

namespace chesstool::testing {

namespace fs = std::filesystem;

// A fresh directory, removed with everything in it at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::string t = (fs::temp_directory_path() / "chesstool-archive-XXXXXX").string();
    if (::mkdtemp(t.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = t;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  const fs::path& path() const { return path_; }

  void write(const std::string& name, const std::string& data) const {
    std::ofstream out(path_ / name, std::ios::binary);
    out << data;
  }
  // The bytes of a file in the directory.
  std::string read(const std::string& name) const {
    std::ifstream in(path_ / name, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
  // Runs a shell command in the directory; true when it exited 0.
  bool sh(const std::string& command) const {
    const std::string full = "cd '" + path_.string() + "' && { " + command + " ; } >/dev/null 2>&1";
    return std::system(full.c_str()) == 0;
  }

 private:
  fs::path path_;
};

// The compression tools the tests use (Debian packages zstd, bzip2, xz-utils, zip, tar,
// gzip), installed by tests/run-all.sh and the README's quick start.
inline bool have_tools() {
  return std::system("{ command -v gzip && command -v zstd && command -v bzip2 && command -v xz && command -v zip && "
                     "command -v tar; } >/dev/null 2>&1") == 0;
}
#define REQUIRE_TOOLS()                                                                                 \
  ASSERT_TRUE(::chesstool::testing::have_tools())                                                       \
      << "the archive tests need gzip, zstd, bzip2, xz, zip and tar: apt-get install zstd bzip2 "       \
         "xz-utils zip tar"

struct ReadResult {
  std::vector<std::string> members;  // one per game, in order
  std::vector<std::string> games;    // the games' text
  std::string error;                 // the message the pipeline would print, "" when none
  std::string format;
};

// Every game of path as the commands read it (cut games held back).
inline ReadResult read_games(const std::string& path) {
  ReadResult r;
  io::ByteSource source(path);
  r.format = source.format();
  if (source.error()) {
    r.error = *source.error();
    return r;
  }
  pgn::InputGames games(source);
  pgn::RawGame g;
  while (games.next(g)) {
    r.members.push_back(g.member);
    r.games.push_back(g.text);
  }
  if (source.error()) r.error = games.error_message();
  return r;
}

// read_games of a file of d given on a pipe: through the FIFO d/"fifo" (made when missing),
// as `cat FILE | chesstool ...` gives it.
inline ReadResult read_games_piped(const ScratchDir& d, const std::string& file) {
  if (!fs::exists(d / "fifo") && !d.sh("mkfifo fifo")) throw std::runtime_error("mkfifo failed");
  std::thread writer([&] { d.sh("cat '" + file + "' > fifo"); });
  ReadResult r = read_games(d / "fifo");
  writer.join();
  return r;
}

}  // namespace chesstool::testing
