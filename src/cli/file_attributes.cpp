// SPDX-License-Identifier: MIT
#include "cli/file_attributes.hpp"

#include <sys/xattr.h>

#include <cerrno>
#include <cstring>
#include <string_view>
#include <vector>

namespace chesstool::cli {

namespace {

constexpr const char* kAccessAcl = "system.posix_acl_access";

// Whether the file system has no extended attributes at all (nothing to carry over).
bool unsupported(int e) { return e == ENOTSUP || e == ENOSYS; }

// The value of attribute `name` of `path`; false with errno when it cannot be read.
bool read_value(const std::string& path, const char* name, std::vector<char>& value) {
  for (int tries = 0; tries < 8; ++tries) {  // the value may grow between the two calls
    const ssize_t size = ::getxattr(path.c_str(), name, nullptr, 0);
    if (size < 0) return false;
    value.resize(static_cast<std::size_t>(size));
    const ssize_t got = ::getxattr(path.c_str(), name, value.data(), value.size());
    if (got >= 0) {
      value.resize(static_cast<std::size_t>(got));
      return true;
    }
    if (errno != ERANGE) return false;
  }
  return false;
}

// The names of path's attributes, each NUL-terminated, one after another.
bool read_names(const std::string& path, std::vector<char>& names) {
  for (int tries = 0; tries < 8; ++tries) {
    const ssize_t size = ::listxattr(path.c_str(), nullptr, 0);
    if (size < 0) return false;
    names.resize(static_cast<std::size_t>(size));
    const ssize_t got = ::listxattr(path.c_str(), names.data(), names.size());
    if (got >= 0) {
      names.resize(static_cast<std::size_t>(got));
      return true;
    }
    if (errno != ERANGE) return false;
  }
  return false;
}

bool system_owned(std::string_view name) { return name.starts_with("security.") || name.starts_with("trusted."); }

}  // namespace

bool copy_extended_attributes(const std::string& from, int to, std::string& error) {
  std::vector<char> names;
  if (!read_names(from, names)) {
    if (unsupported(errno)) return true;
    error = std::string("cannot read its extended attributes: ") + std::strerror(errno);
    return false;
  }
  bool has_access_acl = false;
  std::vector<char> value;
  for (std::size_t at = 0; at < names.size();) {
    const char* name = names.data() + at;
    const std::size_t length = std::strlen(name);
    at += length + 1;
    const std::string_view n(name, length);
    if (n == kAccessAcl) has_access_acl = true;
    if (!read_value(from, name, value)) {
      if (errno == ENODATA || system_owned(n)) continue;  // gone meanwhile, or not ours to read
      error = std::string("cannot read its extended attribute ") + name + ": " + std::strerror(errno);
      return false;
    }
    if (::fsetxattr(to, name, value.data(), value.size(), 0) != 0 && !system_owned(n)) {
      error = std::string("cannot give the new file its extended attribute ") + name + ": " + std::strerror(errno);
      return false;
    }
  }
  // A default ACL of the directory gave the new file one the old did not have.
  if (!has_access_acl && ::fremovexattr(to, kAccessAcl) != 0 && errno != ENODATA && !unsupported(errno)) {
    error = std::string("cannot take the directory's ACL off the new file: ") + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace chesstool::cli
