// SPDX-License-Identifier: MIT
// Tests for cli/file_attributes: a file's POSIX ACL and user attributes reach the file that
// replaces it, and an ACL the new file took from its directory goes when the old had none.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

#include "cli/file_attributes.hpp"

namespace chesstool::cli {
namespace {

namespace fs = std::filesystem;

// An access ACL in the kernel's format (version 2, then tag, permissions, id per entry):
// u::rw- u:1234:rw- g::r-- m::rw- o::r--, as setfacl -m u:1234:rw would leave a 0644 file.
std::string acl_with_named_user() {
  const std::uint32_t kNone = 0xFFFFFFFFu;
  const struct {
    std::uint16_t tag, perm;
    std::uint32_t id;
  } entries[] = {{0x01, 6, kNone}, {0x02, 6, 1234}, {0x04, 4, kNone}, {0x10, 6, kNone}, {0x20, 4, kNone}};
  std::string v(4, '\0');
  const std::uint32_t version = 2;
  std::memcpy(v.data(), &version, 4);
  for (const auto& e : entries) {
    char b[8];
    std::memcpy(b, &e.tag, 2);
    std::memcpy(b + 2, &e.perm, 2);
    std::memcpy(b + 4, &e.id, 4);
    v.append(b, 8);
  }
  return v;
}

std::string attribute(const std::string& path, const char* name) {
  char buf[256];
  const ssize_t n = ::getxattr(path.c_str(), name, buf, sizeof buf);
  return n < 0 ? std::string("<none>") : std::string(buf, std::size_t(n));
}

class FileAttributes : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("chesstool-xattr-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    old_ = (dir_ / "old.pgn").string();
    new_ = (dir_ / "new.pgn").string();
    for (const std::string& p : {old_, new_}) {
      const int fd = ::open(p.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
      ASSERT_GE(fd, 0);
      ::close(fd);
    }
    const std::string acl = acl_with_named_user();
    if (::setxattr(old_.c_str(), "system.posix_acl_access", acl.data(), acl.size(), 0) != 0)
      GTEST_SKIP() << "no POSIX ACLs on " << dir_ << ": " << std::strerror(errno);
    if (::setxattr(old_.c_str(), "user.xdg.origin.url", "https://example.org/g.pgn", 25, 0) != 0)
      GTEST_SKIP() << "no user attributes on " << dir_ << ": " << std::strerror(errno);
  }
  void TearDown() override { fs::remove_all(dir_); }

  bool copy(const std::string& from, std::string& error) {
    const int fd = ::open(new_.c_str(), O_WRONLY);
    EXPECT_GE(fd, 0);
    const bool ok = copy_extended_attributes(from, fd, error);
    ::close(fd);
    return ok;
  }

  fs::path dir_;
  std::string old_, new_;
};

TEST_F(FileAttributes, TheAclAndTheUserAttributesReachTheNewFile) {
  ASSERT_EQ(attribute(new_, "system.posix_acl_access"), "<none>");
  std::string error;
  ASSERT_TRUE(copy(old_, error)) << error;
  EXPECT_EQ(attribute(new_, "system.posix_acl_access"), acl_with_named_user());
  EXPECT_EQ(attribute(new_, "user.xdg.origin.url"), "https://example.org/g.pgn");
}

TEST_F(FileAttributes, AnAclTheOldFileDidNotHaveGoes) {
  // The new file holds an ACL (as one inherited from a default ACL would); the old one none.
  const std::string acl = acl_with_named_user();
  ASSERT_EQ(::setxattr(new_.c_str(), "system.posix_acl_access", acl.data(), acl.size(), 0), 0);
  const std::string plain = (dir_ / "plain.pgn").string();
  const int fd = ::open(plain.c_str(), O_CREAT | O_WRONLY, 0644);
  ASSERT_GE(fd, 0);
  ::close(fd);
  std::string error;
  ASSERT_TRUE(copy(plain, error)) << error;
  EXPECT_EQ(attribute(new_, "system.posix_acl_access"), "<none>");
}

TEST_F(FileAttributes, AFileThatCannotBeReadIsAnError) {
  std::string error;
  EXPECT_FALSE(copy((dir_ / "missing.pgn").string(), error));
  EXPECT_NE(error.find("extended attributes"), std::string::npos) << error;
}

}  // namespace
}  // namespace chesstool::cli
