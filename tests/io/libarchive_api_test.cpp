// SPDX-License-Identifier: MIT
// Tests for io/libarchive_api: libarchive is loaded once, whole, and only by the inputs
// and outputs that need it (tests/cli/libarchive_on_demand.sh checks the binary).
#include <gtest/gtest.h>

#include <string>

#include "support/archive_support.hpp"
#include "io/compressor.hpp"
#include "io/libarchive_api.hpp"

namespace chesstool::io {
namespace {

using testing::read_games;
using testing::ScratchDir;

const char kLoaderGame[] = "[Event \"one\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

TEST(LibArchiveApi, LoadsOnceWithEveryFunction) {
  std::string error;
  const LibArchive* la = libarchive(&error);
  ASSERT_NE(la, nullptr) << error;
  EXPECT_EQ(error, "");
  EXPECT_EQ(libarchive(), la);  // the same table: loaded once
#define CHESSTOOL_EXPECT_RESOLVED(name) EXPECT_NE(la->name, nullptr) << #name;
  CHESSTOOL_LIBARCHIVE_FUNCTIONS(CHESSTOOL_EXPECT_RESOLVED)
#undef CHESSTOOL_EXPECT_RESOLVED
  EXPECT_TRUE(libarchive_in_process());
}

// Only a process that has run nothing else can say what loaded libarchive: ctest runs
// each test alone; a run of the whole binary skips it (earlier tests read zips).
TEST(LibArchiveApi, OnlyZipTarAndCompressedOutputsLoadIt) {
  if (::testing::UnitTest::GetInstance()->test_to_run_count() != 1)
    GTEST_SKIP() << "needs a process of its own: --gtest_filter=LibArchiveApi.OnlyZipTarAndCompressedOutputsLoadIt";
  REQUIRE_TOOLS();
  // Not at start-up: the binary does not link it.
  ASSERT_FALSE(libarchive_in_process());
  ScratchDir d;
  d.write("g.pgn", kLoaderGame);
  ASSERT_TRUE(d.sh("gzip -k g.pgn && zstd -q g.pgn && xz -k g.pgn && bzip2 -k g.pgn && zip -q g.zip g.pgn"));
  for (const char* plain : {"g.pgn", "g.pgn.gz", "g.pgn.zst", "g.pgn.xz", "g.pgn.bz2"}) {
    const auto r = read_games(d / plain);
    EXPECT_EQ(r.games.size(), 1u) << plain << ": " << r.error;
    EXPECT_FALSE(libarchive_in_process()) << plain;
  }
  EXPECT_EQ(compression_for_name("out.pgn.gz"), Compression::Gzip);  // naming one loads nothing
  EXPECT_FALSE(libarchive_in_process());
  const auto r = read_games(d / "g.zip");
  EXPECT_EQ(r.games.size(), 1u) << r.error;
  EXPECT_TRUE(libarchive_in_process());
}

TEST(LibArchiveApi, ACompressorLoadsIt) {
  std::string out;
  Compressor c(Compression::Gzip, [&](const char* p, std::size_t n) {
    out.append(p, n);
    return true;
  });
  ASSERT_EQ(c.error(), "");
  EXPECT_TRUE(libarchive_in_process());
  ASSERT_TRUE(c.write(kLoaderGame));
  ASSERT_TRUE(c.finish());
  EXPECT_EQ(out.substr(0, 2), "\x1F\x8B");
}

}  // namespace
}  // namespace chesstool::io
