// SPDX-License-Identifier: MIT
// Tests for io/compressor: what it writes, the Debian tools and chesstool both read back.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "support/archive_support.hpp"
#include "io/compressor.hpp"

namespace chesstool::io {
namespace {

using testing::read_games;
using testing::ScratchDir;

TEST(Compressor, NamesAndWords) {
  EXPECT_EQ(compression_for_name("a.pgn.gz"), Compression::Gzip);
  EXPECT_EQ(compression_for_name("A.PGN.ZST"), Compression::Zstd);
  EXPECT_EQ(compression_for_name("x.bz2"), Compression::Bzip2);
  EXPECT_EQ(compression_for_name("x.Xz"), Compression::Xz);
  EXPECT_FALSE(compression_for_name("x.pgn").has_value());
  EXPECT_FALSE(compression_for_name("gz").has_value());
  EXPECT_EQ(compression_from_word("zstd"), Compression::Zstd);
  EXPECT_FALSE(compression_from_word("lz4").has_value());
  // Every name reads back as its compression.
  for (Compression c : {Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz})
    EXPECT_EQ(compression_from_word(compression_name(c)), c) << compression_name(c);
  EXPECT_EQ(compression_name(Compression::Zstd), "zstd");
}

TEST(Compressor, RoundTripsThroughTheToolsAndTheReader) {
  REQUIRE_TOOLS();
  ScratchDir d;
  std::string pgn;
  for (int i = 0; i < 3000; ++i) pgn += "[Event \"g" + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
  const struct {
    Compression c;
    const char* file;
    const char* test;
  } cases[] = {{Compression::Gzip, "o.pgn.gz", "gzip -t o.pgn.gz"},
               {Compression::Zstd, "o.pgn.zst", "zstd -q -t o.pgn.zst"},
               {Compression::Bzip2, "o.pgn.bz2", "bzip2 -t o.pgn.bz2"},
               {Compression::Xz, "o.pgn.xz", "xz -t o.pgn.xz"}};
  for (const auto& k : cases) {
    std::string bytes;
    {
      Compressor c(k.c, [&](const char* p, std::size_t n) {
        bytes.append(p, n);
        return true;
      });
      // Written in uneven pieces, as the outputs write games.
      for (std::size_t i = 0; i < pgn.size(); i += 777) ASSERT_TRUE(c.write(std::string_view(pgn).substr(i, 777)));
      ASSERT_TRUE(c.finish()) << c.error();
    }
    ASSERT_LT(bytes.size(), pgn.size() / 4) << k.file;
    d.write(k.file, bytes);
    EXPECT_TRUE(d.sh(k.test)) << k.test;
    const auto r = read_games(d / k.file);
    EXPECT_EQ(r.error, "") << k.file;
    EXPECT_EQ(r.games.size(), 3000u) << k.file;
  }
}

TEST(Compressor, GzipIsReproducibleAndAnAbandonedStreamWritesNothing) {
  auto compress = [](const std::string& s) {
    std::string out;
    Compressor c(Compression::Gzip, [&](const char* p, std::size_t n) {
      out.append(p, n);
      return true;
    });
    c.write(s);
    c.finish();
    return out;
  };
  EXPECT_EQ(compress("1. e4 *\n"), compress("1. e4 *\n"));  // no time stamp
  std::string out;
  {
    Compressor c(Compression::Zstd, [&](const char* p, std::size_t n) {
      out.append(p, n);
      return true;
    });
    c.write("1. e4 *\n");
    c.abandon();
  }
  EXPECT_EQ(out, "");
}

TEST(Compressor, ASinkThatFailsStopsIt) {
  Compressor c(Compression::Zstd, [](const char*, std::size_t) { return false; });
  std::string big(4 << 20, 'x');
  for (int i = 0; i < 64 && c.write(big); ++i) {
  }
  EXPECT_FALSE(c.finish());
}

}  // namespace
}  // namespace chesstool::io
