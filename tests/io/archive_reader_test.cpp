// SPDX-License-Identifier: MIT
// Tests for io/archive_reader and the ByteSource formats: every compression and
// container, told by content, member names, and every fault as one clear error.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iterator>
#include <map>
#include <fstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "support/archive_support.hpp"
#include "support/paths.hpp"
#include "io/archive_reader.hpp"
#include "io/source.hpp"

namespace chesstool::io {
namespace {

namespace fs = std::filesystem;
using testing::read_games;
using testing::read_games_piped;
using testing::ScratchDir;

// Three games; the tests compress it, archive it and cut it.
std::string three_games() {
  return "[Event \"one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
         "[Event \"two\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n"
         "[Event \"three\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
}

const std::vector<std::string> kThreeTexts = {
    "[Event \"one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "[Event \"two\"]\n[Result \"*\"]\n\n1. d4 d5 *",
    "[Event \"three\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1",
};

// Many games, so that compressed streams span many buffers and cuts land mid-stream.
// Each comment holds pseudo-random hex digits: the data must not compress to a few
// kilobytes, so that a cut or a fault lands many blocks into the stream.
std::string many_games(int n) {
  std::string s;
  std::uint64_t x = 88172645463325252ull;
  for (int i = 0; i < n; ++i) {
    std::string noise;
    for (int k = 0; k < 24; ++k) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      noise += "0123456789abcdef"[x & 15];
    }
    s += "[Event \"game " + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {" + noise + "} *\n\n";
  }
  return s;
}

TEST(SniffFormat, TellsFormatsByTheirFirstBytes) {
  EXPECT_EQ(sniff_format("[Event \"x\"]\n"), InputFormat::Plain);
  EXPECT_EQ(sniff_format(""), InputFormat::Plain);
  EXPECT_EQ(sniff_format("\x1F\x8B\x08"), InputFormat::Gzip);
  EXPECT_EQ(sniff_format("\x1F 1. d4 *"), InputFormat::Plain);  // one magic byte is not gzip
  EXPECT_EQ(sniff_format("\x28\xB5\x2F\xFD\x04"), InputFormat::Zstd);
  EXPECT_EQ(sniff_format("\x50\x2A\x4D\x18\x04\x00"), InputFormat::Zstd);  // pzstd's skippable frame
  EXPECT_EQ(sniff_format("BZh91AY&SY"), InputFormat::Bzip2);
  EXPECT_EQ(sniff_format("BZhX"), InputFormat::Plain);
  EXPECT_EQ(sniff_format(std::string("\xFD" "7zXZ\0\0", 7)), InputFormat::Xz);
  EXPECT_EQ(sniff_format("PK\x03\x04\x14\x00"), InputFormat::Zip);
  // A whole input that is only the start of a magic number (a download cut there) is that
  // format, so its decoder reports the data truncated; a start that text can have is text.
  EXPECT_EQ(sniff_format("\x1F"), InputFormat::Gzip);
  EXPECT_EQ(sniff_format("\x28\xB5\x2F"), InputFormat::Zstd);
  EXPECT_EQ(sniff_format("\x28\xB5"), InputFormat::Zstd);
  EXPECT_EQ(sniff_format("("), InputFormat::Plain);
  EXPECT_EQ(sniff_format("\xFD" "7zX"), InputFormat::Xz);
  EXPECT_EQ(sniff_format("\xFD"), InputFormat::Xz);
  EXPECT_EQ(sniff_format("BZh"), InputFormat::Plain);
  EXPECT_EQ(sniff_format("PK\x03"), InputFormat::Plain);
  std::string tar(512, '\0');
  tar.replace(0, 8, "game.pgn");
  tar.replace(257, 6, std::string("ustar\0", 6));
  EXPECT_EQ(sniff_format(tar), InputFormat::Tar);
  EXPECT_EQ(sniff_format(tar.substr(0, 400)), InputFormat::Tar);  // cut inside its header: its reader says so
  // PGN text with "ustar" where a tar header has its magic ("Mustard" in a tag) is text:
  // a tar header has NUL bytes.
  std::string text = "[Event \"" + std::string(237, 'x') + "\"]\n[White \"Mustard, A.\"]\n";
  ASSERT_EQ(text.substr(257, 5), "ustar");
  text += std::string(600, 'y') + "\n\n1. e4 *\n";
  EXPECT_EQ(sniff_format(text), InputFormat::Plain);
  std::string what;
  EXPECT_EQ(sniff_format("7z\xBC\xAF\x27\x1C\x00\x04", &what), InputFormat::Binary);
  EXPECT_NE(what.find("7z"), std::string::npos);
  EXPECT_EQ(sniff_format("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", &what), InputFormat::Binary);
  EXPECT_NE(what.find("PNG"), std::string::npos);
  EXPECT_EQ(sniff_format("\xFF\xFE[\0E\0", &what), InputFormat::Binary);
  EXPECT_NE(what.find("UTF-16"), std::string::npos);
  // UTF-16 without its mark: a NUL beside every ASCII byte, either side.
  for (const std::string_view u16 : {std::string_view("[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]\0\n\0", 24),
                                     std::string_view("\0[\0E\0v\0e\0n\0t\0 \0\"\0x\0\"\0]\0\n", 24)}) {
    EXPECT_EQ(sniff_format(std::string(u16), &what), InputFormat::Binary);
    EXPECT_NE(what.find(u16[0] == '\0' ? "UTF-16BE" : "UTF-16LE"), std::string::npos) << what;
  }
  // UTF-32 without its mark: three NULs beside every ASCII byte (it was "binary data of an
  // unknown format").
  std::string u32le, u32be;
  for (const char c : std::string_view("[Event \"x\"]\n")) {
    u32le += std::string(1, c) + std::string(3, '\0');
    u32be += std::string(3, '\0') + std::string(1, c);
  }
  for (const std::string& u32 : {u32le, u32be}) {
    EXPECT_EQ(sniff_format(u32, &what), InputFormat::Binary);
    EXPECT_NE(what.find(u32[0] == '\0' ? "UTF-32BE" : "UTF-32LE"), std::string::npos) << what;
  }
  // UTF-32's little-endian mark starts with UTF-16's.
  for (const std::string_view u32 : {std::string_view("\xFF\xFE\0\0[\0\0\0", 8), std::string_view("\0\0\xFE\xFF\0\0\0[", 8)}) {
    EXPECT_EQ(sniff_format(std::string(u32), &what), InputFormat::Binary);
    EXPECT_NE(what.find("UTF-32"), std::string::npos) << what;
  }
  // A stray NUL or escape in text stays text: the game reports it.
  EXPECT_EQ(sniff_format(std::string("[Event \"Nul\"]\n1. e4 e5\0 2. Nf3 *\n", 33)), InputFormat::Plain);
  EXPECT_EQ(sniff_format("[Event \"\x1B[31mred\"]\n1. e4 *\n"), InputFormat::Plain);
  std::string noise;
  for (int i = 0; i < 512; ++i) noise += char((i * 37 + 11) % 256);
  EXPECT_EQ(sniff_format(noise, &what), InputFormat::Binary);
}

TEST(SniffFormat, PgnMemberNames) {
  for (const char* yes : {"a.pgn", "dir/B.PGN", "x.pgn.gz", "x.Pgn.ZST", "x.pgn.bz2", "x.pgn.xz"})
    EXPECT_TRUE(is_pgn_member_name(yes)) << yes;
  for (const char* no : {"readme.txt", "a.pgn.txt", "pgn", "a.zip", "x.gz", "x.pgnx"})
    EXPECT_FALSE(is_pgn_member_name(no)) << no;
}

TEST(ArchiveReader, EveryFormatGivesTheGamesOfThePlainFile) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("g.pgn", three_games());
  struct Case {
    const char* file;
    const char* make;
    const char* format;
    const char* member;
  };
  const std::vector<Case> cases = {
      {"g.pgn", "true", "plain", ""},
      {"g.pgn.gz", "gzip -k g.pgn", "gzip", ""},
      {"g.pgn.zst", "zstd -q g.pgn", "zstd", ""},
      {"g.pgn.bz2", "bzip2 -k g.pgn", "bzip2", ""},
      {"g.pgn.xz", "xz -k g.pgn", "xz", ""},
      {"g.zip", "zip -q g.zip g.pgn", "zip", "g.pgn"},
      {"g.tar", "tar cf g.tar g.pgn", "tar", "g.pgn"},
      {"g.tar.gz", "tar czf g.tar.gz g.pgn", "gzip", "g.pgn"},
      {"g.tar.zst", "tar --zstd -cf g.tar.zst g.pgn", "zstd", "g.pgn"},
      {"g.tar.bz2", "tar cjf g.tar.bz2 g.pgn", "bzip2", "g.pgn"},
      {"g.tar.xz", "tar cJf g.tar.xz g.pgn", "xz", "g.pgn"},
      {"gz.tar", "mkdir m && gzip -c g.pgn > m/g.pgn.gz && tar cf gz.tar -C m g.pgn.gz", "tar", "g.pgn.gz"},
      {"zst.zip", "mkdir n && zstd -q -c g.pgn > n/g.pgn.zst && cd n && zip -q ../zst.zip g.pgn.zst", "zip", "g.pgn.zst"},
      {"xz.tar", "mkdir o && xz -c g.pgn > o/g.pgn.xz && tar cf xz.tar -C o g.pgn.xz", "tar", "g.pgn.xz"},
      {"bz2.tar.gz", "mkdir p && bzip2 -c g.pgn > p/g.pgn.bz2 && tar czf bz2.tar.gz -C p g.pgn.bz2", "gzip", "g.pgn.bz2"},
      // By content, not by name: a zstd file called .pgn, a zip called .dat.
      {"named.pgn", "zstd -q -c g.pgn > named.pgn", "zstd", ""},
      {"archive.dat", "zip -q archive.dat g.pgn", "zip", "g.pgn"},
  };
  for (const auto& c : cases) {
    ASSERT_TRUE(d.sh(c.make)) << c.make;
    const auto r = read_games(d / c.file);
    EXPECT_EQ(r.error, "") << c.file;
    EXPECT_EQ(r.format, std::string(c.format)) << c.file;
    EXPECT_EQ(r.games, kThreeTexts) << c.file;
    EXPECT_EQ(r.members, std::vector<std::string>(3, c.member)) << c.file;
  }
}

TEST(ArchiveReader, MembersInArchiveOrderOthersSkipped) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("b.pgn", "[Event \"b\"]\n1. e4 *\n");
  d.write("a.PGN", "[Event \"a\"]\n1. d4 *\n\n[Event \"a2\"]\n1. c4 *\n");
  d.write("readme.txt", "not a game\n");
  ASSERT_TRUE(d.sh("zip -q t.zip b.pgn readme.txt a.PGN && tar cf t.tar b.pgn readme.txt a.PGN"));
  for (const char* f : {"t.zip", "t.tar"}) {
    const auto r = read_games(d / f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_EQ(r.members, (std::vector<std::string>{"b.pgn", "a.PGN", "a.PGN"})) << f;
    EXPECT_EQ(r.games, (std::vector<std::string>{"[Event \"b\"]\n1. e4 *", "[Event \"a\"]\n1. d4 *", "[Event \"a2\"]\n1. c4 *"}))
        << f;
  }
  // Lines and game numbers start again in each member.
  io::ByteSource src(d / "t.zip");
  pgn::InputGames games(src);
  pgn::RawGame g;
  std::vector<std::uint64_t> lines, indexes;
  while (games.next(g)) lines.push_back(g.line), indexes.push_back(g.index);
  EXPECT_EQ(lines, (std::vector<std::uint64_t>{1, 1, 4}));
  EXPECT_EQ(indexes, (std::vector<std::uint64_t>{1, 1, 2}));
}

// The notes of a source's members, as "member: message", and where they come among the
// games: "<game text's first line>" entries in order.
std::vector<std::string> games_and_notes(const std::string& path) {
  io::ByteSource src(path);
  pgn::InputGames games(src);
  pgn::RawGame g;
  std::vector<std::string> out;
  auto notes = [&] {
    for (const InputNote& n : src.take_notes()) out.push_back(n.member + ": " + n.message);
  };
  while (games.next(g)) {
    notes();
    out.push_back(g.member + " " + g.text.substr(0, g.text.find('\n')));
  }
  notes();
  if (src.error()) out.push_back("error: " + *src.error());
  return out;
}

TEST(ArchiveReader, LinkMembersAreNotedNotRead) {
  // A hard link (GNU tar stores it with no data, as a link to the member stored first) is
  // not read as an empty member: its games are its target's, read once there, and a note
  // says so; one to a member that is not read says its games are not. A symbolic link is
  // never followed. Notes come in archive order among the games (testdata/SOURCES.md).
  const std::vector<std::string> expected = {
      "a.pgn [Event \"a\"]",
      "b.pgn: a hard link to 'a.pgn': its games are that member's, read once [hard-link]",
      "c.pgn: a symbolic link to 'a.pgn', not followed (only the files stored in the archive are read) [symbolic-link]",
      "d.pgn: a symbolic link to '../outside.pgn', not followed (only the files stored in the archive are read) "
      "[symbolic-link]",
      "e.pgn [Event \"e\"]",
      "f.pgn: a hard link to 'notes.txt', a member not read as PGN: its games are not read (extract the archive to "
      "read them) [hard-link]",
  };
  EXPECT_EQ(games_and_notes(testing::testdata_path("archives/links.tar")), expected);
  // The same in a zip (zip -y stores a symbolic link as one), and with only links.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", "[Event \"a\"]\n1. e4 *\n");
  ASSERT_TRUE(d.sh("ln -s a.pgn c.pgn && zip -q -y l.zip a.pgn c.pgn && zip -q -y only.zip c.pgn && "
                   "tar cf only.tar c.pgn"));
  EXPECT_EQ(games_and_notes(d / "l.zip"), (std::vector<std::string>{expected[0], expected[2]}));
  for (const char* f : {"only.zip", "only.tar"}) {
    const auto r = games_and_notes(d / f);
    ASSERT_EQ(r.size(), 2u) << f;
    EXPECT_EQ(r[0], expected[2]) << f;
    EXPECT_NE(r[1].find("holds no .pgn file"), std::string::npos) << r[1];
  }
}

TEST(ArchiveReader, AMemberStoredAgainIsReadUnderANameOfItsOwn) {
  // tar -r appends a new copy of a member (extracting keeps the last): both copies' games
  // are read, the second under "NAME (copy 2)", so that no two games share a place (report
  // excluded the second copy's games as listed twice, pointing at themselves). A pipe and
  // archives joined with cat say the same.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", "[Event \"a\"]\n1. e4 *\n");
  d.write("b.pgn", "[Event \"b\"]\n1. d4 *\n");
  ASSERT_TRUE(d.sh("tar cf r.tar a.pgn b.pgn && tar rf r.tar a.pgn && tar rf r.tar a.pgn && zip -q z.zip a.pgn && "
                   "tar cf ab.tar a.pgn b.pgn && tar cf one.tar a.pgn && cat ab.tar one.tar one.tar > j.tar"));
  const std::string note =
      ": stored again in the archive (extracting keeps the last copy): this copy's games are read too, as ";
  const std::vector<std::string> expected = {
      "a.pgn [Event \"a\"]",
      "b.pgn [Event \"b\"]",
      "a.pgn" + note + "'a.pgn (copy 2)' [member-repeated]",
      "a.pgn (copy 2) [Event \"a\"]",
      "a.pgn" + note + "'a.pgn (copy 3)' [member-repeated]",
      "a.pgn (copy 3) [Event \"a\"]",
  };
  EXPECT_EQ(games_and_notes(d / "r.tar"), expected);
  EXPECT_EQ(games_and_notes(d / "j.tar"), expected);
  // Each archive's names are its own: one zip read after a tar of the same name is no copy.
  EXPECT_EQ(games_and_notes(d / "z.zip"), (std::vector<std::string>{expected[0]}));
}

// A zip of stored members whose names carry the UTF-8 flag (general purpose bit 11), as
// Windows and 7-Zip write names beyond ASCII; Info-ZIP's zip does not set it.
std::string utf8_flagged_zip(const std::vector<std::pair<std::string, std::string>>& members) {
  auto crc32 = [](const std::string& data) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : data) {
      c ^= b;
      for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
  };
  auto le = [](std::string& out, std::uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
  };
  std::string local, central;
  for (const auto& [name, data] : members) {
    const std::uint32_t offset = std::uint32_t(local.size()), crc = crc32(data), size = std::uint32_t(data.size());
    le(local, 0x04034b50, 4), le(local, 20, 2), le(local, 0x0800, 2), le(local, 0, 2), le(local, 0, 4);
    le(local, crc, 4), le(local, size, 4), le(local, size, 4), le(local, std::uint32_t(name.size()), 2), le(local, 0, 2);
    local += name + data;
    le(central, 0x02014b50, 4), le(central, 20, 2), le(central, 20, 2), le(central, 0x0800, 2), le(central, 0, 2);
    le(central, 0, 4), le(central, crc, 4), le(central, size, 4), le(central, size, 4);
    le(central, std::uint32_t(name.size()), 2), le(central, 0, 2), le(central, 0, 2), le(central, 0, 2), le(central, 0, 2);
    le(central, 0, 4), le(central, offset, 4);
    central += name;
  }
  std::string zip = local + central;
  le(zip, 0x06054b50, 4), le(zip, 0, 2), le(zip, 0, 2), le(zip, std::uint32_t(members.size()), 2);
  le(zip, std::uint32_t(members.size()), 2), le(zip, std::uint32_t(central.size()), 4), le(zip, std::uint32_t(local.size()), 4);
  le(zip, 0, 2);
  return zip;
}

TEST(ArchiveReader, ZipNamesFlaggedUtf8AreRead) {
  ScratchDir d;
  const std::string game = "[Event \"x\"]\n1. e4 *\n";
  d.write("u.zip", utf8_flagged_zip({{"caf\xC3\xA9.pgn", game}, {"plain.pgn", game}, {"dir/\xC3\xBC/x.pgn", game}}));
  const auto r = read_games(d / "u.zip");
  EXPECT_EQ(r.error, "");
  // In the C locale libarchive gave these names no text, and they were skipped unsaid.
  EXPECT_EQ(r.members, (std::vector<std::string>{"caf\xC3\xA9.pgn", "plain.pgn", "dir/\xC3\xBC/x.pgn"}));
  d.write("t.zip", utf8_flagged_zip({{"caf\xC3\xA9.txt", game}}));
  EXPECT_NE(read_games(d / "t.zip").error.find("it holds caf\xC3\xA9.txt"), std::string::npos);
}

TEST(ArchiveReader, MultiStreamFilesOfEveryCompression) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", "[Event \"a\"]\n1. e4 *\n\n");
  d.write("b.pgn", "[Event \"b\"]\n1. d4 *\n");
  d.write("big.pgn", many_games(3000));
  // A skippable frame (magic 0x184D2A50, 4 bytes of payload) between two zstd frames.
  d.write("skip.bin", std::string("\x50\x2A\x4D\x18\x04\x00\x00\x00" "abcd", 12));
  ASSERT_TRUE(d.sh("for z in gzip zstd xz bzip2; do $z -q -c a.pgn > ab.$z && $z -q -c b.pgn >> ab.$z && "
                   "($z -q -c a.pgn; head -c 1024 /dev/zero) > padded.$z || exit 1; done && "
                   "(zstd -q -c a.pgn; cat skip.bin; zstd -q -c b.pgn) > skip.zstd && "
                   "(xz -q -c a.pgn; head -c 8 /dev/zero; xz -q -c b.pgn) > between.xz"));
  // The xz format allows stream padding between streams too (xz -dc reads it).
  for (const char* f : {"ab.gzip", "ab.zstd", "ab.xz", "ab.bzip2", "skip.zstd", "between.xz"}) {
    const auto r = read_games(d / f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_EQ(r.games, (std::vector<std::string>{"[Event \"a\"]\n1. e4 *", "[Event \"b\"]\n1. d4 *"})) << f;
  }
  for (const char* f : {"padded.gzip", "padded.zstd", "padded.xz", "padded.bzip2"}) {
    const auto padded = read_games(d / f);  // tape padding after the last stream
    EXPECT_EQ(padded.error, "") << f;
    EXPECT_EQ(padded.games.size(), 1u) << f;
  }
  // pbzip2 writes a stream per block; xz -T2 a block per thread, in one stream.
  if (d.sh("command -v pbzip2 && pbzip2 -q -p2 -b1 -c big.pgn > big.pgn.bz2")) {
    const auto r = read_games(d / "big.pgn.bz2");
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.games.size(), 3000u);
  }
  ASSERT_TRUE(d.sh("xz -T2 --block-size=100KiB -c big.pgn > big.pgn.xz"));
  EXPECT_EQ(read_games(d / "big.pgn.xz").games.size(), 3000u);
  // pzstd (the lichess database's compressor) writes independent frames behind skippable ones.
  if (d.sh("command -v pzstd && pzstd -q -p 2 big.pgn -o big.pgn.zst")) {
    const auto r = read_games(d / "big.pgn.zst");
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.games.size(), 3000u);
  }
}

TEST(ArchiveReader, EmptyInputsHaveNoGames) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("e.pgn", "");
  ASSERT_TRUE(d.sh("gzip -k e.pgn && zstd -q e.pgn && xz -k e.pgn && bzip2 -k e.pgn && tar cf e.tar e.pgn"));
  for (const char* f : {"e.pgn", "e.pgn.gz", "e.pgn.zst", "e.pgn.xz", "e.pgn.bz2", "e.tar"}) {
    const auto r = read_games(d / f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_TRUE(r.games.empty()) << f;
  }
}

// A cut stream: one error naming the file and the fault, the whole games before it
// kept, the game it cut off left out (never reported as syntax errors).
TEST(ArchiveReader, TruncatedStreamsAreOneErrorAndKeepTheGamesBefore) {
  REQUIRE_TOOLS();
  ScratchDir d;
  const std::string pgn = many_games(40000);
  d.write("m.pgn", pgn);
  ASSERT_TRUE(d.sh("gzip -k m.pgn && zstd -q m.pgn && bzip2 -k m.pgn && xz -k m.pgn && zip -q m.zip m.pgn && "
                   "tar cf m.tar m.pgn && tar --zstd -cf m.tar.zst m.pgn"));
  for (const char* f : {"m.pgn.gz", "m.pgn.zst", "m.pgn.bz2", "m.pgn.xz", "m.zip", "m.tar", "m.tar.zst"}) {
    const std::string path = d / f;
    fs::resize_file(path, fs::file_size(path) / 2);
    const auto r = read_games(path);
    EXPECT_NE(r.error.find(path), std::string::npos) << f << ": " << r.error;
    EXPECT_NE(r.error.find("truncated"), std::string::npos) << f << ": " << r.error;
    EXPECT_GT(r.games.size(), 100u) << f;
    EXPECT_LT(r.games.size(), 40000u) << f;
    for (std::size_t i = 0; i < r.games.size(); ++i) {
      ASSERT_EQ(r.games[i].back(), '*') << f << " game " << i + 1 << " is cut: " << r.games[i];
      ASSERT_NE(r.games[i].find("[Event \"game " + std::to_string(i) + "\"]"), std::string::npos) << f;
    }
    if (std::string(f) == "m.zip" || std::string(f) == "m.tar") {
      EXPECT_NE(r.error.find(":m.pgn"), std::string::npos) << r.error;
    }
  }
}

// Found by QA: a gzip file cut in its last 8 bytes has all its games, and the error says
// the trailer is what is missing, not a compressed block.
TEST(ArchiveReader, AGzipCutInItsTrailerSaysSo) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("t.pgn", many_games(50));
  ASSERT_TRUE(d.sh("gzip -k t.pgn && cp t.pgn.gz block.pgn.gz"));
  for (const std::uintmax_t cut : {3u, 8u}) {
    const std::string path = d / "t.pgn.gz";
    ASSERT_TRUE(d.sh("gzip -c t.pgn > t.pgn.gz"));
    fs::resize_file(path, fs::file_size(path) - cut);
    const auto r = read_games(path);
    EXPECT_NE(r.error.find("truncated (it ends inside its trailer"), std::string::npos) << cut << ": " << r.error;
    EXPECT_EQ(r.games.size(), 50u) << cut;
  }
  const std::string block = d / "block.pgn.gz";
  fs::resize_file(block, fs::file_size(block) - 30);
  EXPECT_NE(read_games(block).error.find("truncated (it ends inside a compressed block)"), std::string::npos);
}

// The games decoded before a fault are all kept: a member's data is read block by block,
// where archive_read_data lost every byte of a read (up to 256 KiB of games) when a later
// block of it failed. The tar tool's count is exact.
TEST(ArchiveReader, TruncatedArchivesKeepEveryGameDecodedBeforeTheFault) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(40000));
  ASSERT_TRUE(d.sh("tar cf m.tar m.pgn && tar --zstd -cf m.tar.zst m.pgn"));
  struct Case {
    const char* file;
    const char* decode;  // the system tool's output of the cut file
    std::size_t slack;   // games it may decode beyond chesstool
  };
  for (const Case c : {Case{"m.tar", "tar -xOf m.tar", 0}, Case{"m.tar.zst", "tar --zstd -xOf m.tar.zst", 0}}) {
    const std::string path = d / c.file;
    fs::resize_file(path, fs::file_size(path) / 2);
    d.sh(std::string(c.decode) + " > decoded.txt");  // fails at the cut, after its output
    const std::string decoded = d.read("decoded.txt");
    std::size_t whole = 0;  // games decoded up to their marker
    for (std::size_t at = decoded.find("} *\n"); at != std::string::npos; at = decoded.find("} *\n", at + 1)) ++whole;
    ASSERT_GT(whole, 1000u) << c.file;
    const auto r = read_games(path);
    EXPECT_NE(r.error.find("truncated"), std::string::npos) << c.file << ": " << r.error;
    EXPECT_LE(r.games.size(), whole) << c.file;
    EXPECT_GE(r.games.size() + c.slack, whole) << c.file;
  }
}

TEST(ArchiveReader, ATarCutAtAMemberBoundaryIsTruncated) {
  // Cut right after a member, a tar has no end-of-archive blocks: an interrupted download
  // must not pass for an archive of fewer members. Whole, with its blocks: no error,
  // whatever member (a directory, a text file, an empty one) comes last.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  d.write("z.txt", "notes\n");
  d.write("e.pgn", "");
  ASSERT_TRUE(d.sh("mkdir -p dir && tar cf whole.tar a.pgn b.pgn && head -c 1024 whole.tar > cut.tar && "
                   "gzip -k cut.tar && tar cf last-dir.tar a.pgn dir && tar cf last-text.tar a.pgn z.txt && "
                   "tar cf last-empty.tar a.pgn e.pgn && tar --format=posix -cf pax.tar a.pgn b.pgn && "
                   "tar --format=v7 -cf v7.tar a.pgn b.pgn"));
  for (const char* f : {"cut.tar", "cut.tar.gz"}) {
    const auto r = read_games(d / f);
    EXPECT_NE(r.error.find("the tar archive is truncated"), std::string::npos) << f << ": " << r.error;
    ASSERT_EQ(r.games.size(), 1u) << f;  // the member before the cut is read
    EXPECT_EQ(r.games[0], kThreeTexts[0]);
  }
  // The old V7 format has no ustar magic: told by its header checksum.
  for (const char* f : {"whole.tar", "last-dir.tar", "last-text.tar", "last-empty.tar", "pax.tar", "v7.tar"}) {
    const auto r = read_games(d / f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_FALSE(r.games.empty()) << f;
  }
}

TEST(ArchiveReader, ATarMemberWhoseHeaderDoesNotCheckIsAnError) {
  // A damaged header (its checksum spoilt): libarchive asks for a retry, which would skip
  // to the next header that checks, and the member in between would be lost in silence.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  d.write("c.pgn", kThreeTexts[2] + "\n");
  ASSERT_TRUE(d.sh("tar --format=ustar -cf whole.tar a.pgn b.pgn c.pgn && cp whole.tar damaged.tar && "
                   "printf 9 | dd of=damaged.tar bs=1 seek=$((1024 + 148)) conv=notrunc status=none"));
  const auto whole = read_games(d / "whole.tar");
  EXPECT_EQ(whole.error, "");
  EXPECT_EQ(whole.games.size(), 3u);
  const auto r = read_games(d / "damaged.tar");
  EXPECT_NE(r.error.find("the tar archive is corrupt"), std::string::npos) << r.error;
  ASSERT_EQ(r.games.size(), 1u);  // the member before the damage is read
  EXPECT_EQ(r.games[0], kThreeTexts[0]);
  // The first header: the reader does not take the data for a tar, which is still the
  // archive's damage (it was called "a tar archive inside an archive"), compressed or not.
  ASSERT_TRUE(d.sh("cp whole.tar first.tar && printf 9 | dd of=first.tar bs=1 seek=148 conv=notrunc status=none && "
                   "gzip -k first.tar"));
  for (const char* f : {"first.tar", "first.tar.gz"}) {
    const auto first = read_games(d / f);
    EXPECT_NE(first.error.find("the tar archive is corrupt (its first header cannot be read)"), std::string::npos)
        << f << ": " << first.error;
    EXPECT_TRUE(first.games.empty()) << f;
  }
}

TEST(ArchiveReader, AZipCutInItsCentralDirectoryIsTruncated) {
  // The members' data whole, the directory cut: libarchive would read the members by their
  // local headers and say nothing. With a comment, as zip64, or whole: no error.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  ASSERT_TRUE(d.sh("zip -q whole.zip a.pgn b.pgn && head -c $(($(stat -c %s whole.zip) - 30)) whole.zip > cut.zip && "
                   "cp whole.zip commented.zip && echo 'a comment' | zip -q -z commented.zip && "
                   "zip -q -fz zip64.zip a.pgn b.pgn"));
  const auto cut = read_games(d / "cut.zip");
  EXPECT_NE(cut.error.find("the zip archive is truncated (its central directory's end record is missing"),
            std::string::npos)
      << cut.error;
  EXPECT_EQ(cut.games.size(), 2u);  // every member's games are still read
  // Cut where the second member's local header starts: libarchive says nothing itself.
  ASSERT_TRUE(d.sh("zip -q -0 stored.zip a.pgn b.pgn && "
                   "head -c $(grep -obUaP 'PK\\x03\\x04' stored.zip | sed -n 2p | cut -d: -f1) stored.zip > boundary.zip"));
  const auto boundary = read_games(d / "boundary.zip");
  EXPECT_NE(boundary.error.find("the zip archive is truncated (it ends after a member"), std::string::npos)
      << boundary.error;
  EXPECT_EQ(boundary.games.size(), 1u);
  for (const char* f : {"whole.zip", "commented.zip", "zip64.zip"}) {
    const auto r = read_games(d / f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_EQ(r.games.size(), 2u) << f;
  }
}

// Zip archives joined with cat: libarchive read a file from its last end record (the
// archives before it skipped without a word) and a stream up to the first central
// directory (the archives after it drained unread). Every archive's games are read now,
// as a file and from a pipe; data around them that is no zip archive is an error, and
// a file gives the games and the error that a pipe does, whatever the layout.
TEST(ArchiveReader, ZipArchivesJoinedWithCatAreReadWhole) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  d.write("c.pgn", kThreeTexts[2] + "\n");
  // Deflated, stored with its sizes after its data (zip writing to a pipe), and zip64.
  ASSERT_TRUE(d.sh("zip -q a.zip a.pgn && zip -q -0 - b.pgn > b.zip && zip -q -fz c.zip c.pgn && "
                   "cat a.zip b.zip c.zip > abc.zip && (cat abc.zip; echo 'text after the end') > after.zip && "
                   "(cat abc.zip; head -c 1000 /dev/zero) > padded.zip && "
                   "(head -c 40 a.zip; cat b.zip c.zip) > before.zip && mkfifo fifo"));
  const auto piped = [&](const std::string& f) { return read_games_piped(d, f); };
  // Zero bytes between or after archives are padding, of any length (a file's end records
  // were looked for only in its last 64 KiB, and a gap of zeros ended a pipe's reading).
  ASSERT_TRUE(d.sh("(cat abc.zip; head -c 70000 /dev/zero) > long-padded.zip && "
                   "(cat a.zip; head -c 50 /dev/zero; cat b.zip; head -c 70000 /dev/zero; cat c.zip) > gaps.zip"));
  for (const char* f : {"abc.zip", "padded.zip", "long-padded.zip", "gaps.zip"}) {
    for (const auto& r : {read_games(d / f), piped(f)}) {
      EXPECT_EQ(r.error, "") << f;
      EXPECT_EQ(r.games, kThreeTexts) << f;
      EXPECT_EQ(r.members, (std::vector<std::string>{"a.pgn", "b.pgn", "c.pgn"})) << f;
    }
  }
  // Other data after them, more than 64 KiB of it too: every archive is read first.
  ASSERT_TRUE(d.sh("cp abc.zip long-after.zip && yes '1. e4 e5 *' | head -c 70000 >> long-after.zip"));
  for (const char* f : {"after.zip", "long-after.zip"}) {
    for (const auto& r : {read_games(d / f), piped(f)}) {
      EXPECT_NE(r.error.find("the zip archive is followed by other data, not read"), std::string::npos) << r.error;
      EXPECT_EQ(r.games, kThreeTexts) << f;
    }
  }
  // Damaged layouts: a file is read as a pipe is, with the same games and the same error
  // (the file skipped the archives before other data, and called a cut archive other data).
  ASSERT_TRUE(d.sh("(cat a.zip; echo text; cat b.zip c.zip) > between.zip && "
                   "head -c $(($(stat -c %s abc.zip) - $(stat -c %s c.zip) / 2)) abc.zip > cut.zip"));
  const auto verdict = [](const std::string& error) {  // the error without the file's name
    const std::size_t at = error.find("the zip archive");
    return at == std::string::npos ? error : error.substr(at);
  };
  for (const char* f : {"before.zip", "between.zip", "cut.zip"}) {
    const auto file = read_games(d / f), pipe = piped(f);
    EXPECT_NE(file.error, "") << f;
    EXPECT_EQ(verdict(file.error), verdict(pipe.error)) << f;
    EXPECT_EQ(file.games, pipe.games) << f;
  }
  EXPECT_EQ(read_games(d / "between.zip").games, (std::vector<std::string>{kThreeTexts[0]}));
  EXPECT_NE(read_games(d / "cut.zip").error.find("the zip archive is truncated"), std::string::npos);
  // A bzip2 member with its sizes after its data, which a stream cannot read, then a stray
  // byte: the file is read by its end records (it was read as a stream: no games).
  ASSERT_TRUE(d.sh("zip -q -Z bzip2 - b.pgn | cat > bz.zip && (cat a.zip bz.zip; echo) > bzip2-after.zip"));
  const auto bz = read_games(d / "bzip2-after.zip");
  EXPECT_NE(bz.error.find("the zip archive is followed by other data, not read"), std::string::npos) << bz.error;
  EXPECT_EQ(bz.games, (std::vector<std::string>{kThreeTexts[0], kThreeTexts[1]}));
  // Such a file cut short has no end record to be read by: read as a stream, its message
  // told the user who named it to give its name rather than a pipe.
  ASSERT_TRUE(d.sh("zip -q -Z bzip2 - b.pgn | cat > bz-whole.zip && head -c $(($(stat -c %s bz-whole.zip) - 30)) "
                   "bz-whole.zip > bzip2-cut.zip"));
  const auto bz_cut = read_games(d / "bzip2-cut.zip");
  EXPECT_NE(bz_cut.error.find("the zip archive is truncated"), std::string::npos) << bz_cut.error;
  EXPECT_NE(bz_cut.error.find("this file has none that can be read"), std::string::npos) << bz_cut.error;
  EXPECT_EQ(bz_cut.error.find("rather than a pipe"), std::string::npos) << bz_cut.error;
  // Offsets counted from the file's first byte (zip -A): the last central directory does not
  // list the first archive's member, so the file is read as a stream (a.pgn was lost).
  ASSERT_TRUE(d.sh("cat a.zip b.zip > sfx.zip && zip -q -A sfx.zip"));
  for (const auto& r : {read_games(d / "sfx.zip"), piped("sfx.zip")}) {
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(r.members, (std::vector<std::string>{"a.pgn", "b.pgn"}));
  }
}

namespace {

std::uint32_t le(const std::string& z, std::size_t at, int bytes) {
  std::uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(z[at + std::size_t(i)]);
  return v;
}
std::uint32_t le32(const std::string& z, std::size_t at) { return le(z, at, 4); }

// The size of the central directory header at h (its name, extra field and comment).
std::size_t central_header_size(const std::string& z, std::size_t h) {
  return 46 + le(z, h + 28, 2) + le(z, h + 30, 2) + le(z, h + 32, 2);
}

void put_le32(std::string& z, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) z[at + std::size_t(i)] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// The zip archive z with `gap` zero bytes inserted at offset `at` (a member's local header
// or the central directory), its directory's offsets moved past them.
// z with filler put in at byte at, the directory's offsets after it moved on.
std::string with_gap(std::string z, std::uint32_t at, const std::string& filler) {
  const auto gap = static_cast<std::uint32_t>(filler.size());
  const std::size_t end = z.rfind(std::string("PK\x05\x06", 4));
  const std::uint32_t cd = le32(z, end + 16);
  for (std::size_t h = cd; h + 46 <= end && z.compare(h, 4, std::string("PK\x01\x02", 4)) == 0;) {
    if (le32(z, h + 42) >= at) put_le32(z, h + 42, le32(z, h + 42) + gap);
    h += central_header_size(z, h);
  }
  if (cd >= at) put_le32(z, end + 16, cd + gap);
  z.insert(at, filler);
  return z;
}
std::string with_zero_gap(const std::string& z, std::uint32_t at, std::uint32_t gap) {
  return with_gap(z, at, std::string(gap, '\0'));
}

}  // namespace

// Bytes before the central directory, or between two members (a writer's alignment gap,
// an APK signing block, counted by the directory's offsets): a file is read by its
// directory, and a pipe passes over them (it called the archive corrupt, exit 2, where the
// file read it whole).
TEST(ArchiveReader, GapsInsideAZipArchiveReadAsAFileDoes) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  ASSERT_TRUE(d.sh("zip -q ab.zip a.pgn b.pgn && mkfifo fifo"));
  const std::string zip = d.read("ab.zip");
  const std::size_t end = zip.rfind(std::string("PK\x05\x06", 4));
  ASSERT_NE(end, std::string::npos);
  const std::uint32_t cd = le32(zip, end + 16);
  const std::uint32_t second = le32(zip, cd + central_header_size(zip, cd) + 42);  // b.pgn's local header
  ASSERT_GT(second, 0u);
  d.write("gap-before-directory.zip", with_zero_gap(zip, cd, 8));
  d.write("long-gap-before-directory.zip", with_zero_gap(zip, cd, 70000));
  d.write("gap-between-members.zip", with_zero_gap(zip, second, 16));
  // Other data there (an APK signing block ends "APK Sig Block 42"; a long one spans the
  // stream's reads): passed over as well, as the directory passes it.
  std::string block = std::string("\x18\0\0\0\0\0\0\0", 8) + "APK Sig Block 42", noise;
  for (std::uint32_t i = 0, x = 12345; i < 40000; ++i) noise += char((x = x * 1103515245 + 12345) >> 16);
  d.write("block-before-directory.zip", with_gap(zip, cd, block));
  d.write("noise-before-directory.zip", with_gap(zip, cd, noise));
  d.write("block-between-members.zip", with_gap(zip, second, block));
  for (const char* f : {"gap-before-directory.zip", "long-gap-before-directory.zip", "gap-between-members.zip",
                        "block-before-directory.zip", "noise-before-directory.zip", "block-between-members.zip"}) {
    const auto pipe = read_games_piped(d, f);
    for (const auto& r : {read_games(d / f), pipe}) {
      EXPECT_EQ(r.error, "") << f;
      EXPECT_EQ(r.games, (std::vector<std::string>{kThreeTexts[0], kThreeTexts[1]})) << f;
    }
  }
  // A member lost to the data (its local header damaged): the directory lists more entries
  // than were read, so it is corrupt however it is given, and the member before is read.
  std::string lost = with_gap(zip, cd, block);
  lost.replace(second, 2, "XX");
  d.write("lost-member.zip", lost);
  const auto pipe = read_games_piped(d, "lost-member.zip");
  for (const auto& r : {read_games(d / "lost-member.zip"), pipe}) {
    EXPECT_NE(r.error.find("corrupt"), std::string::npos) << r.error;
    EXPECT_EQ(r.games, (std::vector<std::string>{kThreeTexts[0]}));
  }
}

// libarchive takes a member's name and sizes from its local header: one damaged there
// (its name's length, or a size where the sizes follow the data) made the member vanish
// without a word, or called a whole member truncated, where the same bytes on a pipe gave
// another verdict. Such a file is read as a pipe reads it.
TEST(ArchiveReader, ALocalHeaderThatDisagreesWithItsDirectoryIsReadAsAPipeReadsIt) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", kThreeTexts[0] + "\n");
  d.write("b.pgn", kThreeTexts[1] + "\n");
  ASSERT_TRUE(d.sh("zip -q ab.zip a.pgn b.pgn && zip -q - a.pgn b.pgn | cat > dd.zip && mkfifo fifo"));
  std::string name = d.read("ab.zip"), size = d.read("dd.zip");
  ASSERT_EQ(le(name, 26, 2), 5u);  // "a.pgn"
  name[26] = 0x5f;
  ASSERT_NE(le(size, 6, 2) & 8, 0u);  // written to a pipe: the sizes follow the data
  put_le32(size, 18, 0x5a);
  d.write("name.zip", name);
  d.write("size.zip", size);
  for (const char* f : {"name.zip", "size.zip"}) {
    const auto pipe = read_games_piped(d, f);
    const auto file = read_games(d / f);
    EXPECT_EQ(file.games, pipe.games) << f;
    const auto what = [](const std::string& e) { return e.substr(std::min(e.find(": "), e.size())); };  // not the name
    EXPECT_EQ(what(file.error), what(pipe.error)) << f;
  }
  const auto damaged = read_games(d / "name.zip");
  EXPECT_NE(damaged.error.find("the zip archive is corrupt"), std::string::npos) << damaged.error;
  const auto intact = read_games(d / "size.zip");  // the data and its CRC-32 are whole
  EXPECT_EQ(intact.error, "");
  EXPECT_EQ(intact.games, (std::vector<std::string>{kThreeTexts[0], kThreeTexts[1]}));
}

TEST(ArchiveReader, AZipMemberCutInItsDataDescriptorKeepsNearlyAllItsGames) {
  // The member's data is whole; the cut is in the 16 bytes after it that give its sizes
  // (a zip written to a pipe). libarchive drops what its failing decoding step produced:
  // fed 256 KiB at a time, the whole member's games were lost; in small blocks, a few.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(3000));
  ASSERT_TRUE(d.sh("zip -q - m.pgn | cat > dd.zip"));
  std::string zip = d.read("dd.zip");
  const std::size_t descriptor = zip.rfind(std::string("PK\x07\x08", 4));
  ASSERT_NE(descriptor, std::string::npos);
  d.write("cut.zip", zip.substr(0, descriptor + 8));
  for (const auto& r : {read_games(d / "cut.zip"), read_games_piped(d, "cut.zip")}) {
    EXPECT_NE(r.error.find("truncated"), std::string::npos) << r.error;
    EXPECT_GE(r.games.size(), 2900u);
  }
}

TEST(ArchiveReader, AZstdFrameThatNeedsADictionarySaysSo) {
  // The data is whole (zstd -d -D decodes it): it was called corrupt.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(2000));
  ASSERT_TRUE(d.sh("mkdir samples && split -l 40 m.pgn samples/s && zstd -q --train samples/* -o dict && "
                   "zstd -q -D dict m.pgn -o m.pgn.zst && zstd -q -d -D dict -c m.pgn.zst | cmp -s - m.pgn"));
  const auto r = read_games(d / "m.pgn.zst");
  EXPECT_NE(r.error.find("the zstd data was compressed with a dictionary, which chesstool does not read"),
            std::string::npos)
      << r.error;
  EXPECT_EQ(r.error.find("corrupt"), std::string::npos) << r.error;
}

TEST(ArchiveReader, CorruptStreamsAreReported) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(4000));
  ASSERT_TRUE(d.sh("gzip -k m.pgn && zstd -q m.pgn && bzip2 -k m.pgn && xz -k m.pgn"));
  for (const char* f : {"m.pgn.gz", "m.pgn.zst", "m.pgn.bz2", "m.pgn.xz"}) {
    const std::string path = d / f;
    {
      std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
      io.seekp(std::streamoff(fs::file_size(path) / 2));
      io.write("\xDE\xAD\xBE\xEF\xDE\xAD\xBE\xEF", 8);
    }
    const auto r = read_games(path);
    EXPECT_NE(r.error.find(path), std::string::npos) << f << ": " << r.error;
    EXPECT_NE(r.error.find("corrupt"), std::string::npos) << f << ": " << r.error;
    // No block is lost with the fault any more (libarchive's zstd, xz and bzip2 filters
    // lost the one they were decoding, and the message said so).
    EXPECT_EQ(r.error.find("may be left out"), std::string::npos) << f << ": " << r.error;
  }
}

// Writes 16 bytes of nonsense over path at offset at, or cuts it there.
void damage(const std::string& path, std::uintmax_t at, bool corrupt) {
  if (!corrupt) return fs::resize_file(path, at);
  std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
  io.seekp(std::streamoff(at));
  io.write("\xDE\xAD\xBE\xEF\xDE\xAD\xBE\xEF\xDE\xAD\xBE\xEF\xDE\xAD\xBE\xEF", 16);
}

// The games of what a system tool decodes of a damaged file (it writes out what it
// decoded before it fails), the one the fault cut off left out.
std::vector<std::string> games_the_tool_decodes(const ScratchDir& d, const std::string& command) {
  d.sh(command + " > decoded.pgn");
  auto games = read_games(d / "decoded.pgn").games;
  if (!games.empty() && games.back().back() != '*') games.pop_back();
  return games;
}

// A cut or a corrupt byte in the middle keeps every game decoded before it. A cut file's
// tool writes out all it decoded: the games of that text are exactly chesstool's. At a
// corrupt byte, or with bzip2, the tool drops its last output buffer (zstd 128 KiB, bzip2
// 5000 bytes): chesstool keeps those games and more. (libarchive's zstd, xz and bzip2
// filters lost the output block they were decoding.)
TEST(ArchiveReader, DamagedStreamsKeepEveryWholeGameBeforeTheFault) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(40000));
  ASSERT_TRUE(d.sh("gzip -k m.pgn && zstd -q m.pgn && xz -k m.pgn && bzip2 -k m.pgn"));
  // The file, a corrupt byte (else the file cut in half), and whether the tool's games
  // are exactly chesstool's.
  const std::vector<std::tuple<std::string, bool, bool>> cases = {
      {"zst", false, true}, {"xz", false, true}, {"gz", false, true}, {"bz2", false, false},
      {"zst", true, false}, {"xz", true, true},  {"bz2", true, false}};
  const std::map<std::string, std::string> tools = {
      {"zst", "zstd -q -dc"}, {"xz", "xz -dc"}, {"gz", "gzip -dc"}, {"bz2", "bzip2 -dc"}};
  for (const auto& [ext, corrupt, exact] : cases) {
    const std::string damaged = std::string(corrupt ? "bad" : "cut") + ".pgn." + ext;
    ASSERT_TRUE(d.sh("cp m.pgn." + ext + " " + damaged));
    damage(d / damaged, fs::file_size(d / damaged) / 2, corrupt);
    const auto tool = games_the_tool_decodes(d, tools.at(ext) + " " + damaged);
    ASSERT_GT(tool.size(), 1000u) << damaged;
    const auto r = read_games(d / damaged);
    EXPECT_NE(r.error.find(corrupt ? "data is corrupt" : "data is truncated (it ends inside"), std::string::npos)
        << damaged << ": " << r.error;
    if (exact) {
      EXPECT_EQ(r.games.size(), tool.size()) << damaged << ": " << r.error;
    }
    ASSERT_GE(r.games.size(), tool.size()) << damaged << ": " << r.error;
    EXPECT_TRUE(std::equal(tool.begin(), tool.end(), r.games.begin())) << damaged;
  }
}

// Two streams, the second cut or corrupt right after its header: every game of the first
// is kept, exactly (libarchive lost the end of the first with the block it was decoding).
TEST(ArchiveReader, AFaultAtAStreamsStartKeepsEveryGameBeforeIt) {
  REQUIRE_TOOLS();
  ScratchDir d;
  const std::string first = many_games(3000);
  d.write("a.pgn", first);
  d.write("b.pgn", many_games(3000));
  for (const std::string z : {"gzip", "zstd", "xz", "bzip2"}) {
    for (const bool corrupt : {false, true}) {
      if (corrupt && z == "gzip") continue;  // deflate may decode bad bytes as text until the CRC-32
      const std::string f = (corrupt ? "bad." : "cut.") + z;
      ASSERT_TRUE(d.sh(z + " -q -c a.pgn > " + f + " && " + z + " -q -c b.pgn > second"));
      const auto at = fs::file_size(d / f) + 16;  // past the second stream's header
      ASSERT_TRUE(d.sh("cat second >> " + f));
      damage(d / f, at, corrupt);
      const auto r = read_games(d / f);
      EXPECT_NE(r.error.find(corrupt ? "data is corrupt" : "data is truncated"), std::string::npos) << f << ": " << r.error;
      EXPECT_EQ(r.games.size(), 3000u) << f << ": " << r.error;
      EXPECT_EQ(r.error.find("cut off there"), std::string::npos) << f << ": " << r.error;
    }
  }
}

// Bytes after the last stream are an error, after its games: a few, a text, and anything
// after zero bytes of padding (bzip2's were taken for the end of the data, unsaid).
TEST(ArchiveReader, BytesAfterTheLastStreamAreAnError) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", "[Event \"a\"]\n1. e4 *\n\n");
  ASSERT_TRUE(d.sh("for z in gzip zstd xz bzip2; do ($z -q -c a.pgn; echo x) > short.$z && "
                   "($z -q -c a.pgn; cat a.pgn) > text.$z && ($z -q -c a.pgn; head -c 16 /dev/zero; echo x) > padded.$z "
                   "|| exit 1; done && mkdir t && cp text.bzip2 t/g.pgn.bz2 && tar cf t.tar -C t g.pgn.bz2"));
  for (const std::string z : {"gzip", "zstd", "xz", "bzip2"}) {
    for (const std::string kind : {"short", "text", "padded"}) {
      const auto r = read_games(d / (kind + "." + z));
      EXPECT_NE(r.error.find("the " + z + " data is corrupt (bytes that are not " + z +
                             " after the end of the compressed data)"),
                std::string::npos)
          << kind << "." << z << ": " << r.error;
      EXPECT_EQ(r.games.size(), 1u) << kind << "." << z;
    }
  }
  const auto member = read_games(d / "t.tar");
  EXPECT_NE(member.error.find(d / "t.tar" + ":g.pgn.bz2: the bzip2 data is corrupt (bytes that are not bzip2"),
            std::string::npos)
      << member.error;
  EXPECT_EQ(member.games.size(), 1u);
}

// Damage found only at a member's end: a stored zip member whose bytes no longer match its
// CRC-32 (libarchive calls that a warning), and a .tar.gz whose deflate data went wrong so
// that the tar reader stops early (its gzip CRC-32 is only checked when the rest is read).
TEST(ArchiveReader, DamageFoundAtTheEndIsReported) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", many_games(2000));
  d.write("b.pgn", many_games(2000));
  ASSERT_TRUE(d.sh("zip -q -0 s.zip a.pgn && tar czf two.tar.gz a.pgn b.pgn"));
  const auto whole = read_games(d / "two.tar.gz");
  ASSERT_EQ(whole.error, "");
  ASSERT_EQ(whole.games.size(), 4000u);
  auto flip = [&](const std::string& path, std::uintmax_t at, const char* bytes) {
    std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
    io.seekp(std::streamoff(at));
    io.write(bytes, 1);
  };
  {
    // A game's text in the stored member, changed: every byte still reads as PGN.
    const std::string zip = d.read("s.zip");
    const std::size_t at = zip.find("game 1000");
    ASSERT_NE(at, std::string::npos);
    flip(d / "s.zip", at + 5, "7");
  }
  const auto crc = read_games(d / "s.zip");
  EXPECT_NE(crc.error.find(d / "s.zip" + ":a.pgn"), std::string::npos) << crc.error;
  EXPECT_NE(crc.error.find("CRC"), std::string::npos) << crc.error;
  EXPECT_EQ(crc.games.size(), 2000u);  // its games still go through, with the error
  flip(d / "two.tar.gz", fs::file_size(d / "two.tar.gz") / 3, "\x55");
  const auto tgz = read_games(d / "two.tar.gz");
  EXPECT_NE(tgz.error.find(d / "two.tar.gz"), std::string::npos) << tgz.error;
  EXPECT_NE(tgz.error.find("gzip data is corrupt"), std::string::npos) << tgz.error;
}

TEST(ArchiveReader, ArchiveFaultsNameTheFileAndMember) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("secret.pgn", three_games());
  d.write("notes.txt", "hello\n");
  ASSERT_TRUE(d.sh("zip -q -P pw enc.zip secret.pgn && zip -q none.zip notes.txt && tar cf none.tar notes.txt && "
                   "cp secret.pgn inner.pgn && tar cf inner.tar inner.pgn && zip -q nested.zip inner.tar"));
  auto enc = read_games(d / "enc.zip");
  EXPECT_NE(enc.error.find(d / "enc.zip" + ":secret.pgn"), std::string::npos) << enc.error;
  EXPECT_NE(enc.error.find("encrypted"), std::string::npos) << enc.error;
  EXPECT_TRUE(enc.games.empty());
  for (const char* f : {"none.zip", "none.tar"}) {
    auto r = read_games(d / f);
    EXPECT_NE(r.error.find("holds no .pgn file (it holds notes.txt)"), std::string::npos) << r.error;
  }
  // An archive without a .pgn file, empty or not, followed by other data: both are said
  // (the data after it went unsaid).
  ASSERT_TRUE(d.sh("(cat none.zip; echo junk) > none-then-text.zip && zip -q empty.zip notes.txt && "
                   "zip -q -d empty.zip notes.txt && (cat empty.zip; echo junk) > empty-then-text.zip"));
  for (const char* f : {"none-then-text.zip", "empty-then-text.zip"}) {
    auto r = read_games(d / f);
    EXPECT_NE(r.error.find("holds no .pgn file"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("followed by other data"), std::string::npos) << r.error;
  }
  // A member that is binary data is named with its member.
  d.write("photo.pgn", std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16));
  ASSERT_TRUE(d.sh("zip -q photo.zip photo.pgn"));
  auto photo = read_games(d / "photo.zip");
  EXPECT_NE(photo.error.find("photo.zip:photo.pgn: it is a PNG image"), std::string::npos) << photo.error;
}

TEST(ArchiveReader, UnknownBinaryFormatsAreOneError) {
  ScratchDir d;
  d.write("x.7z", std::string("7z\xBC\xAF\x27\x1C\x00\x04", 8) + std::string(100, 'x'));
  d.write("x.png", std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16));
  std::string noise;
  for (int i = 0; i < 3000; ++i) noise += char((i * 7919 + 13) % 251);
  d.write("noise.pgn", noise);
  for (const char* f : {"x.7z", "x.png", "noise.pgn"}) {
    io::ByteSource src(d / f);
    ASSERT_TRUE(src.error().has_value()) << f;
    EXPECT_NE(src.error()->find("cannot read " + d / f + ": it is "), std::string::npos) << *src.error();
    // The source reads FEN lines and NDJSON records too: the message names no kind of text.
    EXPECT_EQ(src.error()->find("PGN"), std::string::npos) << *src.error();
    EXPECT_FALSE(src.next_member());
  }
}

TEST(ArchiveReader, ReadsPipesAndStopsWhenTheReaderGoes) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("g.pgn", three_games());
  ASSERT_TRUE(d.sh("zip -q g.zip g.pgn && zstd -q g.pgn && mkfifo fifo"));
  // A zip on a pipe is read from its local headers (no central directory to seek to).
  for (const char* f : {"g.zip", "g.pgn.zst"}) {
    const auto r = read_games_piped(d, f);
    EXPECT_EQ(r.error, "") << f;
    EXPECT_EQ(r.games, kThreeTexts) << f;
  }
  // A reader that stops early must not wait for a pipe that never ends: the decoder
  // thread is woken and joined while the writer still holds the pipe open.
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  const std::string data = d.read("g.pgn.zst");
  ASSERT_EQ(::write(p[1], data.data(), data.size()), ssize_t(data.size()));  // fits the pipe's buffer
  const auto start = std::chrono::steady_clock::now();
  {
    io::ByteSource src("/dev/fd/" + std::to_string(p[0]));
    ASSERT_FALSE(src.error().has_value());
    EXPECT_STREQ(src.format(), "zstd");
    // The decoder now waits for more input (another frame may follow) that never comes.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  ::close(p[0]);
  ::close(p[1]);
}

TEST(ArchiveReader, EarlyStopOnAFileDoesNotHang) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("m.pgn", many_games(20000));
  ASSERT_TRUE(d.sh("zstd -q m.pgn && gzip -k m.pgn && zip -q m.zip m.pgn"));
  for (const char* f : {"m.pgn.zst", "m.pgn.gz", "m.zip"}) {
    io::ByteSource src(d / f);
    ASSERT_TRUE(src.next_member());
    char buf[100];
    EXPECT_EQ(src.read(buf, sizeof buf), sizeof buf);
  }
}

TEST(ArchiveReader, BytesReadCountsDecompressedBytesOfAllMembers) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", three_games());
  d.write("b.pgn", "[Event \"b\"]\n1. e4 *\n");
  ASSERT_TRUE(d.sh("tar cf t.tar a.pgn b.pgn"));
  io::ByteSource src(d / "t.tar");
  pgn::InputGames games(src);
  pgn::RawGame g;
  while (games.next(g)) {
  }
  EXPECT_FALSE(src.error().has_value());
  EXPECT_EQ(src.bytes_read(), three_games().size() + 20);
  EXPECT_EQ(games.line_ends(), 14u + 2u);  // every LF of both members
}

}  // namespace
}  // namespace chesstool::io
