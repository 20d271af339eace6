// SPDX-License-Identifier: MIT
// Tests for io/source (ByteSource): plain and gzip files told by content, several reads,
// a truncated gzip stream, a missing file and a directory reported rather than thrown.
// Some read the bytes through pgn::GameSplitter, as the commands do.
#include <gtest/gtest.h>
#include <zlib.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "io/source.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::io {
namespace {

namespace fs = std::filesystem;
using pgn::GameSplitter;
using pgn::RawGame;

fs::path temp_path(const std::string& name) {
  return fs::temp_directory_path() / ("chesstool_source_test_" + std::to_string(::getpid()) + "_" + name);
}

TEST(ByteSource, ReadsGzipFile) {
  const fs::path path = temp_path("games.pgn.gz");
  const std::string pgn = "[Event \"gz\"]\n1. e4 e5 1-0\n\n[Event \"gz2\"]\n1. d4 *\n";
  gzFile out = gzopen(path.c_str(), "wb");
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(gzwrite(out, pgn.data(), static_cast<unsigned>(pgn.size())), static_cast<int>(pgn.size()));
  ASSERT_EQ(gzclose(out), Z_OK);

  io::ByteSource src(path.string());
  ASSERT_FALSE(src.error().has_value());
  GameSplitter splitter(src);
  RawGame g;
  std::vector<std::string> got;
  while (splitter.next(g)) got.push_back(g.text);
  EXPECT_FALSE(src.error().has_value());
  EXPECT_EQ(got, (std::vector<std::string>{"[Event \"gz\"]\n1. e4 e5 1-0", "[Event \"gz2\"]\n1. d4 *"}));
  EXPECT_EQ(src.bytes_read(), pgn.size());
  fs::remove(path);
}

TEST(ByteSource, DetectsGzipByContentNotByName) {
  // A gzip file without ".gz" is decompressed; a plain file is read as it is, also when
  // it starts with one of the two magic bytes.
  const fs::path zipped = temp_path("zipped.pgn");
  const std::string pgn = "1. e4 e5 *\n";
  gzFile out = gzopen(zipped.c_str(), "wb");
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(gzwrite(out, pgn.data(), static_cast<unsigned>(pgn.size())), static_cast<int>(pgn.size()));
  ASSERT_EQ(gzclose(out), Z_OK);
  const fs::path plain = temp_path("magic.pgn");
  {
    std::ofstream o(plain, std::ios::binary);
    o << "\x1F 1. d4 *\n";
  }
  for (const auto& [path, expected] : {std::pair{zipped, pgn}, std::pair{plain, std::string("\x1F 1. d4 *\n")}}) {
    io::ByteSource src(path.string());
    ASSERT_FALSE(src.error().has_value());
    std::string got;
    char buf[4];  // several reads
    for (std::size_t n; (n = src.read(buf, sizeof buf)) > 0;) got.append(buf, n);
    EXPECT_EQ(got, expected);
    EXPECT_FALSE(src.error().has_value());
    EXPECT_EQ(src.bytes_read(), expected.size());
    fs::remove(path);
  }
}

TEST(ByteSource, ReadsPlainFile) {
  const fs::path path = temp_path("plain.pgn");
  {
    std::ofstream out(path, std::ios::binary);
    out << "1. e4 *\n";
  }
  io::ByteSource src(path.string());
  ASSERT_FALSE(src.error().has_value());
  char buf[64];
  std::size_t n = src.read(buf, sizeof buf);
  EXPECT_EQ(std::string(buf, n), "1. e4 *\n");
  EXPECT_EQ(src.read(buf, sizeof buf), 0u);
  EXPECT_TRUE(src.eof());
  EXPECT_FALSE(src.error().has_value());
  fs::remove(path);
}

TEST(ByteSource, TruncatedGzipIsReportedAsError) {
  const fs::path path = temp_path("cut.pgn.gz");
  std::string pgn;
  for (int i = 0; i < 2000; ++i) pgn += "[Event \"game " + std::to_string(i) + "\"]\n1. e4 e5 *\n\n";
  gzFile out = gzopen(path.c_str(), "wb");
  ASSERT_NE(out, nullptr);
  gzwrite(out, pgn.data(), static_cast<unsigned>(pgn.size()));
  gzclose(out);
  fs::resize_file(path, fs::file_size(path) / 2);

  io::ByteSource src(path.string());
  GameSplitter splitter(src);
  RawGame g;
  while (splitter.next(g)) {
  }
  ASSERT_TRUE(src.error().has_value());
  EXPECT_NE(src.error()->find(path.string()), std::string::npos);
  fs::remove(path);
}

TEST(ByteSource, MissingFileIsReportedNotThrown) {
  io::ByteSource src("/nonexistent/dir/file.pgn");
  ASSERT_TRUE(src.error().has_value());
  EXPECT_NE(src.error()->find("No such file or directory"), std::string::npos);
  char buf[8];
  EXPECT_EQ(src.read(buf, sizeof buf), 0u);
  GameSplitter splitter(src);
  RawGame g;
  EXPECT_FALSE(splitter.next(g));
}

TEST(ByteSource, DirectoryIsReportedNotThrown) {
  io::ByteSource src(fs::temp_directory_path().string());
  ASSERT_TRUE(src.error().has_value());
  EXPECT_NE(src.error()->find("Is a directory"), std::string::npos);
}

}  // namespace
}  // namespace chesstool::io
