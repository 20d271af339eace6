// SPDX-License-Identifier: MIT
// The count check: every corpus archive holds as many games in every compressed and
// container form as in its plain file (skipped when ../shared/corpus is absent).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/archive_support.hpp"
#include "support/paths.hpp"

namespace chesstool::io {
namespace {

namespace fs = std::filesystem;
using testing::read_games;
using testing::ScratchDir;

TEST(ArchiveCorpus, EveryFormHasThePlainFilesGameCount) {
  if (!testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  const fs::path archives = testing::corpus_path("archives");
  ASSERT_TRUE(fs::is_directory(archives)) << archives << " missing from the corpus";
  REQUIRE_TOOLS();
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(archives))
    if (e.path().extension() == ".pgn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 4u);

  ScratchDir d;
  std::size_t total = 0;
  for (const auto& f : files) {
    const std::string name = f.filename().string();
    const auto plain = read_games(f.string());
    ASSERT_EQ(plain.error, "") << name;
    total += plain.games.size();
    ASSERT_TRUE(d.sh("rm -rf ./* && cp '" + f.string() + "' g.pgn && chmod u+w g.pgn && "
                     "gzip -k g.pgn && zstd -q g.pgn && bzip2 -k g.pgn && xz -k g.pgn && "
                     "zip -q g.zip g.pgn && tar cf g.tar g.pgn && tar czf g.tar.gz g.pgn && "
                     "tar --zstd -cf g.tar.zst g.pgn && tar cJf g.tar.xz g.pgn && tar cjf g.tar.bz2 g.pgn && "
                     "mkdir m && cp g.pgn.gz m/ && tar cf gz-members.tar -C m g.pgn.gz && "
                     "(gzip -c g.pgn; gzip -c g.pgn) > twice.gz && (zstd -q -c g.pgn; zstd -q -c g.pgn) > twice.zst"))
        << name;
    for (const char* form : {"g.pgn.gz", "g.pgn.zst", "g.pgn.bz2", "g.pgn.xz", "g.zip", "g.tar", "g.tar.gz",
                             "g.tar.zst", "g.tar.xz", "g.tar.bz2", "gz-members.tar"}) {
      const auto r = read_games(d / form);
      EXPECT_EQ(r.error, "") << name << " as " << form;
      EXPECT_EQ(r.games.size(), plain.games.size()) << name << " as " << form;
      EXPECT_EQ(r.games, plain.games) << name << " as " << form;
    }
    // Two members or frames: each file's games twice (the corpus files end with a
    // complete game, so nothing is glued across the seam).
    for (const char* form : {"twice.gz", "twice.zst"}) {
      const auto r = read_games(d / form);
      EXPECT_EQ(r.error, "") << name << " as " << form;
      EXPECT_EQ(r.games.size(), 2 * plain.games.size()) << name << " as " << form;
    }
  }
  // The four archives of corpus/SOURCES.md hold 2,493 games.
  EXPECT_GE(total, 2400u);
}

}  // namespace
}  // namespace chesstool::io
